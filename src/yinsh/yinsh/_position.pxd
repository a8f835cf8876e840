# The position: its struct, a new game, the Zobrist hash, rows of five, and
# the one consistency check (pos_check), which names what is wrong. Every
# function is inline: the rules modules and the search compile them in.
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from yinsh.yinsh._tables cimport KEYS, TABLES, BoardTables, ZobristKeys
from yinsh.yinsh._types cimport (C_BLACK, C_DRAW, C_WHITE, END_BLOCKED, END_NONE, END_POOL, END_RINGS,
                           MARKERS_TOTAL, PH_GAME_OVER, PH_MOVE, PH_PLACE, PH_REMOVE_RING,
                           PH_REMOVE_ROW, RINGS_PER_SIDE)
from yinsh.bitboard cimport bb_and, bb_andnot, bb_any, bb_or, bb_pop_lsb, bb_popcount, bb_shr, bb_xor, u128
from yinsh.yinsh.geometry cimport SHIFT_COLUMN, SHIFT_DIAGONAL, SHIFT_ROW

ctypedef struct Position:
    u128 rings[2]
    u128 markers[2]
    uint64_t key           # Zobrist key of the pieces only
    uint8_t turn           # side to act
    uint8_t phase
    uint8_t mover          # side that made the ring move being resolved (0 otherwise)
    uint8_t passes         # consecutive passes
    uint8_t removed[2]     # rings removed by each side
    uint8_t rings_to_win
    uint8_t placed         # rings placed so far
    uint8_t markers_on_board
    uint8_t winner         # C_WHITE, C_BLACK or C_DRAW once the game is over (0 before)
    uint8_t end_reason     # END_NONE until the game is over


cdef inline void pos_init(Position* p, int rings_to_win) noexcept nogil:
    """A new game: the empty board, White to place."""
    memset(p, 0, sizeof(Position))
    p.rings_to_win = <uint8_t>rings_to_win
    p.phase = PH_PLACE
    p.turn = C_WHITE


cdef inline uint64_t state_key(const Position* p) noexcept nogil:
    """The key of everything but the pieces (pos_hash is key ^ this)."""
    cdef const ZobristKeys* Z = &KEYS
    cdef uint64_t k = (Z.turn[p.turn] ^ Z.phase[p.phase] ^ Z.passes[p.passes]
                       ^ Z.removed[0][p.removed[0]] ^ Z.removed[1][p.removed[1]]
                       ^ Z.variant[p.rings_to_win])
    if p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING:
        k ^= Z.mover[p.mover]
    return k


cdef inline uint64_t pos_hash(const Position* p) noexcept nogil:
    """The position's 64-bit hash (the pieces' key is kept up to date by
    do_move)."""
    return p.key ^ state_key(p)


cdef inline uint64_t pieces_key(u128 b, int kind) noexcept nogil:
    """The key of the pieces of one kind (ZobristKeys.piece) on b."""
    cdef uint64_t k = 0
    while bb_any(b):
        k ^= KEYS.piece[kind][bb_pop_lsb(&b)]
    return k


cdef inline uint64_t pos_hash_from_scratch(const Position* p) noexcept nogil:
    return (pieces_key(p.rings[0], 0) ^ pieces_key(p.rings[1], 1)
            ^ pieces_key(p.markers[0], 2) ^ pieces_key(p.markers[1], 3) ^ state_key(p))


cdef inline u128 row_starts(u128 m, int s) noexcept nogil:
    """Points that start 5 markers of m in a line with shift s (lowest end).
    Three shifts: the starts of 2 in a line, of 4 (two 2s, 2 points apart),
    then of 5 (a 4 and the marker 4 points on)."""
    cdef u128 two = bb_and(m, bb_shr(m, s))
    cdef u128 four = bb_and(two, bb_shr(two, 2 * s))
    return bb_and(four, bb_shr(m, 4 * s))


cdef inline bint has_row(u128 m) noexcept nogil:
    """Whether m holds 5 in a line."""
    return bb_any(bb_or(bb_or(row_starts(m, SHIFT_COLUMN), row_starts(m, SHIFT_ROW)),
                        row_starts(m, SHIFT_DIAGONAL)))


