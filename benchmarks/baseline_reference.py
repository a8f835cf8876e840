"""Writes tests/data/engine_baseline.json: node counts, best moves and
scores of fixed-depth searches on a few positions, from the engine of the
git tag ``engine-baseline``. tests/test_baseline_preset.py checks that the
``baseline`` preset of today's engine reproduces them exactly. The same for
tests/data/engine_classic.json, the tag ``engine-classic`` and the preset
``classic`` (``--tag engine-classic``).

Run it with the tag's build first on PYTHONPATH:

    git worktree add ../wt-baseline engine-baseline
    (cd ../wt-baseline && python setup.py build_ext --inplace -q)
    PYTHONPATH=../wt-baseline/src python benchmarks/baseline_reference.py tests/data/engine_baseline.json

With the current checkout and ``--preset baseline`` it prints what the preset
gives instead (the test does the same comparison).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import yinsh
from yinsh.yinsh.openings import random_placements

DEPTHS = (1, 2, 3, 4, 5)



def classic_engine() -> "yinsh.Engine":
    """A 16 MB engine of the classic evaluation (an older build has no
    ``evaluation``: its only one was the classic)."""
    try:
        return yinsh.Engine(hash_mb=16, evaluation="classic")
    except TypeError:
        return yinsh.Engine(hash_mb=16)

def positions() -> list[str]:
    """Placement-phase starts and movement positions after random
    placements and a few random actions (fixed seeds)."""
    out = []
    board = yinsh.Board()
    out.append(board.position())
    for text in "h6 g6 g8 c6".split():
        board.push_str(text)
    out.append(board.position())
    for seed, plies in ((1, 0), (2, 6), (3, 12), (4, 20), (5, 30)):
        board = yinsh.Board()
        rng = random.Random(seed)
        random_placements(board, rng)
        for _ in range(plies):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        out.append(board.position())
    return out


def figures(engine_settings: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for position in positions():
        board = yinsh.Board(position)
        engine = classic_engine()
        if engine_settings:
            engine.configure(yinsh.Board, **engine_settings)
        for depth in DEPTHS:
            a = engine.analyse(board, depth=depth)
            rows.append({"position": position, "depth": depth, "nodes": a.nodes,
                         "best_move": str(a.best_move), "score": a.score})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", help="JSON file to write (default: print)")
    parser.add_argument("--preset", help="configure the engine with this preset first")
    parser.add_argument("--tag", default="engine-baseline", help="the tag whose build runs (recorded)")
    args = parser.parse_args()
    settings: dict[str, Any] = {}
    if args.preset:
        from yinsh.engine.presets import preset
        settings = preset(args.preset)
    data = {"made_by": f"benchmarks/baseline_reference.py, run on the build of git tag {args.tag}",
            "rows": figures(settings)}
    text = json.dumps(data, indent=1) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
