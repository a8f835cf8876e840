"""The statements of ``yinsh.web.database`` written for PostgreSQL alone,
where one statement does what takes several elsewhere: a batch's appends
(``APPEND_ALL``) and a game's load (``LOAD``), each one round trip.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Optional

try:                                            # the web extra has orjson
    import orjson
    _loads: Callable[[str], Any] = orjson.loads

    def _dumps(value: Any) -> str:
        return orjson.dumps(value).decode()
except ImportError:                             # pragma: no cover
    _loads = json.loads

    def _dumps(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))

__all__ = ["APPEND_ALL", "GROUP_BYTES", "LINE_BYTES", "LOAD", "append_parameters", "loaded"]

GROUP_BYTES = 4000
"""Bytes of the notification lines of one ``APPEND_ALL`` a notification
takes at most before the next (a payload stays under PostgreSQL's 8,000
bytes: a line is at most ``LINE_BYTES``)."""

LINE_BYTES = 3800
"""The longest notification line ``APPEND_ALL`` sends (a longer one drops
the update's text, then the entries: ``Database._note_line``)."""

APPEND_ALL = """
WITH locked AS MATERIALIZED (
  SELECT g."id" FROM (SELECT k FROM jsonb_array_elements_text(%s::jsonb) AS k ORDER BY k) AS k("id")
  CROSS JOIN LATERAL (SELECT "id" FROM games WHERE "id" = k."id" FOR UPDATE) AS g),
v AS (
  SELECT e->>0 AS id, (e->>1)::integer AS seq, (e->>2)::integer AS expected, (e->>3)::integer AS ply,
         e->>4 AS status, e->>5 AS result, (e->>6)::bigint AS finished_ms, e->>7 AS owner, e->>8 AS note
  FROM jsonb_array_elements(%s::jsonb) AS e),
moved AS (
  UPDATE games AS g SET "seq" = v.seq, "ply" = COALESCE(v.ply, g."ply"),
    "status" = COALESCE(v.status, g."status"),
    "finished_ms" = CASE WHEN v.status = 'finished' THEN v.finished_ms ELSE g."finished_ms" END,
    "result" = CASE WHEN v.status = 'finished' THEN v.result ELSE g."result" END
  FROM v JOIN locked ON locked."id" = v.id
  WHERE g."id" = ANY(ARRAY(SELECT "id" FROM locked)) AND g."id" = v.id AND g."seq" = v.expected AND (v.owner IS NULL OR g."owner" = v.owner)
  RETURNING g."id", v.note),
inserted AS (
  INSERT INTO actions ("game_id", "seq", "ply", "kind", "seat", "text", "auto", "at_ms", "used_ms")
  SELECT a->>0, (a->>1)::integer, (a->>2)::integer, a->>3, (a->>4)::integer, a->>5, (a->>6)::boolean,
         (a->>7)::bigint, (a->>8)::bigint
  FROM jsonb_array_elements(%s::jsonb) AS a
  WHERE a->>0 IN (SELECT "id" FROM moved)
  RETURNING "game_id"),
lines AS (
  SELECT note, sum(octet_length(note) + 1) OVER (ORDER BY "id") AS upto FROM moved
  WHERE note IS NOT NULL),
sent AS (
  SELECT pg_notify(%s, %s || E'\\n' || string_agg(note, E'\\n' ORDER BY upto))
  FROM lines GROUP BY (upto - 1) / """ + str(GROUP_BYTES) + """)
SELECT "id" FROM moved
WHERE (SELECT count(*) FROM sent) >= 0 AND (SELECT count(*) FROM inserted) >= 0
"""
"""A batch's appends in one statement (``Database._lock_and_append``;
parameters: the batch's game ids, its appends' rows and its entries, each
a JSON array of arrays (``append_parameters``), the channel and the
origin): the rows of the batch's games locked in the order of their ids,
each looked up in the primary key whatever the table's statistics, and
the update's rows taken by those ids (``= ANY``: in the primary key too,
once the table has statistics). A join of the ids instead, planned for the
100 rows PostgreSQL expects of a JSON array, read the whole table twice a
batch: 3.8 ms for 10 appends on 10,000 games, against 1.05 ms now. A
statement touches a game's row only once it is locked, in any plan (the
update joins ``locked``). Then the games' rows moved on (those where they were
expected), the entries of those moved inserted, and the notification lines
of those moved sent, ``GROUP_BYTES`` of lines a notification after the
origin's line. It returns the ids of the games moved on. (JSON, not arrays
of each column: the driver escapes every element of a text array with a
regular expression, a fifth of the server's time under load. Read as
``jsonb``, parsed once: as ``json`` each ``->>`` parsed its whole element
again, the notification line with it, and PostgreSQL spent 0.1 ms an
append, against 0.04.)"""


def append_parameters(keys: list[str], games: list[list[Any]], entries: list[list[Any]],
                      channel: str, origin: str) -> tuple[str, str, str, str, str]:
    """``APPEND_ALL``'s parameters: the ids of the games to lock, the
    appends' rows (each id, seq, expected seq, ply, status, result,
    finished_ms, owner, notification line) and the entries (each game id,
    seq, ply, kind, seat, text, auto, at_ms, used_ms).

    >>> append_parameters(["g"], [["g", 2, 1, 1, None, None, None, None, "g 2"]],
    ...                   [["g", 2, 1, "move", 0, "c3", False, 5, 0]], "yinsh", "o")[:3]
    ('["g"]', '[["g",2,1,1,null,null,null,null,"g 2"]]', '[["g",2,1,"move",0,"c3",false,5,0]]')
    """
    return _dumps(keys), _dumps(games), _dumps(entries), channel, origin


LOAD = """
SELECT row_to_json(g)::text,
  (SELECT COALESCE(json_agg(s ORDER BY s."seat"), '[]') FROM seats s WHERE s."game_id" = g."id")::text,
  (SELECT COALESCE(json_agg(json_build_array(a."seq", a."ply", a."kind", a."seat", a."text", a."auto",
                                             a."at_ms", a."used_ms") ORDER BY a."seq"), '[]')
     FROM actions a WHERE a."game_id" = g."id" AND a."seq" > %s)::text
FROM games g WHERE g."id" = %s
"""
"""A game (its row, its seats, its entries after a seq) in one statement, as
JSON texts, from one snapshot (``Database.load``; parameters: the seq, the id)."""


def loaded(found: Optional[tuple[str, str, str]]) -> Optional[tuple[dict[str, Any], list[dict[str, Any]],
                                                                  list[list[Any]]]]:
    """The row, the seats and the entries' fields of a ``LOAD`` result
    (None: no such game), with the types the other databases give.

    >>> row, seats, entries = loaded(('{"id": "g", "public": true}',
    ...     '[{"seat": 0, "engine_time": 2}]', '[[1, 0, "move", 0, "c3", false, 5, 0]]'))
    >>> row["public"], seats[0]["engine_time"], entries
    (True, 2.0, [[1, 0, 'move', 0, 'c3', False, 5, 0]])
    """
    if found is None:
        return None
    row, seats, entries = (_loads(text) for text in found)
    for seat in seats:
        if seat.get("engine_time") is not None:
            seat["engine_time"] = float(seat["engine_time"])
    return row, seats, entries
