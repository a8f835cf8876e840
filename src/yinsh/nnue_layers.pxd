# The layers every game's learned evaluation shares (docs/nn.md): two
# int16 accumulators of NN_HIDDEN per position (one per perspective), the
# rows of the first layer added to or subtracted from them, and the output
# layers 128 -> 32 -> 1 on the clamped accumulators. Each game's _nnue.pxd
# holds its first layer (its own number of features), its refresh and its
# incremental update, and a NetOutput. yinsh/nn/reference.py is the same
# arithmetic in NumPy; the tests compare the two on many positions.
#
# Every hot function is `cdef inline ... noexcept nogil`. The loops run over
# contiguous fixed-size arrays, so gcc vectorises them with its default flags
# (SSE2 on x86-64); the two kernels of a search, the output layers and the
# incremental update (apply_rows: all the rows of an action in one pass), are
# compiled twice in nnue_simd.h, the second time for AVX2, chosen at run time
# where the processor has it. A network is allocated 64-byte aligned.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uintptr_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

cdef extern from "nnue_simd.h" nogil:
    enum:                               # the layers' sizes, defined once (in the kernels' header)
        NN_HIDDEN "YINSH_NN_HIDDEN"
        NN_INPUT "YINSH_NN_INPUT"
        NN_L2 "YINSH_NN_L2"

cdef enum:
    NN_SCORE_SCALE = 2000
    NN_OUT_SCALE = 127 * 64
    NN_CLAMP = 127
    NN_SHIFT = 6


ctypedef struct NetOutput:
    int16_t l2_weight[NN_HIDDEN][NN_L2][2]  # [input pair][output][input of the pair], widened (pmaddwd)
    int32_t l2_bias[NN_L2]
    int8_t l3_weight[NN_L2]
    int32_t l3_bias


ctypedef struct Accumulators:
    int16_t acc[2][NN_HIDDEN]           # [perspective: the first player 0, the other 1]


cdef inline void* aligned_calloc(size_t size, void** block) noexcept nogil:
    """size zeroed bytes, 64-byte aligned; block gets what to free(). NULL
    when out of memory."""
    block[0] = calloc(1, size + 64)
    if block[0] == NULL:
        return NULL
    return <void*>((<uintptr_t>block[0] + 63) & ~(<uintptr_t>63))


cdef inline void add_row(int16_t* acc, const int16_t* row) noexcept nogil:
    cdef int j
    for j in range(NN_HIDDEN):
        acc[j] = <int16_t>(acc[j] + row[j])


cdef inline void sub_row(int16_t* acc, const int16_t* row) noexcept nogil:
    cdef int j
    for j in range(NN_HIDDEN):
        acc[j] = <int16_t>(acc[j] - row[j])


cdef inline void set_row(int16_t* acc, const int16_t* row) noexcept nogil:
    cdef int j
    for j in range(NN_HIDDEN):
        acc[j] = row[j]


cdef inline void clamp_into(const int16_t* acc, int16_t* x) noexcept nogil:
    cdef int j
    cdef int16_t v
    for j in range(NN_HIDDEN):
        v = acc[j]
        v = 0 if v < 0 else v
        x[j] = NN_CLAMP if v > NN_CLAMP else v


cdef extern from "nnue_simd.h" nogil:
    int32_t nn_layers "yinsh_nn_layers" (const int16_t* x, const int16_t* l2_weight,
                                         const int32_t* l2_bias, const int8_t* l3_weight,
                                         int32_t l3_bias, int shift, int clamp)
    const char* nn_kernel "yinsh_nn_kernel" ()     # "avx2" or "portable": the code the two run
    void apply_rows "yinsh_nn_rows" (int16_t* acc0, int16_t* acc1, const int16_t** adds0,
                                     const int16_t** adds1, int n_add, const int16_t** subs0,
                                     const int16_t** subs1, int n_sub)
    # The accumulators of perspectives 0 and 1 plus the n_add rows of adds0
    # and adds1 minus the n_sub rows of subs0 and subs1 (the same features
    # change for both, each with its own rows), in one pass with the
    # accumulators in registers (add_row and sub_row's result).


cdef enum:
    NN_ROW_LIST = 16            # rows a RowLists holds per list before it applies them (a pass):
                                # most actions change fewer (Insert's first placement, 36)


ctypedef struct RowLists:
    # The rows an incremental update adds and subtracts, for perspectives 0 and 1
    # (the same features change for both, each with its own rows), applied in
    # one pass (apply_rows) by rows_apply, or sooner when a list is full: a
    # bounded stack frame whatever the action, and usually a single pass.
    const int16_t* adds[2][NN_ROW_LIST]
    const int16_t* subs[2][NN_ROW_LIST]
    int n_add
    int n_sub


