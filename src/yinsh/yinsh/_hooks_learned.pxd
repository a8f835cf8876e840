# Yinsh's hooks with the learned evaluation (the network of yinsh/_nnue.pxd):
# the game interface of yinsh/engine/game.pxd, plus the model hooks the
# templates use when setup.py renders them with model=True (this file ->
# yinsh/_search_learned.pyx).
#
# The State is Yinsh's Position, the two perspective accumulators and a
# borrowed pointer to the searcher's network (copied with the state; the
# searcher owns and frees the network). make() applies the action to the
# position and updates the accumulators from the pieces before and after.
# The rules, move ordering and search hints are Yinsh's own hooks (cimported
# as Y), called on the inner Position.
from libc.math cimport tanh
from libc.stdint cimport uint64_t
from libc.string cimport memcmp

from yinsh.yinsh._core cimport CoreBoard, Position, do_move
from yinsh.yinsh._nnue cimport (NN_HIDDEN, Accumulators, Network, network_alloc, network_free,
                                nn_forward, nn_refresh, nn_update)
from yinsh.nnue_layers cimport checked_network, copy_layers
from yinsh._rng cimport rng_below
from yinsh.engine.game cimport ACTOR_TERMINAL, WIN_BOUND
cimport yinsh.yinsh._hooks as Y

ctypedef Network Model

ctypedef struct State:
    Position pos
    Accumulators acc
    const Network* net           # the searcher's network (NULL: accumulators not kept)

cdef enum:
    MAX_ACTIONS = Y.MAX_ACTIONS
    PLAYERS = 2
    HAS_CHANCE = 0
    LATE_MOVE_PRUNING = Y.LATE_MOVE_PRUNING
    HISTORY_SIZE = Y.HISTORY_SIZE
    LEARNED_VALUE_SCALE = 4000   # tanh(s / 4000) = 2 sigmoid(s / 2000) - 1: the expected result

# The learned evaluation has no hand-set terms: only Yinsh's move ordering
# weights and the MCTS value scale remain.
ctypedef struct Weights:
    int order_row
    int order_block
    int order_flip
    int order_exact
    int value_scale


cdef inline Weights default_weights() noexcept nogil:
    cdef Y.Weights y = Y.default_weights()
    cdef Weights w
    w.order_row = y.order_row
    w.order_block = y.order_block
    w.order_flip = y.order_flip
    w.order_exact = y.order_exact
    w.value_scale = LEARNED_VALUE_SCALE
    return w


cdef inline list weight_specs():
    specs = {spec[0]: spec for spec in Y.weight_specs()}
    return [specs["order_row"], specs["order_block"], specs["order_flip"], specs["order_exact"],
            ("value_scale", 1, 10000000, "MCTS cut-off: a score s is worth tanh(s / value_scale) "
                                         "(4000: the network's expected result)")]


cdef inline str game_name():
    return Y.game_name()


cdef inline Y.Weights ordering_weights(const Weights* w) noexcept nogil:
    """Yinsh's weights with this searcher's ordering terms (the rest unused)."""
    cdef Y.Weights y = Y.default_weights()
    y.order_row = w.order_row
    y.order_block = w.order_block
    y.order_flip = w.order_flip
    y.order_exact = w.order_exact
    return y

# ---------------------------------------------------------------------------
# Rules: Yinsh's, on the position; make() keeps the accumulators.
# ---------------------------------------------------------------------------

cdef inline int actor(const State* s) noexcept nogil:
    return Y.actor(&s.pos)


cdef inline int num_players(const State* s) noexcept nogil:
    return 2


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    return Y.legal_actions(&s.pos, out)


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    return 0


cdef inline void make(State* s, int action) noexcept nogil:
    cdef Position before
    if s.net == NULL:
        Y.make(&s.pos, action)
        return
    before = s.pos
    Y.make(&s.pos, action)
    nn_update(s.net, &before, &s.pos, &s.acc)


cdef inline void returns(const State* s, double* out) noexcept nogil:
    Y.returns(&s.pos, out)


cdef inline uint64_t hash(const State* s) noexcept nogil:
    return Y.hash(&s.pos)

# ---------------------------------------------------------------------------
# Evaluation: the network.
# ---------------------------------------------------------------------------

