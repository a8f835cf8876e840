# The compiled rules core of Yinsh as Python sees it: perft and divide (on
# one thread or several), random playouts, and the Python boundary of
# _board.pyx (Move, LegalMoves, CoreBoard, points) under the names
# `yinsh.yinsh._core` has always had. The rules themselves are in the .pxd files
# listed in _core.pxd.
from libc.stdint cimport uint64_t
from libc.stdlib cimport free

from yinsh.yinsh._board cimport CoreBoard, bitboard_from_int, bitboard_to_int, move_text
from yinsh.yinsh._make cimport do_move
from yinsh.yinsh._movegen cimport gen_moves
from yinsh._perft_state cimport perft_state
from yinsh.yinsh._perft cimport (MAX_PERFT_THREADS, PERFT_TASKS_PER_THREAD, PerftJob, PerftState,
                           perft_leaves, perft_run, perft_split)
from yinsh.yinsh._playout cimport playout
from yinsh.yinsh._position cimport Position, has_row
from yinsh._signals cimport PERFT_POLL, PLAYOUT_POLL, playout_poll, raise_pending
from yinsh.yinsh._types cimport MAX_MOVES, PH_GAME_OVER
from yinsh.bitboard cimport (YINSH_INT128, bb_and, bb_andnot, bb_any, bb_below, bb_bit, bb_from_u64, bb_lsb,
                             bb_msb, bb_not, bb_ones, bb_or, bb_pop_lsb, bb_popcount, bb_select, bb_shl, bb_shr,
                             bb_xor, bb_zero, u128)
from yinsh.bits cimport mul_hi64

from yinsh.yinsh import _board, geometry
from yinsh.yinsh.enums import MoveKind                      # the names the core has always had
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

# The Python boundary, re-exported (cimported classes cannot be assigned to
# by name, so through globals()).
globals().update(
    Move=_board.Move, LegalMoves=_board.LegalMoves, CoreBoard=_board.CoreBoard,
    BoardState=_board.BoardState, point_name=_board.point_name, parse_point=_board.parse_point,
    check_state=_board.check_state,
)
POINTS = geometry.POINTS
ALL_POINTS = list(geometry.POINTS)
#: Whether this build's bitboards are the portable two 64-bit words (MSVC, or
#: built with YINSH_PORTABLE_BITBOARD=1) rather than unsigned __int128.
PORTABLE_BITBOARD = not YINSH_INT128

# ---------------------------------------------------------------------------
# perft.
# ---------------------------------------------------------------------------


cdef int _check_perft_args(str what, int depth, int lowest, int threads) except -1:
    if depth < lowest or depth > 64:
        raise ValueError(f"{what} depth must be between {lowest} and 64, not {depth}")
    if threads < 1 or threads > MAX_PERFT_THREADS:
        raise ValueError(f"{what} threads must be between 1 and {MAX_PERFT_THREADS}, not {threads}")
    return 0


cdef PerftJob _split(const Position* root, int depth, bint by_root, int threads) except *:
    """The tasks of a perft on several threads (the caller frees job.tasks)."""
    cdef PerftJob job
    if perft_split(&job, root, depth, by_root, threads * PERFT_TASKS_PER_THREAD) != 0:
        raise MemoryError()
    return job


def perft(CoreBoard board not None, int depth, int threads=1):
    """The number of action sequences of length depth from board (each
    action is one ply; leaves are bulk counted). With ``threads`` above 1
    the work is split at the root over that many threads (the count is the
    same); the GIL is released and Ctrl-C raises ``KeyboardInterrupt``.

    Raises ``ValueError`` if depth is negative or above 64, or threads is
    not between 1 and 256; ``TypeError`` for a board that is not a board.

    >>> from yinsh import Board
    >>> perft(Board(), 3), perft(Board(), 3, threads=2)
    (592620, 592620)
    >>> perft("4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard", 1)
    Traceback (most recent call last):
    ...
    TypeError: Argument 'board' has incorrect type (expected yinsh.yinsh._board.CoreBoard, got str)
    """
    _check_perft_args("perft", depth, 0, threads)
    cdef Position p = board.pos
    cdef uint64_t n = 0
    cdef PerftState st = perft_state(PERFT_POLL, NULL)
    cdef PerftJob job
    cdef bint interrupted
    cdef int i
    if threads == 1 or depth < 3:
        with nogil:
            n = perft_leaves(&p, depth, &st)
        interrupted = st.interrupted
    else:
        job = _split(&p, depth, False, threads)
        with nogil:
            interrupted = perft_run(&job, threads)
            for i in range(job.n_tasks):
                n += job.tasks[i].count
        free(job.tasks)
    if interrupted:
        raise_pending()
    return n


