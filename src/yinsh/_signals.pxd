# Ctrl-C in long loops without the GIL: poll signal_raised() about every
# millisecond of work; when it returns true, unwind at once and, holding the
# GIL again, call raise_pending() (it raises the handler's exception).

cdef bint signal_raised() noexcept nogil
cdef int raise_pending() except -1

cdef enum:
    PERFT_POLL = 256       # perft nodes of depth >= 2 between polls
    PLAYOUT_POLL = 4096    # random playout plies between polls


cdef inline bint playout_poll(int* since, int plies, int every) noexcept nogil:
    """After a random playout of plies: whether Ctrl-C came, polled once
    every ``every`` plies (since counts the plies since the last poll)."""
    since[0] += plies + 1
    if since[0] < every:
        return False
    since[0] = 0
    return signal_raised()


# A count split over several threads (yinsh.counting): each thread's count
# polls the flag with Ctrl-C; the thread that sees Ctrl-C sets it.
cdef class PerftStop:
    cdef int flag

cdef int raise_stopped() except -1
