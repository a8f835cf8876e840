/* Threads for the compiled loops (perft's split over threads): POSIX
 * threads, and the few atomic operations the threads share (gcc and clang
 * builtins, as bitboard.h's). */
#ifndef YINSH_THREADS_H
#define YINSH_THREADS_H

#include <pthread.h>
#include <time.h>

typedef void* (*yinsh_thread_fn)(void*);

/* Starts fn(arg) on a new thread; 0 on success (pthread_create's code). */
static inline int thread_start(pthread_t* thread, yinsh_thread_fn fn, void* arg) {
    return pthread_create(thread, NULL, fn, arg);
}

static inline void thread_join(pthread_t thread) { pthread_join(thread, NULL); }

/* *p += 1, returning the value before. */
static inline int atomic_fetch_inc(int* p) { return __atomic_fetch_add(p, 1, __ATOMIC_ACQ_REL); }

static inline int atomic_get(const int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

static inline void atomic_put(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

static inline void sleep_microseconds(long us) {
    struct timespec ts;
    ts.tv_sec = us / 1000000;
    ts.tv_nsec = (us % 1000000) * 1000;
    nanosleep(&ts, NULL);
}

#endif
