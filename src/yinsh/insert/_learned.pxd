# Insert's part of its learned hooks: setup.py renders insert/_hooks_learned.pxd
# from engine/learned_hooks.pxd.tp with this file and insert/_hooks.pxd (then
# insert/_search_learned.pyx from those hooks). What the template asks of a
# game: its network (insert/_nnue.pxd), that network's view of the game's
# search State, how long accumulator_walk's lines are, and the searcher's
# weights (the game's move-ordering terms; the template adds value_scale).
from yinsh.insert._core cimport IPos
from yinsh.insert._nnue cimport Network, network_alloc, network_free, nn_forward, nn_refresh, nn_update
from yinsh.nnue_layers cimport Accumulators
cimport yinsh.insert._hooks as I

ctypedef IPos NetPosition        # what the accumulators read of a state: its position (the marks too, on a refresh)

cdef enum:
    WALK_PLIES = 31              # accumulator_walk: to the end of the game (at most 30 actions)


cdef inline const NetPosition* net_position(const I.State* s) noexcept nogil:
    return &s.pos


cdef inline int net_turn(const I.State* s) noexcept nogil:
    return s.pos.turn


cdef inline void net_refresh(const Network* n, const I.State* s, Accumulators* a) noexcept nogil:
    nn_refresh(n, &s.pos, s.mark_lo, s.mark_hi, a)

# The searcher's weights: Insert's move ordering, and the template's MCTS
# value scale.
ctypedef struct Weights:
    int order_win
    int order_block
    int order_gift
    int order_flip
    int value_scale


cdef inline void default_ordering(Weights* w) noexcept nogil:
    cdef I.Weights i = I.default_weights()
    w.order_win = i.order_win
    w.order_block = i.order_block
    w.order_gift = i.order_gift
    w.order_flip = i.order_flip


cdef inline list ordering_specs():
    specs = {spec[0]: spec for spec in I.weight_specs()}
    return [specs["order_win"], specs["order_block"], specs["order_gift"], specs["order_flip"]]


cdef inline I.Weights ordering_weights(const Weights* w) noexcept nogil:
    """Insert's weights with this searcher's ordering terms (the rest unused)."""
    cdef I.Weights i = I.default_weights()
    i.order_win = w.order_win
    i.order_block = w.order_block
    i.order_gift = w.order_gift
    i.order_flip = w.order_flip
    return i
