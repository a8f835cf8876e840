"""Nodes/s of the alpha-beta with 1 and 2 (or more) threads on the bench
search positions, each searched for a fixed time with a fresh table.

    python benchmarks/threads_nps.py [--time 1.0] [--threads 1 2] [--rounds 2]
"""
from __future__ import annotations

import argparse

import yinsh
from yinsh.yinsh import _search
from yinsh.yinsh.bench import SEARCH_POSITIONS


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--time", type=float, default=1.0)
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--rounds", type=int, default=2)
    args = p.parse_args()
    totals = {t: [0, 0.0] for t in args.threads}
    for r in range(args.rounds):
        order = args.threads if r % 2 == 0 else args.threads[::-1]
        for position in SEARCH_POSITIONS:
            for t in order:
                info = _search.AlphaBeta(16, threads=t).search(yinsh.Board(position), 64,
                                                               time_limit=args.time)
                totals[t][0] += info.nodes
                totals[t][1] += info.seconds
                print(f"round {r + 1} threads {t}: depth {info.depth} {info.nodes} nodes "
                      f"{info.nps} nodes/s", flush=True)
    base = totals[args.threads[0]][0] / totals[args.threads[0]][1]
    for t in args.threads:
        nps = totals[t][0] / totals[t][1]
        print(f"threads {t}: {nps:.0f} nodes/s ({nps / base:.2f}x)")


if __name__ == "__main__":
    main()
