/* Constant tables of the Ludo core, fixed at compile time.
 *
 * Included as "ludo/ludo.h" (src/yinsh is on every extension's include
 * path), so any module that cimports yinsh.ludo._core and inlines its hot
 * functions sees the same keys.
 *
 * Zobrist keys: LUDO_KEYS[i] is splitmix64's output for the seed
 * 0x4C55444F + i ("LUDO"), written as a constant expression, so the table
 * needs no code at import and is the same in every module and on every
 * machine. The layout of the table (offsets) is in _core.pxd.
 */
#ifndef YINSH_LUDO_H
#define YINSH_LUDO_H

#include <stdint.h>

#include "bits.h"

#ifndef YINSH_DEBUG
#define YINSH_DEBUG 0
#endif

#define LUDO_MIX1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define LUDO_MIX2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBULL)
#define LUDO_MIX3(z) ((z) ^ ((z) >> 31))
#define LUDO_KEY(i) LUDO_MIX3(LUDO_MIX2(LUDO_MIX1((0x4C55444FULL + (uint64_t)(i) + 1) * 0x9E3779B97F4A7C15ULL)))

#define LUDO_K4(i) LUDO_KEY(i), LUDO_KEY((i) + 1), LUDO_KEY((i) + 2), LUDO_KEY((i) + 3)
#define LUDO_K16(i) LUDO_K4(i), LUDO_K4((i) + 4), LUDO_K4((i) + 8), LUDO_K4((i) + 12)
#define LUDO_K64(i) LUDO_K16(i), LUDO_K16((i) + 16), LUDO_K16((i) + 32), LUDO_K16((i) + 48)

#define LUDO_NUM_KEYS 320

static const uint64_t LUDO_KEYS[LUDO_NUM_KEYS] = {
    LUDO_K64(0), LUDO_K64(64), LUDO_K64(128), LUDO_K64(192), LUDO_K64(256)
};

/* Bit count and lowest set bit of 64-bit masks (bits.h: the same on every
 * compiler). */
static inline int ludo_popcount(uint64_t x) { return popcount64(x); }

/* Index of the lowest set bit; x must not be 0. */
static inline int ludo_lsb(uint64_t x) { return ctz64(x); }

#endif
