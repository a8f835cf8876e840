# The machine-learning interface of Insert, compiled: the action space (the
# 36 squares), legal action masks, observation planes and a batch of games
# held in C (docs/insert.md, "Machine learning").
#
# Action id = square number r * 6 + c (a1 = 0, f1 = 5, a2 = 6, f6 = 35).
# Planes are (NUM_PLANES, 6, 6) float32, cell [k, r, c]: the flat index of a
# cell is the square number. The games are the search's states (the core's
# IPos plus the marks as bitboards, yinsh/insert/_hooks.pxd), stepped with
# the inline rules of the core.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from yinsh.bitboard cimport YINSH_DEBUG
from yinsh._rng cimport rng_below, rng_next
from yinsh._signals cimport raise_pending, signal_raised
from yinsh.insert._core cimport (I_RED,
                                 NUM_LAYOUTS, NUM_SQUARES, CoreBoard, IPos, Layout,
                                 bit_of_square, ctz, ipos_hash_from_scratch, ipos_init,
                                 INSERT_VALID_BITS, ipos_is_ok, layout_build, layout_from_marks,
                                 popcount, square_of_bit)
cimport yinsh.insert._hooks as G

import os

import numpy as np

from yinsh.arrays import check_out, perspective_code

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, action_id, illegal_action

cdef enum:
    N_PLANES = 10
    PLANE_SIZE = NUM_SQUARES

NUM_ACTIONS = NUM_SQUARES
NUM_PLANES = N_PLANES

#: The name of each observation plane, in order (see docs/insert.md).
PLANE_NAMES = (
    "rings_us", "rings_them", "mark_v", "mark_h", "mark_u", "mark_d",
    "allowed", "last_ring", "red_to_act", "rings_placed",
)

PERSPECTIVES = ("side_to_act", "white", "red")


# ---------------------------------------------------------------------------
# States.
# ---------------------------------------------------------------------------

cdef inline void state_from_layout(G.State* s, const Layout* L) noexcept nogil:
    """The empty board of L as a search state."""
    cdef int sq, bit
    ipos_init(&s.pos, L)
    s.mark_lo = 0
    s.mark_hi = 0
    for sq in range(NUM_SQUARES):
        bit = bit_of_square(sq)
        if L.mark[sq] & 1:
            s.mark_lo |= 1ULL << bit
        if L.mark[sq] & 2:
            s.mark_hi |= 1ULL << bit


cdef inline void marks_of_state(const G.State* s, uint8_t* marks) noexcept nogil:
    cdef int sq
    for sq in range(NUM_SQUARES):
        marks[sq] = G.mark_of(s, bit_of_square(sq))


cdef object board_of_state(const G.State* s, int number):
    """A new ``yinsh.insert.Board`` holding s (an empty move stack)."""
    from yinsh.insert.board import Board
    cdef uint8_t marks[NUM_SQUARES]
    cdef CoreBoard b = Board()
    marks_of_state(s, marks)
    layout_from_marks(&b.lay, marks, number)
    b.pos = s.pos
    b.pos.key = ipos_hash_from_scratch(&b.pos, &b.lay)
    return b


cdef int checked_square(object action) except -1:
    """The square of an action id from Python; raises InvalidActionError."""
    return action_id(action, NUM_SQUARES)

# ---------------------------------------------------------------------------
# Masks and planes of one position (no Python objects: callable without the GIL).
# ---------------------------------------------------------------------------

cdef inline void fill_mask(const IPos* p, uint8_t* mask) noexcept nogil:
    """Sets mask[a] = 1 for every legal action a (mask is not cleared)."""
    cdef uint64_t b = p.allowed
    while b:
        mask[square_of_bit(ctz(b))] = 1
        b &= b - 1


cdef inline void set_bits(float* plane, uint64_t b) noexcept nogil:
    while b:
        plane[square_of_bit(ctz(b))] = 1.0
        b &= b - 1


cdef inline void fill_const(float* plane, float v) noexcept nogil:
    cdef int i
    for i in range(PLANE_SIZE):
        plane[i] = v


cdef void fill_planes(const G.State* s, float* out, int perspective) noexcept nogil:
    """Writes the N_PLANES x 36 planes of s; perspective -1 = side to act,
    0 = White, 1 = Red."""
    cdef const IPos* p = &s.pos
    cdef int us = p.turn if perspective < 0 else perspective, them = us ^ 1
    cdef uint64_t lo = s.mark_lo, hi = s.mark_hi
    memset(out, 0, N_PLANES * PLANE_SIZE * sizeof(float))
    set_bits(out, p.rings[us])
    set_bits(out + PLANE_SIZE, p.rings[them])
    set_bits(out + 2 * PLANE_SIZE, INSERT_VALID_BITS & ~lo & ~hi)      # v = 0
    set_bits(out + 3 * PLANE_SIZE, lo & ~hi)                             # h = 1
    set_bits(out + 4 * PLANE_SIZE, ~lo & hi & INSERT_VALID_BITS)       # u = 2
    set_bits(out + 5 * PLANE_SIZE, lo & hi)                              # d = 3
    set_bits(out + 6 * PLANE_SIZE, p.allowed)
    if p.last >= 0:
        out[7 * PLANE_SIZE + square_of_bit(p.last)] = 1.0
    if p.turn == I_RED:
        fill_const(out + 8 * PLANE_SIZE, 1.0)
    if p.count:
        fill_const(out + 9 * PLANE_SIZE, p.count / <float>30)


