# Random playouts: whole games of uniformly random legal actions.
#
# A game is the same as drawing i = rng_below(rng, n) at each ply and playing
# gen_moves(p)[i] (n the number of legal actions; tests/test_playouts.py
# replays games that way), but random_move finds the i-th action without
# writing the n actions: a ring move counts the moves of each ring and
# direction, then makes only the chosen ray's destinations.
from libc.stdint cimport uint64_t

from yinsh.yinsh._make cimport do_move_unkeyed
from yinsh.yinsh._movegen cimport gen_moves, ray_destinations, ray_move_count
from yinsh.yinsh._position cimport Position
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh._rng cimport rng_below
from yinsh.yinsh._types cimport (K_MOVE, K_PASS, K_PLACE, MAX_MOVES, PH_GAME_OVER, PH_MOVE, PH_PLACE,
                                 RINGS_PER_SIDE, pack_move)
from yinsh.bitboard cimport bb_andnot, bb_any, bb_or, bb_pop_lsb, bb_popcount, bb_select, u128
from yinsh.yinsh.geometry cimport NUM_DIRECTIONS


cdef inline int random_ring_move(const Position* p, uint64_t* rng) noexcept nogil:
    """A uniformly random ring move (or the pass if there is none): the
    action gen_moves would write at index rng_below(rng, n)."""
    cdef const BoardTables* T = &TABLES
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 occupied = bb_or(rings, markers)
    cdef u128 b = p.rings[p.turn]
    cdef int counts[RINGS_PER_SIDE * NUM_DIRECTIONS]   # moves per ring and direction, in gen_moves order
    cdef int squares[RINGS_PER_SIDE]
    cdef int n = 0, r = 0, i, k, sq, d
    while bb_any(b):
        sq = bb_pop_lsb(&b)
        squares[r] = sq
        for d in range(NUM_DIRECTIONS):
            k = ray_move_count(T, sq, d, rings, markers, occupied)
            counts[r * NUM_DIRECTIONS + d] = k
            n += k
        r += 1
    if n == 0:
        rng_below(rng, 1)                  # the draw among the one action, as for any other ply
        return pack_move(K_PASS, 0, 0)
    k = <int>rng_below(rng, n)
    i = 0
    while k >= counts[i]:
        k -= counts[i]
        i += 1
    sq = squares[i // NUM_DIRECTIONS]
    d = i % NUM_DIRECTIONS
    # gen_ring_moves writes a ray's destinations in ascending order of points.
    return pack_move(K_MOVE, sq, bb_select(ray_destinations(T, sq, d, rings, markers), k))


cdef inline int random_move(const Position* p, uint64_t* rng) noexcept nogil:
    """A uniformly random legal action of p (not over): gen_moves(p)[rng_below(rng, n)]
    without generating the n actions in the two phases that make a game
    (ring moves and placements); the removals, a few a game, generate them."""
    cdef int moves[MAX_MOVES]
    cdef int n, q
    cdef u128 free
    if p.phase == PH_MOVE:
        return random_ring_move(p, rng)
    if p.phase == PH_PLACE:
        free = bb_andnot(TABLES.valid, bb_or(p.rings[0], p.rings[1]))
        q = bb_select(free, <int>rng_below(rng, bb_popcount(free)))
        return pack_move(K_PLACE, q, q)
    n = gen_moves(p, moves)
    return moves[rng_below(rng, n)]


cdef inline int playout(Position* p, uint64_t* rng) noexcept nogil:
    """Plays uniformly random legal actions until the game ends; returns the
    number of plies. The game always ends: every ring move puts a marker from
    the pool of 51, and markers only return with a ring removal. The
    Zobrist key of the final position is stale (do_move_unkeyed)."""
    cdef int plies = 0
    while p.phase != PH_GAME_OVER:
        do_move_unkeyed(p, random_move(p, rng))
        plies += 1
    return plies
