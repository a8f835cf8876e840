/* 128-bit bitboards for the 85 points of the Yinsh board.
 *
 * A point (column c = 0..10 for a..k, row r = 1..11) is bit c * 11 + (r - 1)
 * (geometry.pxd and yinsh.yinsh.geometry hold the layout: point_at, axis_shift).
 * The three line directions are the shifts 1 (row + 1), 11 (column + 1) and
 * 12 (both + 1); no shift wraps one valid point onto another, so a shifted
 * board only needs masking with the valid points.
 *
 * Two representations of u128, chosen at compile time (bits.h's
 * YINSH_INT128): unsigned __int128 where the compiler has it, else (MSVC, or
 * the build switch YINSH_PORTABLE_BITBOARD=1) a struct of two 64-bit words.
 * Code outside this file never touches the representation: it goes through
 * the helpers below (bb_and, bb_shr, bb_any, ...), which on the __int128 path
 * are the plain operators once inlined.
 */
#ifndef YINSH_BITBOARD_H
#define YINSH_BITBOARD_H

#include <stdint.h>

#include "bits.h"

#ifndef YINSH_DEBUG
#define YINSH_DEBUG 0
#endif

#if YINSH_INT128

typedef unsigned __int128 u128;

static inline uint64_t bb_lo(u128 b) { return (uint64_t)b; }
static inline uint64_t bb_hi(u128 b) { return (uint64_t)(b >> 64); }
static inline u128 bb_make(uint64_t lo, uint64_t hi) { return ((u128)hi << 64) | lo; }
static inline u128 bb_from_u64(uint64_t x) { return (u128)x; }
static inline u128 bb_bit(int i) { return ((u128)1) << i; }
/* The bits below bit i (0 <= i < 128). */
static inline u128 bb_below(int i) { return (((u128)1) << i) - 1; }

static inline u128 bb_and(u128 a, u128 b) { return a & b; }
static inline u128 bb_or(u128 a, u128 b) { return a | b; }
static inline u128 bb_xor(u128 a, u128 b) { return a ^ b; }
static inline u128 bb_not(u128 a) { return ~a; }
/* a & ~b: the bits of a that b does not have. */
static inline u128 bb_andnot(u128 a, u128 b) { return a & ~b; }
/* Shifts by 0 <= n < 128 bits. */
static inline u128 bb_shr(u128 a, int n) { return a >> n; }
static inline u128 bb_shl(u128 a, int n) { return a << n; }
static inline int bb_any(u128 b) { return b != 0; }
/* b with its lowest set bit cleared. */
static inline u128 bb_clear_lsb(u128 b) { return b & (b - 1); }

#else

typedef struct { uint64_t lo, hi; } u128;

static inline uint64_t bb_lo(u128 b) { return b.lo; }
static inline uint64_t bb_hi(u128 b) { return b.hi; }
static inline u128 bb_make(uint64_t lo, uint64_t hi) {
    u128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}
static inline u128 bb_from_u64(uint64_t x) { return bb_make(x, 0); }
static inline u128 bb_bit(int i) {
    return i < 64 ? bb_make((uint64_t)1 << i, 0) : bb_make(0, (uint64_t)1 << (i - 64));
}
/* The bits below bit i (0 <= i < 128). */
static inline u128 bb_below(int i) {
    return i < 64 ? bb_make(((uint64_t)1 << i) - 1, 0) : bb_make(~(uint64_t)0, ((uint64_t)1 << (i - 64)) - 1);
}

static inline u128 bb_and(u128 a, u128 b) { return bb_make(a.lo & b.lo, a.hi & b.hi); }
static inline u128 bb_or(u128 a, u128 b) { return bb_make(a.lo | b.lo, a.hi | b.hi); }
static inline u128 bb_xor(u128 a, u128 b) { return bb_make(a.lo ^ b.lo, a.hi ^ b.hi); }
static inline u128 bb_not(u128 a) { return bb_make(~a.lo, ~a.hi); }
/* a & ~b: the bits of a that b does not have. */
static inline u128 bb_andnot(u128 a, u128 b) { return bb_make(a.lo & ~b.lo, a.hi & ~b.hi); }
/* Shifts by 0 <= n < 128 bits (a 64-bit word shifted by 64 is undefined in
 * C, hence the three cases). */
static inline u128 bb_shr(u128 a, int n) {
    if (n == 0) return a;
    if (n < 64) return bb_make((a.lo >> n) | (a.hi << (64 - n)), a.hi >> n);
    return bb_make(a.hi >> (n - 64), 0);
}
static inline u128 bb_shl(u128 a, int n) {
    if (n == 0) return a;
    if (n < 64) return bb_make(a.lo << n, (a.hi << n) | (a.lo >> (64 - n)));
    return bb_make(0, a.lo << (n - 64));
}
static inline int bb_any(u128 b) { return (b.lo | b.hi) != 0; }
/* b with its lowest set bit cleared. */
static inline u128 bb_clear_lsb(u128 b) {
    return b.lo ? bb_make(b.lo & (b.lo - 1), b.hi) : bb_make(0, b.hi & (b.hi - 1));
}

#endif

/* The empty board and the board of all 128 bits. */
static inline u128 bb_zero(void) { return bb_from_u64(0); }
static inline u128 bb_ones(void) { return bb_not(bb_zero()); }

static inline int bb_popcount(u128 b) { return popcount64(bb_lo(b)) + popcount64(bb_hi(b)); }

/* Index of the lowest set bit; b must not be 0. */
static inline int bb_lsb(u128 b) {
    uint64_t lo = bb_lo(b);
    return lo ? ctz64(lo) : 64 + ctz64(bb_hi(b));
}

/* Index of the lowest set bit, which is cleared; *b must not be 0. The
 * loop over the points of a board:  while (bb_any(b)) { sq = bb_pop_lsb(&b); ... } */
static inline int bb_pop_lsb(u128* b) {
    int i = bb_lsb(*b);
    *b = bb_clear_lsb(*b);
    return i;
}

/* Index of the k-th lowest set bit of b (k = 0 is bb_lsb); k must be below
 * bb_popcount(b): the k-th point in the order of the bb_pop_lsb loop. */
static inline int bb_select(u128 b, int k) {
    uint64_t lo = bb_lo(b);
    int below = popcount64(lo);
    return k < below ? select64(lo, k) : 64 + select64(bb_hi(b), k - below);
}

/* Index of the highest set bit; b must not be 0. */
static inline int bb_msb(u128 b) {
    uint64_t hi = bb_hi(b);
    return hi ? 64 + msb64(hi) : msb64(bb_lo(b));
}

#endif
