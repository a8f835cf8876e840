# Declarations of threads.h: threads (POSIX or Windows) and shared atomic ints.

cdef extern from "threads.h" nogil:
    ctypedef struct yinsh_thread:
        pass
    ctypedef void* (*yinsh_thread_fn)(void*) noexcept nogil
    int thread_start(yinsh_thread* thread, yinsh_thread_fn fn, void* arg, size_t stack_size)
    void thread_join(yinsh_thread* thread)
    int atomic_fetch_inc(int* p)
    int atomic_get(const int* p)
    void atomic_put(int* p, int v)
