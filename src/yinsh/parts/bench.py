"""What ``yinsh bench`` runs of a game: the part ``"bench"``.

Positions are ``(name, start tags, actions, depth)``: perft's and the
one-thread search's (their nodes make the signature), the random playouts'
games and seed, the threads of a second search and the MCTS's playouts.
The default runs perft and a search from the start and the random playouts
of the game's ``playouts`` module.

>>> from yinsh import games
>>> bench = games.get("ludo").part("bench")
>>> bench.perft[0], bench.playouts
(('4 players', {}, '', 8), (2000, 2026))
"""
from __future__ import annotations

import importlib
from typing import Any, Optional

from yinsh.parts import Part

__all__ = ["Bench"]

Position = tuple[str, dict[str, str], str, int]


class Bench(Part):
    """The bench of a game (see the module)."""

    #: perft positions
    perft: list[Position] = [("start", {}, "", 3)]
    #: the one-thread search's positions
    search: list[Position] = [("start", {}, "", 4)]
    #: the random playouts' (games, seed)
    playouts = (2000, 2026)
    #: the threads of the second, multi-threaded search (0: none)
    threads = 0
    #: MCTS playouts a search position with their seed (None: none)
    mcts: Optional[tuple[int, int]] = None

    def playouts_detail(self, stats: Any) -> str:
        """A line on the random playouts' statistics ('' for none)."""
        return ""

    def random_playouts(self, games: int, seed: int) -> Any:
        """The seeded random playouts (new games): the game's
        ``playouts.random_playouts``."""
        package = type(self.game).__module__.rpartition(".")[0]
        return importlib.import_module(package + ".playouts").random_playouts(games, seed=seed)
