"""Yinsh's part ``"records"`` (``yinsh.parts.records``): the GIPF turn
notation of its records, where a side's consecutive actions are one token
(``e5-e9;xe6-e10xa2``), and its dialect, Boardspace.net SGF records
(``yinsh.yinsh.boardspace``).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from yinsh.errors import InvalidMoveError
from yinsh.parts.records import Records
from yinsh.yinsh import boardspace
from yinsh.yinsh._core import Move
from yinsh.yinsh.enums import MoveKind

__all__ = ["YinshRecords", "turn_text", "split_turn", "is_dialect", "reads_dialect"]

_REMOVAL = re.compile(r"x[a-z]\d+(?:-[a-z]\d+)?", re.IGNORECASE)


def turn_text(moves: Iterable[Move]) -> str:
    """The GIPF turn notation of one side's consecutive actions: removals
    run together, other actions separated from them by ``;``.

    >>> turn_text(Move.from_str(t) for t in ["e5-e9", "xe6-e10", "xa2"])
    'e5-e9;xe6-e10xa2'
    """
    pieces: list[str] = []
    removal_open = False
    for move in moves:
        removal = move.kind in (MoveKind.REMOVE_ROW, MoveKind.REMOVE_RING)
        if removal and removal_open:
            pieces[-1] += str(move)
        else:
            pieces.append(str(move))
        removal_open = removal
    return ";".join(pieces)


def split_turn(token: str) -> list[str]:
    """The action texts of one turn token (the inverse of ``turn_text``).
    Raises ``InvalidMoveError`` for a token that cannot be split (the actions
    themselves are not checked here).

    >>> split_turn("xb2-b6xk7;f2-f5;xc2-c6xb1")
    ['xb2-b6', 'xk7', 'f2-f5', 'xc2-c6', 'xb1']
    """
    texts: list[str] = []
    for piece in token.split(";"):
        if not piece:
            raise InvalidMoveError(f"empty action in {token!r} (a stray ';')")
        if piece[0] in "xX":
            found = _REMOVAL.findall(piece)
            if "".join(found) != piece:
                raise InvalidMoveError(f"cannot read the removals {piece!r} in {token!r}")
            texts += found
        else:
            texts.append(piece)
    return texts


def is_dialect(text: str) -> bool:
    """Whether text is a Boardspace.net SGF record (it starts with ``(;``)."""
    return text.lstrip("\ufeff \t\r\n").startswith("(;")


def reads_dialect(text: str) -> list[Any]:
    """The games of Boardspace.net SGF text (``yinsh.yinsh.boardspace.reads``)."""
    return boardspace.reads(text)


class YinshRecords(Records):
    """Yinsh's part ``"records"``: its roster (with the ``Variant`` tag),
    the grouped turns and the Boardspace dialect (the functions above)."""

    @property
    def roster(self) -> dict[str, str]:
        return {**super().roster, "Variant": "standard"}

    def turn_text(self, moves: Iterable[Any]) -> str:
        return turn_text(moves)

    def split_turn(self, token: str) -> list[str]:
        return split_turn(token)

    def is_dialect(self, text: str) -> bool:
        return is_dialect(text)

    def reads_dialect(self, text: str) -> list[Any]:
        return reads_dialect(text)
