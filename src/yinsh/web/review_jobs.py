"""Game reviews on the server: each runs in a thread of its own and
searches its positions one at a time (``yinsh.engine.review.Reviewer``),
each search in one of the application's search slots
(``engines.SearchSlots``, taken as a live analysis takes one: analyses and
reviews together leave a slot to the engine seats), released between two
positions. The reviews take their turns in order (``ReviewTurns``, first
come first served), so however many run, one position of theirs is
searched at a time, between which the engine seats' actions and the live
analyses get their slots: ten reviews at once never starve a game.

A review is cancelled (``ReviewJob.cancel``) at once: its running search is
stopped (``Engine.stop``, within milliseconds) and it takes no other
position. ``Reviews`` holds the reviews of an application by a key (a game
at one screen: its id; an online game: ``online:`` and its id), at most
``MAX_REVIEWS`` running at once (``BusyError`` past them: 503), and the
last ``KEEP_DONE`` finished ones (done, cancelled or failed): a second
request of a review done gets it without a search, one of a review
cancelled or failed starts it again.

>>> import time
>>> from yinsh.web.games import WEB_GAMES
>>> board = WEB_GAMES["insert"].new_board({"layout": 7})
>>> for text in ("c3", "c4"):
...     _ = board.push_str(text)
>>> reviews = Reviews(engines.SearchSlots(2), nodes=200)
>>> job = reviews.start("g", board)
>>> job.wait(60.0), job.answer()["status"], job.answer()["total"]
(True, 'done', 3)
>>> reviews.start("g", board) is job           # asked again: the same review
True
"""
from __future__ import annotations

import collections
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

from yinsh.engine.review import Reviewer
from yinsh.web import engines
from yinsh.web.review_view import progress_json, review_input, review_json

__all__ = ["ReviewJob", "ReviewTurns", "Reviews", "Cancelled", "REVIEW_NODES", "MAX_REVIEWS",
           "KEEP_DONE", "SLOT_WAIT"]

#: The nodes a position of a review on the page (the review command's default).
REVIEW_NODES = 100_000
#: Reviews running at once, server-wide (each a thread, most of them waiting their turn).
MAX_REVIEWS = 16
#: Finished reviews kept for the next request (an online game's is in the database too).
KEEP_DONE = 64
#: Seconds a review waits for its turn or a slot before it looks whether it was cancelled.
SLOT_WAIT = 0.5


class Cancelled(Exception):
    """The review was cancelled while it waited for its turn."""


class ReviewTurns:
    """The reviews' turns, first come first served: ``turn(job, stop)``
    holds the turn while its with block runs (one at a time); a job that
    waits leaves the line when ``stop`` is set (``Cancelled``)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._line: collections.deque[object] = collections.deque()

    @contextmanager
    def turn(self, job: object, stop: threading.Event) -> Iterator[None]:
        with self._cond:
            self._line.append(job)
            while self._line[0] is not job:
                if stop.is_set():
                    self._line.remove(job)
                    self._cond.notify_all()
                    raise Cancelled
                self._cond.wait(SLOT_WAIT)
        try:
            yield
        finally:
            with self._cond:
                self._line.popleft()
                self._cond.notify_all()


class ReviewJob:
    """The review of board's game (its actions from its first position),
    ``nodes`` a position, each searched in a slot of ``slots`` in its turn
    of ``turns``; ``on_end(job)`` is called in its thread when it ends
    (done, cancelled or failed). ``ActionError`` for a game without an
    action, ``ValueError`` for one the engine cannot judge."""

    def __init__(self, board: Any, slots: engines.SearchSlots, turns: ReviewTurns, nodes: int,
                 on_end: Optional[Callable[["ReviewJob"], None]] = None) -> None:
        start, actions, self.first_ply = review_input(board)
        self._stop = threading.Event()
        #: The ply the game had: a game that moved on since is reviewed again.
        self.ply = board.ply
        self.engine = engines.new_engine(start, keep_tables=True)
        self.reviewer = Reviewer(start, actions, self.engine, nodes=nodes, on_info=self._stop_if_cancelled)
        self.nodes = nodes
        self.slots, self.turns, self.on_end = slots, turns, on_end
        self.status = "running"
        self.error: Optional[str] = None
        self.result: Optional[dict[str, Any]] = None
        self._ended = threading.Event()
        self._thread = threading.Thread(target=self._work, name="web-review", daemon=True)

    def start(self) -> "ReviewJob":
        """Starts the review's thread."""
        self._thread.start()
        return self

    def answer(self) -> dict[str, Any]:
        """The page's answer (``review_view.progress_json``)."""
        return progress_json(self.status, self.reviewer.done, self.reviewer.total, self.result, self.error)

    def cancel(self) -> None:
        """Stops the review: its running search at once, and takes no other position."""
        self._stop.set()
        self.engine.stop()

    def _stop_if_cancelled(self, _: object) -> None:
        """After each iteration of a search: a cancel that came as it began stops it."""
        if self._stop.is_set():
            self.engine.stop()

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Waits for the review's end; whether it ended within timeout seconds."""
        return self._ended.wait(timeout)

    def _step(self) -> None:
        """Searches the next position in the reviews' turn and a slot."""
        with self.turns.turn(self, self._stop):
            while True:
                if self._stop.is_set():
                    raise Cancelled
                try:
                    with self.slots.slot(self.engine, wait=SLOT_WAIT, analysis=True):
                        if not self._stop.is_set():
                            self.reviewer.step()
                        return
                except engines.BusyError:
                    if self.slots.closed:
                        raise

    def _work(self) -> None:
        engines.lower_priority()
        try:
            while not self.reviewer.finished:
                self._step()
            if self._stop.is_set():             # the last search was stopped: not a whole review
                raise Cancelled
            self.result = review_json(self.reviewer.review, self.first_ply)
            self.status = "done"
        except Cancelled:
            self.status = "cancelled"
            self.error = "the review was cancelled"
        except engines.BusyError as exc:
            self.status, self.error = "failed", str(exc)
        except Exception as exc:  # an engine failure: the page says so
            self.status, self.error = "failed", f"the engine failed: {exc}"
        finally:
            try:
                if self.on_end is not None:
                    self.on_end(self)
            finally:
                self._ended.set()


