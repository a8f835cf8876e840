# Yinsh's hooks for the engine layer: the game interface of
# yinsh/engine/game.pxd, implemented on the rules core. setup.py renders the
# searches with this file into yinsh/_search.pyx.
#
# Every access of the searches to the core goes through this file (the
# cimports below), so replacing core functions by inline versions touches
# this file only. The Yinsh evaluation and move-ordering terms are here too
# (docs/search.md explains them).
from libc.math cimport tanh
from libc.stdint cimport uint64_t

from yinsh.yinsh._core cimport (C_DRAW, K_MOVE, K_PASS, K_PLACE, K_RING, K_ROW, MAX_MOVES, NUM_CELLS,
                          PH_GAME_OVER, PH_MOVE, PH_PLACE, PH_REMOVE_RING, PH_REMOVE_ROW,
                          BoardTables, CoreBoard, Move, Position, board_tables, bb_popcount,
                          count_ring_moves, do_move, gen_moves, has_row, move_from, move_kind,
                          move_to, pos_hash, u128)
from yinsh.yinsh._movegen cimport nearest
from yinsh.bitboard cimport (bb_and, bb_andnot, bb_any, bb_below, bb_ones, bb_or, bb_pop_lsb, bb_shl, bb_shr,
                             bb_xor, bb_zero)
from yinsh.yinsh.geometry cimport axis_shift
from yinsh.engine.game cimport ACTOR_TERMINAL, WIN

ctypedef Position State

cdef enum:
    MAX_ACTIONS = MAX_MOVES
    PLAYERS = 2
    HAS_CHANCE = 0
    LATE_MOVE_PRUNING = 1        # lmp_depth: docs/search.md, Strength
    # history slots: placements and ring removals by point, ring moves and
    # row removals by (from, to), and the pass
    HIST_MOVE = NUM_CELLS
    HIST_ROW = HIST_MOVE + NUM_CELLS * NUM_CELLS
    HIST_RING = HIST_ROW + NUM_CELLS * NUM_CELLS
    HIST_PASS = HIST_RING + NUM_CELLS
    HISTORY_SIZE = HIST_PASS + 1

# Evaluation and ordering weights (a removed ring is 10000; docs/search.md).
ctypedef struct Weights:
    int ring                     # a removed ring
    int threat                   # 4 own markers + own ring in a window of 5
    int flip                     # 4 own markers + an opponent marker in a window of 5
    int three                    # 3 own markers, the other two points empty
    int marker                   # an own marker on the board
    int mobility                 # one ring move, in the movement phases
    int placing                  # one ring move, in the placement phase
    int tempo                    # the side to act holds a threat (a row next move)
    int jump                     # own markers, an own ring, then opponent markers it can jump: a row next move
    int live                     # a flip whose opponent marker an own ring can jump across the line: a row next move
    int secure                   # no move of the side to act breaks every threat of the opponent (and it has no row next move)
    int order_row                # ordering: a ring move that makes a row of ours
    int order_block              # ordering (minus): a jump that makes a row of the opponent's
    int order_flip               # ordering: per marker turned to our colour
    int order_exact              # ordering: rows a jump makes found from the markers after it (0: completion points)
    int value_scale              # MCTS: a score s is worth tanh(s / value_scale)


cdef inline Weights default_weights() noexcept nogil:
    cdef Weights w
    w.ring = 10000
    w.threat = 2085
    w.flip = 404
    w.three = -95
    w.marker = 71
    w.mobility = 0
    w.placing = 4
    w.tempo = 4812
    w.jump = 2608
    w.live = 1954
    w.secure = 3111
    w.order_row = 1 << 28
    w.order_block = 1 << 24
    w.order_flip = 512
    w.order_exact = 1
    w.value_scale = 10000
    return w


