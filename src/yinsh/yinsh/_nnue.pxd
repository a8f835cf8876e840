# The learned evaluation of Yinsh in C: the first layer of the integer
# network of docs/nn.md (NNUE_SPEC: 491 features per perspective into the
# 2 x 64 int16 accumulators), the accumulators' refresh from a position and
# their incremental update from the position before and after an action;
# the accumulators and the output layers (128 -> 32 -> 1) are every game's
# (yinsh/nnue_layers.pxd). yinsh/nn/reference.py is the same arithmetic in
# NumPy; the tests compare the two on many positions.
#
# Every function is `cdef inline ... noexcept nogil` (compiled into the
# search loops); the network is allocated 64-byte aligned.
from libc.stdint cimport int16_t
from libc.stdlib cimport free

from yinsh.yinsh._position cimport Position
from yinsh.yinsh._types cimport PH_PLACE, PH_REMOVE_RING, PH_REMOVE_ROW
from yinsh.bitboard cimport bb_andnot, bb_any, bb_pop_lsb, u128
from yinsh.nnue_layers cimport (NN_HIDDEN, Accumulators, NetOutput, RowLists, add_row, aligned_calloc,
                                nn_output, rows_apply, rows_push, sub_row)

cdef enum:
    NN_FEATURES = 491
    NN_POINTS = 121
    NN_OWN_RING = 0
    NN_OPP_RING = NN_POINTS
    NN_OWN_MARKER = 2 * NN_POINTS
    NN_OPP_MARKER = 3 * NN_POINTS
    NN_SCALARS = 4 * NN_POINTS          # 484: removed counts, phase, pending removal
    NN_SCALAR_COUNT = 7


include "yinsh/nnue_network.pxi"


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


cdef inline void push_points(const Network* n, RowLists* r, Accumulators* a, bint subtract,
                             u128 points, int base0, int base1) noexcept nogil:
    """The rows of the features base0 and base1 (perspectives 0 and 1) +
    each point of points, to add or subtract (rows_push)."""
    cdef const int16_t* row
    while bb_any(points):
        row = n.l1_weight[bb_pop_lsb(&points)]
        rows_push(r, a, subtract, row + base0 * NN_HIDDEN, row + base1 * NN_HIDDEN)


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
    counts; the phase and pending-removal features). Both perspectives see
    the same points change, each in its own blocks: those rows in one pass
    (RowLists); the few scalar features that change are each
    perspective's, a row at a time."""
    cdef int c, col, j, old_bits, new_bits, changed
    cdef int own_ring, opp_ring, own_marker, opp_marker   # col's blocks for perspectives 0 and 1
    cdef RowLists r
    r.n_add = 0
    r.n_sub = 0
    for col in range(2):
        # colour col's pieces are perspective col's own and the other's opponent's
        own_ring = NN_OWN_RING if col == 0 else NN_OPP_RING
        opp_ring = NN_OPP_RING if col == 0 else NN_OWN_RING
        own_marker = NN_OWN_MARKER if col == 0 else NN_OPP_MARKER
        opp_marker = NN_OPP_MARKER if col == 0 else NN_OWN_MARKER
        push_points(n, &r, a, True, bb_andnot(before.rings[col], after.rings[col]), own_ring, opp_ring)
        push_points(n, &r, a, False, bb_andnot(after.rings[col], before.rings[col]), own_ring, opp_ring)
        push_points(n, &r, a, True, bb_andnot(before.markers[col], after.markers[col]), own_marker,
                    opp_marker)
        push_points(n, &r, a, False, bb_andnot(after.markers[col], before.markers[col]), own_marker,
                    opp_marker)
    rows_apply(&r, a)
    for c in range(2):
        old_bits = scalar_features(before, c)
        new_bits = scalar_features(after, c)
        changed = old_bits ^ new_bits
        if changed:
            for j in range(NN_SCALAR_COUNT):
                if changed & (1 << j):
                    if new_bits & (1 << j):
                        add_row(a.acc[c], n.l1_weight[NN_SCALARS + j])
                    else:
                        sub_row(a.acc[c], n.l1_weight[NN_SCALARS + j])

