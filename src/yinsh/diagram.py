"""Text diagrams of a board of any game: ``yinsh.diagram.draw(board)`` is
``str(board)`` and ``draw(board, unicode=True)`` is ``board.unicode()``,
drawn by the board's own game's module (``yinsh.yinsh.diagram``,
``yinsh.insert.diagram``, ``yinsh.ludo.diagram``).

Every game's diagram (and ``board.unicode()``) takes the same options,
each meaning what it means in the pictures (``yinsh.svg``):
``orientation`` (the side drawn at the bottom: Yinsh ``WHITE``/``BLACK``,
Insert ``WHITE``/``RED``, Ludo the colour whose corner is at the bottom
left, ``None`` its usual drawing), ``last_move`` (the last action's places
in brackets) and ``coordinates`` (the names along the edges). An option
the game's diagram does not take is a ``TypeError`` that lists them.

>>> import yinsh
>>> boards = [yinsh.Board(), yinsh.insert.Board(), yinsh.ludo.Board()]
>>> [draw(b) == str(b) and draw(b, unicode=True) == b.unicode() for b in boards]
[True, True, True]
>>> [draw(b, orientation=o, last_move=False, coordinates=False) != str(b)
...  for b, o in zip(boards, (yinsh.BLACK, yinsh.insert.RED, yinsh.ludo.BLUE))]
[True, True, True]
>>> draw("e5")
Traceback (most recent call last):
TypeError: not a board of a known game: str
>>> draw(boards[1], flipped=True)
Traceback (most recent call last):
...
TypeError: yinsh.insert.diagram.draw takes no option 'flipped' (its options: unicode, orientation, last_move, coordinates)
"""
from __future__ import annotations

from typing import Any

from yinsh import games

__all__ = ["draw"]


def draw(board: Any, unicode: bool = False, **options: Any) -> str:
    """The text diagram of ``board`` (a ``Board`` of Yinsh, Insert or
    Ludo), drawn by its game's ``diagram.draw`` with the keyword
    ``options`` (the module's list)."""
    from yinsh.svg import check_options
    game = games.of_board(board)
    check_options(game.diagram.draw, f"{game.diagram.__name__}.draw", options)
    return str(game.diagram.draw(board, unicode=unicode, **options))
