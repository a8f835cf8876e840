"""Where online games are kept: SQLite by default, PostgreSQL for several
server processes (SQLAlchemy Core; PostgreSQL through psycopg 3).

Three tables: ``games`` (the game, its options and start, the clock, the
status and result, the count of its log), ``seats`` (who plays each seat;
the SHA-256 of its token and of its invitation, never the texts) and
``actions`` (the log, one row per entry, keyed by (game, seq)).

Every change is one transaction, committed before the server answers:
``append`` first moves the game's ``seq`` on with ``UPDATE ... WHERE seq =
expected`` (on PostgreSQL that takes the game's row lock, so two processes
wait for each other, and the second finds ``seq`` moved on and gets
``Conflict``), then inserts the entries, whose primary key (game, seq)
refuses a second entry N in any case. SQLite runs in WAL mode with
``synchronous=FULL``: a commit is on disk (the WAL is synced) when it
returns, so a server killed with SIGKILL (or a machine losing power) right
after answering loses nothing; the appends that wait while one commits are
committed together, in one transaction and one sync (group commit). On PostgreSQL the same transaction sends ``NOTIFY yinsh_games``
with the game id (and its new seq), delivered to every process on commit.

>>> db = Database("sqlite://")
>>> db.create({"id": "g1", "game": "insert", "options": {"layout": 7}, "start": "s",
...            "clock": None, "auto_throw": False, "public": True, "created_ms": 1},
...           [{"kind": "person", "name": "Ann", "token_hash": "t"}, {"kind": "person", "invite_hash": "i"}])
>>> db.join("g1", 1, "i", "u", "Bob", by_invite=True), db.join("g1", 1, "i", "u", "Bob", by_invite=True)
(True, False)
>>> db.append("g1", [Entry(1, 0, "move", 0, "c3")], expected_seq=0)
>>> db.append("g1", [Entry(1, 0, "move", 0, "c4")], expected_seq=0)
Traceback (most recent call last):
yinsh.web.database.Conflict: game g1 moved on past seq 0
>>> [e.text for e in db.load("g1").entries]
['c3']
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from yinsh.web.online_game import Entry

__all__ = ["Database", "Conflict", "Stored", "default_path", "CHANNEL"]

#: The PostgreSQL channel of the games' changes (payload: the game id).
CHANNEL = "yinsh_games"


class Conflict(RuntimeError):
    """Another request (perhaps in another process) changed the game first."""


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


@dataclass
class Stored:
    """A game as stored: the games row, the seats rows, the log."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    entries: list[Entry]

    def header(self) -> dict[str, Any]:
        """What ``OnlineGame.from_header`` takes."""
        row = self.row
        return {"game": row["game"], "options": json.loads(row["options"]), "start": row["start"],
                "clock": row["clock"], "auto_throw": row["auto_throw"], "started_ms": row["started_ms"],
                "seats": [{"kind": s["kind"], "name": s["name"], "time": s["engine_time"],
                           "joined": s["token_hash"] is not None} for s in self.seats]}


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
    server calls them in worker threads."""

    def __init__(self, target: str) -> None:
        import sqlalchemy as sa
        from sqlalchemy.pool import StaticPool
        self.sa = sa
        url = _url(target)
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        if url == "sqlite://":
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False},
                                           poolclass=StaticPool)
        elif url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        else:
            self.engine = sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        # SQLite has one writer at a time: the process's writers queue here, not in busy loops.
        self._write_lock = threading.Lock() if not self.is_postgres else None
        # In memory, every thread shares one connection: reads wait for the writers too.
        self._read_lock = self._write_lock if url == "sqlite://" else None
        self._queue_lock = threading.Lock()
        self._queue: list[_Append] = []
        meta = sa.MetaData()
        self.games = sa.Table(
            "games", meta,
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("start", sa.Text, nullable=False),
            sa.Column("clock", sa.String(16)),
            sa.Column("auto_throw", sa.Boolean, nullable=False, default=False),
            sa.Column("public", sa.Boolean, nullable=False, default=False),
            sa.Column("status", sa.String(16), nullable=False, default="waiting", index=True),
            sa.Column("result", sa.Text),
            sa.Column("ply", sa.Integer, nullable=False, default=0),
            sa.Column("seq", sa.Integer, nullable=False, default=0),
            sa.Column("created_ms", sa.BigInteger, nullable=False),
            sa.Column("started_ms", sa.BigInteger),
            sa.Column("finished_ms", sa.BigInteger, index=True),
            sa.Column("rematch_of", sa.String(32)),
            sa.Column("rematch", sa.String(32)))
        self.seats = sa.Table(
            "seats", meta,
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("engine_time", sa.Float),
            sa.Column("token_hash", sa.String(64)),
            sa.Column("invite_hash", sa.String(64)))
        self.actions = sa.Table(
            "actions", meta,
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("ply", sa.Integer, nullable=False),
            sa.Column("kind", sa.String(20), nullable=False),
            sa.Column("seat", sa.Integer),
            sa.Column("text", sa.String(200), nullable=False),
            sa.Column("auto", sa.Boolean, nullable=False),
            sa.Column("at_ms", sa.BigInteger, nullable=False),
            sa.Column("used_ms", sa.BigInteger, nullable=False))
        with self._writing():
            meta.create_all(self.engine)

    # Transactions ------------------------------------------------------------------

    def _writing(self) -> Any:
        return self._write_lock if self._write_lock is not None else contextlib.nullcontext()

    def _notify(self, conn: Any, game_id: str, seq: Optional[int] = None) -> None:
        """NOTIFY (on commit) ``"<id> <seq>"`` after a log entry, ``"<id> seats"``
        after another change."""
        if self.is_postgres:
            payload = f"{game_id} {'seats' if seq is None else seq}"
            conn.execute(self.sa.text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": payload})

    def _reading(self) -> Any:
        return self._read_lock if self._read_lock is not None else contextlib.nullcontext()

    def dispose(self) -> None:
        self.engine.dispose()

    # Writing ----------------------------------------------------------------------

    def create(self, game: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> None:
        """A new game and its seats."""
        row = dict(game)
        row["options"] = json.dumps(row["options"])
        row.setdefault("status", "waiting")
        with self._writing(), self.engine.begin() as conn:
            conn.execute(self.games.insert().values(**row))
            conn.execute(self.seats.insert(), [
                {"game_id": row["id"], "seat": i, "kind": s["kind"], "name": s.get("name", "Player"),
                 "engine_time": s.get("engine_time"), "token_hash": s.get("token_hash"),
                 "invite_hash": s.get("invite_hash")} for i, s in enumerate(seats)])
            self._notify(conn, row["id"])

    def join(self, game_id: str, seat: int, key_hash: Optional[str], token_hash: str, name: str,
             by_invite: bool) -> bool:
        """Gives seat its token when it is free and key_hash is its
        invitation's (by_invite) or the game is public; False otherwise."""
        sa, s = self.sa, self.seats
        where = [s.c.game_id == game_id, s.c.seat == seat, s.c.token_hash.is_(None),
                 s.c.kind == "person"]
        where.append(s.c.invite_hash == key_hash if by_invite else s.c.game_id.in_(
            sa.select(self.games.c.id).where(self.games.c.public.is_(True))))
        with self._writing(), self.engine.begin() as conn:
            done = conn.execute(s.update().where(*where).values(
                token_hash=token_hash, invite_hash=None, name=name)).rowcount == 1
            if done:
                self._notify(conn, game_id)
            return bool(done)

    def start(self, game_id: str, at_ms: int) -> Optional[int]:
        """Starts the game when every person seat is taken; returns its start
        time (this call's or an earlier one's), None while seats are open."""
        sa, s, g = self.sa, self.seats, self.games
        with self._writing(), self.engine.begin() as conn:
            open_seats = conn.execute(sa.select(sa.func.count()).select_from(s).where(
                s.c.game_id == game_id, s.c.kind == "person", s.c.token_hash.is_(None))).scalar()
            if open_seats:
                return None
            conn.execute(g.update().where(g.c.id == game_id, g.c.status == "waiting").values(
                status="playing", started_ms=at_ms))
            self._notify(conn, game_id)
            started = conn.execute(sa.select(g.c.started_ms).where(g.c.id == game_id)).scalar()
            return None if started is None else int(started)

    def append(self, game_id: str, entries: Sequence[Entry], expected_seq: int,
               status: Optional[str] = None, result: Optional[Mapping[str, str]] = None,
               ply: Optional[int] = None) -> None:
        """Stores entries after entry expected_seq (``Conflict`` when the
        game's log is no longer there), with the game's new status, result
        and ply. On SQLite the appends of threads that wait meanwhile are
        committed together (one sync of the WAL for all: group commit)."""
        if not entries:
            return
        values: dict[str, Any] = {"seq": expected_seq + len(entries)}
        if ply is not None:
            values["ply"] = ply
        if status is not None:
            values["status"] = status
            if status == "finished":
                values["finished_ms"] = entries[-1].at_ms
                values["result"] = json.dumps(result)
        request = _Append(game_id, list(entries), expected_seq, values)
        if self._write_lock is None:
            with self.engine.begin() as conn:
                self._store(conn, request)
        else:
            self._group_commit(request)
        if request.failed is not None:
            raise request.failed

    def _store(self, conn: Any, request: "_Append") -> None:
        """One append in conn's transaction; request.failed is set (and
        nothing changed) when the game moved on."""
        g, entries = self.games, request.entries
        moved = conn.execute(g.update().where(g.c.id == request.game_id, g.c.seq == request.expected_seq)
                             .values(**request.values)).rowcount
        if moved != 1:
            request.failed = Conflict(f"game {request.game_id} moved on past seq {request.expected_seq}")
            return
        conn.execute(self.actions.insert(), [
            {"game_id": request.game_id, "seq": e.seq, "ply": e.ply, "kind": e.kind, "seat": e.seat,
             "text": e.text, "auto": e.auto, "at_ms": e.at_ms, "used_ms": e.used_ms}
            for e in entries])
        self._notify(conn, request.game_id, entries[-1].seq)

    def _group_commit(self, request: "_Append") -> None:
        assert self._write_lock is not None
        with self._queue_lock:
            self._queue.append(request)
        while not request.done.is_set():
            with self._write_lock:                          # one thread commits for all waiting
                with self._queue_lock:
                    batch, self._queue = self._queue, []
                if not batch:
                    continue
                try:
                    with self.engine.begin() as conn:
                        for item in batch:
                            self._store(conn, item)
                except Exception as exc:                    # nothing of the batch was stored
                    for item in batch:
                        item.failed = exc
                for item in batch:
                    item.done.set()

    def set_rematch(self, game_id: str, rematch_id: str) -> Optional[str]:
        """Records rematch_id as game_id's rematch unless it has one; returns
        the rematch now recorded."""
        sa, g = self.sa, self.games
        with self._writing(), self.engine.begin() as conn:
            conn.execute(g.update().where(g.c.id == game_id, g.c.rematch.is_(None))
                         .values(rematch=rematch_id))
            self._notify(conn, game_id)
            found = conn.execute(sa.select(g.c.rematch).where(g.c.id == game_id)).scalar()
            return None if found is None else str(found)

    # Reading ------------------------------------------------------------------------

    def load(self, game_id: str, after_seq: int = 0) -> Optional[Stored]:
        """The stored game (its entries after after_seq), None when unknown."""
        sa, g, s, a = self.sa, self.games, self.seats, self.actions
        with self._reading(), self.engine.connect() as conn:
            row = conn.execute(sa.select(g).where(g.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seats = [dict(r) for r in conn.execute(
                sa.select(s).where(s.c.game_id == game_id).order_by(s.c.seat)).mappings()]
            entries = [Entry(r.seq, r.ply, r.kind, r.seat, r.text, bool(r.auto), int(r.at_ms),
                             int(r.used_ms))
                       for r in conn.execute(sa.select(a).where(a.c.game_id == game_id, a.c.seq > after_seq)
                                             .order_by(a.c.seq))]
        return Stored(dict(row), seats, entries)

    def ids(self, status: str) -> list[str]:
        """The ids of the games of a status."""
        g = self.games
        with self._reading(), self.engine.connect() as conn:
            return [r[0] for r in conn.execute(self.sa.select(g.c.id).where(g.c.status == status))]

    def summaries(self, status: str, *, public_only: bool = False, game: Optional[str] = None,
                  limit: int = 50, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
        """The games of a status (newest first) as the lobby lists them, and their count."""
        sa, g, s = self.sa, self.games, self.seats
        where = [g.c.status == status]
        if public_only:
            where.append(g.c.public.is_(True))
        if game is not None:
            where.append(g.c.game == game)
        order = g.c.finished_ms.desc() if status == "finished" else g.c.created_ms.desc()
        with self._reading(), self.engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).select_from(g).where(*where)).scalar()
            rows = [dict(r) for r in conn.execute(
                sa.select(g).where(*where).order_by(order).limit(limit).offset(offset)).mappings()]
            seats: dict[str, list[dict[str, Any]]] = {r["id"]: [] for r in rows}
            if rows:
                for r in conn.execute(sa.select(s).where(s.c.game_id.in_(list(seats)))
                                      .order_by(s.c.seat)).mappings():
                    seats[r["game_id"]].append({"seat": r["seat"], "kind": r["kind"], "name": r["name"],
                                                "joined": r["kind"] == "engine" or r["token_hash"] is not None})
        return [_summary(r, seats[r["id"]]) for r in rows], int(total or 0)

    def expire_waiting(self, created_before_ms: int) -> list[str]:
        """Deletes the games still waiting for players that were made before
        created_before_ms (nobody joined them in time); returns their ids."""
        g, s, a = self.games, self.seats, self.actions
        with self._writing(), self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(self.sa.select(g.c.id).where(
                g.c.status == "waiting", g.c.created_ms < created_before_ms))]
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                conn.execute(a.delete().where(a.c.game_id.in_(chunk)))
                conn.execute(s.delete().where(s.c.game_id.in_(chunk)))
                conn.execute(g.delete().where(g.c.id.in_(chunk), g.c.status == "waiting"))
        return ids

    def count_actions(self, game_id: Optional[str] = None) -> int:
        """Stored log entries (of one game, or all)."""
        sa, a = self.sa, self.actions
        query = sa.select(sa.func.count()).select_from(a)
        if game_id is not None:
            query = query.where(a.c.game_id == game_id)
        with self._reading(), self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)


@dataclass
class _Append:
    """An append waiting for its commit."""

    game_id: str
    entries: list[Entry]
    expected_seq: int
    values: dict[str, Any]
    failed: Optional[Exception] = None
    done: threading.Event = field(default_factory=threading.Event)


def _summary(row: Mapping[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    from yinsh.web.games import WEB_GAMES
    web = WEB_GAMES.get(row["game"])
    if web is not None:
        board = web.board_from_position(row["start"])
        names, sides = web.side_names(board), web.seats(board)
        for seat in seats:
            seat["side"] = names[sides[seat["seat"]]]
    return {"id": row["id"], "game": row["game"], "title": web.title if web else row["game"],
            "options": json.loads(row["options"]), "clock": row["clock"], "status": row["status"],
            "public": bool(row["public"]), "seats": seats, "ply": row["ply"],
            "result": json.loads(row["result"]) if row["result"] else None,
            "created": row["created_ms"], "finished": row["finished_ms"]}


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
