"""The games of the library: one registry that every layer reads.

A game is described once, by a ``GameKind`` (a subclass filling in its
data and the few methods that differ), and registered once: the command
line (``--game``), records (the ``Game`` tag), the web page, the RL
environments, distributed jobs and the benchmarks all look the game up
here and contain nothing game-specific. Adding a game is its own package
plus one registration (docs/architecture.md, "Adding a game"):

- ``register(MyGame())`` (or the class, or ``"package.module:MyGame"``
  with ``name=``: imported on first use) in the running process;
- or, for every process (``yinsh`` commands, worker processes), an entry
  point in the group ``yinsh.games`` of the plugin's distribution, named
  after the game: ``[project.entry-points."yinsh.games"]`` ``dice =
  "yinsh.toys.dice.game:DiceGame"``. The group is read on the first look-up
  (not on ``import yinsh``), and a game's modules load on its first use.

``GAMES`` maps a game's name (the record's ``Game`` tag, the command line's
``--game``) to its ``GameKind``, in registration order: Yinsh, Insert and
Ludo first, then the plugins.

>>> GAMES["insert"].start_board({"Layout": "12"}).layout
12
>>> GAMES["ludo"].start_tags(GAMES["ludo"].board_class(players=2))
{'Players': '2', 'Variant': 'standard'}
>>> GAMES["ludo"].is_result("GB"), GAMES["insert"].is_result("GB")
(True, False)
>>> get("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: unknown game 'chess' (known: yinsh, insert, ludo...)
>>> from yinsh.toys.dice.game import DiceGame
>>> register(DiceGame())
<game dice>
>>> get("dice").start_board({"Players": "3"}).position()
'0/0/0 0 - 10'
>>> unregister("dice")
"""
from __future__ import annotations

import importlib
import random
import re
import threading
from types import ModuleType
from typing import Any, Callable, Generic, Iterator, Mapping, Optional, TypeVar, Union

__all__ = ["GameKind", "GAMES", "ENTRY_POINT_GROUP", "GameLoadError", "GameView", "register", "unregister", "get",
           "of_board", "of_board_class", "wrong_board", "DEFAULT"]

#: The game of a record without a Game tag, and of the command line.
DEFAULT = "yinsh"
#: The entry point group of games of other distributions (plugins).
ENTRY_POINT_GROUP = "yinsh.games"