cdef inline list weight_specs():
    return [
        ("ring", 0, 100000, "a removed ring"),
        ("threat", -100000, 100000, "4 own markers and an own ring in a window of 5 points"),
        ("flip", -100000, 100000, "4 own markers and an opponent marker in a window of 5"),
        ("three", -100000, 100000, "3 own markers, the other two points empty"),
        ("marker", -100000, 100000, "an own marker on the board"),
        ("mobility", -100000, 100000, "an own ring move, in the movement phases"),
        ("placing", -100000, 100000, "an own ring move, searching from the placement phase"),
        ("tempo", -100000, 100000, "the side to act holds a threat"),
        ("jump", -100000, 100000, "own markers, an own ring and opponent markers it can jump to make a row "
                                  "(a threat for tempo unless 0)"),
        ("live", -100000, 100000, "a flip window whose opponent marker an own ring can jump across the "
                                  "window's line (a row next move: a threat for tempo unless 0)"),
        ("secure", -100000, 100000, "no move of the side to act jumps a marker of every threat of the "
                                    "opponent, and it has no row next move"),
        ("order_row", 0, 1 << 29, "ordering: a ring move that makes an own row"),
        ("order_block", 0, 1 << 29, "ordering (minus): a jump that makes a row of the opponent's"),
        ("order_flip", 0, 1 << 20, "ordering: per marker a move turns to the mover's colour"),
        ("order_exact", 0, 1, "ordering: 1 checks the markers after a jump for rows, 0 only completion points"),
        ("value_scale", 1, 10000000, "MCTS cut-off: a score s is worth tanh(s / value_scale)"),
    ]


cdef inline str game_name():
    return "yinsh"

# ---------------------------------------------------------------------------
# Rules.
# ---------------------------------------------------------------------------

cdef inline int actor(const State* s) noexcept nogil:
    if s.phase == PH_GAME_OVER:
        return ACTOR_TERMINAL
    return s.turn


cdef inline int num_players(const State* s) noexcept nogil:
    return 2


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    return gen_moves(s, out)


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    return 0                                  # no dice in Yinsh


cdef inline void make(State* s, int action) noexcept nogil:
    do_move(s, action)


cdef inline void returns(const State* s, double* out) noexcept nogil:
    out[0] = 0.0
    out[1] = 0.0
    if s.winner != C_DRAW:
        out[s.winner] = 1.0
        out[s.winner ^ 1] = -1.0


cdef inline uint64_t hash(const State* s) noexcept nogil:
    return pos_hash(s)

# ---------------------------------------------------------------------------
# Evaluation.
# ---------------------------------------------------------------------------

cdef inline u128 and4(u128 a, u128 b, u128 c, u128 d) noexcept nogil:
    return bb_and(bb_and(bb_and(a, b), c), d)


cdef inline u128 completions(u128 own) noexcept nogil:
    """The points that would complete a row of own markers if they became
    own markers (the fifth point of a window holding 4 of own)."""
    cdef u128 a0, a1, a2, a3, a4, result = bb_zero()
    cdef int s, axis
    for axis in range(3):
        s = 1 if axis == 0 else (11 if axis == 1 else 12)
        a0 = own
        a1 = bb_shr(own, s)
        a2 = bb_shr(own, 2 * s)
        a3 = bb_shr(own, 3 * s)
        a4 = bb_shr(own, 4 * s)
        result = bb_or(result, and4(a1, a2, a3, a4))
        result = bb_or(result, bb_shl(and4(a0, a2, a3, a4), s))
        result = bb_or(result, bb_shl(and4(a0, a1, a3, a4), 2 * s))
        result = bb_or(result, bb_shl(and4(a0, a1, a2, a4), 3 * s))
        result = bb_or(result, bb_shl(and4(a0, a1, a2, a3), 4 * s))
    return result


cdef inline int jumper(const BoardTables* T, int m, int d, u128 rings, u128 all_rings,
                       u128 markers) noexcept nogil:
    """The ring of rings that jumps the marker on m moving in direction d,
    or -1: the run of markers through m must end at an empty point, and
    before the run must come that ring, directly or after empty points."""
    cdef int back = (d + 3) % 6, q
    cdef u128 b = bb_andnot(T.ray_mask[m][d], markers)
    if not bb_any(b) or bb_any(bb_and(all_rings, T.bit[nearest(b, d)])):
        return -1                             # the run reaches the edge or a ring
    b = bb_andnot(T.ray_mask[m][back], markers)
    if not bb_any(b):
        return -1
    q = nearest(b, back)
    if not bb_any(bb_and(all_rings, T.bit[q])):
        b = bb_and(T.ray_mask[q][back], bb_or(all_rings, markers))
        if not bb_any(b):
            return -1
        q = nearest(b, back)
    return q if bb_any(bb_and(rings, T.bit[q])) else -1


