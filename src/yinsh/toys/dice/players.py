"""Players of the dice race (for matches, environments and the web page):
each has ``best_move(board, **limits)``.

>>> from yinsh.toys.dice.board import Board
>>> str(by_name("random", 1).best_move(Board()))
'step'
"""
from __future__ import annotations

import random
from typing import Any, Optional

from yinsh.toys.dice import GAMBLE, STEP

__all__ = ["RandomPlayer", "GreedyPlayer", "by_name"]


class RandomPlayer:
    """A uniformly random legal action (seeded)."""

    def __init__(self, seed: Optional[int] = 0) -> None:
        self.rng = random.Random(seed)

    def best_move(self, board: Any, **limits: Any) -> Any:
        return self.rng.choice(list(board.legal_moves))

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """Gambles when behind the best opponent, steps otherwise."""

    def __init__(self, seed: Optional[int] = 0) -> None:
        pass

    def best_move(self, board: Any, **limits: Any) -> Any:
        moves = list(board.legal_moves)
        me = board.counter(board.turn)
        best = max(board.counter(c) for c in board.players if c != board.turn)
        want = GAMBLE if me < best else STEP
        return next((m for m in moves if m == want), moves[0])

    def __repr__(self) -> str:
        return "GreedyPlayer()"


def by_name(name: str, seed: Optional[int] = 0) -> Any:
    """``"random"`` or ``"greedy"`` (``ValueError`` for another name)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {name!r} (random, greedy)")
