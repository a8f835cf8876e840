"""How a Ludo game ended: the finishing order and each player's return
(``yinsh.outcomes.OrderOutcome`` with Ludo's types).

>>> from yinsh import ludo
>>> board = ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")
>>> outcome = board.outcome()
>>> outcome.winner, outcome.termination, outcome.result()
(<Color.GREEN: 0>, <Termination.FINISH: 'finish'>, 'G')
>>> outcome.returns
(1.0, -1.0)
"""
from __future__ import annotations

from yinsh.ludo.enums import Color, Termination
from yinsh.outcomes import OrderOutcome

__all__ = ["Outcome"]


class Outcome(OrderOutcome[Termination, Color]):
    """How a game ended (``board.outcome()``): ``termination``
    (``Termination.FINISH``, standard, or ``Termination.PLACES``, variant
    *places*), ``order`` (the winner alone in a standard game, every colour
    in *places*), ``returns`` (from the finishing places,
    ``board.returns()``). The fields and methods are
    ``yinsh.outcomes.OrderOutcome``'s."""

