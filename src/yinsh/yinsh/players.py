"""Simple opponents, with the engine's ``best_move(board, ...)`` shape.

``RandomPlayer`` picks a legal action uniformly at random; ``GreedyPlayer``
looks one ply ahead: it plays the action after which the static evaluation
(the engine's, from its own side) is best, so it takes a row or a ring when
one is there, and breaks ties at random. Both are seeded, so a game between
seeded players is reproducible. ``players.random`` and ``players.greedy`` are
ready-made instances (seed 0). ``EngineFactory(hash_mb)`` makes a fresh
``Engine`` per game of a match (``yinsh.engine.match``'s, of every game).

>>> import yinsh
>>> board = yinsh.Board()
>>> move = yinsh.players.RandomPlayer(seed=1).best_move(board)
>>> move in board.legal_moves
True
>>> yinsh.players.greedy.best_move(board, depth=3) in board.legal_moves   # limits are ignored
True
"""
from __future__ import annotations

import random as _random
from typing import Optional, Union

from yinsh.yinsh import _search
from yinsh.yinsh._core import CoreBoard, Move
from yinsh.engine.match import EngineFactory

__all__ = ["RandomPlayer", "GreedyPlayer", "EngineFactory", "random", "greedy", "by_name"]


def _check_board(board: object) -> None:
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.Board, not {type(board).__name__}")


class RandomPlayer:
    """Plays a uniformly random legal action (``seed=None``: unseeded)."""

    name = "random"

    def __init__(self, seed: Optional[int] = 0) -> None:
        self._rng = _random.Random(seed)

    def best_move(self, board: CoreBoard, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Optional[Move]:
        """A random legal action of board (``None`` for a finished game);
        the limits are accepted and ignored. Raises ``TypeError`` if board
        is not a ``yinsh.Board``."""
        _check_board(board)
        moves = list(board.legal_moves)
        return self._rng.choice(moves) if moves else None

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """Plays the action with the best static evaluation one ply ahead; ties
    are broken at random (``seed=None``: unseeded)."""

    name = "greedy"

    def __init__(self, seed: Optional[int] = 0) -> None:
        self._rng = _random.Random(seed)

    def best_move(self, board: CoreBoard, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Optional[Move]:
        """The greedy choice in board (``None`` for a finished game); the
        limits are accepted and ignored. Raises ``TypeError`` if board is
        not a ``yinsh.Board``."""
        _check_board(board)
        scored = _search.one_ply_scores(board)
        if not scored:
            return None
        top = max(score for _, score in scored)
        return Move.from_code(self._rng.choice([code for code, score in scored if score == top]))

    def __repr__(self) -> str:
        return "GreedyPlayer()"


#: ``RandomPlayer()`` (seed 0): ``players.random(board)`` plays a random legal action.
random = RandomPlayer()
#: ``GreedyPlayer()`` (seed 0): ``players.greedy(board)`` plays the action with the
#: best static evaluation one ply ahead.
greedy = GreedyPlayer()


def by_name(name: str, seed: Optional[int] = 0) -> Union[RandomPlayer, GreedyPlayer]:
    """A new ``RandomPlayer`` or ``GreedyPlayer`` from its name. Raises
    ``ValueError`` for another name.

    >>> by_name("greedy")
    GreedyPlayer()
    """
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {name!r}; known: random, greedy")
