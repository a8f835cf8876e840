# Benchmark kernels: the core's hot operations in C loops, so that
# pytest-benchmark and `yinsh bench` time the core and not the Python calls.
from libc.stdint cimport uint64_t

from yinsh.yinsh._core cimport (CoreBoard, MAX_MOVES, Position, do_move, gen_moves, has_row,
                          raise_pending, signal_raised)

# Ctrl-C: each kernel polls every 2**k repeats (about a millisecond of work)
# and then raises the signal handler's exception (KeyboardInterrupt).
#
# The rules functions are inlined here (they are `cdef inline` in the core's
# .pxd files), so the C compiler sees all of their work: each kernel folds
# what it computed into _sink, lest the compiler drop work whose result
# nothing reads (a copy-make whose child is never looked at).
cdef uint64_t _sink = 0


def movegen(list boards not None, int repeat):
    """Generates the actions of every board, repeat times; returns the total
    number of actions generated."""
    global _sink
    cdef int moves[MAX_MOVES]
    cdef uint64_t total = 0, check = 0
    cdef int r, n
    cdef CoreBoard b
    cdef bint interrupted = False
    for b in boards:
        with nogil:
            for r in range(repeat):
                if (r & 4095) == 4095 and signal_raised():
                    interrupted = True
                    break
                n = gen_moves(&b.pos, moves)
                total += n
                check += moves[0] ^ moves[n - 1] if n else 0
        if interrupted:
            raise_pending()
    _sink ^= check
    return total


def make_all(list boards not None, int repeat):
    """Applies every legal action of every board to a copy (copy-make, which
    is also the undo), repeat times; returns the number of actions made."""
    global _sink
    cdef int moves[MAX_MOVES]
    cdef int n, i, r
    cdef uint64_t total = 0, check = 0
    cdef Position child
    cdef CoreBoard b
    cdef bint interrupted = False
    for b in boards:
        n = gen_moves(&b.pos, moves)
        with nogil:
            for r in range(repeat):
                if (r & 255) == 255 and signal_raised():
                    interrupted = True
                    break
                for i in range(n):
                    child = b.pos
                    do_move(&child, moves[i])
                    check += child.key ^ (child.phase << 8 | child.turn)
                total += n
        if interrupted:
            raise_pending()
    _sink ^= check
    return total


def row_detection(list boards not None, int repeat):
    """Tests both sides' markers of every board for rows, repeat times;
    returns how many of the tests found a row."""
    cdef uint64_t found = 0
    cdef int r
    cdef CoreBoard b
    cdef bint interrupted = False
    for b in boards:
        with nogil:
            for r in range(repeat):
                if (r & 65535) == 65535 and signal_raised():
                    interrupted = True
                    break
                found += has_row(b.pos.markers[0]) + has_row(b.pos.markers[1])
        if interrupted:
            raise_pending()
    return found
