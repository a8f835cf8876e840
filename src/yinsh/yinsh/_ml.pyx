# The machine-learning interface, compiled: the fixed integer action space,
# legal action masks, observation planes and a batch of games held in C.
#
# Action ids (NUM_ACTIONS = 5016), see docs/ml.md for the full table:
#   0    .. 84    place a ring on point index i            (PLACE_BASE + i)
#   85   .. 4674  move the ring on point index i in direction d by s steps
#                 (MOVE_BASE + (i * 6 + d) * 9 + s - 1), s = 1..9
#   4675 .. 4929  remove the row of 5 starting at point index i along axis x
#                 (ROW_BASE + i * 3 + x), the start being the lower end point
#   4930 .. 5014  remove the ring on point index i          (RING_BASE + i)
#   5015          pass                                       (PASS_ACTION)
# The point index of a point is its rank in yinsh.POINTS (ascending bit index).
# Some ids name no action (a move or a row that would leave the board); they
# are never legal.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from yinsh.yinsh._board cimport CoreBoard, Move, problem_message
from yinsh.yinsh._make cimport do_move
from yinsh.yinsh._movegen cimport gen_moves, is_legal
from yinsh.yinsh._position cimport Position, pos_is_ok
from yinsh._rng cimport rng_below
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh.yinsh._types cimport (C_BLACK, K_MOVE, K_PASS, K_PLACE, K_RING, K_ROW,
                           MARKERS_TOTAL, MAX_MOVES, PH_REMOVE_RING, PH_REMOVE_ROW,
                           RINGS_PER_SIDE, move_from, move_kind, move_to, pack_move)
from yinsh.bitboard cimport bb_any, bb_pop_lsb, u128
from yinsh.yinsh.geometry cimport (LINE_LENGTH, NUM_AXES, NUM_CELLS, NUM_COLUMNS, NUM_DIRECTIONS,
                             NUM_POINTS, NUM_ROWS, direction_axis)


import numpy as np

from yinsh.arrays import check_out, perspective_code

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, action_id, illegal_action
from yinsh.yinsh.geometry import POINTS
from yinsh.yinsh.variants import RINGS_TO_WIN

cdef enum:
    MAX_DIST = 9
    PLACE_BASE_ = 0
    MOVE_BASE_ = NUM_POINTS
    ROW_BASE_ = NUM_POINTS + NUM_POINTS * NUM_DIRECTIONS * MAX_DIST
    RING_BASE_ = ROW_BASE_ + NUM_POINTS * NUM_AXES
    PASS_ACTION_ = RING_BASE_ + NUM_POINTS
    N_ACTIONS = PASS_ACTION_ + 1
    N_PLANES = 17
    PLANE_SIZE = NUM_CELLS    # a plane is the 11 x 11 grid, cell [column][row - 1]

NUM_ACTIONS = N_ACTIONS
NUM_PLANES = N_PLANES
PLACE_BASE = PLACE_BASE_
MOVE_BASE = MOVE_BASE_
ROW_BASE = ROW_BASE_
RING_BASE = RING_BASE_
PASS_ACTION = PASS_ACTION_
MAX_DISTANCE = MAX_DIST

#: The name of each observation plane, in order (see docs/ml.md).
PLANE_NAMES = (
    "rings_us", "rings_them", "markers_us", "markers_them", "valid_point",
    "phase_place", "phase_move", "phase_remove_row", "phase_remove_ring", "phase_game_over",
    "black_to_act", "removed_us", "removed_them", "markers_in_pool",
    "actor_made_ring_move", "passes", "rings_to_win",
)

PERSPECTIVES = ("side_to_act", "white", "black")

# ---------------------------------------------------------------------------
# Tables, built once at import.
# ---------------------------------------------------------------------------

cdef int8_t PIDX[NUM_CELLS]                  # point -> index 0..84, -1 off the board
cdef int POINT_AT[NUM_POINTS]                # index -> point
cdef int32_t CODE_OF[N_ACTIONS]              # action id -> packed move, -1 if none
cdef int16_t MOVE_ID[NUM_CELLS][NUM_CELLS]   # ring move f -> t -> id, -1 if none
cdef float VALID_PLANE[PLANE_SIZE]           # 1.0 on the 85 points


