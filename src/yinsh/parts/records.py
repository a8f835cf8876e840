"""A game's record notation and dialects beyond the library's format: the
part ``"records"``.

The library's format (``yinsh.record``) writes a token per action. A game
whose side takes several actions in one turn may group them into one token
(Yinsh's GIPF turns: ``e5-e9;xe6-e10xa2``), and a game may have records of
its own dialect that ``yinsh.record.read`` takes too (Boardspace.net SGF
records of Yinsh). Such a game provides a module of its own package as this
part (``yinsh.yinsh.records``); ``yinsh.record`` asks it through the
registry and never imports the game.

>>> from yinsh import games
>>> records = games.get("yinsh").part("records")
>>> isinstance(records, Records), records.split_turn("e5-e9;xe6-e10xa2")
(True, ['e5-e9', 'xe6-e10', 'xa2'])
>>> records.is_dialect("(;GM[24])"), records.is_dialect("1. e5 *")
(True, False)
"""
from __future__ import annotations

from typing import Any, Iterable, Protocol, runtime_checkable

__all__ = ["Records"]


@runtime_checkable
class Records(Protocol):
    """What the part ``"records"`` of a game holds (see the module)."""

    def turn_text(self, moves: Iterable[Any]) -> str:
        """The token of one side's consecutive actions (one per action where
        the game does not group them, separated by spaces)."""

    def split_turn(self, token: str) -> list[str]:
        """The action texts of one token (the inverse of ``turn_text``);
        ``InvalidMoveError`` for a token that cannot be split."""

    def is_dialect(self, text: str) -> bool:
        """Whether record text is of the game's own dialect (a quick look at
        its start: text of the library's format never is)."""

    def reads_dialect(self, text: str) -> list[Any]:
        """The games (``yinsh.record.Game``) of record text in the dialect;
        ``RecordError`` for a bad record."""
