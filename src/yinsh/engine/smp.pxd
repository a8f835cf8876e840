# Threads and relaxed atomics for the searches (engine/smp.h says why).
from libc.stdint cimport uint64_t

cdef extern from "smp.h" nogil:
    int smp_load_int(const int* p)
    void smp_store_int(int* p, int v)
    uint64_t smp_load_u64(const uint64_t* p)
    void smp_store_u64(uint64_t* p, uint64_t v)
    ctypedef struct smp_thread:
        int running
    ctypedef void* (*smp_thread_fn)(void*) noexcept nogil
    int smp_thread_start(smp_thread* t, smp_thread_fn fn, void* arg)
    void smp_thread_join(smp_thread* t)
