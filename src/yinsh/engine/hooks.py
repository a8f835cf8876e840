"""How the engine layer finds what belongs to a game, without importing one.

The engine layer (sessions, matches) works with any game's board through its
generic API (``copy()``, ``legal_moves``, ``push``, ``pop``, ``push_str``,
``turn``, ``is_game_over()``, ``result()``, ``outcome()``, ``move_stack``,
``position()``). Two things it needs come from the game itself:

- ``game_module(board, "record")``: the game's record module (``read``,
  ``write``, ``Game.from_board``), found as the module of that name in the
  package of the board's class or the packages above it: ``yinsh.Board``
  lives in ``yinsh.yinsh.board``, so a ``yinsh.yinsh.record`` would come
  first, then ``yinsh.record``, the records of every game of the library. A
  subclass defined elsewhere finds its base's.
- ``side_names(board)``: the words for the sides, the board's own side type
  (``type(board.turn)``, an enum) printed and capitalised: ``White``,
  ``Black``. Records name their player tags after them.

>>> import yinsh
>>> game_module(yinsh.Board(), "record") is yinsh.record
True
>>> side_names(yinsh.Board())
['White', 'Black']
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["game_module", "side_names"]


def game_module(board: object, name: str) -> ModuleType:
    """The module ``name`` of the game package of board's class or of a
    package above it, nearest first (then the same for its base classes).
    Raises ``LookupError`` when there is none."""
    tried: list[str] = []
    for cls in type(board).__mro__:
        package = cls.__module__.rpartition(".")[0]
        while package:
            if package not in tried:
                tried.append(package)
                try:
                    return importlib.import_module(f"{package}.{name}")
                except ModuleNotFoundError as exc:
                    if exc.name != f"{package}.{name}":       # the module exists but is broken
                        raise
            package = package.rpartition(".")[0]
    raise LookupError(f"no {name!r} module found for {type(board).__name__} "
                      f"(looked in {', '.join(tried) or 'no package'})")


def side_names(board: Any) -> list[str]:
    """The sides of board's game as words, in the order of their numbers
    (``board.turn`` is one of them)."""
    return [str(side).capitalize() for side in type(board.turn)]
