"""How a Ludo game ended: the finishing order and each player's return.

>>> from yinsh import ludo
>>> board = ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")
>>> outcome = board.outcome()
>>> outcome.winner, outcome.termination, outcome.result()
(<Color.GREEN: 0>, <Termination.FINISH: 'finish'>, 'G')
>>> outcome.returns
(1.0, -1.0)
"""
from __future__ import annotations

from dataclasses import dataclass

from yinsh.ludo.enums import Color, Termination

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """How a game ended (``board.outcome()``).

    - ``termination``: ``Termination.FINISH`` (standard) or
      ``Termination.PLACES`` (variant *places*);
    - ``order``: the placed colours in finishing order, as in the result:
      the winner alone in a standard game, every colour in *places* (the
      one left last);
    - ``returns``: each player's return in turn order (``board.players``),
      from the finishing places (``board.returns()``): they sum to 0.
    """

    termination: Termination
    order: tuple[Color, ...]
    returns: tuple[float, ...]

    @property
    def winner(self) -> Color:
        """The first colour to finish (a Ludo game always has a winner)."""
        return self.order[0]

    @property
    def reason(self) -> Termination:
        """The same as ``termination``."""
        return self.termination

    def result(self) -> str:
        """The result of the record: the letters of ``order`` (``"G"``,
        ``"GBYR"``)."""
        return "".join(c.letter for c in self.order)
