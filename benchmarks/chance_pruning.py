"""Nodes of the alpha-beta's chance nodes with and without Star1 (the
``star1`` tunable) on two-player Ludo positions: each position searched to
a fixed depth, one thread, the same value either way (checked).

    PYTHONPATH=src python benchmarks/chance_pruning.py [--positions 40] [--depth 5]

Prints per depth the total nodes of plain expectimax (``star1=0``) and of
Star1, and the ratio. The positions are the seeded random games' positions
after 10..200 random actions, half at a throw (a chance root), half at a
move.
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
        plies = rng.randrange(10, 200)
        for _ in range(plies):
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


def measure(boards: list[ludo.Board], depth: int) -> tuple[int, int]:
    """Total nodes (star1=0, star1=1) over boards at depth; the scores agree."""
    totals = [0, 0]
    for board in boards:
        scores = []
        for star in (0, 1):
            ab = _search.AlphaBeta(hash_mb=16)
            ab.configure(star1=star)
            info = ab.search(board, depth)
            totals[star] += info.nodes
            scores.append(info.score)
        assert scores[0] == scores[1], (board.position(), scores)
    return totals[0], totals[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--depth", type=int, default=5)
    args = parser.parse_args()
    boards = positions(args.positions)
    for depth in range(2, args.depth + 1):
        plain, star = measure(boards, depth)
        print(f"depth {depth}: expectimax {plain:,} nodes, Star1 {star:,} nodes, "
              f"Star1 / expectimax {star / plain:.3f}")


if __name__ == "__main__":
    main()