cdef int check_board(object board) except -1:
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.insert.Board, not {type(board).__name__}")
    return 0

# ---------------------------------------------------------------------------
# One board (the Board methods of the same names wrap these).
# ---------------------------------------------------------------------------

def legal_action_mask(board):
    """A bool array of NUM_ACTIONS: True at the legal action ids of board."""
    check_board(board)
    mask = np.zeros(NUM_SQUARES, dtype=np.bool_)
    cdef uint8_t[::1] view = mask.view(np.uint8)
    fill_mask(&(<CoreBoard>board).pos, &view[0])
    return mask


def legal_actions(board):
    """The legal action ids of board, ascending (an int64 array)."""
    cdef G.State s
    cdef int squares[NUM_SQUARES]
    G.load_state(board, &s)
    cdef int n = G.legal_actions(&s, squares), i
    out = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] view = out
    for i in range(n):
        view[i] = squares[i]
    return out


def push_action(board, action):
    """Plays action id (a square number) on board. Raises
    ``InvalidActionError`` for an id out of range, ``IllegalMoveError``
    (saying why) for one the position does not allow; the board is then
    unchanged."""
    check_board(board)
    cdef int sq = checked_square(action)
    if not ((<CoreBoard>board).pos.allowed >> bit_of_square(sq)) & 1:
        from yinsh.insert._core import square_name
        try:
            (<CoreBoard>board).parse_move(square_name(sq))
        except IllegalMoveError as exc:
            raise illegal_action(sq, exc) from None
    (<CoreBoard>board)._push_bit(bit_of_square(sq))


def planes(board, out=None, perspective="side_to_act"):
    """The float32 observation planes of board, shape (NUM_PLANES, 6, 6),
    written into out when given."""
    check_board(board)
    cdef int persp = perspective_code(perspective, PERSPECTIVES)
    out = check_out(out, (N_PLANES, 6, 6), np.float32)
    cdef float[:, :, ::1] view = out
    cdef G.State s
    G.load_state(board, &s)
    fill_planes(&s, &view[0, 0, 0], persp)
    return out

# ---------------------------------------------------------------------------
# A batch of games.
# ---------------------------------------------------------------------------

cdef enum:
    BATCH_ACTIONS = NUM_SQUARES


cdef inline void batch_mask(const G.State* s, uint8_t* mask) noexcept nogil:
    fill_mask(&s.pos, mask)


cdef inline void batch_planes(const G.State* s, float* out, int perspective) noexcept nogil:
    fill_planes(s, out, perspective)


cdef inline bint batch_refuses(const G.State* s, int64_t a) noexcept nogil:
    return a < 0 or a >= NUM_SQUARES or not (s.pos.allowed >> bit_of_square(<int>a)) & 1


cdef inline void batch_play(G.State* s, int64_t a, uint64_t* rng) noexcept nogil:
    G.make(s, <int>a)


cdef inline int8_t batch_to_play(const G.State* s) noexcept nogil:
    return s.pos.turn


cdef inline int64_t batch_play_random(G.State* s, uint64_t* rng) noexcept nogil:
    cdef uint64_t b = s.pos.allowed
    cdef uint64_t i = rng_below(rng, popcount(b))
    cdef int sq
    while i:
        b &= b - 1
        i -= 1
    sq = square_of_bit(ctz(b))
    G.make(s, sq)
    return sq


include "_batch.pxi"


