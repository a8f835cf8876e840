"""What the outcomes of the two-player games (Yinsh, Insert) share: the
result string and the returns, from the winner (colour 0 or 1, ``None``
for a draw). Each game's ``Outcome`` is a frozen dataclass of its own
``termination`` and ``winner`` types on this base; Ludo's outcome
(``yinsh.ludo.outcome``) has the finishing order instead.

>>> from yinsh import insert
>>> outcome = insert.Outcome(insert.Termination.FIVE, insert.RED)
>>> outcome.result(), outcome.returns, outcome.reason
('0-1', (-1.0, 1.0), <Termination.FIVE: 'five'>)
"""
from __future__ import annotations

import enum
from typing import Optional

__all__ = ["TwoPlayerOutcome"]


class TwoPlayerOutcome:
    """The shared methods of ``yinsh.Outcome`` and ``yinsh.insert.Outcome``
    (subclasses are dataclasses with the two fields)."""

    termination: enum.Enum
    winner: Optional[int]

    @property
    def reason(self) -> enum.Enum:
        """The same as ``termination``."""
        return self.termination

    def result(self) -> str:
        """``"1-0"`` (the first colour won), ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"

    @property
    def returns(self) -> tuple[float, float]:
        """Each colour's return, in turn order: ``(1.0, -1.0)`` when the
        first colour won, ``(-1.0, 1.0)`` when the second did, ``(0.0, 0.0)``
        for a draw."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)
