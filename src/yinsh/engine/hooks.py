"""How the engine layer finds what belongs to a game, without importing one.

The engine layer (sessions, matches) works with any game's board through its
generic API (``copy()``, ``legal_moves``, ``push``, ``pop``, ``push_str``,
``turn``, ``is_game_over()``, ``result()``, ``outcome()``, ``move_stack``,
``position()``). Two things it needs beyond that:

- ``game_module(board, "record")``: the record module that serves board's
  game: ``yinsh.record``, the format of every game, which asks the game's
  description (``yinsh.games``) for what is the game's own (its dialects and
  grouped turns: the part ``"records"``).
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

from types import ModuleType
from typing import Any

__all__ = ["game_module", "side_names"]


def game_module(board: object, name: str) -> ModuleType:
    """The library's module ``name`` that serves board's game (``"record"``:
    ``yinsh.record``, for a board of any game). Raises ``LookupError`` for a
    name that no module serves."""
    from yinsh import record
    served = {"record": record}
    if name not in served:
        raise LookupError(f"no {name!r} module serves {type(board).__name__} (the modules: "
                          f"{', '.join(served)})")
    return served[name]


def side_names(board: Any) -> list[str]:
    """The sides of board's game as words, in the order of their numbers
    (``board.turn`` is one of them)."""
    return [str(side).capitalize() for side in type(board.turn)]
