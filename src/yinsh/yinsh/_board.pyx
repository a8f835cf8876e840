# The Python boundary of the rules: points and actions as text, Move (a
# packed action as a frozen value), LegalMoves (a lazy view) and CoreBoard
# (a Position and its action stack), with why an action is illegal and the
# setting of a whole position, checked by the one consistency check
# (_position.pxd's pos_check). yinsh.yinsh._core re-exports everything public here.
import operator
from collections import namedtuple

from libc.stdint cimport uint64_t

cimport cython

from yinsh._core_board cimport CoreBoardBase, LegalMovesBase, MoveBase
from yinsh.yinsh._make cimport do_move
from yinsh.yinsh._movegen cimport count_moves, gen_moves, is_legal
from yinsh.yinsh._position cimport (POS_FIELD_RANGE, POS_NUM_PROBLEMS, POS_OK, Position, pos_check,
                              pos_fields_in_range, pos_game_end, pos_hash,
                              pos_hash_from_scratch, pos_init, pos_is_ok,
                              state_key)
from yinsh.yinsh._tables cimport TABLES, BoardTables
from yinsh.yinsh._types cimport (C_WHITE, K_MOVE, K_PASS, K_PLACE, K_RING, K_ROW, MAX_MOVES,
                           PH_GAME_OVER, PH_MOVE, PH_PLACE, PH_REMOVE_RING, PH_REMOVE_ROW,
                           RINGS_PER_SIDE, move_from, move_kind, move_to, pack_move)
from yinsh.bitboard cimport YINSH_DEBUG, bb_and, bb_any, bb_hi, bb_lo, bb_make, bb_or, bb_popcount, u128
from yinsh.yinsh.geometry cimport LINE_LENGTH, NUM_CELLS

from yinsh.yinsh import geometry
from yinsh.yinsh.enums import MoveKind
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError, not_a_move

cdef tuple POINT_NAMES = geometry.POINT_NAMES      # name of each cell, None off the board
cdef dict POINT_BY_NAME = geometry.POINT_BY_NAME


def point_name(point):
    """The name of a point: ``point_name(parse_point("e5")) == "e5"``.

    Raises ``ValueError`` for an int that is not one of the 85 points.
    """
    return POINT_NAMES[_check_point(point)]


def parse_point(text):
    """The point named by text (``"e5"``, case-insensitive).

    Raises ``InvalidMoveError`` (a ``ValueError``) if no such point exists,
    ``TypeError`` if text is not a ``str``.

    >>> parse_point("E5") == parse_point("e5")
    True
    >>> parse_point(None)
    Traceback (most recent call last):
    ...
    TypeError: expected str, not NoneType
    """
    cdef str s = _checked_text(text)
    cdef object p = POINT_BY_NAME.get(s.strip().lower()) if s.isascii() else None
    if p is None:
        raise InvalidMoveError(f"{_shown(s)} is not a point of the board")
    return p


cdef str _checked_text(object text):
    """text itself if it is a str (or a subclass); else TypeError. Every
    entry point that reads text calls this before any str method: a ``str``
    typed argument lets None through, and Cython calls str methods on it
    without checking (reading memory that is not a str)."""
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}")
    return <str>text


cdef str _shown(object text):
    """repr(text) for error messages, cut short for long texts."""
    cdef str shown = repr(text) if len(text) <= 40 else ""
    if shown and len(shown) <= 60:
        return shown
    return f"{text[:20]!r}... ({len(text)} characters)"


cdef int _check_point(object point) except -1:
    """point as an int (any integer type), or InvalidMoveError; TypeError
    for a non-int (a name points to parse_point)."""
    if isinstance(point, bool) or not hasattr(type(point), "__index__"):
        raise TypeError(f"a point is an int (like yinsh.E5), not {type(point).__name__}"
                        + (": for a name use parse_point(text)" if isinstance(point, str) else ""))
    cdef object p = operator.index(point)
    if not (0 <= p < NUM_CELLS) or POINT_NAMES[p] is None:
        raise InvalidMoveError(f"{point!r} is not a point of the board")
    return p