def load(spec: str) -> Any:
    """The object a ``"module:attribute"`` string names (imported now)."""
    module, _, attribute = spec.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found


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
    #: the results in words, for a record's error messages ('' : "one of" the results)
    results_text = ""
    #: the record tags a start position takes (the command line's --position,
    #: --layout, --players, --variant stand for Position, Layout, Players, Variant)
    start_tag_names: tuple[str, ...] = ("Position",)
    #: records: a side's consecutive actions are one token (Yinsh's GIPF
    #: turns: ``e5-e9;xe6-e10xa2``), else a token per action
    grouped_turns = False
    #: records: whether an action's text may start with a digit (Ludo's ``14-19``)
    digit_actions = False
    #: the game's name for people (the web page's list)
    title = ""
    #: the module of the seeded ``random_playouts(games, seed=...)`` (bench)
    playouts_module = ""
    #: the compiled search modules of the game's evaluations besides
    #: ``"classic"`` (the board class's ``search_module``), by name:
    #: ``Engine(evaluation=...)`` (``search_module``)
    evaluations: dict[str, str] = {}

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

    @property
    def label(self) -> str:
        """The title, or the name capitalised."""
        return self.title or self.name.capitalize()

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

    def describe_results(self) -> str:
        """The results a record may give, in words (error messages)."""
        return self.results_text or "one of " + ", ".join(self.results)

    def winner(self, result: str) -> Optional[Any]:
        """The winning colour a result names, else None."""
        color = self.module.Color
        return {"1-0": color(0), "0-1": color(1)}.get(result)

    def first_side(self, board: Any) -> Any:
        """The colour whose turns start a new turn number."""
        return self.module.Color(0)

    def search_module(self, evaluation: str = "classic") -> str:
        """The name of the compiled search module with the evaluation
        ``evaluation``: ``"classic"`` (the hand-written one of the game's
        hooks) or one of ``evaluations``; ``ValueError`` naming the game's
        evaluations for another.

        >>> GAMES["yinsh"].search_module("learned"), GAMES["insert"].search_module()
        ('yinsh.yinsh._search_learned', 'yinsh.insert._search')
        >>> GAMES["insert"].search_module("learned")
        'yinsh.insert._search_learned'
        >>> GAMES["ludo"].search_module("learned")
        Traceback (most recent call last):
        ValueError: ludo has no 'learned' evaluation (it has: classic)
        """
        if evaluation == "classic":
            return str(self.board_class.search_module)
        found = self.evaluations.get(evaluation)
        if found is None:
            known = ", ".join(["classic", *self.evaluations])
            raise ValueError(f"{self.name} has no {evaluation!r} evaluation (it has: {known})")
        return found

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

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """Named sets of engine tunables of this game (``engine:preset=NAME``
        in matches; ``yinsh.engine.presets`` holds Yinsh's)."""
        return {}

    def preset(self, name: str) -> dict[str, Any]:
        """The tunables of a preset (a copy); ``ValueError`` for an unknown name."""
        if name not in self.presets:
            raise ValueError(f"unknown preset {name!r} (known: {', '.join(sorted(self.presets)) or 'none'})")
        return dict(self.presets[name])

    def match_detail(self, final: Any) -> str:
        """What a match's progress line says of a finished game's final
        board besides the result ('' for nothing)."""
        return ""

    #: bench (``yinsh.bench_games``): perft and search positions as (name,
    #: start tags, actions, depth), and the random playouts' (games, seed)
    bench_perft: list[tuple[str, dict[str, str], str, int]] = []
    bench_search: list[tuple[str, dict[str, str], str, int]] = []
    bench_playouts = (2000, 2026)
    #: bench: the threads of its second, multi-threaded search (0: none),
    #: and MCTS playouts a search position with their seed (None: none)
    bench_threads = 0
    bench_mcts: Optional[tuple[int, int]] = None

    def playouts_detail(self, stats: Any) -> str:
        """A line of bench on the random playouts' statistics ('' for none)."""
        return ""

    def random_playouts(self, games: int, seed: int) -> Any:
        """The seeded random playouts of bench (new games)."""
        module = self.playouts_module or self.board_module + ".playouts"
        return importlib.import_module(module).random_playouts(games, seed=seed)

    def bench(self, print_fn: Callable[[str], None]) -> None:
        """``yinsh bench --game``: the game's fixed benchmark (``yinsh.bench_games``)."""
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
    #: play's help on what the diagram marks ('' for nothing)
    play_marks = ""

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

    # The web page (``yinsh.web.games``) -------------------------------------

    #: the page's description of the game: a ``yinsh.web.games.WebGame``
    #: subclass as ``"module:Class"`` (the generic one serves any board)
    web_class = "yinsh.web.games:WebGame"

    @property
    def web(self) -> Any:
        """The game's ``WebGame`` (made once)."""
        made = self.__dict__.get("_web")
        if made is None:
            made = self.__dict__["_web"] = load(self.web_class)(self)
        return made

    # Reinforcement learning (``yinsh.envs``) ---------------------------------

    #: the shape of ``board.planes()``
    plane_shape: tuple[int, ...] = ()
    #: the environments' options with their defaults (keywords of ``new_board``)
    env_options: dict[str, Any] = {}
    #: whether a chance player (dice) acts between the players
    has_chance = False
    #: a bound on the number of actions of a game (chance actions included)
    max_game_length = 10_000

    @property
    def num_actions(self) -> int:
        """The size of the action space (``NUM_ACTIONS`` of the board's module)."""
        return int(self.module.NUM_ACTIONS)

    def new_board(self, options: Mapping[str, Any]) -> Any:
        """A new board with the environments' options (every one given)."""
        return self.board_class(**options)

    def seats(self, board: Any) -> tuple[Any, ...]:
        """The colours in play, in turn order (the protocol's ``players``)."""
        return tuple(board.players)

    def returns(self, board: Any) -> list[float]:
        """Each seat's return: the outcome's, or 0 for every seat in play."""
        outcome = board.outcome()
        if outcome is None:
            return [0.0] * len(board.players)
        return [float(r) for r in outcome.returns]

    def action_text(self, board: Any, action: int) -> str:
        """The notation of an action id in board (``action N`` for an id
        that names no action there)."""
        try:
            to_move = getattr(board, "action_to_move", None) or self.module.action_to_move
            return str(to_move(action))
        except ValueError:
            return f"action {action}"

    #: the options the web page always records from the new board (Insert:
    #: the layout drawn for "random")
    resolved_options: tuple[str, ...] = ()

    def options_of(self, board: Any) -> dict[str, Any]:
        """The options (``env_options``) that make board's start: its
        attributes of those names, ``players`` as their number."""
        return {name: len(board.players) if name == "players" else getattr(board, name)
                for name in self.env_options}

    def player_count(self, players: Optional[int] = None) -> int:
        """The players of a new game with ``players`` given (or not): two
        unless the game takes a ``players`` option."""
        return int(players or self.env_options.get("players", 2))

    def random_start(self, options: Mapping[str, Any], rng: random.Random) -> Any:
        """A start board for self-play with these options (Insert: a
        random layout drawn from rng)."""
        return self.new_board({**self.env_options, **options})

    def is_chance(self, board: Any) -> bool:
        """Whether the dice act next (games with ``has_chance``)."""
        return bool(self.has_chance and not board.is_game_over() and board.is_chance())

    def throw(self, board: Any, rng: Any) -> Any:
        """Plays the dice's outcome drawn with rng (``board.throw(rng)``)."""
        return board.throw(rng)

    def throw_action(self, board: Any, legal: Any, rng: random.Random) -> int:
        """The action id of a throw drawn with rng among the legal ones (self-play;
        not played): uniform (Ludo's die), or by ``board.chance_outcomes()``'s
        probabilities in games that override this."""
        return int(legal[rng.randrange(len(legal))])

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and class: unpickled as the registered game of
        that name if it is of that class, else a new instance."""
        return _game_of, (self.name, type(self))


def _game_of(name: str, cls: type) -> GameKind:
    found = GAMES.loaded()
    for game in found:
        if game.name == name and type(game) is cls:
            return game
    made: GameKind = cls()
    return made


class YinshGame(GameKind):
    name = "yinsh"
    board_module = "yinsh"
    players_module = "yinsh.yinsh.players"
    svg_module = "yinsh.yinsh.svg"
    diagram_module = "yinsh.yinsh.diagram"
    board_name = "yinsh.Board"
    title = "Yinsh"
    evaluations = {"learned": "yinsh.yinsh._search_learned"}
    web_class = "yinsh.web.games:YinshWeb"
    start_tag_names = ("Position", "Variant")
    grouped_turns = True
    perft_threads = True
    plane_shape = (17, 11, 11)
    env_options = {"variant": "standard"}
    # every ring move lays a marker from the pool of 51, and each of the at
    # most 2 * 3 - 1 = 5 ring removals (each after a row) puts 5 back, so at
    # most 76 ring moves; a pass is followed by a ring move or ends the game,
    # so at most 78 passes; with the 10 placements and the 10 removals, 174
    max_game_length = 174
    variants = ("standard", "blitz")
    default_opening = "random-placements"
    roster = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
              "Result": "*", "Variant": "standard"}

    play_notation = "e5  e5-e9  xe5-e9  xa2  pass   an action (a whole turn works too: e5-e9 xe6-e10 xa2)"
    score_unit = "+10000 is one ring ahead, 0 even"
    score_note = "; 10000 = one ring"
    can_flip = True
    play_marks = """ The diagram marks the last action with [ ] and the markers it flipped
