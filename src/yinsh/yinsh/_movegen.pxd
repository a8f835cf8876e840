# Move generation: every legal action of a position (gen_moves), their number
# without generating them (count_moves, count_ring_moves: perft's leaves), and
# the legality of one packed action (is_legal). All inline, for the search.
#
# Ring moves come from ray masks: the nearest piece on a ray is its lowest or
# highest set bit, the ring slides over the empty points before it, and jumps
# a run of markers to the first point after it if that point is empty.
from libc.stdint cimport uint64_t

from yinsh.yinsh._position cimport Position, row_count, row_starts, segment
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh.yinsh._types cimport (K_MOVE, K_PASS, K_PLACE, K_RING, K_ROW, PH_MOVE, PH_PLACE,
                           PH_REMOVE_RING, PH_REMOVE_ROW, move_from, move_kind, move_to, pack_move)
from yinsh.bitboard cimport (bb_and, bb_andnot, bb_any, bb_lsb, bb_msb, bb_or, bb_pop_lsb, bb_popcount,
                             bb_xor, u128)
from yinsh.yinsh.geometry cimport (LINE_LENGTH, NUM_AXES, NUM_CELLS, NUM_DIRECTIONS, NUM_POINTS,
                             axis_shift)


cdef inline int nearest(u128 b, int d) noexcept nogil:
    """The point of b nearest to the start of a ray in direction d (the
    directions 0..2 go up the bits, 3..5 down)."""
    return bb_lsb(b) if d < 3 else bb_msb(b)


cdef inline int landing(const BoardTables* T, int first, int d, u128 rings, u128 markers) noexcept nogil:
    """Where a ring moving in direction d lands after jumping the marker run
    that starts on first (the nearest piece on its ray), or -1: no landing if
    first is a ring, or the run reaches the edge or a ring."""
    cdef u128 beyond
    if bb_any(bb_and(rings, T.bit[first])):
        return -1
    beyond = bb_andnot(T.ray_mask[first][d], markers)
    if not bb_any(beyond):
        return -1
    first = nearest(beyond, d)
    return -1 if bb_any(bb_and(rings, T.bit[first])) else first


cdef inline int ray_move_count(const BoardTables* T, int sq, int d, u128 rings, u128 markers,
                               u128 occupied) noexcept nogil:
    """The number of points where the ring on sq can move in direction d
    (those of ray_destinations), from the ray mask: the empty points before
    the nearest piece on the ray, plus the landing after a marker run."""
    cdef u128 hit = bb_and(T.ray_mask[sq][d], occupied)
    cdef int first
    if not bb_any(hit):
        return T.ray_len[sq][d]
    first = nearest(hit, d)
    return T.dist[sq][first] - 1 + (landing(T, first, d, rings, markers) >= 0)


cdef inline uint64_t directions_to(const BoardTables* T, int sq, int f, int t) noexcept nogil:
    """The directions from sq whose rays pass through f or t, one bit each
    (bit d): the rays of the ring on sq that a ring move from f to t can
    change."""
    cdef int df = T.dir_of[sq][f], dt = T.dir_of[sq][t]
    return ((<uint64_t>1 << df) if df >= 0 else 0) | ((<uint64_t>1 << dt) if dt >= 0 else 0)


cdef inline int count_ring_moves(const Position* p) noexcept nogil:
    """The number of ring moves (ray_move_count over the rings of the side
    to act and the six directions)."""
    cdef const BoardTables* T = &TABLES
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 occupied = bb_or(rings, markers)
    cdef u128 b = p.rings[p.turn]
    cdef int n = 0, sq, d
    while bb_any(b):
        sq = bb_pop_lsb(&b)
        for d in range(NUM_DIRECTIONS):
            n += ray_move_count(T, sq, d, rings, markers, occupied)
    return n


cdef inline u128 ray_destinations(const BoardTables* T, int sq, int d, u128 rings,
                                  u128 markers) noexcept nogil:
    """The points where the ring on sq can move in direction d."""
    cdef u128 slide = T.ray_mask[sq][d]
    cdef u128 hit = bb_and(slide, bb_or(rings, markers))
    cdef int first, q
    if bb_any(hit):
        first = nearest(hit, d)
        slide = bb_xor(slide, bb_xor(T.ray_mask[first][d], T.bit[first]))
        q = landing(T, first, d, rings, markers)
        if q >= 0:
            slide = bb_or(slide, T.bit[q])
    return slide


