"""Text diagrams of a board of any game: ``yinsh.diagram.draw(board)`` is
``str(board)`` and ``draw(board, unicode=True)`` is ``board.unicode()``,
drawn by the board's own game's module (``yinsh.yinsh.diagram``,
``yinsh.insert.diagram``, ``yinsh.ludo.diagram``), which also take the
game's own options.

>>> import yinsh
>>> boards = [yinsh.Board(), yinsh.insert.Board(), yinsh.ludo.Board()]
>>> [draw(b) == str(b) and draw(b, unicode=True) == b.unicode() for b in boards]
[True, True, True]
>>> draw("e5")
Traceback (most recent call last):
TypeError: not a board of a known game: str
"""
from __future__ import annotations

from typing import Any

from yinsh import games

__all__ = ["draw"]


def draw(board: Any, unicode: bool = False, **options: Any) -> str:
    """The text diagram of ``board`` (a ``Board`` of Yinsh, Insert or
    Ludo), drawn by its game's ``diagram.draw`` with the keyword
    ``options`` that function takes (Yinsh: ``orientation``, ...)."""
    return str(games.of_board(board).diagram.draw(board, unicode=unicode, **options))
