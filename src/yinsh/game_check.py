"""The checks of a game against the protocol, run when the game is loaded.

The registry (``yinsh.games``) checks a game's spec and its package when it
loads the game, and each sibling module (``players``, ``svg``, ``diagram``,
``playouts``) when a layer first imports it; every missing or malformed
member is named in one ``GameLoadError``:

- the spec (``GameKind``): its name, title, plane shape, bounds, searches,
  evaluations, options and parts (``SPEC``);
- the game's package: ``EXPORTS`` (``Board``, ``Move``, ``Color``, ...),
  ``Move.from_str``, ``Color.of``, ``action_to_move(id)`` (the package's,
  or the board's where an id's action depends on the position), and the
  board's members
  (``BOARD_MEMBERS``: those of ``yinsh.protocol.Board``, ``ply``, and
  ``throw`` for a game with chance);
- each sibling module's exports (``MODULE_EXPORTS``) and the signatures of
  the picture and diagram functions (``svg.board(board, **options)`` or
  the options ``PICTURE_OPTIONS`` by name; ``diagram.draw(board,
  unicode=False, ...)``).

``yinsh.testing.check_game`` runs these and then every command once.

>>> from yinsh.games import GAMES
>>> problems(GAMES["insert"])
[]
"""
from __future__ import annotations

import inspect
import re
from types import ModuleType
from typing import Any, Callable, Mapping

from yinsh.options import Option, Options

GameKind = Any          # yinsh.game_kind.GameKind (which imports this module)


class GameLoadError(ValueError):
    """A registered game that cannot be loaded: its module missing or
    broken, or its spec, package or modules not fitting the protocol (the
    message names the game and every problem)."""

__all__ = ["GameLoadError", "EXPORTS", "BOARD_MEMBERS", "MODULE_EXPORTS", "PICTURE_OPTIONS", "problems",
           "module_problems", "raise_problems"]

#: What the game's package exports.
EXPORTS = ("Board", "Move", "Color", "perft", "divide", "NUM_ACTIONS")
#: The members every Board class has: the board protocol's and ``ply``.
BOARD_MEMBERS = ("legal_moves", "push", "push_str", "parse_move", "pop", "peek", "copy", "move_stack",
                 "turn", "players", "phase", "ply", "zobrist_hash", "is_chance", "chance_outcomes",
                 "is_game_over", "result", "outcome", "position", "unicode", "_repr_svg_",
                 "legal_actions", "legal_action_mask", "push_action", "planes")
#: What each sibling module exports.
MODULE_EXPORTS = {"players": ("by_name",), "svg": ("board",), "diagram": ("draw",),
                  "playouts": ("random_playouts",)}
#: The options every picture function takes by name (or through ``**options``).
PICTURE_OPTIONS = ("size", "coordinates", "last_move", "highlight", "targets")


def raise_problems(game: Any, found: list[str]) -> None:
    """A ``GameLoadError`` naming every problem of found (none: nothing)."""
    if found:
        where = f"{type(game).__module__}:{type(game).__name__}"
        raise GameLoadError(f"the game {getattr(game, 'name', '?')!r} ({where}) does not fit the "
                            f"protocol: " + "; ".join(found))


def problems(game: GameKind) -> list[str]:
    """Every way the spec and the game's package fall short of the protocol."""
    found = _spec_problems(game)
    if "." not in type(game).__module__:
        return found + [f"its spec {type(game).__name__} is in {type(game).__module__}, not in the "
                        f"game.py of a game's package"]
    try:
        package = _package(game)
    except ImportError as exc:
        return found + [f"its package does not import: {exc}"]
    return found + module_problems(game, "", package)


def _package(game: GameKind) -> ModuleType:
    import importlib
    return importlib.import_module(type(game).__module__.rpartition(".")[0])