cdef inline u128 jumpable(const BoardTables* T, u128 targets, int axis, u128 rings, u128 all_rings,
                          u128 markers) noexcept nogil:
    """The markers of targets that a ring of rings jumps moving along any
    axis but the given one (all axes: axis -1)."""
    cdef u128 found = bb_zero()
    cdef int m, d
    while bb_any(targets):
        m = bb_pop_lsb(&targets)
        for d in range(6):
            if d % 3 != axis and jumper(T, m, d, rings, all_rings, markers) >= 0:
                found = bb_or(found, T.bit[m])
                break
    return found


ctypedef struct Windows:
    int threats                  # 4 own markers and an own ring
    int jumps                    # own markers, an own ring, then other markers it can jump
    int flips                    # 4 own markers and one other marker
    int threes                   # 3 own markers and 2 empty points
    u128 threat_at[3]            # per axis, the threats by their lowest point
    u128 flip_at[3][5]           # per axis and point k of the window, the flips with the other marker on k


cdef inline void window_counts(u128 own, u128 rings, u128 other, u128 empty, Windows* out) noexcept nogil:
    """Counts the windows of 5 points in a line holding 4 markers of own and
    a ring of own (threats: moving the ring leaves the fifth marker), own
    markers, then an own ring, then markers of other that the ring can jump
    to the empty point just beyond the window (jumps: the jump flips them,
    so the five become own), 4 of own and one of other (flips), and 3 of own
    with the other two empty (threes). Bit-parallel: bit b of a mask stands
    for the window that starts on point b; the threat and flip masks are
    kept for the terms that look at single windows."""
    cdef int axis, k, s
    cdef u128 a[5]
    cdef u128 pre[6]
    cdef u128 suf[6]
    cdef u128 o[5]
    cdef u128 pre_o[6]
    cdef u128 suf_o[6]
    cdef u128 four, fr, fo, up, down, ok, b0, b1, u0, u1, s0, s1, s2, c
    out.threats = 0
    out.jumps = 0
    out.flips = 0
    out.threes = 0
    for axis in range(3):
        s = axis_shift(axis)
        for k in range(5):
            a[k] = bb_shr(own, k * s)
            o[k] = bb_shr(other, k * s)
        # four: exactly the point k of the window is not own (prefix/suffix ands)
        pre[0] = bb_ones()
        suf[5] = bb_ones()
        pre_o[0] = bb_ones()
        suf_o[5] = bb_ones()
        for k in range(5):
            pre[k + 1] = bb_and(pre[k], a[k])
            suf[4 - k] = bb_and(suf[5 - k], a[4 - k])
            pre_o[k + 1] = bb_and(pre_o[k], o[k])
            suf_o[4 - k] = bb_and(suf_o[5 - k], o[4 - k])
        fr = bb_zero()
        fo = bb_zero()
        for k in range(5):
            four = bb_and(pre[k], suf[k + 1])
            fr = bb_or(fr, bb_and(four, bb_shr(rings, k * s)))
            out.flip_at[axis][k] = bb_and(four, o[k])
            fo = bb_or(fo, out.flip_at[axis][k])
        out.threat_at[axis] = fr
        # jumps: the own ring on point k of the window jumps the other's
        # markers after it; towards point 4 (k < 4: k = 4 is a threat),
        # then towards point 0 (k > 0)
        up = bb_zero()
        down = bb_zero()
        for k in range(4):
            up = bb_or(up, bb_and(bb_and(pre[k], bb_shr(rings, k * s)), suf_o[k + 1]))
            down = bb_or(down, bb_and(bb_and(pre_o[k + 1], bb_shr(rings, (k + 1) * s)), suf[k + 2]))
        up = bb_and(up, bb_shr(empty, 5 * s))
        down = bb_and(down, bb_shl(empty, s))
        out.threats += bb_popcount(fr)
        out.jumps += bb_popcount(up) + bb_popcount(down)
        out.flips += bb_popcount(fo)
        # threes: every point own or empty, and exactly 3 own (a bit-sliced sum)
        ok = bb_ones()
        for k in range(5):
            ok = bb_and(ok, bb_or(a[k], bb_shr(empty, k * s)))
        if not bb_any(ok):
            continue
        b0 = bb_xor(bb_xor(a[0], a[1]), a[2])
        b1 = bb_or(bb_and(a[0], a[1]), bb_and(bb_xor(a[0], a[1]), a[2]))
        u0 = bb_xor(a[3], a[4])
        u1 = bb_and(a[3], a[4])
        s0 = bb_xor(b0, u0)
        c = bb_and(b0, u0)
        s1 = bb_xor(bb_xor(b1, u1), c)
        s2 = bb_or(bb_or(bb_and(b1, u1), bb_and(b1, c)), bb_and(u1, c))
        out.threes += bb_popcount(bb_andnot(bb_and(bb_and(ok, s0), s1), s2))


