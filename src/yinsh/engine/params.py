"""Named search parameters: the tunables of the compiled searches, in one place.

Each search object (``AlphaBeta``, ``Mcts`` of a game's search module) keeps
its own values: ``params()`` lists them as ``Param`` records, ``configure(**values)``
changes some (range-checked; a bad name or value raises and changes
nothing). Besides the search tunables below, each game adds its evaluation
weights (for Yinsh: ``ring``, ``threat``, ``flip``, ...; see docs/search.md).

>>> from yinsh.engine.params import ALPHABETA, checked
>>> [s.name for s in ALPHABETA][:3]
['lmr_depth', 'lmr_ply', 'lmr_move']
>>> checked(ALPHABETA, {"soft_time": 0.5})
{'soft_time': 0.5}
>>> checked(ALPHABETA, {"soft_time": 2.0})
Traceback (most recent call last):
...
ValueError: soft_time must be between 0.01 and 1.0, not 2.0
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Union

Number = Union[int, float]


@dataclass(frozen=True)
class Param:
    """One tunable of a search: its current value, default and range (both
    ends included)."""

    name: str
    value: Number
    default: Number
    lo: Number
    hi: Number
    doc: str = ""


@dataclass(frozen=True)
class Spec:
    """A row of a parameter table: the default and range of a tunable. An
    int default makes an int parameter; ``pow2`` asks for a power of two."""

    name: str
    default: Number
    lo: Number
    hi: Number
    doc: str = ""
    pow2: bool = False


# The alpha-beta (fields of AbParams in engine/params.pxd, same names).
ALPHABETA: tuple[Spec, ...] = (
    Spec("lmr_depth", 3, 0, 64, "late-move reductions from this remaining depth on (0: none)"),
    Spec("lmr_ply", 2, 0, 127, "late-move reductions from this distance to the root on"),
    Spec("lmr_move", 3, 1, 255, "the first reduced move (index in the ordered list)"),
    Spec("lmr2_move", 6, 1, 255, "reduce by two plies from this move on (off the principal variation)"),
    Spec("lmr2_depth", 4, 1, 64, "reduce by two plies at this remaining depth or more"),
    Spec("aspiration", 1, 0, 1, "aspiration windows: 1 on, 0 off"),
    Spec("aspiration_depth", 4, 1, 64, "the first iteration searched with an aspiration window"),
    Spec("aspiration_window", 300, 1, 1_000_000, "half width of the first window around the last score"),
    Spec("aspiration_widen", 4, 2, 64, "a failed window widens by this factor"),
    Spec("aspiration_max", 20000, 1, 1_000_000, "a window wider than this becomes the full window"),
    Spec("soft_time", 0.6, 0.01, 1.0, "with a time limit, no iteration starts after this fraction of it"),
    Spec("partial_move", 1, 0, 1,
         "out of time inside an iteration: 1 plays its best move found so far, 0 the last finished one's"),
    Spec("poll_nodes", 1024, 1, 1 << 20, "nodes between polls of the clock and of Ctrl-C", pow2=True),
    Spec("order_late", 1, 0, 1,
         "1: the actions after the table's move are scored only when it did not cut off; 0: at once"),
    Spec("order_killer", 1 << 26, 2, 1 << 29, "ordering score of the first killer (the second: one less)"),
    Spec("history_max", 1 << 20, 1, 1 << 28, "history scores are halved when one exceeds this"),
    Spec("helper_offset", 1, 0, 4, "threads: odd helper threads search this many plies deeper"),
    Spec("lmp_depth", 1, 0, 64,
         "late-move pruning at this remaining depth or less, off the PV (0: none; Yinsh only)"),
    Spec("lmp_moves", 16, 1, 255, "late-move pruning: the moves searched per remaining ply"),
    Spec("star", 0, 0, 2,
         "chance nodes: 0 plain expectimax, 1 Star1 (each outcome in the window its bounds leave), "
         "2 Star2 (Star1 after probing each outcome's first action)"),
)

# Defaults of a game that differ from the table's: a game's evaluation sets
# the scale of its scores, hence its aspiration window (docs/search.md).
GAME_DEFAULTS: dict[str, dict[str, Number]] = {
    "yinsh": {"aspiration_window": 1000},
}


def game_specs(specs: tuple[Spec, ...], game: str) -> tuple[Spec, ...]:
    """specs with the defaults of GAME_DEFAULTS[game].

    >>> [s.default for s in game_specs(ALPHABETA, "yinsh") if s.name == "aspiration_window"]
    [1000]
    >>> [s.default for s in game_specs(ALPHABETA, "insert") if s.name == "aspiration_window"]
    [300]
    """
    own = GAME_DEFAULTS.get(game, {})
    return tuple(replace(s, default=own[s.name]) if s.name in own else s for s in specs)


# The MCTS (fields of MctsParams in engine/params.pxd).
MCTS: tuple[Spec, ...] = (
    Spec("exploration", 1.0, 0.0, 100.0, "exploration constant c of UCT (or PUCT)"),
    Spec("puct", 0, 0, 1, "selection: 0 UCT, 1 PUCT with the game's priors"),
    Spec("fpu", 0.0, -1.0, 1.0, "PUCT: the value assumed for an unvisited child"),
    Spec("playout_plies", -1, -1, 100_000,
         "random plies before a playout is cut off by the evaluation (-1: play to the end)"),
    Spec("reuse_depth", 4, 0, 64, "tree reuse: how many plies below the last root the new root is looked for"),
    Spec("poll_playouts", 32, 1, 1 << 16, "playouts between polls of the clock and of Ctrl-C"),
)


def checked(specs: Iterable[Spec], values: Mapping[str, object]) -> dict[str, Number]:
    """values checked against specs: each name known, each value a number of
    the parameter's type inside its range. Returns them converted (an int
    parameter accepts an integral float such as 3.0). Raises ``ValueError``
    for an unknown name or a value out of range, ``TypeError`` for a value
    that is not a number."""
    table = {spec.name: spec for spec in specs}
    out: dict[str, Number] = {}
    for name, value in values.items():
        spec = table.get(name)
        if spec is None:
            raise ValueError(f"unknown parameter {name!r}; known: {', '.join(table)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name} must be a number, not {type(value).__name__}")
        if isinstance(spec.default, int):
            if isinstance(value, float):
                if not value.is_integer():
                    raise ValueError(f"{name} must be an integer, not {value}")
                value = int(value)
        else:
            value = float(value)
            if not math.isfinite(value):
                raise ValueError(f"{name} must be finite, not {value}")
        if not spec.lo <= value <= spec.hi:
            raise ValueError(f"{name} must be between {spec.lo} and {spec.hi}, not {value}")
        if spec.pow2 and value & (value - 1):     # type: ignore[operator]
            raise ValueError(f"{name} must be a power of two, not {value}")
        out[name] = value
    return out


def defaults(specs: Iterable[Spec]) -> dict[str, Number]:
    """{name: default} of a table."""
    return {spec.name: spec.default for spec in specs}


def listing(specs: Iterable[Spec], current: Mapping[str, Number]) -> list[Param]:
    """``Param`` records of a table with the current values."""
    return [Param(s.name, current[s.name], s.default, s.lo, s.hi, s.doc) for s in specs]


def params_table(params: Iterable[Param]) -> str:
    """A Markdown table of tunables (``Engine.params``): name, default,
    range, meaning; docs/search.md holds the ones of Yinsh's searches (a
    test checks that they match).

    >>> from yinsh.engine import Engine
    >>> print(params_table(Engine(hash_mb=0).params()).splitlines()[2])
    | `lmr_depth` | 3 | 0..64 | late-move reductions from this remaining depth on (0: none) |
    """
    rows = ["| name | default | range | meaning |", "|---|---|---|---|"]
    for p in params:
        rows.append(f"| `{p.name}` | {p.default} | {p.lo}..{p.hi} | {p.doc} |")
    return "\n".join(rows) + "\n"
