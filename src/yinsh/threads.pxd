# Declarations of threads.h: POSIX threads and shared atomic ints.

cdef extern from "threads.h" nogil:
    ctypedef struct pthread_t:
        pass
    ctypedef void* (*yinsh_thread_fn)(void*) noexcept nogil
    int thread_start(pthread_t* thread, yinsh_thread_fn fn, void* arg)
    void thread_join(pthread_t thread)
    int atomic_fetch_inc(int* p)
    int atomic_get(const int* p)
    void atomic_put(int* p, int v)
    void sleep_microseconds(long us)
