# The learned evaluation of Yinsh in C: the integer network of docs/nn.md
# (NNUE_SPEC: 491 features per perspective, 2 x 64 int16 accumulators,
# 128 -> 32 -> 1), the accumulators' refresh from a position, their
# incremental update from the position before and after an action, and the
# forward pass. yinsh/nn/reference.py is the same arithmetic in NumPy; the
# tests compare the two on many positions.
#
# Every function is `cdef inline ... noexcept nogil` (compiled into the
# search loops). The loops run over contiguous fixed-size arrays, so gcc
# vectorises them with its default flags (SSE2 on x86-64); the network is
# allocated 64-byte aligned.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uintptr_t
from libc.stdlib cimport calloc, free

from yinsh.yinsh._position cimport Position
from yinsh.yinsh._types cimport PH_PLACE, PH_REMOVE_RING, PH_REMOVE_ROW
from yinsh.bitboard cimport bb_andnot, bb_any, bb_pop_lsb, u128

cdef enum:
    NN_FEATURES = 491
    NN_HIDDEN = 64
    NN_L2 = 32
    NN_INPUT = 2 * NN_HIDDEN
    NN_POINTS = 121
    NN_OWN_RING = 0
    NN_OPP_RING = NN_POINTS
    NN_OWN_MARKER = 2 * NN_POINTS
    NN_OPP_MARKER = 3 * NN_POINTS
    NN_SCALARS = 4 * NN_POINTS          # 484: removed counts, phase, pending removal
    NN_SCALAR_COUNT = 7
    NN_SCORE_SCALE = 2000
    NN_OUT_SCALE = 127 * 64
    NN_CLAMP = 127
    NN_SHIFT = 6


ctypedef struct Network:
    int16_t l1_weight[NN_FEATURES][NN_HIDDEN]
    int16_t l1_bias[NN_HIDDEN]
    int16_t l2_weight[NN_L2][NN_INPUT]  # [output][input], widened: each output a dot product (pmaddwd)
    int32_t l2_bias[NN_L2]
    int8_t l3_weight[NN_L2]
    int32_t l3_bias
    void* block                         # what calloc returned (the struct is aligned inside it)


ctypedef struct Accumulators:
    int16_t acc[2][NN_HIDDEN]           # [perspective: White 0, Black 1]


cdef inline Network* network_alloc() noexcept nogil:
    """A zeroed Network, 64-byte aligned (free it with network_free); NULL
    when out of memory."""
    cdef void* block = calloc(1, sizeof(Network) + 64)
    cdef Network* n
    if block == NULL:
        return NULL
    n = <Network*>((<uintptr_t>block + 63) & ~(<uintptr_t>63))
    n.block = block
    return n


cdef inline void network_free(Network* n) noexcept nogil:
    if n != NULL:
        free(n.block)


cdef inline void add_row(int16_t* acc, const int16_t* row) noexcept nogil:
    cdef int j
    for j in range(NN_HIDDEN):
        acc[j] = <int16_t>(acc[j] + row[j])


cdef inline void sub_row(int16_t* acc, const int16_t* row) noexcept nogil:
    cdef int j
    for j in range(NN_HIDDEN):
        acc[j] = <int16_t>(acc[j] - row[j])


cdef inline int scalar_features(const Position* p, int c) noexcept nogil:
    """The active features 484..490 of perspective c, as bits 0..6."""
    cdef int bits = 0, o = c ^ 1
    if p.removed[c] >= 1:
        bits |= 1
    if p.removed[c] >= 2:
        bits |= 2
    if p.removed[o] >= 1:
        bits |= 4
    if p.removed[o] >= 2:
        bits |= 8
    if p.phase == PH_PLACE:
        bits |= 16
    if p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING:
        bits |= 32 if p.turn == c else 64
    return bits


cdef inline void add_points(const Network* n, int16_t* acc, u128 points, int base) noexcept nogil:
    while bb_any(points):
        add_row(acc, n.l1_weight[base + bb_pop_lsb(&points)])