cdef Move make_move(int code):
    cdef Move m = Move.__new__(Move)
    m.code = code
    return m


cdef str move_text(int code):
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if kind == K_PLACE:
        return POINT_NAMES[t]
    if kind == K_MOVE:
        return POINT_NAMES[f] + "-" + POINT_NAMES[t]
    if kind == K_ROW:
        return "x" + POINT_NAMES[f] + "-" + POINT_NAMES[t]
    if kind == K_RING:
        return "x" + POINT_NAMES[f]
    return "pass"


cdef int _parse_move(object text) except -1:
    """The packed move that text names; TypeError for a non-str,
    InvalidMoveError for any str that is not an action of the notation."""
    cdef str raw = _checked_text(text)
    cdef str s, body
    cdef list parts
    cdef int a, b
    if not raw.isascii():
        raise InvalidMoveError(f"invalid move {_shown(raw)}: the notation is ASCII "
                               f"(e5, e5-e9, xe5-e9, xa2 or pass)")
    s = raw.strip().lower()
    if s == "pass":
        return pack_move(K_PASS, 0, 0)
    body = s[1:] if s.startswith("x") else s
    parts = body.split("-")
    if not body or len(parts) > 2 or not all(parts):
        raise InvalidMoveError(f"invalid move {_shown(raw)}: expected e5, e5-e9, xe5-e9, xa2 or pass")
    for part in parts:
        if part not in POINT_BY_NAME:
            raise InvalidMoveError(f"invalid move {_shown(raw)}: {_shown(part)} is not a point of the board")
    a = POINT_BY_NAME[parts[0]]
    if len(parts) == 1:
        return pack_move(K_RING if s[0] == "x" else K_PLACE, a, a)
    b = POINT_BY_NAME[parts[1]]
    if s[0] == "x":
        return pack_move(K_ROW, min(a, b), max(a, b))
    return pack_move(K_MOVE, a, b)


@cython.auto_pickle(False)
cdef class Move(MoveBase):
    """One action (one ply), a frozen value.

    >>> m = Move.from_str("E5-E9")
    >>> m
    yinsh.Move.from_str('e5-e9')
    >>> str(m), m.kind, point_name(m.from_point), point_name(m.to_point)
    ('e5-e9', <MoveKind.MOVE: 'move'>, 'e5', 'e9')
    >>> Move.from_str("xe9-e5") == Move.from_str("xe5-e9")
    True
    """

    def __init__(self, text):
        """``Move(text)`` is ``Move.from_str(text)`` (python-chess's
        ``Move.from_uci`` and the other games' ``Move(text)`` alike); the
        other constructors are ``Move.place`` / ``move`` / ``remove_row`` /
        ``remove_ring`` / ``pass_move``.

        >>> Move(" e5-e9 ") == Move.from_str("e5-e9")
        True
        """
        if self.code != 0:                       # no action packs to 0
            raise TypeError("a Move is a frozen value")
        if not isinstance(text, str):
            raise TypeError(f"Move() takes the text of an action (like 'e5-e9'), not "
                            f"{type(text).__name__}: for points use Move.place / move / "
                            f"remove_row / remove_ring / pass_move")
        self.code = _parse_move(text)

    @staticmethod
    def from_str(text):
        """Parses the notation of docs/notation.md (case-insensitive,
        ASCII, surrounding blanks ignored).

        Raises ``InvalidMoveError`` (a ``ValueError``) for any ``str`` that is
        not an action, ``TypeError`` for anything else.

        >>> Move.from_str(" XA2 ")
        yinsh.Move.from_str('xa2')
        >>> Move.from_str(b"e5")
        Traceback (most recent call last):
        ...
        TypeError: expected str, not bytes
        """
        return make_move(_parse_move(text))

    @staticmethod
    def place(point):
        """Placing a ring on point."""
        cdef int p = _check_point(point)
        return make_move(pack_move(K_PLACE, p, p))

    @staticmethod
    def move(from_point, to_point):
        """Moving the ring on from_point to to_point."""
        cdef int f = _check_point(from_point), t = _check_point(to_point)
        return make_move(pack_move(K_MOVE, f, t))

    @staticmethod
    def remove_row(end1, end2):
        """Removing the row with these two end points (in either order)."""
        cdef int a = _check_point(end1), b = _check_point(end2)
        return make_move(pack_move(K_ROW, min(a, b), max(a, b)))

    @staticmethod
    def remove_ring(point):
        """Removing one's own ring from point."""
        cdef int p = _check_point(point)
        return make_move(pack_move(K_RING, p, p))

    @staticmethod
    def pass_move():
        """Passing (legal only when the side to move has no ring move)."""
        return make_move(pack_move(K_PASS, 0, 0))

    @staticmethod
    def from_code(code):
        """The move with this packed code (``move.code``). Raises
        ``InvalidMoveError`` for an int that is not a move's code."""
        cdef object c = operator.index(code)
        if not (0 <= c < (K_PASS + 1) << 14) or not _code_ok(c):
            raise InvalidMoveError(f"{code!r} is not a move code")
        return make_move(c)

    @property
    def kind(self):
        """The kind of action, a ``MoveKind``."""
        return _KINDS[move_kind(self.code)]

    @property
    def from_point(self):
        """Where a piece is taken from: the ring's start of a move, the first
        end of a row, the ring removed; None for placements and passes."""
        cdef int kind = move_kind(self.code)
        return move_from(self.code) if kind in (K_MOVE, K_ROW, K_RING) else None

    @property
    def to_point(self):
        """Where a piece goes: the placed ring's point, a move's destination,
        the second end of a row; None for ring removals and passes."""
        cdef int kind = move_kind(self.code)
        return move_to(self.code) if kind in (K_PLACE, K_MOVE, K_ROW) else None

    cdef str _text(self):
        return move_text(self.code)

    cdef str _public_name(self):
        return "yinsh.Move"


