# The state every game's perft carries through its recursion (shared by
# Yinsh, Insert and Ludo): the countdown to the next Ctrl-C poll, whether the
# count was stopped, and the stop flag shared by the threads of a perft on
# several threads (NULL on one thread); perft_stopped, the poll of every
# game's recursion.
from yinsh._signals cimport signal_raised
from yinsh.threads cimport atomic_get, atomic_put

ctypedef struct PerftState:
    int countdown          # nodes of depth >= 2 until the next poll
    int interrupted        # perft was stopped (a signal, or the stop flag): the count is void
    int* stop              # the stop flag of a perft on several threads, else NULL


cdef inline PerftState perft_state(int countdown, int* stop) noexcept nogil:
    """A perft's state with every field set (a struct literal that leaves
    one out leaves it undefined: a stop pointer read at random)."""
    cdef PerftState st
    st.countdown = countdown
    st.interrupted = 0
    st.stop = stop
    return st


cdef inline bint perft_poll(PerftState* st) noexcept nogil:
    """Whether to stop now: another thread set the stop flag, or (in the
    main thread) a signal handler raised; then the stop flag is set too."""
    if st.stop != NULL and atomic_get(st.stop):
        return True
    if signal_raised():
        if st.stop != NULL:
            atomic_put(st.stop, 1)
        return True
    return False


cdef inline bint perft_stopped(PerftState* st, int every) noexcept nogil:
    """Counts a node of depth 2 or more toward the next poll and, every
    `every` nodes, polls (perft_poll): True when told to stop, with
    st.interrupted set (the count is void: the caller returns 0)."""
    st.countdown -= 1
    if st.countdown <= 0:
        st.countdown = every
        if perft_poll(st):
            st.interrupted = 1
            return True
    return False