cdef inline int live_flips(const BoardTables* T, const Windows* win, u128 rings, u128 all_rings,
                           u128 markers) noexcept nogil:
    """The flips (window_counts) whose other marker a ring of rings jumps
    moving across the window's line: the jump turns it, five in a row."""
    cdef int axis, k, s, n = 0
    cdef u128 targets, live
    for axis in range(3):
        s = axis_shift(axis)
        targets = bb_zero()
        for k in range(5):
            targets = bb_or(targets, bb_shl(win.flip_at[axis][k], k * s))
        if not bb_any(targets):
            continue
        live = jumpable(T, targets, axis, rings, all_rings, markers)
        for k in range(5):
            n += bb_popcount(bb_and(win.flip_at[axis][k], bb_shr(live, k * s)))
    return n


cdef inline uint64_t breakers(const BoardTables* T, int start, int step_, u128 own, u128 rings,
                              u128 all_rings, u128 markers) noexcept nogil:
    """The moves of rings that jump a marker of own in the window of 5
    points from start (step_ apart), as bits ring * 6 + direction (ring:
    the ring's rank among rings, at most 5 rings)."""
    cdef uint64_t found = 0
    cdef int k, m, d, r
    for k in range(5):
        m = start + k * step_
        if not bb_any(bb_and(own, T.bit[m])):
            continue                          # the threat's ring
        for d in range(6):
            r = jumper(T, m, d, rings, all_rings, markers)
            if r >= 0:
                found |= (<uint64_t>1) << (bb_popcount(bb_and(rings, bb_below(r))) * 6 + d)
    return found


cdef inline bint unstoppable(const BoardTables* T, const Windows* win, u128 own, u128 rings,
                             u128 all_rings, u128 markers) noexcept nogil:
    """Whether no move of rings (the side to act) jumps a marker of every
    threat of own's side (window_counts; at least one): whatever it plays,
    a threat stays, and the other side makes a row next move."""
    cdef uint64_t common = ~(<uint64_t>0)
    cdef int axis, s
    cdef u128 starts
    for axis in range(3):
        s = axis_shift(axis)
        starts = win.threat_at[axis]
        while bb_any(starts):
            common &= breakers(T, bb_pop_lsb(&starts), s, own, rings, all_rings, markers)
            if not common:
                return True
    return False


cdef inline int mobility(const State* p, int side) noexcept nogil:
    cdef State q = p[0]
    q.turn = side
    return count_ring_moves(&q)


cdef inline int evaluate_turn(const State* p, const Weights* w) noexcept nogil:
    """The static score of p for the side to act (no search)."""
    cdef int us = p.turn, them = us ^ 1, side, score, lives_us = 0
    cdef Windows win[2]
    cdef const BoardTables* T = board_tables()
    cdef u128 all_rings = bb_or(p.rings[0], p.rings[1]), markers = bb_or(p.markers[0], p.markers[1]), empty
    if p.phase == PH_GAME_OVER:
        if p.winner == C_DRAW:
            return 0
        return WIN if p.winner == us else -WIN
    score = w.ring * (p.removed[us] - p.removed[them])
    if p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING:
        score += w.ring                       # the pending row is ours
    score += w.marker * (bb_popcount(p.markers[us]) - bb_popcount(p.markers[them]))
    if p.phase == PH_PLACE:
        return score + w.placing * (mobility(p, us) - mobility(p, them))
    empty = bb_andnot(T.valid, bb_or(all_rings, markers))
    for side in range(2):
        window_counts(p.markers[side], p.rings[side], p.markers[side ^ 1], empty, &win[side])
    score += w.threat * (win[us].threats - win[them].threats)
    score += w.jump * (win[us].jumps - win[them].jumps)
    score += w.flip * (win[us].flips - win[them].flips)
    score += w.three * (win[us].threes - win[them].threes)
    if w.mobility:
        score += w.mobility * (mobility(p, us) - mobility(p, them))
    if p.phase != PH_MOVE:
        return score
    if w.live:
        if win[us].flips:
            lives_us = live_flips(T, &win[us], p.rings[us], all_rings, markers)
            score += w.live * lives_us
        if win[them].flips:
            score -= w.live * live_flips(T, &win[them], p.rings[them], all_rings, markers)
    if win[us].threats > 0 or (w.jump and win[us].jumps > 0) or lives_us > 0:
        score += w.tempo                      # a row next move
    elif w.secure and win[them].threats > 0 and unstoppable(
            T, &win[them], p.markers[them], p.rings[us], all_rings, markers):
        score -= w.secure
    return score


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    cdef int v = evaluate_turn(s, w)
    return v if player == s.turn else -v


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef double v = tanh(<double>evaluate_turn(s, w) / w.value_scale)
    out[s.turn] = v
    out[s.turn ^ 1] = -v


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 1.0 / n

