"""Small value types: sides, phases, kinds of actions, and why games end.

The string-valued enums compare equal to their text, so
``board.phase == "move"`` and ``board.phase == Phase.MOVE`` both work.

>>> Color.WHITE.other()
<Color.BLACK: 1>
>>> Phase("remove_row") is Phase.REMOVE_ROW
True
>>> print(Color.WHITE, Phase.MOVE, Termination.MARKER_POOL, MoveKind.PASS)
white move marker_pool pass
"""
from __future__ import annotations

from yinsh.board_base import BaseColor, TextEnum


class Color(BaseColor):
    """A side. White places and moves first."""

    WHITE = 0
    BLACK = 1

    def other(self) -> Color:
        """The opposing side."""
        return Color(1 - self)


class Phase(TextEnum):
    """What kind of action the side to act makes next."""

    PLACE = "place"
    MOVE = "move"
    REMOVE_ROW = "remove_row"
    REMOVE_RING = "remove_ring"
    GAME_OVER = "game_over"

    @property
    def prompt(self) -> str:
        """What the side to act must do, in words (``yinsh play`` and the
        web page): ``"place a ring"``, ..., '' once the game is over."""
        return _PROMPTS[self.value]


class MoveKind(TextEnum):
    """The five kinds of action (one ply each)."""

    PLACE = "place"
    MOVE = "move"
    REMOVE_ROW = "remove_row"
    REMOVE_RING = "remove_ring"
    PASS = "pass"


class Termination(TextEnum):
    """Why a game ended."""

    RINGS = "rings"                #: a side removed the rings it needed
    MARKER_POOL = "marker_pool"    #: all 51 markers were on the board
    BLOCKED = "blocked"            #: both sides passed in a row


_PROMPTS = {"place": "place a ring", "move": "move a ring", "remove_row": "remove a row of five markers",
            "remove_ring": "remove one of their rings", "game_over": ""}
