"""The lineage table of a generation run (``yinsh lineage DIR``, docs/nn.md).

``lineage_rows(out)`` reads the ``generation.json`` of each generation in
the folder of ``yinsh generations`` (``yinsh.nn.generations``), and
``lineage_table(out)`` writes them as a Markdown table: per generation its
parent, the self-play games, the training set's distinct positions (held
out ones included), the validation loss,
the gate against the parent (W/D/L, Elo with its 95% interval, the SPRT's
decision) and, where it was measured, the Elo against the classic
evaluation. A step not finished yet shows ``-``. A run started from a
network of an earlier run numbers its generations on from that network's.

>>> print(lineage_table([{"generation": 0, "steps": {"network": {
...     "promoted": True, "positions": 303407, "validation_loss": 0.5884, "sha256": "c6" * 32}}}]))
| generation | parent | games | positions | validation loss | vs parent: W/D/L | Elo vs parent | gate | Elo vs classic | network |
|---|---|---|---|---|---|---|---|---|---|
| 0 | - | - | 303,407 | 0.5884 | - | - | start | - | `c6c6c6c6c6c6` |
"""
from __future__ import annotations

import json
import os
from typing import Any, Optional, Union

__all__ = ["lineage_rows", "lineage_table"]

_HEADER = ("generation", "parent", "games", "positions", "validation loss", "vs parent: W/D/L",
           "Elo vs parent", "gate", "Elo vs classic", "network")


def lineage_rows(out: str) -> list[dict[str, Any]]:
    """The records of the generations in the folder out, 0 first (up to the
    first generation without a record). ``FileNotFoundError`` when out holds
    no generation 0."""
    rows = []
    number = 0
    while True:
        path = os.path.join(out, f"gen-{number:03d}", "generation.json")
        if not os.path.exists(path):
            break
        with open(path, encoding="utf-8") as f:
            rows.append(json.load(f))
        number += 1
    if not rows:
        raise FileNotFoundError(f"{out}: no generation run here (no gen-000/generation.json)")
    return rows


def _elo(match: Optional[dict[str, Any]]) -> str:
    if not match:
        return "-"

    def text(x: Union[float, str]) -> str:
        return x if isinstance(x, str) else f"{x:+.0f}"
    return (f"{text(match['elo'])} ({text(match['elo_low'])} to {text(match['elo_high'])}), "
            f"{match['games']} games")


def _number(x: Any, form: str = ",") -> str:
    return "-" if x is None else format(x, form)


def _row(record: dict[str, Any], base: int) -> list[str]:
    steps = record.get("steps", {})
    network = steps.get("network", {})
    gate = steps.get("gate")
    if record["generation"] == 0:
        verdict = "start"
        positions, loss = network.get("positions"), network.get("validation_loss")
    else:
        positions = steps.get("data", {}).get("positions")
        loss = steps.get("train", {}).get("validation_loss")
        verdict = "-" if gate is None else (
            gate["decision"] + (" (truncated)" if gate["truncated"] else "")
            + (": promoted" if gate["passed"] else ": kept aside"))
    wdl = "-" if gate is None else f"{gate['wins']}/{gate['draws']}/{gate['losses']}"
    sha = network.get("sha256")
    parent = record.get("parent")
    return [str(base + record["generation"]), _number(None if parent is None else base + parent, ""),
            _number(steps.get("selfplay", {}).get("games")), _number(positions),
            _number(loss, ".4f"), wdl, _elo(gate), verdict, _elo(steps.get("classic")),
            "-" if not sha else f"`{sha[:12]}`"]


def lineage_table(source: Union[str, list[dict[str, Any]]]) -> str:
    """The Markdown table of a run's folder (or of its records, ``lineage_rows``)."""
    records = lineage_rows(source) if isinstance(source, str) else source
    lines = ["| " + " | ".join(_HEADER) + " |", "|" + "---|" * len(_HEADER)]
    base = records[0].get("steps", {}).get("network", {}).get("base", 0)
    lines += ["| " + " | ".join(_row(r, base)) + " |" for r in records]
    return "\n".join(lines)
