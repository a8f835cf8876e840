"""Openings for matches (``yinsh.engine.match.run_match``): each is a
callable ``opening(board, rng)`` that plays the first actions of a game on
board, drawing its choices from ``rng`` (a ``random.Random``).

``OPENINGS`` names them for the command line (``yinsh match --openings``);
``"none"`` (``None``) lets the players start from the empty board.

>>> import random, yinsh
>>> board = yinsh.Board()
>>> random_placements(board, random.Random(1))
>>> board.ply, board.phase
(10, <Phase.MOVE: 'move'>)
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from yinsh.yinsh.board import Board
from yinsh.yinsh.enums import Phase

__all__ = ["random_placements", "OPENINGS"]


def random_placements(board: Board, rng: random.Random) -> None:
    """Places the rings still to be placed at random (the ten placements
    of a new game)."""
    while board.phase == Phase.PLACE:
        board.push(rng.choice(list(board.legal_moves)))


#: The openings by name; ``None`` plays none.
OPENINGS: dict[str, Optional[Callable[[Board, random.Random], None]]] = {
    "random-placements": random_placements,
    "none": None,
}
