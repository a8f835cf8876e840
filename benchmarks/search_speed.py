"""Fixed-depth alpha-beta searches of twelve random midgames: nodes, seconds
(best of --repeat) and nodes/s, for comparing the speed of two versions of the
library on the same machine, e.g. this tree and the engine-baseline tag built
in a worktree (docs/search.md, Strength):

    python benchmarks/search_speed.py --depth 7
    PYTHONPATH=../yinsh-baseline/src python benchmarks/search_speed.py --depth 7

It uses only what every version has (``Board``, ``legal_moves``, ``push``,
``Engine(hash_mb=16).analyse(board, depth=D)``, of the classic evaluation), so the same positions are
searched by both; the node counts tell whether the trees are the same.
"""
from __future__ import annotations

import argparse
import random
import time

import yinsh



def classic_engine() -> "yinsh.Engine":
    """A 16 MB engine of the classic evaluation (an older build has no
    ``evaluation``: its only one was the classic)."""
    try:
        return yinsh.Engine(hash_mb=16, evaluation="classic")
    except TypeError:
        return yinsh.Engine(hash_mb=16)

def positions(count: int = 12, seed: int = 5) -> list[yinsh.Board]:
    """Midgames after random placements and 4 to 37 random movement plies."""
    rng = random.Random(seed)
    boards = []
    for g in range(count):
        board = yinsh.Board()
        for _ in range(10 + 3 * g + 4):
            board.push(rng.choice(list(board.legal_moves)))
            if board.is_game_over():
                break
        if not board.is_game_over():
            boards.append(board)
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    boards = positions()
    engine = classic_engine()
    best = float("inf")
    nodes = 0
    for _ in range(args.repeat):
        start = time.perf_counter()
        nodes = sum(engine.analyse(board, depth=args.depth).nodes for board in boards)
        best = min(best, time.perf_counter() - start)
    print(f"{yinsh.__file__}: {len(boards)} positions, depth {args.depth}: {nodes} nodes, "
          f"{best:.3f} s, {nodes / best:,.0f} nodes/s")


if __name__ == "__main__":
    main()