cdef void _build_tables() except *:
    cdef const BoardTables* T = &TABLES
    cdef int i, p, q, d, s, a
    memset(PIDX, -1, sizeof(PIDX))
    memset(MOVE_ID, -1, sizeof(MOVE_ID))
    memset(VALID_PLANE, 0, sizeof(VALID_PLANE))
    for a in range(N_ACTIONS):
        CODE_OF[a] = -1
    for i in range(NUM_POINTS):
        p = POINTS[i]
        PIDX[p] = i
        POINT_AT[i] = p
        VALID_PLANE[p] = 1.0
    for i in range(NUM_POINTS):
        p = POINT_AT[i]
        CODE_OF[PLACE_BASE_ + i] = pack_move(K_PLACE, p, p)
        CODE_OF[RING_BASE_ + i] = pack_move(K_RING, p, p)
        for d in range(NUM_DIRECTIONS):
            for s in range(1, min(T.ray_len[p][d], MAX_DIST) + 1):
                q = T.ray[p][d][s - 1]
                a = MOVE_BASE_ + (i * NUM_DIRECTIONS + d) * MAX_DIST + s - 1
                CODE_OF[a] = pack_move(K_MOVE, p, q)
                MOVE_ID[p][q] = a
        for d in range(NUM_AXES):           # the directions 0..2 go up, one per axis
            if T.ray_len[p][d] >= LINE_LENGTH - 1:
                CODE_OF[ROW_BASE_ + i * NUM_AXES + d] = pack_move(K_ROW, p, T.ray[p][d][LINE_LENGTH - 2])
    CODE_OF[PASS_ACTION_] = pack_move(K_PASS, 0, 0)


_build_tables()


cdef inline int code_to_action(int code) noexcept nogil:
    """The action id of a packed move that gen_moves produced."""
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if kind == K_MOVE:
        return MOVE_ID[f][t]
    if kind == K_PLACE:
        return PLACE_BASE_ + PIDX[t]
    if kind == K_ROW:
        return ROW_BASE_ + PIDX[f] * NUM_AXES + direction_axis(TABLES.dir_of[f][t])
    if kind == K_RING:
        return RING_BASE_ + PIDX[f]
    return PASS_ACTION_


cdef int checked_code(object action) except -1:
    """The packed move of an action id from Python; raises InvalidActionError."""
    cdef int a = action_id(action, N_ACTIONS)
    if CODE_OF[a] < 0:
        raise InvalidActionError(f"invalid action {a}: it names no action (it would leave the board)")
    return CODE_OF[a]


def action_codes():
    """A new int32 array: the packed ``Move.code`` of every action id, -1 for
    the ids that name no action (moves or rows that would leave the board)."""
    out = np.empty(N_ACTIONS, dtype=np.int32)
    cdef int32_t[::1] view = out
    memcpy(&view[0], CODE_OF, sizeof(CODE_OF))
    return out


def action_to_move(action):
    """The ``Move`` of an action id.

    >>> action_to_move(0), action_to_move(5015)
    (yinsh.Move.from_str('a2'), yinsh.Move.from_str('pass'))

    Raises ``InvalidActionError`` (a ``ValueError``) for an id out of range
    or naming no action, ``TypeError`` for a non-integer.
    """
    return Move.from_code(checked_code(action))


def move_to_action(move):
    """The action id of a ``Move`` (or of an action's text).

    >>> move_to_action("e5-e9"), move_to_action("pass")
    (1816, 5015)

    Raises ``InvalidMoveError`` for text that is not an action,
    ``InvalidActionError`` (an ``InvalidMoveError``) for a move that no
    position allows and so has no id (``e5-f7``: not on one line, ``e5-e5``,
    ``xe5-e8``: not 5 points), ``TypeError`` for anything else than a
    ``Move`` or a ``str``.
    """
    if isinstance(move, str):
        move = Move.from_str(move)
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move or its text, not {type(move).__name__}")
    cdef int code = (<Move>move).code
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if kind == K_MOVE and MOVE_ID[f][t] < 0:
        raise InvalidActionError(f"{move} has no action id: a ring moves between two points on one line")
    if kind == K_ROW:
        if (TABLES.dir_of[f][t] < 0 or TABLES.dist[f][t] != LINE_LENGTH - 1
                or CODE_OF[code_to_action(code)] != code):
            raise InvalidActionError(f"{move} has no action id: a row is 5 points in a line")
    return code_to_action(code)

# ---------------------------------------------------------------------------
# Masks and planes of one position (no Python objects: callable without the GIL).
# ---------------------------------------------------------------------------

