"""Helpers of the Ludo tests: positions, replays and random boards."""
from __future__ import annotations

import random

from yinsh import ludo

NEW4 = "13/13/13/13 5/5/5/5 0000 G - standard -"
NEW3 = "13/13/13/13 5/5/5/5 000- G - standard -"
NEW2 = "13/13/13/13 5/5/5/5 0-0- G - standard -"
THROWS = {"r1", "r2", "r3", "r4", "r5", "r6"}


def pos(text: str) -> ludo.Board:
    """The board of a hand-written (canonical) position string."""
    board = ludo.Board(text)
    assert board.position() == text, "hand-written positions are canonical"
    return board


def after(text: str, actions: str) -> ludo.Board:
    """The board of text with the actions (space-separated) pushed."""
    board = pos(text)
    for action in actions.split():
        board.push_str(action)
    return board


def legal(board: ludo.Board) -> set[str]:
    """The legal actions of board as text."""
    return {str(m) for m in board.legal_moves}


def random_board(seed: int, plies: int, players: int = 4, variant: str = "standard") -> ludo.Board:
    """The board after up to plies uniformly random actions (seeded)."""
    rng = random.Random(seed)
    board = ludo.Board(players=players, variant=variant)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def random_game(seed: int, players: int = 4, variant: str = "standard") -> ludo.Board:
    """A whole random game (seeded), with its move stack."""
    return random_board(seed, 10**6, players, variant)
