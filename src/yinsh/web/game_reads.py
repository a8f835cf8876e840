"""The reads of ``yinsh.web.database.Database``: a game as stored
(``Stored``, ``load``: in one statement on PostgreSQL), the ids of a
status, the lobby's summaries, the count of log entries, a game's stored
review. ``GameReads`` is
a part that ``Database`` holds (``Database.reads``), made with the
database's engines and tables.
"""
from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from yinsh.web import postgres_sql
from yinsh.web.online_game import Entry

__all__ = ["GameReads", "Stored"]


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
                           "level": s.get("engine_level") or 8,      # 8: stored before levels
                           "joined": s["token_hash"] is not None} for s in self.seats]}



class GameReads:
    """The reads of a ``Database`` (see the module): on engine's
    connections, or on PostgreSQL (is_postgres) a load on loader's (its
    own, in autocommit); the tables games, seats and actions (and reviews);
    reading(): what a read takes first (the write lock of an in-memory
    SQLite, whose one connection every thread shares; else nothing)."""

    def __init__(self, engine: Any, games: Any, seats: Any, actions: Any, *, is_postgres: bool,
                 loader: Any = None, reading: Callable[[], Any] = contextlib.nullcontext,
                 reviews: Any = None) -> None:
        import sqlalchemy as sa
        self.sa = sa
        self.engine, self.loader = engine, loader
        self.games, self.seats, self.actions, self.reviews = games, seats, actions, reviews
        self.is_postgres = is_postgres
        self._mark = "%s" if is_postgres else "?"       # the driver's placeholder: psycopg's, sqlite3's
        self._reading = reading

    def load(self, game_id: str, after_seq: int = 0) -> Optional[Stored]:
        """The stored game (its entries after after_seq), None when unknown.
        In the driver's SQL: SQLAlchemy building and compiling the three
        queries cost most of a load (each process loads every game it
        serves); on PostgreSQL one statement (``postgres_sql.LOAD``)."""
        if self.is_postgres:
            return self._load_postgres(game_id, after_seq)
        mark = self._mark
        with self._reading(), self.engine.connect() as conn:
            found = conn.exec_driver_sql(f'SELECT * FROM games WHERE "id" = {mark}', (game_id,)).mappings().first()
            if found is None:
                return None
            row = dict(found)
            row["public"], row["auto_throw"] = bool(row["public"]), bool(row["auto_throw"])
            seats = [dict(r) for r in conn.exec_driver_sql(
                f'SELECT * FROM seats WHERE "game_id" = {mark} ORDER BY "seat"', (game_id,)).mappings()]
            entries = [Entry(seq, ply, kind, seat, text, bool(auto), int(at_ms), int(used_ms))
                       for seq, ply, kind, seat, text, auto, at_ms, used_ms in conn.exec_driver_sql(
                           'SELECT "seq", "ply", "kind", "seat", "text", "auto", "at_ms", "used_ms" FROM actions '
                           f'WHERE "game_id" = {mark} AND "seq" > {mark} ORDER BY "seq"', (game_id, after_seq))]
        return Stored(row, seats, entries)

    def _load_postgres(self, game_id: str, after_seq: int) -> Optional[Stored]:
        """``load`` on PostgreSQL, tried once more on a new connection when
        the one it got had died (the database restarted: its connections
        are not pinged before use)."""
        for last in (False, True):
            try:
                with self.loader.connect() as conn:
                    found = conn.exec_driver_sql(postgres_sql.LOAD, (after_seq, game_id)).first()
                break
            except self.sa.exc.DBAPIError as exc:
                if last or not exc.connection_invalidated:
                    raise
        parts = postgres_sql.loaded(None if found is None else tuple(found))
        if parts is None:
            return None
        row, seats, fields = parts
        return Stored(row, seats, [Entry(*f) for f in fields])

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

    def count_actions(self, game_id: Optional[str] = None) -> int:
        """Stored log entries (of one game, or all)."""
        sa, a = self.sa, self.actions
        query = sa.select(sa.func.count()).select_from(a)
        if game_id is not None:
            query = query.where(a.c.game_id == game_id)
        with self._reading(), self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def load_review(self, game_id: str) -> Optional[str]:
        """The stored review of a game (its JSON text), None when none is stored."""
        r = self.reviews
        with self._reading(), self.engine.connect() as conn:
            found = conn.execute(self.sa.select(r.c.review).where(r.c.game_id == game_id)).first()
        return None if found is None else str(found[0])




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
