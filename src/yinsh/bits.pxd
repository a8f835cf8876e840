# Declarations of bits.h: bit operations on 64-bit words, the same on gcc,
# clang and MSVC.
from libc.stdint cimport uint64_t

cdef extern from "bits.h" nogil:
    int ctz64(uint64_t x)              # the lowest set bit's index; x != 0
    int msb64(uint64_t x)              # the highest set bit's index; x != 0
    int popcount64(uint64_t x)
    int select64(uint64_t x, int k)    # the k-th lowest set bit's index; k < popcount64(x)
    uint64_t mul_hi64(uint64_t a, uint64_t b)   # the high word of the 128-bit a * b
