# Ludo's hooks of the engine interface (yinsh/engine/game.pxd) on the compiled
# core (yinsh/ludo/_core.pxd, whose rules are all `cdef inline`, so they are
# inlined into the searches). setup.py renders yinsh/ludo/_search.pyx from
# this file.
#
# Players and actors. The searches number the players 0 .. n-1 in turn order;
# here player k is the k-th colour in play (2 players: Green 0, Blue 1).
# A throw phase is the chance actor: the six throws, probability 1/6 each.
# Voids (three sixes) and skips (no valid move) happen inside make, as in
# the core.
#
# Action codes of the searches. The core's action id (0..62, relative to the
# mover: _core.pxd) plus the mover's colour and the total of the dice:
#     code = id | colour << 6 | total << 9
# so a code names its Move (source and target places) without the position
# (action_object). make and history_index use the low 6 bits only.
#
# The evaluation of a colour c (per-player values, the alpha-beta's score):
#     progress * (sum of the progress of c's pieces on the board + 57 per finished piece)
#   + finished * (pieces finished) + home * (pieces in the home column)
#   - danger * (pieces on the track with an opponent piece 1..6 fields behind)
#   - start * (pieces in the start corner)
# The score of a player is its colour's term minus the mean of the others'
# (the alpha-beta's evaluate; 2 players: minus the other's); values() maps
# that through tanh(score / value_scale).
from libc.math cimport tanh
from libc.stdint cimport uint64_t

from yinsh.engine.game cimport ACTOR_CHANCE, ACTOR_TERMINAL
from yinsh.ludo._core cimport (
    A_ENTER, A_MOVE, A_THROW, FINISH, LAST_TRACK, PH_MOVE, PH_OVER, PH_THROW, TRACK,
    LudoPos, do_action, gen_actions, ludo_lsb, ludo_popcount, pos_hash, pos_returns,
    progress_on, track_field,
)
from yinsh.ludo._core cimport CoreBoard

ctypedef LudoPos State

cdef enum:
    MAX_ACTIONS = 8
    PLAYERS = 4
    HAS_CHANCE = 1
    LATE_MOVE_PRUNING = 0        # not measured for Ludo
    HISTORY_SIZE = 64            # the core's action ids are below 64

ctypedef struct Weights:
    int progress                 # a field of progress of a piece
    int finished                 # a piece in the finish (on top of its progress)
    int home                     # a piece in the home column (safe)
    int danger                   # a piece on the track with an opponent 1..6 behind
    int start                    # a piece in the start corner
    int capture                  # move ordering: a move that captures
    int value_scale              # MCTS cut-off: a score s is worth tanh(s / value_scale)


cdef inline Weights default_weights() noexcept nogil:
    cdef Weights w
    w.progress = 10
    w.finished = 60
    w.home = 40
    w.danger = 60
    w.start = 60
    w.capture = 1000
    w.value_scale = 600
    return w


cdef inline list weight_specs():
    return [("progress", -10000, 10000, "a field of progress of a piece on the board (a finished piece counts 57)"),
            ("finished", -10000, 10000, "a piece in the finish, on top of its progress"),
            ("home", -10000, 10000, "a piece in the home column (safe from captures)"),
            ("danger", -10000, 10000, "a piece on the track with an opponent piece 1..6 fields behind it"),
            ("start", -10000, 10000, "a piece in the start corner (counted against)"),
            ("capture", 0, 100000, "move ordering: a move that captures"),
            ("value_scale", 1, 1000000, "MCTS cut-off: a score s is worth tanh(s / value_scale)")]


cdef inline str game_name():
    return "ludo"

# ---------------------------------------------------------------------------
# Players.
# ---------------------------------------------------------------------------

cdef inline int player_of(const State* s, int c) noexcept nogil:
    """The player number (0 .. n-1, turn order) of colour c."""
    return ludo_popcount(s.players & ((1 << c) - 1))


cdef inline int color_of(const State* s, int player) noexcept nogil:
    """The colour of player number player."""
    cdef int c, k = 0
    for c in range(4):
        if (s.players >> c) & 1:
            if k == player:
                return c
            k += 1
    return 0


cdef inline int actor(const State* s) noexcept nogil:
    if s.phase == PH_OVER:
        return ACTOR_TERMINAL
    if s.phase == PH_THROW:
        return ACTOR_CHANCE
    return player_of(s, s.turn)


cdef inline int num_players(const State* s) noexcept nogil:
    return ludo_popcount(s.players)

# ---------------------------------------------------------------------------
# Rules.
# ---------------------------------------------------------------------------

cdef inline int encode(const State* s, int a) noexcept nogil:
    return a | (<int>s.turn & 7) << 6 | (<int>s.total) << 9


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    cdef int d
    for d in range(6):
        out[d] = encode(s, A_THROW + d)
        probs[d] = 1.0 / 6.0
    return 6


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    cdef int n = gen_actions(s, out), i
    for i in range(n):
        out[i] = encode(s, out[i])
    return n


cdef inline void make(State* s, int action) noexcept nogil:
    do_action(s, action & 63)