# ---------------------------------------------------------------------------
# Move ordering and search hints.
# ---------------------------------------------------------------------------

cdef inline int static_order(const BoardTables* T, const State* p, const Weights* w, int m,
                             u128 c_us, u128 c_them) noexcept nogil:
    """A cheap score of a ring move: whether it makes a row for us, whether
    it makes one for the opponent (a jump flipping our markers), and the
    markers it turns to our colour. A move that jumps nothing makes a row
    when the marker it leaves lands on a completion point of ours; for a
    jump the markers after it are checked for rows."""
    cdef int f = move_from(m), t = move_to(m), d, us = p.turn, them = us ^ 1, s
    cdef u128 jumped, to_us, to_them
    d = T.dir_of[f][t]
    jumped = bb_and(bb_xor(T.ray_mask[f][d], T.ray_mask[t][d]), bb_or(p.markers[0], p.markers[1]))
    if not bb_any(jumped):
        return w.order_row if bb_any(bb_and(T.bit[f], c_us)) else 0
    to_us = bb_and(jumped, p.markers[them])
    to_them = bb_and(jumped, p.markers[us])
    s = w.order_flip * (bb_popcount(to_us) - bb_popcount(to_them))
    if not w.order_exact:                     # completion points only
        if bb_any(bb_and(to_them, c_them)):
            s -= w.order_block
        if bb_any(bb_and(bb_or(T.bit[f], to_us), c_us)):
            s += w.order_row
        return s
    if has_row(bb_or(bb_or(bb_xor(p.markers[us], to_them), to_us), T.bit[f])):
        s += w.order_row
    if bb_any(to_them) and has_row(bb_or(bb_xor(p.markers[them], to_us), to_them)):
        s -= w.order_block
    return s


cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    cdef int i
    cdef u128 c_us, c_them
    cdef const BoardTables* T
    if s.phase != PH_MOVE:
        for i in range(n):
            out[i] = 0
        return
    T = board_tables()
    c_us = completions(s.markers[s.turn])
    c_them = completions(s.markers[s.turn ^ 1])
    for i in range(n):
        out[i] = static_order(T, s, w, actions[i], c_us, c_them) if move_kind(actions[i]) == K_MOVE else 0


cdef inline int history_index(const State* s, int action) noexcept nogil:
    cdef int kind = move_kind(action)
    if kind == K_PLACE:
        return move_to(action)
    if kind == K_MOVE:
        return HIST_MOVE + move_from(action) * NUM_CELLS + move_to(action)
    if kind == K_ROW:
        return HIST_ROW + move_from(action) * NUM_CELLS + move_to(action)
    if kind == K_RING:
        return HIST_RING + move_to(action)
    return HIST_PASS


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return move_kind(action) == K_MOVE or move_kind(action) == K_PLACE


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return move_kind(action) == K_MOVE


cdef inline bint search_on(const State* s) noexcept nogil:
    return s.phase == PH_REMOVE_ROW or s.phase == PH_REMOVE_RING


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]
    if root.phase == PH_PLACE:
        out.mobility = w.placing              # placing rings: judge the movement by mobility

# ---------------------------------------------------------------------------
# Python boundary.
# ---------------------------------------------------------------------------

cdef inline int load_state(object board, State* out) except -1:
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.Board, not {type(board).__name__}")
    out[0] = (<CoreBoard>board).pos
    return 0


cdef inline object action_object(int code):
    return Move.from_code(code)
