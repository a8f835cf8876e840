"""The group commits of an SQLite database (``Database``'s base class):
one committing thread takes every write waiting and commits them together,
in one transaction and one sync of the WAL, while the next ones queue.

SQLite has one writer at a time; with a thread per caller each committed
the little it found. A file's group commits use one connection kept for
them (under the write lock): checking one out of the pool and resetting it
each time cost more than the commit. A write's work checks before it
changes anything: its ``Conflict`` fails its own request only; any other
failure fails the batch (nothing of it is stored). The transactions pass
the named steps that ``Faults`` (the tests') makes fail.
"""
from __future__ import annotations

import contextlib
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional

from yinsh.web.store_errors import Conflict, Faults

__all__ = ["GroupCommits", "Write"]

log = logging.getLogger("yinsh.web.database")


class GroupCommits:
    """The committing thread of a database whose writes take write_lock
    (None: PostgreSQL, whose transactions run in parallel and need none),
    on engine's connections; keeps_writer: one connection is kept for the
    group commits (an SQLite file)."""

    def __init__(self, engine: Any, write_lock: Optional[threading.Lock], keeps_writer: bool) -> None:
        self.engine = engine
        self._write_lock = write_lock
        # The writes waiting for the committing thread, each group with what to call once done.
        self._pending: list[tuple[list[Write], Callable[[], None]]] = []
        self._pending_changed = threading.Condition()
        self._committer: Optional[threading.Thread] = None
        self._stopping = False                          # dispose(): the committing thread ends now
        self._keeps_writer = keeps_writer
        self._writer: Any = None
        #: Injected failures (tests): see ``Faults``.
        self.faults: Optional[Faults] = None

    def _hit(self, step: str) -> None:
        if self.faults is not None:
            self.faults.hit(step)

    def _stop_committer(self) -> None:
        """Ends the committing thread once it has committed what waits."""
        with self._pending_changed:
            committer, self._stopping = self._committer, True
            self._pending_changed.notify()
        if committer is not None and committer is not threading.current_thread():
            committer.join()
        with self._pending_changed:
            self._stopping = False

    def _after_fork(self) -> None:
        """In a forked child: none of the parent's threads runs here, and its
        locks may have been held by one of them; the SQLite connection is the
        parent's. Starts afresh (the next write starts a committing thread)."""
        self._pending_changed = threading.Condition()
        self._pending, self._committer, self._stopping = [], None, False
        if self._write_lock is not None:
            self._write_lock = threading.Lock()
        self._writer = None

    def _writer_connection(self) -> Any:
        """The connection of the group commits (SQLite file; under the write lock)."""
        if self._writer is None:
            self._writer = self.engine.connect()
        return self._writer

    def _drop_writer(self) -> None:
        """Closes the kept connection (after a failure: the next batch opens a new one)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer.close()

    #: Seconds the committing thread waits for work before it ends (the next write starts another).
    COMMITTER_IDLE_S = 5.0

    def _wait(self, requests: list[Write]) -> None:
        """Hands requests to the committing thread and waits until they are done (SQLite)."""
        finished = threading.Event()
        self._submit(requests, finished.set)
        finished.wait()

    def _submit(self, requests: list[Write], done: Callable[[], None]) -> None:
        """Queues requests for the committing thread, which calls done() once
        they are committed or failed (SQLite)."""
        job = (requests, done)
        with self._pending_changed:
            self._pending.append(job)
            if self._committer is None:
                try:
                    self._start_committer()
                except BaseException:               # no thread to be had: nothing was queued
                    self._pending.remove(job)
                    raise
            self._pending_changed.notify()

    def _start_committer(self) -> None:
        """Starts the committing thread (under ``_pending_changed``)."""
        thread = threading.Thread(target=self._commit_pending, daemon=True, name="yinsh-sqlite-commits")
        thread.start()
        self._committer = thread

    def _commit_pending(self) -> None:
        """The committing thread: takes every write waiting and commits them
        together (one transaction, one sync of the WAL: group commit), while
        the next ones queue; ends after ``COMMITTER_IDLE_S`` without work (at
        once when ``dispose`` asks). One thread takes them all, so that a
        batch grows with the load: with a thread per caller, each committed
        the little it found (about one write a commit at 600 actions a
        second, the others queued behind the pool of worker threads)."""
        assert self._write_lock is not None
        try:
            while True:
                with self._pending_changed:
                    if not self._pending and not self._stopping:
                        self._pending_changed.wait(self.COMMITTER_IDLE_S)
                    if not self._pending:
                        self._committer = None
                        return
                    jobs, self._pending = self._pending, []
                try:
                    with self._write_lock:
                        self._commit_batch([request for requests, _ in jobs for request in requests])
                finally:
                    for _, done in jobs:
                        try:
                            done()
                        except Exception:           # a caller's callback: the others still hear
                            log.exception("a write's completion callback failed")
        except BaseException:       # the thread dies (a bug): another takes what waits, or the next write
            with self._pending_changed:
                self._committer = None
                if self._pending:
                    try:
                        self._start_committer()
                    except Exception:
                        log.exception("no thread to commit the writes waiting: the next write starts one")
            raise

    def _commit_batch(self, batch: list[Write]) -> None:
        operations = list(dict.fromkeys(item.operation for item in batch))
        try:
            with self._batch_transaction() as conn:
                for item in batch:
                    try:
                        item.result = item.work(conn)
                    except Conflict as exc:             # raised before it changed anything
                        item.failed = exc
                for operation in operations:
                    self._hit(operation + ".commit")
            for operation in operations:
                self._hit(operation + ".committed")
        except Exception as exc:
            for item in batch:
                item.failed = exc
        except BaseException:
            for item in batch:
                item.failed = RuntimeError("the write was interrupted: nothing of it is stored")
            raise

    @contextlib.contextmanager
    def _batch_transaction(self) -> Iterator[Any]:
        """The transaction of a group commit: on the kept connection (an SQLite
        file; a failure closes it, rolled back), else one from the pool."""
        if not self._keeps_writer:
            with self.engine.begin() as conn:
                yield conn
            return
        conn = self._writer_connection()
        try:
            with conn.begin():
                yield conn
        except BaseException:
            self._drop_writer()
            raise


@dataclass
class Write:
    """A write waiting for its commit (``Database._run``)."""

    operation: str
    work: Callable[[Any], Any]
    result: Any = None
    failed: Optional[Exception] = None
