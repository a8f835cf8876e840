"""Engine speed with the learned evaluation against the classic one:
fixed-depth one-thread alpha-beta searches of the same random midgames
(Yinsh: those of search_speed.py; Insert: 12 random games on random layouts,
1 to 6 plies in, where the trees are the widest) with ``Engine(evaluation="classic")`` and
``Engine(evaluation="learned")``, best of --repeat, and the ratio of their
nodes/s (docs/search.md, "Learned evaluation"):

    nice python benchmarks/nnue_speed.py --depth 6
    nice python benchmarks/nnue_speed.py --game insert --depth 8

The two evaluations grow different trees (the node counts differ), so
nodes/s is the comparison; ``--network FILE`` times another network (the
speed does not depend on its weights, except through the tree).
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

import yinsh
from yinsh import insert
from search_speed import positions


def insert_positions(count: int = 12, seed: int = 5) -> list[insert.Board]:
    """Insert openings: random games on random layouts, 1 + g // 2 plies in (1..6)."""
    rng = random.Random(seed)
    boards = []
    for g in range(count):
        board = insert.Board.random(rng.randrange(2**63))
        for _ in range(1 + g // 2):
            board.push(rng.choice(list(board.legal_moves)))
            if board.is_game_over():
                break
        if not board.is_game_over():
            boards.append(board)
    return boards


def speed(evaluation: str, boards: list[Any], depth: int, repeat: int,
          network: str | None = None) -> tuple[int, float]:
    """(nodes, best seconds) of searching every board to depth."""
    engine = yinsh.Engine(hash_mb=16, evaluation=evaluation, network=network)
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = sum(engine.analyse(board, depth=depth).nodes for board in boards)
        best = min(best, time.perf_counter() - start)
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("yinsh", "insert"), default="yinsh")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--network", metavar="FILE", help="the learned network (default: the packaged one)")
    args = parser.parse_args()
    boards: list[Any] = positions() if args.game == "yinsh" else insert_positions()
    rates = {}
    for evaluation in ("classic", "learned"):
        nodes, seconds = speed(evaluation, boards, args.depth, args.repeat,
                               args.network if evaluation == "learned" else None)
        rates[evaluation] = nodes / seconds
        print(f"{args.game} {evaluation:8s}: {len(boards)} positions, depth {args.depth}: {nodes} nodes, "
              f"{seconds:.3f} s, {nodes / seconds:,.0f} nodes/s")
    print(f"learned / classic nodes/s: {rates['learned'] / rates['classic']:.2f}")


if __name__ == "__main__":
    main()
