"""Time controls and the clocks the server keeps.

A time control is ``"M+S"``: M minutes for the game (a decimal fraction
allowed), S seconds added after each turn; ``None`` is correspondence (no
clock). ``Clocks`` holds each seat's time left and when the running seat's
turn started (wall-clock milliseconds, so that clocks survive restarts and
agree across processes): ``charge`` ends a turn, ``left`` reads a seat's
time now and ``flag_at`` says when the running seat runs out.

>>> control = TimeControl.parse("5+3")
>>> control, control.base_ms, control.increment_ms
(TimeControl('5+3'), 300000, 3000)
>>> clocks = Clocks(control, 2)
>>> clocks.start(0, at_ms=1000)
>>> clocks.charge(at_ms=11000, next_seat=1)       # seat 0 used 10 s, gets 3 s
10000
>>> clocks.remaining_ms, clocks.left(1, now_ms=21000)
([293000, 300000], 290000)
>>> TimeControl.parse("5")
Traceback (most recent call last):
yinsh.web.clocks.TimeControlError: a time control is 'minutes+seconds' (e.g. '5+3') or null, not '5'
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Optional

__all__ = ["TimeControl", "TimeControlError", "Clocks", "MAX_MINUTES", "MAX_INCREMENT", "now_ms"]

#: The most minutes a player's clock starts with.
MAX_MINUTES = 180
#: The most seconds added to a clock after each turn.
MAX_INCREMENT = 60


def now_ms() -> int:
    """The wall clock, in whole milliseconds since the epoch (the online games' time)."""
    return int(time.time() * 1000)


class TimeControlError(ValueError):
    """A time control the server does not take."""


_FORM = re.compile(r"([0-9]{1,3}(?:\.[0-9]{1,2})?)\+([0-9]{1,2})")     # ASCII digits only


@dataclass(frozen=True)
class TimeControl:
    """M minutes and S seconds a turn (see the module)."""

    base_ms: int
    increment_ms: int

    @classmethod
    def parse(cls, text: object) -> "TimeControl":
        match = _FORM.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise TimeControlError(f"a time control is 'minutes+seconds' (e.g. '5+3') or null, "
                                   f"not {str(text)[:20]!r}")
        minutes, seconds = float(match[1]), int(match[2])
        if not 0 < minutes <= MAX_MINUTES or seconds > MAX_INCREMENT:
            raise TimeControlError(f"a time control has 0 to {MAX_MINUTES} minutes and at most "
                                   f"{MAX_INCREMENT} seconds a turn, not {text!r}")
        return cls(round(minutes * 60000), seconds * 1000)

    def __str__(self) -> str:
        return f"{self.base_ms / 60000:g}+{self.increment_ms // 1000}"

    def __repr__(self) -> str:
        return f"TimeControl({str(self)!r})"


class Clocks:
    """The seats' clocks under control (see the module)."""

    def __init__(self, control: TimeControl, seats: int) -> None:
        self.control = control
        self.remaining_ms = [control.base_ms] * seats
        self.running: Optional[int] = None
        self.since_ms = 0

    def copy(self) -> "Clocks":
        other = Clocks(self.control, 0)
        other.remaining_ms, other.running, other.since_ms = list(self.remaining_ms), self.running, self.since_ms
        return other

    def start(self, seat: Optional[int], at_ms: int) -> None:
        """seat's time runs from at_ms (None: no clock runs)."""
        self.running, self.since_ms = seat, at_ms

    def charge(self, at_ms: int, next_seat: Optional[int], increment: bool = True) -> int:
        """Ends the running seat's turn at at_ms (its time used is taken off,
        the increment added when increment); next_seat's time runs from then.
        Returns the milliseconds used."""
        used = 0
        if self.running is not None:
            used = max(0, at_ms - self.since_ms)
            left = self.remaining_ms[self.running] - used
            self.remaining_ms[self.running] = max(0, left) + (
                self.control.increment_ms if increment and left > 0 else 0)
        self.start(next_seat, at_ms)
        return used

    def left(self, seat: int, now_ms: int) -> int:
        """seat's time left at now_ms."""
        left = self.remaining_ms[seat]
        if seat == self.running:
            left -= max(0, now_ms - self.since_ms)
        return max(0, left)

    def flag_at(self) -> Optional[int]:
        """When the running seat's time runs out (ms), None when none runs."""
        if self.running is None:
            return None
        return self.since_ms + self.remaining_ms[self.running]

    def as_json(self, now_ms: int) -> dict[str, Any]:
        return {"control": str(self.control), "running": self.running,
                "remaining_ms": [self.left(s, now_ms) for s in range(len(self.remaining_ms))]}
