"""The dice race's description for the game registry (``yinsh.games``):
everything the command line, records, the web page, the RL environments,
matches and the bench need to know of it beyond the board protocol.

The library does not register it: a program (or a test) does, as a
plugin's distribution would, with ``yinsh.games.register(DiceGame())`` in
its own process or an entry point ``dice = "yinsh.toys.dice.game:DiceGame"``
in the group ``yinsh.games`` for every process (docs/architecture.md,
"Adding a game").

>>> game = DiceGame()
>>> board = game.start_board({"Players": "3", "Target": "5"})
>>> board.position(), game.start_tags(board)
('0/0/0 0 - 5', {'Players': '3', 'Target': '5'})
>>> game.is_result("B"), game.winner("B")
(True, <Color.BLUE: 1>)
"""
from __future__ import annotations

import random
import re
from types import ModuleType
from typing import Any, Optional

from yinsh.games import GameKind
from yinsh.options import Option

__all__ = ["DiceGame"]


def _search() -> ModuleType:
    """The compiled search (the engine's templates rendered with ``_hooks.pxd``)."""
    from yinsh.toys.dice import _search
    return _search


class DiceGame(GameKind):
    """The dice race as the registry knows it: what the command line,
    records, the web page and the environments need beyond its board."""

    name = "dice"
    title = "Dice race"
    searches = {"classic": lambda: _search()}
    board_name = "yinsh.toys.dice.Board"
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "Result": "*", "Game": "dice"}
    results_text = "the winner's letter (R, B, G or Y) or *"
    start_tag_names = ("Position", "Players")
    sides = ("red", "blue", "green", "yellow")
    plane_shape = (5, 104)
    env_options = {"players": 2, "target": 10}
    options = (Option("players", "Players", 2, minimum=2, maximum=4),
               Option("target", "Points to win", 10, minimum=1, maximum=100))
    has_chance = True
    max_game_length = 10_000
    bench_perft = [("2 players", {}, "", 10), ("3 players", {"Players": "3"}, "", 8)]
    # the alpha-beta searches two players (3-4 are the MCTS's: bench_mcts)
    bench_search = [("2 players", {}, "", 8), ("2 players, to 5", {"Target": "5"}, "", 10)]
    bench_playouts = (2000, 2026)
    play_notation = "step  gamble  r0  r1  r3   an action (rN: the die's outcome)"

    @property
    def module(self) -> ModuleType:
        from yinsh.toys.dice import board
        return board

    @property
    def players(self) -> ModuleType:
        from yinsh.toys.dice import players
        return players

    @property
    def svg(self) -> ModuleType:
        from yinsh.toys.dice import svg
        return svg

    @property
    def diagram(self) -> ModuleType:
        from yinsh.toys.dice import diagram
        return diagram

    def random_playouts(self, games: int, seed: int) -> Any:
        from yinsh.toys.dice.playouts import random_playouts
        return random_playouts(games, seed=seed)

    def is_result(self, text: str) -> bool:
        return text == "*" or re.fullmatch(r"[RBGY]", text) is not None

    def winner(self, result: str) -> Optional[Any]:
        return self.module.Color.of(result) if result != "*" and self.is_result(result) else None

    def first_side(self, board: Any) -> Any:
        return board.players[0]

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        if board.is_chance() and not board.is_game_over():
            return "the die is thrown next: there is no choice to analyse; add the throw, e.g. --moves r1"
        if len(board.players) > 2 and algorithm != "mcts":
            return "the alpha-beta plays two players; use --algorithm mcts"
        return None

    def throw_action(self, board: Any, legal: Any, rng: random.Random) -> int:
        outcomes = board.chance_outcomes()
        return int(rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])

    def start_board(self, tags: dict[str, str]) -> Any:
        Board = self.board_class
        numbers = {}
        for tag, low, high in (("Players", 2, 4), ("Target", 1, 100)):
            if tag in tags:
                if not re.fullmatch(r"\d{1,3}", tags[tag]) or not low <= int(tags[tag]) <= high:
                    raise ValueError(f"bad {tag} tag {tags[tag][:20]!r}: {low}..{high}")
                numbers[tag.lower()] = int(tags[tag])
        if tags.get("Position"):
            board = Board(tags["Position"])
            if numbers.get("players", len(board.players)) != len(board.players):
                raise ValueError(f"the Players tag says {numbers['players']} but the Position "
                                 f"has {len(board.players)}")
            return board
        return Board(**numbers)

    def start_tags(self, start: Any) -> dict[str, str]:
        tags = {"Players": str(len(start.players))}
        if start.target != 10:
            tags["Target"] = str(start.target)
        if start != self.board_class(players=len(start.players), target=start.target):
            tags["Position"] = start.position()
        return tags
