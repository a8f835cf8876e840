# perft: the number of action sequences of a depth (each action one ply),
# with bulk counting at the leaves (count_moves), and one level above them
# in the movement phase (perft2_ring_moves), and positions made without
# their Zobrist key (do_move_unkeyed: perft never hashes), on one thread or split
# over several: the positions some plies below the root become tasks that
# the threads take in turn from a shared counter. The calling thread works
# too and is the one that polls for signals (Python runs the handlers in
# the main thread); the other threads poll a shared stop flag.
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from yinsh.yinsh._make cimport do_move_unkeyed
from yinsh.yinsh._movegen cimport count_moves, directions_to, gen_moves, ray_destinations, ray_move_count
from yinsh.yinsh._position cimport Position, has_row, row_count
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh._perft_state cimport PerftState, perft_poll, perft_stopped
from yinsh._signals cimport PERFT_POLL
from yinsh.yinsh._types cimport K_PASS, MARKERS_TOTAL, MAX_MOVES, PH_MOVE, RINGS_PER_SIDE, pack_move
from yinsh.bits cimport ctz64
from yinsh.bitboard cimport bb_and, bb_any, bb_or, bb_pop_lsb, bb_xor, u128
from yinsh.yinsh.geometry cimport NUM_DIRECTIONS
from yinsh.platform cimport sleep_microseconds
from yinsh.threads cimport atomic_fetch_inc, atomic_get, thread_join, thread_start, yinsh_thread

cdef enum:
    MAX_PERFT_THREADS = 256
    PERFT_TASKS_PER_THREAD = 16    # split until there are this many tasks a thread

cdef inline uint64_t perft2_ring_moves(const Position* p) noexcept nogil:
    """perft(p, 2) when the side to act moves a ring: the number of actions
    of each child, without making the children. A ring move from f to t
    changes the occupancy of two points only (its ring leaves f for a
    marker and lands on t; the flips change colours, not occupancy), so the
    opponent's ring moves in the child are its ring moves in p except on the
    rays of its rings that pass through f or t, which are counted again.
    The child's phase is do_move's: a row of the mover first, then one of
    the opponent (only if a marker turned its colour), then the end of the
    marker pool."""
    cdef const BoardTables* T = &TABLES
    cdef int us = p.turn, them = us ^ 1
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 occupied = bb_or(rings, markers)
    cdef u128 b, slide, flips, ours, rings2, markers2, occupied2
    cdef int their_sq[RINGS_PER_SIDE]
    cdef int their_count[RINGS_PER_SIDE][NUM_DIRECTIONS]
    cdef int n_theirs = 0, base = 0, k, c, f, t, d, e, sq
    cdef uint64_t dirs
    cdef bint pool_ends = p.markers_on_board + 1 >= MARKERS_TOTAL
    cdef uint64_t total = 0, moves = 0
    cdef Position child
    b = p.rings[them]
    while bb_any(b):
        sq = bb_pop_lsb(&b)
        their_sq[n_theirs] = sq
        for d in range(NUM_DIRECTIONS):
            c = ray_move_count(T, sq, d, rings, markers, occupied)
            their_count[n_theirs][d] = c
            base += c
        n_theirs += 1
    b = p.rings[us]
    while bb_any(b):
        f = bb_pop_lsb(&b)
        markers2 = bb_or(markers, T.bit[f])
        for d in range(NUM_DIRECTIONS):
            slide = ray_destinations(T, f, d, rings, markers)
            while bb_any(slide):
                t = bb_pop_lsb(&slide)
                moves += 1
                flips = bb_and(bb_xor(bb_xor(T.ray_mask[f][d], T.ray_mask[t][d]), T.bit[t]), markers)
                ours = bb_or(bb_xor(p.markers[us], flips), T.bit[f])
                if has_row(ours):
                    total += row_count(ours)
                    continue
                if bb_any(bb_and(flips, p.markers[us])) and has_row(bb_xor(p.markers[them], flips)):
                    total += row_count(bb_xor(p.markers[them], flips))
                    continue
                if pool_ends:
                    continue                       # game over: no action
                rings2 = bb_xor(rings, bb_or(T.bit[f], T.bit[t]))
                occupied2 = bb_or(occupied, T.bit[t])
                c = base
                for k in range(n_theirs):
                    sq = their_sq[k]
                    dirs = directions_to(T, sq, f, t)
                    while dirs:
                        e = ctz64(dirs)
                        c += ray_move_count(T, sq, e, rings2, markers2, occupied2) - their_count[k][e]
                        dirs &= dirs - 1
                total += c if c else 1             # no ring move: the pass
    if moves == 0:                                 # the pass: one child, made
        child = p[0]
        do_move_unkeyed(&child, pack_move(K_PASS, 0, 0))
        total = count_moves(&child)
    return total


