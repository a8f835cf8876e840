"""The online games' three tables (``yinsh.web.database``): ``games`` (the
game, its options and start, the clock, the status and result, the count
of its log, its owner process), ``seats`` (who plays each seat; the SHA-256
of its token and of its invitation) and ``actions`` (the log, one row per
entry, keyed by (game, seq)); ``reviews`` (the engine's review of a
finished game, as its JSON, ``review_table``); and the columns an older
database lacks (a table it lacks, ``reviews``, is made by ``create_all``).
"""
from __future__ import annotations

from typing import Any

import sqlalchemy as sa

__all__ = ["tables", "review_table", "add_columns"]


def tables(meta: sa.MetaData) -> tuple[sa.Table, sa.Table, sa.Table]:
    """The tables ``games``, ``seats`` and ``actions``, made in meta."""
    games = sa.Table(
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
        sa.Column("rematch", sa.String(32)),
        sa.Column("owner", sa.String(32)),
        sa.Column("alive_ms", sa.BigInteger))
    seats = sa.Table(
        "seats", meta,
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("engine_time", sa.Float),
        sa.Column("engine_level", sa.SmallInteger),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("invite_hash", sa.String(64)))
    actions = sa.Table(
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
    return games, seats, actions


def review_table(meta: sa.MetaData) -> sa.Table:
    """The table ``reviews``, made in meta: a finished game's review
    (``yinsh.web.review_jobs``), one a game, as its JSON text, with the
    nodes a position it was searched with and when it was made."""
    return sa.Table(
        "reviews", meta,
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("nodes", sa.Integer, nullable=False),
        sa.Column("made_ms", sa.BigInteger, nullable=False),
        sa.Column("review", sa.Text, nullable=False))


def add_columns(conn: Any, is_postgres: bool) -> None:
    """Adds the columns a database made by an older version lacks (in
    conn's transaction): the games' owner columns, the engine seats' level
    (``NULL``, read as level 8, in the rows stored before levels)."""
    inspector = sa.inspect(conn)
    guard = "IF NOT EXISTS " if is_postgres else ""
    for table, columns in (("games", (("owner", "VARCHAR(32)"), ("alive_ms", "BIGINT"))),
                           ("seats", (("engine_level", "SMALLINT"),))):
        have = {c["name"] for c in inspector.get_columns(table)}
        for name, kind in columns:
            if name not in have:
                conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {guard}{name} {kind}"))