cdef inline void fill_mask(const Position* p, uint8_t* mask) noexcept nogil:
    """Sets mask[a] = 1 for every legal action a (mask is not cleared)."""
    cdef int buf[MAX_MOVES]
    cdef int n = gen_moves(p, buf), i
    for i in range(n):
        mask[code_to_action(buf[i])] = 1


cdef inline void set_bits(float* plane, u128 b) noexcept nogil:
    while bb_any(b):
        plane[bb_pop_lsb(&b)] = 1.0


cdef inline void fill_const(float* plane, float v) noexcept nogil:
    cdef int i
    for i in range(PLANE_SIZE):
        plane[i] = v


cdef void fill_planes(const Position* p, float* out, int perspective) noexcept nogil:
    """Writes the N_PLANES x 121 planes of p; perspective -1 = side to act,
    0 = White, 1 = Black."""
    cdef int us = p.turn if perspective < 0 else perspective, them = us ^ 1
    cdef float rtw = p.rings_to_win
    memset(out, 0, N_PLANES * PLANE_SIZE * sizeof(float))
    set_bits(out, p.rings[us])
    set_bits(out + PLANE_SIZE, p.rings[them])
    set_bits(out + 2 * PLANE_SIZE, p.markers[us])
    set_bits(out + 3 * PLANE_SIZE, p.markers[them])
    memcpy(out + 4 * PLANE_SIZE, VALID_PLANE, PLANE_SIZE * sizeof(float))
    fill_const(out + (5 + p.phase) * PLANE_SIZE, 1.0)
    if p.turn == C_BLACK:
        fill_const(out + 10 * PLANE_SIZE, 1.0)
    if p.removed[us]:
        fill_const(out + 11 * PLANE_SIZE, p.removed[us] / rtw)
    if p.removed[them]:
        fill_const(out + 12 * PLANE_SIZE, p.removed[them] / rtw)
    if p.markers_on_board < MARKERS_TOTAL:
        fill_const(out + 13 * PLANE_SIZE, (MARKERS_TOTAL - p.markers_on_board) / <float>MARKERS_TOTAL)
    if (p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING) and p.mover == p.turn:
        fill_const(out + 14 * PLANE_SIZE, 1.0)
    if p.passes:
        fill_const(out + 15 * PLANE_SIZE, p.passes / <float>2)
    fill_const(out + 16 * PLANE_SIZE, rtw / RINGS_PER_SIDE)


# ---------------------------------------------------------------------------
# One board (the Board methods of the same names wrap these).
# ---------------------------------------------------------------------------

