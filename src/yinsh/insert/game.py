"""Insert's spec for the game registry (``yinsh.games``), declared by the
entry point ``insert = "yinsh.insert.game:InsertGame"``.

>>> game = InsertGame()
>>> game.start_board({"Layout": "12"}).layout
12
>>> game.part("records").is_result("GB"), game.start_tags(game.start_board({}))
(False, {'Layout': '0'})
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, Callable, Mapping, Optional

from yinsh.game_kind import GameKind
from yinsh.options import Option, Options
from yinsh.parts.bench import Bench
from yinsh.parts.match import Match
from yinsh.parts.rl import Rl
from yinsh.parts.terminal import Terminal

__all__ = ["InsertGame", "random_layout"]


def _search() -> ModuleType:
    from yinsh.insert import _search
    return _search


def _search_learned() -> ModuleType:
    from yinsh.insert import _search_learned
    return _search_learned


def _web() -> Any:
    """The web page's view of Insert (``yinsh.parts.web``)."""
    from yinsh.insert.web import InsertWeb
    return InsertWeb


def _features() -> Any:
    """The learned evaluation's input features (``yinsh.parts.features``)."""
    from yinsh.insert import features
    return features


def random_layout(board: Any, rng: random.Random) -> None:
    """Insert's match opening: a new game on the layout of
    ``insert.Board.random(seed)``, seed drawn from rng (so a match's seed
    fixes its layouts)."""
    board._set_layout(type(board).random(rng.randrange(2 ** 64)).layout)


class InsertTerminal(Terminal):
    play_notation = "c3                             an action: the square of your ring"
    can_flip = True


class InsertBench(Bench):
    perft = [("layout 0", {"Layout": "0"}, "", 6), ("layout 17", {"Layout": "17"}, "", 6),
             ("layout 4000", {"Layout": "4000"}, "", 6)]
    search = [("layout 0", {"Layout": "0"}, "", 7), ("layout 17", {"Layout": "17"}, "", 7),
              ("layout 4000", {"Layout": "4000"}, "", 7)]


class InsertMatch(Match):
    default_opening = "random-layouts"

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        return {"random-layouts": random_layout, "none": None}


class InsertRl(Rl):
    def random_start(self, options: Mapping[str, Any], rng: random.Random) -> Any:
        return self.game.board_class.random(rng.randrange(2 ** 64))


class InsertGame(GameKind):
    """Insert as the registry knows it (see the module)."""

    name = "insert"
    searches = {"classic": _search, "learned": _search_learned}
    plane_shape = (10, 6, 6)
    max_game_length = 30            # one ring a turn; the game ends when the 30th is down
    options = Options((Option("layout", "Layout", "random", choices=("random",), minimum=0, maximum=6143),))
    parts = {"web": _web, "features": _features, "terminal": lambda: InsertTerminal,
             "bench": lambda: InsertBench, "match": lambda: InsertMatch, "rl": lambda: InsertRl}

    def wdl_progress(self, board: Any) -> float:
        """The rings placed, of the 30 (15 a side).

        >>> from yinsh import insert
        >>> InsertGame().wdl_progress(insert.Board())
        0.0
        """
        supply = sum(board.rings_in_supply(color) for color in board.players)
        return float(1.0 - supply / 30)
