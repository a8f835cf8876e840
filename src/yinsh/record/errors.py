"""The error of a record that cannot be read: ``RecordError``."""
from __future__ import annotations

from typing import Optional

__all__ = ["RecordError"]


class RecordError(ValueError):
    """A record that cannot be read: the message names the line (and the
    turn) and says why. ``line``, ``turn`` and ``game`` (the game's number
    in the file, from 1) are kept as attributes (``None`` when unknown)."""

    def __init__(self, reason: str, *, line: Optional[int] = None,
                 turn: Optional[str] = None, game: Optional[int] = None) -> None:
        where = []
        if game is not None and game > 1:
            where.append(f"game {game}")
        if line is not None:
            where.append(f"line {line}")
        if turn is not None:
            where.append(f"turn {turn}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)
        self.reason, self.line, self.turn, self.game = reason, line, turn, game

    # the name users import it by (tracebacks, pickles)
    __module__ = "yinsh.record"