class Reviews:
    """The reviews of an application by key (see the module): searched
    with ``nodes`` a position in ``slots``."""

    def __init__(self, slots: engines.SearchSlots, nodes: int = REVIEW_NODES,
                 limit: int = MAX_REVIEWS) -> None:
        self.slots, self.nodes, self.limit = slots, nodes, limit
        self.turns = ReviewTurns()
        self._lock = threading.Lock()
        self._running: dict[str, ReviewJob] = {}
        self._done: collections.OrderedDict[str, ReviewJob] = collections.OrderedDict()

    def get(self, key: str, ply: Optional[int] = None) -> Optional[ReviewJob]:
        """The running or finished review of key (of the game at ply, if
        given), None when there is none."""
        with self._lock:
            job = self._running.get(key) or self._done.get(key)
        return job if job is not None and (ply is None or job.ply == ply) else None

    def start(self, key: str, board: Any,
              on_done: Optional[Callable[[ReviewJob], None]] = None) -> ReviewJob:
        """The review of key's game (board): the one running or done for the
        same ply, else a new one (a review of an earlier ply is cancelled);
        on_done(job) is called in the job's thread when it is done (not
        cancelled nor failed). ``BusyError`` with ``limit`` reviews running."""
        with self._lock:
            job = self._running.get(key) or self._done.get(key)
            if job is not None and job.ply == board.ply and job.status in ("running", "done"):
                return job
            if job is not None:
                job.cancel()
            if len(self._running) >= self.limit:
                raise engines.BusyError(f"the server reviews {self.limit} games now, as many as it can: "
                                        "try again in a minute")

            def ended(finished: ReviewJob) -> None:
                if finished.status == "done" and on_done is not None:
                    on_done(finished)
                self._ended(key, finished)

            job = ReviewJob(board, self.slots, self.turns, self.nodes, ended)
            self._done.pop(key, None)
            self._running[key] = job
        return job.start()

    def cancel(self, key: str) -> Optional[ReviewJob]:
        """Cancels key's running review (and forgets it); the job, or None."""
        with self._lock:
            job = self._running.pop(key, None)
        if job is not None:
            job.cancel()
        return job

    def _ended(self, key: str, job: ReviewJob) -> None:
        with self._lock:
            if self._running.get(key) is job:
                del self._running[key]
            self._done[key] = job               # done, cancelled or failed: the next request sees it
            self._done.move_to_end(key)
            while len(self._done) > KEEP_DONE:
                self._done.popitem(last=False)

    def stop_all(self) -> None:
        """Cancels every running review (the server stops)."""
        with self._lock:
            running = list(self._running.values())
        for job in running:
            job.cancel()
