"""The Board: a Yinsh position with its action stack, over the compiled core.

>>> board = Board()
>>> board.turn, board.phase
(<Color.WHITE: 0>, <Phase.PLACE: 'place'>)
>>> for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split():
...     _ = board.push_str(text)
>>> board.phase, board.legal_moves.count()
(<Phase.MOVE: 'move'>, 54)
>>> board.push_str("h6-h10")
yinsh.Move.from_str('h6-h10')
>>> board.markers_in_pool()
50
>>> board.pop()
yinsh.Move.from_str('h6-h10')
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from yinsh.yinsh import _core, diagram, geometry
from yinsh.yinsh.enums import Color, Phase, Termination
from yinsh.board_base import BaseBoard, check_position_variant, check_variant, new_game_variant
from yinsh.errors import reading_position
from yinsh.outcomes import TwoPlayerOutcome
from yinsh.yinsh.position import format_position, parse_position
from yinsh.yinsh.variants import RINGS_TO_WIN, variant_name

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_TERMINATIONS = (None, Termination.RINGS, Termination.MARKER_POOL, Termination.BLOCKED)
_COLORS = (Color.WHITE, Color.BLACK)
_PHASES = tuple(Phase)


class Outcome(TwoPlayerOutcome[Termination, Color]):
    """How a game ended: ``termination`` (the reason) and ``winner``
    (``None`` for a draw); ``result()`` and ``returns`` follow from the
    winner (``yinsh.outcomes``).

    >>> Outcome(Termination.RINGS, Color.BLACK).returns
    (-1.0, 1.0)
    """



class Board(BaseBoard, _core.CoreBoard):
    """A Yinsh position and the actions that led to it.

    ``Board()`` is a new standard game, ``Board(variant="blitz")`` a new blitz
    game, ``Board(position_string)`` the position that the string describes
    (see ``yinsh.yinsh.position``).

    Raises ``InvalidPositionError`` (a ``ValueError``) for any ``str`` that is
    not a position string, ``ValueError`` for an unknown variant, and
    ``TypeError`` when position or variant is neither ``None`` nor a ``str``.

    Boards pickle and ``copy.deepcopy`` with their move stack (as the
    position where the stack starts and its actions as text), so ``pop()``
    works on the copy:

    >>> import pickle
    >>> board = Board()
    >>> _ = board.push_str("e5")
    >>> again = pickle.loads(pickle.dumps(board))
    >>> again == board, again.move_stack, again.pop()
    (True, [yinsh.Move.from_str('e5')], yinsh.Move.from_str('e5'))
    """

    def __init__(self, position: Optional[str] = None, *, variant: Optional[str] = None) -> None:
        check_variant(variant, RINGS_TO_WIN)
        if position is not None:
            with reading_position(position):
                state = parse_position(position)
                check_position_variant(variant, variant_name(state[-1]))
                self._set_state(*state)
            return
        rings_to_win = RINGS_TO_WIN[new_game_variant(variant, RINGS_TO_WIN)]
        self._set_state(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, rings_to_win)

    def _load_position(self, text: str) -> None:
        self._set_state(*parse_position(text))

    # State ------------------------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to act (after the game ends: the side that would act)."""
        return _COLORS[self._turn_code]

    @property
    def phase(self) -> Phase:
        """What the side to act does next (a ``Phase``)."""
        return _PHASES[self._phase_code]

    @property
    def players(self) -> list[Color]:
        """The sides, in turn order: ``[Color.WHITE, Color.BLACK]`` (a new
        list; ``len(board.players)`` is the number of players)."""
        return list(_COLORS)

    @property
    def variant(self) -> str:
        """``"standard"`` or ``"blitz"``."""
        return variant_name(self.rings_to_win)

    @property
    def rings_to_win(self) -> int:
        """How many removed rings win: 3, or 1 in blitz."""
        return self._state().rings_to_win

    def rings_removed(self, color: Color) -> int:
        """The rings color (a ``Color`` or ``"white"``/``"black"``) has taken
        off the board."""
        s = self._state()
        return (s.removed_white, s.removed_black)[Color.of(color)]

    def markers_in_pool(self) -> int:
        """Markers not on the board (of the 51)."""
        return 51 - self._markers_on_board

    def rings(self, color: Color) -> list[int]:
        """The points of color's rings, ascending."""
        s = self._state()
        return geometry.points_of((s.rings_white, s.rings_black)[Color.of(color)])

    def markers(self, color: Color) -> list[int]:
        """The points of color's markers, ascending."""
        s = self._state()
        return geometry.points_of((s.markers_white, s.markers_black)[Color.of(color)])

    def consecutive_passes(self) -> int:
        """How many passes were just made in a row."""
        return self._state().passes

    # End of game ------------------------------------------------------------

    def is_game_over(self) -> bool:
        """Whether the game has ended."""
        return _PHASES[self._phase_code] is Phase.GAME_OVER

    def outcome(self) -> Optional[Outcome]:
        """The ``Outcome`` of an ended game, else ``None``.

        >>> Board().outcome() is None
        True
        """
        s = self._state()
        if _PHASES[s.phase] is not Phase.GAME_OVER:
            return None
        winner = None if s.winner == 2 else Color(s.winner)
        termination = _TERMINATIONS[s.end_reason]
        assert termination is not None           # an ended game has its reason
        return Outcome(termination, winner)

    # Text -------------------------------------------------------------------

    def position(self) -> str:
        """The position string (see ``yinsh.yinsh.position``); ``Board(s)`` reads
        it back exactly."""
        return format_position(self)

    def __str__(self) -> str:
        return diagram.draw(self)

    def unicode(self, *, orientation: object = Color.WHITE, last_move: bool = True,
                coordinates: bool = True) -> str:
        """The diagram of ``str(board)`` drawn with Unicode rings (``◎``/``◉``)
        and markers (``○``/``●``); ``orientation=yinsh.BLACK`` turns it for
        Black. ``yinsh.yinsh.diagram.draw`` has the same options for ASCII."""
        return diagram.draw(self, unicode=True, orientation=orientation, last_move=last_move,
                            coordinates=coordinates)

    def __repr__(self) -> str:
        """``yinsh.Board('...')``: pastes back after ``import yinsh``.

        >>> Board()
        yinsh.Board('4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard')
        """
        return f"yinsh.Board({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # Machine-learning interface (yinsh.yinsh.actions, docs/ml.md); its module
    # yinsh.yinsh._ml, and numpy with it, is imported by the first call.

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The ids of the legal actions (see ``yinsh.yinsh.actions``), an ascending
        int64 numpy array.

        >>> Board().legal_actions()[:3]
        array([0, 1, 2])
        """
        from yinsh.yinsh import _ml
        return _ml.legal_actions(self)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A numpy bool array of ``yinsh.NUM_ACTIONS``, True at the legal
        action ids.

        >>> int(Board().legal_action_mask().sum())
        85
        """
        from yinsh.yinsh import _ml
        return _ml.legal_action_mask(self)

    def push_action(self, action: int) -> None:
        """Plays the action with this id. Raises ``IllegalMoveError`` (saying
        why) for an action the position does not allow, and
        ``yinsh.yinsh.actions.InvalidActionError`` (an ``InvalidMoveError`` and an
        ``IllegalMoveError``) for an id out of range or naming no action; the
        board is then unchanged.

        >>> from yinsh.yinsh.actions import move_to_action
        >>> board = Board()
        >>> board.push_action(move_to_action("e5"))
        >>> board.move_stack
        [yinsh.Move.from_str('e5')]
        """
        from yinsh.yinsh import _ml
        _ml.push_action(self, action)

    def planes(self, out: Optional[npt.NDArray[np.float32]] = None,
               perspective: str = "side_to_act") -> npt.NDArray[np.float32]:
        """The observation planes (docs/ml.md): a float32 numpy array of
        shape ``(yinsh.yinsh.actions.NUM_PLANES, 11, 11)`` = ``(17, 11, 11)``,
        cell ``[k, c, r - 1]`` for column ``c`` (0..10) and row ``r``.
        ``perspective`` is
        ``"side_to_act"`` ("us" is the side to act), ``"white"`` or
        ``"black"``. When ``out`` is given (float32, that shape,
        C-contiguous) it is filled and returned.

        Raises ``ValueError`` for a bad perspective or ``out``.

        >>> Board().planes().shape
        (17, 11, 11)
        """
        from yinsh.yinsh import _ml
        return _ml.planes(self, out, perspective)


if TYPE_CHECKING:
    # mypy (tests/test_types.py) checks here that the board satisfies the
    # board protocol (yinsh.protocol) with its own Move.
    from yinsh.protocol import BoardClass
    from yinsh.yinsh._board import Move

    _PROTOCOL: BoardClass[Move] = Board
