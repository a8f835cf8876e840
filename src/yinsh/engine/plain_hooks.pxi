# Hooks of the engine interface (yinsh/engine/game.pxd) that a game whose
# actions are all of one kind can take as they are, written once: uniform
# MCTS priors, the action code as its history slot, and every action a
# killer and reducible. A game's _hooks.pxd includes this file
# (`include "yinsh/engine/plain_hooks.pxi"`) after defining State; Insert's
# does. The dice race spells them out, as the example a new game copies.


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 1.0 / n


cdef inline int history_index(const State* s, int action) noexcept nogil:
    return action


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return True


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return True
