"""The description a game registers: ``GameKind``, a small frozen spec.

A game's package describes itself once with a ``GameKind`` subclass in its
``game.py`` (``yinsh.yinsh.game.YinshGame``, ``yinsh.insert.game``,
``yinsh.ludo.game``, or an outside distribution's), and the registry
(``yinsh.games``) finds it by its entry point. Like OpenSpiel's
``GameType``/``GameInfo`` or Gymnasium's ``EnvSpec``, the spec says only
what every layer needs:

- who it is: ``name``, ``title``;
- its modules: the game's package is the package of its ``game.py``
  (``module``: ``Board``, ``Move``, ``Color``, ``perft``, ``divide``,
  ``NUM_ACTIONS``), with the sibling modules
  ``players``, ``svg``, ``diagram`` (and ``playouts`` for the bench),
  imported on first use; ``board_class`` is ``module.Board``;
- its players and actions: ``sides`` (the names of ``module.Color``),
  ``num_actions``, ``plane_shape``, ``has_chance``, ``max_game_length``;
- its searches: ``searches`` (the compiled search of each evaluation),
  ``default_evaluation``, ``evaluations``, ``search(evaluation)``,
  ``algorithm(board)`` and ``search_problem(board, algorithm)`` (the one
  place of the rule "the alpha-beta plays two players"),
  ``wdl_progress(board)``;
- its options: one list of ``Option`` (``options``, a
  ``yinsh.options.Options``), from which everything else follows: the
  environments' defaults (``options.defaults``), the record tags and their
  checks (``start_board``, ``start_tags``), the variants
  (``options.choices("variant")``), a new board (``new_board``);
- its *parts*: what one layer needs of this one game (``parts``,
  ``part(name)``, ``has_part(name)``). Each layer's part has the layer's
  defaults (``yinsh.parts``: ``records``, ``terminal``, ``bench``,
  ``match``, ``rl``), so a game that says nothing of a layer still works
  there; the web page's and the learned evaluation's parts are ``web`` and
  ``features``.

Instances are frozen (an attribute cannot be set), and the registry checks
each game when it loads it (``yinsh.game_check``).
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any, Callable, ClassVar, Mapping, Optional

from yinsh import game_check
from yinsh.options import Options

__all__ = ["GameKind", "TagError", "board_name"]


class TagError(ValueError):
    """A bad tag of a game's start (``yinsh.record`` turns it into a
    ``RecordError``)."""




class GameKind:
    """What every layer knows of one game (see the module): a subclass
    sets the class attributes and overrides a method only where the
    defaults, written against the board protocol, do not fit."""

    #: the game's name: the record's ``Game`` tag, ``--game``, the entry point's name
    name: ClassVar[str] = ""
    #: the game's name for people (default: the name capitalised)
    title: ClassVar[str] = ""
    #: the shape of ``board.planes()``
    plane_shape: ClassVar[tuple[int, ...]] = ()
    #: whether a chance player (dice) acts between the players
    has_chance: ClassVar[bool] = False
    #: a bound on the number of actions of a game (chance actions included)
    max_game_length: ClassVar[int] = 10_000
    #: the compiled searches by evaluation, ``"classic"`` (the hand-written
    #: evaluation of the game's hooks) first: functions that import them
    searches: ClassVar[Mapping[str, Callable[[], ModuleType]]] = {}
    #: the evaluation of an ``Engine`` given none (``evaluation="auto"``)
    default_evaluation: ClassVar[str] = "classic"
    #: the options a new game takes: everything about them follows from this list
    options: ClassVar[Options] = Options()
    #: what a layer needs of this game beyond the spec, by name (``yinsh.parts``):
    #: a function of no argument that imports the part, called on its first use
    parts: ClassVar[Mapping[str, Callable[[], Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("options", Options()), Options):
            cls.options = Options(cls.__dict__["options"])
        if not cls.title and cls.name:
            cls.title = cls.name.capitalize()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a game's spec is frozen: cannot set {name!r}")

    # Modules: the game's package and its siblings -----------------------------

    def _sibling(self, name: str) -> ModuleType:
        """The module ``name`` of the game's package ('' : the package),
        imported and checked on first use (``GameLoadError`` naming what it
        lacks)."""
        loaded: dict[str, ModuleType] = self.__dict__.setdefault("_modules", {})
        if name not in loaded:
            package = type(self).__module__.rpartition(".")[0]
            module = importlib.import_module(f"{package}.{name}" if name else package)
            game_check.raise_problems(self, game_check.module_problems(self, name, module))
            loaded[name] = module
        return loaded[name]

    @property
    def module(self) -> ModuleType:
        """The game's package: its ``Board``, ``Move``, ``Color``, ``perft``,
        ``divide`` and ``NUM_ACTIONS`` (``yinsh.game_check.EXPORTS``)."""
        return self._sibling("")

    @property
    def board_class(self) -> Any:
        """The game's ``Board``."""
        return self.module.Board

    @property
    def players(self) -> ModuleType:
        """The players' module (``by_name(name, seed)``, ``RandomPlayer``, ...)."""
        return self._sibling("players")

    @property
    def svg(self) -> ModuleType:
        """The pictures' module (``board(board, **options)``)."""
        return self._sibling("svg")

    @property
    def diagram(self) -> ModuleType:
        """The diagrams' module (``draw(board, unicode=False, **options)``)."""
        return self._sibling("diagram")

    # Players and actions ------------------------------------------------------

    @property
    def sides(self) -> tuple[str, ...]:
        """The names of every side of the game, by side number (``module.Color``)."""
        return tuple(str(side) for side in self.module.Color)

    @property
    def num_actions(self) -> int:
        """The size of the action space (``NUM_ACTIONS``)."""
        return int(self.module.NUM_ACTIONS)

    # Searches -----------------------------------------------------------------

    @property
    def evaluations(self) -> tuple[str, ...]:
        """The names of the game's evaluations, ``"classic"`` first."""
        return tuple(self.searches) or ("classic",)

    def search(self, evaluation: str = "classic") -> ModuleType:
        """The compiled search module with the evaluation ``evaluation``
        (``"auto"``: ``default_evaluation``); ``ValueError`` naming the
        game's evaluations for another.

        >>> from yinsh.games import GAMES
        >>> GAMES["yinsh"].search("auto").__name__, GAMES["insert"].search().__name__
        ('yinsh.yinsh._search_learned', 'yinsh.insert._search')
        >>> GAMES["ludo"].search("learned")
        Traceback (most recent call last):
        ValueError: ludo has no 'learned' evaluation (it has: classic)
        """
        if evaluation == "auto":
            evaluation = self.default_evaluation
        if evaluation not in self.evaluations:
            raise ValueError(f"{self.name} has no {evaluation!r} evaluation (it has: "
                             f"{', '.join(self.evaluations)})")
        if not self.searches:
            return self._sibling("_search")
        return self.searches[evaluation]()

    def algorithm(self, board: Any) -> str:
        """The engine's algorithm for board with ``algorithm="auto"``: the
        alpha-beta (``"alphabeta"``) for two players, the MCTS (``"mcts"``)
        for more."""
        players = getattr(board, "players", None)
        return "alphabeta" if not isinstance(players, (list, tuple)) or len(players) <= 2 else "mcts"

    def search_problem(self, board: Any, algorithm: str) -> Optional[str]:
        """Why the engine cannot search board with algorithm, else None: the
        alpha-beta needs two players; a game may add its own reasons."""
        if algorithm == "alphabeta" and self.algorithm(board) != "alphabeta":
            return (f"the alpha-beta plays two-player games; for {len(board.players)} players "
                    f"use --algorithm mcts (or auto, the default)")
        return None

    def wdl_progress(self, board: Any) -> float:
        """How far the game on board has come, 0 (the start) .. 1 (the
        end): what the win/draw/loss model's parameters depend on
        (``yinsh.engine.wdl``; the game's ``wdl.json`` beside its
        ``game.py`` holds them). 0 unless the game says otherwise."""
        return 0.0

    # Options and starts -------------------------------------------------------

    def new_board(self, options: Mapping[str, Any]) -> Any:
        """A new board with these options (keywords of the board; every
        option not given takes its default, ``options.defaults``)."""
        return self.board_class(**{**self.options.defaults, **options})

    def start_board(self, tags: Mapping[str, str]) -> Any:
        """A new board at the start the record tags give (``Position`` and
        one tag per option, its name capitalised: ``Variant``, ``Players``);
        ``TagError`` saying which tag is bad."""
        values: dict[str, Any] = {}
        for option in self.options:
            if option.tag in tags:
                try:
                    values[option.name] = option.check_tag(self.title, tags[option.tag])
                except ValueError as exc:
                    raise TagError(f"bad {option.tag} tag: {exc}") from None
        if tags.get("Position"):
            try:
                board = self.board_class(tags["Position"])
            except ValueError as exc:
                raise TagError(f"bad Position tag: {exc}") from None
            found = self.options.of(board)
            for option in self.options:
                if option.name in values and found.get(option.name) != values[option.name]:
                    raise TagError(f"the {option.tag} tag says {values[option.name]} but the "
                                   f"Position's is {found.get(option.name)}")
            return board
        try:
            return self.new_board(values)
        except ValueError as exc:
            raise TagError(f"bad tags: {exc}") from None

    def start_tags(self, start: Any) -> dict[str, str]:
        """The tags that give start (a board) back through ``start_board``:
        every option's, and ``Position`` where start is not a new board."""
        values = {name: value for name, value in self.options.of(start).items() if value is not None}
        tags = {option.tag: str(values[option.name]) for option in self.options if option.name in values}
        if len(values) < len(self.options) or start != self.new_board(values):
            tags["Position"] = start.position()
        return tags

    # Parts --------------------------------------------------------------------

    def has_part(self, name: str) -> bool:
        """Whether the game gives the part ``name`` itself (the layers'
        parts have defaults: ``part`` serves them all the same)."""
        return name in self.parts

    def part(self, name: str) -> Any:
        """The game's part ``name``, loaded on first use: the game's own, or
        the layer's default for it (``yinsh.parts.DEFAULTS``); a part that
        is a class of ``yinsh.parts.Part`` is made for this game.
        ``LookupError`` naming the game's parts for a part it does not have."""
        loaded: dict[str, Any] = self.__dict__.setdefault("_parts", {})
        if name not in loaded:
            # the parts' interfaces read the registry, which imports this
            # module: they are imported by name, so that no circle runs
            parts = importlib.import_module("yinsh.parts")
            loader = self.parts.get(name)
            made = loader() if loader is not None else parts.default(name)
            if made is None:
                raise LookupError(f"the game {self.name!r} has no {name!r} part (its parts: "
                                  f"{', '.join(self.parts) or 'none'})")
            if isinstance(made, type) and issubclass(made, parts.Part):
                made = made(self)
            loaded[name] = made
        return loaded[name]

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and class: unpickled as the registered game of
        that name if it is of that class, else a new instance."""
        return _game_of, (self.name, type(self))


def board_name(game: GameKind) -> str:
    """The game's board class as ``import yinsh`` reaches it (its repr's
    prefix): ``yinsh.Board`` for the game whose API is its top-level
    package's, else ``<package>.Board``."""
    package = type(game).__module__.rpartition(".")[0]
    top = sys.modules.get(package.partition(".")[0])
    if top is not None and getattr(top, "Board", None) is game.board_class:
        return f"{top.__name__}.Board"
    return f"{package}.Board"


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

