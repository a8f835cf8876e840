"""How games end, for every game of the library: the outcome classes.

- ``TwoPlayerOutcome``: the two-player games (Yinsh, Insert): the
  ``termination`` (the game's reason) and the ``winner`` (colour 0 or 1,
  ``None`` for a draw); the result string and the returns follow from the
  winner.
- ``OrderOutcome``: games ranked by a finishing order (Ludo, the toy dice
  race): ``termination``, ``order`` (the placed colours, first first) and
  ``returns`` per player in turn order; the winner is the first placed and
  the result the colours' letters.

Each game's ``Outcome`` (``yinsh.Outcome``, ``yinsh.insert.Outcome``,
``yinsh.ludo.Outcome``) is one of these with its own termination and
colour types filled in; nothing else of it is written per game.

>>> from yinsh import insert
>>> outcome = insert.Outcome(insert.Termination.FIVE, insert.RED)
>>> outcome.result(), outcome.returns, outcome.reason
('0-1', (-1.0, 1.0), <Termination.FIVE: 'five'>)
>>> from yinsh import ludo
>>> ludo.Outcome(ludo.Termination.FINISH, (ludo.Color.BLUE,), (-1.0, 1.0)).result()
'B'
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Generic, Optional, TypeVar

__all__ = ["TwoPlayerOutcome", "OrderOutcome"]

T = TypeVar("T", bound=enum.Enum)
C = TypeVar("C")


@dataclass(frozen=True)
class TwoPlayerOutcome(Generic[T, C]):
    """How a two-player game ended (``board.outcome()``): ``termination``
    (the reason) and ``winner`` (``None`` for a draw)."""

    termination: T
    winner: Optional[C]

    @property
    def reason(self) -> T:
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


@dataclass(frozen=True)
class OrderOutcome(Generic[T, C]):
    """How a game ranked by finishing order ended (``board.outcome()``).

    - ``termination``: why it ended (the game's ``Termination``);
    - ``order``: the placed colours in finishing order, as in the result
      (the winner alone when the game stops at the first finish);
    - ``returns``: each player's return in turn order (``board.players``):
      they sum to 0.
    """

    termination: T
    order: tuple[C, ...]
    returns: tuple[float, ...]

    @property
    def winner(self) -> C:
        """The first colour placed (such a game always has a winner)."""
        return self.order[0]

    @property
    def reason(self) -> T:
        """The same as ``termination``."""
        return self.termination

    def result(self) -> str:
        """The result of the record: the letters of ``order`` (``"G"``,
        ``"GBYR"``)."""
        letters: list[Any] = [c.letter for c in self.order]      # type: ignore[attr-defined]
        return "".join(letters)
