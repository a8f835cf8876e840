/* The operating system's services the compiled modules use beyond C's:
 * a monotonic clock, a short sleep and memory aligned to a cache line;
 * POSIX, or Windows (QueryPerformanceCounter, Sleep, _aligned_malloc). */
#ifndef YINSH_PLATFORM_H
#define YINSH_PLATFORM_H

#include <stddef.h>
#include <stdlib.h>

#ifdef _WIN32

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <malloc.h>

/* Seconds since an arbitrary start, never going back. */
static inline double monotonic_seconds(void) {
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    return (double)now.QuadPart / (double)frequency.QuadPart;
}

/* Sleeps at least us microseconds (Windows sleeps in milliseconds). */
static inline void sleep_microseconds(long us) { Sleep((DWORD)((us + 999) / 1000)); }

/* size bytes at a multiple of alignment (a power of two), NULL without
 * memory; freed with aligned_free. */
static inline void* aligned_malloc(size_t alignment, size_t size) { return _aligned_malloc(size, alignment); }

static inline void aligned_free(void* p) { _aligned_free(p); }

#else

#include <time.h>

static inline double monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline void sleep_microseconds(long us) {
    struct timespec ts;
    ts.tv_sec = us / 1000000;
    ts.tv_nsec = (us % 1000000) * 1000;
    nanosleep(&ts, NULL);
}

static inline void* aligned_malloc(size_t alignment, size_t size) {
    void* p = NULL;
    return posix_memalign(&p, alignment, size) == 0 ? p : NULL;
}

static inline void aligned_free(void* p) { free(p); }

#endif

#endif
