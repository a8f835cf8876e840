# The network of a game's learned evaluation (docs/nn.md), written once:
# a game's _nnue.pxd includes this file (`include "yinsh/nnue_network.pxi"`)
# after defining NN_FEATURES, its features per perspective, and cimporting
# int16_t, free and, from yinsh.nnue_layers, NN_HIDDEN, Accumulators,
# NetOutput, aligned_calloc and nn_output. The first layer is sized by the
# game's features; the accumulators and the output layers are every game's
# (yinsh/nnue_layers.pxd).


ctypedef struct Network:
    int16_t l1_weight[NN_FEATURES][NN_HIDDEN]
    int16_t l1_bias[NN_HIDDEN]
    NetOutput out
    void* block                         # what calloc returned (the struct is aligned inside it)


cdef inline Network* network_alloc() noexcept nogil:
    """A zeroed Network, 64-byte aligned (free it with network_free); NULL
    when out of memory."""
    cdef void* block
    cdef Network* n = <Network*>aligned_calloc(sizeof(Network), &block)
    if n != NULL:
        n.block = block
    return n


cdef inline void network_free(Network* n) noexcept nogil:
    if n != NULL:
        free(n.block)


cdef inline int nn_forward(const Network* n, const Accumulators* a, int stm) noexcept nogil:
    """The network's score for the side to act stm, in the engine's units."""
    return nn_output(&n.out, a, stm)
