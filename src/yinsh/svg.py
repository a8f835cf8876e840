"""Pictures of a board of any game: ``yinsh.svg.board(board)`` draws it with
its own game's module (``yinsh.yinsh.svg``, ``yinsh.insert.svg``,
``yinsh.ludo.svg``), which also take the game's own options.

>>> import yinsh
>>> from yinsh import insert, ludo
>>> all(yinsh.svg.board(b).startswith("<svg") for b in (yinsh.Board(), insert.Board(), ludo.Board()))
True
>>> yinsh.svg.board("e5")
Traceback (most recent call last):
TypeError: not a board of a known game: str
"""
from __future__ import annotations

import importlib
from typing import Any

from yinsh import games

__all__ = ["board"]


def board(board: Any, **options: Any) -> str:
    """The SVG picture of ``board`` (a ``Board`` of Yinsh, Insert or Ludo),
    drawn by its game's ``svg.board`` with the keyword ``options`` that
    function takes (``size``, ``lastmove``, ...)."""
    game = games.of_board(board)
    draw = importlib.import_module(game.svg_module).board
    return str(draw(board, **options))
