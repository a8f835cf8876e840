"""The interface a game provides to the library: ``GameKind``.

A game's package describes itself once with a ``GameKind`` subclass (its
``game.py``: ``yinsh.yinsh.game.YinshGame``, ``yinsh.insert.game``,
``yinsh.ludo.game``, or an outside distribution's), and the registry
(``yinsh.games``) finds it by its entry point. The description is data
and a few methods: its modules (board, players, pictures, diagrams), its
record tags and results, its engine presets and openings, its bench
positions, its RL options, and the *parts* that a layer needs of this one
game (``parts``: the web page's, the learned evaluation's features, the
record dialects; ``yinsh.parts`` declares what each is). The library's
layers reach a game only through its description, so a game never imports
a layer and a layer never imports a game.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any, Callable, Mapping, Optional

from yinsh.options import Option

__all__ = ["GameKind", "TagError"]


class TagError(ValueError):
    """A bad tag of a game's start (``yinsh.record`` turns it into a
    ``RecordError``)."""


class GameKind:
    """What the library knows of one game (see the module). Subclasses fill
    in the start board and its tags; the rest is data."""

    name = ""
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
    #: records: whether an action's text may start with a digit (Ludo's ``14-19``)
    digit_actions = False
    #: the game's name for people (the web page's list)
    title = ""

    # Modules ----------------------------------------------------------------
    # A description imports its game's modules itself: it overrides
    # ``module``, ``players``, ``svg``, ``diagram`` and ``random_playouts``
    # (the library's games and the toy dice race do). A plugin may instead
    # name them in text, as class attributes ``board_module``,
    # ``players_module``, ``svg_module``, ``diagram_module`` (and
    # ``playouts_module``), imported on first use.

    def _named(self, attribute: str) -> ModuleType:
        """The module the class attribute ``attribute`` names in text."""
        name = getattr(type(self), attribute, None)
        if not isinstance(name, str) or not name:
            raise NotImplementedError(f"{type(self).__name__} gives no {attribute.replace('_', ' ')}: "
                                      f"override the property or name it in {attribute}")
        return importlib.import_module(name)

    @property
    def module(self) -> ModuleType:
        """The module whose ``Board``, ``Move``, ``perft`` and ``divide`` the
        game has (``yinsh.insert`` style)."""
        return self._named("board_module")

    @property
    def board_module(self) -> str:
        """The name of ``module``."""
        return self.module.__name__

    @property
    def board_class(self) -> Any:
        return self.module.Board

    @property
    def players(self) -> ModuleType:
        """The module of the players (``by_name``, ``player_classes``)."""
        return self._named("players_module")

    @property
    def players_module(self) -> str:
        return self.players.__name__

    @property
    def svg(self) -> ModuleType:
        """The module of the pictures (``board(board, **options)``)."""
        return self._named("svg_module")

    @property
    def svg_module(self) -> str:
        return self.svg.__name__

    @property
    def diagram(self) -> ModuleType:
        """The module whose ``draw(board, unicode=False)`` is ``str(board)``."""
        return self._named("diagram_module")

    @property
    def diagram_module(self) -> str:
        return self.diagram.__name__

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

    #: the compiled searches by evaluation, ``"classic"`` (the hand-written
    #: evaluation of the game's hooks) first: functions that import them
    #: (a game without them: its board class's ``search_module``)
    searches: Mapping[str, Callable[[], ModuleType]] = {}

    #: the evaluation of an ``Engine`` given none (``evaluation="auto"``):
    #: a game's learned one becomes its default once it measures stronger
    #: than the classic one (docs/nn.md, "The default")
    default_evaluation: str = "classic"

    @property
    def evaluations(self) -> tuple[str, ...]:
        """The names of the game's evaluations, ``"classic"`` first."""
        return tuple(self.searches) or ("classic",)

    def search(self, evaluation: str = "classic") -> ModuleType:
        """The compiled search module with the evaluation ``evaluation``
        (``Engine(evaluation=...)``; ``"auto"``: ``default_evaluation``);
        ``ValueError`` naming the game's evaluations for another."""
        if evaluation == "auto":
            evaluation = self.default_evaluation
        if evaluation not in self.evaluations:
            raise ValueError(f"{self.name} has no {evaluation!r} evaluation (it has: "
                             f"{', '.join(self.evaluations)})")
        if not self.searches:
            return importlib.import_module(self.board_class.search_module)
        return self.searches[evaluation]()

    def search_module(self, evaluation: str = "classic") -> str:
        """The name of ``search(evaluation)``'s module.

        >>> from yinsh.games import GAMES
        >>> GAMES["yinsh"].search_module("learned"), GAMES["insert"].search_module()
        ('yinsh.yinsh._search_learned', 'yinsh.insert._search')
        >>> GAMES["yinsh"].search_module("auto"), GAMES["insert"].search_module("auto")
        ('yinsh.yinsh._search_learned', 'yinsh.insert._search')
        >>> GAMES["ludo"].search_module("learned")
        Traceback (most recent call last):
        ValueError: ludo has no 'learned' evaluation (it has: classic)
        """
        return self.search(evaluation).__name__

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        """Why the engine cannot search board with algorithm, else None."""
        return None

    def algorithm(self, board: Any) -> str:
        """The engine's algorithm for board (``alphabeta`` or ``mcts``): that
        of ``Engine(algorithm="auto")``, the alpha-beta for two players."""
        players = getattr(board, "players", None)
        return "alphabeta" if not isinstance(players, (list, tuple)) or len(players) <= 2 else "mcts"

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
    #: the options a new game takes (``yinsh.options``): the web page's New
    #: game form is drawn from them and what a client sends checked against them
    options: tuple[Option, ...] = ()
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

    #: bench (``yinsh.engine.bench``): perft and search positions as (name,
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
        named = getattr(type(self), "playouts_module", None)
        module = importlib.import_module(named) if isinstance(named, str) else \
            importlib.import_module(self.board_module + ".playouts")
        return module.random_playouts(games, seed=seed)

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

    def wdl_progress(self, board: Any) -> float:
        """How far the game on board has come, 0 (the start) .. 1 (the
        end): what the win/draw/loss model's parameters depend on
        (``yinsh.engine.wdl``; the game's ``wdl.json`` beside its
        ``game.py`` holds them). 0 unless the game says otherwise."""
        return 0.0

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

    # Parts for the layers ---------------------------------------------------

    #: what a layer needs of this game beyond the board protocol, by name
    #: (``yinsh.parts`` lists the names and the interface each implements):
    #: a function of no argument that imports the part from the game's own
    #: package and returns it, called on the part's first use
    parts: Mapping[str, Callable[[], Any]] = {}

    def has_part(self, name: str) -> bool:
        """Whether the game provides the part ``name``."""
        return name in self.parts

    def part(self, name: str) -> Any:
        """The game's part ``name``, loaded on first use (``LookupError``
        naming the game's parts for a part it does not have)."""
        loaded = self.__dict__.setdefault("_parts", {})
        if name not in loaded:
            loader = self.parts.get(name)
            if loader is None:
                raise LookupError(f"the game {self.name!r} has no {name!r} part (its parts: "
                                  f"{', '.join(self.parts) or 'none'})")
            loaded[name] = loader()
        return loaded[name]

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

    @property
    def chance_actions(self) -> int:
        """A bound on the ids of the chance actions (OpenSpiel's
        ``max_chance_outcomes``): 0 without chance, else the size of the
        action space, or less where a game says so (Ludo: its six throws,
        ids 0..5)."""
        return self.num_actions if self.has_chance else 0

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



#: The games the registry made, by name and class: a pickled description
#: comes back as the registered one (``yinsh.games`` fills it).
_REGISTERED: dict[tuple[str, type], GameKind] = {}


def remember(game: GameKind) -> None:
    """Makes game the one that a pickle of its name and class comes back as."""
    _REGISTERED[game.name, type(game)] = game


def _game_of(name: str, cls: type) -> GameKind:
    found = _REGISTERED.get((name, cls))
    if found is not None:
        return found
    made: GameKind = cls()
    return made