cdef class BatchGames(GameBatch):
    """n independent Insert games held in C, stepped together with one
    action id each; for self-play and reinforcement learning.

    >>> games = BatchGames(4, seed=1, layout=0)
    >>> games.legal_action_masks().shape, games.planes().shape
    ((4, 36), (4, 10, 6, 6))
    >>> played = games.step_random()          # one random legal action per game
    >>> games.plies.tolist(), games.to_play.tolist()
    ([1, 1, 1, 1], [1, 1, 1, 1])
    >>> games.step(played)                    # checked: those squares are taken now
    Traceback (most recent call last):
    ...
    yinsh.errors.IllegalMoveError: game 0: illegal action ...: the square is taken (a white ring is on it)

    With ``layout=None`` (the default) every game starts, and starts again
    at each reset, on a layout drawn from the batch's generator; with a
    layout number all games use that layout. ``done``, ``to_play`` (the side
    to place: 0 White, 1 Red) and ``results`` (+1 White won, -1 Red won, 0
    draw or not over) are numpy arrays;
    ``reset(i)`` starts game i again, ``reset()`` all. Bulk loops run
    without the GIL. Ctrl-C (in the main thread) stops a call over a large
    batch within milliseconds and raises ``KeyboardInterrupt``; a step so
    interrupted has been played in the games before the point of
    interruption only (``plies`` tells which).
    """

    cdef int32_t* _layouts
    cdef int layout                       # -1: a random layout per game

    def __cinit__(self, *args, **kwargs):
        self._layouts = NULL

    def __init__(self, n, seed=None, layout=None):
        """``n`` games (1 <= n <= 2**24); ``seed`` (an int, or None for a
        seed from the operating system) drives the random layouts and
        ``step_random``; ``layout`` a layout number 0..6143 for all games,
        or None for a random layout per game.

        Raises ``ValueError`` for a bad n or layout, ``TypeError`` for
        arguments that are not ints.
        """
        if layout is not None:
            if isinstance(layout, bool) or not isinstance(layout, int):
                raise TypeError(f"layout must be an int 0..{NUM_LAYOUTS - 1} or None, not {type(layout).__name__}")
            if not 0 <= layout < NUM_LAYOUTS:
                raise ValueError(f"layout {layout} is not a layout number (0..{NUM_LAYOUTS - 1})")
        self._allocate(n, seed, (N_PLANES, 6, 6), PERSPECTIVES)
        free(self._layouts)
        self._layouts = <int32_t*>malloc(self.n * sizeof(int32_t))
        if self._layouts == NULL:
            raise MemoryError()
        self.layout = -1 if layout is None else layout
        self.reset()

    def __dealloc__(self):
        free(self._layouts)

    def __repr__(self):
        return f"<insert.BatchGames n={self.n}, {int(self.done.sum())} done>"

    def __reduce__(self):
        # the games' states, ply counts, layout numbers and the generator;
        # unpickling checks every game's position
        games = (<char*>self.games)[:self.n * sizeof(G.State)]
        plies = (<char*>self._plies)[:self.n * sizeof(int32_t)]
        layouts = (<char*>self._layouts)[:self.n * sizeof(int32_t)]
        return (_unpickle_batch, (self.n, None if self.layout < 0 else self.layout, self.rng,
                                  games, plies, layouts))

    cdef void _start(self, int k) noexcept nogil:
        cdef Layout L
        cdef int number = self.layout
        if number < 0:
            number = <int>rng_below(&self.rng, NUM_LAYOUTS)
        layout_build(&L, number)
        state_from_layout(&self.games[k], &L)
        self._layouts[k] = number
        self._plies[k] = 0

    def board(self, i):
        """A ``yinsh.insert.Board`` holding the position of game i (an
        independent copy, with an empty move stack)."""
        cdef int k = self._index(i)
        return board_of_state(&self.games[k], self._layouts[k])

    def set_board(self, i, board):
        """Sets game i to the position of board (its ply count to 0)."""
        cdef int k = self._index(i)
        check_board(board)
        G.load_state(board, &self.games[k])
        self._layouts[k] = (<CoreBoard>board).lay.number
        self._plies[k] = 0

    @property
    def layouts(self):
        """A new int32 array (n,): each game's layout number (-1: marks of
        no layout, from ``set_board``)."""
        out = np.empty(self.n, dtype=np.int32)
        cdef int32_t[::1] view = out
        memcpy(&view[0], self._layouts, self.n * sizeof(int32_t))
        return out

    cdef object _problem(self, int k):
        cdef uint8_t marks[NUM_SQUARES]
        cdef Layout L
        cdef IPos p
        marks_of_state(&self.games[k], marks)
        layout_from_marks(&L, marks, self._layouts[k])
        p = self.games[k].pos
        p.key = ipos_hash_from_scratch(&p, &L)
        return None if ipos_is_ok(&p, &L) else ""


def _unpickle_batch(n, layout, rng, bytes games, bytes plies, bytes layouts):
    """The BatchGames of ``BatchGames.__reduce__``; raises ``ValueError`` for
    data that is not a batch's."""
    cdef BatchGames b = BatchGames(n, seed=0, layout=layout)
    if (len(games) != n * sizeof(G.State) or len(plies) != n * sizeof(int32_t)
            or len(layouts) != n * sizeof(int32_t)):
        raise ValueError("not the data of a pickled BatchGames")
    memcpy(b.games, <const char*>games, len(games))
    memcpy(b._plies, <const char*>plies, len(plies))
    memcpy(b._layouts, <const char*>layouts, len(layouts))
    b.rng = rng
    try:
        b._check_consistency()
    except AssertionError as exc:
        raise ValueError(f"not the data of a pickled BatchGames: {exc}") from None
    return b
