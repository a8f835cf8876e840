# Machine learning for Ludo (docs/ludo.md, "Machine learning"): legal action
# masks over the core's fixed action space (63 ids, _core.pxd), observation
# planes from the view of the side to act, per-colour rewards, and
# BatchGames: n games in C whose dice are thrown inside, from the batch's
# seeded generator, so step() takes only the players' actions.
import operator
import os

import numpy as np

from yinsh.arrays import check_out

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from yinsh._rng cimport rng_below, rng_next
from yinsh._signals cimport raise_pending, signal_raised
from yinsh.ludo._core cimport (
    A_ENTER, A_MOVE, FINISH, LAST_TRACK, MAX_ACTIONS, NO_COLOR, NUM_ACTIONS, PH_MOVE, PH_OVER,
    PH_THROW, TRACK, CoreBoard, LudoPos, do_action, do_throw, gen_actions, is_legal_action,
    ludo_lsb, pos_problem, pos_returns, track_field,
)

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError

cdef enum:
    N_PLANES = 17
    N_COLS = 58            # 0..51 the track (rotated), 52..56 h1..h5, 57 the start corner
    COL_HOME = 52
    COL_START = 57
    P_PIECES = 0           # + k: pieces of the k-th colour after the viewer
    P_FINISHED = 4         # + k: its finished pieces / 4 (constant)
    P_ACTIVE = 8           # + k: 1 if it is in play and still playing (constant)
    P_DICE = 12            # + i: throw i of this turn / 6 (constant)
    P_MOVE = 15            # 1 in a move phase
    P_PLACES = 16          # 1 in the places variant

PLANE_NAMES = (
    ["pieces_us", "pieces_next", "pieces_across", "pieces_previous"]
    + ["finished_us", "finished_next", "finished_across", "finished_previous"]
    + ["active_us", "active_next", "active_across", "active_previous"]
    + ["die_1", "die_2", "die_3", "phase_move", "variant_places"])
NUM_PLANES = N_PLANES
PLANE_WIDTH = N_COLS
PLANE_SHAPE = (N_PLANES, N_COLS)

# ---------------------------------------------------------------------------
# Kernels (no Python objects).
# ---------------------------------------------------------------------------

cdef inline void fill_mask(const LudoPos* p, uint8_t* mask) noexcept nogil:
    cdef int buf[MAX_ACTIONS]
    cdef int n = gen_actions(p, buf), i
    for i in range(n):
        mask[buf[i]] = 1


cdef inline void fill_const(float* plane, float v) noexcept nogil:
    cdef int i
    for i in range(N_COLS):
        plane[i] = v


cdef void fill_planes(const LudoPos* p, float* out, int viewer) noexcept nogil:
    """The planes of p seen by colour viewer (0..3): relative colour k is
    colour (viewer + k) % 4, track field f is column (f - 13 viewer) % 52."""
    cdef int k, c, q, col, i
    cdef uint64_t b
    memset(out, 0, N_PLANES * N_COLS * sizeof(float))
    for k in range(4):
        c = (viewer + k) & 3
        if not (p.players >> c) & 1:
            continue
        b = p.pm[c]
        while b:
            q = ludo_lsb(b)
            b &= b - 1
            if q <= LAST_TRACK:
                col = track_field(c, q) - 13 * viewer
                if col < 0:
                    col += TRACK
            else:
                col = COL_HOME + q - (LAST_TRACK + 1)
            out[(P_PIECES + k) * N_COLS + col] = 1.0
        out[(P_PIECES + k) * N_COLS + COL_START] = p.start[c] / 4.0
        fill_const(out + (P_FINISHED + k) * N_COLS, p.fin[c] / 4.0)
        if (p.active >> c) & 1:
            fill_const(out + (P_ACTIVE + k) * N_COLS, 1.0)
    for i in range(p.ndice):
        fill_const(out + (P_DICE + i) * N_COLS, p.dice[i] / 6.0)
    if p.phase == PH_MOVE:
        fill_const(out + P_MOVE * N_COLS, 1.0)
    if p.variant:
        fill_const(out + P_PLACES * N_COLS, 1.0)


cdef inline void throw_until_move(LudoPos* p, uint64_t* rng) noexcept nogil:
    """Throws the dice (the batch's generator) until a move phase or the end."""
    while p.phase == PH_THROW:
        do_throw(p, 1 + <int>rng_below(rng, 6))