cdef inline int evaluate_turn(const State* s) noexcept nogil:
    """The network's score for the side to act, within the non-won scores."""
    cdef int v
    if s.net == NULL:
        return 0
    v = nn_forward(s.net, &s.acc, s.pos.turn)
    if v >= WIN_BOUND:
        return WIN_BOUND - 1
    if v <= -WIN_BOUND:
        return -(WIN_BOUND - 1)
    return v


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    cdef int v = evaluate_turn(s)
    return v if player == s.pos.turn else -v


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef double v = tanh(<double>evaluate_turn(s) / w.value_scale)
    out[s.pos.turn] = v
    out[s.pos.turn ^ 1] = -v


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    Y.priors(&s.pos, actions, n, out)

# ---------------------------------------------------------------------------
# Move ordering and search hints: Yinsh's.
# ---------------------------------------------------------------------------

cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    cdef Y.Weights y = ordering_weights(w)
    Y.order_scores(&s.pos, &y, actions, n, out)


cdef inline int history_index(const State* s, int action) noexcept nogil:
    return Y.history_index(&s.pos, action)


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return Y.killer_ok(&s.pos, action)


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return Y.reducible(&s.pos, action)


cdef inline bint search_on(const State* s) noexcept nogil:
    return Y.search_on(&s.pos)


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]

# ---------------------------------------------------------------------------
# Python boundary.
# ---------------------------------------------------------------------------

cdef inline int load_state(object board, State* out) except -1:
    """The board's position; no network yet (model_bind gives one)."""
    Y.load_state(board, &out.pos)
    out.net = NULL
    return 0


cdef inline object action_object(int code):
    return Y.action_object(code)

# ---------------------------------------------------------------------------
# The model: the network a searcher owns (model=True in the templates).
# ---------------------------------------------------------------------------

cdef inline Model* model_load(object source) except NULL:
    """A new network from source: None (the packaged network,
    yinsh/yinsh/yinsh.nnue), a path of a ``.nnue`` file, or a
    ``yinsh.nn.network.Network``; checked by yinsh.nn.network
    (``NetworkError``, a ``ValueError``, for a bad one;
    ``NetworkGameError`` for a network of another game). Free it with
    model_free."""
    net = checked_network(source, "yinsh")
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
    nn_refresh(m, &s.pos, &s.acc)


cdef inline object accumulator_walk(object board, const Model* m, uint64_t seed, int steps):
    """A random depth-first walk of copy-make from board (lines of up to 60
    plies, then back to a random ancestor), comparing the incrementally
    updated accumulators of each state with a refresh; returns the states
    checked, raises AssertionError with the line at the first difference."""
    cdef State stack[61]
    cdef int depth = 0, n, i, checked = 0, j, c, k
    cdef int buf[MAX_ACTIONS]
    cdef int line[61]
    cdef Accumulators fresh
    cdef uint64_t rng = seed
    load_state(board, &stack[0])
    model_bind(&stack[0], m)
    if Y.actor(&stack[0].pos) == ACTOR_TERMINAL:
        raise ValueError("the game is over: there is nothing to walk")
    while checked < steps:
        n = 0
        if depth < 60 and Y.actor(&stack[depth].pos) != ACTOR_TERMINAL:
            n = Y.legal_actions(&stack[depth].pos, buf)
        if n == 0:
            depth = <int>rng_below(&rng, depth)     # back to a random ancestor
            continue
        i = buf[rng_below(&rng, n)]
        stack[depth + 1] = stack[depth]
        make(&stack[depth + 1], i)
        line[depth] = i
        depth += 1
        nn_refresh(m, &stack[depth].pos, &fresh)
        checked += 1
        if memcmp(&fresh, &stack[depth].acc, sizeof(Accumulators)) != 0:
            moves = []
            for j in range(depth):
                moves.append(str(Y.action_object(line[j])))
            diffs = []
            for c in range(2):
                for k in range(NN_HIDDEN):
                    if stack[depth].acc.acc[c][k] != fresh.acc[c][k]:
                        diffs.append((c, k, stack[depth].acc.acc[c][k], fresh.acc[c][k]))
            raise AssertionError(f"accumulators differ from a refresh after {' '.join(moves)}: "
                                 f"(perspective, index, incremental, refresh) {diffs[:8]}")
    return checked