cdef inline void returns(const State* s, double* out) noexcept nogil:
    cdef double r[4]
    cdef int c
    pos_returns(s, r)
    for c in range(4):
        if (s.players >> c) & 1:
            out[player_of(s, c)] = r[c]


cdef inline uint64_t hash(const State* s) noexcept nogil:
    return pos_hash(s)

# ---------------------------------------------------------------------------
# Evaluation.
# ---------------------------------------------------------------------------

cdef inline uint64_t threatened_fields(const State* s, int c) noexcept nogil:
    """The track fields that a piece of another colour than c on the track
    reaches with 1..6 (staying on its track: progress <= 50)."""
    cdef uint64_t out = 0, b
    cdef int o, q, d, lim
    for o in range(4):
        if o == c or not (s.players >> o) & 1:
            continue
        b = s.pm[o] & ((1ULL << (LAST_TRACK + 1)) - 1)
        while b:
            q = ludo_lsb(b)
            b &= b - 1
            lim = LAST_TRACK - q
            if lim > 6:
                lim = 6
            for d in range(1, lim + 1):
                out |= 1ULL << track_field(o, q + d)
    return out


cdef inline int color_score(const State* s, int c, const Weights* w) noexcept nogil:
    """The evaluation term of colour c (the header of this file)."""
    cdef uint64_t b = s.pm[c], track = s.pm[c] & ((1ULL << (LAST_TRACK + 1)) - 1)
    cdef uint64_t threats
    cdef int sum_q = 0, q, home, danger = 0
    while b:
        q = ludo_lsb(b)
        b &= b - 1
        sum_q += q
    home = ludo_popcount(s.pm[c] >> (LAST_TRACK + 1))
    if track:
        threats = threatened_fields(s, c)
        b = s.occ[c] & threats
        danger = ludo_popcount(b)
    return (w.progress * (sum_q + 57 * s.fin[c]) + w.finished * s.fin[c] + w.home * home
            - w.danger * danger - w.start * s.start[c])


cdef inline void color_scores(const State* s, const Weights* w, int* out) noexcept nogil:
    cdef int c
    for c in range(4):
        out[c] = color_score(s, c, w) if (s.players >> c) & 1 else 0


cdef inline int relative(const State* s, const int* sc, int c) noexcept nogil:
    """Colour c's score minus the mean of the other colours in play."""
    cdef int o, n = 0, others = 0
    for o in range(4):
        if o != c and (s.players >> o) & 1:
            others += sc[o]
            n += 1
    return sc[c] - others // n


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    cdef int sc[4]
    color_scores(s, w, sc)
    return relative(s, sc, color_of(s, player))


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef int sc[4]
    cdef int c
    color_scores(s, w, sc)
    for c in range(4):
        if (s.players >> c) & 1:
            out[player_of(s, c)] = tanh(<double>relative(s, sc, c) / w.value_scale)

# ---------------------------------------------------------------------------
# Search hints.
# ---------------------------------------------------------------------------

cdef inline bint captures(const State* s, int a) noexcept nogil:
    """Whether the move id a (a move phase) captures a piece (rule 9)."""
    cdef int c = s.turn, q, o
    cdef uint64_t bit
    if a < A_ENTER:
        return False
    q = s.total - 6 if a == A_ENTER else a - A_MOVE + s.total
    if q > LAST_TRACK:
        return False
    bit = 1ULL << track_field(c, q)
    for o in range(4):
        if o != c and s.occ[o] & bit:
            return True
    return False


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 1.0 / n


cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    cdef int i, a
    for i in range(n):
        a = actions[i] & 63
        out[i] = 0
        if s.phase == PH_MOVE:
            if captures(s, a):
                out[i] = w.capture
            elif a > A_ENTER and a - A_MOVE + s.total == FINISH:
                out[i] = w.capture // 2


cdef inline int history_index(const State* s, int action) noexcept nogil:
    return action & 63


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return not captures(s, action & 63)


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return not captures(s, action & 63)


cdef inline bint search_on(const State* s) noexcept nogil:
    return False


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]

# ---------------------------------------------------------------------------
# The Python boundary.
# ---------------------------------------------------------------------------

cdef inline int load_state(object board, State* out) except -1:
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.ludo.Board, not {type(board).__name__}")
    out[0] = (<CoreBoard>board).pos
    return 0


cdef inline int place_code(int c, int q) noexcept nogil:
    """The notation's place code of colour c's progress q (0..56): 0..51
    track fields, 52..56 h1..h5, 58 the finish (as in _core.pyx)."""
    if q <= LAST_TRACK:
        return track_field(c, q)
    return 52 + q - 51 if q < FINISH else 58


cdef inline object action_object(int code):
    """The ``Move`` of a search action code (encode above)."""
    from yinsh.ludo._core import Move
    cdef int a = code & 63, c = (code >> 6) & 7, total = code >> 9, s
    if a < A_ENTER:
        return Move.from_code(63 << 6 | (a - A_THROW + 1))
    if a == A_ENTER:
        return Move.from_code(57 << 6 | place_code(c, total - 6))
    s = a - A_MOVE
    return Move.from_code(place_code(c, s) << 6 | place_code(c, s + total))
