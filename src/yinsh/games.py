"""The registry of games: every layer finds a game here, by its name or by
one of its boards.

Each game is a plugin: its package describes it with a ``GameKind``, a
small spec (``yinsh.game_kind``; the game's own ``game.py``), and a distribution
declares it by an entry point of the group ``yinsh.games``, named after
the game. The library's three games are declared in its own
``pyproject.toml`` exactly as another distribution declares one::

    [project.entry-points."yinsh.games"]
    yinsh = "yinsh.yinsh.game:YinshGame"

The group is read on the first look-up (not on ``import yinsh``), and a
game's package is imported when that game is first asked for, so a
program that plays Yinsh never loads Ludo. A plugin that does not import
gives a ``GameLoadError`` naming its entry point, and so does a game
whose spec, package or modules do not fit the protocol (naming every
problem: ``yinsh.game_check``); the other games still work. ``register(MyGame())`` (or ``"package.module:MyGame"`` with
``name=``) adds a game in the running process (docs/architecture.md,
"Adding a game").

``GAMES`` maps a game's name (the record's ``Game`` tag, the command
line's ``--game``) to its ``GameKind``: the default game first, then the
library's other games, then the plugins.

>>> list(GAMES)[0] == DEFAULT
True
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

import re
import threading
from typing import Any, Callable, Generic, Iterator, Mapping, Optional, TypeVar, Union

from yinsh import game_check
from yinsh.game_check import GameLoadError
from yinsh.game_kind import GameKind, remember
from yinsh.plugins import entry_points, load

__all__ = ["GAMES", "ENTRY_POINT_GROUP", "GameView", "register", "unregister", "get", "of_board",
           "of_board_class", "DEFAULT"]

#: The game of a record without a Game tag, and of the command line.
DEFAULT = "yinsh"
#: The entry point group of the games (the library's own and other distributions').
ENTRY_POINT_GROUP = "yinsh.games"



def plugin_entry_points(path: Optional[list[str]] = None) -> list[tuple[str, str]]:
    """The entry points of the group ``yinsh.games`` on path (default
    ``sys.path``) as ``(name, "module:attribute")`` (``yinsh.plugins``)."""
    return entry_points(ENTRY_POINT_GROUP, path)

GameSpec = Union[GameKind, type, str]


class Registry(Mapping[str, GameKind]):
    """The registered games by name (``GAMES``): a read-only mapping, in
    registration order. A game registered as a ``"module:Class"`` string
    (or by an entry point) is imported on its first look-up."""

    def __init__(self) -> None:
        self._specs: dict[str, GameSpec] = {}
        self._games: dict[str, GameKind] = {}
        self._plugins_read = False
        self._entry_points: set[str] = set()
        self._lock = threading.RLock()

    def register(self, game: GameSpec, *, name: Optional[str] = None, replace: bool = False) -> Any:
        with self._lock:
            self._read_plugins()
            if isinstance(game, str):
                if ":" not in game:
                    raise ValueError(f"a game given by name is 'module:Class', not {game!r}")
                if not name:
                    raise TypeError("register('module:Class') needs name= (the game's name)")
            else:
                game = _instance(game)
                game_check.raise_problems(game, game_check.problems(game))
                if name is not None and name != game.name:
                    raise ValueError(f"name={name!r} but the game is named {game.name!r}")
                name = game.name
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
                raise ValueError(f"a game's name is lower-case letters, digits and '_', not {name!r}")
            if name in self._specs and not replace:
                raise ValueError(f"a game named {name!r} is registered already (replace=True "
                                 f"replaces it)")
            self._specs[name] = game
            self._entry_points.discard(name)
            self._games.pop(name, None)
            if isinstance(game, GameKind):
                self._games[name] = game
                remember(game)
            return game

    def unregister(self, name: str) -> None:
        with self._lock:
            self._read_plugins()
            if name not in self._specs:
                raise KeyError(f"no game named {name!r} is registered")
            del self._specs[name]
            self._entry_points.discard(name)
            self._games.pop(name, None)

    def _read_plugins(self) -> None:
        """Registers the games of the entry point group (once; a name taken
        already keeps its game)."""
        if self._plugins_read:
            return
        self._plugins_read = True
        found = entry_points(ENTRY_POINT_GROUP)
        found.sort(key=lambda item: item[0] != DEFAULT)        # the default game first
        for name, value in found:
            if name not in self._specs:
                self._specs[name] = value
                self._entry_points.add(name)

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
                where = (f" (the entry point {name} of the group {ENTRY_POINT_GROUP})"
                         if name in self._entry_points else "")
                raise GameLoadError(f"the game {name!r} ({spec}) cannot be loaded{where}: {exc}") from exc
            if game.name != name:
                raise ValueError(f"the game registered as {name!r} ({spec}) is named {game.name!r}")
            if not isinstance(spec, GameKind):
                game_check.raise_problems(game, game_check.problems(game))
            self._games[name] = game
            remember(game)
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


def _instance(game: Any) -> GameKind:
    if isinstance(game, type) and issubclass(game, GameKind):
        game = game()
    if not isinstance(game, GameKind):
        raise TypeError(f"a game is a yinsh.game_kind.GameKind (or its class), not {type(game).__name__}")
    if not game.name:
        raise ValueError(f"{type(game).__name__} has no name")
    return game


#: The games by name (Yinsh, Insert, Ludo, then the registered ones).
GAMES = Registry()


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

