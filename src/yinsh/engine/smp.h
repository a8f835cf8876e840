/* Threads and relaxed atomics for the compiled searches (Lazy SMP).
 *
 * The searches share one transposition table and a few flags between
 * threads. Every shared word is read and written with relaxed atomic
 * operations: on x86-64 and ARM64 these are plain aligned loads and stores
 * (no lock prefix, no fence), and they tell the C compiler that another
 * thread may change the word, so it neither caches nor tears it. A torn
 * *entry* (words of two different writes) is caught by the table's check
 * word (engine/tt.pxd), not by ordering.
 */
#ifndef YINSH_ENGINE_SMP_H
#define YINSH_ENGINE_SMP_H

#include <stdint.h>
#include <pthread.h>

static inline int smp_load_int(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void smp_store_int(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline uint64_t smp_load_u64(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void smp_store_u64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

typedef struct { pthread_t id; int running; } smp_thread;
typedef void *(*smp_thread_fn)(void *);

/* Starts fn(arg) in a new thread with an 8 MB stack (some C libraries give
 * threads 128 KB, too little for a deep search); returns 0 on success. */
static inline int smp_thread_start(smp_thread *t, smp_thread_fn fn, void *arg) {
    pthread_attr_t attr;
    int r;
    t->running = 0;
    if (pthread_attr_init(&attr) != 0) return -1;
    pthread_attr_setstacksize(&attr, (size_t)8 << 20);
    r = pthread_create(&t->id, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    if (r == 0) t->running = 1;
    return r;
}

/* Waits for a thread started by smp_thread_start (nothing if it did not start). */
static inline void smp_thread_join(smp_thread *t) {
    if (t->running) {
        pthread_join(t->id, NULL);
        t->running = 0;
    }
}

#endif
