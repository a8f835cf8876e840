"""Matches of 2 to 4 seats: seats rotated over the games, first-place rates.

``run(seats, games, ...)`` plays ``games`` Ludo games between the players of
``seats`` (one per colour in play: 2, 3 or 4) and returns a ``MatchResult``.

- A seat is a ``(name, factory)`` pair, or just a factory: ``factory(seed)``
  makes a fresh player for a game (anything with ``best_move(board)``:
  ``players.RandomPlayer``, ``players.HeuristicPlayer``,
  ``players.MctsPlayer(0.1)``); the name defaults to the factory's ``name``.
- Seats rotate: in game g seat k plays the ``(k + g) % n``-th colour of the
  turn order, so over every n games each seat plays each colour once (and
  moves first once).
- The dice: game g throws with ``random.Random(seed * 1_000_003 + g)``; a
  forced move (one valid move) is played without asking the player.
- ``workers=K`` plays K games at a time in worker processes, ``ray=...`` as
  Ray tasks (the factories must pickle); the results are those of the serial run, in game order.

``MatchResult`` holds each game's finishing order by seat and gives each
seat's wins (first places) with a 95% Wilson interval, and the same pooled
by seat name (``by_name``: e.g. three seats named ``random``).

>>> from yinsh.ludo import match, players
>>> result = match.run([("heuristic", players.HeuristicPlayer), ("random", players.RandomPlayer)],
...                    4, players=2, seed=1)
>>> result.games, sum(result.wins)
(4, 4)
>>> print(result.summary().splitlines()[0])
4 games, 2 players, standard, seats rotated
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

from yinsh.distributed.backend import in_order, run_items
from yinsh.ludo.board import PLAYER_COUNTS, VARIANTS, Board

__all__ = ["MatchResult", "run", "wilson"]

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass
class MatchResult:
    """The games of a match: ``places[g]`` lists the seats of game g in
    finishing order (standard: the winner only; *places*: every seat)."""

    names: list[str]
    players: int
    variant: str
    places: list[list[int]] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.places)

    @property
    def wins(self) -> list[int]:
        """First places of each seat."""
        out = [0] * len(self.names)
        for order in self.places:
            if order:
                out[order[0]] += 1
        return out

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Seat's first-place rate and its 95% Wilson interval ``(rate, lo, hi)``."""
        w, n = self.wins[seat], self.games
        lo, hi = wilson(w, n)
        return (w / n if n else 0.0), lo, hi

    def by_name(self) -> dict[str, tuple[int, int, float, float, float]]:
        """Per seat name: ``(wins, seat-games, rate, lo, hi)`` pooled over
        the seats of that name."""
        out: dict[str, tuple[int, int, float, float, float]] = {}
        wins = self.wins
        for name in dict.fromkeys(self.names):
            seats = [k for k, n in enumerate(self.names) if n == name]
            w = sum(wins[k] for k in seats)
            n = self.games * len(seats)
            lo, hi = wilson(w, n)
            out[name] = (w, n, w / n if n else 0.0, lo, hi)
        return out

    def summary(self) -> str:
        """A short table: each seat's first places and rate with its interval."""
        lines = [f"{self.games} games, {self.players} players, {self.variant}, seats rotated"]
        for k, name in enumerate(self.names):
            rate, lo, hi = self.win_rate(k)
            lines.append(f"seat {k} {name:<12} wins {self.wins[k]:5d}  {rate:6.1%}  (95% {lo:.1%}-{hi:.1%})")
        return "\n".join(lines)


Seat = Union[tuple[str, Callable[[int], Any]], Callable[[int], Any]]


def _seat(seat: Seat) -> tuple[str, Callable[[int], Any]]:
    if isinstance(seat, tuple):
        if len(seat) != 2 or not isinstance(seat[0], str) or not callable(seat[1]):
            raise TypeError("a seat is (name, factory) or a factory")
        return seat[0], seat[1]
    if not callable(seat):
        raise TypeError(f"a seat must be a player factory, not {type(seat).__name__}")
    return str(getattr(seat, "name", getattr(seat, "__name__", "player"))), seat


def _play(factories: Sequence[Callable[[int], Any]], players: int, variant: str, seed: int,
          g: int) -> tuple[list[int], int]:
    """Game g: the seats' finishing order and the number of actions."""
    n = players
    board = Board(players=players, variant=variant)
    colours = [int(c) for c in PLAYER_COUNTS[players]]
    seat_of = {colours[(k + g) % n]: k for k in range(n)}
    made = [f(seed * 7919 + g * 4 + k) for k, f in enumerate(factories)]
    dice = random.Random(seed * 1_000_003 + g)
    while not board.is_game_over():
        if board.is_chance():
            board.throw(dice)
            continue
        actions = board.legal_actions().tolist()
        if len(actions) == 1:
            board.push_action(actions[0])
            continue
        move = made[seat_of[board._turn_code]].best_move(board)
        board.push(move)
    order = [seat_of[int(c)] for c in board.finishing_order]
    if variant == "places":
        order += [seat_of[c] for c in colours if seat_of[c] not in order]
    return order, board.ply


def _play_star(args: tuple[Any, ...]) -> tuple[list[int], int]:
    return _play(*args)


def run(seats: Sequence[Seat], games: int, *, players: Optional[int] = None, variant: str = "standard",
        seed: int = 0, workers: int = 1, ray: Optional[str] = None,
        on_game: Optional[Callable[[int, MatchResult], None]] = None) -> MatchResult:
    """Plays ``games`` games between seats (see the module docstring) and
    returns the ``MatchResult``. ``players`` defaults to ``len(seats)`` and
    must equal it. ``on_game(g, result)`` is called after each game.
    ``workers`` / ``ray``: where the games run (``yinsh.distributed.backend``:
    local worker processes, or Ray tasks with ``"local"`` or an address).

    Raises ``ValueError`` for 0 or more than 4 seats, a player count that
    differs, a negative number of games or workers below 1, an unknown
    variant; ``TypeError`` for a seat that is not a factory.
    """
    named = [_seat(s) for s in seats]
    if players is None:
        players = len(named)
    if players not in PLAYER_COUNTS or len(named) != players:
        raise ValueError(f"need one seat per player (2, 3 or 4): {len(named)} seats for {players} players")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative int, not {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    result = MatchResult([n for n, _ in named], players, variant)
    factories = [f for _, f in named]
    tasks = [(factories, players, variant, seed, g) for g in range(games)]
    outcomes = in_order(run_items(_play_star, tasks, workers=workers, ray=ray))
    try:
        for g, (order, plies) in enumerate(outcomes):
            result.places.append(order)
            result.plies.append(plies)
            if on_game is not None:
                on_game(g, result)
    finally:
        outcomes.close()                  # ends the worker processes
    return result
