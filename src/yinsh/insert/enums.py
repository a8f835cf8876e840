"""Insert's small value types: the two colours, the phases and why a game
ended.

>>> Color.WHITE.other()
<Color.RED: 1>
>>> print(Color.WHITE, Color.RED, Termination.FIVE, Termination.GROUPS)
white red five groups
>>> Phase.PLACE == "place", str(Phase.GAME_OVER)
(True, 'game_over')
"""
from __future__ import annotations

from yinsh.board_base import BaseColor, TextEnum


class Color(BaseColor):
    """A colour. White places first; rings flip colour, so a colour is a
    side and the colour of its rings."""

    WHITE = 0
    RED = 1

    def other(self) -> Color:
        """The other colour."""
        return Color(1 - self)

    @property
    def letter(self) -> str:
        """``"w"`` or ``"r"``, as in the position string's turn field."""
        return self.name[0].lower()


class Phase(TextEnum):
    """What the side to act does next: Insert has one kind of action (a ring
    is placed, INSERT.md rule 8), so a game is placing until it is over."""

    PLACE = "place"
    GAME_OVER = "game_over"


class Termination(TextEnum):
    """Why a game ended."""

    FIVE = "five"          #: the placer made five in a row (rule 13)
    GROUPS = "groups"      #: the 30th ring went down; the largest groups decided (rule 14)
