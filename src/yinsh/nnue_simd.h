/* The learned evaluation's two kernels (yinsh/nnue_layers.pxd), with
 * runtime dispatch on x86:
 *
 * - the output layers (nn_output): the clamped accumulators x (128 int16)
 *   through the second layer's 32 outputs (int16 weights), each shifted,
 *   clamped and weighted by the third layer;
 * - the incremental update (apply_rows): the two accumulators of 64 int16
 *   plus the rows of the features that appeared and minus those that
 *   vanished, in one pass: each accumulator is loaded once into registers
 *   (eight of 128 bits, one perspective after the other; with AVX2 both at
 *   once, four of 256 bits each), every row added or subtracted, and stored
 *   once (Stockfish's fused update; a row at a time loads and stores it for
 *   each row). Unsigned lanes: wrapping is defined and the bits are int16's.
 *
 * Each is compiled twice:
 *
 * - "avx2": 256-bit code (gcc and clang's target attribute), chosen where
 *   the processor has it (__builtin_cpu_supports), so the default build
 *   stays portable (no -march=native);
 * - "portable": the code of the default flags (SSE2 on x86-64; wasm SIMD
 *   in WebAssembly built with -msimd128, as wasm/build does; plain C that
 *   the compiler vectorises elsewhere, where there is no dispatch, MSVC too).
 *
 * The environment variable YINSH_SIMD=portable, read at the first
 * evaluation of a process, forces the portable code (the tests compare the
 * two). Both are the same integer arithmetic, so they give the same scores.
 */
#ifndef YINSH_NNUE_SIMD_H
#define YINSH_NNUE_SIMD_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define YINSH_NN_DISPATCH 1
#define YINSH_NN_INLINE static inline __attribute__((always_inline))
#else
#define YINSH_NN_DISPATCH 0
#define YINSH_NN_INLINE static inline
#endif

#if defined(__SSE2__) || defined(_M_X64)
#include <immintrin.h>
#define YINSH_NN_SSE2 1
#else
#define YINSH_NN_SSE2 0
#endif

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

/* The layers' sizes, defined here once (nnue_layers.pxd takes them as NN_HIDDEN, NN_INPUT, NN_L2). */
#define YINSH_NN_HIDDEN 64      /* int16 lanes of an accumulator, one per perspective */
#define YINSH_NN_INPUT (2 * YINSH_NN_HIDDEN)        /* the two clamped accumulators */
#define YINSH_NN_L2 32          /* the second layer's outputs */

/* The second layer's weights are stored by pairs of inputs: w[i / 2][k][i % 2]
 * is input i's weight in output k (nnue_layers.pxd's NetOutput). A pair of
 * inputs broadcast to every 32-bit lane and multiplied-added (pmaddwd) with a
 * pair's row gives its part of all 32 outputs, without a horizontal sum per
 * output. (Skipping the pairs of zeros the clamp makes measured slower on
 * x86: the branch mispredicts. In wasm, 128 bits at most, a loop over the
 * set bits of a mask of the nonzero pairs skips them without a branch per
 * pair: a third to a half of the pairs; the output layers about 1.6x
 * faster in Node, a Yinsh learned search some 5-20%.) */

/* The third layer on the second's sums s (bias included). */
YINSH_NN_INLINE int32_t yinsh_nn_output(const int32_t* s, const int8_t* l3_weight, int32_t l3_bias,
                                        int shift, int clamp) {
    int32_t out = l3_bias;
    for (int k = 0; k < YINSH_NN_L2; k++) {
        int32_t y = s[k] >> shift;                  /* arithmetic shift: floor division */
        y = y < 0 ? 0 : y;
        y = y > clamp ? clamp : y;
        out += y * (int32_t)l3_weight[k];
    }
    return out;
}

typedef int32_t (*yinsh_nn_layers_fn)(const int16_t*, const int16_t*, const int32_t*,
                                      const int8_t*, int32_t, int, int);

/* The second layer's 32 sums (bias included) into s, in registers of type
 * vec (lanes int32 each): load, store, set1, madd and add are the width's
 * intrinsics. */
#define YINSH_NN_SUMS(vec, lanes, load, store, set1, madd, add)                                \
    {                                                                                          \
        vec acc[YINSH_NN_L2 / (lanes)];                                                        \
        for (int k = 0; k < YINSH_NN_L2 / (lanes); k++)                                        \
            acc[k] = load((const vec*)(b + (lanes) * k));                                      \
        for (int p = 0; p < YINSH_NN_INPUT / 2; p++) {                                         \
            int32_t pair;                                                                      \
            memcpy(&pair, x + 2 * p, sizeof pair);                                             \
            vec xv = set1(pair);                                                               \
            const int16_t* row = w + (size_t)p * 2 * YINSH_NN_L2;                              \
            for (int k = 0; k < YINSH_NN_L2 / (lanes); k++)                                    \
                acc[k] = add(acc[k], madd(xv, load((const vec*)(row + 2 * (lanes) * k))));     \
        }                                                                                      \
        for (int k = 0; k < YINSH_NN_L2 / (lanes); k++)                                        \
            store((vec*)(s + (lanes) * k), acc[k]);                                            \
    }

