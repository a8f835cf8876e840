"""Random playouts: whole games of uniformly random legal actions, in C.

>>> import yinsh
>>> stats = yinsh.random_playouts(100, seed=1)
>>> stats.games, stats.white_wins + stats.black_wins + stats.draws
(100, 100)
>>> stats == yinsh.random_playouts(100, seed=1)    # same seed, same games
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np

from yinsh.counting import PlayoutCounts

from yinsh.yinsh import _core
from yinsh.yinsh.board import Board
from yinsh.yinsh.enums import Termination

#: the Termination of each end-reason code of the core (code 0: not over)
_REASONS = {1: Termination.RINGS, 2: Termination.MARKER_POOL, 3: Termination.BLOCKED}


@dataclass(frozen=True, eq=False)
class PlayoutStats(PlayoutCounts):
    """What ``random_playouts`` counted."""

    games: int
    white_wins: int
    black_wins: int
    draws: int
    #: games per ``Termination``
    by_reason: dict[Termination, int]
    #: (winner, reason) -> games; winner is "white", "black" or "draw"
    by_result_and_reason: dict[tuple[str, Termination], int]
    #: the length of each game in plies (numpy int32 array)
    plies: np.ndarray = field(repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The counts as a plain dict (plies as a list).

        >>> random_playouts(3, seed=5).as_dict()["games"]
        3
        """
        return {"games": self.games, "white_wins": self.white_wins, "black_wins": self.black_wins,
                "draws": self.draws, "by_reason": dict(self.by_reason),
                "by_result_and_reason": dict(self.by_result_and_reason),
                "plies": self.plies.tolist(), "mean_plies": self.mean_plies}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayoutStats):
            return NotImplemented
        return (self.by_result_and_reason == other.by_result_and_reason
                and np.array_equal(self.plies, other.plies))


def random_playouts(n: int, seed: int = 0, position: Optional[Union[str, Board]] = None,
                    variant: str = "standard") -> PlayoutStats:
    """Plays n complete games with uniformly random legal actions from a new
    game of variant (or from position: a ``Board`` or a position string),
    using the core's seeded PRNG: the same seed gives the same games on every
    machine. The GIL is released while playing.

    Raises ``ValueError`` for a negative n, a seed outside 0..2**64-1, or a
    position whose game is over; ``InvalidPositionError`` for a bad string.
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, not {n!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    if position is None:
        start = Board(variant=variant)
    elif isinstance(position, Board):
        start = position
    else:
        start = Board(position)
    plies = np.zeros(n, dtype=np.int32)
    counts = np.zeros((3, 4), dtype=np.int64)
    _core._random_playouts(start, n, seed, plies, counts)
    names = ("white", "black", "draw")
    by_both = {(names[w], _REASONS[r]): int(counts[w, r])
               for w in range(3) for r in range(1, 4) if counts[w, r]}
    return PlayoutStats(
        games=n,
        white_wins=int(counts[0].sum()), black_wins=int(counts[1].sum()), draws=int(counts[2].sum()),
        by_reason={_REASONS[r]: int(counts[:, r].sum()) for r in range(1, 4)},
        by_result_and_reason=by_both,
        plies=plies,
    )
