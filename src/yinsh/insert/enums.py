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

    @classmethod
    def of(cls, value: object) -> Color:
        """A Color from a Color, 0/1, ``"white"``/``"red"`` or ``"w"``/``"r"``
        (any case).

        >>> Color.of("Red"), Color.of("w"), Color.of(0)
        (<Color.RED: 1>, <Color.WHITE: 0>, <Color.WHITE: 0>)
        """
        if isinstance(value, str):
            text = value.strip().lower()
            for color in cls:
                if text in (color.label, color.letter):
                    return color
            raise ValueError(f"{value!r} is not a colour (white or red)")
        if isinstance(value, bool):
            raise ValueError(f"{value!r} is not a colour (white or red)")
        return cls(value)  # type: ignore[arg-type]  # Enum's lookup raises ValueError for a non-member

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
