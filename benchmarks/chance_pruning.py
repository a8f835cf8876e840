"""Nodes of the alpha-beta with and without *-minimax pruning at chance
nodes (the ``star`` tunable: 0 plain expectimax, 1 Star1, 2 Star2) on
two-player Ludo positions: each position searched to a fixed depth, one
thread. Without a transposition table (``--hash 0``, the default) the
three give the same score (checked); with one, a table entry of a deeper
search may answer a shallower one, so scores can differ by a point or two
between the three as they do between runs of plain expectimax in another
order (counted, not checked).

    PYTHONPATH=src python benchmarks/chance_pruning.py [--positions 40] [--depth 6] [--hash 16]

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


def measure(boards: list[ludo.Board], depth: int, hash_mb: int) -> tuple[list[int], int]:
    """Total nodes with star=0, 1, 2 over boards at depth, and the number of
    boards whose three scores differ (none without a table: checked)."""
    totals = [0, 0, 0]
    differ = 0
    for board in boards:
        scores = []
        for star in (0, 1, 2):
            ab = _search.AlphaBeta(hash_mb=hash_mb)
            ab.configure(star=star)
            info = ab.search(board, depth)
            totals[star] += info.nodes
            scores.append(info.score)
        if len(set(scores)) > 1:
            assert hash_mb > 0, (board.position(), scores)
            differ += 1
    return totals, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--hash", type=int, default=0, help="transposition table in MB (0: none)")
    args = parser.parse_args()
    boards = positions(args.positions)
    for depth in range(2, args.depth + 1):
        (plain, star1, star2), differ = measure(boards, depth, args.hash)
        print(f"depth {depth}: expectimax {plain:,}, Star1 {star1:,} ({star1 / plain:.3f}), "
              f"Star2 {star2:,} ({star2 / plain:.3f}) nodes; scores differ on {differ}")


if __name__ == "__main__":
    main()
