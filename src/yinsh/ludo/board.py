"""The Ludo Board: a position with its action stack, over the compiled core.

>>> from yinsh import ludo
>>> board = ludo.Board()
>>> board.turn, board.players, board.is_chance()
(<Color.GREEN: 0>, [<Color.GREEN: 0>, <Color.YELLOW: 1>, <Color.BLUE: 2>, <Color.RED: 3>], True)
>>> for text in "r6 r3".split():
...     _ = board.push_str(text)
>>> board.dice, board.phase, [str(m) for m in board.legal_moves]
((6, 3), <Phase.MOVE: 'move'>, ['s-3'])
>>> board.push_str("s-3")
yinsh.ludo.Move.from_str('s-3')
>>> board.position()
'3G9/13/13/13 5/5/5/5 0000 Y - standard -'
>>> print(board.turn)
yellow
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Optional, Union

from yinsh.board_base import BaseBoard, check_position_variant, check_variant, new_game_variant
from yinsh.errors import IllegalMoveError, InvalidPositionError, reading_position
from yinsh.ludo import _core, diagram
from yinsh.ludo._core import Move
from yinsh.ludo.enums import Color, Phase, Termination
from yinsh.ludo.outcome import Outcome
from yinsh.ludo.position import NO_TURN, VARIANTS, format_position, parse_position

if TYPE_CHECKING:
    import numpy

__all__ = ["Board", "PLAYER_COUNTS", "VARIANTS", "START", "FINISH"]

_COLORS = tuple(Color)
_PHASES = (Phase.THROW, Phase.MOVE, Phase.GAME_OVER)
#: the colours of a new game of 2, 3 or 4 players (rule 1)
PLAYER_COUNTS = {2: (Color.GREEN, Color.BLUE), 3: (Color.GREEN, Color.YELLOW, Color.BLUE),
                 4: (Color.GREEN, Color.YELLOW, Color.BLUE, Color.RED)}

#: the progress of a piece in the start corner (pieces(), progress())
START = -1
#: the progress of a piece in the finish
FINISH = 56


class Board(BaseBoard, _core.CoreBoard):
    """A Ludo position and the actions that led to it.

    ``Board()`` is a new 4-player standard game, ``Board(players=2,
    variant="places")`` a new game of 2 (Green, Blue), 3 (Green, Yellow,
    Blue) or 4 players in the ``"standard"`` or ``"places"`` variant,
    ``Board(position_string)`` the position the string describes (LUDO.md;
    ``yinsh.ludo.position``).

    Raises ``InvalidPositionError`` (a ``ValueError``) for any ``str`` that
    is not a valid position string, or one whose colours or variant differ
    from ``players`` / ``variant`` when those are given too; ``ValueError``
    for another number of players or an unknown variant; ``TypeError`` for
    arguments of the wrong type.

    Boards pickle and ``copy.deepcopy`` with their move stack (as the
    position where the stack starts and its actions as text), so ``pop()``
    works on the copy:

    >>> import pickle
    >>> board = Board(players=2)
    >>> _ = board.push_str("r6")
    >>> again = pickle.loads(pickle.dumps(board))
    >>> again == board, again.move_stack, again.pop()
    (True, [yinsh.ludo.Move.from_str('r6')], yinsh.ludo.Move.from_str('r6'))
    """

    def _load_position(self, text: str) -> None:
        self._set_state(*parse_position(text))

    def __init__(self, position: Optional[str] = None, *, players: Optional[int] = None,
                 variant: Optional[str] = None) -> None:
        check_variant(variant, VARIANTS)
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise TypeError(f"expected int, not {type(players).__name__}: the number of players (2, 3 or 4)")
        if position is not None:
            if not isinstance(position, str):
                raise TypeError(f"expected str, not {type(position).__name__}: a position string "
                                f"(for a new game use Board(players=..., variant=...))")
            with reading_position(position):
                state = parse_position(position)
                check_position_variant(variant, VARIANTS[state.variant])
                if players is not None and players != bin(state.players).count("1"):
                    raise InvalidPositionError(
                        f"the position has {bin(state.players).count('1')} colours in play, not {players}")
                self._set_state(*state)
            return
        variant = new_game_variant(variant, VARIANTS)
        if players is None:
            players = 4
        if players not in PLAYER_COUNTS:
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        self._new_game(players, VARIANTS.index(variant))

    # State ------------------------------------------------------------------

    @property
    def turn(self) -> Optional[Color]:
        """The colour to act (a ``Color`` that prints as ``green`` etc.), or
        None once the game is over."""
        code = self._turn_code
        return None if code == NO_TURN else _COLORS[code]

    @property
    def players(self) -> list[Color]:
        """The colours in play, in turn order (finished ones included), a
        new list."""
        mask = self._state().players
        return [c for c in _COLORS if mask >> c & 1]

    @property
    def phase(self) -> Phase:
        """``Phase.THROW``, ``Phase.MOVE`` or ``Phase.GAME_OVER``."""
        return _PHASES[self._phase_code]

    @property
    def variant(self) -> str:
        """``"standard"`` or ``"places"``."""
        return VARIANTS[self._state().variant]

    @property
    def dice(self) -> tuple[int, ...]:
        """This turn's throws so far (``()`` at the start of a turn)."""
        return tuple(self._state().dice)

    @property
    def total(self) -> int:
        """The sum of this turn's throws: the number the move goes."""
        return sum(self._state().dice)

    @property
    def finishing_order(self) -> list[Color]:
        """The colours that have brought all 4 pieces home, in order (a new list)."""
        return [_COLORS[c] for c in self._state().order]

    def progress(self, color: Union[Color, int, str]) -> list[int]:
        """The progress of color's 4 pieces, ascending: -1 in the start
        corner, 0..50 on the track (field ``(color.entry + p) % 52``),
        51..55 on h1..h5, 56 in the finish.

        >>> Board("3G9/13/13/13 1G3/5/5/5 1000 Y - standard -").progress("green")
        [-1, 3, 52, 56]
        """
        c = Color.of(color)
        s = self._state()
        if not s.players >> c & 1:
            return []
        on_board = [q for q in range(56) if s.pm[c] >> q & 1]
        return [START] * s.start[c] + on_board + [FINISH] * s.finished[c]

    def pieces(self, color: Union[Color, int, str]) -> list[str]:
        """Where color's pieces are, as places of the notation, in the order
        of ``progress``: ``"s"`` (start corner), ``"0"``..``"51"``,
        ``"h1"``..``"h5"``, ``"f"`` (finish).

        >>> Board("3G9/13/13/13 1G3/5/5/5 1000 Y - standard -").pieces("G")
        ['s', '3', 'h2', 'f']
        """
        c = Color.of(color)
        return [_place_name(c, q) for q in self.progress(c)]

    def in_start(self, color: Union[Color, int, str]) -> int:
        """The number of color's pieces in its start corner."""
        return int(self._state().start[Color.of(color)])

    def finished(self, color: Union[Color, int, str]) -> int:
        """The number of color's pieces in the finish."""
        return int(self._state().finished[Color.of(color)])

    def piece_at(self, field: int) -> Optional[Color]:
        """The colour of the piece on track field 0..51, or None.

        >>> Board("3G9/13/13/13 5/5/5/5 0000 Y - standard -").piece_at(3)
        <Color.GREEN: 0>
        """
        if isinstance(field, bool) or not isinstance(field, int):
            raise TypeError(f"expected int, not {type(field).__name__}: a track field 0..51")
        if not 0 <= field < 52:
            raise ValueError(f"{field} is not a track field (0..51)")
        s = self._state()
        for c in _COLORS:
            q = (field - c.entry) % 52
            if q <= 50 and s.pm[c] >> q & 1:
                return c
        return None

    # End of game ------------------------------------------------------------

    def is_game_over(self) -> bool:
        """Whether the game has ended (rule 11)."""
        return self._phase_code == 2

    def outcome(self) -> Optional[Outcome]:
        """The ``Outcome`` of an ended game (termination, finishing order,
        returns), ``None`` while playing.

        >>> Board().outcome() is None
        True
        >>> Board("13/13/13/13 5/5/5/5 4-0- - - places G").outcome().order
        (<Color.GREEN: 0>, <Color.BLUE: 2>)
        """
        if not self.is_game_over():
            return None
        s = self._state()
        order = [_COLORS[c] for c in s.order]
        if s.variant == 1:
            order += [c for c in self.players if c not in order]
        values = self._returns()
        return Outcome(Termination.PLACES if s.variant == 1 else Termination.FINISH,
                       tuple(order), tuple(values[c] for c in self.players))

    def result(self) -> str:
        """``"*"`` while playing, else the colours in finishing order: the
        winner (``"G"``) in a standard game, every colour (``"GBYR"``) in
        *places* (the one left last).

        >>> Board("13/13/13/13 5/5/5/5 4-0- - - places G").result()
        'GB'
        """
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()

    def winner(self) -> Optional[Color]:
        """The first colour to finish, once there is one (else None)."""
        order = self._state().order
        return _COLORS[order[0]] if order else None

    def returns(self) -> dict[Color, float]:
        """Each player's return (in turn order): 0.0 while the game goes on;
        at the end, by finishing place, from +1 (first) down to -1 (last),
        evenly spaced (place k of n: 1 - 2k / (n - 1)). In a standard game
        only the winner is placed: the others share the remaining places'
        mean, -1 / (n - 1). The returns always sum to 0.

        >>> Board("13/13/13/13 5/5/5/5 4-0- - - standard G").returns()
        {<Color.GREEN: 0>: 1.0, <Color.BLUE: 2>: -1.0}
        """
        values = self._returns()
        return {c: values[c] for c in self.players}

    # Throws -----------------------------------------------------------------

    def is_chance(self) -> bool:
        """Whether the next action is a throw of the die (a chance outcome)."""
        return bool(_core.CoreBoard.is_chance(self))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of a throw phase as ``(action id,
        probability)`` pairs, as OpenSpiel's ``chance_outcomes()``: the six
        throws ``r1`` .. ``r6`` (ids 0..5), 1/6 each; empty when a player
        acts (``is_chance()`` is False) or the game is over. Each id plays
        with ``push_action``.

        >>> board = Board(players=2)
        >>> [(board.action_to_move(a), round(p, 4)) for a, p in board.chance_outcomes()][:2]
        [(yinsh.ludo.Move.from_str('r1'), 0.1667), (yinsh.ludo.Move.from_str('r2'), 0.1667)]
        """
        if not self.is_chance():
            return []
        actions = self._legal_action_list()
        return [(a, 1.0 / len(actions)) for a in actions]

    def throw(self, rng: Any = None) -> Move:
        """Throws the die for the side to act: pushes a uniformly random throw
        ``r1``..``r6`` and returns it. rng is a ``numpy.random.Generator``,
        a ``random.Random``, or None (the ``random`` module's generator).

        Raises ``IllegalMoveError`` outside a throw phase (a move phase, a
        finished game), ``TypeError`` for another kind of rng.

        >>> import random
        >>> board = Board()
        >>> board.throw(random.Random(3)) in [Move.throw(d) for d in range(1, 7)]
        True
        """
        if not self.is_chance():
            try:
                self.parse_move("r1")
            except IllegalMoveError as exc:                  # the core says why
                raise IllegalMoveError("illegal throw" + str(exc).removeprefix("illegal move r1")) from None
        if rng is None:
            d = random.randint(1, 6)
        elif isinstance(rng, random.Random):
            d = rng.randint(1, 6)
        elif type(rng).__name__ == "Generator" and hasattr(rng, "integers"):
            d = int(rng.integers(1, 7))
        else:
            raise TypeError(f"expected a numpy.random.Generator or random.Random, not {type(rng).__name__}")
        move = Move.throw(d)
        self.push(move)
        return move

    # Machine learning (docs/ludo.md); its module yinsh.ludo._ml, and numpy
    # with it, is imported by the first call ----------------------------------

    def legal_action_mask(self) -> "numpy.ndarray":
        """A ``bool`` numpy array of ``NUM_ACTIONS`` (63), True at the legal
        action ids (``legal_actions()``).

        >>> import numpy as np
        >>> np.flatnonzero(Board().legal_action_mask()).tolist()
        [0, 1, 2, 3, 4, 5]
        """
        from yinsh.ludo import _ml
        return _ml.legal_action_mask(self)

    def planes(self, out: "Optional[numpy.ndarray]" = None,
               perspective: Union[str, Color, int] = "side_to_act") -> "numpy.ndarray":
        """The observation planes (docs/ludo.md): ``float32``, shape
        ``(17, 58)``, from the view of the side to act (or of the colour
        ``perspective``): the track rotated so the viewer's entry field is
        column 0, the colours in turn order from the viewer. Written into
        ``out`` when given (checked: ``TypeError`` / ``ValueError``).

        >>> board = Board()
        >>> for text in "r6 r3 s-3".split():
        ...     _ = board.push_str(text)
        >>> p = board.planes()                  # Yellow to act: Green is "previous"
        >>> p.shape, float(p[3, 42]), float(p[3, 57])
        ((17, 58), 1.0, 0.75)
        """
        from yinsh.ludo import _ml
        return _ml.planes(self, out, perspective)

    def rewards(self) -> "numpy.ndarray":
        """Each colour's return (``returns()``) as ``float32`` (4,), by
        colour (Green, Yellow, Blue, Red); 0 for colours not in play."""
        from yinsh.ludo import _ml
        return _ml.rewards(self)

    # Text -------------------------------------------------------------------

    def position(self) -> str:
        """The position string (LUDO.md); ``Board(s)`` reads it back exactly."""
        return format_position(self)

    def __str__(self) -> str:
        """The text diagram (``yinsh.ludo.diagram``)."""
        return diagram.draw(self)

    def unicode(self, *, orientation: object = None, last_move: bool = True,
                coordinates: bool = True) -> str:
        """The diagram of ``str(board)`` with the pieces drawn as coloured
        discs (``yinsh.ludo.diagram.draw(board, unicode=True)``), with the
        options of every game's diagram: ``orientation`` (the colour drawn
        at the bottom left), ``last_move``, ``coordinates``.

        >>> "\U0001F7E2" in Board().unicode()                # Green's waiting pieces
        True
        """
        return diagram.draw(self, unicode=True, orientation=orientation, last_move=last_move,
                            coordinates=coordinates)

    def __repr__(self) -> str:
        """``yinsh.ludo.Board('...')``: pastes back after ``import yinsh``.

        >>> Board(players=2)
        yinsh.ludo.Board('13/13/13/13 5/5/5/5 0-0- G - standard -')
        """
        return f"yinsh.ludo.Board({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _core.CoreBoard):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

def _place_name(c: int, q: int) -> str:
    if q == START:
        return "s"
    if q <= 50:
        return str((q + 13 * c) % 52)
    return "f" if q == FINISH else f"h{q - 50}"


if TYPE_CHECKING:
    # mypy (tests/test_types.py) checks here that the board satisfies the
    # board protocol (yinsh.protocol) with its own Move.
    from yinsh.protocol import BoardClass

    _PROTOCOL: BoardClass[Move] = Board
