/* Bit operations on 64-bit words for the compiled cores, the same on every
 * compiler: gcc and clang builtins, MSVC intrinsics (<intrin.h>).
 *
 * YINSH_INT128 says whether the cores use unsigned __int128: where the
 * compiler has it (gcc and clang on 64-bit targets define __SIZEOF_INT128__,
 * MSVC does not), unless the build sets YINSH_PORTABLE_BITBOARD=1 (setup.py,
 * from the environment variable of that name), which forces the portable
 * path everywhere: the two 64-bit words of bitboard.h, mul_hi64 by halves.
 */
#ifndef YINSH_BITS_H
#define YINSH_BITS_H

#include <stdint.h>

#if defined(YINSH_PORTABLE_BITBOARD) && YINSH_PORTABLE_BITBOARD
#define YINSH_INT128 0
#elif defined(__SIZEOF_INT128__)
#define YINSH_INT128 1
#else
#define YINSH_INT128 0
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#define YINSH_MSVC 1
#else
#define YINSH_MSVC 0
#endif

/* Index of the lowest set bit; x must not be 0. */
static inline int ctz64(uint64_t x) {
#if YINSH_MSVC
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
#else
    return __builtin_ctzll(x);
#endif
}

/* Index of the highest set bit; x must not be 0. */
static inline int msb64(uint64_t x) {
#if YINSH_MSVC
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
#else
    return 63 - __builtin_clzll(x);
#endif
}

/* Bit count without the popcnt instruction (the default build targets every
 * x86-64, where __builtin_popcountll is a library call and MSVC's
 * __popcnt64 would need a CPU check): a few shifts and one multiply. */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Index of the k-th lowest set bit (k = 0 is the lowest); k < the number of
 * set bits of x. Clears the k bits below it one at a time: the callers' k is
 * small (a ray's moves, below 10) or rare (a ring placement). */
static inline int select64(uint64_t x, int k) {
    while (k-- > 0)
        x &= x - 1;
    return ctz64(x);
}

/* The high 64 bits of the 128-bit product a * b. */
static inline uint64_t mul_hi64(uint64_t a, uint64_t b) {
#if YINSH_INT128
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
#elif YINSH_MSVC
    return __umulh(a, b);
#else
    /* By 32-bit halves: a * b = ah*bh << 64 + (ah*bl + al*bh) << 32 + al*bl. */
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t low = al * bl, mid1 = ah * bl, mid2 = al * bh;
    uint64_t carry = ((low >> 32) + (uint32_t)mid1 + (uint32_t)mid2) >> 32;
    return ah * bh + (mid1 >> 32) + (mid2 >> 32) + carry;
#endif
}

#endif
