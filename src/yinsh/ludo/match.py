"""Ludo matches of 2 to 4 seats: seats rotated over the games, first-place
rates. The runner is the library's one (``yinsh.engine.match.run_seats``);
this module gives it Ludo's start (``players``, ``variant``).

``run(seats, games, ...)`` plays ``games`` Ludo games between the players of
``seats`` (one per colour in play: 2, 3 or 4) and returns a ``MatchResult``
(``yinsh.engine.match.SeatedResult``): each game's finishing order by seat,
each seat's wins (first places) with a 95% Wilson interval, and the same
pooled by seat name (``by_name``). Seats, rotation, dice and workers are as
``run_seats`` says.

>>> from yinsh.ludo import match, players
>>> result = match.run([("heuristic", players.HeuristicPlayer), ("random", players.RandomPlayer)],
...                    4, players=2, seed=1)
>>> result.games, sum(result.wins)
(4, 4)
>>> print(result.summary().splitlines()[0])
4 games, 2 players, standard, seats rotated
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from yinsh.engine.match import Seat, _seat, run_seats, wilson
from yinsh.engine.match import SeatedResult as MatchResult
from yinsh.ludo.board import PLAYER_COUNTS, VARIANTS, Board

__all__ = ["MatchResult", "run", "wilson"]


def run(seats: Sequence[Seat], games: int, *, players: Optional[int] = None, variant: str = "standard",
        seed: int = 0, workers: int = 1, ray: Optional[str] = None,
        on_game: Optional[Callable[[int, MatchResult], None]] = None) -> MatchResult:
    """Plays ``games`` games between seats (``run_seats`` from a new game of
    ``players``, default ``len(seats)``, which must equal it, and
    ``variant``). Raises ``ValueError`` for 0 or more than 4 seats, a player
    count that differs, a negative number of games or workers below 1, an
    unknown variant; ``TypeError`` for a seat that is not a factory.
    """
    named = [_seat(s) for s in seats]
    if players is None:
        players = len(named)
    if players not in PLAYER_COUNTS or len(named) != players:
        raise ValueError(f"need one seat per player (2, 3 or 4): {len(named)} seats for {players} players")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    board: Any = Board(players=players, variant=variant)
    return run_seats(named, games, board=board, seed=seed, workers=workers, ray=ray, on_game=on_game)
