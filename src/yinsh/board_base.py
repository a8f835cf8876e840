"""What every game's ``Board`` shares, written once (as python-chess's
``BaseBoard``): the result text of its outcome, the defaults of a game
without chance, pickling and deep copies by position and action text, and
the notebook picture; and the base classes of the games' enums
(``BaseColor``: a side that prints as its name and formats as text or as
its number, read from a name, letter or number by ``of``; ``TextEnum``: a
string-valued enum that prints as its text).

A game's board is ``class Board(BaseBoard, _core.CoreBoard)``: the
compiled core holds the state and the action stack, the game's class its
own members; a game with dice overrides ``is_chance`` and
``chance_outcomes``. A pickle holds the position where the action stack
starts and the stack's actions as text, never the core's memory, so its
form does not depend on the core's layout and unpickling checks every
action again; the board's class reads the position back with
``_load_position``.

>>> import copy, pickle
>>> from yinsh import insert
>>> board = insert.Board()
>>> board.push_action(14)
>>> board.result(), board.is_chance(), board.chance_outcomes()
('*', False, [])
>>> pickle.loads(pickle.dumps(board)) == board == copy.deepcopy(board)
True
"""
from __future__ import annotations

import copy
import enum
from typing import TYPE_CHECKING, Any, Iterable, Optional, TypeVar

from yinsh.errors import InvalidPositionError

__all__ = ["BaseBoard", "BaseColor", "TextEnum", "check_variant", "new_game_variant",
           "check_position_variant"]

B = TypeVar("B", bound="BaseBoard")
C = TypeVar("C", bound="BaseColor")


class BaseBoard:
    """The members every game's board has in the same form; mixed in before
    the game's compiled core."""

    if TYPE_CHECKING:
        # What the shared members use of the core and of the game's class.
        @property
        def ply(self) -> int: ...
        @property
        def move_stack(self) -> list[Any]: ...
        def copy(self: B, *, stack: bool = True) -> B: ...
        def pop(self) -> Any: ...
        def push_str(self, text: str) -> Any: ...
        def position(self) -> str: ...
        def outcome(self) -> Optional[Any]: ...

    def _load_position(self, text: str) -> None:
        """Sets the board to the position string text, with an empty action
        stack (each game's class; used by unpickling)."""
        raise NotImplementedError

    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` (two players; a game of more
        players writes its places), or ``"*"`` while playing."""
        outcome = self.outcome()
        return "*" if outcome is None else str(outcome.result())

    # Chance (the board protocol): none, unless the game overrides these ------

    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome: never in a game
        without dice (the board protocol's member; Ludo's throws are chance
        actions)."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as ``(action id, probability)`` pairs, as
        OpenSpiel's ``chance_outcomes()``: always empty in a game without
        chance."""
        return []

    # Pickling and copying ------------------------------------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        # The position where the action stack starts and the stack's actions
        # as text: no raw memory, and unpickling checks every action again.
        start = self.copy()
        while start.ply:
            start.pop()
        moves = " ".join(str(move) for move in self.move_stack)
        return (_unpickle_board, (type(self), start.position(), moves), self.__dict__ or None)

    def __setstate__(self, state: dict[str, Any]) -> None:
        # Attributes of subclasses (the core's own __setstate__ refuses).
        self.__dict__.update(state)

    def __deepcopy__(self: B, memo: dict[int, Any]) -> B:
        board = self.copy()
        memo[id(self)] = board
        if self.__dict__:
            board.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return board

    # Pictures --------------------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The SVG picture of ``yinsh.svg.board(self)`` (its game's
        ``svg.board``), for notebooks."""
        from yinsh import svg
        return svg.board(self)


class BaseColor(enum.IntEnum):
    """The base of a game's ``Color`` (its members are the game's; an enum
    without members may be subclassed)."""

    @classmethod
    def of(cls: type[C], value: object) -> C:
        """A colour from a colour, its number, its name or its letter (where
        the game's colours have a ``letter``), in any case. Raises
        ``ValueError`` for anything else (a bool is not a colour).

        >>> from yinsh.insert.enums import Color
        >>> Color.of("Red"), Color.of("w"), Color.of(0)
        (<Color.RED: 1>, <Color.WHITE: 0>, <Color.WHITE: 0>)
        >>> Color.of(True)
        Traceback (most recent call last):
        ...
        ValueError: True is not a colour (white, red, w or r)
        """
        if isinstance(value, str):
            text = value.strip().lower()
            for color in cls:
                if text in (color.label, str(getattr(color, "letter", color.label)).lower()):
                    return color
        elif not isinstance(value, bool):
            try:
                return cls(value)  # type: ignore[arg-type]  # a non-member: ValueError
            except ValueError:
                pass
        words = [color.label for color in cls]
        words += [str(color.letter) for color in cls if hasattr(color, "letter")]
        raise ValueError(f"{value!r} is not a colour ({', '.join(words[:-1])} or {words[-1]})")

    @property
    def label(self) -> str:
        """The colour's name in lower case (``"white"``)."""
        return self.name.lower()

    def __str__(self) -> str:
        """The colour's name in lower case (``print(board.turn)``); ``repr``,
        ``int`` and equality stay those of the number.

        >>> from yinsh.insert.enums import Color
        >>> str(Color.RED), f"{Color.RED}", f"{Color.RED:d}", f"{Color.RED:>5}", Color.RED == 1
        ('red', 'red', '1', '  red', True)
        """
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        try:
            return format(str(self), spec)             # f"{color:>6}"
        except ValueError:
            return int.__format__(self, spec)          # f"{color:d}"


class TextEnum(str, enum.Enum):
    """The base of a game's string-valued enums (phases, kinds of action,
    terminations): a member equals its text and prints as it."""

    def __str__(self) -> str:
        return str(self.value)


# A board's variant (Yinsh's and Ludo's ``Board(position, variant=...)``) ----------------

def check_variant(variant: object, variants: Iterable[str]) -> None:
    """``TypeError`` unless variant is ``None`` or a ``str`` (the board's
    first check of ``variant=``; variants: the game's, for the message).

    >>> check_variant(3, ("standard", "blitz"))
    Traceback (most recent call last):
    ...
    TypeError: expected str, not int: a variant name (standard, blitz)
    """
    if variant is not None and not isinstance(variant, str):
        raise TypeError(f"expected str, not {type(variant).__name__}: a variant name "
                        f"({', '.join(variants)})")


def new_game_variant(variant: Optional[str], variants: Iterable[str]) -> str:
    """The variant of a new game: variant, ``"standard"`` for ``None``;
    ``ValueError`` for one not in variants.

    >>> new_game_variant(None, ("standard", "blitz"))
    'standard'
    >>> new_game_variant("fast", ("standard", "blitz"))
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'fast'; known: standard, blitz
    """
    variant = "standard" if variant is None else variant
    known = tuple(variants)
    if variant not in known:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(known)}")
    return variant


def check_position_variant(variant: Optional[str], actual: str) -> None:
    """``InvalidPositionError`` when a position string of the variant actual
    is given with another variant (``variant=None``: any)."""
    if variant is not None and variant != actual:
        raise InvalidPositionError(f"the position is of the {actual} variant, not {variant!r}")


def _unpickle_board(cls: type[B], start: str, moves: str) -> B:
    """The board of ``BaseBoard.__reduce__``: start, then the actions of moves."""
    board = cls.__new__(cls)
    board._load_position(start)
    for text in moves.split():
        board.push_str(text)
    return board
