"""The games of the library, each described in one place.

``GAMES`` maps a game's name (the record's ``Game`` tag, the command line's
``--game``) to its ``GameKind``: the board class, how a record's tags build
the start board and which tags a start board needs, how an action is read,
the results a record may give, the modules of its players and pictures.
``yinsh.record`` and the command line use these and nothing game-specific.

>>> GAMES["insert"].start_board({"Layout": "12"}).layout
12
>>> GAMES["ludo"].start_tags(GAMES["ludo"].board_class(players=2))
{'Players': '2', 'Variant': 'standard'}
>>> GAMES["ludo"].is_result("GB"), GAMES["insert"].is_result("GB")
(True, False)
>>> get("chess")
Traceback (most recent call last):
ValueError: unknown game 'chess' (known: yinsh, insert, ludo)
"""
from __future__ import annotations

import importlib
import random
import re
from types import ModuleType
from typing import Any, Callable, Optional

__all__ = ["GameKind", "GAMES", "get", "of_board", "wrong_board", "DEFAULT"]

#: The game of a record without a Game tag, and of the command line.
DEFAULT = "yinsh"


class GameKind:
    """What the library knows of one game (see the module). Subclasses fill
    in the start board and its tags; the rest is data."""

    name = ""
    #: the modules: the board class's, the players', the pictures', the diagrams'
    board_module = ""
    players_module = ""
    svg_module = ""
    diagram_module = ""
    #: the board class as ``import yinsh`` reaches it (its repr's prefix)
    board_name = ""
    #: the tags every written game has, in this order, with their unknown values
    roster: dict[str, str] = {}
    #: the results of two-sided games (Ludo overrides ``is_result``)
    results: tuple[str, ...] = ("1-0", "0-1", "1/2-1/2", "*")

    # Modules ----------------------------------------------------------------

    @property
    def module(self) -> ModuleType:
        """The module whose ``Board``, ``Move``, ``perft`` and ``divide`` the
        game has (``yinsh.yinsh._core`` style)."""
        return importlib.import_module(self.board_module)

    @property
    def board_class(self) -> Any:
        return self.module.Board

    @property
    def players(self) -> ModuleType:
        return importlib.import_module(self.players_module)

    @property
    def svg(self) -> ModuleType:
        return importlib.import_module(self.svg_module)

    @property
    def diagram(self) -> ModuleType:
        """The module whose ``draw(board, unicode=False)`` is ``str(board)``."""
        return importlib.import_module(self.diagram_module)

    def parse_move(self, text: str) -> Any:
        """The action of text (``InvalidMoveError`` if it is none)."""
        return self.module.Move.from_str(text)

    #: whether perft and divide can split the count over threads
    perft_threads = False

    def perft(self, board: Any, depth: int, threads: int = 1) -> int:
        """The leaves of the action tree of depth plies from board."""
        if threads == 1:
            return int(self.module.perft(board, depth))
        return int(self.module.perft(board, depth, threads=threads))

    def divide(self, board: Any, depth: int, threads: int = 1) -> dict[str, int]:
        """perft below each first action, by its text."""
        if threads == 1:
            return dict(self.module.divide(board, depth))
        return dict(self.module.divide(board, depth, threads=threads))

    # Records ----------------------------------------------------------------

    def is_result(self, text: str) -> bool:
        """Whether text is a result a record of this game may give."""
        return text in self.results

    def winner(self, result: str) -> Optional[Any]:
        """The winning colour a result names, else None."""
        color = self.module.Color
        return {"1-0": color(0), "0-1": color(1)}.get(result)

    def first_side(self, board: Any) -> Any:
        """The colour whose turns start a new turn number."""
        return self.module.Color(0)

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        """Why the engine cannot search board with algorithm, else None."""
        return None

    def algorithm(self, board: Any) -> str:
        """The engine's algorithm for board (``alphabeta`` or ``mcts``): that
        of ``Engine(algorithm="auto")``, the alpha-beta for two players."""
        from yinsh.engine.api import algorithm_for
        return algorithm_for(board)

    def start_board(self, tags: dict[str, str]) -> Any:
        """A new board at the start the tags give (``ValueError`` saying
        which tag is bad)."""
        raise NotImplementedError

    def start_tags(self, start: Any) -> dict[str, str]:
        """The tags that give start (a board) back through ``start_board``."""
        raise NotImplementedError

    # Matches and play (the command line) -------------------------------------

    #: the sides of a two-player game, in turn order (match's progress lines)
    sides: tuple[str, ...] = ("white", "black")
    #: the players by name: their classes in the players module (besides
    #: ``engine``, which two-player games take)
    player_classes: dict[str, str] = {"random": "RandomPlayer", "greedy": "GreedyPlayer"}
    #: whether a match rotates 2..4 seats (``yinsh.ludo.match``) instead of
    #: pairing two players with colours swapped (``yinsh.engine.match``)
    seated = False
    #: the variants a new game takes (empty: none)
    variants: tuple[str, ...] = ()
    #: match's openings by name (a function ``opening(board, rng)`` or None) and the default
    default_opening = "none"

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        return {"none": None}

    #: bench (``yinsh.bench_games``): perft and search positions as (name,
    #: start tags, actions, depth), and the random playouts' (games, seed)
    bench_perft: list[tuple[str, dict[str, str], str, int]] = []
    bench_search: list[tuple[str, dict[str, str], str, int]] = []
    bench_playouts = (2000, 2026)

    def random_playouts(self, games: int, seed: int) -> Any:
        """The seeded random playouts of bench (new games)."""
        return importlib.import_module(self.board_module + ".playouts").random_playouts(games, seed=seed)

    def bench(self, print_fn: Callable[[str], None]) -> None:
        """``yinsh bench --game``: the game's fixed benchmark."""
        from yinsh import bench_games
        bench_games.run(self, print_fn)

    # The terminal game (``yinsh play``) -------------------------------------

    #: the help's line of action examples
    play_notation = ""
    #: what a score of the engine is measured in ('' for no unit worth naming)
    score_unit = ""
    #: what follows a score in the engine's replies (e.g. "; 10000 = one ring")
    score_note = ""
    #: whether the diagram can be drawn turned round (``flip``)
    can_flip = False

    def scores_help(self) -> str:
        """play's opening line on the engine's scores."""
        unit = f": {self.score_unit}" if self.score_unit else ""
        return (f"Scores are the engine's estimate for the side named{unit}; 'wins in N' is "
                f"a forced win in N actions.")

    def draw(self, board: Any, unicode: bool = False, orientation: Any = None) -> str:
        """The diagram of board for play (without its last line), turned for
        orientation where the game can flip."""
        options = {"orientation": orientation} if self.can_flip and orientation is not None else {}
        lines = str(self.diagram.draw(board, unicode=unicode, **options)).splitlines()
        return "\n".join(lines[:-1])

    def status(self, board: Any) -> str:
        """One line for play: who acts and what, or the result with its reason."""
        outcome = board.outcome()
        if outcome is not None:
            how = outcome.termination.value
            if outcome.winner is None:
                return f"Game over: draw ({how}), {board.result()}"
            return f"Game over: {outcome.winner.label.capitalize()} wins ({how}), {board.result()}"
        return str(str(board).splitlines()[-1])

    def player_factory(self, name: str) -> Any:
        """The class of the player name (``ValueError`` for another name)."""
        if name not in self.player_classes:
            raise ValueError(f"unknown player {name!r}")
        return getattr(self.players, self.player_classes[name])

    def __repr__(self) -> str:
        return f"<game {self.name}>"


