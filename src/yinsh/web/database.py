"""Where online games are kept: SQLite by default, PostgreSQL for several
server processes (SQLAlchemy Core; PostgreSQL through psycopg 3).

Three tables: ``games`` (the game, its options and start, the clock, the
status and result, the count of its log), ``seats`` (who plays each seat;
the SHA-256 of its token and of its invitation, never the texts) and
``actions`` (the log, one row per entry, keyed by (game, seq)); and a
fourth, ``reviews``, a finished game's review by the engine (its JSON:
``save_review``, ``load_review``), the first one stored kept.

Every change is one transaction, all or nothing, committed before the
server answers: a game with its seats and first entries (``create``); a
seat taken with its invitation used up, the game's start and first entries
(``join``); a rematch with its link (``rematch``); entries (``append``),
which first move the game's ``seq`` on with ``UPDATE ... WHERE seq =
expected`` (on PostgreSQL that takes the game's row lock, so two processes
wait for each other, and the second finds ``seq`` moved on and gets
``Conflict``), then insert the entries, whose primary key (game, seq)
refuses a second entry N in any case. SQLite runs in WAL mode with
``synchronous=FULL``: a commit is on disk (the WAL is synced) when it
returns, so a server killed with SIGKILL (or a machine losing power) right
after answering loses nothing. On both, the writes of games that wait
while one commits are committed together, in one transaction (group
commit, ``yinsh.web.group_commit``), each still all or nothing. On
PostgreSQL the same transaction sends ``NOTIFY yinsh_games`` with the game
id (and its new seq), delivered to every process on commit; a batch takes
its games' row locks in the order of their ids, as the heartbeat, the
takeover and the expiry do, so no two transactions deadlock.

Each game in play has an owner process (``owner``, ``alive_ms``): the
owner's ``heartbeat`` renews it, ``claim`` takes the games whose owner
stopped beating. ``Faults`` injects failures into every step of the
transactions, for the tests.

``Database`` holds its parts, and inherits from neither: ``commits``, a
``GroupCommits`` (the committing thread, the waiting writes committed
together, the write lock), to which it hands its writes, and ``reads``, a
``GameReads`` (``load``, ``ids``, ``summaries``, ``count_actions``), which
its methods of those names ask. It keeps the SQL of every write, the
engines and the tables.

>>> db = Database("sqlite://")
>>> db.create({"id": "g1", "game": "insert", "options": {"layout": 7}, "start": "s",
...            "clock": None, "auto_throw": False, "public": True, "created_ms": 1},
...           [{"kind": "person", "name": "Ann", "token_hash": "t"}, {"kind": "person", "invite_hash": "i"}])
>>> db.join("g1", 1, "i", "u", "Bob", by_invite=True, started_ms=5)
True
>>> db.join("g1", 1, "i", "u2", "Cy", by_invite=True, started_ms=6)
False
>>> db.append("g1", [Entry(1, 0, "move", 0, "c3")], expected_seq=0)
>>> db.append("g1", [Entry(1, 0, "move", 0, "c4")], expected_seq=0)
Traceback (most recent call last):
yinsh.web.store_errors.Conflict: game g1 moved on past seq 0
>>> [e.text for e in db.load("g1").entries]
['c3']
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
import threading
import weakref
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, TypeVar

from yinsh.web import postgres_sql
from yinsh.web.game_reads import GameReads, Stored
from yinsh.web.group_commit import GroupCommits, Write as _Write, WriteFailed
from yinsh.web.online_game import Entry
from yinsh.web.store_errors import Conflict, Faults
from yinsh.web.tables import add_columns, review_table, tables

__all__ = ["Database", "default_path", "CHANNEL"]

T = TypeVar("T")

#: The PostgreSQL channel of the games' changes (payload: the game id).
CHANNEL = "yinsh_games"
#: The PostgreSQL advisory lock a process holds while it makes or updates the tables.
SCHEMA_LOCK = 0x79696E7368                 # "yinsh"


def default_path() -> Path:
    """The default SQLite file: under the user's data directory
    (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application
    Support`` on macOS, ``%LOCALAPPDATA%`` on Windows)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "yinsh" / "games.sqlite3"


def _url(target: str) -> str:
    """An SQLAlchemy URL for a path or a database URL."""
    if target.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + target.split("://", 1)[1]
    if "://" in target:
        return target
    path = Path(target).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


