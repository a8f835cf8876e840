"""Reader of the .perft data files (shakmaty-style: id, moves, pos, perft lines)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

DATA = Path(__file__).parent / "data"


@dataclass
class PerftCase:
    id: str
    pos: str = ""
    moves: Optional[list[str]] = None
    counts: dict[int, int] = field(default_factory=dict)


def read_perft_file(path: Path) -> list[PerftCase]:
    cases: list[PerftCase] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cases.append(PerftCase(value))
        elif key == "moves":
            cases[-1].moves = value.split()
        elif key == "pos":
            cases[-1].pos = value
        elif key == "perft":
            depth, nodes = value.split()
            cases[-1].counts[int(depth)] = int(nodes)
        else:
            raise ValueError(f"{path}: unknown line {line!r}")
    return cases


def read_game(game: str) -> list[PerftCase]:
    """The cases of one game's data file (``standard.perft`` holds Yinsh's)."""
    return read_perft_file(DATA / f"{game}.perft")


CASES = read_game("standard")
