"""The group commits of the online games' store (a part that ``Database``
holds: ``Database.commits``): one committing thread takes every write
waiting and commits them together, in one transaction (on SQLite one sync
of the WAL), while the next ones queue.

SQLite has one writer at a time; with a thread per caller each committed
the little it found. On PostgreSQL a transaction an append cost a worker
thread, a connection checked out of the pool and a commit each (about a
third of SQLite's rate); there one batch takes the row locks of several
games, so it takes them in one order, by game id (``Write.key``), as every
other statement that locks several games' rows does (``Database.heartbeat``,
``claim``, ``expire_waiting``): two transactions that lock in one order
never wait for each other in a circle. The group commits use one
connection kept for them: checking one out of the pool and resetting it
each time cost more than the commit.

A write's work checks before it changes anything: its ``Conflict`` fails
its own request only, and leaves the transaction as it was. Any other
failure of a write's statements fails that write only: the transaction is
rolled back and the rest committed without it (after a connection that
went away meanwhile, the batch is tried once more on a new one, as nothing
of it was committed); a failure at the commit fails the batch (nothing of
it is stored, or the store cannot tell: the callers ask the database). A
write is answered only once its commit returned. The transactions pass the
named steps that ``Faults`` (the tests') makes fail (``GroupCommits``'s
hit).
"""
from __future__ import annotations

import collections
import contextlib
import logging
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, TypeVar

from sqlalchemy.exc import DBAPIError

from yinsh.web.store_errors import Conflict

__all__ = ["GroupCommits", "Write", "WriteFailed"]

T = TypeVar("T")

log = logging.getLogger("yinsh.web.database")


