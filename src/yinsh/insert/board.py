"""The Insert Board: a position, its marks and its action stack, over the
compiled core (``yinsh.insert._core``).

>>> board = Board()                      # layout 0, empty, White to place
>>> board.push_str("c3")                 # c3 is marked v: Red must use column c
yinsh.insert.Move.from_str('c3')
>>> [square_name(s) for s in board.allowed_line()]
['c1', 'c2', 'c4', 'c5', 'c6']
>>> board.push_str("d4")
Traceback (most recent call last):
...
yinsh.errors.IllegalMoveError: illegal move d4: not on the allowed line: the last ring went on c3 (mark v), so red must place on column c (c1 c2 c4 c5 c6)
>>> board.push_str("c5"), board.turn
(yinsh.insert.Move.from_str('c5'), <Color.WHITE: 0>)
>>> board.position()
'6/2R3/6/2W3/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu w c5'
"""
from __future__ import annotations

import random as _random
from typing import TYPE_CHECKING, Any, Optional

from yinsh.board_base import BaseBoard
from yinsh.errors import reading_position
from yinsh.insert import _core, diagram
from yinsh.insert._core import square_name
from yinsh.insert.enums import Color, Phase, Termination
from yinsh.outcomes import TwoPlayerOutcome
from yinsh.insert.position import format_position, layout_of_marks, marks_field, parse_position

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Board", "Outcome"]

_COLORS = (Color.WHITE, Color.RED)
_TERMINATIONS = {1: Termination.FIVE, 2: Termination.GROUPS}


class Outcome(TwoPlayerOutcome[Termination, Color]):
    """How a game ended: ``termination`` (``Termination.FIVE`` or
    ``Termination.GROUPS``) and ``winner`` (a ``Color``, ``None`` for a
    draw); ``result()`` and ``returns`` follow from the winner
    (``yinsh.outcomes``)."""



def _check_layout(layout: object) -> int:
    if isinstance(layout, bool) or not isinstance(layout, int):
        raise TypeError(f"layout must be an int 0..6143, not {type(layout).__name__}")
    if not 0 <= layout < 6144:
        raise ValueError(f"layout {layout} is not a layout number (0..6143)")
    return layout


def _square(square: object) -> int:
    """A square number from a number or a name."""
    if isinstance(square, str):
        return int(_core.parse_square(square))
    if not isinstance(square, int):
        raise TypeError(f"a square is a number 0..35 or a name like 'c4', not {type(square).__name__}")
    return int(_core.parse_square(square_name(square)))     # checks the number