cdef bint _code_ok(int code) noexcept:
    """Whether code is the canonical packing of some action."""
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if code < 0 or kind < K_PLACE or kind > K_PASS:
        return False
    if kind == K_PASS:
        return f == 0 and t == 0
    if POINT_NAMES[f] is None or POINT_NAMES[t] is None:
        return False
    if kind == K_PLACE or kind == K_RING:
        return f == t
    return f < t if kind == K_ROW else True


cdef int _move_code(object move, str where) except -1:
    """move.code if move is a Move, else a TypeError that points text to
    push_str / parse_move."""
    if isinstance(move, Move):
        return (<Move>move).code
    raise not_a_move(where, "yinsh", move)


_KINDS = (None, MoveKind.PLACE, MoveKind.MOVE, MoveKind.REMOVE_ROW, MoveKind.REMOVE_RING, MoveKind.PASS)


cdef class LegalMoves(LegalMovesBase):
    """Lazy view of a board's legal actions: iterate, ``len``, ``count()``,
    ``in`` and ``bool``; nothing is generated until asked. ``in`` takes a
    ``Move`` (like ``push`` and ``is_legal``) and raises ``TypeError`` for
    anything else, text included.

    >>> from yinsh import Board
    >>> board = Board()
    >>> Move.from_str("e5") in board.legal_moves
    True
    >>> "e5" in board.legal_moves
    Traceback (most recent call last):
    ...
    TypeError: 'in legal_moves' expects a yinsh.Move, not str ('e5'): for text use board.push_str(text) or board.parse_move(text)
    """