static int32_t yinsh_nn_layers_portable(const int16_t* x, const int16_t* w, const int32_t* b,
                                        const int8_t* w3, int32_t b3, int shift, int clamp) {
    int32_t s[YINSH_NN_L2];
#if YINSH_NN_SSE2
    YINSH_NN_SUMS(__m128i, 4, _mm_loadu_si128, _mm_storeu_si128, _mm_set1_epi32, _mm_madd_epi16,
                  _mm_add_epi32)
#elif defined(__wasm_simd128__)
    /* The pairs of zeros skipped (above): the nonzero pairs' mask, 4 pairs
     * at a time (i32x4.ne, bitmask), then a pass per set bit. */
    {
        v128_t acc[YINSH_NN_L2 / 4];
        uint64_t nonzero = 0;
        for (int k = 0; k < YINSH_NN_L2 / 4; k++)
            acc[k] = wasm_v128_load(b + 4 * k);
        for (int q = 0; q < YINSH_NN_INPUT / 8; q++)
            nonzero |= (uint64_t)wasm_i32x4_bitmask(wasm_i32x4_ne(wasm_v128_load(x + 8 * q),
                                                                   wasm_i32x4_splat(0))) << (4 * q);
        while (nonzero) {
            int p = __builtin_ctzll(nonzero);
            int32_t pair;
            nonzero &= nonzero - 1;
            memcpy(&pair, x + 2 * p, sizeof pair);
            v128_t xv = wasm_i32x4_splat(pair);
            const int16_t* row = w + (size_t)p * 2 * YINSH_NN_L2;
            for (int k = 0; k < YINSH_NN_L2 / 4; k++)
                acc[k] = wasm_i32x4_add(acc[k], wasm_i32x4_dot_i16x8(xv, wasm_v128_load(row + 8 * k)));
        }
        for (int k = 0; k < YINSH_NN_L2 / 4; k++)
            wasm_v128_store(s + 4 * k, acc[k]);
    }
#else
    for (int k = 0; k < YINSH_NN_L2; k++)
        s[k] = b[k];
    for (int p = 0; p < YINSH_NN_INPUT / 2; p++) {
        int32_t x0 = x[2 * p], x1 = x[2 * p + 1];
        const int16_t* row = w + (size_t)p * 2 * YINSH_NN_L2;
        for (int k = 0; k < YINSH_NN_L2; k++)
            s[k] += x0 * (int32_t)row[2 * k] + x1 * (int32_t)row[2 * k + 1];
    }
#endif
    return yinsh_nn_output(s, w3, b3, shift, clamp);
}

#if YINSH_NN_DISPATCH
__attribute__((target("avx2")))
static int32_t yinsh_nn_layers_avx2(const int16_t* x, const int16_t* w, const int32_t* b,
                                    const int8_t* w3, int32_t b3, int shift, int clamp) {
    int32_t s[YINSH_NN_L2];
    YINSH_NN_SUMS(__m256i, 8, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_set1_epi32,
                  _mm256_madd_epi16, _mm256_add_epi32)
    return yinsh_nn_output(s, w3, b3, shift, clamp);
}
#endif

static yinsh_nn_layers_fn yinsh_nn_layers_impl = 0;
static const char* yinsh_nn_kernel_name = "portable";

/* The update of both perspectives' accumulators: accp += addsp[i] for
 * i < n_add, -= subsp[i] for i < n_sub (the same features change for both
 * perspectives, each with its own rows). */
typedef void (*yinsh_nn_rows_fn)(int16_t* acc0, int16_t* acc1, const int16_t** adds0,
                                 const int16_t** adds1, int n_add, const int16_t** subs0,
                                 const int16_t** subs1, int n_sub);

#define YINSH_NN_HIDDENS_PARAMS                                                                   \
    (int16_t* acc0, int16_t* acc1, const int16_t** adds0, const int16_t** adds1, int n_add,   \
     const int16_t** subs0, const int16_t** subs1, int n_sub)
#define YINSH_NN_HIDDENS_LISTS                                                                    \
    int16_t* acc[2] = {acc0, acc1};                                                            \
    const int16_t** adds[2] = {adds0, adds1};                                                  \
    const int16_t** subs[2] = {subs0, subs1};

#if defined(__GNUC__) || defined(__clang__)

/* The accumulators of perspectives first..last - 1 in registers of vector
 * type vtype (bytes wide), each YINSH_NN_HIDDEN * 2 / bytes of them. */
