"""Playing on a clock: how much of its remaining time a side spends on one
action (``time_for_move``), and ``GameClock``, the clocks of a game.

A clock gives each side ``time`` seconds for the whole game and adds
``increment`` seconds after each of its actions (Fischer). The engine spends
a share of what is left on each action, about ``1/MOVES_TO_GO`` of it plus
most of the increment, and never more than ``MAX_SHARE`` of it, keeping
``MARGIN`` seconds for the time the protocol and the process take.

>>> round(time_for_move(60.0, 0.0), 3), round(time_for_move(60.0, 1.0), 3)
(2.0, 2.75)
>>> round(time_for_move(0.2, 0.0), 3)                       # little left: a small share
0.007
>>> time_for_move(0.01, 0.0)                                # nothing left: the least there is
0.001
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["MOVES_TO_GO", "MAX_SHARE", "MARGIN", "MIN_TIME", "time_for_move", "GameClock"]

MOVES_TO_GO = 30
"""The actions a side is assumed to have left when a clock gives no count."""

MAX_SHARE = 0.5
"""The most of its remaining time a side spends on one action."""

MARGIN = 0.03
"""Seconds kept back on every action for the protocol and the process."""

MIN_TIME = 0.001
"""The least time a search is given, in seconds."""


def _seconds(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, not {type(value).__name__}")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number of seconds >= 0, not {value}")
    return float(value)


def time_for_move(remaining: float, increment: float = 0.0, moves_to_go: int = MOVES_TO_GO) -> float:
    """The seconds to search one action with ``remaining`` seconds on the
    side's clock and ``increment`` seconds added after the action: about
    ``remaining / moves_to_go + 3/4 increment``, at most ``MAX_SHARE`` of
    ``remaining`` less ``MARGIN``, at least ``MIN_TIME``.

    Raises ``TypeError`` for a value that is not a number, ``ValueError`` for
    a negative or infinite time or a ``moves_to_go`` below 1.
    """
    remaining = _seconds("remaining", remaining)
    increment = _seconds("increment", increment)
    if isinstance(moves_to_go, bool) or not isinstance(moves_to_go, int):
        raise TypeError(f"moves_to_go must be an int, not {type(moves_to_go).__name__}")
    if moves_to_go < 1:
        raise ValueError(f"moves_to_go must be at least 1, not {moves_to_go}")
    share = remaining / moves_to_go + 0.75 * increment
    cap = remaining * MAX_SHARE - MARGIN
    return max(MIN_TIME, min(share, cap))


@dataclass
class GameClock:
    """The clocks of a game: ``remaining[side]`` seconds per side, with
    ``increment`` seconds added after each of a side's actions.
    ``spend(side, seconds)`` takes an action's time off the side's clock
    and adds the increment; it returns ``False`` when the clock ran out (the
    side lost on time). It pickles.

    >>> clock = GameClock.start(2, time=1.0, increment=0.1)
    >>> clock.spend(0, 0.3), clock.remaining
    (True, [0.8, 1.0])
    >>> clock.spend(1, 1.5), clock.flagged
    (False, 1)
    """

    remaining: list[float]
    increment: float = 0.0
    flagged: int | None = field(default=None)

    @classmethod
    def start(cls, sides: int, time: float, increment: float = 0.0) -> GameClock:
        """Every one of ``sides`` clocks at ``time`` seconds."""
        time = _seconds("time", time)
        if time <= 0:
            raise ValueError(f"time must be more than 0 seconds, not {time}")
        return cls([time] * sides, _seconds("increment", increment))

    def budget(self, side: int) -> float:
        """The search time of side's next action (``time_for_move``)."""
        return time_for_move(self.remaining[side], self.increment)

    def spend(self, side: int, seconds: float) -> bool:
        """Takes ``seconds`` off side's clock, then adds the increment;
        ``False`` (and ``flagged`` set to side) when it ran out first."""
        left = self.remaining[side] - _seconds("seconds", seconds)
        if left < 0:
            self.remaining[side] = 0.0
            self.flagged = side
            return False
        self.remaining[side] = round(left + self.increment, 6)
        return True
