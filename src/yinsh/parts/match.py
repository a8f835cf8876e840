"""What matches and play need of a game beyond its spec: the part ``"match"``.

The players by name (their classes in the game's ``players`` module),
whether a match rotates 2..4 seats, the openings, the engine presets and a
finished game's detail on a match's progress line.

>>> from yinsh import games
>>> match = games.get("insert").part("match")
>>> match.default_opening, sorted(match.openings())
('random-layouts', ['none', 'random-layouts'])
>>> games.get("ludo").part("match").seated, games.get("yinsh").part("match").seated
(True, False)
"""
from __future__ import annotations

import random
from typing import Any, Callable, Optional

from yinsh.parts import Part

__all__ = ["Match"]

Opening = Optional[Callable[[Any, random.Random], None]]


class Match(Part):
    """Matches of a game (see the module)."""

    #: the players by name: their classes in the players module (besides
    #: ``engine``, which every game takes)
    player_classes: dict[str, str] = {"random": "RandomPlayer", "greedy": "GreedyPlayer"}
    #: the default of ``openings()``
    default_opening = "none"

    #: whether a match rotates 2..4 seats (``yinsh.engine.match.run_seats``)
    #: instead of pairing two players with colours swapped
    seated = False

    def openings(self) -> dict[str, Opening]:
        """match's openings by name (a function ``opening(board, rng)`` or None)."""
        return {"none": None}

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """Named sets of engine tunables (``engine:preset=NAME``)."""
        return {}

    def preset(self, name: str) -> dict[str, Any]:
        """The tunables of a preset (a copy); ``ValueError`` for an unknown name."""
        if name not in self.presets:
            raise ValueError(f"unknown preset {name!r} (known: {', '.join(sorted(self.presets)) or 'none'})")
        return dict(self.presets[name])

    def match_detail(self, final: Any) -> str:
        """What a match's progress line says of a finished game's final
        board besides the result ('' for nothing)."""
        return ""

    def player_factory(self, name: str) -> Any:
        """The class of the player name (``ValueError`` for another name)."""
        if name not in self.player_classes:
            raise ValueError(f"unknown player {name!r}")
        return getattr(self.game.players, self.player_classes[name])
