/* The learned evaluation's output layers (yinsh/nnue_layers.pxd, nn_output):
 * the clamped accumulators x (n_input int16) through n_l2 dot products with
 * the rows of the second layer (int16, [output][input]), each shifted,
 * clamped and weighted by the third layer, with runtime dispatch on x86:
 *
 * - "avx2": the same C code compiled for AVX2 (gcc and clang's target
 *   attribute), chosen where the processor has it (__builtin_cpu_supports),
 *   so the default build stays portable (no -march=native);
 * - "portable": the code of the default flags (SSE2 on x86-64; NEON or
 *   scalar elsewhere, where there is no dispatch, MSVC too).
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

/* The layers for sizes known where it is inlined (constant: vectorised whole). */
YINSH_NN_INLINE int32_t yinsh_nn_layers_body(const int16_t* x, const int16_t* l2_weight,
                                             const int32_t* l2_bias, const int8_t* l3_weight,
                                             int32_t l3_bias, int n_input, int n_l2,
                                             int shift, int clamp) {
    int32_t out = l3_bias;
    for (int k = 0; k < n_l2; k++) {
        const int16_t* row = l2_weight + (size_t)k * (size_t)n_input;
        int32_t s = 0;
        for (int i = 0; i < n_input; i++)
            s += (int32_t)x[i] * (int32_t)row[i];
        int32_t y = (l2_bias[k] + s) >> shift;      /* arithmetic shift: floor division */
        y = y < 0 ? 0 : y;
        y = y > clamp ? clamp : y;
        out += y * (int32_t)l3_weight[k];
    }
    return out;
}

#define YINSH_NN_LAYERS(x, w, b, w3, b3, n_input, n_l2, shift, clamp)                        \
    ((n_input) == 128 && (n_l2) == 32                                                          \
         ? yinsh_nn_layers_body(x, w, b, w3, b3, 128, 32, shift, clamp)                        \
         : yinsh_nn_layers_body(x, w, b, w3, b3, n_input, n_l2, shift, clamp))

typedef int32_t (*yinsh_nn_layers_fn)(const int16_t*, const int16_t*, const int32_t*,
                                      const int8_t*, int32_t, int, int, int, int);

static int32_t yinsh_nn_layers_portable(const int16_t* x, const int16_t* w, const int32_t* b,
                                        const int8_t* w3, int32_t b3, int n_input, int n_l2,
                                        int shift, int clamp) {
    return YINSH_NN_LAYERS(x, w, b, w3, b3, n_input, n_l2, shift, clamp);
}

#if YINSH_NN_DISPATCH
__attribute__((target("avx2")))
static int32_t yinsh_nn_layers_avx2(const int16_t* x, const int16_t* w, const int32_t* b,
                                    const int8_t* w3, int32_t b3, int n_input, int n_l2,
                                    int shift, int clamp) {
    return YINSH_NN_LAYERS(x, w, b, w3, b3, n_input, n_l2, shift, clamp);
}
#endif

static yinsh_nn_layers_fn yinsh_nn_layers_impl = 0;
static const char* yinsh_nn_kernel_name = "portable";

/* Chooses the code once per process (a race between threads writes the same). */
static void yinsh_nn_choose(void) {
    yinsh_nn_layers_fn chosen = yinsh_nn_layers_portable;
    const char* name = "portable";
#if YINSH_NN_DISPATCH
    const char* forced = getenv("YINSH_SIMD");
    if (forced == 0 || strcmp(forced, "portable") != 0) {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx2")) {
            chosen = yinsh_nn_layers_avx2;
            name = "avx2";
        }
    }
#endif
    yinsh_nn_kernel_name = name;
    yinsh_nn_layers_impl = chosen;
}

static inline int32_t yinsh_nn_layers(const int16_t* x, const int16_t* w, const int32_t* b,
                                      const int8_t* w3, int32_t b3, int n_input, int n_l2,
                                      int shift, int clamp) {
    if (yinsh_nn_layers_impl == 0)
        yinsh_nn_choose();
    return yinsh_nn_layers_impl(x, w, b, w3, b3, n_input, n_l2, shift, clamp);
}

/* The name of the code in use: "avx2" or "portable". */
static inline const char* yinsh_nn_kernel(void) {
    if (yinsh_nn_layers_impl == 0)
        yinsh_nn_choose();
    return yinsh_nn_kernel_name;
}

#endif
