# A small, fast, seedable PRNG (splitmix64), the same on every machine: the
# Zobrist keys, random playouts and BatchGames draw from it.
from libc.stdint cimport uint64_t

from yinsh.bits cimport mul_hi64


cdef inline uint64_t rng_next(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


# A uniform integer in [0, n), n > 0 (Lemire's multiply-shift, no division).
cdef inline uint64_t rng_below(uint64_t* state, uint64_t n) noexcept nogil:
    return mul_hi64(rng_next(state), n)