#define YINSH_NN_HIDDENS_PASS(vtype, bytes, first, last)                                          \
    {                                                                                          \
        enum { N = YINSH_NN_HIDDEN * 2 / (bytes), LANES = (bytes) / 2, P = (last) - (first) };    \
        vtype a[P][N], r;                                                                      \
        _Pragma("GCC unroll 2") for (int p = 0; p < P; p++)                                    \
            _Pragma("GCC unroll 8") for (int k = 0; k < N; k++)                                \
                memcpy(&a[p][k], acc[(first) + p] + k * LANES, bytes);                         \
        for (int i = 0; i < n_add; i++)                                                        \
            _Pragma("GCC unroll 2") for (int p = 0; p < P; p++)                                \
                _Pragma("GCC unroll 8") for (int k = 0; k < N; k++) {                          \
                    memcpy(&r, adds[(first) + p][i] + k * LANES, bytes);                       \
                    a[p][k] += r;                                                              \
                }                                                                              \
        for (int i = 0; i < n_sub; i++)                                                        \
            _Pragma("GCC unroll 2") for (int p = 0; p < P; p++)                                \
                _Pragma("GCC unroll 8") for (int k = 0; k < N; k++) {                          \
                    memcpy(&r, subs[(first) + p][i] + k * LANES, bytes);                       \
                    a[p][k] -= r;                                                              \
                }                                                                              \
        _Pragma("GCC unroll 2") for (int p = 0; p < P; p++)                                    \
            _Pragma("GCC unroll 8") for (int k = 0; k < N; k++)                                \
                memcpy(acc[(first) + p] + k * LANES, &a[p][k], bytes);                         \
    }

typedef uint16_t yinsh_v8 __attribute__((vector_size(16)));

/* 128-bit registers: one perspective at a time (its 8 registers, 16 for both would spill). */
static void yinsh_nn_rows_portable YINSH_NN_HIDDENS_PARAMS {
    YINSH_NN_HIDDENS_LISTS
    YINSH_NN_HIDDENS_PASS(yinsh_v8, 16, 0, 1)
    YINSH_NN_HIDDENS_PASS(yinsh_v8, 16, 1, 2)
}

#else

static void yinsh_nn_rows_portable YINSH_NN_HIDDENS_PARAMS {
    YINSH_NN_HIDDENS_LISTS
    for (int p = 0; p < 2; p++)
        for (int j = 0; j < YINSH_NN_HIDDEN; j++) {
            uint16_t v = (uint16_t)acc[p][j];
            for (int i = 0; i < n_add; i++)
                v = (uint16_t)(v + (uint16_t)adds[p][i][j]);
            for (int i = 0; i < n_sub; i++)
                v = (uint16_t)(v - (uint16_t)subs[p][i][j]);
            acc[p][j] = (int16_t)v;
        }
}

#endif

#if YINSH_NN_DISPATCH
typedef uint16_t yinsh_v16 __attribute__((vector_size(32)));

/* 256-bit registers: both perspectives in one pass (4 registers each). */
__attribute__((target("avx2")))
static void yinsh_nn_rows_avx2 YINSH_NN_HIDDENS_PARAMS {
    YINSH_NN_HIDDENS_LISTS
    YINSH_NN_HIDDENS_PASS(yinsh_v16, 32, 0, 2)
}
#endif

static yinsh_nn_rows_fn yinsh_nn_rows_impl = 0;

/* Chooses the code once per process (a race between threads writes the same). */
static void yinsh_nn_choose(void) {
    yinsh_nn_layers_fn layers = yinsh_nn_layers_portable;
    yinsh_nn_rows_fn rows = yinsh_nn_rows_portable;
    const char* name = "portable";
#if YINSH_NN_DISPATCH
    const char* forced = getenv("YINSH_SIMD");
    if (forced == 0 || strcmp(forced, "portable") != 0) {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx2")) {
            layers = yinsh_nn_layers_avx2;
            rows = yinsh_nn_rows_avx2;
            name = "avx2";
        }
    }
#endif
    yinsh_nn_kernel_name = name;
    yinsh_nn_rows_impl = rows;
    yinsh_nn_layers_impl = layers;
}

static inline int32_t yinsh_nn_layers(const int16_t* x, const int16_t* w, const int32_t* b,
                                      const int8_t* w3, int32_t b3, int shift, int clamp) {
    if (yinsh_nn_layers_impl == 0)
        yinsh_nn_choose();
    return yinsh_nn_layers_impl(x, w, b, w3, b3, shift, clamp);
}

static inline void yinsh_nn_rows YINSH_NN_HIDDENS_PARAMS {
    if (yinsh_nn_rows_impl == 0)
        yinsh_nn_choose();
    yinsh_nn_rows_impl(acc0, acc1, adds0, adds1, n_add, subs0, subs1, n_sub);
}

/* The name of the code in use: "avx2" or "portable". */
static inline const char* yinsh_nn_kernel(void) {
    if (yinsh_nn_layers_impl == 0)
        yinsh_nn_choose();
    return yinsh_nn_kernel_name;
}

#endif
