"""The text diagram of a dice race (``str(board)``): a row per player with
its counter and its track to the target, then the status line.

>>> from yinsh.toys.dice.board import Board
>>> print(draw(Board("3/1 1 - 5")))
R     3 ###..|
B >   1 #....|
blue to step or gamble
"""
from __future__ import annotations

from typing import Any

__all__ = ["draw"]


def draw(board: Any, unicode: bool = False) -> str:
    return str(board.unicode() if unicode else str(board))
