"""Plays two engines against each other, each in its own process, possibly
from two different checkouts of the library (e.g. this one against the
engine of an older commit built elsewhere).

    python benchmarks/versus.py --a src --b /tmp/yinsh-base/src --games 200 --time 0.1
    python benchmarks/versus.py --a src --b src --a-engine algorithm=mcts --games 40 --time 0.1
    python benchmarks/versus.py --a src --b src --a-engine threads=2 --games 100 --time 0.1

Each side is a package directory (put first on PYTHONPATH of its process)
and ``yinsh.Engine`` keyword arguments (``hash_mb=16,threads=2`` or
``algorithm=mcts``; ``set.NAME=VALUE`` calls ``engine.configure(NAME=VALUE)``).
Openings: the ten ring placements at random, each opening played twice with
the colours swapped; the engines then get ``--time`` seconds per action (or
``--nodes``). Prints each game, then A's W/D/L, score with a 95% Wilson
interval and the Elo difference.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import time

SERVER = r"""
import sys, yinsh
kwargs, settings = {}, {}
for item in filter(None, sys.argv[1].split(",")):
    key, _, value = item.partition("=")
    try:
        value = int(value)
    except ValueError:
        try:
            value = float(value)
        except ValueError:
            pass
    if key.startswith("set."):
        settings[key[4:]] = value
    else:
        kwargs[key] = value
engine = yinsh.Engine(**kwargs)
if settings:
    engine.configure(**settings)
print("ready", yinsh.__file__, flush=True)
for line in sys.stdin:
    position, kind, limit = line.rstrip("\n").split("\t")
    board = yinsh.Board(position)
    limits = {"time": float(limit)} if kind == "time" else {"nodes": int(limit)}
    print(engine.best_move(board, **limits), flush=True)
"""


class Player:
    def __init__(self, path: str, engine: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(path))
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, engine], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        ready = self.proc.stdout.readline().split()
        assert ready and ready[0] == "ready", ready
        self.where = ready[1]

    def move(self, position: str, kind: str, limit: str) -> str:
        self.proc.stdin.write(f"{position}\t{kind}\t{limit}\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(10)


def wilson(points: list[float], z: float = 1.96) -> tuple[float, float, float]:
    n = len(points)
    mean = sum(points) / n
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


def elo(score: float) -> str:
    if score <= 0 or score >= 1:
        return "-inf" if score <= 0 else "+inf"
    return f"{-400 * math.log10(1 / score - 1):+.0f}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", required=True, help="package directory of A (e.g. src)")
    p.add_argument("--b", required=True, help="package directory of B")
    p.add_argument("--a-engine", default="", help="Engine keywords of A, e.g. threads=2")
    p.add_argument("--b-engine", default="", help="Engine keywords of B")
    p.add_argument("--games", type=int, default=2)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--time", type=float, help="seconds per action")
    group.add_argument("--nodes", type=int, help="nodes per action")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    kind, limit = ("nodes", str(args.nodes)) if args.nodes else ("time", str(args.time or 0.1))

    sys.path.insert(0, os.path.abspath(args.a))
    import yinsh

    a, b = Player(args.a, args.a_engine), Player(args.b, args.b_engine)
    print(f"A: {a.where} {args.a_engine}\nB: {b.where} {args.b_engine}\n{kind} {limit} per action", flush=True)
    points: list[float] = []
    start = time.perf_counter()
    try:
        for game in range(args.games):
            pair, a_black = divmod(game, 2)
            rng = random.Random(args.seed * 1_000_003 + pair)
            board = yinsh.Board()
            while board.phase == "place":
                board.push(rng.choice(list(board.legal_moves)))
            sides = (b, a) if a_black else (a, b)
            while not board.is_game_over() and board.ply < 2000:
                board.push_str(sides[board.turn].move(board.position(), kind, limit))
            outcome = board.outcome()
            a_color = 1 if a_black else 0
            if outcome is None or outcome.winner is None:
                point = 0.5
            else:
                point = 1.0 if outcome.winner == a_color else 0.0
            points.append(point)
            w, d, l = points.count(1.0), points.count(0.5), points.count(0.0)
            print(f"game {game + 1}/{args.games}: A {'black' if a_black else 'white'} {board.result()} "
                  f"rings {board.rings_removed(0)}:{board.rings_removed(1)} {board.ply} actions  "
                  f"+{w} ={d} -{l}", flush=True)
    except KeyboardInterrupt:
        print("interrupted")
    finally:
        a.close()
        b.close()
    if points:
        mean, lo, hi = wilson(points)
        w, d, l = points.count(1.0), points.count(0.5), points.count(0.0)
        print(f"{len(points)} games in {time.perf_counter() - start:.0f} s")
        print(f"W/D/L (A): {w}/{d}/{l}")
        print(f"Score (A): {mean:.3f} (95% Wilson interval {lo:.3f}-{hi:.3f})")
        print(f"Elo (A-B): {elo(mean)} (95% interval {elo(lo)} to {elo(hi)})")


if __name__ == "__main__":
    main()