def legal_action_mask(CoreBoard board not None):
    """A bool array of NUM_ACTIONS: True at the legal action ids of board."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)
    cdef uint8_t[::1] view = mask.view(np.uint8)
    fill_mask(&board.pos, &view[0])
    return mask


def legal_actions(CoreBoard board not None):
    """The legal action ids of board, ascending (an int64 array)."""
    cdef int buf[MAX_MOVES]
    cdef int n = gen_moves(&board.pos, buf), i, j, a
    for i in range(n):
        a = code_to_action(buf[i])
        j = i
        while j > 0 and buf[j - 1] > a:
            buf[j] = buf[j - 1]
            j -= 1
        buf[j] = a
    out = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] view = out
    for i in range(n):
        view[i] = buf[i]
    return out


def push_action(CoreBoard board not None, action):
    """Plays action id on board. Raises ``InvalidActionError`` for an id that
    names no action, ``IllegalMoveError`` (saying why) for one the position
    does not allow; the board is then unchanged."""
    cdef int code = checked_code(action)
    if not is_legal(&board.pos, code):
        move = Move.from_code(code)
        try:
            board.parse_move(str(move))
        except IllegalMoveError as exc:
            raise illegal_action(int(action), exc) from None
        raise IllegalMoveError(f"illegal action {int(action)} ({move})")  # pragma: no cover
    board._push_code(code)


def planes(CoreBoard board not None, out=None, perspective="side_to_act"):
    """The float32 observation planes of board, shape (NUM_PLANES, 11, 11),
    written into out when given."""
    cdef int persp = perspective_code(perspective, PERSPECTIVES)
    out = check_out(out, (N_PLANES, NUM_COLUMNS, NUM_ROWS), np.float32)
    cdef float[:, :, ::1] view = out
    fill_planes(&board.pos, &view[0, 0, 0], persp)
    return out

# ---------------------------------------------------------------------------
# A batch of games (GameBatch: yinsh/engine/batch.pxi.tp, rendered with the hooks).
# ---------------------------------------------------------------------------

cdef enum:
    BATCH_ACTIONS = N_ACTIONS


cdef inline void batch_mask(const Position* p, uint8_t* mask) noexcept nogil:
    fill_mask(p, mask)


cdef inline void batch_planes(const Position* p, float* out, int perspective) noexcept nogil:
    fill_planes(p, out, perspective)


cdef inline bint batch_refuses(const Position* p, int64_t a) noexcept nogil:
    return a < 0 or a >= N_ACTIONS or CODE_OF[a] < 0 or not is_legal(p, CODE_OF[a])


cdef inline void batch_play(Position* p, int64_t a, uint64_t* rng) noexcept nogil:
    do_move(p, CODE_OF[a])


cdef inline int8_t batch_to_play(const Position* p) noexcept nogil:
    return p.turn


cdef inline int64_t batch_play_random(Position* p, uint64_t* rng) noexcept nogil:
    cdef int buf[MAX_MOVES]
    cdef int n = gen_moves(p, buf)
    cdef int code = buf[rng_below(rng, n)]
    do_move(p, code)
    return code_to_action(code)


include "_batch.pxi"


cdef class BatchGames(GameBatch):
    """n independent games held in C, stepped together with one action id
    each; for self-play and reinforcement learning.

    >>> games = BatchGames(4, seed=1)
    >>> games.legal_action_masks().shape, games.planes().shape
    ((4, 5016), (4, 17, 11, 11))
    >>> played = games.step_random()          # one random legal action per game
    >>> bool((played < 85).all()), games.plies.tolist()
    (True, [1, 1, 1, 1])
    >>> games.step([PASS_ACTION] * 4)         # checked: nobody may pass now
    Traceback (most recent call last):
    ...
    yinsh.errors.IllegalMoveError: game 0: illegal action 5015 (pass): Black must place a ring now

    ``done``, ``to_play`` (0 White, 1 Black) and ``results`` (+1 White won,
    -1 Black won, 0 draw or not over) are numpy arrays; ``reset(i)`` starts game i again, ``reset()`` all.
    Random play and masks run without the GIL. Ctrl-C (in the main thread)
    stops a call over a large batch within milliseconds and raises
    ``KeyboardInterrupt``; a step so interrupted has been played in the
    games before the point of interruption only (``plies`` tells which).
    """

    cdef Position start

    def __init__(self, n, seed=None, variant="standard"):
        """``n`` games (1 <= n <= 2**24) of ``variant`` (``"standard"`` or
        ``"blitz"``), all at the start; ``seed`` (an int, or None for a seed
        from the operating system) drives ``step_random``.

        Raises ``ValueError`` for a bad n or variant, ``TypeError`` for an n
        or a seed that is not an int or a variant that is not a str.
        """
        if not isinstance(variant, str):
            raise TypeError(f"expected str, not {type(variant).__name__}: a variant name "
                            f"({', '.join(RINGS_TO_WIN)})")
        if variant not in RINGS_TO_WIN:
            raise ValueError(f"unknown variant {variant!r}; known: {', '.join(RINGS_TO_WIN)}")
        from yinsh.yinsh.board import Board
        cdef CoreBoard first = Board(variant=variant)
        self._allocate(n, seed, (N_PLANES, NUM_COLUMNS, NUM_ROWS), PERSPECTIVES)
        self.start = first.pos
        self.reset()

    def __repr__(self):
        return f"<BatchGames n={self.n}, {int(self.done.sum())} done>"

    cdef void _start(self, int k) noexcept nogil:
        self.games[k] = self.start
        self._plies[k] = 0

    def board(self, i):
        """A ``Board`` holding the position of game i (an independent copy,
        with an empty move stack)."""
        from yinsh.yinsh.board import Board
        cdef int k = self._index(i)
        cdef CoreBoard b = Board()
        b.pos = self.games[k]
        return b

    def set_board(self, i, CoreBoard board not None):
        """Sets game i to the position of board (its ply count to 0)."""
        cdef int k = self._index(i)
        self.games[k] = board.pos
        self._plies[k] = 0

    cdef object _problem(self, int k):
        if pos_is_ok(&self.games[k]):
            return None
        return f": {problem_message(&self.games[k])}"
