"""The commands a front end sends, read into checked values: ``position``,
``go`` and ``setoption`` lines (the other commands are single words).

Every reader raises ``UgiError`` (a ``ValueError``) with a message that
says what was wrong; the server answers it with one ``info string error:``
line and changes nothing.

>>> read_position("position startpos moves e5 f6")
Position(fen=None, moves=['e5', 'f6'])
>>> read_position("position fen W4R/5R/2R2R/R3WR/RRWWWR/RRW2W vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu w f3")
... # doctest: +ELLIPSIS
Position(fen='W4R/5R/... w f3', moves=[])
>>> read_go("go p1time 60000 p2time 58000 p1inc 1000 p2inc 1000")
Go(times={1: 60000, 2: 58000}, increments={1: 1000, 2: 1000}, movetime=None, depth=None, nodes=None, infinite=False, movestogo=None)
>>> read_go("go depth 0")
Traceback (most recent call last):
...
yinsh.ugi.commands.UgiError: go depth: must be between 1 and 64, not 0
>>> read_setoption("setoption name Move Overhead value 50")
('Move Overhead', '50')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from yinsh.engine import MAX_DEPTH
from yinsh.engine.info import MAX_PLAYERS
from yinsh.engine.limit import MAX_NODES

__all__ = ["UgiError", "Position", "Go", "read_position", "read_go", "read_setoption", "MAX_LINE"]

MAX_LINE = 1 << 20
"""The longest command line read, in bytes (a longer one is refused)."""

_MAX_MS = 10 ** 12          # about 30 years: any longer time is a mistake


class UgiError(ValueError):
    """A command the engine cannot follow; its message says why."""


@dataclass(frozen=True)
class Position:
    """A ``position`` command: the position string (``None``: ``startpos``)
    and the moves after it, as text."""

    fen: Optional[str]
    moves: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Go:
    """A ``go`` command. ``times``/``increments``: milliseconds by seat
    (1 = ``p1time``/``p1inc``, up to 4); ``movetime`` milliseconds,
    ``depth`` plies, ``nodes``; ``infinite``: search until ``stop`` (the
    best move waits for it); ``movestogo``: the actions left to the next
    time control (UCI's)."""

    times: dict[int, int] = field(default_factory=dict)
    increments: dict[int, int] = field(default_factory=dict)
    movetime: Optional[int] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    infinite: bool = False
    movestogo: Optional[int] = None


def read_position(line: str) -> Position:
    """``position startpos|fen <position string> [moves m1 m2 ...]``. The
    position string runs from ``fen`` to ``moves`` (it may hold spaces).

    >>> read_position("position fen")
    Traceback (most recent call last):
    ...
    yinsh.ugi.commands.UgiError: position fen: the position string is missing
    >>> read_position("position start")
    Traceback (most recent call last):
    ...
    yinsh.ugi.commands.UgiError: position: expected startpos or fen <position string>, not 'start'
    """
    words = line.split()
    if len(words) < 2:
        raise UgiError("position: expected startpos or fen <position string> [moves ...]")
    moves: list[str] = []
    if "moves" in words[2:]:
        at = words.index("moves", 2)
        words, moves = words[:at], words[at + 1:]
    if words[1] == "startpos":
        if len(words) > 2:
            raise UgiError(f"position startpos: unexpected {' '.join(words[2:])[:40]!r} (moves are "
                           f"given after 'moves')")
        return Position(None, moves)
    if words[1] == "fen":
        if len(words) == 2:
            raise UgiError("position fen: the position string is missing")
        return Position(" ".join(words[2:]), moves)
    raise UgiError(f"position: expected startpos or fen <position string>, not {words[1][:40]!r}")


def _number(key: str, text: Optional[str], lo: int, hi: int) -> int:
    if text is None:
        raise UgiError(f"go {key}: the number is missing")
    try:
        value = int(text)
    except ValueError:
        raise UgiError(f"go {key}: not a whole number: {text[:40]!r}") from None
    if not lo <= value <= hi:
        raise UgiError(f"go {key}: must be between {lo} and {hi}, not {value}")
    return value


_SEATS = {f"p{n}{kind}": (n, kind) for n in range(1, MAX_PLAYERS + 1) for kind in ("time", "inc")}


def read_go(line: str) -> Go:
    """``go`` with its limits (any of them, in any order): ``pNtime``/``pNinc``
    for N = 1..4 (milliseconds; a negative remaining time, which a late
    front end may send, counts as 0), ``movetime`` (ms, at least 1),
    ``depth`` (1..64), ``nodes`` (at least 1), ``movestogo``, ``infinite``.

    >>> read_go("go movetime 50 depth 6").movetime, read_go("go infinite").infinite
    (50, True)
    >>> read_go("go p1time -20").times
    {1: 0}
    >>> read_go("go nodes many")
    Traceback (most recent call last):
    ...
    yinsh.ugi.commands.UgiError: go nodes: not a whole number: 'many'
    >>> read_go("go fast")
    Traceback (most recent call last):
    ...
    yinsh.ugi.commands.UgiError: go: unknown limit 'fast' (expected p1time .. p4time, p1inc .. p4inc, movetime, depth, nodes, movestogo or infinite)
    """
    words = line.split()[1:]
    times: dict[int, int] = {}
    increments: dict[int, int] = {}
    values: dict[str, int] = {}
    infinite = False
    i = 0
    while i < len(words):
        key = words[i]
        text = words[i + 1] if i + 1 < len(words) else None
        if key == "infinite":
            infinite = True
            i += 1
            continue
        if key in _SEATS:
            seat, kind = _SEATS[key]
            value = max(0, _number(key, text, -_MAX_MS, _MAX_MS))
            (times if kind == "time" else increments)[seat] = value
        elif key in ("movetime", "depth", "nodes", "movestogo"):
            hi = {"depth": MAX_DEPTH, "nodes": MAX_NODES}.get(key, _MAX_MS)
            values[key] = _number(key, text, 1, hi)
        else:
            raise UgiError(f"go: unknown limit {key[:40]!r} (expected p1time .. p4time, p1inc .. p4inc, "
                           f"movetime, depth, nodes, movestogo or infinite)")
        i += 2
    return Go(times, increments, values.get("movetime"), values.get("depth"), values.get("nodes"), infinite,
              values.get("movestogo"))


def read_setoption(line: str) -> tuple[str, str]:
    """``setoption name <name> [value <value>]`` → ``(name, value)`` (the
    value ``""`` when none is given: a button, or an empty string).

    >>> read_setoption("setoption name Clear Hash")
    ('Clear Hash', '')
    >>> read_setoption("setoption Hash 32")
    Traceback (most recent call last):
    ...
    yinsh.ugi.commands.UgiError: setoption: expected setoption name <name> [value <value>]
    """
    words = line.split()
    if len(words) < 3 or words[1] != "name":
        raise UgiError("setoption: expected setoption name <name> [value <value>]")
    rest = words[2:]
    if "value" in rest:
        at = rest.index("value")
        name, value = " ".join(rest[:at]), " ".join(rest[at + 1:])
    else:
        name, value = " ".join(rest), ""
    if not name:
        raise UgiError("setoption: the option's name is missing")
    return name, value
