# Insert's hooks with the learned evaluation (the network of insert/_nnue.pxd):
# the game interface of yinsh/engine/game.pxd, plus the model hooks the
# templates use when setup.py renders them with model=True (this file ->
# insert/_search_learned.pyx).
#
# The State is Insert's own search state (the position and the marks), the
# two perspective accumulators and a borrowed pointer to the searcher's
# network (copied with the state; the searcher owns and frees the network).
# make() applies the action and updates the accumulators from the position
# before and after. The rules, move ordering and search hints are Insert's
# own hooks (cimported as I), called on the inner state.
from libc.math cimport tanh
from libc.stdint cimport uint64_t
from libc.string cimport memcmp

from yinsh.insert._core cimport IPos
from yinsh.insert._nnue cimport (Network, network_alloc, network_free, nn_forward, nn_refresh,
                                 nn_update)
from yinsh.nnue_layers cimport NN_HIDDEN, Accumulators, checked_network, copy_layers
from yinsh._rng cimport rng_below
from yinsh.engine.game cimport ACTOR_TERMINAL, WIN_BOUND
cimport yinsh.insert._hooks as I

ctypedef Network Model
ctypedef I.State InnerState      # Insert's search state: the position and the marks

ctypedef struct State:
    InnerState s
    Accumulators acc
    const Network* net           # the searcher's network (NULL: accumulators not kept)

cdef enum:
    MAX_ACTIONS = I.MAX_ACTIONS
    PLAYERS = 2
    HAS_CHANCE = 0
    LATE_MOVE_PRUNING = I.LATE_MOVE_PRUNING
    HISTORY_SIZE = I.HISTORY_SIZE
    LEARNED_VALUE_SCALE = 4000   # tanh(s / 4000) = 2 sigmoid(s / 2000) - 1: the expected result

# The learned evaluation has no hand-set terms: only Insert's move ordering
# weights and the MCTS value scale remain.
ctypedef struct Weights:
    int order_win
    int order_block
    int order_gift
    int order_flip
    int value_scale


cdef inline Weights default_weights() noexcept nogil:
    cdef I.Weights i = I.default_weights()
    cdef Weights w
    w.order_win = i.order_win
    w.order_block = i.order_block
    w.order_gift = i.order_gift
    w.order_flip = i.order_flip
    w.value_scale = LEARNED_VALUE_SCALE
    return w


cdef inline list weight_specs():
    specs = {spec[0]: spec for spec in I.weight_specs()}
    return [specs["order_win"], specs["order_block"], specs["order_gift"], specs["order_flip"],
            ("value_scale", 1, 10000000, "MCTS cut-off: a score s is worth tanh(s / value_scale) "
                                         "(4000: the network's expected result)")]


cdef inline str game_name():
    return I.game_name()


cdef inline I.Weights ordering_weights(const Weights* w) noexcept nogil:
    """Insert's weights with this searcher's ordering terms (the rest unused)."""
    cdef I.Weights i = I.default_weights()
    i.order_win = w.order_win
    i.order_block = w.order_block
    i.order_gift = w.order_gift
    i.order_flip = w.order_flip
    return i

# ---------------------------------------------------------------------------
# Rules: Insert's, on the inner state; make() keeps the accumulators.
# ---------------------------------------------------------------------------

cdef inline int actor(const State* s) noexcept nogil:
    return I.actor(&s.s)


cdef inline int num_players(const State* s) noexcept nogil:
    return 2


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    return I.legal_actions(&s.s, out)


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    return 0


cdef inline void make(State* s, int action) noexcept nogil:
    cdef IPos before
    if s.net == NULL:
        I.make(&s.s, action)
        return
    before = s.s.pos
    I.make(&s.s, action)
    nn_update(s.net, &before, &s.s.pos, &s.acc)


cdef inline void returns(const State* s, double* out) noexcept nogil:
    I.returns(&s.s, out)


cdef inline uint64_t hash(const State* s) noexcept nogil:
    return I.hash(&s.s)

# ---------------------------------------------------------------------------
# Evaluation: the network.
# ---------------------------------------------------------------------------

cdef inline int evaluate_turn(const State* s) noexcept nogil:
    """The network's score for the side to place, within the non-won scores."""
    cdef int v
    if s.net == NULL:
        return 0
    v = nn_forward(s.net, &s.acc, s.s.pos.turn)
    if v >= WIN_BOUND:
        return WIN_BOUND - 1
    if v <= -WIN_BOUND:
        return -(WIN_BOUND - 1)
    return v


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    cdef int v = evaluate_turn(s)
    return v if player == s.s.pos.turn else -v


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef double v = tanh(<double>evaluate_turn(s) / w.value_scale)
    out[s.s.pos.turn] = v
    out[s.s.pos.turn ^ 1] = -v


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    I.priors(&s.s, actions, n, out)

