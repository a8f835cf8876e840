# Insert's hooks for the engine layer: the game interface of
# yinsh/engine/game.pxd on the compiled Insert rules (yinsh/insert/_core.pxd,
# whose rules are `cdef inline`, so they are inlined into the searches).
# setup.py renders the searches with this file into yinsh/insert/_search.pyx.
#
# The state is the core's IPos plus the marks as two bitboards (the mark
# number's bits), so it is a plain 56-byte struct that copy-make copies; the
# lines of the marks are computed by shifts (line_through), and the hash is a
# mix of the rings, the last square and the marks (the core's incremental
# Zobrist key needs its tables, which live in the core module).
#
# Action codes are the square numbers 0..35 (r * 6 + c), the ML action ids.
# docs/insert.md explains the evaluation and its weights.
from libc.math cimport tanh
from libc.stdint cimport uint64_t

from yinsh.engine.game cimport ACTOR_TERMINAL, WIN
from yinsh.insert._core cimport (I_DRAW, I_END_NONE, INSERT_VALID_BITS,
                                 NUM_SQUARES, CoreBoard, IPos, Move, bit_of_square, ctz,
                                 group_sizes, has_five, insertion_flips, line_through,
                                 place_rules, popcount, square_of_bit)

ctypedef struct State:
    IPos pos
    uint64_t mark_lo             # the squares whose mark number has bit 0 set (h, d)
    uint64_t mark_hi             # bit 1 (u, d)

cdef enum:
    MAX_ACTIONS = NUM_SQUARES
    PLAYERS = 2
    HAS_CHANCE = 0
    LATE_MOVE_PRUNING = 0        # not measured for Insert
    HISTORY_SIZE = NUM_SQUARES   # by square number

# Evaluation and ordering weights (docs/insert.md, "Evaluation").
ctypedef struct Weights:
    int ring                     # an own ring on the board
    int threat                   # an empty square that would complete an own five
    int three                    # a window of 5 with 3 own rings, the other 2 empty
    int flip                     # an insertion pattern: an empty square that would flip 2 rings
    int flip_now                 # the side to place may insert on its allowed line now
    int win_next                 # the side to place has a completing square on its allowed line
    int no_safe                  # every allowed square hands the opponent a completing square
    int unsafe                   # per allowed square that hands the opponent one
    int group                    # a square of lead in the largest group (times rings placed / 30)
    int group_from               # the group term counts once this many rings are down
    int order_win                # ordering: an action that makes a five
    int order_block              # ordering: an action on the opponent's completing square
    int order_gift               # ordering (minus): one whose line lets the opponent complete
    int order_flip               # ordering: per ring flipped
    int value_scale              # MCTS: a score s is worth tanh(s / value_scale)


cdef inline Weights default_weights() noexcept nogil:
    cdef Weights w
    w.ring = 40
    w.threat = 400
    w.three = 40
    w.flip = 50
    w.flip_now = 120
    w.win_next = 20000
    w.no_safe = 12000
    w.unsafe = 60
    w.group = 60
    w.group_from = 12
    w.order_win = 1 << 28
    w.order_block = 1 << 24
    w.order_gift = 1 << 22
    w.order_flip = 1000
    w.value_scale = 3000
    return w


