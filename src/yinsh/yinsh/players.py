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

from typing import Callable, Optional, Union

from yinsh.engine import players as _base
from yinsh.yinsh import _search
from yinsh.yinsh._core import CoreBoard, Move
from yinsh.engine.match import EngineFactory

__all__ = ["RandomPlayer", "GreedyPlayer", "EngineFactory", "random", "greedy", "by_name"]


class RandomPlayer(_base.RandomPlayer):
    """Plays a uniformly random legal action (``seed=None``: unseeded)."""

    board_type = CoreBoard
    board_name = "yinsh.Board"
    repr_prefix = ""


class GreedyPlayer(_base.GreedyPlayer):
    """Plays the action with the best static evaluation one ply ahead; ties
    are broken at random (``seed=None``: unseeded)."""

    board_type = CoreBoard
    board_name = "yinsh.Board"
    repr_prefix = ""
    search = _search
    move_of_code = staticmethod(Move.from_code)


#: ``RandomPlayer()`` (seed 0): ``players.random.best_move(board)`` plays a random legal action.
random = RandomPlayer()
#: ``GreedyPlayer()`` (seed 0): ``players.greedy.best_move(board)`` plays the action with the
#: best static evaluation one ply ahead.
greedy = GreedyPlayer()


def by_name(name: str, seed: Optional[int] = 0) -> Union[RandomPlayer, GreedyPlayer]:
    """A new ``RandomPlayer`` or ``GreedyPlayer`` from its name. Raises
    ``ValueError`` for another name.

    >>> by_name("greedy")
    GreedyPlayer()
    """
    players: dict[str, Callable[[Optional[int]], Union[RandomPlayer, GreedyPlayer]]] = {
        "random": RandomPlayer, "greedy": GreedyPlayer}
    return _base.by_name(name, seed, players)