cdef inline uint64_t perft_leaves(const Position* p, int depth, PerftState* st) noexcept nogil:
    """Leaf count of the action tree of the given depth (bulk counted).
    Polls every PERFT_POLL nodes of depth 2 or more (about a millisecond);
    once told to stop, st.interrupted is set and the count is abandoned (0
    is returned)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(p)
    if perft_stopped(st, PERFT_POLL):
        return 0
    if depth == 2 and p.phase == PH_MOVE:
        return perft2_ring_moves(p)
    cdef int moves[MAX_MOVES]
    cdef int n = gen_moves(p, moves), i
    cdef uint64_t total = 0
    cdef Position child
    for i in range(n):
        child = p[0]
        do_move_unkeyed(&child, moves[i])
        total += perft_leaves(&child, depth - 1, st)
        if st.interrupted:
            return 0
    return total

# ---------------------------------------------------------------------------
# Several threads.
# ---------------------------------------------------------------------------

ctypedef struct PerftTask:
    Position pos
    uint64_t count         # perft_leaves(pos, depth), once counted
    int depth
    int root               # the index of the root action above pos (divide)

ctypedef struct PerftJob:
    PerftTask* tasks
    int n_tasks
    int next               # the next task to take (atomic)
    int stop               # set to stop every thread (atomic)
    int done               # helper threads finished (atomic)


cdef inline int perft_split(PerftJob* job, const Position* root, int depth, bint by_root,
                            int min_tasks) noexcept nogil:
    """Fills job with tasks whose counts add up to perft(root, depth): with
    by_root (divide) the root is always split once, and task.root is the
    index of its action in gen_moves order; then every task is split again
    while there are fewer than min_tasks and each would keep a depth of at
    least 2. Returns -1 if out of memory (job is then empty)."""
    cdef PerftTask* tasks = <PerftTask*>malloc(sizeof(PerftTask))
    cdef PerftTask* split
    cdef int n = 1, total, i, j, k, m, level = 0
    cdef int moves[MAX_MOVES]
    job.tasks = NULL
    job.n_tasks = job.next = job.stop = job.done = 0
    if tasks == NULL:
        return -1
    tasks[0].pos = root[0]
    tasks[0].count = 0
    tasks[0].depth = depth
    tasks[0].root = 0
    while n > 0 and tasks[0].depth >= 1 and (
            (by_root and level == 0) or (n < min_tasks and tasks[0].depth >= 3)):
        total = 0
        for i in range(n):
            total += count_moves(&tasks[i].pos)
        split = <PerftTask*>malloc(max(total, 1) * sizeof(PerftTask))
        if split == NULL:
            free(tasks)
            return -1
        m = 0
        for i in range(n):
            k = gen_moves(&tasks[i].pos, moves)
            for j in range(k):
                split[m].pos = tasks[i].pos
                do_move_unkeyed(&split[m].pos, moves[j])
                split[m].count = 0
                split[m].depth = tasks[i].depth - 1
                split[m].root = j if level == 0 else tasks[i].root
                m += 1
        free(tasks)
        tasks = split
        n = m
        level += 1
    job.tasks = tasks
    job.n_tasks = n
    return 0


cdef inline void perft_take_tasks(PerftJob* job, PerftState* st) noexcept nogil:
    """Counts tasks, taking the next one each time, until none is left or
    st is interrupted."""
    cdef int i
    while not st.interrupted:
        i = atomic_fetch_inc(&job.next)
        if i >= job.n_tasks:
            break
        job.tasks[i].count = perft_leaves(&job.tasks[i].pos, job.tasks[i].depth, st)


cdef inline void* perft_helper(void* arg) noexcept nogil:
    """A helper thread: takes tasks until none is left or the stop flag is
    set."""
    cdef PerftJob* job = <PerftJob*>arg
    cdef PerftState st
    st.countdown = PERFT_POLL
    st.interrupted = 0
    st.stop = &job.stop
    perft_take_tasks(job, &st)
    atomic_fetch_inc(&job.done)
    return NULL


cdef inline bint perft_run(PerftJob* job, int threads) noexcept nogil:
    """Counts every task of job on this thread and threads - 1 helpers (fewer
    if the system refuses to start them). Returns true if it was interrupted
    by a signal (the main thread's handler raised: the caller must unwind
    and raise it; the counts are void)."""
    cdef yinsh_thread* helpers = <yinsh_thread*>malloc(max(threads - 1, 1) * sizeof(yinsh_thread))
    cdef int started = 0, k
    cdef PerftState st
    st.countdown = PERFT_POLL
    st.interrupted = 0
    st.stop = &job.stop
    if helpers != NULL:
        while started < threads - 1:
            if thread_start(&helpers[started], perft_helper, job, 0) != 0:
                break
            started += 1
    perft_take_tasks(job, &st)
    while atomic_get(&job.done) < started:       # the helpers' last tasks
        sleep_microseconds(1000)
        if not st.interrupted and perft_poll(&st):
            st.interrupted = 1
    for k in range(started):
        thread_join(&helpers[k])
    free(helpers)
    return st.interrupted != 0