cdef inline int gen_ring_moves(const Position* p, int* out) noexcept nogil:
    """Writes the ring moves to out (the moves count_ring_moves counts)."""
    cdef const BoardTables* T = &TABLES
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef u128 b = p.rings[p.turn], slide
    cdef int n = 0, sq, d
    while bb_any(b):
        sq = bb_pop_lsb(&b)
        for d in range(NUM_DIRECTIONS):
            slide = ray_destinations(T, sq, d, rings, markers)
            while bb_any(slide):
                out[n] = pack_move(K_MOVE, sq, bb_pop_lsb(&slide))
                n += 1
    return n


cdef inline int gen_bits(u128 b, int kind, int* out) noexcept nogil:
    """Writes an action of the kind for each point of b (placements and ring
    removals: from == to)."""
    cdef int n = 0, q
    while bb_any(b):
        q = bb_pop_lsb(&b)
        out[n] = pack_move(kind, q, q)
        n += 1
    return n


cdef inline int gen_moves(const Position* p, int* out) noexcept nogil:
    """Writes every legal action to out (MAX_MOVES ints) and returns how many."""
    cdef int n = 0, axis, s, q
    cdef u128 b
    if p.phase == PH_MOVE:
        n = gen_ring_moves(p, out)
        if n == 0:
            out[0] = pack_move(K_PASS, 0, 0)
            n = 1
    elif p.phase == PH_PLACE:
        n = gen_bits(bb_andnot(TABLES.valid, bb_or(p.rings[0], p.rings[1])), K_PLACE, out)
    elif p.phase == PH_REMOVE_ROW:
        for axis in range(NUM_AXES):
            s = axis_shift(axis)
            b = row_starts(p.markers[p.turn], s)
            while bb_any(b):
                q = bb_pop_lsb(&b)
                out[n] = pack_move(K_ROW, q, q + (LINE_LENGTH - 1) * s)
                n += 1
    elif p.phase == PH_REMOVE_RING:
        n = gen_bits(p.rings[p.turn], K_RING, out)
    return n


cdef inline int count_moves(const Position* p) noexcept nogil:
    """The number of legal actions, without generating them."""
    cdef int n
    if p.phase == PH_MOVE:
        n = count_ring_moves(p)
        return n if n else 1
    if p.phase == PH_PLACE:
        return NUM_POINTS - p.placed
    if p.phase == PH_REMOVE_ROW:
        return row_count(p.markers[p.turn])
    if p.phase == PH_REMOVE_RING:
        return bb_popcount(p.rings[p.turn])
    return 0


cdef inline bint is_legal(const Position* p, int m) noexcept nogil:
    """Whether the packed action m is legal (any int is accepted)."""
    cdef const BoardTables* T = &TABLES
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m)
    if m < 0 or kind < K_PLACE or kind > K_PASS or f >= NUM_CELLS or t >= NUM_CELLS:
        return False
    if kind == K_PLACE:
        return (p.phase == PH_PLACE and f == t and bb_any(bb_and(T.valid, T.bit[t]))
                and not bb_any(bb_and(bb_or(p.rings[0], p.rings[1]), T.bit[t])))
    if kind == K_MOVE:
        return (p.phase == PH_MOVE and bb_any(bb_and(p.rings[p.turn], T.bit[f])) and T.dir_of[f][t] >= 0
                and bb_any(bb_and(ray_destinations(T, f, T.dir_of[f][t], bb_or(p.rings[0], p.rings[1]),
                                                   bb_or(p.markers[0], p.markers[1])), T.bit[t])))
    if kind == K_ROW:
        return (p.phase == PH_REMOVE_ROW and f < t and T.dir_of[f][t] >= 0
                and T.dist[f][t] == LINE_LENGTH - 1 and not bb_any(bb_andnot(segment(f, t), p.markers[p.turn])))
    if kind == K_RING:
        return p.phase == PH_REMOVE_RING and f == t and bb_any(bb_and(p.rings[p.turn], T.bit[f]))
    return p.phase == PH_MOVE and f == 0 and t == 0 and count_ring_moves(p) == 0
