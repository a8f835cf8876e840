"""Yinsh as the web page drives it: the game's part ``"web"``
(``yinsh.parts.web``).

>>> game = YinshWeb()
>>> board = game.new_board({"variant": "blitz"})
>>> board.variant, game.choices(board)[0]
('blitz', Choice(move='a2', paths=(('a2',),), auto=False))
>>> game.prompt(board)
'White to place a ring'
"""
from __future__ import annotations

from typing import Any

from yinsh.parts.web import WebGame
from yinsh.yinsh import _core
from yinsh.yinsh.enums import MoveKind, Phase

__all__ = ["YinshWeb"]


class YinshWeb(WebGame):
    """Yinsh's clicks (a ring's point, then its destination; a row by
    either end), its rows lit to choose from, and its phases in words."""

    name, title, target = "yinsh", "Yinsh", "point"
    scale = 10000                                   # one ring
    reasons = {"rings": "{winner} removed the rings needed", "marker_pool": "the markers ran out",
               "blocked": "no side could move"}

    def paths(self, move: Any) -> tuple[tuple[str, ...], ...]:
        name = _core.point_name
        if move.kind == MoveKind.PLACE:
            return ((name(move.to_point),),)
        if move.kind == MoveKind.MOVE:
            return ((name(move.from_point), name(move.to_point)),)
        if move.kind == MoveKind.REMOVE_ROW:
            a, b = name(move.from_point), name(move.to_point)
            return ((a, b), (b, a))
        if move.kind == MoveKind.REMOVE_RING:
            return ((name(move.from_point),),)
        return ()                                  # pass: a button

    def svg(self, board: Any, highlight: list[str], targets: bool) -> str:
        if not highlight and targets and board.phase is Phase.REMOVE_ROW:
            highlight = [str(m) for m in board.legal_moves]        # the rows to choose from
        return super().svg(board, highlight, targets)

    def prompt(self, board: Any) -> str:
        return f"{str(board.turn).capitalize()} to {board.phase.prompt}"
