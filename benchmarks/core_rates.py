"""The Yinsh core's raw rates, one thread, in CPU time: perft leaves/s from
the placed position `d2 d3 e6 d6 i6 e10 k7 g10 f6 h7` (depths 4 and 5 by
default) and random games/s from the empty board.

    python benchmarks/core_rates.py [--depths 4 5] [--games 20000] [--rounds 3]
    python benchmarks/core_rates.py --other "/path/to/other-engine-harness 20000 5"

Each measurement prints one line in a fixed form, so that another engine's
harness printing the same lines can sit beside it:

    perft 4  30844344 leaves  cpu 0.0175 s  wall 0.0181 s  1765.4 M leaves/s (cpu)
    playouts  20000 games  cpu 0.4500 s  wall 0.4520 s  44444 games/s (cpu)

With ``--other CMD`` the command is run after each round of ours (runs in
turns, so that both see the same load) and its lines of that form are read;
the summary then gives both engines' best rate and the ratio. CPU time is
the process's (time.process_time), wall time is printed beside it, and the
load average before each round, since other jobs on the machine change the
wall time most. The perft counts are checked against the known ones.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import time

import yinsh

PLACED = "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7"
COUNTS = {1: 78, 2: 6017, 3: 435718, 4: 30844344, 5: 2083175288, 6: 132680426464}
# The lines, possibly after a name (this script's own lines read by another run of it).
PERFT_LINE = re.compile(r"^(?:\w+\s+)?perft (\d+)\s+(\d+) leaves\s+cpu ([\d.]+) s\s+wall ([\d.]+) s")
PLAYOUT_LINE = re.compile(r"^(?:\w+\s+)?playouts\s+(\d+) games\s+cpu ([\d.]+) s\s+wall ([\d.]+) s")


def perft_line(depth: int, leaves: int, cpu: float, wall: float) -> str:
    return (f"perft {depth}  {leaves} leaves  cpu {cpu:.4f} s  wall {wall:.4f} s  "
            f"{leaves / cpu / 1e6:.1f} M leaves/s (cpu)")


def playout_line(games: int, cpu: float, wall: float) -> str:
    return f"playouts  {games} games  cpu {cpu:.4f} s  wall {wall:.4f} s  {games / cpu:.0f} games/s (cpu)"


def our_round(depths: list[int], games: int, seed: int) -> list[str]:
    """One round of our measurements, as lines."""
    board = yinsh.Board()
    for text in PLACED.split():
        board.push_str(text)
    lines = []
    for depth in depths:
        c0, w0 = time.process_time(), time.perf_counter()
        leaves = yinsh.perft(board, depth)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        if depth in COUNTS and leaves != COUNTS[depth]:
            raise SystemExit(f"perft {depth} counted {leaves}, not {COUNTS[depth]}")
        lines.append(perft_line(depth, leaves, cpu, wall))
    c0, w0 = time.process_time(), time.perf_counter()
    stats = yinsh.random_playouts(games, seed=seed)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    lines.append(playout_line(stats.games, cpu, wall))
    return lines


def rates(lines: list[str]) -> dict[str, float]:
    """{"perft D": leaves/s, "playouts": games/s} from lines of the fixed form."""
    out = {}
    for line in lines:
        if (m := PERFT_LINE.match(line.strip())) and float(m[3]) > 0:
            out[f"perft {m[1]}"] = int(m[2]) / float(m[3])
        elif (m := PLAYOUT_LINE.match(line.strip())) and float(m[2]) > 0:
            out["playouts"] = int(m[1]) / float(m[2])
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--depths", type=int, nargs="+", default=[4, 5])
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--other", help="another engine's command printing lines of the same form")
    args = p.parse_args()
    print(f"yinsh {yinsh.__version__}, portable bitboard: {yinsh.yinsh._core.PORTABLE_BITBOARD}, "
          f"one thread, {PLACED!r}")
    best: dict[str, dict[str, float]] = {"ours": {}, "other": {}}
    for r in range(args.rounds):
        print(f"round {r + 1}, load average {os.getloadavg()[0]:.2f}", flush=True)
        runs = [("ours", lambda: our_round(args.depths, args.games, args.seed + r))]
        if args.other:
            runs.append(("other", lambda: subprocess.run(
                shlex.split(args.other), check=True, capture_output=True, text=True).stdout.splitlines()))
        if r % 2:
            runs.reverse()
        for name, run in runs:
            lines = run()
            for line in lines:
                if PERFT_LINE.match(line.strip()) or PLAYOUT_LINE.match(line.strip()):
                    print(f"  {name:5} {line.strip().removeprefix('ours').strip()}", flush=True)
            for key, value in rates(lines).items():
                best[name][key] = max(best[name].get(key, 0.0), value)
    print(f"best of {args.rounds} rounds (CPU time):")
    for key, value in best["ours"].items():
        unit = "M leaves/s" if key.startswith("perft") else "games/s"
        scale = 1e6 if key.startswith("perft") else 1.0
        line = f"  {key:9} ours {value / scale:10.1f} {unit}"
        if key in best["other"]:
            other = best["other"][key]
            line += f"   other {other / scale:10.1f} {unit}   ratio {value / other:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
