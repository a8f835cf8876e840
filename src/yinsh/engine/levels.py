"""Engine levels: opponents people can beat, from 1 (the weakest) to 8 (the full engine).

A level weakens the engine the way strong programs do (Stockfish's ``Skill
Level``), so that it makes plausible mistakes, not random ones:

- **a smaller search**: a level searches at most ``Level.nodes`` nodes an
  action (playouts for the MCTS: ``Level.playouts``), whatever limit it is
  given; a smaller limit still applies. Nodes, not time, so that a level
  plays the same on a fast machine and a slow one;
- **a weakness-weighted choice** among its ``Level.lines`` best lines
  (MultiPV): ``choose`` gives each line its value ``v`` (the mover's
  expected score, 0..1, from the line's win/draw/loss), then picks the
  line with the highest ``v + k (top - v) + k delta u``, with ``k =
  weakness / 128``, ``top`` the best line's value, ``delta`` the spread of
  the lines' values (at most ``SPREAD``) and ``u`` uniform in 0..1 from the
  engine's seeded generator. A strong level (``k`` small) keeps the best
  line unless another is nearly as good; a weak one (``k`` near 1)
  picks almost at random among its lines, which are still the search's
  best ones.

Level 8 is the engine itself (``Engine()``): no node cap, no choice. With a
seed (``Engine(level=3, seed=7)``) and one thread, a level's games are
reproducible.

A game's levels are tuned for it: its ``levels.json``, beside its
``game.py``, holds each level's settings and its Elo measured against
the random player (0) by a ladder of matches between neighbouring levels
(``benchmarks/levels.py``; docs/levels.md). A game that ships none plays
``LEVELS``, unmeasured.

>>> from yinsh import games
>>> [(level.number, level.name) for level in LEVELS][:3]
[(1, 'Beginner'), (2, 'Novice'), (3, 'Casual')]
>>> LEVELS[-1].nodes is None, levels_for(games.get("yinsh"))[0].lines
(True, 4)
>>> check_level(9)
Traceback (most recent call last):
...
ValueError: level must be between 1 and 8, not 9
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional, Sequence

from yinsh.engine.wdl import game_file

__all__ = ["Level", "LEVELS", "MIN_LEVEL", "MAX_LEVEL", "SPREAD", "check_level", "levels_for", "choose",
           "line_values", "SETTINGS"]

#: The weakest level.
MIN_LEVEL = 1
#: The strongest level: the full engine, ``Engine()``'s default.
MAX_LEVEL = 8
#: The most that the lines' spread (``delta`` of ``choose``) counts, in expected score.
SPREAD = 0.25
#: The settings a level entry of a ``levels.json`` may give.
SETTINGS = ("nodes", "playouts", "lines", "weakness")


@dataclass(frozen=True)
class Level:
    """A level of a game: its ``number`` and ``name``, the most ``nodes``
    an alpha-beta search may visit and ``playouts`` an MCTS may run
    (``None``: no cap, level 8), how many best ``lines`` it chooses among,
    its ``weakness`` (0..128; 0 always plays the best line), and its
    measured ``elo`` with the 95% interval ``low``..``high`` (``None``:
    not measured; ``high`` ``None`` with an ``elo``: unbounded above)."""

    number: int
    name: str
    nodes: Optional[int]
    playouts: Optional[int]
    lines: int
    weakness: int
    elo: Optional[float] = None
    low: Optional[float] = None
    high: Optional[float] = None

    def cap(self, algorithm: str) -> Optional[int]:
        """The level's limit for a search with algorithm (``"alphabeta"``:
        nodes, ``"mcts"``: playouts); ``None``: none."""
        return self.playouts if algorithm == "mcts" else self.nodes

    def label(self) -> str:
        """``"3 Casual"``, with ``" (Elo 1050)"`` where it was measured.

        >>> LEVELS[2].label()
        '3 Casual'
        """
        elo = f" (Elo {self.elo:.0f})" if self.elo is not None else ""
        return f"{self.number} {self.name}{elo}"


#: The levels of a game without a ``levels.json``, weakest first; level 8 is the full engine.
LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", 1, 50, 4, 120),
    Level(2, "Novice", 300, 100, 4, 100),
    Level(3, "Casual", 1_000, 200, 4, 80),
    Level(4, "Club", 3_000, 400, 3, 60),
    Level(5, "Strong club", 10_000, 800, 3, 40),
    Level(6, "Expert", 30_000, 1_600, 2, 20),
    Level(7, "Master", 100_000, 3_200, 1, 0),
    Level(8, "Full", None, None, 1, 0),
)


def check_level(number: object) -> int:
    """number if it is a level (1..8): ``TypeError`` for a non-int,
    ``ValueError`` outside 1..8."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"level must be an int, not {type(number).__name__}")
    if not MIN_LEVEL <= number <= MAX_LEVEL:
        raise ValueError(f"level must be between {MIN_LEVEL} and {MAX_LEVEL}, not {number}")
    return number


@lru_cache(maxsize=None)
def _stored(path: Optional[Path]) -> dict[str, Any]:
    if path is None or not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def levels_for(game: Any) -> tuple[Level, ...]:
    """The eight levels of game (a ``GameKind``): ``LEVELS`` with what its
    ``levels.json`` gives (``"levels"``: an entry a level number, with any
    of ``SETTINGS`` and its ``elo``, ``low``, ``high``)."""
    stored = _stored(game_file(game, "levels.json")).get("levels", {})
    out = []
    for level in LEVELS:
        entry = stored.get(str(level.number), {})
        known = {key: entry[key] for key in (*SETTINGS, "elo", "low", "high") if key in entry}
        out.append(replace(level, **known))
    return tuple(out)


def line_values(lines: Sequence[Any]) -> list[float]:
    """The mover's expected score (0..1) of each line (an ``Analysis``,
    best first): its ``wdl.expectation()``; for a game without a
    win/draw/loss model, evenly spaced by rank from 1.0 down by 0.05 a line."""
    if all(line.wdl is not None for line in lines):
        return [float(line.wdl.expectation()) for line in lines]
    return [1.0 - 0.05 * k for k in range(len(lines))]


def choose(lines: Sequence[Any], level: Level, rng: random.Random) -> int:
    """The index in lines (``Analysis.lines``, best first) of the line
    level plays (the module's formula); 0 for level 8 or a single line.
    Only the first ``level.lines`` lines are candidates.

    >>> from yinsh.engine.wdl import Wdl
    >>> from types import SimpleNamespace as Line
    >>> lines = [Line(wdl=Wdl(600, 0, 400)), Line(wdl=Wdl(580, 0, 420)), Line(wdl=Wdl(100, 0, 900))]
    >>> rng = random.Random(1)
    >>> sorted({choose(lines, LEVELS[0], rng) for _ in range(200)})
    [0, 1, 2]
    >>> {choose(lines, LEVELS[6], rng) for _ in range(50)}
    {0}
    """
    candidates = list(lines[:level.lines])
    if len(candidates) < 2 or level.weakness == 0:
        return 0
    values = line_values(candidates)
    top = values[0]
    delta = min(top - min(values), SPREAD)
    k = level.weakness / 128
    best, best_value = 0, -1.0
    for index, value in enumerate(values):
        pushed = value + k * (top - value) + k * delta * rng.random()
        if pushed > best_value:
            best, best_value = index, pushed
    return best