cdef inline list weight_specs():
    return [
        ("ring", -100000, 100000, "an own ring on the board"),
        ("threat", -100000, 100000, "an empty square that would complete an own five"),
        ("three", -100000, 100000, "a window of 5 squares with 3 own rings and 2 empty"),
        ("flip", -100000, 100000, "an insertion pattern: an empty square where an own ring would flip 2"),
        ("flip_now", -100000, 100000, "the side to place can insert on its allowed line"),
        ("win_next", 0, 500000, "the side to place has a completing square on its allowed line"),
        ("no_safe", 0, 500000, "every allowed square's line hands the opponent a completing square"),
        ("unsafe", -100000, 100000, "per allowed square whose line hands the opponent a completing square"),
        ("group", -100000, 100000, "a square of lead in the largest group, times rings placed / 30"),
        ("group_from", 0, 30, "the group term counts from this many rings on the board"),
        ("order_win", 0, 1 << 29, "ordering: an action that makes a five"),
        ("order_block", 0, 1 << 29, "ordering: an action on the opponent's completing square"),
        ("order_gift", 0, 1 << 29, "ordering (minus): an action whose line lets the opponent complete"),
        ("order_flip", 0, 1 << 20, "ordering: per ring an action flips"),
        ("value_scale", 1, 10000000, "MCTS cut-off: a score s is worth tanh(s / value_scale)"),
    ]


cdef inline str game_name():
    return "insert"

# ---------------------------------------------------------------------------
# Rules.
# ---------------------------------------------------------------------------

cdef inline int mark_of(const State* s, int bit) noexcept nogil:
    return <int>((s.mark_lo >> bit) & 1) | (<int>((s.mark_hi >> bit) & 1) << 1)


cdef inline uint64_t line_of(const State* s, int bit) noexcept nogil:
    return line_through(bit, mark_of(s, bit))


cdef inline int actor(const State* s) noexcept nogil:
    if s.pos.end != I_END_NONE:
        return ACTOR_TERMINAL
    return s.pos.turn


cdef inline int num_players(const State* s) noexcept nogil:
    return 2


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    cdef uint64_t b = s.pos.allowed
    cdef int n = 0
    while b:
        out[n] = square_of_bit(ctz(b))
        b &= b - 1
        n += 1
    return n


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    return 0                                  # no dice in Insert


cdef inline void make(State* s, int action) noexcept nogil:
    cdef int bit = bit_of_square(action)
    place_rules(&s.pos, bit, line_of(s, bit))


cdef inline void returns(const State* s, double* out) noexcept nogil:
    out[0] = 0.0
    out[1] = 0.0
    if s.pos.winner != I_DRAW:
        out[s.pos.winner] = 1.0
        out[s.pos.winner ^ 1] = -1.0


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t hash(const State* s) noexcept nogil:
    """A mix of everything that decides the future: the rings, the last
    square (it fixes the allowed line), the marks. Turn, count and the end
    follow from those."""
    cdef uint64_t h = mix64(s.pos.rings[0] ^ 0x9E3779B97F4A7C15ULL)
    h = mix64(h ^ s.pos.rings[1])
    h = mix64(h ^ (<uint64_t>(s.pos.last + 1)) ^ (s.mark_lo << 8))
    return mix64(h ^ s.mark_hi)

# ---------------------------------------------------------------------------
# Evaluation.
# ---------------------------------------------------------------------------

cdef inline uint64_t completions(uint64_t own, uint64_t empty) noexcept nogil:
    """The empty squares that would complete five of own: the fifth square of
    a window of 5 in a line holding 4 of own. Windows are shifts by 1, 8, 9
    and 7; a step off the board lands on padding, never own nor empty."""
    cdef uint64_t a1, a2, a3, a4, result = 0
    cdef int s, axis
    for axis in range(4):
        s = 1 if axis == 0 else (8 if axis == 1 else (9 if axis == 2 else 7))
        a1 = own >> s
        a2 = own >> (2 * s)
        a3 = own >> (3 * s)
        a4 = own >> (4 * s)
        result |= (a1 & a2 & a3 & a4)
        result |= (own & a2 & a3 & a4) << s
        result |= (own & a1 & a3 & a4) << (2 * s)
        result |= (own & a1 & a2 & a4) << (3 * s)
        result |= (own & a1 & a2 & a3) << (4 * s)
    return result & empty


