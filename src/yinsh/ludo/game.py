"""Ludo's spec for the game registry (``yinsh.games``), declared by the
entry point ``ludo = "yinsh.ludo.game:LudoGame"``.

>>> game = LudoGame()
>>> game.start_tags(game.board_class(players=2))
{'Players': '2', 'Variant': 'standard'}
>>> records = game.part("records")
>>> records.is_result("GB"), records.winner("YG")
(True, <Color.YELLOW: 1>)
"""
from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Optional

from yinsh.game_kind import GameKind
from yinsh.options import Option, Options
from yinsh.parts.bench import Bench
from yinsh.parts.match import Match
from yinsh.parts.records import Records
from yinsh.parts.rl import Rl

__all__ = ["LudoGame"]


def _search() -> ModuleType:
    from yinsh.ludo import _search
    return _search


def _web() -> Any:
    """The web page's view of Ludo (``yinsh.parts.web``)."""
    from yinsh.ludo.web import LudoWeb
    return LudoWeb


class LudoRecords(Records):
    """Results are finishing orders; actions may start with a digit."""

    results_text = "a finishing order of the colours (e.g. G or GBYR) or *"
    digit_actions = True

    def is_result(self, text: str) -> bool:
        return text == "*" or (re.fullmatch(r"[GYBR]{1,4}", text) is not None
                               and len(set(text)) == len(text))

    def winner(self, result: str) -> Optional[Any]:
        if result == "*" or not self.is_result(result):
            return None
        return self.game.module.Color.of(result[0])


class LudoBench(Bench):
    perft = [("4 players", {}, "", 8), ("2 players", {"Players": "2"}, "", 10),
             ("places, 3 players", {"Players": "3", "Variant": "places"}, "", 8)]
    search = [("2 players, after r6 r3", {"Players": "2"}, "r6 r3", 6),
              ("2 players, after r6 r5", {"Players": "2"}, "r6 r5", 6)]


class LudoMatch(Match):
    player_classes = {"random": "RandomPlayer", "heuristic": "HeuristicPlayer", "mcts": "MctsPlayer"}
    seated = True


class LudoRl(Rl):
    chance_actions = 6                  # the throws r1 .. r6, ids 0..5


class LudoGame(GameKind):
    """Ludo as the registry knows it (see the module)."""

    name = "ludo"
    searches = {"classic": _search}
    plane_shape = (17, 58)
    has_chance = True
    # no bound in principle (captures send pieces back): one no game comes
    # near (random games take about 700)
    max_game_length = 100_000
    options = Options((Option("players", "Players", 4, minimum=2, maximum=4),
                       Option("variant", "Variant", "standard", choices=("standard", "places"))))
    parts = {"web": _web, "records": lambda: LudoRecords, "bench": lambda: LudoBench,
             "match": lambda: LudoMatch, "rl": lambda: LudoRl}

    def wdl_progress(self, board: Any) -> float:
        """The leader's way: the most that one player's four pieces have
        gone, of the 4 x 57 steps from the start corners to the finish.

        >>> from yinsh import ludo
        >>> LudoGame().wdl_progress(ludo.Board(players=2))
        0.0
        """
        best = max(sum(p + 1 for p in board.progress(color)) for color in board.players)
        return float(best / (4 * 57))