cdef inline int row_count(u128 m) noexcept nogil:
    """The number of rows of 5 markers of m (one per 5 points in a line:
    a line of 6 holds two)."""
    return (bb_popcount(row_starts(m, SHIFT_COLUMN)) + bb_popcount(row_starts(m, SHIFT_ROW))
            + bb_popcount(row_starts(m, SHIFT_DIAGONAL)))


cdef inline u128 segment(int f, int t) noexcept nogil:
    """The points from f to t, both included (f and t on one line)."""
    cdef const BoardTables* T = &TABLES
    cdef int d = T.dir_of[f][t]
    return bb_or(T.bit[f], bb_xor(T.ray_mask[f][d], T.ray_mask[t][d]))

# ---------------------------------------------------------------------------
# The consistency check. One list of rules, used by the debug builds after
# every action, by the position strings and by CoreBoard._set_state: it
# returns POS_OK or the first problem found, and POSITION_PROBLEMS in
# _board.pyx says it in words (a str.format template: {side} and {other} name
# the side concerned and its opponent; {rings}, {removed} count that side's
# rings on the board and removed; {white}, {black} the rings on the board,
# {markers} the markers, {rings_to_win} the variant's). Problems that only a
# bug can cause (the fields the core derives from the pieces) come first; then
# the rules, in the order docs/notation.md lists them.
# ---------------------------------------------------------------------------

cdef enum:
    POS_OK = 0
    POS_FIELD_RANGE            # a field out of its range
    POS_OVERLAP                # two pieces on one point
    POS_OFF_BOARD              # a piece on a cell that is not a point
    POS_DERIVED                # counters, result or mover disagree with the rest
    POS_KEY                    # the Zobrist key disagrees with the pieces
    POS_TOO_MANY_MARKERS
    POS_TOO_MANY_RINGS
    POS_PLACE_PIECES
    POS_PLACE_TURN
    POS_RING_COUNT
    POS_BOTH_WON
    POS_REMOVED_TOO_MANY
    POS_NOT_ENDED
    POS_WON_NOT_OVER
    POS_ROW_IN_MOVE
    POS_POOL_EMPTY
    POS_TWO_PASSES
    POS_PASSES_IN_REMOVAL
    POS_MOVER_ROW
    POS_NO_ROW
    POS_NUM_PROBLEMS


cdef inline int _problem(int problem, int side, int* side_out) noexcept nogil:
    if side_out != NULL:
        side_out[0] = side
    return problem


cdef inline bint pos_fields_in_range(const Position* p) noexcept nogil:
    """Whether every field is in its range (the Zobrist tables are indexed
    by them: check this before pos_hash)."""
    return (p.turn <= C_BLACK and p.mover <= C_BLACK and p.phase <= PH_GAME_OVER and p.passes <= 2
            and p.removed[0] <= RINGS_PER_SIDE and p.removed[1] <= RINGS_PER_SIDE
            and 1 <= p.rings_to_win <= RINGS_PER_SIDE
            and p.winner <= C_DRAW and p.end_reason <= END_BLOCKED)


cdef inline int pos_game_end(const Position* p, int* winner) noexcept nogil:
    """Why the game of p is over (END_RINGS, END_BLOCKED, END_POOL, in this
    order of precedence) and, in *winner, who won; END_NONE if nothing in p
    ends it. do_move records the same when it ends a game."""
    if p.removed[0] >= p.rings_to_win or p.removed[1] >= p.rings_to_win:
        winner[0] = C_WHITE if p.removed[0] >= p.rings_to_win else C_BLACK
        return END_RINGS
    if p.passes < 2 and bb_popcount(bb_or(p.markers[0], p.markers[1])) < MARKERS_TOTAL:
        return END_NONE
    winner[0] = (C_WHITE if p.removed[0] > p.removed[1] else
                 C_BLACK if p.removed[1] > p.removed[0] else C_DRAW)
    return END_BLOCKED if p.passes == 2 else END_POOL