def divide(CoreBoard board not None, int depth, int threads=1):
    """perft split by the first action: ``{action text: count}``, in the
    order of generation. ``threads`` as for ``perft``.

    Raises ``ValueError`` if depth is below 1 or above 64, or threads is not
    between 1 and 256.

    >>> from yinsh import Board
    >>> counts = divide(Board(), 2, threads=2)
    >>> len(counts), counts["a2"], sum(counts.values())
    (85, 84, 7140)
    """
    _check_perft_args("divide", depth, 1, threads)
    cdef int codes[MAX_MOVES]
    cdef int n = gen_moves(&board.pos, codes), i
    cdef Position root = board.pos, child
    cdef uint64_t count
    cdef uint64_t counts[MAX_MOVES]
    cdef PerftState st = perft_state(PERFT_POLL, NULL)
    cdef PerftJob job
    cdef bint interrupted = False
    if threads == 1:
        for i in range(n):
            child = root
            do_move(&child, codes[i])
            with nogil:
                counts[i] = perft_leaves(&child, depth - 1, &st)
            if st.interrupted:
                raise_pending()
    else:
        job = _split(&root, depth, True, threads)
        with nogil:
            interrupted = perft_run(&job, threads)
            for i in range(n):
                counts[i] = 0
            for i in range(job.n_tasks):
                counts[job.tasks[i].root] += job.tasks[i].count
        free(job.tasks)
        if interrupted:
            raise_pending()
    return {move_text(codes[i]): counts[i] for i in range(n)}


def _bitboard_points(bitboard):
    """The points of an int bitboard in the order bitboard.h's bb_pop_lsb
    takes them (ascending; a test of the C helper)."""
    cdef u128 b
    bitboard_from_int(bitboard, &b)
    return [bb_pop_lsb(&b) for _ in range(bb_popcount(b))]


def _bitboard_ops(a, b, int n):
    """bitboard.h's helpers applied to the int bitboards a and b, n the
    shift or bit index (0 <= n < 128): a dict of the results by operator,
    for the tests that compare both representations with Python's ints.
    ``mul_hi64`` is bits.h's high word of the product of the low words;
    ``select`` is bb_select(a, n mod the number of a's points)."""
    if not 0 <= n < 128:
        raise ValueError(f"n must be between 0 and 127, not {n}")
    cdef u128 x, y
    bitboard_from_int(a, &x)
    bitboard_from_int(b, &y)
    cdef uint64_t low_a = a & 0xFFFFFFFFFFFFFFFF, low_b = b & 0xFFFFFFFFFFFFFFFF
    ops = {
        "and": bitboard_to_int(bb_and(x, y)), "or": bitboard_to_int(bb_or(x, y)),
        "xor": bitboard_to_int(bb_xor(x, y)), "not": bitboard_to_int(bb_not(x)),
        "andnot": bitboard_to_int(bb_andnot(x, y)), "shr": bitboard_to_int(bb_shr(x, n)),
        "shl": bitboard_to_int(bb_shl(x, n)), "bit": bitboard_to_int(bb_bit(n)),
        "below": bitboard_to_int(bb_below(n)), "zero": bitboard_to_int(bb_zero()),
        "ones": bitboard_to_int(bb_ones()), "from_u64": bitboard_to_int(bb_from_u64(low_a)),
        "any": bool(bb_any(x)), "popcount": bb_popcount(x), "mul_hi64": mul_hi64(low_a, low_b),
    }
    if bb_any(x):
        ops["lsb"] = bb_lsb(x)
        ops["msb"] = bb_msb(x)
        ops["select"] = bb_select(x, n % bb_popcount(x))
    return ops


def bitboard_has_row(markers):
    """Whether the markers of an int bitboard hold 5 in a line."""
    cdef u128 b
    bitboard_from_int(markers, &b)
    return has_row(b)

# ---------------------------------------------------------------------------
# Random playouts.
# ---------------------------------------------------------------------------


def _random_playouts(CoreBoard start not None, int n, uint64_t seed,
                     int[::1] plies not None, long long[:, ::1] counts not None):
    """Plays n games from start; plies[i] gets game i's length and
    counts[winner (0 white, 1 black, 2 draw), end reason (1..3)] the tallies."""
    if n < 0 or plies.shape[0] < n or counts.shape[0] < 3 or counts.shape[1] < 4:
        raise ValueError("bad playout buffers")
    if start.pos.phase == PH_GAME_OVER:
        raise ValueError("the game is already over")
    cdef uint64_t rng = seed
    cdef Position p
    cdef int i, since_poll = 0
    cdef bint interrupted = False
    with nogil:
        for i in range(n):
            p = start.pos
            plies[i] = playout(&p, &rng)
            counts[p.winner, p.end_reason] += 1
            if playout_poll(&since_poll, plies[i], PLAYOUT_POLL):     # about a millisecond of play
                interrupted = True
                break
    if interrupted:
        raise_pending()
