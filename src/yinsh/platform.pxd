# Declarations of platform.h: a monotonic clock, a short sleep and aligned
# memory, on POSIX and Windows.

cdef extern from "platform.h" nogil:
    double monotonic_seconds()                 # never goes back
    void sleep_microseconds(long us)
    void* aligned_malloc(size_t alignment, size_t size)   # NULL without memory
    void aligned_free(void* p)
