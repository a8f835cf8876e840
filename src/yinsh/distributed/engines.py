"""The engine of a job, as a spec: ``alphabeta:depth=2`` or ``mcts:nodes=400``.

``EngineSpec.parse(text)`` reads the command line's ``--engine``: the
algorithm (``alphabeta``, also written ``engine`` as in ``yinsh match``, or
``mcts``) and settings ``depth=D`` (alpha-beta), ``nodes=N``, ``hash=MB``,
``evaluation=classic|learned`` (``Engine(evaluation=...)``), ``network=FILE``
(the learned evaluation's ``.nnue`` file instead of the packaged one: a path
without commas, readable wherever the games are played) and, for the
alpha-beta's policy target, ``temp=T`` (the softmax
temperature in the game's score units, default 100) and ``lines=K`` (root
actions scored, default all up to 256). A time limit is refused: a job's
games must not depend on the machine's speed (resume gives the same
games). ``engine()`` is the spec's engine in this process, made once and
reused for every game (its tables are allocated once; they are cleared
before each search, so each search is the same wherever it runs).

>>> spec = EngineSpec.parse("alphabeta:depth=2,temp=50")
>>> spec
EngineSpec(algorithm='alphabeta', depth=2, nodes=None, hash_mb=16, temperature=50.0, lines=256, evaluation='classic', network=None)
>>> spec.limit()
Limit(depth=2)
>>> str(EngineSpec.parse("mcts"))
'mcts:nodes=800,hash=16'
>>> str(EngineSpec.parse("alphabeta:evaluation=learned"))
'alphabeta:depth=2,hash=16,temp=100,lines=256,evaluation=learned'
>>> str(EngineSpec.parse("alphabeta:depth=4,lines=8,evaluation=learned,network=g1.nnue"))
'alphabeta:depth=4,hash=16,temp=100,lines=8,evaluation=learned,network=g1.nnue'
>>> EngineSpec.parse("alphabeta:network=g1.nnue")
Traceback (most recent call last):
...
ValueError: engine 'alphabeta:network=g1.nnue': network= needs evaluation=learned
>>> EngineSpec.parse("mcts:time=1")
Traceback (most recent call last):
...
ValueError: engine 'mcts:time=1': bad setting 'time=1' (mcts takes nodes=N, hash=MB, evaluation=E, network=FILE; a time limit would make the games depend on the machine)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Optional

from yinsh.engine import EVALUATIONS, MAX_DEPTH, MAX_HASH_MB, MAX_MULTIPV, Engine, Limit

__all__ = ["EngineSpec"]

#: The MCTS playouts per search when the spec gives none.
DEFAULT_NODES = 800
#: The alpha-beta depth when the spec gives neither depth nor nodes.
DEFAULT_DEPTH = 2

_ENGINES: dict[EngineSpec, Engine] = {}
_METAVARS = {"depth": "D", "nodes": "N", "hash": "MB", "temp": "T", "lines": "K", "evaluation": "E",
             "network": "FILE"}


@dataclass(frozen=True)
class EngineSpec:
    """A search for self-play and analysis (see the module)."""

    algorithm: str = "alphabeta"
    depth: Optional[int] = None
    nodes: Optional[int] = None
    hash_mb: int = 16
    temperature: float = 100.0
    lines: int = MAX_MULTIPV
    evaluation: str = "classic"
    network: Optional[str] = None

    @classmethod
    def parse(cls, text: str) -> EngineSpec:
        """The spec of text; ``ValueError`` saying what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"an engine spec is a str, not {type(text).__name__}")
        name, _, settings = text.partition(":")
        algorithm = {"engine": "alphabeta"}.get(name, name)
        if algorithm not in ("alphabeta", "mcts"):
            raise ValueError(f"engine {text!r}: expected alphabeta[:depth=D,nodes=N,hash=MB,temp=T,"
                             f"lines=K,evaluation=E,network=FILE] or mcts[:nodes=N,hash=MB,evaluation=E,network=FILE]")
        keys = {"depth": (int, 1, MAX_DEPTH), "nodes": (int, 1, 2 ** 63 - 1),
                "hash": (int, 0, MAX_HASH_MB), "temp": (float, 1e-9, math.inf),
                "lines": (int, 1, MAX_MULTIPV), "evaluation": (str, None, None),
                "network": (str, None, None)}
        if algorithm == "mcts":
            keys = {k: keys[k] for k in ("nodes", "hash", "evaluation", "network")}
        values: dict[str, Any] = {}
        for item in settings.split(",") if settings else ():
            key, eq, raw = item.partition("=")
            if not eq or key not in keys or key in values:
                takes = ", ".join(f"{k}={_METAVARS[k]}" for k in keys)
                why = (f"{key} is given twice" if key in values else
                       f"bad setting {item!r} ({algorithm} takes {takes}"
                       + ("; a time limit would make the games depend on the machine)"
                          if key == "time" else ")"))
                raise ValueError(f"engine {text!r}: {why}")
            kind, lo, hi = keys[key]
            if key == "network":
                if not raw:
                    raise ValueError(f"engine {text!r}: network= needs a file")
                values[key] = raw
                continue
            if kind is str:
                if raw not in EVALUATIONS:
                    raise ValueError(f"engine {text!r}: evaluation must be one of {', '.join(EVALUATIONS)}, "
                                     f"not {raw[:20]!r}")
                values[key] = raw
                continue
            try:
                value = kind(raw)
            except ValueError:
                raise ValueError(f"engine {text!r}: {key}: not a number: {raw[:20]!r}") from None
            if not lo <= value <= hi:
                raise ValueError(f"engine {text!r}: {key} must be between {lo:g} and {hi:g}, not {raw}")
            values[key] = value
        evaluation = values.get("evaluation", "classic")
        network = values.get("network")
        if network is not None and evaluation != "learned":
            raise ValueError(f"engine {text!r}: network= needs evaluation=learned")
        if algorithm == "mcts":
            return cls("mcts", None, values.get("nodes", DEFAULT_NODES), values.get("hash", 16),
                       evaluation=evaluation, network=network)
        depth = values.get("depth", None if "nodes" in values else DEFAULT_DEPTH)
        return cls("alphabeta", depth, values.get("nodes"), values.get("hash", 16),
                   float(values.get("temp", 100.0)), values.get("lines", MAX_MULTIPV), evaluation,
                   network)

    def limit(self) -> Limit:
        """The search limit of each analysis."""
        return Limit(depth=self.depth, nodes=self.nodes)

    def engine(self) -> Engine:
        """This process's engine of the spec (made on first use, then reused)."""
        found = _ENGINES.get(self)
        if found is None:
            found = _ENGINES[self] = Engine(hash_mb=self.hash_mb, algorithm=self.algorithm,
                                            evaluation=self.evaluation, network=self.network)
        return found

    def __str__(self) -> str:
        limits = (("depth", self.depth), ("nodes", self.nodes))
        parts = [f"{k}={v}" for k, v in limits if v is not None] + [f"hash={self.hash_mb}"]
        if self.algorithm == "alphabeta":
            parts += [f"temp={self.temperature:g}", f"lines={self.lines}"]
        if self.evaluation != "classic":
            parts.append(f"evaluation={self.evaluation}")
        if self.network is not None:
            parts.append(f"network={self.network}")
        return f"{self.algorithm}:{','.join(parts)}"
