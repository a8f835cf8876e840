"""What the engine layer needs of a board's game beyond the board, without
importing a game: it asks the registry (``yinsh.games.of_board``).

- ``split_turn(board, token)``: the action texts of one token of input
  (a word of a typed line, of an online game's input), split by the
  board's own game (its part ``"records"``: Yinsh's grouped turns
  ``e5-e9;xe6-e10xa2``; one action per word in the other games).
- ``side_names(board)``: the words for the sides (the spec's ``sides``,
  capitalised): ``White``, ``Black``. Records name their player tags after
  them.

>>> import yinsh
>>> from yinsh import ludo
>>> split_turn(yinsh.Board(), "e5-e9;xe6-e10xa2"), split_turn(ludo.Board(), "x;y")
(['e5-e9', 'xe6-e10', 'xa2'], ['x;y'])
>>> side_names(yinsh.Board())
['White', 'Black']
"""
from __future__ import annotations

from typing import Any

from yinsh import games

__all__ = ["split_turn", "side_names"]


def split_turn(board: object, token: str) -> list[str]:
    """The action texts of token by the rules of board's game (its records'
    ``split_turn``); ``InvalidMoveError`` for a token that cannot be split."""
    return list(games.of_board(board).part("records").split_turn(token))


def side_names(board: Any) -> list[str]:
    """The sides of board's game as words, in the order of their numbers
    (``board.turn`` is one of them)."""
    return [side.capitalize() for side in games.of_board(board).sides]
