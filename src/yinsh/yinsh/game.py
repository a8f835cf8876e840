"""Yinsh's spec for the game registry (``yinsh.games``): what every layer
needs of Yinsh beyond its board, and its parts for the layers that need
more. The library declares it by the entry point
``yinsh = "yinsh.yinsh.game:YinshGame"`` of the group ``yinsh.games``, as
any distribution declares a game.

>>> game = YinshGame()
>>> game.start_tags(game.start_board({"Variant": "blitz"}))
{'Variant': 'blitz'}
>>> game.part("records").is_result("1-0"), game.part("records").winner("0-1")
(True, <Color.BLACK: 1>)
>>> game.search("learned").__name__
'yinsh.yinsh._search_learned'
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, Callable, Optional

from yinsh.game_kind import GameKind
from yinsh.options import Option, Options
from yinsh.parts.bench import Bench
from yinsh.parts.match import Match
from yinsh.parts.terminal import Terminal

__all__ = ["YinshGame"]


def _search() -> ModuleType:
    from yinsh.yinsh import _search
    return _search


def _search_learned() -> ModuleType:
    from yinsh.yinsh import _search_learned
    return _search_learned


def _web() -> Any:
    """The web page's view of Yinsh (``yinsh.parts.web``)."""
    from yinsh.yinsh.web import YinshWeb
    return YinshWeb


def _features() -> Any:
    """The learned evaluation's input features (``yinsh.parts.features``)."""
    from yinsh.yinsh import features
    return features


def _records() -> Any:
    """Records: the grouped turns and the Boardspace dialect (``yinsh.parts.records``)."""
    from yinsh.yinsh.records import YinshRecords
    return YinshRecords


class YinshTerminal(Terminal):
    """``yinsh play``'s text of Yinsh."""

    play_notation = "e5  e5-e9  xe5-e9  xa2  pass   an action (a whole turn works too: e5-e9 xe6-e10 xa2)"
    score_unit = "+10000 is one ring ahead, 0 even"
    score_note = "; 10000 = one ring"
    can_flip = True
    play_marks = """ The diagram marks the last action with [ ] and the markers it flipped
with ( )."""

    def draw(self, board: Any, unicode: bool = False, orientation: Any = None) -> str:
        """The whole diagram (its last line is no status), for orientation
        (None: White's)."""
        from yinsh.yinsh import diagram
        options = {} if orientation is None else {"orientation": orientation}
        return str(diagram.draw(board, unicode=unicode, **options))

    def status(self, board: Any) -> str:
        from yinsh.yinsh.enums import Color
        if board.outcome() is not None:
            return super().status(board)
        removed = f"rings removed {board.rings_removed(Color.WHITE)}:{board.rings_removed(Color.BLACK)}"
        return (f"{board.turn.label.capitalize()} to {board.phase.prompt}; {removed}; "
                f"{board.markers_in_pool()} markers in the pool")


class YinshBench(Bench):
    """bench: the positions and settings of ``yinsh.yinsh.bench``."""

    @property
    def threads(self) -> int:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.SEARCH_THREADS

    @property
    def playouts(self) -> tuple[int, int]:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.PLAYOUT_GAMES, bench.PLAYOUT_SEED

    @property
    def mcts(self) -> Optional[tuple[int, int]]:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.MCTS_PLAYOUTS, bench.MCTS_SEED

    @property
    def perft(self) -> list[tuple[str, dict[str, str], str, int]]:  # type: ignore[override]
        from yinsh.yinsh.bench import POSITIONS
        return [(p.name, {"Variant": p.variant}, p.moves, p.depth) for p in POSITIONS]

    @property
    def search(self) -> list[tuple[str, dict[str, str], str, int]]:  # type: ignore[override]
        from yinsh.yinsh.bench import SEARCH_DEPTH, SEARCH_POSITIONS
        return [(f"midgame {i}", {"Position": p}, "", SEARCH_DEPTH)
                for i, p in enumerate(SEARCH_POSITIONS, 1)]

    def playouts_detail(self, stats: Any) -> str:
        return (f"Random playouts : {stats.games} games, {stats.plies.sum()} plies "
                f"(white {stats.white_wins}, black {stats.black_wins}, draws {stats.draws})")


class YinshMatch(Match):
    """Yinsh's openings, presets and progress lines."""

    default_opening = "random-placements"

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        from yinsh.yinsh.openings import OPENINGS
        return dict(OPENINGS)

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        from yinsh.engine.presets import PRESETS
        return dict(PRESETS)

    def match_detail(self, final: Any) -> str:
        from yinsh.yinsh.enums import Color
        return f"rings {final.rings_removed(Color.WHITE)}:{final.rings_removed(Color.BLACK)}"


class YinshGame(GameKind):
    """Yinsh as the registry knows it (see the module)."""

    name = "yinsh"
    searches = {"classic": _search, "learned": _search_learned}
    default_evaluation = "learned"          # +158 Elo at 0.1 s over the classic one (docs/nn.md)
    plane_shape = (17, 11, 11)
    # every ring move lays a marker from the pool of 51, and each of the at
    # most 2 * 3 - 1 = 5 ring removals (each after a row) puts 5 back, so at
    # most 76 ring moves; a pass is followed by a ring move or ends the game,
    # so at most 78 passes; with the 10 placements and the 10 removals, 174
    max_game_length = 174
    options = Options((Option("variant", "Variant", "standard", choices=("standard", "blitz"),
                              texts=("standard (3 rings)", "blitz (1 ring)")),))
    parts = {"web": _web, "features": _features, "records": _records,
             "terminal": lambda: YinshTerminal, "bench": lambda: YinshBench,
             "match": lambda: YinshMatch}

    def wdl_progress(self, board: Any) -> float:
        """The markers used: 1 - markers in the pool / 51 (the game ends
        when the pool is empty).

        >>> import yinsh
        >>> YinshGame().wdl_progress(yinsh.Board())
        0.0
        """
        return float(1.0 - board.markers_in_pool() / 51)
