/* Threads for the compiled loops (perft's split over threads, the searches'
 * Lazy SMP threads of engine/smp.h) and the few atomic operations perft's
 * threads share: POSIX threads and gcc/clang atomic builtins, or on Windows
 * _beginthreadex and the Interlocked intrinsics (full barriers, so at least
 * the acquire/release the POSIX branch asks for). */
#ifndef YINSH_THREADS_H
#define YINSH_THREADS_H

#include <stddef.h>

#include "platform.h"        /* <windows.h> on Windows, with its lean macros */

typedef void* (*yinsh_thread_fn)(void*);

#ifdef _WIN32

#include <intrin.h>
#include <process.h>

typedef struct { HANDLE handle; yinsh_thread_fn fn; void* arg; } yinsh_thread;

static inline unsigned __stdcall yinsh_thread_main(void* thread) {
    yinsh_thread* t = (yinsh_thread*)thread;
    t->fn(t->arg);
    return 0;
}

/* Starts fn(arg) on a new thread with a stack of stack_size bytes (0: the
 * default); 0 on success. *t must stay in place until thread_join. */
static inline int thread_start(yinsh_thread* t, yinsh_thread_fn fn, void* arg, size_t stack_size) {
    t->fn = fn;
    t->arg = arg;
    t->handle = (HANDLE)_beginthreadex(NULL, (unsigned)stack_size, yinsh_thread_main, t, 0, NULL);
    return t->handle != 0 ? 0 : -1;
}

static inline void thread_join(yinsh_thread* t) {
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

/* (long is 32 bits on Windows, as int.) */
static inline int atomic_fetch_inc(int* p) { return (int)_InterlockedIncrement((volatile long*)p) - 1; }

static inline int atomic_get(const int* p) { return (int)_InterlockedOr((volatile long*)p, 0); }

static inline void atomic_put(int* p, int v) { _InterlockedExchange((volatile long*)p, (long)v); }

#else

#include <pthread.h>

typedef struct { pthread_t id; } yinsh_thread;

/* Starts fn(arg) on a new thread with a stack of stack_size bytes (0: the
 * default); 0 on success. */
static inline int thread_start(yinsh_thread* t, yinsh_thread_fn fn, void* arg, size_t stack_size) {
    pthread_attr_t attr;
    int r;
    if (pthread_attr_init(&attr) != 0) return -1;
    if (stack_size != 0) pthread_attr_setstacksize(&attr, stack_size);
    r = pthread_create(&t->id, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return r;
}

static inline void thread_join(yinsh_thread* t) { pthread_join(t->id, NULL); }

/* *p += 1, returning the value before. */
static inline int atomic_fetch_inc(int* p) { return __atomic_fetch_add(p, 1, __ATOMIC_ACQ_REL); }

static inline int atomic_get(const int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

static inline void atomic_put(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

#endif

#endif