cdef str _why_illegal(const Position* p, int m):
    """A sentence saying why the packed action m is illegal in p."""
    cdef const BoardTables* T = &TABLES
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m), us = p.turn, i, q, d
    cdef str side = "White" if us == C_WHITE else "Black"
    cdef str text = move_text(m)
    cdef u128 rings = bb_or(p.rings[0], p.rings[1])
    cdef u128 markers = bb_or(p.markers[0], p.markers[1])
    cdef bint jumped = False
    phase_need = {K_PLACE: PH_PLACE, K_MOVE: PH_MOVE, K_ROW: PH_REMOVE_ROW,
                  K_RING: PH_REMOVE_RING, K_PASS: PH_MOVE}[kind]
    if p.phase == PH_GAME_OVER:               # the result and why, as every game says it
        return (f"{text}: the game is over ("
                f"{('1-0', '0-1', '1/2-1/2')[p.winner]}, "
                f"{('', 'rings removed', 'the marker pool ran out', 'both sides blocked')[p.end_reason]})")
    if p.phase != phase_need:
        expected = {PH_PLACE: "place a ring", PH_MOVE: "move a ring (or pass when blocked)",
                    PH_REMOVE_ROW: "remove a row", PH_REMOVE_RING: "remove one of its rings"}[p.phase]
        return f"{text}: {side} must {expected} now"
    if kind == K_PLACE:
        return f"{text}: {POINT_NAMES[t]} already holds a ring"
    if kind == K_RING:
        return f"{text}: {side} has no ring on {POINT_NAMES[f]}"
    if kind == K_PASS:
        return f"{text}: {side} has a ring move, so it may not pass"
    if kind == K_ROW:
        if T.dir_of[f][t] < 0 or T.dist[f][t] != LINE_LENGTH - 1:
            return f"{text}: {POINT_NAMES[f]} and {POINT_NAMES[t]} are not the ends of 5 points in a line"
        return f"{text}: the 5 points from {POINT_NAMES[f]} to {POINT_NAMES[t]} are not all {side.lower()} markers"
    if not bb_any(bb_and(p.rings[us], T.bit[f])):
        return f"{text}: {side} has no ring on {POINT_NAMES[f]}"
    if f == t:
        return f"{text}: a ring must move"
    d = T.dir_of[f][t]
    if d < 0:
        return f"{text}: {POINT_NAMES[f]} and {POINT_NAMES[t]} are not on one line"
    for i in range(T.dist[f][t]):
        q = T.ray[f][d][i]
        if bb_any(bb_and(rings, T.bit[q])):
            return f"{text}: the ring cannot pass or land on the ring on {POINT_NAMES[q]}"
        if bb_any(bb_and(markers, T.bit[q])):
            if q == t:
                return f"{text}: the ring cannot land on the marker on {POINT_NAMES[t]}"
            jumped = True
            continue
        if jumped and q != t:
            return f"{text}: after jumping markers the ring must stop on {POINT_NAMES[q]}"
    return f"{text}: not a legal ring move"


