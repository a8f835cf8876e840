"""Chance nodes of the environments: the outcome drawn from a board's own
``chance_outcomes()`` (the board protocol), for every game alike.

>>> import numpy as np
>>> from yinsh import ludo
>>> board = ludo.Board(players=2)
>>> action = sample_outcome(board, np.random.default_rng(1))
>>> action in [a for a, _ in board.chance_outcomes()]
True
>>> play_chance(board, np.random.default_rng(1)), board.is_chance()   # up to a move phase
(True, False)
"""
from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["sample_outcome", "play_chance"]


def sample_outcome(board: Any, rng: np.random.Generator) -> int:
    """An outcome of board's chance node (``board.chance_outcomes()``), drawn
    with its probability by the numpy generator rng: equally likely
    outcomes by ``rng.integers`` (so a seeded episode throws Ludo's die as
    ``board.throw(rng)`` would), others by the cumulative probabilities.
    ``ValueError`` when no chance node is to act."""
    outcomes = board.chance_outcomes()
    if not outcomes:
        raise ValueError("no chance node: the board has no chance outcomes now")
    if all(p == outcomes[0][1] for _, p in outcomes):
        return int(outcomes[int(rng.integers(0, len(outcomes)))][0])
    x = rng.random()
    total = 0.0
    for action, p in outcomes[:-1]:
        total += p
        if x < total:
            return int(action)
    return int(outcomes[-1][0])


def play_chance(board: Any, rng: np.random.Generator) -> bool:
    """Plays sampled outcomes while board is at a chance node (Ludo: the
    throws up to the next move, or the end); whether it played any."""
    played = False
    while board.is_chance():
        board.push_action(sample_outcome(board, rng))
        played = True
    return played
