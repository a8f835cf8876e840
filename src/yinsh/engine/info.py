"""What the compiled searches return, and their score constants.

Every game's search module (``yinsh.yinsh._search`` for Yinsh) returns a
``SearchInfo`` from ``search()`` and passes one to its callback after each
finished iteration. Scores are from the view of the player to act at the
root: for the alpha-beta in the game's evaluation units, a won game being
``WIN_SCORE - N`` (a win in N plies); for the MCTS the mean result of the
move times 1000 (-1000 a certain loss, 1000 a certain win).

>>> info = SearchInfo(depth=3, seldepth=5, nodes=1200, seconds=0.01, lines=[(40, [7, 9]), (-10, [8])])
>>> info.score, info.pv, info.best
(40, [7, 9], 7)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

WIN_SCORE = 1_000_000
"""A won game (alpha-beta); a win in N plies scores ``WIN_SCORE - N``."""

WIN_THRESHOLD = WIN_SCORE - 1000
"""Alpha-beta scores beyond +-WIN_THRESHOLD are proven wins or losses."""

MAX_SEARCH_DEPTH = 64
"""The deepest iteration of the alpha-beta."""

MAX_PLAYERS = 4
"""The most players a game of the engine layer may have."""

MCTS_SCORE_SCALE = 1000
"""MCTS line scores are mean results (-1 .. 1) times this."""


@dataclass(frozen=True)
class SearchInfo:
    """One finished iteration (alpha-beta) or the state of the tree (MCTS).

    ``lines``: ``[(score, [action codes])]``, best first, one per ``multipv``
    line; each list starts with that line's root action (empty only when
    the search could not start one). ``visits`` (MCTS only): ``[(action
    code, visits, mean value)]`` of every root action, in code order, the
    mean value from the root player's view in -1 .. 1. ``depth`` is the
    iteration (MCTS: the length of the most visited line), ``seldepth`` the
    deepest ply reached, ``nodes`` the nodes searched by all threads (MCTS:
    playouts), ``seconds`` the time since the search started.

    At a chance root (a throw of the dice) ``chance`` is the expected
    score (the probability-weighted mean of the outcomes' scores, rounded)
    and ``lines`` has one line per outcome, in the game's order, starting
    with the outcome and followed by the best reply; ``probabilities``
    holds the outcomes' probabilities, in the same order. There is no best
    move: ``score`` is the expectation, ``pv`` is empty, ``best`` None.

    ``root_values`` (MCTS only; empty for the alpha-beta): each player's
    mean result over the search's playouts, in turn order (the board's
    ``players``), in -1 .. 1: every side's view of the root, where
    ``lines`` give only the side to act's.

    >>> info = SearchInfo(2, 2, 40, 0.01, [(30, [10, 0]), (-10, [11])], chance=10,
    ...                   probabilities=[0.5, 0.5])
    >>> info.score, info.pv, info.best
    (10, [], None)
    """

    depth: int
    seldepth: int
    nodes: int
    seconds: float
    lines: list[tuple[int, list[int]]]
    visits: list[tuple[int, int, float]] = field(default_factory=list)
    chance: Optional[int] = None
    probabilities: list[float] = field(default_factory=list)
    root_values: list[float] = field(default_factory=list)

    @property
    def score(self) -> int:
        """The score of the best line (0 without lines); at a chance root
        the expected score."""
        if self.chance is not None:
            return self.chance
        return self.lines[0][0] if self.lines else 0

    @property
    def pv(self) -> list[int]:
        """The best line's action codes (empty at a chance root)."""
        if self.chance is not None:
            return []
        return self.lines[0][1] if self.lines else []

    @property
    def best(self) -> Optional[int]:
        """The best root action's code (``None`` without one)."""
        pv = self.pv
        return pv[0] if pv else None

    @property
    def nps(self) -> int:
        """Nodes per second."""
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0