cdef inline int open_threes(uint64_t own, uint64_t empty) noexcept nogil:
    """The windows of 5 in a line holding exactly 3 of own and 2 empty
    squares (bit b of a mask: the window that starts on b; a bit-sliced
    sum counts the own squares)."""
    cdef uint64_t a0, a1, a2, a3, a4, ok, b0, b1, u0, u1, s0, s1, s2, c, free
    cdef int s, axis, n = 0
    free = own | empty
    for axis in range(4):
        s = 1 if axis == 0 else (8 if axis == 1 else (9 if axis == 2 else 7))
        ok = free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s)) & (free >> (4 * s))
        if not ok:
            continue
        a0 = own
        a1 = own >> s
        a2 = own >> (2 * s)
        a3 = own >> (3 * s)
        a4 = own >> (4 * s)
        b0 = a0 ^ a1 ^ a2
        b1 = (a0 & a1) | ((a0 ^ a1) & a2)
        u0 = a3 ^ a4
        u1 = a3 & a4
        s0 = b0 ^ u0
        c = b0 & u0
        s1 = b1 ^ u1 ^ c
        s2 = (b1 & u1) | (b1 & c) | (u1 & c)
        n += popcount(ok & s0 & s1 & ~s2)          # the sum is 3
    return n


cdef inline uint64_t insertion_squares(uint64_t own, uint64_t opp, uint64_t empty,
                                       int* count) noexcept nogil:
    """The empty squares where a ring of own would insert (rule 10) with a
    run of up to 3 own rings (the new one included); count gets the number
    of (square, axis) insertions."""
    cdef uint64_t result = 0, m
    cdef int s, axis
    for axis in range(4):
        s = 1 if axis == 0 else (8 if axis == 1 else (9 if axis == 2 else 7))
        # O X O
        m = empty & (opp << s) & (opp >> s)
        # O X P O and O P X O
        m |= empty & (opp << s) & (own >> s) & (opp >> (2 * s))
        m |= empty & (opp >> s) & (own << s) & (opp << (2 * s))
        # O X P P O, O P X P O, O P P X O
        m |= empty & (opp << s) & (own >> s) & (own >> (2 * s)) & (opp >> (3 * s))
        m |= empty & (own << s) & (own >> s) & (opp << (2 * s)) & (opp >> (2 * s))
        m |= empty & (opp >> s) & (own << s) & (own << (2 * s)) & (opp << (3 * s))
        count[0] += popcount(m)
        result |= m
    return result


cdef inline int largest_group(uint64_t m) noexcept nogil:
    cdef int sizes[NUM_SQUARES]
    if not m:
        return 0
    group_sizes(m, sizes)
    return sizes[0]


cdef inline int unsafe_squares(const State* s, uint64_t allowed, uint64_t empty,
                               uint64_t comp_opp) noexcept nogil:
    """The direction constraint: how many squares x of allowed hand the
    opponent a completing square, that is, the opponent's next line (the
    empty squares of x's line after x, or every empty square when that line
    is full) holds one of comp_opp (flips are not looked at)."""
    cdef uint64_t b = allowed, x, nxt
    cdef int bit, n = 0
    while b:
        bit = ctz(b)
        x = 1ULL << bit
        b &= b - 1
        nxt = line_of(s, bit) & empty & ~x
        if not nxt:
            nxt = empty & ~x
        if nxt & comp_opp & ~x:
            n += 1
    return n


