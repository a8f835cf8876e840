# Making actions: do_move applies a legal packed action to a Position,
# flipping markers, updating the Zobrist key incrementally and resolving the
# phase (rows to remove, whose turn, the end of the game). There is no
# unmake: callers copy the Position first (copy-make; it is 96 bytes).
# do_move_unkeyed is the same without the Zobrist key, for the loops that
# never hash (perft, random playouts).
from libc.stdint cimport uint64_t

from yinsh.yinsh._position cimport Position, has_row, pieces_key, segment
from yinsh.yinsh._tables cimport KEYS, TABLES, BoardTables, ZobristKeys
from yinsh.yinsh._types cimport (C_BLACK, C_DRAW, C_WHITE, END_BLOCKED, END_POOL, END_RINGS, K_MOVE,
                           K_PASS, K_PLACE, K_RING, K_ROW, MARKERS_TOTAL, PH_GAME_OVER, PH_MOVE,
                           PH_REMOVE_RING, PH_REMOVE_ROW, RINGS_PER_SIDE, move_from, move_kind,
                           move_to)
from yinsh.bitboard cimport bb_and, bb_any, bb_or, bb_pop_lsb, bb_xor, u128
from yinsh.yinsh.geometry cimport LINE_LENGTH


cdef inline void end_by_score(Position* p, int reason) noexcept nogil:
    """Ends the game; the side with more rings removed wins."""
    p.phase = PH_GAME_OVER
    p.end_reason = reason
    if p.removed[0] > p.removed[1]:
        p.winner = C_WHITE
    elif p.removed[1] > p.removed[0]:
        p.winner = C_BLACK
    else:
        p.winner = C_DRAW


cdef inline void start_turn(Position* p, int side) noexcept nogil:
    """side moves a ring next, unless the marker pool is empty."""
    p.turn = side
    p.mover = 0
    if p.markers_on_board >= MARKERS_TOTAL:
        end_by_score(p, END_POOL)
    else:
        p.phase = PH_MOVE


cdef inline void after_removals(Position* p) noexcept nogil:
    """Next step once the side to act has removed a row and a ring."""
    cdef int us = p.turn, them = us ^ 1
    if has_row(p.markers[us]):
        p.phase = PH_REMOVE_ROW
    elif us == p.mover and has_row(p.markers[them]):
        p.phase = PH_REMOVE_ROW
        p.turn = them
    else:
        start_turn(p, p.mover ^ 1)


cdef inline void make_move(Position* p, int m, bint keyed) noexcept nogil:
    """Applies the packed action m, which must be legal; with keyed, updates
    the Zobrist key too (do_move and do_move_unkeyed pass a constant, which
    the compiler folds)."""
    cdef const BoardTables* T = &TABLES
    cdef const ZobristKeys* Z = &KEYS
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m)
    cdef int us = p.turn, them = us ^ 1, d
    cdef u128 flips, to_them, seg
    cdef uint64_t key
    if kind == K_MOVE:
        d = T.dir_of[f][t]
        flips = bb_and(bb_xor(bb_xor(T.ray_mask[f][d], T.ray_mask[t][d]), T.bit[t]),
                       bb_or(p.markers[0], p.markers[1]))
        to_them = bb_and(flips, p.markers[us])
        p.markers[0] = bb_xor(p.markers[0], flips)
        p.markers[1] = bb_xor(p.markers[1], flips)
        if keyed:
            key = p.key
            while bb_any(flips):
                key ^= Z.flip[bb_pop_lsb(&flips)]
            p.key = key ^ Z.piece[us][f] ^ Z.piece[us][t] ^ Z.piece[2 + us][f]
        p.rings[us] = bb_xor(p.rings[us], bb_or(T.bit[f], T.bit[t]))
        p.markers[us] = bb_or(p.markers[us], T.bit[f])
        p.markers_on_board += 1
        p.passes = 0
        p.mover = us
        # Before a ring move neither side has a row (the phase is move), so
        # the opponent can only have one now if a marker turned its colour.
        if has_row(p.markers[us]):
            p.phase = PH_REMOVE_ROW
        elif bb_any(to_them) and has_row(p.markers[them]):
            p.phase = PH_REMOVE_ROW
            p.turn = them
        else:
            start_turn(p, them)
    elif kind == K_PLACE:
        p.rings[us] = bb_or(p.rings[us], T.bit[t])
        if keyed:
            p.key ^= Z.piece[us][t]
        p.placed += 1
        p.turn = them
        if p.placed == 2 * RINGS_PER_SIDE:
            p.phase = PH_MOVE
    elif kind == K_ROW:
        seg = segment(f, t)
        p.markers[us] = bb_xor(p.markers[us], seg)
        p.markers_on_board -= LINE_LENGTH
        if keyed:
            p.key ^= pieces_key(seg, 2 + us)
        p.phase = PH_REMOVE_RING
    elif kind == K_RING:
        p.rings[us] = bb_xor(p.rings[us], T.bit[f])
        if keyed:
            p.key ^= Z.piece[us][f]
        p.removed[us] += 1
        if p.removed[us] >= p.rings_to_win:
            p.phase = PH_GAME_OVER
            p.end_reason = END_RINGS
            p.winner = us
            p.mover = 0
        else:
            after_removals(p)
    elif kind == K_PASS:
        p.passes += 1
        if p.passes >= 2:
            p.turn = them
            end_by_score(p, END_BLOCKED)
        else:
            start_turn(p, them)


cdef inline void do_move(Position* p, int m) noexcept nogil:
    """Applies the packed action m, which must be legal."""
    make_move(p, m, True)


cdef inline void do_move_unkeyed(Position* p, int m) noexcept nogil:
    """do_move without the Zobrist key, which is left stale: for perft and
    random playouts, which never hash the positions they make."""
    make_move(p, m, False)
