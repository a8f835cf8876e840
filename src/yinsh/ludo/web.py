"""Ludo as the web page drives it: the game's part ``"web"``
(``yinsh.parts.web``).

>>> game = LudoWeb()
>>> board = game.new_board({"players": "2"})
>>> game.side_names(board)[:2], game.seats(board), game.prompt(board)
(['Green', 'Yellow'], [0, 2], 'Green to throw the die')
"""
from __future__ import annotations

from typing import Any

from yinsh.parts.web import WebGame

__all__ = ["LudoWeb"]


class LudoWeb(WebGame):
    """Ludo's clicks (a piece: its one target), its throws and its
    finishing order in words."""

    name, title, target = "ludo", "Ludo", "place"
    auto_play = True                  # a piece has one target: click the piece

    def paths(self, move: Any) -> tuple[tuple[str, ...], ...]:
        return ((move.source, move.target),)

    def prompt(self, board: Any) -> str:
        side = str(board.turn).capitalize()
        if board.is_chance():
            return f"{side} to throw the die"
        dice = " and ".join(str(d) for d in board.dice)
        return f"{side} threw {dice}: move a piece {board.total} field{'s' if board.total > 1 else ''}"

    def reason(self, board: Any) -> str:
        return "all pieces home" if board.is_game_over() else ""

    def winner_words(self, board: Any) -> str:
        if not board.is_game_over():
            return ""
        order = [str(self.kind.module.Color.of(c)).capitalize() for c in board.result()]
        if len(order) == 1:
            return f"{order[0]} wins"
        return f"{order[0]} wins; places: {', '.join(order)}"
