#!/usr/bin/env python3
"""python3 wasm/smoke.py OUT [--repeat N]: the site of wasm/build against the native build.

Runs one program natively (the library as built here, e.g. ``pip install -e .``)
and in Pyodide under Node (wasm/run.mjs, local files only): ``import yinsh``,
the registered games, perft(3) from the start, and a depth-7 search of a
Yinsh midgame (classic evaluation, one thread, 16 MB hash; the best of N
runs). Prints both and the speed ratio; exits 1 when a count, the nodes or
the best move differ.
"""
import argparse
import json
import subprocess
import sys
from pathlib import Path

PROGRAM = """
import json, time
import yinsh
from yinsh import games

board = yinsh.Board()
for move in "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7".split():
    board.push_str(move)
seconds = []
for _ in range(%d):
    engine = yinsh.Engine(hash_mb=16, threads=1, evaluation="classic")
    begin = time.perf_counter()
    analysis = engine.analyse(board, depth=7)
    seconds.append(time.perf_counter() - begin)
print(json.dumps({"games": list(games.GAMES), "perft": yinsh.perft(yinsh.Board(), 3),
                  "nodes": analysis.nodes, "best": str(analysis.best_move), "seconds": min(seconds)}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    program = PROGRAM % args.repeat
    results = {}
    for where, command in [("native", [sys.executable, "-c", program]),
                           ("pyodide", ["node", str(Path(__file__).with_name("run.mjs")), str(args.site)])]:
        out = subprocess.run(command, input=None if where == "native" else program,
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(f"{where}: failed\n{out.stderr}", file=sys.stderr)
            return 1
        results[where] = json.loads(out.stdout.strip().splitlines()[-1])
    for where, r in results.items():
        print(f"{where:8} games {','.join(r['games'])}  perft(3) {r['perft']}  depth 7: {r['nodes']} nodes, "
              f"best {r['best']}, {r['seconds']:.3f} s, {r['nodes'] / r['seconds'] / 1e6:.2f} M nodes/s")
    native, pyodide = results["native"], results["pyodide"]
    print(f"speed in Pyodide: {native['seconds'] / pyodide['seconds']:.2f}x native")
    same = all(native[key] == pyodide[key] for key in ("games", "perft", "nodes", "best"))
    print("same results" if same else "DIFFERENT results")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
