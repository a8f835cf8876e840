"""The parts of a game that one layer needs: the interfaces the base declares.

A game's spec (``GameKind.parts``) maps a part's name to a function that
imports the part from the game's own package; a layer asks the registry's
game for it (``kind.part("terminal")``) and never imports the game. Each
part implements the interface of its module here, so a game imports only
the base and the engine, never the layer that uses the part. A part that is
a class of ``Part`` is made for its game (``Part(kind)``); the layers' parts
have defaults written against the board protocol, so a game that says
nothing of a layer still works there:

- ``"records"``: the record tags, results and turn notation
  (``yinsh.parts.records.Records``; Yinsh's groups a side's turn and reads
  Boardspace records);
- ``"terminal"``: ``yinsh play``'s text (``yinsh.parts.terminal.Terminal``);
- ``"bench"``: ``yinsh bench``'s positions (``yinsh.parts.bench.Bench``);
- ``"match"``: the players, openings and presets of matches
  (``yinsh.parts.match.Match``);
- ``"rl"``: what the RL environments and self-play need beyond the spec
  (``yinsh.parts.rl.Rl``);
- ``"web"``: the web page's view (``yinsh.parts.web``; the page serves a
  game without one with its generic view);
- ``"features"``: the learned evaluation's input features
  (``yinsh.parts.features``; no default: no learned evaluation without them).

>>> from yinsh import games
>>> games.get("ludo").part("terminal").play_notation == ""
True
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["Part", "DEFAULTS", "default"]


class Part:
    """A part made for one game (``game``, its ``GameKind``)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game.name}>"


def _records() -> type:
    from yinsh.parts.records import Records
    return Records


def _terminal() -> type:
    from yinsh.parts.terminal import Terminal
    return Terminal


def _bench() -> type:
    from yinsh.parts.bench import Bench
    return Bench


def _match() -> type:
    from yinsh.parts.match import Match
    return Match


def _rl() -> type:
    from yinsh.parts.rl import Rl
    return Rl


#: The parts with a default: functions that import the class serving a game without its own.
DEFAULTS: dict[str, Callable[[], type]] = {"records": _records, "terminal": _terminal,
                                           "bench": _bench, "match": _match, "rl": _rl}


def default(name: str) -> Any:
    """The default of the part ``name`` (a ``Part`` class), None for a part without one."""
    loader = DEFAULTS.get(name)
    return None if loader is None else loader()