# ---------------------------------------------------------------------------
# Move ordering and search hints: Insert's.
# ---------------------------------------------------------------------------

cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    cdef I.Weights i = ordering_weights(w)
    I.order_scores(&s.s, &i, actions, n, out)


cdef inline int history_index(const State* s, int action) noexcept nogil:
    return I.history_index(&s.s, action)


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return I.killer_ok(&s.s, action)


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return I.reducible(&s.s, action)


cdef inline bint search_on(const State* s) noexcept nogil:
    return I.search_on(&s.s)


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]

# ---------------------------------------------------------------------------
# Python boundary.
# ---------------------------------------------------------------------------

cdef inline int load_state(object board, State* out) except -1:
    """The board's position and marks; no network yet (model_bind gives one)."""
    I.load_state(board, &out.s)
    out.net = NULL
    return 0


cdef inline object action_object(int code):
    return I.action_object(code)

# ---------------------------------------------------------------------------
# The model: the network a searcher owns (model=True in the templates).
# ---------------------------------------------------------------------------

cdef inline Model* model_load(object source) except NULL:
    """A new network from source: None (the packaged network,
    yinsh/insert/insert.nnue), a path of a ``.nnue`` file, or a
    ``yinsh.nn.network.Network``; checked by yinsh.nn.network
    (``NetworkError``, a ``ValueError``, for a bad one;
    ``NetworkGameError`` for a network of another game, a Yinsh one).
    Free it with model_free."""
    net = checked_network(source, "insert")
    cdef Model* m = network_alloc()
    if m == NULL:
        raise MemoryError()
    try:
        copy_layers(&m.l1_weight[0][0], sizeof(m.l1_weight), m.l1_bias, &m.out, net)
    except BaseException:
        network_free(m)
        raise
    return m


cdef inline void model_free(Model* m) noexcept nogil:
    network_free(m)


cdef inline void model_bind(State* s, const Model* m) noexcept nogil:
    """Gives s the network m and its accumulators from scratch."""
    s.net = m
    nn_refresh(m, &s.s.pos, s.s.mark_lo, s.s.mark_hi, &s.acc)


cdef inline object accumulator_walk(object board, const Model* m, uint64_t seed, int steps):
    """A random depth-first walk of copy-make from board (down to the end
    of the game, then back to a random ancestor), comparing the
    incrementally updated accumulators of each state with a refresh;
    returns the states checked, raises AssertionError with the line at the
    first difference."""
    cdef State stack[32]                       # a game has at most 30 actions
    cdef int depth = 0, n, i, checked = 0, j, c, k
    cdef int buf[MAX_ACTIONS]
    cdef int line[32]
    cdef Accumulators fresh
    cdef uint64_t rng = seed
    load_state(board, &stack[0])
    model_bind(&stack[0], m)
    if I.actor(&stack[0].s) == ACTOR_TERMINAL:
        raise ValueError("the game is over: there is nothing to walk")
    while checked < steps:
        n = 0
        if depth < 31 and I.actor(&stack[depth].s) != ACTOR_TERMINAL:
            n = I.legal_actions(&stack[depth].s, buf)
        if n == 0:
            depth = <int>rng_below(&rng, depth)     # back to a random ancestor
            continue
        i = buf[rng_below(&rng, n)]
        stack[depth + 1] = stack[depth]
        make(&stack[depth + 1], i)
        line[depth] = i
        depth += 1
        nn_refresh(m, &stack[depth].s.pos, stack[depth].s.mark_lo, stack[depth].s.mark_hi, &fresh)
        checked += 1
        if memcmp(&fresh, &stack[depth].acc, sizeof(Accumulators)) != 0:
            moves = []
            for j in range(depth):
                moves.append(str(I.action_object(line[j])))
            diffs = []
            for c in range(2):
                for k in range(NN_HIDDEN):
                    if stack[depth].acc.acc[c][k] != fresh.acc[c][k]:
                        diffs.append((c, k, stack[depth].acc.acc[c][k], fresh.acc[c][k]))
            raise AssertionError(f"accumulators differ from a refresh after {' '.join(moves)}: "
                                 f"(perspective, index, incremental, refresh) {diffs[:8]}")
    return checked
