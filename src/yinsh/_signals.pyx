# Ctrl-C (Python's signal handlers) in the compiled loops that run without
# the GIL (see _signals.pxd).
import os
import threading

from cpython.exc cimport PyErr_Occurred

from yinsh.threads cimport atomic_get, atomic_put

cdef extern from "Python.h":
    int PyErr_CheckSignals()                  # no except clause: the error stays pending
    unsigned long PyThread_get_thread_ident() nogil

cdef unsigned long MAIN_THREAD = threading.main_thread().ident


def _after_fork_in_child():
    global MAIN_THREAD
    MAIN_THREAD = PyThread_get_thread_ident()    # the forking thread is the child's main thread


if hasattr(os, "register_at_fork"):               # not on Windows, which has no fork
    os.register_at_fork(after_in_child=_after_fork_in_child)


cdef bint signal_raised() noexcept nogil:
    """Runs the pending Python signal handlers and returns true when one
    raised (Ctrl-C: KeyboardInterrupt); the exception is then pending, and
    the caller must unwind at once and, holding the GIL again, call
    raise_pending() before any other Python call. Takes the GIL briefly, so
    long loops call it about every millisecond of work, not more often.
    Python runs signal handlers in the main thread only: elsewhere (worker
    threads included) this returns false at once."""
    cdef int r
    if PyThread_get_thread_ident() != MAIN_THREAD:
        return False
    with gil:
        r = PyErr_CheckSignals()
    return r != 0


cdef int raise_pending() except -1:
    """Raises the exception that signal_raised left pending."""
    return -1


cdef class PerftStop:
    """The stop flag shared by the threads of one perft split over several
    threads (``yinsh.counting``): a core's ``perft(board, depth, stop)``
    polls it with Ctrl-C, and the calling thread sets it when it sees
    Ctrl-C, so the counts on the other threads stop too."""

    def set(self):
        """Stops every count that polls this flag."""
        atomic_put(&self.flag, 1)

    def is_set(self):
        """Whether the flag is set."""
        return atomic_get(&self.flag) != 0


cdef int raise_stopped() except -1:
    """The error of a stopped perft: the signal handler's exception in the
    thread that saw Ctrl-C, KeyboardInterrupt in the others."""
    if PyErr_Occurred() != NULL:
        return raise_pending()
    raise KeyboardInterrupt("perft stopped: another thread of the count was interrupted")