class YinshGame(GameKind):
    name = "yinsh"
    board_module = "yinsh"
    players_module = "yinsh.yinsh.players"
    svg_module = "yinsh.yinsh.svg"
    diagram_module = "yinsh.yinsh.diagram"
    board_name = "yinsh.Board"
    perft_threads = True
    variants = ("standard", "blitz")
    default_opening = "random-placements"
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
              "Result": "*", "Variant": "standard"}

    play_notation = "e5  e5-e9  xe5-e9  xa2  pass   an action (a whole turn works too: e5-e9 xe6-e10 xa2)"
    score_unit = "+10000 is one ring ahead, 0 even"
    score_note = "; 10000 = one ring"
    can_flip = True

    def draw(self, board: Any, unicode: bool = False, orientation: Any = None) -> str:
        from yinsh.yinsh import diagram
        return str(diagram.draw(board, unicode=unicode, orientation=orientation))

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
                    raise _TagError(f"the Variant tag says {variant!r} but the Position is "
                                    f"{board.variant}")
                return board
            return Board(variant=variant or "standard")
        except InvalidPositionError as exc:
            raise _TagError(f"bad Position tag: {exc}") from None
        except _TagError:
            raise
        except ValueError as exc:
            raise _TagError(f"bad Variant tag: {exc}") from None

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        from yinsh.yinsh.openings import OPENINGS
        return dict(OPENINGS)

    def bench(self, print_fn: Callable[[str], None]) -> None:
        from yinsh.yinsh import bench
        bench.run(print_fn)

    def start_tags(self, start: Any) -> dict[str, str]:
        tags = {}
        if start != self.board_class(variant=start.variant):
            tags["Position"] = start.position()
        tags["Variant"] = start.variant
        return tags


