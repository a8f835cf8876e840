"""Insert's description for the game registry (``yinsh.games``), declared
by the entry point ``insert = "yinsh.insert.game:InsertGame"``.

>>> game = InsertGame()
>>> game.start_board({"Layout": "12"}).layout
12
>>> game.is_result("GB"), game.start_tags(game.start_board({}))
(False, {'Layout': '0'})
"""
from __future__ import annotations

import random
import re
from types import ModuleType
from typing import Any, Callable, Mapping, Optional

from yinsh.game_kind import GameKind, TagError
from yinsh.options import Option

__all__ = ["InsertGame", "random_layout"]


def _search(evaluation: str) -> ModuleType:
    """The compiled search with the classic or the learned evaluation."""
    if evaluation == "learned":
        from yinsh.insert import _search_learned
        return _search_learned
    from yinsh.insert import _search
    return _search


def _web() -> Any:
    """The web page's view of Insert (``yinsh.parts.web``)."""
    from yinsh.insert.web import InsertWeb
    return InsertWeb


def _features() -> Any:
    """The learned evaluation's input features (``yinsh.parts.features``)."""
    from yinsh.insert import features
    return features


class InsertGame(GameKind):
    """Insert as the registry knows it (see the module)."""

    name = "insert"
    searches = {"classic": lambda: _search("classic"), "learned": lambda: _search("learned")}
    parts = {"web": _web, "features": _features}
    board_name = "yinsh.insert.Board"
    title = "Insert"
    start_tag_names = ("Position", "Layout")
    sides = ("white", "red")
    plane_shape = (10, 6, 6)
    env_options = {"layout": 0}
    resolved_options = ("layout",)
    options = (Option("layout", "Layout", "random", choices=("random",), minimum=0, maximum=6143),)


    @property
    def module(self) -> ModuleType:
        from yinsh import insert as module
        return module

    @property
    def players(self) -> ModuleType:
        from yinsh.insert import players
        return players

    @property
    def svg(self) -> ModuleType:
        from yinsh.insert import svg
        return svg

    @property
    def diagram(self) -> ModuleType:
        from yinsh.insert import diagram
        return diagram

    def random_playouts(self, games: int, seed: int) -> Any:
        from yinsh.insert.playouts import random_playouts
        return random_playouts(games, seed=seed)

    def options_of(self, board: Any) -> dict[str, Any]:
        return {"layout": int(board.layout)}
    max_game_length = 30            # one ring a turn; the game ends when the 30th is down
    play_notation = "c3                             an action: the square of your ring"
    can_flip = True
    default_opening = "random-layouts"
    bench_perft = [("layout 0", {"Layout": "0"}, "", 6), ("layout 17", {"Layout": "17"}, "", 6),
                   ("layout 4000", {"Layout": "4000"}, "", 6)]
    bench_search = [("layout 0", {"Layout": "0"}, "", 7), ("layout 17", {"Layout": "17"}, "", 7),
                    ("layout 4000", {"Layout": "4000"}, "", 7)]

    def wdl_progress(self, board: Any) -> float:
        """The rings placed, of the 30 (15 a side).

        >>> from yinsh import insert
        >>> InsertGame().wdl_progress(insert.Board())
        0.0
        """
        supply = sum(board.rings_in_supply(color) for color in board.players)
        return float(1.0 - supply / 30)

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        return {"random-layouts": random_layout, "none": None}

    def random_start(self, options: Mapping[str, Any], rng: random.Random) -> Any:
        return self.board_class.random(rng.randrange(2 ** 64))
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Red": "?",
              "Result": "*", "Game": "insert"}

    def start_board(self, tags: dict[str, str]) -> Any:
        Board = self.board_class
        layout = tags.get("Layout")
        if layout is not None:
            if not re.fullmatch(r"\d{1,6}", layout):
                raise TagError(f"bad Layout tag {layout[:20]!r}: a layout number, 0..6143")
            number = int(layout)
            if not 0 <= number < 6144:
                raise TagError(f"bad Layout tag: {number} is not a layout number (0..6143)")
        if tags.get("Position"):
            try:
                board = Board(tags["Position"])
            except ValueError as exc:
                raise TagError(f"bad Position tag: {exc}") from None
            if layout is not None and board.layout != int(layout):
                raise TagError(f"the Layout tag says {layout} but the Position's marks are "
                                f"layout {board.layout}")
            return board
        return Board(layout=int(layout or 0))

    def start_tags(self, start: Any) -> dict[str, str]:
        if start.layout is not None and start == self.board_class(layout=start.layout):
            return {"Layout": str(start.layout)}
        return {"Position": start.position()}


def random_layout(board: Any, rng: random.Random) -> None:
    """Insert's match opening: a new game on the layout of
    ``insert.Board.random(seed)``, seed drawn from rng (so a match's seed
    fixes its layouts)."""
    board._set_layout(type(board).random(rng.randrange(2 ** 64)).layout)
