"""What a client sends, checked before anything else sees it.

Bodies are JSON objects of at most ``MAX_BODY`` bytes; every field has its
type and bounds checked here, and texts (actions, records, positions) go
to the library's own parsers afterwards. A bad request raises
``BadRequest`` (the page shows its text).

>>> seats([None, 0.5], 2)
[None, EngineSeat(time=0.5, level=8)]
>>> seats([{"level": 3}, {"time": 2, "level": 8}], 2)
[EngineSeat(time=None, level=3), EngineSeat(time=2.0, level=8)]
>>> seats([None, "x"], 2)
Traceback (most recent call last):
yinsh.web.inputs.BadRequest: a seat is null (a person) or an engine (its seconds an action, or {"level": 1..8, "time": seconds}), not 'x'
>>> seats([None, {"level": 9}], 2)
Traceback (most recent call last):
yinsh.web.inputs.BadRequest: an engine seat's level is a whole number from 1 to 8, not 9
>>> text({"move": "e5"}, "move", 200)
'e5'
>>> online_seats(["me", "invite", {"level": 1}], 3)
['me', 'invite', EngineSeat(time=None, level=1)]
>>> online_seats(["invite", "invite"], 2)
Traceback (most recent call last):
yinsh.web.inputs.BadRequest: exactly one seat is "me" (the creator's)
>>> game_options("ludo", {"players": 3})
{'players': 3}
>>> game_options("ludo", {"players": [3]})
Traceback (most recent call last):
yinsh.web.inputs.BadRequest: the option players is a short text or a whole number, not '[3]'
"""
from __future__ import annotations

import json
import math
from typing import Any, NamedTuple, Optional, Union

from yinsh import games as _games
from yinsh.web.errors import WebError

__all__ = ["BadRequest", "TooLarge", "EngineSeat", "engine_seat", "read_body", "parse_body", "text", "seats", "integer",
           "boolean", "online_seats", "player_name", "game_options", "option_keys", "MAX_BODY", "MAX_TEXT",
           "MAX_NAME", "MIN_LEVEL", "MAX_LEVEL"]

MAX_BODY = 64 * 1024          # bytes of a request body (a long record fits)
MAX_TEXT = 48 * 1024          # characters of a pasted record or position
MAX_NAME = 40                 # characters of a player's name

_OPTION_VALUE = 20            # characters of an option's value (a variant, a layout number)
#: An engine seat's levels (``yinsh.engine.levels``: 8 is the full engine).
MIN_LEVEL, MAX_LEVEL = 1, 8
_ENGINE_WORDS = 'an engine (its seconds an action, or {"level": 1..8, "time": seconds})'


class EngineSeat(NamedTuple):
    """An engine's seat as a request gives it: its ``level`` (1..8; 8 the
    full engine) and ``time``, its seconds an action (below level 8 an
    upper bound: the level's nodes end its search first; ``None``: the
    server's most). Both are bounded later (``SearchSlots.clamp``)."""

    time: Optional[float]
    level: int = MAX_LEVEL


class BadRequest(WebError, ValueError):
    """A request the server does not take (status 400)."""


class TooLarge(BadRequest):
    """A request body over ``MAX_BODY`` (status 413)."""

    status = 413


async def read_body(request: Any) -> dict[str, Any]:
    """The JSON object of a Starlette request's body, read no further than
    ``MAX_BODY`` bytes (``BadRequest``, ``TooLarge``)."""
    length = request.headers.get("content-length", "")
    if length.isascii() and length.isdigit() and int(length) > MAX_BODY:
        raise TooLarge(f"the request is too large (at most {MAX_BODY // 1024} KB)")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise TooLarge(f"the request is too large (at most {MAX_BODY // 1024} KB)")
    return parse_body(data)


def parse_body(data: bytes) -> dict[str, Any]:
    """The JSON object of a body (``BadRequest``, ``TooLarge``)."""
    if len(data) > MAX_BODY:
        raise TooLarge(f"the request is too large (at most {MAX_BODY // 1024} KB)")
    if not data.strip():
        return {}
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise BadRequest("the request is not JSON") from None
    if not isinstance(value, dict):
        raise BadRequest("the request must be a JSON object")
    return value


def text(body: dict[str, Any], name: str, limit: int = MAX_TEXT, default: Optional[str] = None) -> str:
    """The string field name (at most limit characters)."""
    value = body.get(name, default)
    if not isinstance(value, str):
        raise BadRequest(f"{name} must be a string")
    if len(value) > limit:
        raise BadRequest(f"{name} is too long (at most {limit} characters)")
    return value


