/* 128-bit bitboards for the 85 points of the Yinsh board.
 *
 * A point (column c = 0..10 for a..k, row r = 1..11) is bit c * 11 + (r - 1)
 * (geometry.pxd and yinsh.yinsh.geometry hold the layout: point_at, axis_shift).
 * The three line directions are the shifts 1 (row + 1), 11 (column + 1) and
 * 12 (both + 1); no shift wraps one valid point onto another, so a shifted
 * board only needs masking with the valid points.
 */
#ifndef YINSH_BITBOARD_H
#define YINSH_BITBOARD_H

#include <stdint.h>

#ifndef __SIZEOF_INT128__
#error "yinsh needs a C compiler with unsigned __int128 (gcc or clang on a 64-bit target)"
#endif

typedef unsigned __int128 u128;

#ifndef YINSH_DEBUG
#define YINSH_DEBUG 0
#endif

static inline u128 bb_bit(int i) { return ((u128)1) << i; }

static inline uint64_t bb_lo(u128 b) { return (uint64_t)b; }

static inline uint64_t bb_hi(u128 b) { return (uint64_t)(b >> 64); }

static inline u128 bb_make(uint64_t lo, uint64_t hi) { return ((u128)hi << 64) | lo; }

/* Bit count without the popcnt instruction (the default build targets every
 * x86-64, where __builtin_popcountll is a library call). */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int bb_popcount(u128 b) { return popcount64(bb_lo(b)) + popcount64(bb_hi(b)); }

/* Index of the lowest set bit; b must not be 0. */
static inline int bb_lsb(u128 b) {
    uint64_t lo = bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(bb_hi(b));
}

/* Index of the lowest set bit, which is cleared; *b must not be 0. The
 * loop over the points of a board:  while (b) { sq = bb_pop_lsb(&b); ... } */
static inline int bb_pop_lsb(u128* b) {
    int i = bb_lsb(*b);
    *b &= *b - 1;
    return i;
}

/* Index of the highest set bit; b must not be 0. */
static inline int bb_msb(u128 b) {
    uint64_t hi = bb_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(bb_lo(b));
}

#endif
