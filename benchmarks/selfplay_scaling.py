"""Self-play throughput with 1 and 2 (or more) local workers, or on Ray.

For each game: the same job (same seeds) with each worker count, in a fresh
folder; prints games/s, positions/s written, the speed-up over the first
worker count, the shard bytes per 1,000 positions, the CPU seconds per game
(this process and its worker processes; not Ray's) and the load average.
On a machine shared with other jobs the speed-up shows the CPU share the
job got; CPU seconds per game equal for 1 and 2 workers mean the workers
add no work of their own. The shards of every run must be the same bytes
(checked: the result does not depend on the workers).

    python benchmarks/selfplay_scaling.py [--games 64] [--workers 1 2] [--ray local]
        [--game yinsh insert ludo] [--engine yinsh=alphabeta:depth=2 ...]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import tempfile
import time

from yinsh.distributed import selfplay

#: The engine of each game's job (small searches: the figure is throughput).
ENGINES = {"yinsh": "alphabeta:depth=2", "insert": "alphabeta:depth=3", "ludo": "mcts:nodes=200"}


def _hashes(out: str) -> list[str]:
    with open(os.path.join(out, "manifest.json")) as f:
        return [u["sha256"] for u in json.load(f)["units"].values()]


def _cpu() -> float:
    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


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
                began, cpu = time.perf_counter(), _cpu()
                report = selfplay(game, args.games, engines[game], out, workers=workers, ray=args.ray,
                                  games_per_shard=args.games_per_shard)
                seconds, cpu = time.perf_counter() - began, _cpu() - cpu
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
                  f"{size / report.positions * 1000 / 1e6:.2f} MB per 1,000 positions, "
                  f"{cpu / report.games:.3f} CPU s/game, load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