cdef inline void places_of(const LudoPos* p, int8_t* out) noexcept nogil:
    """Finishing place 1..4 of each colour (0: not placed, not in play)."""
    cdef int k, c
    for c in range(4):
        out[c] = 0
    for k in range(p.norder):
        out[p.order[k]] = k + 1
    if p.phase == PH_OVER and p.variant and p.active:
        out[ludo_lsb(p.active)] = p.norder + 1

# ---------------------------------------------------------------------------
# One board.
# ---------------------------------------------------------------------------

cdef int check_viewer(const LudoPos* p, object perspective) except -2:
    """The viewing colour: the side to act (Green once the game is over) for
    "side_to_act", else a colour in play (a Color, 0..3 or a name)."""
    if isinstance(perspective, str) and perspective == "side_to_act":
        return p.turn if p.turn != NO_COLOR else 0
    from yinsh.ludo.enums import Color
    try:
        c = int(Color.of(perspective))
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"perspective must be 'side_to_act' or a colour: {exc}") from None
    if not (p.players >> c) & 1:
        raise ValueError(f"perspective {Color(c)} is not in play")
    return c


def legal_action_mask(CoreBoard board not None):
    """A bool array of NUM_ACTIONS (63): True at the legal action ids."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    cdef uint8_t[::1] view = mask.view(np.uint8)
    fill_mask(&board.pos, &view[0])
    return mask


def planes(CoreBoard board not None, out=None, perspective="side_to_act"):
    """The observation planes (float32, (17, 58)) of board."""
    cdef int viewer = check_viewer(&board.pos, perspective)
    out = check_out(out, PLANE_SHAPE, np.float32)
    cdef float[:, ::1] view = out
    fill_planes(&board.pos, &view[0, 0], viewer)
    return out


def rewards(CoreBoard board not None):
    """float32 (4,): each colour's return (0 while playing, not in play)."""
    cdef double r[4]
    pos_returns(&board.pos, r)
    return np.array([r[0], r[1], r[2], r[3]], dtype=np.float32)

# ---------------------------------------------------------------------------
# BatchGames.
# ---------------------------------------------------------------------------

cdef enum:
    BATCH_ACTIONS = NUM_ACTIONS


cdef inline void batch_mask(const LudoPos* p, uint8_t* mask) noexcept nogil:
    fill_mask(p, mask)


cdef inline void batch_planes(const LudoPos* p, float* out, int perspective) noexcept nogil:
    fill_planes(p, out, (p.turn if p.turn != NO_COLOR else 0) if perspective < 0 else perspective)


cdef inline bint batch_refuses(const LudoPos* p, int64_t a) noexcept nogil:
    return a < 0 or a >= NUM_ACTIONS or not is_legal_action(p, <int>a)


cdef inline void batch_play(LudoPos* p, int64_t a, uint64_t* rng) noexcept nogil:
    do_action(p, <int>a)
    throw_until_move(p, rng)


cdef inline int8_t batch_to_play(const LudoPos* p) noexcept nogil:
    if p.phase == PH_OVER:
        return -1
    return p.turn


cdef inline int64_t batch_play_random(LudoPos* p, uint64_t* rng) noexcept nogil:
    cdef int buf[MAX_ACTIONS]
    cdef int n = gen_actions(p, buf)
    cdef int a = buf[rng_below(rng, n)] if n > 1 else buf[0]
    batch_play(p, a, rng)
    return a


include "_batch.pxi"


