"""Ludo's description for the game registry (``yinsh.games``), declared by
the entry point ``ludo = "yinsh.ludo.game:LudoGame"``.

>>> game = LudoGame()
>>> game.start_tags(game.board_class(players=2))
{'Players': '2', 'Variant': 'standard'}
>>> game.is_result("GB"), game.winner("YG")
(True, <Color.YELLOW: 1>)
"""
from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Optional

from yinsh.game_kind import GameKind, TagError
from yinsh.options import Option

__all__ = ["LudoGame"]


def _search() -> ModuleType:
    """The compiled search (the classic evaluation)."""
    from yinsh.ludo import _search
    return _search


def _web() -> Any:
    """The web page's view of Ludo (``yinsh.parts.web``)."""
    from yinsh.ludo.web import LudoWeb
    return LudoWeb


class LudoGame(GameKind):
    """Ludo as the registry knows it (see the module)."""

    name = "ludo"
    searches = {"classic": lambda: _search()}
    parts = {"web": _web}
    board_name = "yinsh.ludo.Board"
    title = "Ludo"
    start_tag_names = ("Position", "Players", "Variant")
    results_text = "a finishing order of the colours (e.g. G or GBYR) or *"
    digit_actions = True
    sides = ("green", "yellow", "blue", "red")
    plane_shape = (17, 58)
    env_options = {"players": 4, "variant": "standard"}
    has_chance = True
    chance_actions = 6                  # the throws r1 .. r6, ids 0..5
    # no bound in principle (captures send pieces back): one no game comes
    # near (random games take about 700)
    max_game_length = 100_000
    player_classes = {"random": "RandomPlayer", "heuristic": "HeuristicPlayer", "mcts": "MctsPlayer"}
    seated = True
    variants = ("standard", "places")
    options = (Option("players", "Players", 4, minimum=2, maximum=4),
               Option("variant", "Variant", "standard", choices=variants))
    bench_perft = [("4 players", {}, "", 8), ("2 players", {"Players": "2"}, "", 10),
                   ("places, 3 players", {"Players": "3", "Variant": "places"}, "", 8)]
    bench_search = [("2 players, after r6 r3", {"Players": "2"}, "r6 r3", 6),
                    ("2 players, after r6 r5", {"Players": "2"}, "r6 r5", 6)]
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "Result": "*", "Game": "ludo"}

    def wdl_progress(self, board: Any) -> float:
        """The leader's way: the most that one player's four pieces have
        gone, of the 4 x 57 steps from the start corners to the finish.

        >>> from yinsh import ludo
        >>> LudoGame().wdl_progress(ludo.Board(players=2))
        0.0
        """
        best = max(sum(p + 1 for p in board.progress(color)) for color in board.players)
        return float(best / (4 * 57))

    @property
    def module(self) -> ModuleType:
        from yinsh import ludo as module
        return module

    @property
    def players(self) -> ModuleType:
        from yinsh.ludo import players
        return players

    @property
    def svg(self) -> ModuleType:
        from yinsh.ludo import svg
        return svg

    @property
    def diagram(self) -> ModuleType:
        from yinsh.ludo import diagram
        return diagram

    def random_playouts(self, games: int, seed: int) -> Any:
        from yinsh.ludo.playouts import random_playouts
        return random_playouts(games, seed=seed)

    def is_result(self, text: str) -> bool:
        return text == "*" or (re.fullmatch(r"[GYBR]{1,4}", text) is not None
                               and len(set(text)) == len(text))

    def winner(self, result: str) -> Optional[Any]:
        if result == "*" or not self.is_result(result):
            return None
        return self.module.Color.of(result[0])

    def first_side(self, board: Any) -> Any:
        return board.players[0]

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        if len(board.players) > 2 and algorithm != "mcts":
            return (f"the alpha-beta plays two-player games; for {len(board.players)} players "
                    f"use --algorithm mcts (or auto, the default)")
        return None

    def start_board(self, tags: dict[str, str]) -> Any:
        Board = self.board_class
        players: Optional[int] = None
        if "Players" in tags:
            if tags["Players"] not in ("2", "3", "4"):
                raise TagError(f"bad Players tag {tags['Players'][:20]!r}: 2, 3 or 4")
            players = int(tags["Players"])
        variant = tags.get("Variant")
        try:
            if tags.get("Position"):
                return Board(tags["Position"], players=players, variant=variant)
            return Board(players=players, variant=variant)
        except ValueError as exc:
            which = "Position" if tags.get("Position") else "Variant"
            raise TagError(f"bad {which} tag: {exc}") from None

    def start_tags(self, start: Any) -> dict[str, str]:
        tags = {"Players": str(len(start.players)), "Variant": start.variant}
        if start != self.board_class(players=len(start.players), variant=start.variant):
            tags["Position"] = start.position()
        return tags
