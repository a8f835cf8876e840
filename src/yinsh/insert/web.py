"""Insert as the web page drives it: the game's part ``"web"``
(``yinsh.parts.web``).

>>> game = InsertWeb()
>>> board = game.new_board({"layout": "17"})
>>> board.layout, game.prompt(board)
(17, 'White to place a ring anywhere')
>>> 0 <= game.new_board({}).layout <= 6143          # a random layout by default
True
"""
from __future__ import annotations

import random
from typing import Any

from yinsh.parts.web import WebGame

__all__ = ["InsertWeb"]


class InsertWeb(WebGame):
    """Insert's layout (``"random"``: drawn for each new game) and its
    turns in words."""

    name, title, target = "insert", "Insert", "square"
    reasons = {"five": "five in a row", "groups": "the larger groups"}

    def start(self, values: dict[str, Any]) -> Any:
        Board = self.kind.board_class
        if values["layout"] == "random":
            return Board.random(random.SystemRandom().randrange(2 ** 63))
        return Board(layout=values["layout"])

    def prompt(self, board: Any) -> str:
        side = str(board.turn).capitalize()
        if board.ply == 0:
            return f"{side} to place a ring anywhere"
        return f"{side} to place a ring on the lit line"
