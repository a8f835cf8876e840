# Random playouts: whole games of uniformly random legal actions.
from libc.stdint cimport uint64_t

from yinsh.yinsh._make cimport do_move
from yinsh.yinsh._movegen cimport gen_moves
from yinsh.yinsh._position cimport Position
from yinsh._rng cimport rng_below
from yinsh.yinsh._types cimport MAX_MOVES, PH_GAME_OVER


cdef inline int playout(Position* p, uint64_t* rng) noexcept nogil:
    """Plays uniformly random legal actions until the game ends; returns the
    number of plies. The game always ends: every ring move puts a marker from
    the pool of 51, and markers only return with a ring removal."""
    cdef int moves[MAX_MOVES]
    cdef int n, plies = 0
    while p.phase != PH_GAME_OVER:
        n = gen_moves(p, moves)
        do_move(p, moves[rng_below(rng, n)])
        plies += 1
    return plies
