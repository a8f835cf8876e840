"""Self-play throughput with 1 and 2 (or more) local workers, or on Ray.

For each game: the same job (same seeds) with each worker count, in a fresh
folder; prints games/s, positions/s written, the speed-up over the first
worker count, and the shard bytes per 1,000 positions. The shards of every
run must be the same bytes (checked: the result does not depend on the
workers).

    python benchmarks/selfplay_scaling.py [--games 64] [--workers 1 2] [--ray local]
        [--game yinsh insert ludo] [--engine yinsh=alphabeta:depth=2 ...]
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

from yinsh.distributed import selfplay

#: The engine of each game's job (small searches: the figure is throughput).
ENGINES = {"yinsh": "alphabeta:depth=2", "insert": "alphabeta:depth=3", "ludo": "mcts:nodes=200"}


def _hashes(out: str) -> list[str]:
    with open(os.path.join(out, "manifest.json")) as f:
        return [u["sha256"] for u in json.load(f)["units"].values()]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=64)
    p.add_argument("--games-per-shard", type=int, default=4)
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    p.add_argument("--game", nargs="+", default=list(ENGINES))
    p.add_argument("--engine", nargs="*", default=[], metavar="GAME=SPEC")
    p.add_argument("--ray", help="run on Ray (local or an address) instead of local processes")
    args = p.parse_args()
    engines = dict(ENGINES, **dict(e.split("=", 1) for e in args.engine))
    for game in args.game:
        base = None
        hashes = None
        for workers in args.workers:
            with tempfile.TemporaryDirectory() as out:
                began = time.perf_counter()
                report = selfplay(game, args.games, engines[game], out, workers=workers, ray=args.ray,
                                  games_per_shard=args.games_per_shard)
                seconds = time.perf_counter() - began
                size = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out)
                           if f.endswith(".npz"))
                if hashes is None:
                    hashes = _hashes(out)
                assert _hashes(out) == hashes, "the shards depend on the worker count"
            rate = report.games / seconds
            base = base or rate
            print(f"{game} ({engines[game]}) workers {workers}: {report.games} games, "
                  f"{report.positions} positions in {seconds:.1f} s: {rate:.2f} games/s "
                  f"({rate / base:.2f}x), {report.positions / seconds:.0f} positions/s, "
                  f"{size / report.positions * 1000 / 1e6:.2f} MB per 1,000 positions", flush=True)


if __name__ == "__main__":
    main()