cdef inline void rows_apply(RowLists* r, Accumulators* a) noexcept nogil:
    """Adds and subtracts r's rows to a's accumulators, and empties r."""
    apply_rows(a.acc[0], a.acc[1], r.adds[0], r.adds[1], r.n_add, r.subs[0], r.subs[1], r.n_sub)
    r.n_add = 0
    r.n_sub = 0


cdef inline void rows_push(RowLists* r, Accumulators* a, bint subtract, const int16_t* row0,
                           const int16_t* row1) noexcept nogil:
    """row0 (perspective 0's) and row1 (perspective 1's) to add, or to
    subtract; a full list is applied first."""
    if r.n_add == NN_ROW_LIST or r.n_sub == NN_ROW_LIST:
        rows_apply(r, a)
    if subtract:
        r.subs[0][r.n_sub] = row0
        r.subs[1][r.n_sub] = row1
        r.n_sub += 1
    else:
        r.adds[0][r.n_add] = row0
        r.adds[1][r.n_add] = row1
        r.n_add += 1


cdef inline int nn_output(const NetOutput* n, const Accumulators* a, int stm) noexcept nogil:
    """The network's score for the side to act stm, in the engine's units
    (out * 2000 / 8128, truncated toward zero as C's integer division). The
    output layers are nnue_simd.h's: AVX2 where the processor has it."""
    cdef int16_t x[NN_INPUT]
    cdef int32_t out
    clamp_into(a.acc[stm], x)
    clamp_into(a.acc[stm ^ 1], &x[NN_HIDDEN])
    out = nn_layers(x, &n.l2_weight[0][0][0], n.l2_bias, n.l3_weight, n.l3_bias, NN_SHIFT, NN_CLAMP)
    return <int>((<int64_t>out * NN_SCORE_SCALE) / NN_OUT_SCALE)

# ---------------------------------------------------------------------------
# Python boundary: a checked network (yinsh.engine.network.Layers: its arrays
# as array.array, no numpy) into the C structs.
# ---------------------------------------------------------------------------

cdef inline void check_size(object values, Py_ssize_t itemsize, Py_ssize_t size) except *:
    """``ValueError`` unless values (an array.array) are size bytes of items of itemsize bytes."""
    if values.itemsize != itemsize or len(values) * itemsize != size:
        raise ValueError(f"a network array of {len(values)} items of {values.itemsize} bytes "
                         f"where {size // itemsize} of {itemsize} are needed")


cdef inline void copy_array(void* dst, object values, Py_ssize_t itemsize, Py_ssize_t size) except *:
    """Copies values (an array.array of size bytes in items of itemsize
    bytes, the machine's byte order) to dst."""
    check_size(values, itemsize, size)
    cdef const unsigned char[::1] view = memoryview(values).cast("B")
    memcpy(dst, &view[0], size)


cdef inline object checked_network(object source, str game):
    """The yinsh.engine.network.Layers of source: None (game's packaged
    network), a path of a ``.nnue`` file, a Network or Layers; checked as
    one of game's (``NetworkError``, ``NetworkGameError`` for another
    game's). Read without numpy (``yinsh.engine.network.engine_layers``)."""
    from yinsh.engine import network as _network
    return _network.engine_layers(source, game)


cdef inline void copy_layers(int16_t* l1_weight, Py_ssize_t l1_size, int16_t* l1_bias,
                             NetOutput* out, object net) except *:
    """Copies net's arrays (checked Layers) into a game's first layer
    (l1_weight of l1_size bytes, l1_bias) and its output layers."""
    cdef const int8_t* l2
    cdef int i, o, k
    copy_array(l1_weight, net.l1_weight, sizeof(int16_t), l1_size)
    copy_array(l1_bias, net.l1_bias, sizeof(int16_t), NN_HIDDEN * sizeof(int16_t))
    # (input, output) -> (input pair, output, input of the pair), widened to int16
    check_size(net.l2_weight, sizeof(int8_t), NN_INPUT * NN_L2 * sizeof(int8_t))
    cdef const unsigned char[::1] view = memoryview(net.l2_weight).cast("B")
    l2 = <const int8_t*>&view[0]
    for i in range(NN_HIDDEN):
        for o in range(NN_L2):
            for k in range(2):
                out.l2_weight[i][o][k] = l2[(2 * i + k) * NN_L2 + o]
    copy_array(out.l2_bias, net.l2_bias, sizeof(int32_t), sizeof(out.l2_bias))
    copy_array(out.l3_weight, net.l3_weight, sizeof(int8_t), sizeof(out.l3_weight))
    copy_array(&out.l3_bias, net.l3_bias, sizeof(int32_t), sizeof(out.l3_bias))
