# Declarations of bitboard.h, the 128-bit bitboards of the 85 points, for
# compiled modules: `from yinsh.bitboard cimport u128, bb_pop_lsb, ...`.
from libc.stdint cimport uint64_t

cdef extern from "bitboard.h" nogil:
    ctypedef unsigned long long u128   # really unsigned __int128
    bint YINSH_DEBUG                   # built with YINSH_DEBUG=1 (setup.py)
    u128 bb_bit(int i)
    uint64_t bb_lo(u128 b)
    uint64_t bb_hi(u128 b)
    u128 bb_make(uint64_t lo, uint64_t hi)
    int popcount64(uint64_t x)
    int bb_popcount(u128 b)
    int bb_lsb(u128 b)
    int bb_pop_lsb(u128* b)            # the lowest set bit's index, cleared from *b
    int bb_msb(u128 b)
