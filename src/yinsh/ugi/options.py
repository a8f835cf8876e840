"""The options of the UGI engine (``setoption``), each with its type,
default and range, as the ``ugi`` command lists them.

The engine's options (``Hash``, ``Threads``, ``MultiPV``, ``Evaluation``,
``Network``, ``Algorithm``, ``Move Overhead``, ``Clear Hash``, ``Keep
Hash``, ``Level`` (1..8: ``Engine(level=...)``, a weaker engine for
people; 8, the default, is the full engine), ``Seed`` (of the level's
choices), ``Debug Log File``) are the same
for every game; a game adds the options of its new games (``GameKind``'s
``options.defaults``: Yinsh's ``Variant``, Insert's ``Layout``, Ludo's
``Players`` and ``Variant``), which say what ``position startpos`` is.
Names are matched without regard to case, as in UCI.

>>> from yinsh import games
>>> table = options_for(games.get("ludo"))
>>> [o.name for o in table]                          # doctest: +NORMALIZE_WHITESPACE
['Hash', 'Threads', 'MultiPV', 'Evaluation', 'Network', 'Algorithm', 'Move Overhead', 'Clear Hash',
 'Keep Hash', 'Level', 'Seed', 'Debug Log File', 'Players', 'Variant']
>>> print(table[3].declaration())
option name Evaluation type combo default auto var auto var classic
>>> find(table, "multipv").parse("3"), find(table, "Players").parse("3")
(3, 3)
>>> find(table, "Threads").parse("0")
Traceback (most recent call last):
...
yinsh.ugi.commands.UgiError: setoption Threads: must be between 1 and 256, not 0
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from yinsh.engine import ALGORITHMS, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS
from yinsh.engine.levels import MAX_LEVEL, MIN_LEVEL
from yinsh.ugi.commands import UgiError

__all__ = ["UgiOption", "options_for", "find", "MAX_OVERHEAD_MS", "MAX_SEED"]

MAX_OVERHEAD_MS = 5000
"""The largest ``Move Overhead``, in milliseconds."""

MAX_SEED = 2**31 - 1
"""The largest ``Seed``."""


@dataclass(frozen=True)
class UgiOption:
    """One option: its ``name``, UCI ``kind`` (``spin``, ``combo``,
    ``string``, ``button``, ``check``), ``default``, range ``lo``..``hi`` (spin),
    ``choices`` (combo), and ``key``: the setting it sets (an ``Engine``
    keyword, ``overhead``, ``clear``, or ``game:<option>`` for a game's
    option)."""

    name: str
    kind: str
    key: str
    default: Any = None
    lo: Optional[int] = None
    hi: Optional[int] = None
    choices: tuple[str, ...] = ()

    def declaration(self) -> str:
        """Its line in the answer to ``ugi``."""
        line = f"option name {self.name} type {self.kind}"
        if self.kind == "button":
            return line
        default = "<empty>" if self.default in (None, "") else self.default
        if self.kind == "check":
            default = "true" if self.default else "false"
        line += f" default {default}"
        if self.kind == "spin":
            line += f" min {self.lo} max {self.hi}"
        for choice in self.choices:
            line += f" var {choice}"
        return line

    def parse(self, text: str) -> Any:
        """The value ``setoption`` gives, checked (``UgiError``)."""
        if self.kind == "spin":
            try:
                value = int(text)
            except ValueError:
                raise UgiError(f"setoption {self.name}: not a whole number: {text[:40]!r}") from None
            assert self.lo is not None and self.hi is not None
            if not self.lo <= value <= self.hi:
                raise UgiError(f"setoption {self.name}: must be between {self.lo} and {self.hi}, not {value}")
            return value
        if self.kind == "combo":
            for choice in self.choices:
                if choice.lower() == text.lower():
                    return choice
            raise UgiError(f"setoption {self.name}: expected {', '.join(self.choices)}, not {text[:40]!r}")
        if self.kind == "check":
            if text.lower() not in ("true", "false"):
                raise UgiError(f"setoption {self.name}: expected true or false, not {text[:40]!r}")
            return text.lower() == "true"
        if self.kind == "string":
            return "" if text == "<empty>" else text
        return None                                    # a button


def _game_options(game: Any) -> list[UgiOption]:
    """The options of a new game of game: those of ``options.defaults`` (their
    defaults are fixed starts: Insert's layout 0, not a random one), with
    the kind and range of ``GameKind.options``."""
    described = {o.name: o for o in game.options}
    made = []
    for name, default in game.options.defaults.items():
        option = described.get(name)
        label = option.label if option is not None else name.capitalize()
        if isinstance(default, int) and option is not None and option.numbers:
            made.append(UgiOption(label, "spin", f"game:{name}", default, option.minimum, option.maximum))
        elif option is not None and option.choices:
            made.append(UgiOption(label, "combo", f"game:{name}", default, choices=option.choices))
        else:
            made.append(UgiOption(label, "string", f"game:{name}", default))
    return made


def options_for(game: Any) -> list[UgiOption]:
    """Every option of the UGI engine of game (a ``yinsh.game_kind.GameKind``)."""
    return [
        UgiOption("Hash", "spin", "hash_mb", 16, 0, MAX_HASH_MB),
        UgiOption("Threads", "spin", "threads", 1, 1, MAX_THREADS),
        UgiOption("MultiPV", "spin", "multipv", 1, 1, MAX_MULTIPV),
        UgiOption("Evaluation", "combo", "evaluation", "auto", choices=("auto",) + tuple(game.evaluations)),
        UgiOption("Network", "string", "network", ""),
        UgiOption("Algorithm", "combo", "algorithm", "auto", choices=ALGORITHMS),
        UgiOption("Move Overhead", "spin", "overhead", 30, 0, MAX_OVERHEAD_MS),
        UgiOption("Clear Hash", "button", "clear"),
        UgiOption("Keep Hash", "check", "keep_tables", False),
        UgiOption("Level", "spin", "level", MAX_LEVEL, MIN_LEVEL, MAX_LEVEL),
        UgiOption("Seed", "spin", "seed", 0, 0, MAX_SEED),
        UgiOption("Debug Log File", "string", "log", ""),
    ] + _game_options(game)


def find(table: list[UgiOption], name: str) -> UgiOption:
    """The option of that name (any case); ``UgiError`` listing the names."""
    for option in table:
        if option.name.lower() == name.lower():
            return option
    raise UgiError(f"setoption: no option {name[:40]!r} (the options: {', '.join(o.name for o in table)})")
