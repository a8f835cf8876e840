# Declarations of bitboard.h, the 128-bit bitboards of the 85 points, for
# compiled modules: `from yinsh.bitboard cimport u128, bb_and, bb_pop_lsb, ...`.
#
# u128 is opaque here (unsigned __int128, or a struct of two 64-bit words on
# the portable path): Cython refuses operators, truth tests and conversions
# to Python on it, so every use goes through the helpers, on both paths.
# Python ints cross with bb_make(lo, hi) / bb_lo, bb_hi (_board.pyx:
# bitboard_from_int, bitboard_to_int).
from libc.stdint cimport uint64_t

cdef extern from "bitboard.h" nogil:
    ctypedef struct u128:
        pass
    bint YINSH_DEBUG                   # built with YINSH_DEBUG=1 (setup.py)
    bint YINSH_INT128                  # u128 is unsigned __int128 (else two 64-bit words)
    uint64_t bb_lo(u128 b)
    uint64_t bb_hi(u128 b)
    u128 bb_make(uint64_t lo, uint64_t hi)
    u128 bb_from_u64(uint64_t x)
    u128 bb_zero()
    u128 bb_ones()                     # all 128 bits
    u128 bb_bit(int i)
    u128 bb_below(int i)               # the bits below bit i
    u128 bb_and(u128 a, u128 b)
    u128 bb_or(u128 a, u128 b)
    u128 bb_xor(u128 a, u128 b)
    u128 bb_not(u128 a)
    u128 bb_andnot(u128 a, u128 b)     # a & ~b
    u128 bb_shr(u128 a, int n)         # 0 <= n < 128
    u128 bb_shl(u128 a, int n)
    bint bb_any(u128 b)                # b != 0
    u128 bb_clear_lsb(u128 b)
    int bb_popcount(u128 b)
    int bb_lsb(u128 b)
    int bb_pop_lsb(u128* b)            # the lowest set bit's index, cleared from *b
    int bb_msb(u128 b)
    int bb_select(u128 b, int k)       # the k-th lowest set bit's index; k < bb_popcount(b)