def _spec_problems(game: GameKind) -> list[str]:
    found: list[str] = []
    if not isinstance(game.name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", game.name):
        found.append(f"name: lower-case letters, digits and '_', not {game.name!r}")
    if not isinstance(game.title, str) or not game.title:
        found.append("title: a non-empty str")
    if not isinstance(game.plane_shape, tuple) or not all(
            isinstance(n, int) and n > 0 for n in game.plane_shape):
        found.append(f"plane_shape: a tuple of positive ints, not {game.plane_shape!r}")
    if not isinstance(game.has_chance, bool):
        found.append("has_chance: a bool")
    if not isinstance(game.max_game_length, int) or game.max_game_length < 1:
        found.append("max_game_length: a positive int")
    if not _callables(game.searches):
        found.append("searches: a mapping of evaluation names to functions that import the search")
    elif game.searches and next(iter(game.searches)) != "classic":
        found.append("searches: 'classic' first")
    if game.default_evaluation not in game.evaluations:
        found.append(f"default_evaluation: one of {', '.join(game.evaluations)}, not "
                     f"{game.default_evaluation!r}")
    if not isinstance(game.options, Options) or not all(isinstance(o, Option) for o in game.options):
        found.append("options: a tuple of yinsh.options.Option")
    if not _callables(game.parts):
        found.append("parts: a mapping of part names to functions that import the part")
    return found


def _exports(module: ModuleType, name: str) -> bool:
    """Whether module has name: defined, or declared in its ``__all__`` (a
    name the module makes on first use, through its ``__getattr__``, is
    not made here: Yinsh's action ids load numpy, which a Python without
    numpy, such as the page with no server's, does not have)."""
    return name in vars(module) or name in getattr(module, "__all__", ()) or hasattr(module, name)


def _callables(mapping: object) -> bool:
    return isinstance(mapping, Mapping) and all(
        isinstance(k, str) and callable(v) for k, v in mapping.items())


def module_problems(game: GameKind, name: str, module: ModuleType) -> list[str]:
    """Every way the game's module ``name`` ('' : the package) falls short."""
    where = module.__name__
    if name == "":
        found = [f"{where} exports no {export}" for export in EXPORTS if not _exports(module, export)]
        if found:
            return found
        move, color, board = module.Move, module.Color, module.Board
        if not callable(getattr(move, "from_str", None)):
            found.append(f"{where}.Move has no from_str(text)")
        if not callable(getattr(color, "of", None)):
            found.append(f"{where}.Color has no of(value) (a colour of a name, letter or number)")
        members = BOARD_MEMBERS + (("throw",) if game.has_chance else ())
        missing = [member for member in members if not hasattr(board, member)]
        if missing:
            found.append(f"{where}.Board has no {', '.join(missing)}")
        if not _exports(module, "action_to_move") and not hasattr(board, "action_to_move"):
            found.append(f"neither {where} nor its Board has action_to_move(id) (the action of an id)")
        return found
    found = [f"{where} exports no {export}" for export in MODULE_EXPORTS.get(name, ())
             if not _exports(module, export)]
    if found:
        return found
    if name == "svg":
        found += _signature(module.board, f"{where}.board", PICTURE_OPTIONS)
    elif name == "diagram":
        found += _signature(module.draw, f"{where}.draw", ("unicode",))
    return found


def _signature(function: Callable[..., Any], where: str, options: tuple[str, ...]) -> list[str]:
    """Why function is not ``function(board, <options by name>)``."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []                                  # a compiled function: nothing to read
    if not parameters or parameters[0].kind not in (parameters[0].POSITIONAL_ONLY,
                                                     parameters[0].POSITIONAL_OR_KEYWORD):
        return [f"{where} takes no board first"]
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return []
    named = {p.name for p in parameters[1:] if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}
    missing = [option for option in options if option not in named]
    if missing:
        return [f"{where} takes no {', '.join(missing)} (its signature {inspect.signature(function)}: "
                f"take the options by name or **options)"]
    return []