class Database:
    """The games' store at target: a file path, ``sqlite://`` (in memory,
    for tests), or ``postgresql://user@host/db``. Its methods block: the
    server calls them in worker threads. It holds its committing thread
    (``commits``) and its reads (``reads``): see the module."""

    def __init__(self, target: str) -> None:
        import sqlalchemy as sa
        from sqlalchemy.pool import StaticPool
        self.sa = sa
        url = _url(target)
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        #: The PostgreSQL channel of the games' changes (``live.Listener`` listens on it).
        self.channel = CHANNEL
        self._loader: Any = None
        if url == "sqlite://":
            engine = sa.create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
        elif url.startswith("sqlite"):
            engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        else:
            engine = sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
            # Loads (every process loads every game it serves) on connections of their own in
            # autocommit, without the ping a checkout costs: one round trip a load (``GameReads.load``).
            self._loader = sa.create_engine(url, pool_size=4, max_overflow=4, isolation_level="AUTOCOMMIT")
        if url.startswith("sqlite"):
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        self.engine = engine
        #: Injected failures (tests): see ``Faults``.
        self.faults: Optional[Faults] = None
        #: The committing thread. SQLite has one writer at a time: the process's writers queue
        #: (on its write lock), not in busy loops; the group commits keep a connection of their
        #: own (but in memory).
        self.commits = GroupCommits(engine, threading.Lock() if not self.is_postgres else None,
                                    keeps_writer=url != "sqlite://", channel=CHANNEL if self.is_postgres else None,
                                    together=self._lock_and_append if self.is_postgres else None, hit=self._hit)
        _databases.add(self)
        meta = sa.MetaData()
        self.games, self.seats, self.actions = tables(meta)
        self.reviews = review_table(meta)
        #: The reads. In memory, every thread shares one connection: reads wait for the writers too.
        self.reads = GameReads(engine, self.games, self.seats, self.actions, is_postgres=self.is_postgres,
                               loader=self._loader, reviews=self.reviews,
                               reading=self.commits.writing if url == "sqlite://" else contextlib.nullcontext)
        #: The columns' defaults of a games row (inserted in the driver's SQL: ``_insert_game``).
        from sqlalchemy.sql.schema import ScalarElementColumnDefault
        self._game_defaults = {c.key: c.default.arg for c in self.games.c
                               if isinstance(c.default, ScalarElementColumnDefault)}
        # The append's two statements in the driver's SQL (its placeholder: sqlite3's ?, psycopg's %s).
        self._mark = "%s" if self.is_postgres else "?"
        self._statements: dict[tuple[tuple[str, ...], bool, int], str] = {}
        self._statements_of_rows: dict[tuple[str, ...], str] = {}      # a games row's insert, by its columns
        self._insert_seats = ('INSERT INTO seats ("game_id", "seat", "kind", "name", "engine_time", '
                              f'"engine_level", "token_hash", "invite_hash") VALUES ({", ".join([self._mark] * 8)})')
        self._insert_actions = ('INSERT INTO actions ("game_id", "seq", "ply", "kind", "seat", "text", '
                                f'"auto", "at_ms", "used_ms") VALUES ({", ".join([self._mark] * 9)})')
        with self.commits.writing(), engine.begin() as conn:
            if self.is_postgres:        # processes starting together: one makes the tables, the others wait
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            meta.create_all(conn)
            add_columns(conn, self.is_postgres)

    @property
    def origin(self) -> str:
        """The first line of this database's notifications (a process skips its own)."""
        return self.commits.origin

    def _hit(self, step: str) -> None:
        """A named step of a transaction: where ``faults`` may fail it."""
        if self.faults is not None:
            self.faults.hit(step)

    # Reads (``GameReads``) ------------------------------------------------------------

    def load(self, game_id: str, after_seq: int = 0) -> Optional[Stored]:
        """The stored game (its entries after after_seq), None when unknown
        (``GameReads.load``)."""
        return self.reads.load(game_id, after_seq)

    def ids(self, status: str) -> list[str]:
        """The ids of the games of a status."""
        return self.reads.ids(status)

    def summaries(self, status: str, *, public_only: bool = False, game: Optional[str] = None,
                  limit: int = 50, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
        """The games of a status (newest first) as the lobby lists them, and their count."""
        return self.reads.summaries(status, public_only=public_only, game=game, limit=limit, offset=offset)

    def count_actions(self, game_id: Optional[str] = None) -> int:
        """Stored log entries (of one game, or all)."""
        return self.reads.count_actions(game_id)

    def load_review(self, game_id: str) -> Optional[str]:
        """The stored review of a game (its JSON text), None when there is none."""
        return self.reads.load_review(game_id)

    # Transactions ------------------------------------------------------------------

    def _notify(self, game_id: str, entries: Sequence[Entry] = (), update: Optional[str] = None) -> None:
        """NOTIFY (with the batch's commit, one notification for many) the
        line of a change (``_note_line``)."""
        if self.is_postgres:
            self.commits.note(self._note_line(game_id, entries, update, GroupCommits.NOTE_BYTES))

    @staticmethod
    def _note_line(game_id: str, entries: Sequence[Entry], update: Optional[str], limit: int) -> str:
        """The notification line of a change: ``"<id> <seq> <entries>"``
        after log entries (their fields as JSON: the other processes need not
        read them), followed by a tab and the update's text up to its
        ``you`` when the append came with one (its ``update``:
        ``yinsh.web.live.update_head``; the other processes need not make it
        again); ``"<id> <seq>"`` when the entries make it limit bytes or
        more; ``"<id> seats"`` after another change."""
        if not entries:
            return f"{game_id} seats"
        line = f"{game_id} {entries[-1].seq} " + json.dumps(
            [[e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms] for e in entries],
            separators=(",", ":"))
        if len(line.encode()) >= limit:
            return f"{game_id} {entries[-1].seq}"
        if update is not None and len(line.encode()) + 1 + len(update.encode()) < limit:
            line += "\t" + update
        return line

    def dispose(self) -> None:
        """Closes the database's connections, once the committing thread has
        committed what waits and ended (a later call opens them again)."""
        self.commits.close()
        self.engine.dispose()
        if self._loader is not None:
            self._loader.dispose()

    def _after_fork(self) -> None:
        """In a forked child: starts afresh (``GroupCommits.after_fork``)."""
        self.commits.after_fork()
        if self._loader is not None:
            self._loader.dispose(close=False)           # the parent's connections stay the parent's

    # Writing ----------------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self, operation: str) -> Iterator[Any]:
        """One transaction of operation (on SQLite under the process's write
        lock), passing its ``commit`` and ``committed`` steps (``Faults``)."""
        with self.commits.writing():
            with self.engine.begin() as conn:
                yield conn
                self._hit(operation + ".commit")
            self._hit(operation + ".committed")

    @staticmethod
    def _values(entries: Sequence[Entry], status: Optional[str], result: Optional[Mapping[str, str]],
                ply: Optional[int]) -> dict[str, Any]:
        """The games row's columns after entries."""
        values: dict[str, Any] = {}
        if ply is not None:
            values["ply"] = ply
        if status is not None:
            values["status"] = status
            if status == "finished":
                values["finished_ms"] = entries[-1].at_ms if entries else None
                values["result"] = json.dumps(result)
        return values

    def _put(self, conn: Any, operation: str, game_id: str, entries: Sequence[Entry], expected_seq: int,
             values: Mapping[str, Any], owner: Optional[str] = None) -> None:
        """In conn's transaction: moves the game's seq on from expected_seq
        (``Conflict`` when it is elsewhere, or when owner is given and the
        game is not owner's), with values, and inserts entries. On
        PostgreSQL the UPDATE takes the game's row lock until the commit;
        there both are one statement (one round trip: a batch makes many)."""
        if self.is_postgres and entries:
            sql, params = self._moving(operation, game_id, entries, expected_seq, values, owner)
            if conn.exec_driver_sql(sql, params).rowcount == 0:
                raise _moved_on(game_id, expected_seq, owner)
            return
        self._hit(operation + ".seq")
        params = (expected_seq + len(entries), *values.values(), game_id, expected_seq,
                  *([owner] if owner is not None else []))
        # The driver's SQL, made once per shape: SQLAlchemy's statement machinery (building,
        # caching and compiling a statement) was most of an append's CPU.
        moved = conn.exec_driver_sql(self._advance(tuple(values), owner is not None), params)
        if moved.rowcount != 1:
            raise _moved_on(game_id, expected_seq, owner)
        if entries:
            self._hit(operation + ".log")
            conn.exec_driver_sql(self._insert_actions, [
                (game_id, e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms)
                for e in entries])

    def _moving(self, operation: str, game_id: str, entries: Sequence[Entry], expected_seq: int,
                values: Mapping[str, Any], owner: Optional[str]) -> tuple[str, tuple[Any, ...]]:
        """``_put``'s one statement on PostgreSQL and its parameters (its
        rowcount: 0 when the game was not moved on, and nothing inserted)."""
        self._hit(operation + ".seq")
        params = [expected_seq + len(entries), *values.values(), game_id, expected_seq]
        if owner is not None:
            params.append(owner)
        self._hit(operation + ".log")
        for e in entries:
            params += (e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms)
        return self._advance(tuple(values), owner is not None, len(entries)), tuple(params)

    def _advance(self, columns: tuple[str, ...], owned: bool, entries: int = 0) -> str:
        """The SQL that moves a game's seq on (parameters: the new seq,
        columns, the id, the expected seq and the owner when owned), made
        once per shape; with entries (PostgreSQL), and that many entries
        inserted when it moved (parameters: each entry's columns but the
        game's id)."""
        key = (columns, owned, entries)
        sql = self._statements.get(key)
        if sql is None:
            mark = self._mark
            sets = ", ".join(f'"{name}" = {mark}' for name in ("seq",) + columns)
            sql = f'UPDATE games SET {sets} WHERE "id" = {mark} AND "seq" = {mark}'
            if owned:
                sql += f' AND "owner" = {mark}'
            if entries:
                row = ("(%s::integer, %s::integer, %s::varchar, %s::integer, %s::varchar, %s::boolean, "
                       "%s::bigint, %s::bigint)")
                sql = (f'WITH moved AS ({sql} RETURNING "id") INSERT INTO actions ("game_id", "seq", "ply", '
                       '"kind", "seat", "text", "auto", "at_ms", "used_ms") SELECT moved."id", v.* '
                       f'FROM moved, (VALUES {", ".join([row] * entries)}) AS v')
            self._statements[key] = sql
        return sql

    def _insert_game(self, conn: Any, operation: str, game: Mapping[str, Any],
                     seats: Sequence[Mapping[str, Any]], entries: Sequence[Entry]) -> str:
        row = {**self._game_defaults, **game}
        row["options"] = json.dumps(row["options"])
        row.setdefault("status", "waiting")
        row["seq"] = len(entries)
        if row["status"] == "finished" and entries:
            row["finished_ms"] = entries[-1].at_ms
        if isinstance(row.get("result"), dict):
            row["result"] = json.dumps(row["result"])
        self._hit(operation + ".game")
        columns = tuple(row)
        insert = self._statements_of_rows.get(columns)
        if insert is None:
            names = ", ".join('"' + column + '"' for column in columns)
            insert = self._statements_of_rows[columns] = (
                f'INSERT INTO games ({names}) VALUES ({", ".join([self._mark] * len(columns))})')
        conn.exec_driver_sql(insert, tuple(row.values()))
        self._hit(operation + ".seats")
        conn.exec_driver_sql(self._insert_seats, [
            (row["id"], i, s["kind"], s.get("name", "Player"), s.get("engine_time"), s.get("engine_level"),
             s.get("token_hash"), s.get("invite_hash")) for i, s in enumerate(seats)])
        if entries:
            self._hit(operation + ".log")
            conn.exec_driver_sql(self._insert_actions, [
                (row["id"], e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms)
                for e in entries])
        self._notify(row["id"])
        return str(row["id"])

    def create(self, game: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
               entries: Sequence[Entry] = ()) -> None:
        """A new game, its seats and its first entries (the server's own:
        forced actions, engines' throws), in one transaction. The game's row
        may name its ``owner`` and ``alive_ms`` (see ``claim``)."""
        self._run("create", lambda conn: self._insert_game(conn, "create", game, seats, entries),
                  key=str(game["id"]))

    def save_review(self, game_id: str, review: str, nodes: int, made_ms: int) -> None:
        """Stores the review of a game (its JSON text; searched with nodes a
        position, made at made_ms) unless one is stored already: the first
        kept (two processes may review a game at once)."""
        mark = self._mark
        insert = (f'INSERT INTO reviews ("game_id", "nodes", "made_ms", "review") VALUES '
                  f'({mark}, {mark}, {mark}, {mark}) ON CONFLICT DO NOTHING')

        def work(conn: Any) -> None:
            conn.exec_driver_sql(insert, (game_id, nodes, made_ms, review))

        self._run("review", work, key=game_id)

    def join(self, game_id: str, seat: int, key_hash: Optional[str], token_hash: str, name: str,
             by_invite: bool, *, expected_seq: int = 0, started_ms: Optional[int] = None,
             entries: Sequence[Entry] = (), status: Optional[str] = None,
             result: Optional[Mapping[str, str]] = None, ply: Optional[int] = None,
             owner: Optional[str] = None) -> bool:
        """Gives seat its token when it is free and key_hash is its
        invitation's (by_invite) or the game is public; False otherwise
        (nothing changed). In the same transaction, when started_ms is given
        (the caller saw this seat as the last open one), the game starts then
        and entries (its first, the server's own) are stored after
        expected_seq; owner (the joining process) then owns it (its clock and
        engines run where it started, which has it loaded). ``Conflict``
        (nothing changed) when the game is not as the caller saw it: its log
        moved on, or another seat changed."""
        mark = self._mark
        lock = f'SELECT "seq", "public" FROM games WHERE "id" = {mark}' + (" FOR UPDATE" if self.is_postgres else "")

        def work(conn: Any) -> bool:                    # every check before any change
            self._hit("join.lock")
            found = conn.exec_driver_sql(lock, (game_id,)).first()
            if found is None or found[0] != expected_seq:
                raise Conflict(f"game {game_id} moved on past seq {expected_seq}")
            self._hit("join.check")
            open_seats = dict(conn.exec_driver_sql(         # each person's seat nobody holds: its invitation
                f'SELECT "seat", "invite_hash" FROM seats WHERE "game_id" = {mark} AND "kind" = \'person\' '
                'AND "token_hash" IS NULL', (game_id,)).all())
            if seat not in open_seats or not (open_seats[seat] == key_hash if by_invite else found[1]):
                return False
            if bool(len(open_seats) - 1) == (started_ms is not None):
                raise Conflict(f"the seats of game {game_id} changed meanwhile")
            self._hit("join.seat")
            conn.exec_driver_sql(f'UPDATE seats SET "token_hash" = {mark}, "invite_hash" = NULL, "name" = {mark} '
                                 f'WHERE "game_id" = {mark} AND "seat" = {mark}', (token_hash, name, game_id, seat))
            if started_ms is not None:
                values = {"status": "playing", "started_ms": started_ms,
                          **self._values(entries, status, result, ply)}
                if owner is not None:
                    values.update(owner=owner, alive_ms=started_ms)
                self._put(conn, "join", game_id, entries, expected_seq, values)
            self._notify(game_id)
            return True

        return self._run("join", work, key=game_id)

    def rematch(self, game_id: str, game: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                entries: Sequence[Entry] = ()) -> str:
        """Creates game (with seats and first entries, as ``create``) as
        game_id's rematch unless game_id has one, in one transaction;
        returns the id of the rematch now recorded (game's, or the one that
        was there: then nothing changed)."""
        sa, g = self.sa, self.games

        def work(conn: Any) -> str:
            self._hit("rematch.lock")
            found = conn.execute(sa.select(g.c.rematch).where(g.c.id == game_id).with_for_update()).first()
            if found is None:
                raise Conflict(f"game {game_id} is not in the database")
            if found[0] is not None:
                return str(found[0])
            new_id = self._insert_game(conn, "rematch", game, seats, entries)
            self._hit("rematch.link")
            conn.execute(g.update().where(g.c.id == game_id).values(rematch=new_id))
            self._notify(game_id)
            return new_id

        return self._run("rematch", work, key=game_id)

    def append(self, game_id: str, entries: Sequence[Entry], expected_seq: int,
               status: Optional[str] = None, result: Optional[Mapping[str, str]] = None,
               ply: Optional[int] = None, owner: Optional[str] = None,
               update: Optional[str] = None) -> None:
        """Stores entries after entry expected_seq (``Conflict`` when the
        game's log is no longer there, or when owner is given and the game is
        not owner's), with the game's new status, result and ply; update:
        the text of their update for the other processes (PostgreSQL: in
        the notification, ``_notify``). The writes of threads that wait
        meanwhile are committed together (group commit)."""
        if not entries:
            return
        failure, = self.append_all([{"game_id": game_id, "entries": entries, "expected_seq": expected_seq,
                                     "status": status, "result": result, "ply": ply, "owner": owner,
                                     "update": update}])
        if failure is not None:
            raise failure

    def append_all(self, appends: Sequence[Mapping[str, Any]]) -> list[Optional[Exception]]:
        """Several ``append`` calls (each a mapping of its arguments), each
        all or nothing on its own (its failure is its own); returns the
        failure of each (None: stored). They are committed together, with
        every other write waiting (one transaction; on SQLite one sync; on
        PostgreSQL their games' row locks taken in the order of their ids)."""
        requests = self._append_requests(appends)
        self.commits.wait(requests)
        return [request.failed for request in requests]

    def append_later(self, appends: Sequence[Mapping[str, Any]],
                     done: Callable[[list[Optional[Exception]]], None]) -> None:
        """``append_all`` without waiting: the appends join the
        writes waiting for the committing thread, which calls
        done(failures) once they are committed or failed. The server hands
        it the appends of one turn of its event loop: no worker thread
        waits for the commit.

        >>> import threading
        >>> db, heard = Database("sqlite://"), threading.Event()
        >>> db.create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
        ...            "auto_throw": False, "public": True, "created_ms": 1}, [{"kind": "person"}])
        >>> def done(failures):
        ...     print(failures); heard.set()
        >>> db.append_later([{"game_id": "g", "entries": [Entry(1, 0, "move", 0, "c3")],
        ...                   "expected_seq": 0}], done); _ = heard.wait(10)
        [None]
        """
        requests = self._append_requests(appends)
        self.commits.submit(requests, lambda: done([request.failed for request in requests]))

    def _append_requests(self, appends: Sequence[Mapping[str, Any]]) -> list["_Write"]:
        requests = []
        for call in appends:
            call = dict(call)
            if not call["entries"]:
                requests.append(_Write("append", lambda conn: None))
                continue
            game_id, entries, expected_seq = call.pop("game_id"), call.pop("entries"), call.pop("expected_seq")
            owner, update = call.pop("owner", None), call.pop("update", None)
            values = self._values(entries, call.get("status"), call.get("result"), call.get("ply"))
            arguments = (game_id, entries, expected_seq, values, owner, update)
            requests.append(_Write("append", functools.partial(self._append_work, *arguments), game_id,
                                   arguments if self.is_postgres else None))
        return requests

    def _append_work(self, game_id: str, entries: Sequence[Entry], expected_seq: int,
                     values: Mapping[str, Any], owner: Optional[str], update: Optional[str],
                     conn: Any) -> None:
        self._put(conn, "append", game_id, entries, expected_seq, values, owner)
        self._notify(game_id, entries, update)

    def _lock_and_append(self, conn: Any, keys: list[str], shared: list["_Write"]) -> None:
        """The start of a batch on PostgreSQL (``GroupCommits``'s together):
        locks the rows of the games of keys (those there), in the order of
        their ids, stores the appends of shared (each ``Write.joint``: the
        game, its entries, the expected seq, the row's values, the owner,
        the update's text) and sends their notification lines, all in one
        statement (``postgres_sql.APPEND_ALL``); an append whose game was not
        where it expected gets its ``Conflict``."""
        if not shared:
            if len(keys) > 1:
                conn.exec_driver_sql('SELECT "id" FROM games WHERE "id" = ANY(%s) ORDER BY "id" FOR UPDATE',
                                     (keys,))
            return
        games: list[list[Any]] = []
        logs: list[list[Any]] = []
        for item in shared:
            game_id, entries, expected_seq, values, owner, update = item.joint
            try:
                self._hit("append.seq")
                self._hit("append.log")
            except Exception as exc:
                raise WriteFailed(item, exc) from exc
            note = self._note_line(game_id, entries, update, postgres_sql.LINE_BYTES)
            games.append([game_id, expected_seq + len(entries), expected_seq, values.get("ply"),
                          values.get("status"), values.get("result"), values.get("finished_ms"), owner, note])
            logs.extend([game_id, e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms]
                        for e in entries)
        moved = {row[0] for row in conn.exec_driver_sql(
            postgres_sql.APPEND_ALL, postgres_sql.append_parameters(keys, games, logs, CHANNEL,
                                                                    self.commits.origin))}
        for item in shared:
            game_id, entries, expected_seq, values, owner, _ = item.joint
            if game_id not in moved:
                item.failed = _moved_on(game_id, expected_seq, owner)

    def _run(self, operation: str, work: Callable[[Any], T], key: Optional[str] = None) -> T:
        """work(conn) in the transaction of every write waiting meanwhile:
        one thread commits them all together (group commit: ``commits.run``;
        see ``yinsh.web.group_commit``). key: the id of the one game whose
        rows work locks; None, a write that locks several games' rows (in
        the order of their ids): on PostgreSQL in a transaction of its own,
        so a batch's writes keep one order. work checks before it changes
        anything: its ``Conflict`` fails its own request only."""
        if key is None and self.is_postgres:
            with self._transaction(operation) as conn:
                return work(conn)
        return self.commits.run(operation, work, key or "")

    # Owners -------------------------------------------------------------------------

    def heartbeat(self, owner: str, now_ms: int) -> list[str]:
        """owner (a server process) is alive at now_ms: renews its lease on
        its games waiting or in play (their rows locked in the order of
        their ids); returns their ids."""
        sa, g = self.sa, self.games

        def work(conn: Any) -> list[str]:
            self._hit("heartbeat.renew")
            ids = [r[0] for r in conn.execute(sa.select(g.c.id).where(
                g.c.owner == owner, g.c.status.in_(("waiting", "playing"))).order_by(g.c.id).with_for_update())]
            if ids:
                conn.execute(g.update().where(g.c.id.in_(ids)).values(alive_ms=now_ms))
            return ids

        return self._run("heartbeat", work)

    def claim(self, owner: str, now_ms: int, lease_ms: int) -> list[tuple[str, Optional[int]]]:
        """Makes owner the owner of the games in play that have none or
        whose owner's last heartbeat is older than lease_ms (0: every other
        owner's); returns each game taken with its last heartbeat (when it
        was last served; None when unknown). Their rows are locked in the
        order of their ids, and checked again once locked."""
        sa, g = self.sa, self.games

        def work(conn: Any) -> list[tuple[str, Optional[int]]]:
            self._hit("claim.find")
            rows = conn.execute(sa.select(g.c.id, g.c.alive_ms).where(
                g.c.status == "playing", sa.or_(g.c.owner.is_(None), g.c.owner != owner),
                sa.or_(g.c.alive_ms.is_(None), g.c.alive_ms <= now_ms - lease_ms))
                .order_by(g.c.id).with_for_update()).all()
            if rows:
                self._hit("claim.take")
                conn.execute(g.update().where(g.c.id.in_([r[0] for r in rows])).values(
                    owner=owner, alive_ms=now_ms))
            return [(str(game_id), None if alive is None else int(alive)) for game_id, alive in rows]

        return self._run("claim", work)

    def expire_waiting(self, created_before_ms: int) -> list[str]:
        """Deletes the games still waiting for players that were made before
        created_before_ms (nobody joined them in time); returns their ids.
        Their rows are locked in the order of their ids before anything
        else of them."""
        g, s, a = self.games, self.seats, self.actions
        with self.commits.writing(), self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(self.sa.select(g.c.id).where(
                g.c.status == "waiting", g.c.created_ms < created_before_ms)
                .order_by(g.c.id).with_for_update())]
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                conn.execute(a.delete().where(a.c.game_id.in_(chunk)))
                conn.execute(s.delete().where(s.c.game_id.in_(chunk)))
                conn.execute(g.delete().where(g.c.id.in_(chunk), g.c.status == "waiting"))
        return ids

#: Every Database of the process, to start afresh in a forked child.
_databases: "weakref.WeakSet[Database]" = weakref.WeakSet()


def _after_fork_in_child() -> None:
    for database in list(_databases):
        database._after_fork()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def _moved_on(game_id: str, expected_seq: int, owner: Optional[str]) -> Conflict:
    return Conflict(f"game {game_id} moved on past seq {expected_seq}" if owner is None else
                    f"game {game_id} moved on past seq {expected_seq}, or is not this process's")


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