class InsertGame(GameKind):
    name = "insert"
    board_module = "yinsh.insert"
    players_module = "yinsh.insert.players"
    svg_module = "yinsh.insert.svg"
    diagram_module = "yinsh.insert.diagram"
    board_name = "yinsh.insert.Board"
    sides = ("white", "red")
    play_notation = "c3                             an action: the square of your ring"
    can_flip = True
    default_opening = "random-layouts"
    bench_perft = [("layout 0", {"Layout": "0"}, "", 6), ("layout 17", {"Layout": "17"}, "", 6),
                   ("layout 4000", {"Layout": "4000"}, "", 6)]
    bench_search = [("layout 0", {"Layout": "0"}, "", 7), ("layout 17", {"Layout": "17"}, "", 7),
                    ("layout 4000", {"Layout": "4000"}, "", 7)]

    def openings(self) -> dict[str, Optional[Callable[[Any, random.Random], None]]]:
        return {"random-layouts": random_layout, "none": None}
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Red": "?",
              "Result": "*", "Game": "insert"}

    def start_board(self, tags: dict[str, str]) -> Any:
        Board = self.board_class
        layout = tags.get("Layout")
        if layout is not None:
            if not re.fullmatch(r"\d{1,6}", layout):
                raise _TagError(f"bad Layout tag {layout[:20]!r}: a layout number, 0..6143")
            number = int(layout)
            if not 0 <= number < 6144:
                raise _TagError(f"bad Layout tag: {number} is not a layout number (0..6143)")
        if tags.get("Position"):
            try:
                board = Board(tags["Position"])
            except ValueError as exc:
                raise _TagError(f"bad Position tag: {exc}") from None
            if layout is not None and board.layout != int(layout):
                raise _TagError(f"the Layout tag says {layout} but the Position's marks are "
                                f"layout {board.layout}")
            return board
        return Board(layout=int(layout or 0))

    def start_tags(self, start: Any) -> dict[str, str]:
        if start.layout is not None and start == self.board_class(layout=start.layout):
            return {"Layout": str(start.layout)}
        return {"Position": start.position()}


class LudoGame(GameKind):
    name = "ludo"
    board_module = "yinsh.ludo"
    players_module = "yinsh.ludo.players"
    svg_module = "yinsh.ludo.svg"
    diagram_module = "yinsh.ludo.diagram"
    board_name = "yinsh.ludo.Board"
    sides = ("green", "yellow", "blue", "red")
    player_classes = {"random": "RandomPlayer", "heuristic": "HeuristicPlayer", "mcts": "MctsPlayer"}
    seated = True
    variants = ("standard", "places")
    bench_perft = [("4 players", {}, "", 8), ("2 players", {"Players": "2"}, "", 10),
                   ("places, 3 players", {"Players": "3", "Variant": "places"}, "", 8)]
    bench_search = [("2 players, after r6 r3", {"Players": "2"}, "r6 r3", 6),
                    ("2 players, after r6 r5", {"Players": "2"}, "r6 r5", 6)]
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "Result": "*", "Game": "ludo"}

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
                raise _TagError(f"bad Players tag {tags['Players'][:20]!r}: 2, 3 or 4")
            players = int(tags["Players"])
        variant = tags.get("Variant")
        try:
            if tags.get("Position"):
                return Board(tags["Position"], players=players, variant=variant)
            return Board(players=players, variant=variant)
        except ValueError as exc:
            which = "Position" if tags.get("Position") else "Variant"
            raise _TagError(f"bad {which} tag: {exc}") from None

    def start_tags(self, start: Any) -> dict[str, str]:
        tags = {"Players": str(len(start.players)), "Variant": start.variant}
        if start != self.board_class(players=len(start.players), variant=start.variant):
            tags["Position"] = start.position()
        return tags


def random_layout(board: Any, rng: random.Random) -> None:
    """Insert's match opening: a new game on the layout of
    ``insert.Board.random(seed)``, seed drawn from rng (so a match's seed
    fixes its layouts)."""
    board._set_layout(type(board).random(rng.randrange(2 ** 64)).layout)


class _TagError(ValueError):
    """A bad tag (``yinsh.record`` turns it into a ``RecordError``)."""


#: The games by name.
GAMES: dict[str, GameKind] = {g.name: g for g in (YinshGame(), InsertGame(), LudoGame())}


def get(name: str) -> GameKind:
    """The game of a name (``ValueError`` for an unknown one)."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})") from None


def of_board(board: object) -> GameKind:
    """The game of a board.

    >>> from yinsh import insert
    >>> of_board(insert.Board()).name
    'insert'
    """
    for game in GAMES.values():
        if isinstance(board, game.board_class):
            return game
    raise TypeError(f"not a board of a known game: {type(board).__name__}")


def wrong_board(board: object, name: str, function: str) -> TypeError:
    """The error of a game's picture function (``function``, its full name,
    in the game's svg module) given something that is not a board of that
    game (the game ``name``): for a board of another game it names the
    functions that draw it.

    >>> from yinsh import insert
    >>> print(wrong_board(insert.Board(), "yinsh", "yinsh.yinsh.svg.board"))
    yinsh.yinsh.svg.board: this is a yinsh.insert.Board; draw it with yinsh.insert.svg.board or yinsh.svg.board
    >>> print(wrong_board("e5", "yinsh", "yinsh.yinsh.svg.board"))
    yinsh.yinsh.svg.board: expected a yinsh.Board, not str
    """
    try:
        other = of_board(board)
    except TypeError:
        return TypeError(f"{function}: expected a {GAMES[name].board_name}, not {type(board).__name__}")
    what = function.rpartition(".")[2]
    return TypeError(f"{function}: this is a {other.board_name}; draw it with "
                     f"{other.svg_module}.{what} or yinsh.svg.{what}")