class Board(BaseBoard, _core.CoreBoard):
    """An Insert position, its marks and the actions that led to it.

    - ``Board()``: a new game on layout 0 (the empty board, White to place);
    - ``Board(layout=N)``: a new game on layout N (0..6143);
    - ``Board(position_string)``: the position the string describes (see
      ``yinsh.insert.position``); its ``layout`` is the layout number whose
      marks are the string's marks, ``None`` when no layout has them;
    - ``Board.random(seed=7)``: a new game on a layout drawn from the seed.

    Raises ``InvalidPositionError`` (a ``ValueError``) for a str that is not
    a valid position string, ``ValueError`` for a layout number out of range
    or both a position and a layout, ``TypeError`` for arguments of the
    wrong type.

    Boards pickle and ``copy.deepcopy`` with their move stack (the starting
    position and the actions as text), so ``pop()`` works on the copy:

    >>> import pickle
    >>> board = Board(layout=1234)
    >>> _ = board.push_str("a1")
    >>> again = pickle.loads(pickle.dumps(board))
    >>> again == board, again.layout, again.move_stack, again.pop()
    (True, 1234, [yinsh.insert.Move.from_str('a1')], yinsh.insert.Move.from_str('a1'))
    """

    def __init__(self, position: Optional[str] = None, *, layout: Optional[int] = None) -> None:
        if position is not None:
            if layout is not None:
                raise ValueError("give a position string or a layout number, not both")
            with reading_position(position):
                white, red, marks, last = parse_position(position)
                number = layout_of_marks(marks)
                self._set_position(white, red, marks, last, -1 if number is None else number)
            return
        self._set_layout(0 if layout is None else _check_layout(layout))

    def _load_position(self, text: str) -> None:
        Board.__init__(self, text)

    @classmethod
    def random(cls, seed: Optional[int] = None) -> "Board":
        """A new game on a layout drawn uniformly from 0..6143 (rule 7): the
        first draw of the core's splitmix64 generator seeded with seed (an
        int 0..2**64-1), the generator of ``random_playouts``; without a
        seed, from fresh randomness.

        >>> Board.random(seed=7).layout == Board.random(seed=7).layout
        True
        """
        if seed is None:
            seed = _random.SystemRandom().randrange(2**64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
        return cls(layout=_core._random_layout_number(seed))

    # State ------------------------------------------------------------------

    @property
    def layout(self) -> Optional[int]:
        """The layout number (0..6143) of the marks, ``None`` for marks that
        no layout has (a position string can give any marks)."""
        number = self._layout_number
        return None if number < 0 else number

    @property
    def turn(self) -> Color:
        """The side to place (after the game ends: the side that would)."""
        return _COLORS[self._turn_code]

    @property
    def players(self) -> list[Color]:
        """The sides, in turn order: ``[Color.WHITE, Color.RED]`` (a new
        list; ``len(board.players)`` is the number of players)."""
        return list(_COLORS)

    @property
    def phase(self) -> Phase:
        """``Phase.PLACE`` while playing (every action places a ring),
        ``Phase.GAME_OVER`` once the game has ended.

        >>> Board().phase
        <Phase.PLACE: 'place'>
        """
        return Phase.GAME_OVER if self._end_code else Phase.PLACE

    @property
    def last_square(self) -> Optional[int]:
        """The square of the last ring placed, ``None`` on an empty board."""
        last = self._last_square
        return None if last < 0 else last

    def allowed_line(self) -> list[int]:
        """The squares the side to place may use now, ascending: the empty
        squares of the line of the last ring's square (rule 9), every empty
        square on an empty board or when that line is full, none once the
        game is over.

        >>> len(Board().allowed_line())
        36
        """
        allowed = self._state()[2]
        return [s for s in range(36) if allowed >> s & 1]

    def mark(self, square: object) -> str:
        """The mark of a square (a number or a name): ``"v"``, ``"h"``,
        ``"u"`` or ``"d"``.

        >>> Board().mark("a6"), Board().mark(0)
        ('v', 'h')
        """
        return str(self._marks()[_square(square)])

    def marks(self) -> str:
        """The marks field of the position string (rows 6 to 1)."""
        return marks_field(self._marks())

    def line(self, square: object) -> list[int]:
        """The line (rule 3) of a square through its mark: every square of
        it, ascending, the square itself included."""
        sq = _square(square)
        return list(_core.line_squares(sq, self._marks()[sq]))

    def ring_at(self, square: object) -> Optional[Color]:
        """The colour of the ring on a square, ``None`` if it is empty."""
        sq = _square(square)
        white, red = self._state()[:2]
        if white >> sq & 1:
            return Color.WHITE
        return Color.RED if red >> sq & 1 else None

    def rings(self, color: object) -> list[int]:
        """The squares of color's rings, ascending (``Color`` or
        ``"white"``/``"red"``)."""
        bits = self._state()[Color.of(color)]
        return [s for s in range(36) if bits >> s & 1]

    def rings_in_supply(self, color: object) -> int:
        """Rings color has not placed yet (of 15): flips never refill it.
        White has placed ceil(n / 2) of the n rings on the board."""
        n = self._count
        return 15 - ((n + 1) // 2 if Color.of(color) == Color.WHITE else n // 2)

    def group_sizes(self, color: object) -> list[int]:
        """The sizes of color's orthogonally connected groups, largest first
        (rule 14's lists)."""
        return list(_core.group_sizes_of(self._state()[Color.of(color)]))

    def last_flips(self) -> list[int]:
        """The squares of the rings the last action of the move stack
        flipped, ascending (empty with an empty stack)."""
        if not self.ply:
            return []
        before = self.copy()
        before.pop()
        b_white, b_red = before._state()[:2]
        a_white = self._state()[0]
        changed = (b_white & ~a_white) | (b_red & a_white)
        return [s for s in range(36) if changed >> s & 1]

    # Machine learning (docs/insert.md; ids are square numbers); its module
    # yinsh.insert._ml, and numpy with it, is imported by the first call -----

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal action ids (square numbers), an ascending int64 array.

        >>> board = Board()
        >>> _ = board.push_str("c3")
        >>> board.legal_actions().tolist()
        [2, 8, 20, 26, 32]
        """
        from yinsh.insert import _ml
        return _ml.legal_actions(self)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of 36: True at the legal action ids."""
        from yinsh.insert import _ml
        return _ml.legal_action_mask(self)

    def push_action(self, action: int) -> None:
        """Plays the action id (a square number 0..35), recorded on the move
        stack like ``push``. Raises ``InvalidActionError`` for an id out of
        range, ``IllegalMoveError`` (saying why) for one not allowed now,
        ``TypeError`` for a non-integer; the board is then unchanged.

        >>> board = Board()
        >>> board.push_action(14)
        >>> board.push_action(14)
        Traceback (most recent call last):
        ...
        yinsh.errors.IllegalMoveError: illegal action 14 (c3): the square is taken (a white ring is on it)
        """
        from yinsh.insert import _ml
        _ml.push_action(self, action)

    def planes(self, out: Optional[npt.NDArray[np.float32]] = None,
               perspective: str = "side_to_act") -> npt.NDArray[np.float32]:
        """The float32 observation planes, shape ``(10, 6, 6)``, cell
        ``[k, r, c]`` (the plane table is in docs/insert.md; names in
        ``yinsh.insert.actions.PLANE_NAMES``). *Us* is the side to place, or
        ``perspective="white"`` / ``"red"``. Written into ``out`` when given
        (a C-contiguous float32 array of that shape, else ``ValueError`` /
        ``TypeError``).

        >>> Board().planes().shape
        (10, 6, 6)
        """
        from yinsh.insert import _ml
        return _ml.planes(self, out, perspective)

    # End of game ------------------------------------------------------------

    def is_game_over(self) -> bool:
        """Whether the game has ended (a five, or 30 rings down)."""
        return self._end_code != 0

    def outcome(self) -> Optional[Outcome]:
        """The ``Outcome`` of an ended game, ``None`` while playing.

        >>> Board().outcome() is None
        True
        """
        end = self._end_code
        if not end:
            return None
        winner = self._winner_code
        return Outcome(_TERMINATIONS[end], None if winner == 2 else _COLORS[winner])

    # Text -------------------------------------------------------------------

    def position(self) -> str:
        """The position string; ``Board(s)`` reads it back exactly."""
        return format_position(self)

    def __str__(self) -> str:
        """The text diagram (``yinsh.insert.diagram``)."""
        return diagram.draw(self)

    def unicode(self, *, orientation: object = Color.WHITE, last_move: bool = True,
                coordinates: bool = True) -> str:
        """The diagram of ``str(board)`` drawn with Unicode rings (``○``
        White, ``●`` Red) and marks (``│ ─ ╱ ╲``); the options of every
        game's diagram (``yinsh.insert.diagram.draw``): ``orientation=insert.RED``
        turns it for Red, ``last_move``, ``coordinates``.

        >>> print(Board().unicode().splitlines()[1])
          6  ·│ ·─ ·╱   ·╱ ·│ ·╲   6
        """
        return diagram.draw(self, unicode=True, orientation=orientation, last_move=last_move,
                            coordinates=coordinates)

    def __repr__(self) -> str:
        """``yinsh.insert.Board('...')``: pastes back after ``import yinsh``.

        >>> Board()
        yinsh.insert.Board('6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu w -')
        """
        return f"yinsh.insert.Board({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._state() == other._state() and self._marks() == other._marks()

    __hash__ = None  # type: ignore[assignment]  # mutable

if TYPE_CHECKING:
    # mypy (tests/test_types.py) checks here that the board satisfies the
    # board protocol (yinsh.protocol) with its own Move.
    from yinsh.protocol import BoardClass

    _PROTOCOL: BoardClass[_core.Move] = Board
