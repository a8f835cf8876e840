"""Random playouts: whole Ludo games of random actions, in C.

Throws are drawn from a fair die, moves uniformly among the valid ones, with
the core's seeded PRNG (splitmix64): the same seed gives the same games on
every machine.

>>> from yinsh import ludo
>>> stats = ludo.random_playouts(100, seed=1, players=2)
>>> stats.games, sum(stats.wins.values())
(100, 100)
>>> stats == ludo.random_playouts(100, seed=1, players=2)     # same seed, same games
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np

from yinsh.counting import PlayoutCounts

from yinsh.ludo import _core
from yinsh.ludo.board import Board
from yinsh.ludo.enums import Color

__all__ = ["PlayoutStats", "random_playouts"]


@dataclass(frozen=True, eq=False)
class PlayoutStats(PlayoutCounts):
    """What ``random_playouts`` counted."""

    games: int
    #: the colours in play, in turn order
    players: tuple[Color, ...]
    variant: str
    #: places[colour] = games finished 1st, 2nd, ... (a tuple of len(players)); in a
    #: standard game only the winner has a place
    places: dict[Color, tuple[int, ...]]
    #: actions, pieces captured, turns voided by three sixes, turns skipped (no valid move)
    captures: int
    voids: int
    skips: int
    #: the length of each game in plies (numpy int32 array), throws included
    plies: np.ndarray = field(repr=False)
    #: the throws of each game (numpy int32 array)
    throws: np.ndarray = field(repr=False)

    @property
    def wins(self) -> dict[Color, int]:
        """Games won (finished first) by each colour."""
        return {c: p[0] for c, p in self.places.items()}

    def as_dict(self) -> dict[str, Any]:
        """The counts as plain Python values (colours as names, arrays as lists).

        >>> random_playouts(2, seed=5, players=2).as_dict()["games"]
        2
        """
        return {"games": self.games, "players": [str(c) for c in self.players],
                "variant": self.variant,
                "places": {str(c): list(p) for c, p in self.places.items()},
                "wins": {str(c): n for c, n in self.wins.items()},
                "captures": self.captures, "voids": self.voids, "skips": self.skips,
                "plies": self.plies.tolist(), "throws": self.throws.tolist(),
                "mean_plies": self.mean_plies}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayoutStats):
            return NotImplemented
        return (self.players == other.players and self.variant == other.variant
                and self.places == other.places
                and (self.captures, self.voids, self.skips) == (other.captures, other.voids, other.skips)
                and np.array_equal(self.plies, other.plies) and np.array_equal(self.throws, other.throws))



def random_playouts(n: int, seed: int = 0, players: int = 4, variant: str = "standard",
                    position: Optional[Union[str, Board]] = None) -> PlayoutStats:
    """Plays n complete games of random actions from a new game of players
    (2, 3, 4) in variant (``"standard"``, ``"places"``), or from position (a
    ``Board`` or a position string; then players and variant are its own).
    The GIL is released while playing; Ctrl-C raises ``KeyboardInterrupt``.

    Raises ``ValueError`` for a negative n, a seed outside 0..2**64-1, a bad
    players or variant, or a position whose game is over;
    ``InvalidPositionError`` for a bad position string; ``TypeError`` for
    arguments of the wrong type.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n must be a non-negative int, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    if position is None:
        start = Board(players=players, variant=variant)
    elif isinstance(position, Board):
        start = position
    else:
        start = Board(position)
    plies = np.zeros(n, dtype=np.int32)
    throws = np.zeros(n, dtype=np.int32)
    places = np.zeros((4, 4), dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)
    _core._random_playouts(start, n, seed, plies, throws, places, counts)
    colors = tuple(start.players)
    return PlayoutStats(
        games=n, players=colors, variant=start.variant,
        places={c: tuple(int(places[c, k]) for k in range(len(colors))) for c in colors},
        voids=int(counts[0]), skips=int(counts[1]), captures=int(counts[2]),
        plies=plies, throws=throws)
