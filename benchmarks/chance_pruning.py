"""Nodes of the alpha-beta with and without *-minimax pruning at chance
nodes (the ``star`` tunable: 0 plain expectimax, 1 Star1, 2 Star2) on
two-player Ludo positions: each position searched to a fixed depth, one
thread, a 16 MB table; the three give the same score (checked).

    PYTHONPATH=src python benchmarks/chance_pruning.py [--positions 40] [--depth 6]

Prints per depth the total nodes of each and the ratios to plain
expectimax. The positions come from seeded random games after 10..200
random actions, alternately at a throw (a chance root) and at a move with
a choice (docs/search.md has the figures).
"""
from __future__ import annotations

import argparse
import random

from yinsh import ludo
from yinsh.ludo import _search


def positions(count: int, seed: int = 1) -> list[ludo.Board]:
    """count two-player Ludo positions from seeded random games, alternately
    at a throw and at a move with a choice."""
    rng = random.Random(seed)
    found: list[ludo.Board] = []
    while len(found) < count:
        board = ludo.Board(players=2)
        for _ in range(rng.randrange(10, 200)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        want_chance = len(found) % 2 == 0
        if board.is_chance() == want_chance and (want_chance or len(board.legal_moves) > 1):
            found.append(board)
    return found


def measure(boards: list[ludo.Board], depth: int) -> list[int]:
    """Total nodes with star=0, 1, 2 over boards at depth; the scores agree."""
    totals = [0, 0, 0]
    for board in boards:
        scores = []
        for star in (0, 1, 2):
            ab = _search.AlphaBeta(hash_mb=16)
            ab.configure(star=star)
            info = ab.search(board, depth)
            totals[star] += info.nodes
            scores.append(info.score)
        assert len(set(scores)) == 1, (board.position(), scores)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--depth", type=int, default=6)
    args = parser.parse_args()
    boards = positions(args.positions)
    for depth in range(2, args.depth + 1):
        plain, star1, star2 = measure(boards, depth)
        print(f"depth {depth}: expectimax {plain:,}, Star1 {star1:,} ({star1 / plain:.3f}), "
              f"Star2 {star2:,} ({star2 / plain:.3f}) nodes")


if __name__ == "__main__":
    main()
