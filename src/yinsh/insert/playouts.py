"""Random Insert playouts: whole games of uniformly random allowed
placements, in C.

>>> from yinsh import insert
>>> stats = insert.random_playouts(1000, seed=1, layout="random")
>>> stats.games, stats.white_wins + stats.red_wins + stats.draws
(1000, 1000)
>>> stats == insert.random_playouts(1000, seed=1, layout="random")    # same seed, same games
True

Every game is reproducible from the seed: the core's splitmix64 generator
(``rng_below(n)`` is the high 64 bits of ``next() * n``) draws, for each
game, its layout number with ``rng_below(6144)`` when ``layout="random"``,
then at each ply ``rng_below(n)`` for the n allowed squares, which picks
that one of them in ascending order of square number.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np

from yinsh.counting import PlayoutCounts

from yinsh.insert import _core
from yinsh.insert.board import Board
from yinsh.insert.enums import Color, Termination

__all__ = ["PlayoutStats", "random_playouts"]

_REASONS = {1: Termination.FIVE, 2: Termination.GROUPS}
_WINNERS = ("white", "red", "draw")


@dataclass(frozen=True, eq=False)
class PlayoutStats(PlayoutCounts):
    """What ``random_playouts`` counted."""

    games: int
    white_wins: int
    red_wins: int
    draws: int
    #: games per ``Termination``
    by_reason: dict[Termination, int]
    #: (winner, reason) -> games; winner is "white", "red" or "draw"
    by_result_and_reason: dict[tuple[str, Termination], int]
    #: the length of each game in plies (numpy int32 array)
    plies: np.ndarray = field(repr=False)
    #: the layout number of each game (numpy int32 array; -1: marks of no layout)
    layouts: np.ndarray = field(repr=False)

    @property
    def wins(self) -> dict[Color, int]:
        """Games won by each colour."""
        return {Color.WHITE: self.white_wins, Color.RED: self.red_wins}

    def as_dict(self) -> dict[str, Any]:
        """The counts as a plain dict (plies and layouts as lists)."""
        return {"games": self.games, "white_wins": self.white_wins, "red_wins": self.red_wins,
                "draws": self.draws, "by_reason": dict(self.by_reason),
                "by_result_and_reason": dict(self.by_result_and_reason),
                "plies": self.plies.tolist(), "layouts": self.layouts.tolist(),
                "mean_plies": self.mean_plies}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayoutStats):
            return NotImplemented
        return (self.by_result_and_reason == other.by_result_and_reason
                and np.array_equal(self.plies, other.plies)
                and np.array_equal(self.layouts, other.layouts))


def random_playouts(n: int, seed: int = 0, layout: Union[None, int, str] = None,
                    position: Optional[Union[str, Board]] = None) -> PlayoutStats:
    """Plays n complete games of uniformly random allowed placements, in C
    (the GIL is released; Ctrl-C stops it), and counts how they ended.

    - ``layout=None`` (the default): every game from the empty board of
      layout 0, or from ``position`` (a ``Board`` or a position string) when
      given;
    - ``layout=N``: every game from the empty board of layout N (0..6143);
    - ``layout="random"``: each game on its own layout, drawn from the
      seeded generator (rule 7).

    The same seed gives the same games on every machine. Raises
    ``ValueError`` for a negative n, a seed outside 0..2**64-1, a bad layout,
    a position whose game is over or both a layout and a position;
    ``InvalidPositionError`` for a bad position string.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    if layout is not None and position is not None:
        raise ValueError("give a layout or a position, not both")
    random_layout = layout == "random"
    if isinstance(layout, str) and not random_layout:
        raise ValueError(f"layout must be None, a layout number or 'random', not {layout!r}")
    if position is not None:
        start = position if isinstance(position, Board) else Board(position)
    elif layout is None or random_layout:
        start = Board()
    else:
        assert isinstance(layout, int)
        start = Board(layout=layout)
    plies = np.zeros(n, dtype=np.int32)
    layouts = np.zeros(n, dtype=np.int32)
    counts = np.zeros((3, 3), dtype=np.int64)
    _core._random_playouts(start, n, seed, random_layout, plies, layouts, counts)
    by_both = {(_WINNERS[w], _REASONS[r]): int(counts[w, r])
               for w in range(3) for r in (1, 2) if counts[w, r]}
    return PlayoutStats(
        games=n,
        white_wins=int(counts[0].sum()), red_wins=int(counts[1].sum()), draws=int(counts[2].sum()),
        by_reason={reason: int(counts[:, r].sum()) for r, reason in _REASONS.items()},
        by_result_and_reason=by_both,
        plies=plies,
        layouts=layouts,
    )
