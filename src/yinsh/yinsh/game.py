"""Yinsh's description for the game registry (``yinsh.games``): what the
command line, records, the web page, the RL environments, matches and the
bench need of Yinsh beyond its board. The library declares it by the entry
point ``yinsh = "yinsh.yinsh.game:YinshGame"`` of the group ``yinsh.games``,
as any distribution declares a game.

>>> game = YinshGame()
>>> game.start_tags(game.start_board({"Variant": "blitz"}))
{'Variant': 'blitz'}
>>> game.is_result("1-0"), game.winner("0-1")
(True, <Color.BLACK: 1>)
>>> game.search_module("learned")
'yinsh.yinsh._search_learned'
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, Callable, Optional

from yinsh.game_kind import GameKind, TagError
from yinsh.options import Option

__all__ = ["YinshGame"]


def _search(evaluation: str) -> ModuleType:
    """The compiled search with the classic or the learned evaluation."""
    if evaluation == "learned":
        from yinsh.yinsh import _search_learned
        return _search_learned
    from yinsh.yinsh import _search
    return _search


def _web() -> Any:
    """The web page's view of Yinsh (``yinsh.parts.web``)."""
    from yinsh.yinsh.web import YinshWeb
    return YinshWeb


def _features() -> Any:
    """The learned evaluation's input features (``yinsh.parts.features``)."""
    from yinsh.yinsh import features
    return features


def _records() -> Any:
    """Records: the Boardspace dialect and the grouped turns (``yinsh.parts.records``)."""
    from yinsh.yinsh import records
    return records


class YinshGame(GameKind):
    """Yinsh as the registry knows it (see the module)."""

    name = "yinsh"
    searches = {"classic": lambda: _search("classic"), "learned": lambda: _search("learned")}
    default_evaluation = "learned"          # +158 Elo at 0.1 s over the classic one (docs/nn.md)
    parts = {"web": _web, "features": _features, "records": _records}
    board_name = "yinsh.Board"
    title = "Yinsh"
    start_tag_names = ("Position", "Variant")
    perft_threads = True
    plane_shape = (17, 11, 11)
    env_options = {"variant": "standard"}
    # every ring move lays a marker from the pool of 51, and each of the at
    # most 2 * 3 - 1 = 5 ring removals (each after a row) puts 5 back, so at
    # most 76 ring moves; a pass is followed by a ring move or ends the game,
    # so at most 78 passes; with the 10 placements and the 10 removals, 174
    max_game_length = 174
    variants = ("standard", "blitz")
    options = (Option("variant", "Variant", "standard", choices=variants,
                      texts=("standard (3 rings)", "blitz (1 ring)")),)
    default_opening = "random-placements"
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
              "Result": "*", "Variant": "standard"}

    play_notation = "e5  e5-e9  xe5-e9  xa2  pass   an action (a whole turn works too: e5-e9 xe6-e10 xa2)"
    score_unit = "+10000 is one ring ahead, 0 even"
    score_note = "; 10000 = one ring"
    can_flip = True
    play_marks = """ The diagram marks the last action with [ ] and the markers it flipped
with ( )."""


    @property
    def module(self) -> ModuleType:
        from yinsh import yinsh as module
        return module

    @property
    def players(self) -> ModuleType:
        from yinsh.yinsh import players
        return players

    @property
    def svg(self) -> ModuleType:
        from yinsh.yinsh import svg
        return svg

    @property
    def diagram(self) -> ModuleType:
        from yinsh.yinsh import diagram
        return diagram

    def random_playouts(self, games: int, seed: int) -> Any:
        from yinsh.yinsh.playouts import random_playouts
        return random_playouts(games, seed=seed)

    def draw(self, board: Any, unicode: bool = False, orientation: Any = None) -> str:
        from yinsh.yinsh import diagram
        return str(diagram.draw(board, unicode=unicode, orientation=orientation))

    def wdl_progress(self, board: Any) -> float:
        """The markers used: 1 - markers in the pool / 51 (the game ends
        when the pool is empty).

        >>> import yinsh
        >>> YinshGame().wdl_progress(yinsh.Board())
        0.0
        """
        return float(1.0 - board.markers_in_pool() / 51)

    def status(self, board: Any) -> str:
        from yinsh.yinsh.enums import Color, Phase
        outcome = board.outcome()
        if outcome is not None:
            return super().status(board)
        phase = {Phase.PLACE: "place a ring", Phase.MOVE: "move a ring",
                 Phase.REMOVE_ROW: "remove a row",
                 Phase.REMOVE_RING: "remove one of its rings"}[board.phase]
        removed = f"rings removed {board.rings_removed(Color.WHITE)}:{board.rings_removed(Color.BLACK)}"
        return (f"{board.turn.label.capitalize()} to {phase}; {removed}; "
                f"{board.markers_in_pool()} markers in the pool")

    def start_board(self, tags: dict[str, str]) -> Any:
        from yinsh.yinsh.board import Board
        from yinsh.errors import InvalidPositionError
        variant = tags.get("Variant")
        try:
            if tags.get("Position"):
                board = Board(tags["Position"])
                if variant is not None and variant != board.variant:
                    raise TagError(f"the Variant tag says {variant!r} but the Position is "
                                    f"{board.variant}")
                return board
            return Board(variant=variant or "standard")
        except InvalidPositionError as exc:
            raise TagError(f"bad Position tag: {exc}") from None
        except TagError:
            raise
        except ValueError as exc:
            raise TagError(f"bad Variant tag: {exc}") from None

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        from yinsh.yinsh.openings import OPENINGS
        return dict(OPENINGS)


    # bench: the positions and settings of yinsh.yinsh.bench
    @property
    def bench_playouts(self) -> tuple[int, int]:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.PLAYOUT_GAMES, bench.PLAYOUT_SEED

    @property
    def bench_threads(self) -> int:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.SEARCH_THREADS

    @property
    def bench_mcts(self) -> Optional[tuple[int, int]]:  # type: ignore[override]
        from yinsh.yinsh import bench
        return bench.MCTS_PLAYOUTS, bench.MCTS_SEED

    @property
    def bench_perft(self) -> list[tuple[str, dict[str, str], str, int]]:  # type: ignore[override]
        from yinsh.yinsh.bench import POSITIONS
        return [(p.name, {"Variant": p.variant}, p.moves, p.depth) for p in POSITIONS]

    @property
    def bench_search(self) -> list[tuple[str, dict[str, str], str, int]]:  # type: ignore[override]
        from yinsh.yinsh.bench import SEARCH_DEPTH, SEARCH_POSITIONS
        return [(f"midgame {i}", {"Position": p}, "", SEARCH_DEPTH)
                for i, p in enumerate(SEARCH_POSITIONS, 1)]

    def playouts_detail(self, stats: Any) -> str:
        return (f"Random playouts : {stats.games} games, {stats.plies.sum()} plies "
                f"(white {stats.white_wins}, black {stats.black_wins}, draws {stats.draws})")

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        from yinsh.engine.presets import PRESETS
        return dict(PRESETS)

    def match_detail(self, final: Any) -> str:
        from yinsh.yinsh.enums import Color
        return f"rings {final.rings_removed(Color.WHITE)}:{final.rings_removed(Color.BLACK)}"

    def start_tags(self, start: Any) -> dict[str, str]:
        tags = {}
        if start != self.board_class(variant=start.variant):
            tags["Position"] = start.position()
        tags["Variant"] = start.variant
        return tags