cdef inline void sub_points(const Network* n, int16_t* acc, u128 points, int base) noexcept nogil:
    while bb_any(points):
        sub_row(acc, n.l1_weight[base + bb_pop_lsb(&points)])


cdef inline void nn_refresh(const Network* n, const Position* p, Accumulators* a) noexcept nogil:
    """The accumulators of p from scratch: the bias plus the rows of the
    active features of each perspective."""
    cdef int c, j, bits
    cdef int16_t* acc
    for c in range(2):
        acc = a.acc[c]
        for j in range(NN_HIDDEN):
            acc[j] = n.l1_bias[j]
        add_points(n, acc, p.rings[c], NN_OWN_RING)
        add_points(n, acc, p.rings[c ^ 1], NN_OPP_RING)
        add_points(n, acc, p.markers[c], NN_OWN_MARKER)
        add_points(n, acc, p.markers[c ^ 1], NN_OPP_MARKER)
        bits = scalar_features(p, c)
        for j in range(NN_SCALAR_COUNT):
            if bits & (1 << j):
                add_row(acc, n.l1_weight[NN_SCALARS + j])


cdef inline void nn_update(const Network* n, const Position* before, const Position* after,
                           Accumulators* a) noexcept nogil:
    """The accumulators of after from those of before: the rows of the
    features that appeared are added, those of the features that vanished
    subtracted (a ring move: its ring and marker; a flip: each flipped
    marker; a row: five markers; a ring removal: the ring and the removed
    counts; the phase and pending-removal features)."""
    cdef int c, col, base_ring, base_marker, j, old_bits, new_bits, changed
    cdef int16_t* acc
    for c in range(2):
        acc = a.acc[c]
        for col in range(2):
            base_ring = NN_OWN_RING if col == c else NN_OPP_RING
            base_marker = NN_OWN_MARKER if col == c else NN_OPP_MARKER
            sub_points(n, acc, bb_andnot(before.rings[col], after.rings[col]), base_ring)
            add_points(n, acc, bb_andnot(after.rings[col], before.rings[col]), base_ring)
            sub_points(n, acc, bb_andnot(before.markers[col], after.markers[col]), base_marker)
            add_points(n, acc, bb_andnot(after.markers[col], before.markers[col]), base_marker)
        old_bits = scalar_features(before, c)
        new_bits = scalar_features(after, c)
        changed = old_bits ^ new_bits
        if changed:
            for j in range(NN_SCALAR_COUNT):
                if changed & (1 << j):
                    if new_bits & (1 << j):
                        add_row(acc, n.l1_weight[NN_SCALARS + j])
                    else:
                        sub_row(acc, n.l1_weight[NN_SCALARS + j])


cdef inline void clamp_into(const int16_t* acc, int16_t* x) noexcept nogil:
    cdef int j
    cdef int16_t v
    for j in range(NN_HIDDEN):
        v = acc[j]
        v = 0 if v < 0 else v
        x[j] = NN_CLAMP if v > NN_CLAMP else v


cdef inline int nn_forward(const Network* n, const Accumulators* a, int stm) noexcept nogil:
    """The network's score for the side to act stm, in the engine's units
    (out * 2000 / 8128, truncated toward zero as C's integer division)."""
    cdef int16_t x[NN_INPUT]
    cdef int i, k, y
    cdef int32_t out, s
    cdef const int16_t* row
    clamp_into(a.acc[stm], x)
    clamp_into(a.acc[stm ^ 1], &x[NN_HIDDEN])
    out = n.l3_bias
    for k in range(NN_L2):
        row = n.l2_weight[k]
        s = 0
        for i in range(NN_INPUT):
            s += <int32_t>x[i] * <int32_t>row[i]
        y = (n.l2_bias[k] + s) >> NN_SHIFT   # arithmetic shift: floor division by 64
        y = 0 if y < 0 else y
        y = NN_CLAMP if y > NN_CLAMP else y
        out += y * n.l3_weight[k]
    return <int>((<int64_t>out * NN_SCORE_SCALE) / NN_OUT_SCALE)
