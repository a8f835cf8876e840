"""The dice race's spec for the game registry (``yinsh.games``): what
every layer needs of it beyond the board protocol (docs/architecture.md,
"Adding a game", lists every member).

The library does not register it: a program (or a test) does, as a
plugin's distribution would, with ``yinsh.games.register(DiceGame())`` in
its own process or an entry point ``dice = "yinsh.toys.dice.game:DiceGame"``
in the group ``yinsh.games`` for every process.

>>> game = DiceGame()
>>> board = game.start_board({"Players": "3", "Target": "5"})
>>> board.position(), game.start_tags(board)
('0/0/0 0 - 5', {'Players': '3', 'Target': '5'})
>>> game.part("records").is_result("B"), game.part("records").winner("B")
(True, <Color.BLUE: 1>)
"""
from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Optional

from yinsh.game_kind import GameKind
from yinsh.options import Option, Options
from yinsh.parts.bench import Bench
from yinsh.parts.records import Records
from yinsh.parts.terminal import Terminal

__all__ = ["DiceGame"]


def _search() -> ModuleType:
    """The compiled search (the engine's templates rendered with ``_hooks.pxd``)."""
    from yinsh.toys.dice import _search
    return _search


class DiceRecords(Records):
    """A result is the winner's letter."""

    results_text = "the winner's letter (R, B, G or Y) or *"

    def is_result(self, text: str) -> bool:
        return text == "*" or re.fullmatch(r"[RBGY]", text) is not None

    def winner(self, result: str) -> Optional[Any]:
        return self.game.module.Color.of(result) if result != "*" and self.is_result(result) else None


class DiceBench(Bench):
    perft = [("2 players", {}, "", 10), ("3 players", {"Players": "3"}, "", 8)]
    # the alpha-beta searches two players
    search = [("2 players", {}, "", 8), ("2 players, to 5", {"Target": "5"}, "", 10)]


class DiceTerminal(Terminal):
    play_notation = "step  gamble  r0  r1  r3   an action (rN: the die's outcome)"


class DiceGame(GameKind):
    """The dice race as the registry knows it."""

    name = "dice"
    title = "Dice race"
    searches = {"classic": _search}
    plane_shape = (5, 104)
    has_chance = True
    max_game_length = 10_000
    options = Options((Option("players", "Players", 2, minimum=2, maximum=4),
                       Option("target", "Points to win", 10, minimum=1, maximum=100)))
    parts = {"records": lambda: DiceRecords, "bench": lambda: DiceBench,
             "terminal": lambda: DiceTerminal}

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        if board.is_chance() and not board.is_game_over():
            return "the die is thrown next: there is no choice to analyse; add the throw, e.g. --moves r1"
        return super().search_problem(board, algorithm)