cdef class BatchGames(GameBatch):
    """n Ludo games held in C and stepped together; the dice are thrown
    inside from the batch's seeded generator, so every game shown is in a
    move phase (or over) and ``step`` takes only the players' actions.

    >>> games = BatchGames(3, players=4, seed=1)
    >>> games.legal_action_masks().shape, games.planes().shape
    ((3, 63), (3, 17, 58))
    >>> played = games.step_random()            # one random valid move per game
    >>> games.plies.tolist(), games.done.tolist()
    ([1, 1, 1], [False, False, False])
    >>> games.step([0, 0, 0])                   # a throw is never the players' action
    Traceback (most recent call last):
    ...
    yinsh.errors.IllegalMoveError: game 0: illegal action 0 (r1): the dice are thrown inside BatchGames; play a move (6 or 7 + progress)

    ``to_play`` is the colour to act (0 Green .. 3 Red; -1 over),
    ``rewards`` each colour's return (float32 (n, 4): +1 first ... -1 last;
    0 while playing and for colours not in play), ``places`` the finishing
    places (int8 (n, 4), 1 first, 0 not placed), ``done`` which games are
    over. Bulk loops run without the GIL and poll Ctrl-C every 1024 games.
    A batch pickles with its games and its generator.
    """

    cdef readonly int players
    cdef readonly str variant
    cdef LudoPos start

    def __init__(self, n, players=4, variant="standard", seed=None):
        """``n`` games (1 <= n <= 2**24) of ``players`` (2, 3, 4) in
        ``variant`` (``"standard"`` or ``"places"``); ``seed`` (an int, or
        None for one from the operating system) drives the dice and
        ``step_random``. Raises ``ValueError`` / ``TypeError`` for bad
        arguments."""
        from yinsh.ludo.board import Board
        self._allocate(n, seed, (N_PLANES, N_COLS), None)
        cdef CoreBoard first = Board(players=players, variant=variant)
        self.players = players
        self.variant = variant
        self.start = first.pos
        self.reset()

    def __repr__(self):
        return f"<BatchGames n={self.n}, players={self.players}, {self.variant}, {int(self.done.sum())} done>"

    def __reduce__(self):
        cdef bytes games = (<char*>self.games)[:self.n * sizeof(LudoPos)]
        cdef bytes plies = (<char*>self._plies)[:self.n * sizeof(int32_t)]
        return (_rebuilt_batch, (self.n, self.players, self.variant, self.rng, games, plies))

    cdef int _restore(self, uint64_t rng, bytes games, bytes plies) except -1:
        cdef int k
        if len(games) != self.n * sizeof(LudoPos) or len(plies) != self.n * sizeof(int32_t):
            raise ValueError("BatchGames pickle of another build or size")
        memcpy(self.games, <char*>games, self.n * sizeof(LudoPos))
        memcpy(self._plies, <char*>plies, self.n * sizeof(int32_t))
        self.rng = rng
        for k in range(self.n):
            if pos_problem(&self.games[k]) != 0 or self.games[k].phase == PH_THROW:
                self.reset()
                raise ValueError(f"BatchGames pickle: game {k} is not a consistent position")
        return 0

    cdef void _start(self, int k) noexcept nogil:
        self.games[k] = self.start
        throw_until_move(&self.games[k], &self.rng)
        self._plies[k] = 0

    def board(self, i):
        """A ``ludo.Board`` of game i's position (a copy, empty move stack)."""
        from yinsh.ludo.board import Board
        cdef int k = self._index(i)
        cdef CoreBoard b = Board(players=self.players, variant=self.variant)
        b.pos = self.games[k]
        return b

    def set_board(self, i, CoreBoard board not None):
        """Puts board's position into game i (its ply count to 0); at a
        throw phase the dice are thrown first."""
        cdef int k = self._index(i)
        self.games[k] = board.pos
        throw_until_move(&self.games[k], &self.rng)
        self._plies[k] = 0

    @property
    def rewards(self):
        """A new float32 array (n, 4): each colour's return (``Board.returns``)."""
        out = np.zeros((self.n, 4), dtype=np.float32)
        cdef float[:, ::1] view = out
        cdef double r[4]
        cdef int k, c
        for k in range(self.n):
            pos_returns(&self.games[k], r)
            for c in range(4):
                view[k, c] = <float>r[c]
        return out

    @property
    def results(self):
        """The same as ``rewards``."""
        return self.rewards

    @property
    def places(self):
        """A new int8 array (n, 4): each colour's finishing place (1 first;
        0 while not placed or not in play)."""
        out = np.zeros((self.n, 4), dtype=np.int8)
        cdef int8_t[:, ::1] view = out
        cdef int k
        for k in range(self.n):
            places_of(&self.games[k], &view[k, 0])
        return out

    def planes(self, out=None):
        """float32 (n, 17, 58), into out when given: each game's planes
        from the view of its side to act (as ``Board.planes``)."""
        return self._planes(out, -1)

    def _refuse(self, k, action):
        if 0 <= action < A_ENTER:
            raise IllegalMoveError(f"game {k}: illegal action {action} (r{action + 1}): the dice are thrown "
                                   f"inside BatchGames; play a move (6 or 7 + progress)")
        GameBatch._refuse(self, k, action)


def _rebuilt_batch(n, players, variant, rng, games, plies):
    """The BatchGames of BatchGames.__reduce__ (checked: ValueError if a
    game is not a consistent position)."""
    cdef BatchGames out = BatchGames(n, players=players, variant=variant, seed=0)
    out._restore(rng, games, plies)
    return out