cdef inline int evaluate_turn(const State* s, const Weights* w) noexcept nogil:
    """The static score of s for the side to place (no search)."""
    cdef const IPos* p = &s.pos
    cdef int us = p.turn, them = us ^ 1, score, flips_us = 0, flips_them = 0, n_allowed, unsafe
    cdef uint64_t mine, theirs, empty, comp_us, comp_them, ins_us
    if p.end != I_END_NONE:
        if p.winner == I_DRAW:
            return 0
        return WIN if p.winner == us else -WIN
    mine = p.rings[us]
    theirs = p.rings[them]
    empty = INSERT_VALID_BITS & ~(mine | theirs)
    comp_us = completions(mine, empty)
    comp_them = completions(theirs, empty)
    score = w.ring * (popcount(mine) - popcount(theirs))
    score += w.threat * (popcount(comp_us) - popcount(comp_them))
    if comp_us & p.allowed:
        score += w.win_next                  # we place a five next
    elif comp_them:
        unsafe = unsafe_squares(s, p.allowed & ~comp_them, empty, comp_them)
        n_allowed = popcount(p.allowed)
        if unsafe == n_allowed and not (p.allowed & comp_them):
            score -= w.no_safe               # every square of our line lets them complete
        else:
            score -= w.unsafe * unsafe
    score += w.three * (open_threes(mine, empty) - open_threes(theirs, empty))
    ins_us = insertion_squares(mine, theirs, empty, &flips_us)
    insertion_squares(theirs, mine, empty, &flips_them)
    score += w.flip * (flips_us - flips_them)
    if ins_us & p.allowed:
        score += w.flip_now
    if p.count >= w.group_from:
        score += w.group * (largest_group(mine) - largest_group(theirs)) * p.count // 30
    return score


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    cdef int v = evaluate_turn(s, w)
    return v if player == s.pos.turn else -v


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef double v = tanh(<double>evaluate_turn(s, w) / w.value_scale)
    out[s.pos.turn] = v
    out[s.pos.turn ^ 1] = -v


# priors, history_index, killer_ok and reducible: the plain ones.
include "yinsh/engine/plain_hooks.pxi"

# ---------------------------------------------------------------------------
# Move ordering and search hints.
# ---------------------------------------------------------------------------

cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    """Wins first, then blocks of the opponent's completing squares and
    insertions; an action whose line hands the opponent a completing square
    goes last."""
    cdef const IPos* p = &s.pos
    cdef int us = p.turn, them = us ^ 1, i, bit, v
    cdef uint64_t x, own, flips, empty, empty_after, comp_them, comp_after, nxt
    empty = INSERT_VALID_BITS & ~(p.rings[0] | p.rings[1])
    comp_them = completions(p.rings[them], empty)
    for i in range(n):
        bit = bit_of_square(actions[i])
        x = 1ULL << bit
        own = p.rings[us] | x
        flips = insertion_flips(bit, own, p.rings[them])
        if has_five(own | flips):
            out[i] = w.order_win
            continue
        v = w.order_flip * popcount(flips)
        empty_after = empty & ~x
        if flips:
            comp_after = completions(p.rings[them] & ~flips, empty_after)
        else:
            comp_after = comp_them & ~x
        if x & comp_them:
            v += w.order_block
        if comp_after:
            nxt = line_of(s, bit) & empty_after
            if not nxt:
                nxt = empty_after
            if nxt & comp_after:
                v -= w.order_gift
        out[i] = v


cdef inline bint search_on(const State* s) noexcept nogil:
    """Not quiet: the side to place has a completing square on its line."""
    cdef const IPos* p = &s.pos
    cdef uint64_t empty
    if p.end != I_END_NONE:
        return False
    empty = INSERT_VALID_BITS & ~(p.rings[0] | p.rings[1])
    return (completions(p.rings[p.turn], empty) & p.allowed) != 0


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]

# ---------------------------------------------------------------------------
# Python boundary.
# ---------------------------------------------------------------------------

cdef inline int load_state(object board, State* out) except -1:
    cdef CoreBoard b
    cdef int sq, bit, m
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.insert.Board, not {type(board).__name__}")
    b = <CoreBoard>board
    out.pos = b.pos
    out.mark_lo = 0
    out.mark_hi = 0
    for sq in range(NUM_SQUARES):
        bit = bit_of_square(sq)
        m = b.lay.mark[sq]
        if m & 1:
            out.mark_lo |= 1ULL << bit
        if m & 2:
            out.mark_hi |= 1ULL << bit
    return 0


cdef inline object action_object(int code):
    return Move.from_square(code)
