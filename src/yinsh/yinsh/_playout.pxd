# Random playouts: whole games of uniformly random legal actions.
#
# A game is the same as drawing i = rng_below(rng, n) at each ply and playing
# gen_moves(p)[i] (n the number of legal actions; tests/test_playouts.py
# replays games that way), but without writing the n actions: a ring move
# is found from the number of moves of each ring in each direction (its
# ray), then only the chosen ray's destinations are made. Along a game those
# numbers are kept up to date (RayCounts): a ring move from f to t changes
# the occupancy of f (ring to marker) and t (empty to ring) only, the flips
# change colours, so only the rays through f or t are counted again.
from libc.stdint cimport int8_t, uint64_t

from yinsh.yinsh._make cimport do_move_unkeyed
from yinsh.yinsh._movegen cimport directions_to, gen_moves, ray_destinations, ray_move_count
from yinsh.yinsh._position cimport Position
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh._rng cimport rng_below
from yinsh.yinsh._types cimport (K_MOVE, K_PASS, K_PLACE, MAX_MOVES, PH_GAME_OVER, PH_MOVE, PH_PLACE,
                                 RINGS_PER_SIDE, move_from, move_kind, move_to, pack_move)
from yinsh.bits cimport ctz64
from yinsh.bitboard cimport bb_andnot, bb_any, bb_or, bb_pop_lsb, bb_popcount, bb_select, u128
from yinsh.yinsh.geometry cimport NUM_CELLS, NUM_DIRECTIONS


cdef inline int random_placement_or_removal(const Position* p, uint64_t* rng) noexcept nogil:
    """gen_moves(p)[rng_below(rng, n)] in the placement phase (without
    writing the n placements: bb_select finds the i-th free point) and in
    the removal phases (a few plies a game: generated)."""
    cdef int moves[MAX_MOVES]
    cdef int n, q
    cdef u128 free
    if p.phase == PH_PLACE:
        free = bb_andnot(TABLES.valid, bb_or(p.rings[0], p.rings[1]))
        q = bb_select(free, <int>rng_below(rng, bb_popcount(free)))
        return pack_move(K_PLACE, q, q)
    n = gen_moves(p, moves)
    return moves[rng_below(rng, n)]


ctypedef struct RayCounts:
    int8_t moves[NUM_CELLS][NUM_DIRECTIONS]   # moves of the ring on a point in each direction (rings only)
    int total[2]                               # each side's ring moves
    int8_t rings[2][RINGS_PER_SIDE]            # each side's rings, ascending (gen_moves' order)
    int n_rings[2]


cdef inline void ray_counts_init(RayCounts* rc, const Position* p) noexcept nogil:
    """Counts every ray of every ring of p."""
    cdef const BoardTables* T = &TABLES
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 occupied = bb_or(rings, markers)
    cdef u128 b
    cdef int side, sq, d, c, n
    for side in range(2):
        rc.total[side] = 0
        n = 0
        b = p.rings[side]
        while bb_any(b):
            sq = bb_pop_lsb(&b)
            rc.rings[side][n] = <int8_t>sq
            n += 1
            for d in range(NUM_DIRECTIONS):
                c = ray_move_count(T, sq, d, rings, markers, occupied)
                rc.moves[sq][d] = <int8_t>c
                rc.total[side] += c
        rc.n_rings[side] = n


cdef inline void ray_counts_after_ring_move(RayCounts* rc, const Position* p, int side, int f,
                                            int t) noexcept nogil:
    """Brings rc up to date after side's ring moved from f to t (p is the
    position after the move): the moved ring's rays from t, and the rays of
    the other rings that pass through f or t."""
    cdef const BoardTables* T = &TABLES
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 occupied = bb_or(rings, markers)
    cdef int8_t* ours = rc.rings[side]
    cdef int s, i, sq, d, c
    cdef uint64_t dirs
    for d in range(NUM_DIRECTIONS):
        c = ray_move_count(T, t, d, rings, markers, occupied)
        rc.total[side] += c - rc.moves[f][d]
        rc.moves[t][d] = <int8_t>c
    # The ring list: t takes f's place, then moves to keep the list ascending.
    i = 0
    while ours[i] != f:
        i += 1
    while i > 0 and ours[i - 1] > t:
        ours[i] = ours[i - 1]
        i -= 1
    while i + 1 < rc.n_rings[side] and ours[i + 1] < t:
        ours[i] = ours[i + 1]
        i += 1
    ours[i] = <int8_t>t
    for s in range(2):
        for i in range(rc.n_rings[s]):
            sq = rc.rings[s][i]
            if sq == t:
                continue
            dirs = directions_to(T, sq, f, t)
            while dirs:
                d = ctz64(dirs)
                c = ray_move_count(T, sq, d, rings, markers, occupied)
                rc.total[s] += c - rc.moves[sq][d]
                rc.moves[sq][d] = <int8_t>c
                dirs &= dirs - 1


cdef inline int random_ring_move_counted(const Position* p, const RayCounts* rc,
                                         uint64_t* rng) noexcept nogil:
    """gen_moves(p)[rng_below(rng, n)] in the movement phase, from the
    counts of rc (up to date for p): the draw picks a ray, bb_select the
    destination in it (gen_ring_moves writes a ray's destinations in
    ascending order of points); the pass if there is no ring move."""
    cdef const int8_t* ours = rc.rings[p.turn]
    cdef int n = rc.total[p.turn], k, i = 0, sq, d
    if n == 0:
        rng_below(rng, 1)                  # the draw among the one action, as for any other ply
        return pack_move(K_PASS, 0, 0)
    k = <int>rng_below(rng, n)
    while True:
        sq = ours[i]
        i += 1
        for d in range(NUM_DIRECTIONS):
            if k < rc.moves[sq][d]:
                return pack_move(K_MOVE, sq, bb_select(ray_destinations(
                    &TABLES, sq, d, bb_or(p.rings[0], p.rings[1]), bb_or(p.markers[0], p.markers[1])), k))
            k -= rc.moves[sq][d]


cdef inline int playout(Position* p, uint64_t* rng) noexcept nogil:
    """Plays uniformly random legal actions until the game ends; returns the
    number of plies. The game always ends: every ring move puts a marker from
    the pool of 51, and markers only return with a ring removal. The ring
    moves' counts are kept from ply to ply (RayCounts) and counted afresh
    after the placements and after each removal. The Zobrist key of the
    final position is stale (do_move_unkeyed)."""
    cdef RayCounts rc
    cdef bint counted = False
    cdef int plies = 0, m, side
    while p.phase != PH_GAME_OVER:
        if p.phase == PH_MOVE:
            if not counted:
                ray_counts_init(&rc, p)
                counted = True
            side = p.turn
            m = random_ring_move_counted(p, &rc, rng)
            do_move_unkeyed(p, m)
            if move_kind(m) == K_MOVE:
                ray_counts_after_ring_move(&rc, p, side, move_from(m), move_to(m))
        else:
            do_move_unkeyed(p, random_placement_or_removal(p, rng))
            counted = False                # placements and removals: count afresh
        plies += 1
    return plies
