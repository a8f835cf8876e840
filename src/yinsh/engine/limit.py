"""``Limit``: when a search stops (python-chess's ``chess.engine.Limit``).

>>> from yinsh.engine.limit import Limit
>>> Limit(depth=4), Limit(time=0.5, nodes=100_000)
(Limit(depth=4), Limit(time=0.5, nodes=100000))
>>> Limit(depth=0)
Traceback (most recent call last):
...
ValueError: depth must be between 1 and 64, not 0
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Union

from yinsh.engine import info as _info

__all__ = ["Limit", "MAX_NODES"]

MAX_NODES = 2 ** 63 - 1
"""The largest node limit."""


@dataclass(frozen=True)
class Limit:
    """Search limits: ``depth`` in plies (1..64; each action is a ply),
    ``time`` in seconds (a positive finite number), ``nodes`` (alpha-beta:
    nodes searched; MCTS: playouts). The search stops at the first limit
    reached; ``None`` leaves one unset, and ``Limit()`` (no limit) means the
    engine's default limits. A ``Limit`` is frozen, hashes and pickles.

    Raises ``TypeError`` for a value that is not a number (a ``bool`` is not),
    ``ValueError`` for one out of range.
    """

    depth: Optional[int] = None
    time: Optional[float] = None
    nodes: Optional[int] = None

    def __post_init__(self) -> None:
        depth, time, nodes = self.depth, self.time, self.nodes
        for name, value, kinds in (("depth", depth, (int,)), ("time", time, (int, float)),
                                   ("nodes", nodes, (int,))):
            if value is not None and (isinstance(value, bool) or not isinstance(value, kinds)):
                kind = "an int" if kinds == (int,) else "a number"
                raise TypeError(f"{name} must be {kind}, not {type(value).__name__}")
        if depth is not None and not 1 <= depth <= _info.MAX_SEARCH_DEPTH:
            raise ValueError(f"depth must be between 1 and {_info.MAX_SEARCH_DEPTH}, not {depth}")
        if time is not None:
            if not (time > 0 and math.isfinite(time)):
                raise ValueError(f"time must be a positive number of seconds, not {time}")
            object.__setattr__(self, "time", float(time))
        if nodes is not None and not 1 <= nodes <= MAX_NODES:
            raise ValueError(f"nodes must be between 1 and 2**63 - 1, not {nodes}")

    def is_set(self) -> bool:
        """Whether any limit is set.

        >>> Limit().is_set(), Limit(nodes=10).is_set()
        (False, True)
        """
        return self.depth is not None or self.time is not None or self.nodes is not None

    def as_dict(self) -> dict[str, Union[int, float]]:
        """The limits that are set, as keywords for ``analyse`` or a player's
        ``best_move``.

        >>> Limit(depth=3).as_dict()
        {'depth': 3}
        """
        out: dict[str, Union[int, float]] = {}
        if self.depth is not None:
            out["depth"] = self.depth
        if self.time is not None:
            out["time"] = self.time
        if self.nodes is not None:
            out["nodes"] = self.nodes
        return out

    def __repr__(self) -> str:
        return f"Limit({', '.join(f'{k}={v!r}' for k, v in self.as_dict().items())})"
