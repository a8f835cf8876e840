"""Small value types of Ludo: colours, phases, kinds of action and why a
game ended.

>>> Color.GREEN, str(Color.GREEN), Color.GREEN.letter
(<Color.GREEN: 0>, 'green', 'G')
>>> Color.of("B"), Color.of("red"), Color.of(1)
(<Color.BLUE: 2>, <Color.RED: 3>, <Color.YELLOW: 1>)
>>> Phase.THROW == "throw", str(MoveKind.ENTER), str(Termination.PLACES)
(True, 'enter', 'places')
"""
from __future__ import annotations

from yinsh.board_base import BaseColor, TextEnum


class Color(BaseColor):
    """A colour, in turn order (clockwise): Green, Yellow, Blue, Red.

    An int 0..3 that prints as its name (``green``); ``letter`` is the
    letter of the position strings and results (``G``).
    """

    GREEN = 0
    YELLOW = 1
    BLUE = 2
    RED = 3

    @property
    def letter(self) -> str:
        """``"G"``, ``"Y"``, ``"B"`` or ``"R"``."""
        return "GYBR"[self]

    @property
    def entry(self) -> int:
        """The track field where this colour's pieces come in: 0, 13, 26, 39.

        >>> Color.BLUE.entry
        26
        """
        return 13 * int(self)


class Phase(TextEnum):
    """What happens next: a throw (a chance action), a move, or nothing."""

    THROW = "throw"
    MOVE = "move"
    GAME_OVER = "game_over"


class MoveKind(TextEnum):
    """The kinds of action: a throw of the die, entering a piece, moving one
    (along the track, into or up the home column, or into the finish)."""

    THROW = "throw"
    ENTER = "enter"
    MOVE = "move"


class Termination(TextEnum):
    """Why a game ended (LUDO.md rule 11)."""

    FINISH = "finish"      #: standard: a side brought its 4th piece into the finish
    PLACES = "places"      #: variant places: every side but one has finished
