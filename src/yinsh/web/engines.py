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

An engine seat may play a level (``yinsh.engine.levels``: 1, the weakest,
to 8, the full engine): a fresh ``Engine(level=L, seed=S)`` each action,
its search capped at the level's nodes (its time only an upper bound), and
its action the level's choice among its lines (``choose``), drawn with
the seed of the game's seed and the board's ply (``move_seed``), so a
game's choices are the same when played again, with no engine kept
between actions.

>>> beginner = EnginePlayer(10, level=1, seed="a game")
>>> beginner.name
'engine level 1 (Beginner)'
>>> board = yinsh.Board(variant="blitz")
>>> beginner.best_move(board) == EnginePlayer(10, level=1, seed="a game").best_move(board)
True
"""
from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
import hashlib
from typing import Any, Callable, Iterator, Optional, TypeVar, Union

from yinsh.engine import Engine
from yinsh.engine.levels import LEVELS, MAX_LEVEL, check_level, levels_for
from yinsh.web import games as _games
from yinsh.web.errors import WebError

__all__ = ["EnginePlayer", "BusyError", "SearchSlots", "SLOTS", "clamp_time", "new_engine", "move_seed",
           "level_name", "levels_json",
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


def new_engine(board: Any, keep_tables: bool = False, level: int = MAX_LEVEL,
               seed: Optional[int] = None) -> Engine:
    """An engine with the server's bounds for board's game (and its default
    evaluation: ``Engine``'s ``"auto"``); keep_tables, level and seed as ``Engine``'s."""
    return Engine(hash_mb=HASH_MB, threads=1, algorithm=_games.of_board(board).algorithm(board),
                  keep_tables=keep_tables, level=level, seed=seed)


def move_seed(seed: Union[str, int], ply: int) -> int:
    """The seed of an engine seat's action at ply in a game of seed (its
    id): 64 bits of the SHA-256 of both.

    >>> move_seed("g", 3) == move_seed("g", 3) != move_seed("g", 4)
    True
    """
    return int.from_bytes(hashlib.sha256(f"{seed}:{ply}".encode()).digest()[:8], "big")


def level_name(level: int) -> str:
    """An engine seat's name for its level below 8: ``"engine level 3 (Casual)"``."""
    return f"engine level {level} ({LEVELS[level - 1].name})"


def levels_json(game: Any) -> list[dict[str, Any]]:
    """The levels of game (a ``GameKind``) as the New game form offers
    them: each its number, name, label and measured Elo with its interval
    (``None`` until measured; ``yinsh.engine.levels.levels_for``).

    >>> from yinsh import games
    >>> levels_json(games.get("ludo"))[0]["name"]
    'Beginner'
    """
    return [{"number": level.number, "name": level.name, "label": level.label(), "elo": level.elo,
             "low": level.low, "high": level.high} for level in levels_for(game)]


class EnginePlayer:
    """An engine seat: ``time`` seconds an action (bounded), searched in a
    slot of ``slots``; ``analyse``, ``choose`` and ``best_move`` as the
    session wants. Below level 8 a fresh ``Engine(level=level, seed=...)``
    each action: the level's nodes cap the search (``time`` is then an
    upper bound) and ``choose`` is the level's pick among its lines, drawn
    with ``move_seed(seed, board.ply)`` (seed: the game's; ``None``: an
    unseeded draw). Level 8 is the full engine, ``time`` its time."""

    def __init__(self, time: Optional[float], slots: SearchSlots = SLOTS, level: int = MAX_LEVEL,
                 seed: Union[str, int, None] = None) -> None:
        self.level = check_level(level)
        self.time = slots.max_time if time is None else slots.clamp(time)
        self.name = f"engine {self.time:g} s" if self.level == MAX_LEVEL else level_name(self.level)
        self.slots = slots
        self.seed = seed

    def _engine(self, board: Any) -> Engine:
        seed = None if self.seed is None or self.level == MAX_LEVEL else move_seed(self.seed, board.ply)
        return new_engine(board, level=self.level, seed=seed)

    def analyse(self, board: Any, **_: Any) -> Any:
        engine = self._engine(board)
        with self.slots.slot(engine):
            return engine.analyse(board, time=self.time)

    def choose(self, board: Any, analysis: Any) -> Any:
        """The action this seat plays in board after analysis (its
        ``analyse``): the best move at level 8, else the level's choice,
        the same for the same seed and ply."""
        if self.level == MAX_LEVEL:
            return analysis.best_move
        return self._engine(board).choose(board, analysis)

    def best_move(self, board: Any, **_: Any) -> Any:
        return self.choose(board, self.analyse(board))
