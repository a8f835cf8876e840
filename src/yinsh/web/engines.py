"""The engine as the server runs it: bounded searches in a pool of their own.

Every search the page asks for (an engine seat's action, a live analysis)
takes one of the application's ``MAX_SEARCHES`` slots (``SearchSlots``), so however many sessions ask, no more
searches run at once; a search that cannot get a slot within ``WAIT``
seconds fails with ``BusyError``. Engine actions run in the slots' own
threads (``SearchSlots.run``), never in the worker threads that serve
requests and database calls, so a person's action never waits behind an
engine. Hash size, threads and time are fixed or
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

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

from yinsh.engine import Engine
from yinsh.web import games as _games
from yinsh.web.errors import WebError

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

T = TypeVar("T")


class BusyError(WebError, RuntimeError):
    """Every search slot stayed taken (503: the page says try again)."""

    status = 503


def clamp_time(seconds: float) -> float:
    """seconds within MIN_MOVE_TIME..MAX_MOVE_TIME."""
    return min(MAX_MOVE_TIME, max(MIN_MOVE_TIME, float(seconds)))


#: How much nicer (lower in priority) than the server the engine's threads run.
ENGINE_NICENESS = 10


def lower_priority(by: int = ENGINE_NICENESS) -> None:
    """Lowers the calling thread's scheduling priority (Linux: a thread is
    a task with its own nice value), so that on a machine with few cores
    the threads that answer requests get the processor before a search;
    elsewhere nothing changes."""
    import os
    if not hasattr(os, "setpriority") or not hasattr(threading, "get_native_id"):
        return
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + by))
    except OSError:
        pass


class SearchSlots:
    """At most ``size`` searches at once, each of at most ``max_time``
    seconds an action; ``run`` calls a function in the slots' own ``size``
    threads; the running engines can all be stopped (server shutdown).
    Live analyses (``slot(..., analysis=True)``) take at most ``size - 1``
    slots (one when size is 1): however many a client opens, one slot stays
    for the engine seats' actions, which take a fraction of a second each,
    where an analysis may hold its slot for ``MAX_ANALYSIS_TIME``.

    >>> slots = SearchSlots(2)
    >>> with slots.slot("first analysis", analysis=True):
    ...     with slots.slot("second analysis", wait=0.01, analysis=True):
    ...         pass
    Traceback (most recent call last):
    yinsh.web.engines.BusyError: the engine is busy with other analyses; try again in a moment
    >>> with slots.slot("first analysis", analysis=True):
    ...     with slots.slot("an engine action", wait=0.01):
    ...         "the engine's seat still plays"
    "the engine's seat still plays"
    >>> slots.stop_all()
    >>> with slots.slot("too late", analysis=True):
    ...     pass
    Traceback (most recent call last):
    yinsh.web.engines.BusyError: the server is stopping
    """

    def __init__(self, size: int = MAX_SEARCHES, max_time: float = MAX_MOVE_TIME) -> None:
        self.size = size
        self.max_time = clamp_time(max_time)
        self._free = threading.BoundedSemaphore(size)
        self._analyses = threading.BoundedSemaphore(max(1, size - 1))
        self._lock = threading.Lock()
        self._running: set[Any] = set()
        self._pool: ThreadPoolExecutor | None = None
        self.closed = False

    def clamp(self, seconds: float) -> float:
        """seconds an action within MIN_MOVE_TIME..max_time."""
        return min(self.max_time, clamp_time(seconds))

    async def run(self, fn: Callable[..., T], *args: Any, wait: float = WAIT) -> T:
        """fn(*args) in one of the slots' threads; ``BusyError`` when it
        waited more than wait seconds for one."""
        if self.closed:
            raise BusyError("the server is stopping")
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.size, thread_name_prefix="yinsh-engine",
                                            initializer=lower_priority)
        queued_at = time.monotonic()

        def job() -> T:
            if self.closed or time.monotonic() - queued_at > wait:
                raise BusyError("the engine is busy with other games; try again in a moment")
            return fn(*args)

        return await asyncio.wrap_future(self._pool.submit(job))

    @contextmanager
    def slot(self, stoppable: Any, wait: float = WAIT, analysis: bool = False) -> Iterator[None]:
        """Holds a slot while the with block runs stoppable's search
        (``BusyError`` when none frees up within wait seconds); analysis:
        a live analysis, which leaves one slot for the engines' actions."""
        if not analysis:
            with self._slot(stoppable, wait):
                yield
            return
        deadline = time.monotonic() + wait
        if self.closed:
            raise BusyError("the server is stopping")
        if not self._analyses.acquire(timeout=wait):
            raise BusyError("the engine is busy with other analyses; try again in a moment")
        try:
            with self._slot(stoppable, max(0.0, deadline - time.monotonic())):
                yield
        finally:
            self._analyses.release()

    @contextmanager
    def _slot(self, stoppable: Any, wait: float) -> Iterator[None]:
        if self.closed:
            raise BusyError("the server is stopping")
        if not self._free.acquire(timeout=wait):
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
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


#: The slots of sessions made outside an application (``create_app`` makes its own).
SLOTS = SearchSlots()


def new_engine(board: Any, keep_tables: bool = False) -> Engine:
    """An engine with the server's bounds for board's game (and its default
    evaluation: ``Engine``'s ``"auto"``); keep_tables as ``Engine``'s."""
    return Engine(hash_mb=HASH_MB, threads=1, algorithm=_games.of_board(board).algorithm(board),
                  keep_tables=keep_tables)


class EnginePlayer:
    """An engine seat: ``time`` seconds an action (bounded), searched in a
    slot of ``slots``; ``analyse`` and ``best_move`` as the session wants."""

    def __init__(self, time: float, slots: SearchSlots = SLOTS) -> None:
        self.time = slots.clamp(time)
        self.name = f"engine {self.time:g} s"
        self.slots = slots

    def analyse(self, board: Any, **_: Any) -> Any:
        engine = new_engine(board)
        with self.slots.slot(engine):
            return engine.analyse(board, time=self.time)

    def best_move(self, board: Any, **_: Any) -> Any:
        return self.analyse(board).best_move