cdef inline int pos_check(const Position* p, int* side_out) noexcept nogil:
    """POS_OK, or the first problem of p (a POS_ value); *side_out (when
    side_out is not NULL) gets the side the problem concerns, -1 if none."""
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef int n_rings[2]
    cdef bint rows[2]
    cdef bint won[2]
    cdef int n_markers, side, ph = p.phase, end, winner = 0
    cdef bint removing = ph == PH_REMOVE_ROW or ph == PH_REMOVE_RING
    if side_out != NULL:
        side_out[0] = -1
    if not pos_fields_in_range(p):
        return POS_FIELD_RANGE
    if (bb_any(bb_and(p.rings[0], p.rings[1])) or bb_any(bb_and(p.markers[0], p.markers[1]))
            or bb_any(bb_and(rings, markers))):
        return POS_OVERLAP
    if bb_any(bb_andnot(bb_or(rings, markers), TABLES.valid)):
        return POS_OFF_BOARD
    n_rings[0] = bb_popcount(p.rings[0])
    n_rings[1] = bb_popcount(p.rings[1])
    n_markers = bb_popcount(markers)
    if (p.markers_on_board != n_markers
            or p.placed != (n_rings[0] + n_rings[1] if ph == PH_PLACE else 2 * RINGS_PER_SIDE)
            or (p.mover != 0 and not removing)
            or (ph != PH_GAME_OVER and (p.winner != 0 or p.end_reason != END_NONE))):
        return POS_DERIVED
    if p.key ^ state_key(p) != pos_hash_from_scratch(p):
        return POS_KEY
    # The rules.
    if n_markers > MARKERS_TOTAL:
        return POS_TOO_MANY_MARKERS
    for side in range(2):
        if n_rings[side] + p.removed[side] > RINGS_PER_SIDE:
            return _problem(POS_TOO_MANY_RINGS, side, side_out)
    if ph == PH_PLACE:
        if bb_any(markers) or p.removed[0] or p.removed[1]:
            return POS_PLACE_PIECES
        if n_rings[0] - n_rings[1] != p.turn or n_rings[0] + n_rings[1] >= 2 * RINGS_PER_SIDE:
            return _problem(POS_PLACE_TURN, p.turn, side_out)
        return POS_OK
    for side in range(2):
        if n_rings[side] + p.removed[side] != RINGS_PER_SIDE:
            return _problem(POS_RING_COUNT, side, side_out)
        won[side] = p.removed[side] >= p.rings_to_win
        rows[side] = has_row(p.markers[side])
    if won[0] and won[1]:
        return POS_BOTH_WON
    for side in range(2):
        if p.removed[side] > p.rings_to_win:
            return _problem(POS_REMOVED_TOO_MANY, side, side_out)
    if ph == PH_GAME_OVER:
        end = pos_game_end(p, &winner)
        if end == END_NONE:
            return POS_NOT_ENDED
        return POS_OK if p.end_reason == end and p.winner == winner else POS_DERIVED
    for side in range(2):
        if won[side]:
            return _problem(POS_WON_NOT_OVER, side, side_out)
    if ph == PH_MOVE:
        for side in range(2):
            if rows[side]:
                return _problem(POS_ROW_IN_MOVE, side, side_out)
        if n_markers == MARKERS_TOTAL:
            return POS_POOL_EMPTY
        if p.passes > 1:
            return POS_TWO_PASSES
        return POS_OK
    if p.passes:
        return POS_PASSES_IN_REMOVAL
    if p.turn != p.mover and rows[p.mover]:
        return _problem(POS_MOVER_ROW, p.mover, side_out)
    if ph == PH_REMOVE_ROW and not rows[p.turn]:
        return _problem(POS_NO_ROW, p.turn, side_out)
    # In remove_ring the side to act has a ring: its 5 are on the board or
    # removed, and it has removed fewer than rings_to_win <= 5 (checked above).
    return POS_OK


cdef inline bint pos_is_ok(const Position* p) noexcept nogil:
    return pos_check(p, NULL) == POS_OK
