"""The failures of the online games' store (``yinsh.web.database``):
``Conflict`` (another request changed the game first) and the failures
``Faults`` injects into the store's transactions, for the tests (what a
database that went away raises is ``yinsh.web.errors.STORE_ERRORS``).
"""
from __future__ import annotations

import threading

__all__ = ["Conflict", "InjectedFault", "Faults"]


class Conflict(RuntimeError):
    """Another request (perhaps in another process) changed the game first."""


class InjectedFault(ConnectionError):
    """A failure ``Faults`` injected: what a database that went away raises."""


class Faults:
    """Failures injected into the database's transactions, for tests.

    Every transaction passes named steps: ``"<operation>.<step>"`` before
    each statement, ``"<operation>.commit"`` just before its commit and
    ``"<operation>.committed"`` just after it (the operations: ``create``,
    ``join``, ``rematch``, ``append``, ``heartbeat``, ``claim``). ``arm``
    makes the next passes through a step raise ``InjectedFault`` (before
    the commit: the transaction is rolled back; after it: it is stored but
    the caller hears of a failure, like a connection lost during the
    commit); ``seen`` lists the steps passed, in order.

    >>> faults = Faults()
    >>> faults.arm("join.commit")
    >>> faults.hit("join.seat")
    >>> faults.hit("join.commit")
    Traceback (most recent call last):
    yinsh.web.store_errors.InjectedFault: injected failure at join.commit
    >>> faults.hit("join.commit"), faults.seen
    (None, ['join.seat', 'join.commit', 'join.commit'])
    """

    def __init__(self) -> None:
        self.armed: dict[str, int] = {}
        self.seen: list[str] = []
        self._lock = threading.Lock()

    def arm(self, step: str, times: int = 1) -> None:
        """The next times passes through step fail."""
        with self._lock:
            self.armed[step] = self.armed.get(step, 0) + times

    def clear(self) -> None:
        with self._lock:
            self.armed.clear()
            self.seen.clear()

    def hit(self, step: str) -> None:
        """Passes step (raises when it is armed)."""
        with self._lock:
            self.seen.append(step)
            left = self.armed.get(step, 0)
            if left:
                self.armed[step] = left - 1
                raise InjectedFault(f"injected failure at {step}")
