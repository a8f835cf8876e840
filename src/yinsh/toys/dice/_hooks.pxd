# Dice race (yinsh/toys/dice/__init__.py states the rules): the hooks of the
# engine interface (yinsh/engine/game.pxd) for a toy game with a chance actor
# and 2-4 players. setup.py renders yinsh/toys/dice/_search.pyx from them.
from libc.math cimport tanh
from libc.stdint cimport uint64_t

from yinsh.engine.game cimport ACTOR_CHANCE, ACTOR_TERMINAL

ctypedef struct State:
    int pos[4]                   # each player's counter
    int players
    int turn                     # the player to act (or who gambled, at a chance state)
    int chance                   # 1: the die is to be thrown
    int target
    int winner                   # -1 while the game goes on

cdef enum:
    MAX_ACTIONS = 4
    PLAYERS = 4
    HAS_CHANCE = 1
    LATE_MOVE_PRUNING = 0
    HISTORY_SIZE = 16            # action codes are below 16
    STEP = 0
    GAMBLE = 1

ctypedef struct Weights:
    int progress                 # a step of own lead over the best opponent
    int value_scale              # MCTS cut-off: a score s is worth tanh(s / value_scale)


cdef inline Weights default_weights() noexcept nogil:
    cdef Weights w
    w.progress = 100
    w.value_scale = 300
    return w


cdef inline list weight_specs():
    return [("progress", -10000, 10000, "a step of lead over the best opponent"),
            ("value_scale", 1, 1000000, "MCTS cut-off: a score s is worth tanh(s / value_scale)")]


cdef inline str game_name():
    return "dice"


cdef inline int actor(const State* s) noexcept nogil:
    if s.winner >= 0:
        return ACTOR_TERMINAL
    if s.chance:
        return ACTOR_CHANCE
    return s.turn


cdef inline int num_players(const State* s) noexcept nogil:
    return s.players


cdef inline int chance_outcomes(const State* s, int* out, double* probs) noexcept nogil:
    out[0] = 10
    probs[0] = 0.5
    out[1] = 11
    probs[1] = 0.25
    out[2] = 13
    probs[2] = 0.25
    return 3


cdef inline int legal_actions(const State* s, int* out) noexcept nogil:
    cdef double probs[MAX_ACTIONS]
    if s.winner >= 0:
        return 0
    if s.chance:
        return chance_outcomes(s, out, probs)
    out[0] = STEP
    out[1] = GAMBLE
    return 2


cdef inline void make(State* s, int action) noexcept nogil:
    if action == GAMBLE:
        s.chance = 1
        return
    s.pos[s.turn] += 1 if action == STEP else action - 10
    s.chance = 0
    if s.pos[s.turn] >= s.target:
        s.winner = s.turn
    else:
        s.turn = (s.turn + 1) % s.players


cdef inline void returns(const State* s, double* out) noexcept nogil:
    cdef int i
    for i in range(4):
        if i < s.players:
            out[i] = 1.0 if i == s.winner else -1.0 / (s.players - 1)


cdef inline uint64_t hash(const State* s) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(4):
        h = (h ^ <uint64_t>s.pos[i]) * 0x100000001B3ULL
    h = (h ^ <uint64_t>(s.turn | s.chance << 4 | s.players << 8 | (s.winner + 1) << 12)) * 0x100000001B3ULL
    h = (h ^ <uint64_t>s.target) * 0xBF58476D1CE4E5B9ULL
    return h ^ (h >> 31)


cdef inline int lead(const State* s, int player) noexcept nogil:
    cdef int i, best = -1000
    for i in range(4):
        if i < s.players and i != player and s.pos[i] > best:
            best = s.pos[i]
    return s.pos[player] - best


cdef inline int evaluate(const State* s, int player, const Weights* w) noexcept nogil:
    return w.progress * lead(s, player)


cdef inline void values(const State* s, const Weights* w, double* out) noexcept nogil:
    cdef int i
    for i in range(4):
        if i < s.players:
            out[i] = tanh(<double>(w.progress * lead(s, i)) / w.value_scale)


cdef inline void priors(const State* s, const int* actions, int n, float* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 1.0 / n


cdef inline void order_scores(const State* s, const Weights* w, const int* actions, int n,
                              int* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 0


cdef inline int history_index(const State* s, int action) noexcept nogil:
    return action


cdef inline bint killer_ok(const State* s, int action) noexcept nogil:
    return True


cdef inline bint reducible(const State* s, int action) noexcept nogil:
    return True


cdef inline bint search_on(const State* s) noexcept nogil:
    return False


cdef inline void search_weights(const State* root, const Weights* w, Weights* out) noexcept nogil:
    out[0] = w[0]


cdef inline int load_state(object board, State* out) except -1:
    from yinsh.toys.dice import Position
    from yinsh.toys.dice.board import Board
    if isinstance(board, Board):
        board = board.state
    if not isinstance(board, Position):
        raise TypeError(f"board must be a yinsh.toys.dice Board or Position, not {type(board).__name__}")
    cdef int i
    out.players = len(board.positions)
    for i in range(4):
        out.pos[i] = board.positions[i] if i < out.players else 0
    out.turn = board.turn
    out.chance = 1 if board.chance else 0
    out.target = board.target
    w = board.winner()
    out.winner = -1 if w is None else w
    return 0


cdef inline object action_object(int code):
    from yinsh.toys.dice import Move
    return Move(code)                  # an int with a notation