cdef class CoreBoard(CoreBoardBase):
    """The native state of a board and its action stack. Use ``yinsh.Board``.

    ``push``, ``is_legal`` and ``in legal_moves`` take a ``Move`` and raise
    ``TypeError`` for anything else, text included:

    >>> from yinsh import Board
    >>> board = Board()
    >>> board.push(Move.from_str("e5"))
    >>> board.is_legal(Move.from_str("e5")), board.is_legal(Move.from_str("f6"))
    (False, True)
    >>> board.push("f6")
    Traceback (most recent call last):
    ...
    TypeError: push expects a yinsh.Move, not str ('f6'): for text use board.push_str(text) or board.parse_move(text)
    """

    def __cinit__(self, *args, **kwargs):
        self._stack_init(&self.pos, sizeof(Position), 64)
        pos_init(&self.pos, 3)

    cdef int _push_code(self, int code) except -1:
        self._record(code)
        do_move(&self.pos, code)
        if YINSH_DEBUG and not pos_is_ok(&self.pos):
            raise AssertionError(f"inconsistent position after {move_text(code)}: "
                                 f"{problem_message(&self.pos)}")
        return 0

    cdef object _move_of(self, int code):
        return make_move(code)

    cdef int _code_of(self, object move, str where) except -1:
        return _move_code(move, where)

    cdef int _parse(self, object text) except -1:
        return _parse_move(text)

    cdef int _action_of(self, int code) except -2:
        return code if is_legal(&self.pos, code) else -1

    cdef str _why(self, int code):
        return _why_illegal(&self.pos, code)

    cdef int _play(self, int action, int code) except -1:
        return self._push_code(code)

    cdef list _legal_codes(self):
        cdef int codes[MAX_MOVES]
        cdef int n = gen_moves(&self.pos, codes), i
        return [codes[i] for i in range(n)]

    cdef int _count_legal(self) except -1:
        return count_moves(&self.pos)

    cdef bint _has_legal(self) except -1:
        return self.pos.phase != PH_GAME_OVER

    @property
    def legal_moves(self):
        """A lazy ``LegalMoves`` view of the legal actions."""
        return LegalMoves(self)

    def zobrist_hash(self):
        """A 64-bit hash of the position (pieces, side, phase, counts,
        variant), updated incrementally on every action."""
        return pos_hash(&self.pos)

    def _hash_from_scratch(self):
        return pos_hash_from_scratch(&self.pos)

    def _is_ok(self):
        """Whether the position passes the consistency check."""
        return pos_is_ok(&self.pos)

    def _problem(self):
        """What the consistency check finds wrong with the position, in
        words; "" if nothing."""
        return problem_message(&self.pos)

    # Raw state, for the Python layer (position strings, pictures).

    @property
    def _turn_code(self):
        return self.pos.turn

    @property
    def _phase_code(self):
        return self.pos.phase

    @property
    def _markers_on_board(self):
        return self.pos.markers_on_board

    def _state(self):
        """The position as a ``BoardState`` of Python ints (bitboards as
        ints of bit c*11 + r-1; turn, phase, ... as the core's codes)."""
        cdef Position* p = &self.pos
        return BoardState(bitboard_to_int(p.rings[0]), bitboard_to_int(p.rings[1]), bitboard_to_int(p.markers[0]),
                bitboard_to_int(p.markers[1]), p.turn, p.phase, p.mover, p.passes,
                p.removed[0], p.removed[1], p.rings_to_win, p.winner, p.end_reason)

    def _set_state(self, rings_white, rings_black, markers_white, markers_black,
                   int turn, int phase, int mover, int passes,
                   int removed_white, int removed_black, int rings_to_win):
        """Sets the position (and clears the stack); raises
        ``InvalidPositionError`` saying what is wrong if it is not
        consistent (see ``check_state``)."""
        build_position(&self.pos, rings_white, rings_black, markers_white, markers_black, turn,
                       phase, mover, passes, removed_white, removed_black, rings_to_win)
        self._ply = 0


cdef int build_position(Position* out, rings_white, rings_black, markers_white, markers_black,
                        int turn, int phase, int mover, int passes, int removed_white,
                        int removed_black, int rings_to_win) except -1:
    """Sets *out to the position of these fields (the arguments of
    CoreBoard._set_state), deriving the rest (the counters, the key, the
    result of an ended game); raises InvalidPositionError with
    pos_check's reason if it is not consistent (*out is then unchanged)."""
    cdef Position p
    cdef int field, winner = 0
    pos_init(&p, 3)
    for field in (turn, phase, mover, passes, removed_white, removed_black, rings_to_win):
        if not 0 <= field <= 255:          # a byte in the Position; pos_check says the rest
            raise InvalidPositionError(POSITION_PROBLEMS[POS_FIELD_RANGE])
    bitboard_from_int(rings_white, &p.rings[0])
    bitboard_from_int(rings_black, &p.rings[1])
    bitboard_from_int(markers_white, &p.markers[0])
    bitboard_from_int(markers_black, &p.markers[1])
    p.turn, p.phase, p.mover, p.passes = turn, phase, mover, passes
    p.removed[0], p.removed[1] = removed_white, removed_black
    p.rings_to_win = rings_to_win
    if not pos_fields_in_range(&p):
        raise InvalidPositionError(POSITION_PROBLEMS[POS_FIELD_RANGE])
    p.markers_on_board = bb_popcount(bb_or(p.markers[0], p.markers[1]))
    p.placed = bb_popcount(bb_or(p.rings[0], p.rings[1])) if phase == PH_PLACE else 2 * RINGS_PER_SIDE
    if phase != PH_REMOVE_ROW and phase != PH_REMOVE_RING:
        p.mover = 0
    if phase == PH_GAME_OVER:
        p.end_reason = pos_game_end(&p, &winner)
        p.winner = winner
    p.key = pos_hash_from_scratch(&p) ^ state_key(&p)
    if not pos_is_ok(&p):
        raise InvalidPositionError(problem_message(&p))
    out[0] = p
    return 0


