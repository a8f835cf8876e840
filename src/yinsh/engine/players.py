"""The simple opponents every game builds its own from, with the engine's
``best_move(board, ...)`` shape: seeded (``seed=None``: unseeded), so that a
game between seeded players is reproducible, and the limits accepted and
ignored.

A game's ``players`` module derives a class from each, naming its board
class (``board_type``, ``board_name`` for the ``TypeError``) and, for
``GreedyPlayer``, its search module (``one_ply_scores``) and how an action
code becomes a ``Move`` (``move_of_code``); ``by_name`` picks among a
game's players.

>>> from yinsh.yinsh import players
>>> isinstance(players.RandomPlayer(), RandomPlayer), by_name("greedy", 0, {"greedy": players.GreedyPlayer})
(True, GreedyPlayer())
"""
from __future__ import annotations

import random as _random
from typing import Any, Callable, ClassVar, Mapping, Optional, TypeVar

__all__ = ["SeededPlayer", "RandomPlayer", "GreedyPlayer", "by_name"]

P = TypeVar("P")


class SeededPlayer:
    """A player with its own random generator and the board check of its
    game: ``board_type``, named ``board_name`` in the ``TypeError``;
    ``repr_prefix`` goes before the class's name in ``repr``."""

    name: ClassVar[str] = ""
    board_type: ClassVar[type] = object
    board_name: ClassVar[str] = "Board"
    repr_prefix: ClassVar[str] = ""

    def __init__(self, seed: Optional[int] = 0) -> None:
        self._rng = _random.Random(seed)

    def check_board(self, board: object) -> None:
        """Raises ``TypeError`` unless board is of the game's board class."""
        if not isinstance(board, self.board_type):
            raise TypeError(f"board must be a {self.board_name}, not {type(board).__name__}")

    def __repr__(self) -> str:
        return f"{self.repr_prefix}{type(self).__name__}()"


class RandomPlayer(SeededPlayer):
    """Plays a uniformly random legal action."""

    name = "random"

    def best_move(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Any:
        """A random legal action of board (``None`` for a finished game);
        the limits are accepted and ignored. Raises ``TypeError`` if board
        is not the game's board."""
        self.check_board(board)
        moves = list(board.legal_moves)
        return self._rng.choice(moves) if moves else None


class GreedyPlayer(SeededPlayer):
    """Plays the action with the best static evaluation one ply ahead (the
    search module's ``one_ply_scores``, from its own side); ties are broken
    at random."""

    name = "greedy"
    search: Any = None

    @staticmethod
    def move_of_code(code: int, /) -> Any:
        """The game's ``Move`` of an action code of ``one_ply_scores``."""
        raise NotImplementedError

    def best_move(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Any:
        """The greedy choice in board (``None`` for a finished game); the
        limits are accepted and ignored. Raises ``TypeError`` if board is
        not the game's board."""
        self.check_board(board)
        scored = self.search.one_ply_scores(board)
        if not scored:
            return None
        top = max(score for _, score in scored)
        return self.move_of_code(self._rng.choice([code for code, score in scored if score == top]))


def by_name(name: str, seed: Optional[int], players: Mapping[str, Callable[[Optional[int]], P]]) -> P:
    """A new player of players (name -> class) from its name. Raises
    ``TypeError`` for a non-str, ``ValueError`` for an unknown name."""
    if not isinstance(name, str):
        raise TypeError(f"expected str, not {type(name).__name__}: a player name")
    if name not in players:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(players)}")
    return players[name](seed)