class GroupCommits:
    """The committing thread of a database whose writes take write_lock
    (None: PostgreSQL, whose transactions run in parallel and need none),
    on engine's connections; keeps_writer: one connection is kept for the
    group commits (an SQLite file, PostgreSQL); channel: the PostgreSQL
    channel a batch's notes (``note``) are sent on as it commits, each
    notification's first line ``origin`` (so that a process knows its own);
    together(conn, keys, joint) (PostgreSQL): locks the rows of the games of
    keys, in the order of their ids, then runs the writes of joint in one
    statement (setting their ``failed`` to their ``Conflict``), first in
    each batch; it raises ``WriteFailed`` for a write that failed before its
    statement was sent; hit(step): called at each named step of a batch
    (``<operation>.commit`` before its commit, ``<operation>.committed``
    after it), where the tests' ``Faults`` make it fail.

    A ``Database`` holds one (``Database.commits``) and hands it its writes
    (``run``, ``wait``, ``submit``); the SQL of each write is the
    database's."""

    #: The most bytes of notes sent as one notification (PostgreSQL takes up to 8000).
    NOTE_BYTES = 7900

    def __init__(self, engine: Any, write_lock: Optional[threading.Lock], keeps_writer: bool,
                 channel: Optional[str] = None,
                 together: Optional[Callable[[Any, list[str], list[Write]], None]] = None,
                 hit: Optional[Callable[[str], None]] = None) -> None:
        self.engine = engine
        self._write_lock = write_lock
        # The writes waiting for the committing thread, each group with what to call once done.
        self._pending: list[tuple[list[Write], Callable[[], None]]] = []
        self._pending_changed = threading.Condition()
        self._committer: Optional[threading.Thread] = None
        self._stopping = False                          # close(): the committing thread ends now
        self._keeps_writer = keeps_writer
        self._writer: Any = None
        self._channel = channel
        #: The first line of this database's notifications (a process skips its own).
        self.origin = secrets.token_hex(8)
        self._together = together
        self._notes: list[str] = []                     # the batch's, in the committing thread
        self._hit: Callable[[str], None] = hit if hit is not None else _no_step

    @property
    def committer(self) -> Optional[threading.Thread]:
        """The committing thread; None while none runs (the next write starts one)."""
        return self._committer

    @property
    def writer(self) -> Any:
        """The connection kept for the group commits; None while none is open."""
        return self._writer

    def close(self) -> None:
        """Ends the committing thread once it has committed what waits, and
        closes the kept connection (the next write opens them again)."""
        self._stop_committer()
        with self.writing():
            self._drop_writer()

    def _stop_committer(self) -> None:
        """Ends the committing thread once it has committed what waits."""
        with self._pending_changed:
            committer, self._stopping = self._committer, True
            self._pending_changed.notify()
        if committer is not None and committer is not threading.current_thread():
            committer.join()
        with self._pending_changed:
            self._stopping = False

    def after_fork(self) -> None:
        """In a forked child: none of the parent's threads runs here, and its
        locks may have been held by one of them; the SQLite connection is the
        parent's. Starts afresh (the next write starts a committing thread)."""
        self._pending_changed = threading.Condition()
        self._pending, self._committer, self._stopping = [], None, False
        self.origin = secrets.token_hex(8)              # the child's notifications are news to the parent
        if self._write_lock is not None:
            self._write_lock = threading.Lock()
        self._writer = None

    def note(self, text: str) -> None:
        """A line for the other processes, sent with the batch's commit (PostgreSQL)."""
        if self._channel is not None:
            self._notes.append(text)

    def _send_notes(self, conn: Any) -> None:
        """The batch's notes, as few notifications as fit (lines of one
        payload, after the line ``origin``). A batch's appends send theirs
        in their own statement (``Database._lock_and_append``): these are
        the other writes'."""
        chunks: list[list[str]] = [[]]
        size = 0
        for text in self._notes:
            length = len(text.encode()) + 1
            if chunks[-1] and size + length > self.NOTE_BYTES:
                chunks.append([])
                size = 0
            chunks[-1].append(text)
            size += length
        for chunk in chunks:
            if chunk:
                conn.exec_driver_sql("SELECT pg_notify(%s, %s)",
                                     (self._channel, "\n".join([self.origin, *chunk])))

    def writing(self) -> Any:
        """The write lock (SQLite), or nothing to take (PostgreSQL): every
        write of the database takes it."""
        return self._write_lock if self._write_lock is not None else contextlib.nullcontext()

    def _writer_connection(self) -> Any:
        """The connection of the group commits (SQLite file, PostgreSQL; in the committing thread)."""
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
    #: Seconds the committing thread, woken from idle by a write, waits for others to join
    #: it (PostgreSQL's ``commit_delay``): fewer, larger batches, and fewer wake-ups, when
    #: writes come in a trickle (several processes share the load).
    GATHER_S = 0.002

    def run(self, operation: str, work: Callable[[Any], T], key: str = "") -> T:
        """work(conn) in the transaction of every write waiting meanwhile
        (key: the id of the game whose rows it locks); its result, or its
        failure raised."""
        request = Write(operation, work, key)
        self.wait([request])
        if request.failed is not None:
            raise request.failed
        return request.result                           # type: ignore[no-any-return]

    def wait(self, requests: list[Write]) -> None:
        """Hands requests to the committing thread and waits until they are done."""
        finished = threading.Event()
        self.submit(requests, finished.set)
        finished.wait()

    def submit(self, requests: list[Write], done: Callable[[], None]) -> None:
        """Queues requests for the committing thread, which calls done() once
        they are committed or failed."""
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
        thread = threading.Thread(target=self._commit_pending, daemon=True, name="yinsh-group-commits")
        thread.start()
        self._committer = thread

    def _commit_pending(self) -> None:
        """The committing thread: takes every write waiting and commits them
        together (one transaction, one sync of the WAL: group commit), while
        the next ones queue; ends after ``COMMITTER_IDLE_S`` without work (at
        once when ``close`` asks). One thread takes them all, so that a
        batch grows with the load: with a thread per caller, each committed
        the little it found (about one write a commit at 600 actions a
        second, the others queued behind the pool of worker threads)."""
        try:
            while True:
                with self._pending_changed:
                    idle = not self._pending
                    if idle and not self._stopping:
                        self._pending_changed.wait(self.COMMITTER_IDLE_S)
                    if not self._pending:
                        self._committer = None
                        return
                if idle and self.GATHER_S and not self._stopping:
                    time.sleep(self.GATHER_S)           # woken by one write: the next few join it
                with self._pending_changed:
                    jobs, self._pending = self._pending, []
                try:
                    with self.writing():
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
        """Commits batch in one transaction, its writes in the order of their
        keys (see the module): a write whose statements fail is left out and
        the others are committed without it. On PostgreSQL the batch first
        locks its games' rows (in the order of their ids) and runs the
        writes that can share one statement (``Write.joint``) in one: a
        round trip for all, not one each (each released and took back the
        interpreter's lock, which the busy event loop holds); when that
        statement fails, the batch is run again a write at a time, to find
        the write that failed."""
        todo = sorted(batch, key=lambda item: item.key)
        operations = list(dict.fromkeys(item.operation for item in todo))
        reconnected, joint = False, self._together is not None
        try:
            while todo:
                self._notes = []
                try:
                    with self._batch_transaction() as conn:
                        self._run_writes(conn, todo, joint)
                        self._send_notes(conn)
                        for operation in operations:
                            self._hit(operation + ".commit")
                except _JointFailed:
                    joint = False
                    continue
                except WriteFailed as failed:
                    if _went_away(failed.error) and not reconnected:
                        reconnected = True              # (a connection that died idle) once more
                        continue
                    failed.item.failed = failed.error
                    todo = [item for item in todo if item is not failed.item]
                    continue
                break
            for operation in operations:
                self._hit(operation + ".committed")
        except Exception as exc:                        # at the commit: the batch fails
            for item in todo:
                item.failed = exc
        except BaseException:
            for item in todo:
                item.failed = RuntimeError("the write was interrupted: nothing of it is stored")
            raise

    def _run_writes(self, conn: Any, todo: list[Write], joint: bool) -> None:
        """Runs the writes of todo in conn's transaction, in order (with
        ``_together`` first): a ``Conflict`` is its write's failure, another
        failure raises ``WriteFailed`` (or ``_JointFailed``)."""
        writes = collections.Counter(item.key for item in todo)
        for item in todo:
            item.failed = None
        # (the only write of its game: another's, in its order, may come before it)
        shared = [item for item in todo if joint and item.joint is not None and writes[item.key] == 1]
        if self._together is not None:
            try:
                self._together(conn, sorted({item.key for item in todo}), shared)
            except WriteFailed:
                raise
            except Exception as exc:
                if not shared:
                    raise
                raise _JointFailed() from exc
        for item in todo:
            if item in shared:
                continue
            try:
                item.result = item.work(conn)
            except Conflict as exc:                     # raised before it changed anything
                item.failed = exc
            except Exception as exc:
                raise WriteFailed(item, exc) from exc

    @contextlib.contextmanager
    def _batch_transaction(self) -> Iterator[Any]:
        """The transaction of a group commit: on the kept connection (an SQLite
        file, PostgreSQL; a failure closes it, rolled back), else one from
        the pool."""
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
    """A write waiting for its commit (``GroupCommits.run``)."""

    operation: str
    work: Callable[[Any], Any]
    #: The id of the game whose rows it locks: a batch runs its writes in this order.
    key: str = ""
    #: What the write gives a statement it shares with the batch's other writes of its
    #: kind (PostgreSQL's appends: ``GroupCommits``'s together); None: its work runs alone.
    joint: Any = None
    result: Any = None
    failed: Optional[Exception] = None


class WriteFailed(Exception):
    """A write of the batch failed (not a ``Conflict``): its own failure."""

    def __init__(self, item: Write, error: Exception) -> None:
        super().__init__(str(error))
        self.item, self.error = item, error


class _JointFailed(Exception):
    """The statement of several writes failed: which write's, it does not say."""


def _no_step(step: str) -> None:
    """No failures injected."""


def _went_away(exc: Exception) -> bool:
    """Whether exc says the connection is gone (not a failure of the statement)."""
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)
