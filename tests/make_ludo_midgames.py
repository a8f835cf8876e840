"""Writes tests/data/ludo_midgames.perft: midgame positions of seeded random
games (played with the compiled core, chosen by what they show) and their
perft counts computed by the pure-Python reference (the oracle).

    PYTHONPATH=src python tests/make_ludo_midgames.py > tests/data/ludo_midgames.perft
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))

from yinsh import ludo  # noqa: E402
from reference import ludo_ref  # noqa: E402

LEAF_BUDGET = 400_000          # the deepest reference count kept is at most this


def captures(board: ludo.Board) -> bool:
    """Whether a legal move of board captures."""
    if board.is_chance() or board.is_game_over():
        return False
    waiting = sum(board.in_start(c) for c in board.players)
    for move in board.legal_moves:
        child = board.copy(stack=False)
        child.push(move)
        if sum(child.in_start(c) for c in child.players) > waiting - (move.source == "s"):
            return True
    return False


def in_home(board: ludo.Board, color: Optional[ludo.Color]) -> int:
    return 0 if color is None else sum(p.startswith("h") for p in board.pieces(color))


# id, comment, players, variant, minimum ply, what the position must show
CASES: list[tuple[str, str, int, str, int, Callable[[ludo.Board], bool]]] = [
    ("mid-4-66x", "4 players, a move phase after 6 6 x", 4, "standard", 120,
     lambda b: len(b.dice) == 3 and b.legal_moves.count() >= 2),
    ("mid-4-capture", "4 players, a move phase with a capture among the moves", 4, "standard", 150,
     lambda b: captures(b) and b.legal_moves.count() >= 3),
    ("mid-4-enter", "4 players, entering or moving one of three pieces", 4, "standard", 200,
     lambda b: not b.is_chance() and any(m.source == "s" for m in b.legal_moves)
     and b.legal_moves.count() >= 3),
    ("mid-3-after-6", "3 players, a throw phase after a 6", 3, "standard", 150,
     lambda b: b.dice == (6,) and sum(len(b.progress(c)) - b.in_start(c) for c in b.players) >= 6),
    ("mid-3-after-66", "3 players, a throw phase after 6 6", 3, "standard", 100,
     lambda b: b.dice == (6, 6)),
    ("mid-2-home", "2 players, a move phase with two of the mover's pieces in its home column",
     2, "standard", 100, lambda b: not b.is_chance() and in_home(b, b.turn) >= 2),
    ("places-3-one-out", "3 players, places: one colour has finished and left the turn order",
     3, "places", 100, lambda b: len(b.finishing_order) == 1 and b.is_chance() and not b.dice),
    ("places-4-two-out", "4 players, places: two colours have finished, a move phase",
     4, "places", 100, lambda b: len(b.finishing_order) == 2 and not b.is_chance()),
    ("end-4-last-piece", "4 players, standard: the side to throw has 3 pieces finished",
     4, "standard", 100, lambda b: b.is_chance() and not b.dice and b.turn is not None
     and b.finished(b.turn) == 3),
    ("end-2-places", "2 players, places: both sides have 3 pieces finished", 2, "places", 100,
     lambda b: all(b.finished(c) == 3 for c in b.players)),
]


def find(players: int, variant: str, min_ply: int, wanted: Callable[[ludo.Board], bool]) -> ludo.Board:
    for seed in range(10_000):
        rng = random.Random(seed)
        board = ludo.Board(players=players, variant=variant)
        while not board.is_game_over():
            if board.ply >= min_ply and wanted(board):
                return board
            board.push(rng.choice(list(board.legal_moves)))
    raise RuntimeError("no such position")


def main() -> None:
    print("# Ludo midgame positions and their perft counts (throws are plies), made by")
    print("# tests/make_ludo_midgames.py: positions of seeded random games chosen by what")
    print("# they show; `moves` lead from a new game to `pos`; every count is the pure-Python")
    print("# reference's (tests/reference/ludo_ref.py).")
    for ident, comment, players, variant, min_ply, wanted in CASES:
        board = find(players, variant, min_ply, wanted)
        moves = [str(m) for m in board.move_stack]
        state = ludo_ref.replay(moves, players, variant)
        assert state.position() == board.position()
        print(f"\nid {ident}\n# {comment}\nmoves {' '.join(moves)}\npos {board.position()}")
        depth = 1
        while True:
            start = time.perf_counter()
            n = ludo_ref.perft(state, depth)
            print(f"perft {depth} {n}", flush=True)
            print(f"{ident} depth {depth}: {n} ({time.perf_counter() - start:.1f} s)", file=sys.stderr)
            if n * 6 > LEAF_BUDGET:
                break
            depth += 1


if __name__ == "__main__":
    main()
