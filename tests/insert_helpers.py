"""Helpers for the Insert tests: hand-made positions, random boards, the
reference oracle and the playouts' generator in Python."""
from __future__ import annotations

import random

from yinsh import insert
from reference import insert_ref

MASK = (1 << 64) - 1
#: marks fields with one mark on every square: the allowed line of the last
#: ring is then its row (H), its column (V), its rising (U) or falling (D) diagonal
H, V, U, D = ("/".join([m * 6] * 6) for m in "hvud")
L0 = insert.layout_marks(0)


def rings_field(rows) -> str:
    """The rings field of six rows (row 6 first) of W, R and '.' (empty),
    given as a list or one string with '/' between rows."""
    if isinstance(rows, str):
        rows = rows.split("/")
    assert len(rows) == 6 and all(len(r) == 6 for r in rows), rows
    out = []
    for row in rows:
        text, run = "", 0
        for ch in row:
            if ch == ".":
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += ch
        out.append(text + (str(run) if run else ""))
    return "/".join(out)


def position(rows, marks: str = H, last: str | None = None) -> str:
    """A position string: the turn follows the ring count; last defaults to
    '-' (an empty board)."""
    field = rings_field(rows)
    count = sum(ch in "WR" for ch in field)
    return f"{field} {marks} {'w' if count % 2 == 0 else 'r'} {last or '-'}"


def board(rows, marks: str = H, last: str | None = None) -> insert.Board:
    return insert.Board(position(rows, marks, last))


def names(squares) -> list[str]:
    return [insert.square_name(s) for s in squares]


def texts(b: insert.Board) -> set[str]:
    """The legal actions of a board as text."""
    return {str(m) for m in b.legal_moves}


def random_board(seed: int, plies: int, layout: int | str | None = "random") -> insert.Board:
    """The board after up to plies uniformly random actions (seeded), on a
    random layout (drawn from the same generator) unless one is given."""
    rng = random.Random(seed)
    if layout == "random":
        layout = rng.randrange(6144)
    b = insert.Board(layout=layout)
    for _ in range(plies):
        moves = list(b.legal_moves)
        if not moves:
            break
        b.push(rng.choice(moves))
    return b


def reference_game(b: insert.Board) -> insert_ref.InsertGame:
    """The reference game of the same position (from its position string)."""
    return insert_ref.InsertGame.from_position(b.position())


class SplitMix64:
    """The core's generator, in Python: splitmix64 and rng_below."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next() * n) >> 64


#: An Insert game (layout 7) whose action 16 (Black's c5) lets White make five in a row:
#: the planted blunder of the review tests (found with review_game; the web's, the page's
#: and the page's with no server).
BLUNDER_GAME = "d1 a4 b4 d6 b6 b1 a2 a5 a3 c1 b2 f2 c2 e4 c4 c5 d4".split()
BLUNDER_PLY = 16