with ( )."""

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

    playouts_module = "yinsh.yinsh.playouts"

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


class InsertGame(GameKind):
    name = "insert"
    board_module = "yinsh.insert"
    players_module = "yinsh.insert.players"
    svg_module = "yinsh.insert.svg"
    diagram_module = "yinsh.insert.diagram"
    board_name = "yinsh.insert.Board"
    title = "Insert"
    evaluations = {"learned": "yinsh.insert._search_learned"}
    web_class = "yinsh.web.games:InsertWeb"
    start_tag_names = ("Position", "Layout")
    sides = ("white", "red")
    plane_shape = (10, 6, 6)
    env_options = {"layout": 0}
    resolved_options = ("layout",)

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
    title = "Ludo"
    web_class = "yinsh.web.games:LudoWeb"
    start_tag_names = ("Position", "Players", "Variant")
    results_text = "a finishing order of the colours (e.g. G or GBYR) or *"
    digit_actions = True
    sides = ("green", "yellow", "blue", "red")
    plane_shape = (17, 58)
    env_options = {"players": 4, "variant": "standard"}
    has_chance = True
    # no bound in principle (captures send pieces back): one no game comes
    # near (random games take about 700)
    max_game_length = 100_000
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


GameSpec = Union[GameKind, type, str]


class GameLoadError(ValueError):
    """A registered game whose description cannot be imported (a plugin's
    module missing or broken): the message names the game and why."""


class Registry(Mapping[str, GameKind]):
    """The registered games by name (``GAMES``): a read-only mapping, in
    registration order. A game registered as a ``"module:Class"`` string
    (or by an entry point) is imported on its first look-up."""

    def __init__(self) -> None:
        self._specs: dict[str, GameSpec] = {}
        self._games: dict[str, GameKind] = {}
        self._plugins_read = False
        self._lock = threading.RLock()

    def register(self, game: GameSpec, *, name: Optional[str] = None, replace: bool = False) -> Any:
        with self._lock:
            if isinstance(game, str):
                if ":" not in game:
                    raise ValueError(f"a game given by name is 'module:Class', not {game!r}")
                if not name:
                    raise TypeError("register('module:Class') needs name= (the game's name)")
            else:
                game = _instance(game)
                if name is not None and name != game.name:
                    raise ValueError(f"name={name!r} but the game is named {game.name!r}")
                name = game.name
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
                raise ValueError(f"a game's name is lower-case letters, digits and '_', not {name!r}")
            if name in self._specs and not replace:
                raise ValueError(f"a game named {name!r} is registered already (replace=True "
                                 f"replaces it)")
            self._specs[name] = game
            self._games.pop(name, None)
            if isinstance(game, GameKind):
                self._games[name] = game
            return game

    def unregister(self, name: str) -> None:
        with self._lock:
            self._read_plugins()
            if name not in self._specs:
                raise KeyError(f"no game named {name!r} is registered")
            del self._specs[name]
            self._games.pop(name, None)

    def _read_plugins(self) -> None:
        """Registers the games of the entry point group (once; a name taken
        already keeps its game)."""
        if self._plugins_read:
            return
        self._plugins_read = True
        for name, value in plugin_entry_points():
            if name not in self._specs:
                self._specs[name] = value

    def __getitem__(self, name: str) -> GameKind:
        with self._lock:
            found = self._games.get(name)
            if found is not None:
                return found
            self._read_plugins()
            spec = self._specs[name]
            try:
                game = _instance(load(spec) if isinstance(spec, str) else spec)
            except (ImportError, AttributeError) as exc:     # a plugin that does not load
                raise GameLoadError(f"the game {name!r} ({spec}) cannot be loaded: {exc}") from exc
            if game.name != name:
                raise ValueError(f"the game registered as {name!r} ({spec}) is named {game.name!r}")
            self._games[name] = game
            return game

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            self._read_plugins()
            return iter(list(self._specs))

    def __len__(self) -> int:
        with self._lock:
            self._read_plugins()
            return len(self._specs)

    def __contains__(self, name: object) -> bool:
        with self._lock:
            self._read_plugins()
            return name in self._specs

    def loaded(self) -> list[GameKind]:
        """The games whose descriptions are imported already."""
        return list(self._games.values())

    def loadable(self) -> list[str]:
        """The names of the games whose descriptions import (a plugin that
        does not is left out: the layers' lists of games skip it)."""
        out = []
        for name in self:
            try:
                self[name]
            except GameLoadError:
                continue
            out.append(name)
        return out

    def __repr__(self) -> str:
        return f"<games {', '.join(self)}>"


def plugin_entry_points(path: Optional[list[str]] = None) -> list[tuple[str, str]]:
    """The entry points of the group ``yinsh.games`` of the distributions
    on path (default ``sys.path``) as ``(name, "module:attribute")``, the
    first of a name winning: what ``importlib.metadata.entry_points(group=
    ...)`` gives, read from the ``*.dist-info`` / ``*.egg-info`` folders'
    ``entry_points.txt`` directly (importing ``importlib.metadata`` would
    cost every ``yinsh`` command tens of milliseconds)."""
    import os
    import sys
    found: dict[str, str] = {}
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:                          # a zip file, a missing folder
            continue
        for folder in names:
            if not folder.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry or ".", folder, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            section = None
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section == ENTRY_POINT_GROUP and "=" in line and not line.startswith(("#", ";")):
                    name, _, value = line.partition("=")
                    found.setdefault(name.strip(), value.split("[")[0].strip())
    return list(found.items())


def _instance(game: Any) -> GameKind:
    if isinstance(game, type) and issubclass(game, GameKind):
        game = game()
    if not isinstance(game, GameKind):
        raise TypeError(f"a game is a yinsh.games.GameKind (or its class), not {type(game).__name__}")
    if not game.name:
        raise ValueError(f"{type(game).__name__} has no name")
    return game


#: The games by name (Yinsh, Insert, Ludo, then the registered ones).
GAMES = Registry()
for _game in (YinshGame(), InsertGame(), LudoGame()):
    GAMES.register(_game)


V = TypeVar("V")


class GameView(Mapping[str, V], Generic[V]):
    """A layer's view of the registry: ``view[name]`` is ``make(kind)`` of
    the registered game of that name, made once per registration (a game
    registered again is made again); iteration, ``len`` and ``in`` cover
    the games that load (``Registry.loadable``). The web page's
    ``WEB_GAMES`` and the environments' ``GAMES`` are such views.

    >>> titles = GameView(lambda kind: kind.name.title())
    >>> titles["ludo"], "chess" in titles
    ('Ludo', False)
    """

    def __init__(self, make: Callable[[GameKind], V]) -> None:
        self._make = make
        self._made: dict[str, tuple[GameKind, V]] = {}

    def __getitem__(self, name: str) -> V:
        kind = GAMES[name]
        made = self._made.get(name)
        if made is None or made[0] is not kind:
            made = self._made[name] = (kind, self._make(kind))
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES.loadable())

    def __len__(self) -> int:
        return len(GAMES.loadable())

    def __contains__(self, name: object) -> bool:
        return name in GAMES.loadable()


