/* Threads and relaxed atomics for the compiled searches (Lazy SMP).
 *
 * The searches share one transposition table and a few flags between
 * threads. Every shared word is read and written with relaxed atomic
 * operations: on x86-64 and ARM64 these are plain aligned loads and stores
 * (no lock prefix, no fence), and they tell the C compiler that another
 * thread may change the word, so it neither caches nor tears it. A torn
 * *entry* (words of two different writes) is caught by the table's check
 * word (engine/tt.pxd), not by ordering. MSVC: volatile loads and stores
 * of aligned words, which are the same plain instructions.
 */
#ifndef YINSH_ENGINE_SMP_H
#define YINSH_ENGINE_SMP_H

#include <stdint.h>

#include "threads.h"

#if defined(_MSC_VER) && !defined(__clang__)
static inline int smp_load_int(const int *p) { return *(const volatile int *)p; }
static inline void smp_store_int(int *p, int v) { *(volatile int *)p = v; }
static inline uint64_t smp_load_u64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
static inline void smp_store_u64(uint64_t *p, uint64_t v) { *(volatile uint64_t *)p = v; }
#else
static inline int smp_load_int(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void smp_store_int(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline uint64_t smp_load_u64(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void smp_store_u64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
#endif

typedef struct { yinsh_thread thread; int running; } smp_thread;
typedef void *(*smp_thread_fn)(void *);

/* Starts fn(arg) in a new thread with an 8 MB stack (some C libraries give
 * threads 128 KB, too little for a deep search); returns 0 on success. */
static inline int smp_thread_start(smp_thread *t, smp_thread_fn fn, void *arg) {
    int r = thread_start(&t->thread, fn, arg, (size_t)8 << 20);
    t->running = r == 0;
    return r;
}

/* Waits for a thread started by smp_thread_start (nothing if it did not start). */
static inline void smp_thread_join(smp_thread *t) {
    if (t->running) {
        thread_join(&t->thread);
        t->running = 0;
    }
}

#endif
