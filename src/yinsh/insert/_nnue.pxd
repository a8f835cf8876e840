# The learned evaluation of Insert in C: the first layer of the integer
# network of docs/nn.md for Insert's 288 features per perspective
# (yinsh/insert/features.py: own and opponent rings, the squares the side
# to place may use, the marks), the accumulators' refresh from a position
# and their incremental update from the position before and after an action.
# The accumulators and the output layers (128 -> 32 -> 1) are every game's
# (yinsh/nnue_layers.pxd). yinsh/nn/reference.py is the same arithmetic in
# NumPy; the tests compare the two on many positions.
#
# Features are indexed by square number (r * 6 + c); the positions hold
# bitboards of 8 bits a row (insert/_core.pxd), so each bit is turned into
# its square number on the way. Every function is `cdef inline ... noexcept
# nogil` (compiled into the search loops).
from libc.stdint cimport int16_t, uint64_t
from libc.stdlib cimport free

from yinsh.insert._core cimport INSERT_VALID_BITS, IPos, ctz, square_of_bit
from yinsh.nnue_layers cimport (NN_HIDDEN, Accumulators, NetOutput, RowLists, add_row, aligned_calloc,
                                nn_output, rows_apply, rows_push, set_row)

cdef enum:
    NN_FEATURES = 288
    NI_SQUARES = 36
    NI_OWN_RING = 0
    NI_OPP_RING = NI_SQUARES
    NI_OWN_ALLOWED = 2 * NI_SQUARES      # own is to place and may place here
    NI_OPP_ALLOWED = 3 * NI_SQUARES
    NI_MARKS = 4 * NI_SQUARES            # + 4 * square + mark (0..3: v h u d)


include "yinsh/nnue_network.pxi"


cdef inline void add_squares(const Network* n, int16_t* acc, uint64_t bits, int base) noexcept nogil:
    while bits:
        add_row(acc, n.l1_weight[base + square_of_bit(ctz(bits))])
        bits &= bits - 1


cdef inline int allowed_base(const IPos* p, int c) noexcept nogil:
    return NI_OWN_ALLOWED if p.turn == c else NI_OPP_ALLOWED


cdef inline void nn_refresh(const Network* n, const IPos* p, uint64_t mark_lo, uint64_t mark_hi,
                            Accumulators* a) noexcept nogil:
    """The accumulators of p (with the marks whose number has bit 0 set on
    mark_lo, bit 1 on mark_hi) from scratch: the bias plus the rows of the
    active features of each perspective."""
    cdef int c, bit, mark
    cdef uint64_t b
    cdef int16_t* acc
    for c in range(2):
        acc = a.acc[c]
        set_row(acc, n.l1_bias)
        add_squares(n, acc, p.rings[c], NI_OWN_RING)
        add_squares(n, acc, p.rings[c ^ 1], NI_OPP_RING)
        add_squares(n, acc, p.allowed, allowed_base(p, c))
        b = INSERT_VALID_BITS
        while b:
            bit = ctz(b)
            b &= b - 1
            mark = <int>((mark_lo >> bit) & 1) | (<int>((mark_hi >> bit) & 1) << 1)
            add_row(acc, n.l1_weight[NI_MARKS + 4 * square_of_bit(bit) + mark])


cdef inline void push_squares(const Network* n, RowLists* r, Accumulators* a, bint subtract,
                              uint64_t bits, int base0, int base1) noexcept nogil:
    """The rows of the features base0 and base1 (perspectives 0 and 1) + the
    square of each bit of bits, to add or subtract (rows_push)."""
    cdef const int16_t* row
    while bits:
        row = n.l1_weight[square_of_bit(ctz(bits))]
        rows_push(r, a, subtract, row + base0 * NN_HIDDEN, row + base1 * NN_HIDDEN)
        bits &= bits - 1


cdef inline void nn_update(const Network* n, const IPos* before, const IPos* after,
                           Accumulators* a) noexcept nogil:
    """The accumulators of after from those of before (the marks never
    change): the rows of the features that appeared are added, those that
    vanished subtracted, in one pass (RowLists). A placement adds a ring,
    flips up to 8 (each flip is a ring of one colour gone and one of the
    other come), and hands the turn over, so the allowed squares move from
    one block to the other. Both perspectives see the same squares change,
    each in its own blocks."""
    cdef RowLists r
    cdef uint64_t gone = before.allowed, come = after.allowed
    r.n_add = 0
    r.n_sub = 0
    # White's rings are perspective 0's own and perspective 1's opponent's; Red's the reverse.
    push_squares(n, &r, a, True, before.rings[0] & ~after.rings[0], NI_OWN_RING, NI_OPP_RING)
    push_squares(n, &r, a, False, after.rings[0] & ~before.rings[0], NI_OWN_RING, NI_OPP_RING)
    push_squares(n, &r, a, True, before.rings[1] & ~after.rings[1], NI_OPP_RING, NI_OWN_RING)
    push_squares(n, &r, a, False, after.rings[1] & ~before.rings[1], NI_OPP_RING, NI_OWN_RING)
    if before.turn == after.turn:                # the same blocks: only the squares that changed
        gone = before.allowed & ~after.allowed
        come = after.allowed & ~before.allowed
    push_squares(n, &r, a, True, gone, allowed_base(before, 0), allowed_base(before, 1))
    push_squares(n, &r, a, False, come, allowed_base(after, 0), allowed_base(after, 1))
    rows_apply(&r, a)