def register(game: GameSpec, *, name: Optional[str] = None, replace: bool = False) -> Any:
    """Registers a game for every layer of the library: ``game`` is a
    ``GameKind`` (or its class), or ``"module:Class"`` with its ``name=``
    (imported on its first look-up). Returns what it registered. Raises
    ``ValueError`` for a name taken (unless ``replace``) or badly formed,
    ``TypeError`` for something that is no game.

    Other processes (a ``yinsh`` command, worker processes) learn of a game
    through an entry point of the group ``yinsh.games`` (the module).
    """
    return GAMES.register(game, name=name, replace=replace)


def unregister(name: str) -> None:
    """Removes a game (``KeyError`` for a name not registered)."""
    GAMES.unregister(name)


def get(name: str) -> GameKind:
    """The game of a name (``ValueError`` for an unknown one, ``GameLoadError``
    for one that cannot be imported)."""
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
    return of_board_class(type(board))


def of_board_class(cls: type) -> GameKind:
    """The game of a board class (its subclasses too).

    >>> from yinsh import insert
    >>> of_board_class(insert.Board).name
    'insert'
    """
    loaded = GAMES.loaded()
    for game in loaded:                          # the games imported already first
        if issubclass(cls, game.board_class):
            return game
    for name in GAMES:                           # then the others, imported now
        try:
            game = GAMES[name]
        except GameLoadError:                    # a broken plugin: not this board's game
            continue
        if game not in loaded and issubclass(cls, game.board_class):
            return game
    raise TypeError(f"not a board of a known game: {cls.__name__}")


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