def integer(value: object, name: str, lo: int, hi: int) -> int:
    """value as an int in lo..hi (a string of digits works too)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadRequest(f"{name} must be a whole number from {lo} to {hi}")
    return value


def _seconds(item: object) -> bool:
    """Whether item is an engine's seconds an action: a positive finite
    number (a bool is not; an int too large for a float is not either).

    >>> [_seconds(x) for x in (0.5, 2, 0, -1, True, float("nan"), 10 ** 400, "1")]
    [True, True, False, False, False, False, False, False]
    """
    if isinstance(item, bool) or not isinstance(item, (int, float)):
        return False
    if isinstance(item, int) and not -2 ** 53 <= item <= 2 ** 53:
        return False
    return math.isfinite(item) and item > 0


def seats(value: object, count: int) -> list[Optional[EngineSeat]]:
    """The seats of a new game: count items, each None (a person) or an
    engine (``engine_seat``)."""
    return _seat_list(value, count, (None,), "null (a person)")


def engine_seat(item: object, words: str = "") -> EngineSeat:
    """An engine's seat: a positive number (its seconds an action, level
    8, as before levels) or an object ``{"level": 1..8, "time": seconds}``
    (each optional: level 8, the server's most seconds). words: what else
    a seat may be, for the error.

    >>> engine_seat({"time": 0.5, "level": 3})
    EngineSeat(time=0.5, level=3)
    >>> engine_seat({"level": True})
    Traceback (most recent call last):
    yinsh.web.inputs.BadRequest: an engine seat's level is a whole number from 1 to 8, not True
    """
    if _seconds(item):
        return EngineSeat(float(item), MAX_LEVEL)       # type: ignore[arg-type]
    if not isinstance(item, dict):
        raise BadRequest(f"a seat is {words + ' or ' if words else ''}{_ENGINE_WORDS}, not {str(item)[:20]!r}")
    unknown = [str(key)[:20] for key in item if key not in ("time", "level")]
    if unknown:
        raise BadRequest(f"an engine seat has a level and a time, not {', '.join(unknown)}")
    level = item.get("level", MAX_LEVEL)
    if isinstance(level, bool) or not isinstance(level, int) or not MIN_LEVEL <= level <= MAX_LEVEL:
        raise BadRequest(f"an engine seat's level is a whole number from {MIN_LEVEL} to {MAX_LEVEL}, "
                         f"not {str(level)[:20]}")
    seconds = item.get("time")
    if seconds is not None and not _seconds(seconds):
        raise BadRequest(f"an engine seat's time is its seconds an action, a positive number, "
                         f"not {str(seconds)[:20]}")
    return EngineSeat(None if seconds is None else float(seconds), level)


def _seat_list(value: object, count: int, people: tuple[Optional[str], ...], words: str) -> list[Any]:
    """count seats, each one of people (a person's seat: None or a word)
    or an engine (``engine_seat``); words name people in the error."""
    if not isinstance(value, list) or len(value) != count:
        raise BadRequest(f"seats must be a list of {count} items")
    out: list[Any] = []
    for item in value:
        if (item is None or isinstance(item, str)) and item in people:
            out.append(item)
        else:
            out.append(engine_seat(item, words))
    return out


def boolean(body: dict[str, Any], name: str, default: bool = False) -> bool:
    """The true/false field name."""
    value = body.get(name, default)
    if not isinstance(value, bool):
        raise BadRequest(f"{name} must be true or false")
    return value


def online_seats(value: object, count: int) -> list[Union[str, EngineSeat]]:
    """The seats of a new online game: count items, each "me" (exactly
    one), "invite" or an engine (``engine_seat``)."""
    out = _seat_list(value, count, ("me", "invite"), '"me", "invite"')
    if out.count("me") != 1:
        raise BadRequest('exactly one seat is "me" (the creator\'s)')
    return out


def player_name(body: dict[str, Any]) -> str:
    """The name field: printable, at most MAX_NAME characters ("Player" when absent)."""
    name = " ".join(text(body, "name", MAX_NAME, "Player").split())
    if not name or not name.isprintable():
        raise BadRequest("name must be printable text")
    return name


def option_keys(game: str) -> tuple[str, ...]:
    """The names of the options a new game of game takes (``GameKind.options``;
    none for a game not registered).

    >>> option_keys("ludo"), option_keys("chess")
    (('players', 'variant'), ())
    """
    try:
        return tuple(option.name for option in _games.get(game).options)
    except ValueError:
        return ()


def game_options(game: str, value: object) -> dict[str, Any]:
    """The options object of a new game of game, its shape checked: a value
    that is not a short string or number is a ``BadRequest``. Its keys and
    values are the game's to check (``WebGame.new_board``, against the
    game's ``GameKind.options``)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequest("options must be an object")
    for key, item in value.items():
        if not isinstance(item, (str, int, float)) or len(str(item)) > _OPTION_VALUE:
            raise BadRequest(f"the option {key} is a short text or a whole number, not {str(item)[:20]!r}")
    return dict(value)
