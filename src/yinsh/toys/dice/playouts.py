"""Seeded random playouts of the dice race (``yinsh bench --game dice``).

>>> random_playouts(10, seed=1).games
10
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from yinsh.toys.dice.board import Board

__all__ = ["PlayoutStats", "random_playouts"]


@dataclass(frozen=True)
class PlayoutStats:
    """What random playouts played: games and actions in all."""

    games: int
    actions: int


def random_playouts(n: int, seed: int = 0, players: int = 2) -> PlayoutStats:
    """Plays n races of random actions (the die by its probabilities)."""
    rng = random.Random(seed)
    actions = 0
    for _ in range(n):
        board = Board(players=players)
        while not board.is_game_over():
            if board.is_chance():
                board.throw(rng)
            else:
                board.push(rng.choice(board.legal_moves))
        actions += board.ply
    return PlayoutStats(n, actions)