def check_state(rings_white, rings_black, markers_white, markers_black, int turn, int phase,
                int mover, int passes, int removed_white, int removed_black, int rings_to_win):
    """Raises ``InvalidPositionError`` saying what is wrong unless these
    fields (those of ``CoreBoard._set_state``) make a consistent position;
    the position strings' check (``yinsh.yinsh.position.parse_position``)."""
    cdef Position p
    build_position(&p, rings_white, rings_black, markers_white, markers_black, turn, phase,
                   mover, passes, removed_white, removed_black, rings_to_win)


cdef str problem_message(const Position* p):
    """What pos_check finds wrong with p, in words ("" if nothing)."""
    cdef int side = -1
    cdef int problem = pos_check(p, &side)
    cdef int s = 0 if side < 0 else side
    if problem == POS_OK:
        return ""
    return POSITION_PROBLEMS[problem].format(
        side=SIDE_NAMES[s], other=SIDE_NAMES[1 - s], rings=bb_popcount(p.rings[s]),
        removed=p.removed[s], white=bb_popcount(p.rings[0]), black=bb_popcount(p.rings[1]),
        markers=bb_popcount(bb_or(p.markers[0], p.markers[1])), rings_to_win=p.rings_to_win)


#: The text of each of pos_check's problems, by code (the order of the POS_*
#: codes in _position.pxd; 0: none), as ``str.format`` templates (see there).
POSITION_PROBLEMS = (
    "the position is consistent",
    "a field of the position is out of range",
    "two pieces on one point",
    "a piece on a cell that is not a point of the board",
    "the markers on the board, rings placed, result or mover recorded do not match the position",
    "the Zobrist key does not match the pieces",
    "{markers} markers on the board, there are only 51",
    "{side} has {rings} rings on the board and {removed} removed, more than 5",
    "the placement phase has no markers and no removed rings",
    "{white} white and {black} black rings placed, so it is not {side}'s turn to place",
    "after placement {side} must have 5 rings on the board or removed, not {rings} + {removed}",
    "both sides have removed the rings needed to win",
    "{side} has removed more than the {rings_to_win} rings that win",
    "game_over needs a side with the rings to win, two passes, or all 51 markers on the board",
    "{side} has won, so the phase must be game_over",
    "a row of {side} markers is on the board while the phase says a ring move is next",
    "all 51 markers are on the board, so the game is over",
    "two passes end the game, so the phase must be game_over",
    "passes must be 0 while rows are being removed",
    "{side} made the move and still has a row: it resolves before {other}",
    "phase remove_row but {side} has no row to remove",
)
if len(POSITION_PROBLEMS) != POS_NUM_PROBLEMS:  # pragma: no cover (a code without its text)
    raise ImportError("POSITION_PROBLEMS and the POS_* codes of _position.pxd disagree")
SIDE_NAMES = ("white", "black")


BoardState = namedtuple("BoardState", [
    "rings_white", "rings_black", "markers_white", "markers_black", "turn", "phase", "mover",
    "passes", "removed_white", "removed_black", "rings_to_win", "winner", "end_reason"])


cdef object bitboard_to_int(u128 b):
    """b as a Python int (bit p is point p)."""
    return (<object>bb_hi(b) << 64) | <object>bb_lo(b)


cdef int bitboard_from_int(object x, u128* out) except -1:
    """Sets *out to x as a bitboard; InvalidPositionError unless x is an int,
    0 <= x < 2**128."""
    if not isinstance(x, int) or x < 0 or x >> 128:
        raise InvalidPositionError(f"{x!r} is not a 128-bit board")
    cdef uint64_t lo = x & 0xFFFFFFFFFFFFFFFF
    cdef uint64_t hi = x >> 64
    out[0] = bb_make(lo, hi)
    return 0