"""The engine as the server runs it: bounded searches in worker threads.

Every search the page asks for (an engine seat's action, a live analysis)
takes one of the application's ``MAX_SEARCHES`` slots (``SearchSlots``), so however many sessions ask, no more
searches run at once; a search that cannot get a slot within ``WAIT``
seconds fails with ``BusyError``. Hash size, threads and time are fixed or
bounded here, never taken from a client: ``HASH_MB`` MB and one thread per
search, at most ``MAX_MOVE_TIME`` seconds for an action and
``MAX_ANALYSIS_TIME`` for an analysis. The searches release the GIL, so
the server goes on answering while they run.

>>> import yinsh
>>> player = EnginePlayer(0.05)
>>> player.name, clamp_time(99)
('engine 0.05 s', 10.0)
>>> player.analyse(yinsh.Board(variant="blitz")).best_move in yinsh.Board().legal_moves
True
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Iterator

from yinsh.engine import Engine
from yinsh.web import games as _games

__all__ = ["EnginePlayer", "BusyError", "SearchSlots", "SLOTS", "clamp_time", "new_engine",
           "MAX_SEARCHES", "HASH_MB", "MAX_MOVE_TIME", "MIN_MOVE_TIME", "MAX_ANALYSIS_TIME",
           "MAX_MULTIPV"]

MAX_SEARCHES = 2            # searches at once, server-wide (the machine's cores)
HASH_MB = 16                # the transposition table of each search
#: The seconds the engine may take for an action: its time is clamped to these bounds.
MIN_MOVE_TIME, MAX_MOVE_TIME = 0.05, 10.0
MAX_ANALYSIS_TIME = 120.0   # an "infinite" analysis stops by itself after this
MAX_MULTIPV = 5             # best lines an analysis may show
WAIT = 30.0                 # seconds a search waits for a slot


class BusyError(RuntimeError):
    """Every search slot stayed taken (the page says: try again)."""


def clamp_time(seconds: float) -> float:
    """seconds within MIN_MOVE_TIME..MAX_MOVE_TIME."""
    return min(MAX_MOVE_TIME, max(MIN_MOVE_TIME, float(seconds)))


class SearchSlots:
    """At most ``size`` searches at once; the running engines can all be
    stopped (server shutdown)."""

    def __init__(self, size: int = MAX_SEARCHES) -> None:
        self._free = threading.BoundedSemaphore(size)
        self._lock = threading.Lock()
        self._running: set[Any] = set()
        self.closed = False

    @contextmanager
    def slot(self, stoppable: Any, wait: float = WAIT) -> Iterator[None]:
        """Holds a slot while the with block runs stoppable's search
        (``BusyError`` when none frees up within wait seconds)."""
        if self.closed or not self._free.acquire(timeout=wait):
            raise BusyError("the engine is busy with other games; try again in a moment")
        with self._lock:
            self._running.add(stoppable)
        try:
            yield
        finally:
            with self._lock:
                self._running.discard(stoppable)
            self._free.release()

    def stop_all(self) -> None:
        """Stops every running search and refuses new ones."""
        self.closed = True
        with self._lock:
            running = list(self._running)
        for item in running:
            item.stop()


#: The slots of sessions made outside an application (``create_app`` makes its own).
SLOTS = SearchSlots()


def new_engine(board: Any) -> Engine:
    """An engine with the server's bounds for board's game."""
    return Engine(hash_mb=HASH_MB, threads=1, algorithm=_games.of_board(board).algorithm(board))


class EnginePlayer:
    """An engine seat: ``time`` seconds an action (bounded), searched in a
    slot of ``slots``; ``analyse`` and ``best_move`` as the session wants."""

    def __init__(self, time: float, slots: SearchSlots = SLOTS) -> None:
        self.time = clamp_time(time)
        self.name = f"engine {self.time:g} s"
        self.slots = slots

    def analyse(self, board: Any, **_: Any) -> Any:
        engine = new_engine(board)
        with self.slots.slot(engine):
            return engine.analyse(board, time=self.time)

    def best_move(self, board: Any, **_: Any) -> Any:
        return self.analyse(board).best_move
