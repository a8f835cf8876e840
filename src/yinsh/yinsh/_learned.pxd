# Yinsh's part of its learned hooks: setup.py renders yinsh/_hooks_learned.pxd
# from engine/learned_hooks.pxd.tp with this file and yinsh/_hooks.pxd (then
# yinsh/_search_learned.pyx from those hooks). What the template asks of a
# game: its network (yinsh/_nnue.pxd), that network's view of the game's
# search State, how long accumulator_walk's lines are, and the searcher's
# weights (the game's move-ordering terms; the template adds value_scale).
from yinsh.yinsh._position cimport Position
from yinsh.yinsh._nnue cimport Network, network_alloc, network_free, nn_forward, nn_refresh, nn_update
from yinsh.nnue_layers cimport Accumulators
cimport yinsh.yinsh._hooks as Y

ctypedef Position NetPosition    # what the accumulators read of a state: Yinsh's State itself

cdef enum:
    WALK_PLIES = 60              # accumulator_walk: lines of up to 60 plies


cdef inline const NetPosition* net_position(const Y.State* s) noexcept nogil:
    return s


cdef inline int net_turn(const Y.State* s) noexcept nogil:
    return s.turn


cdef inline void net_refresh(const Network* n, const Y.State* s, Accumulators* a) noexcept nogil:
    nn_refresh(n, s, a)

# The searcher's weights: Yinsh's move ordering, and the template's MCTS
# value scale.
ctypedef struct Weights:
    int order_row
    int order_block
    int order_flip
    int order_exact
    int value_scale


cdef inline void default_ordering(Weights* w) noexcept nogil:
    cdef Y.Weights y = Y.default_weights()
    w.order_row = y.order_row
    w.order_block = y.order_block
    w.order_flip = y.order_flip
    w.order_exact = y.order_exact


cdef inline list ordering_specs():
    specs = {spec[0]: spec for spec in Y.weight_specs()}
    return [specs["order_row"], specs["order_block"], specs["order_flip"], specs["order_exact"]]


cdef inline Y.Weights ordering_weights(const Weights* w) noexcept nogil:
    """Yinsh's weights with this searcher's ordering terms (the rest unused)."""
    cdef Y.Weights y = Y.default_weights()
    y.order_row = w.order_row
    y.order_block = w.order_block
    y.order_flip = w.order_flip
    y.order_exact = w.order_exact
    return y
