"""Fits the win/draw/loss models of the games (``yinsh.engine.wdl``) to
self-play games of the project's own engines, writes each game's parameter
file and prints the calibration on held-out games.

Each data set is a (game, evaluation, players) triple:

    yinsh-classic   yinsh-learned   insert-classic   insert-learned
    ludo2           ludo3           ludo4

``generate`` plays self-play games (the engine against itself at a node
limit, from a random start: Yinsh's random ring placements, Insert's random
layouts, Ludo's dice) and records, for every searched position, the
search's score from the side to act, the progress features and the final
result of every side. Raw data go to ``build/wdl/<set>.jsonl`` (ignored by
git; one game a line), so refits are cheap: a second run plays only the
games missing. ``fit`` splits the games into fit and held-out sets (every
five folds of games, cross-validated), fits the model with and without progress dependence
by maximum likelihood, prints the held-out log-loss and Brier score of
both and the reliability table by deciles of the predicted score, and (with
``--write``) writes the chosen parameters into the game's ``wdl.json``.

    PYTHONPATH=src python benchmarks/wdl_fit.py yinsh-classic --games 400 --write
    PYTHONPATH=src python benchmarks/wdl_fit.py all --write         # every set
    PYTHONPATH=src python benchmarks/wdl_fit.py insert-classic --fit-only

``--nodes`` is the alpha-beta's node limit (default 10000) or the MCTS's
playouts (default 800).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Optional

import numpy as np

import yinsh
from yinsh import games
from yinsh.engine.info import WIN_THRESHOLD

SETS: dict[str, dict[str, Any]] = {
    "yinsh-classic": {"game": "yinsh", "evaluation": "classic", "players": 2, "games": 400},
    "yinsh-learned": {"game": "yinsh", "evaluation": "learned", "players": 2, "games": 400},
    "insert-classic": {"game": "insert", "evaluation": "classic", "players": 2, "games": 800},
    "insert-learned": {"game": "insert", "evaluation": "learned", "players": 2, "games": 800},
    "ludo2": {"game": "ludo", "evaluation": "classic", "players": 2, "games": 300},
    "ludo3": {"game": "ludo", "evaluation": "classic", "players": 3, "games": 150},
    "ludo4": {"game": "ludo", "evaluation": "classic", "players": 4, "games": 150},
}
DATA = Path("build") / "wdl"
FOLDS = 5                   # cross-validation: game k (by seed) is in fold k % 5


def _start(game: str, players: int, rng: random.Random) -> Any:
    kind = games.get(game)
    if game == "ludo":
        return kind.board_class(players=players)
    board = kind.random_start({}, rng) if game == "insert" else kind.board_class()
    opening = kind.openings().get(kind.default_opening)
    if opening is not None:
        opening(board, rng)
    return board


def play_game(spec: dict[str, Any], seed: int, nodes: int) -> dict[str, Any]:
    """One self-play game: its positions ``[score, side, progress, ply]``
    and each side's result (1 win, 0.5 draw, 0 loss)."""
    rng = random.Random(seed)
    board = _start(spec["game"], spec["players"], rng)
    engine = yinsh.Engine(hash_mb=4, evaluation=spec["evaluation"])
    mcts = engine.algorithm_for(board) == "mcts"
    sides = list(board.players) if hasattr(board, "players") else [0, 1]
    positions = []
    while not board.is_game_over():
        if board.is_chance():
            if not mcts:                    # the alpha-beta's expectation at a throw
                a = engine.analyse(board, nodes=nodes)
                positions.append([a.score, sides.index(board.turn), board.ply, board.position()])
            board.throw(rng)
            continue
        moves = list(board.legal_moves)
        if len(moves) == 1 and mcts:        # forced: no search
            board.push(moves[0])
            continue
        a = engine.analyse(board, nodes=nodes)
        values = getattr(a, "root_values", None) if mcts else None
        positions.append([a.score, sides.index(board.turn), board.ply, board.position()]
                         + ([list(values)] if values else []))
        board.push(a.best_move)
    return {"seed": seed, "positions": positions, "results": results_of(board, sides)}


def results_of(board: Any, sides: list[Any]) -> list[float]:
    """Each side's result: 1 for the winner, 0.5 each for a draw, 0 else."""
    outcome = board.outcome()
    winner = getattr(outcome, "winner", None)
    if winner is None and hasattr(board, "winner"):
        winner = board.winner()
    if winner is None:
        return [0.5] * len(sides)
    return [1.0 if side == winner else 0.0 for side in sides]


def generate(name: str, games_wanted: int, nodes: int, budget: float) -> list[dict[str, Any]]:
    spec = SETS[name]
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"{name}.jsonl"
    have: list[dict[str, Any]] = []
    if path.exists():
        with open(path) as f:
            have = [json.loads(line) for line in f if line.strip()]
        have = [g for g in have if g.get("nodes") == nodes]
    start = time.process_time()
    seeds = {g["seed"] for g in have}
    with open(path, "a") as f:
        seed = 0
        while len(have) < games_wanted and time.process_time() - start < budget:
            if seed not in seeds:
                g = play_game(spec, seed, nodes)
                g["nodes"] = nodes
                f.write(json.dumps(g) + "\n")
                f.flush()
                have.append(g)
            seed += 1
    print(f"{name}: {len(have)} games ({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
    return have


def with_progress(data: list[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """The games with each position's progress (``GameKind.wdl_progress`` of
    its board) in ``progress``."""
    kind = games.get(game)
    for g in data:
        if "progress" not in g:
            g["progress"] = [kind.wdl_progress(kind.board_class(pos[3])) for pos in g["positions"]]
    return data


def samples(data: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Every position whose score is not a proven result: score, progress,
    the side to act's result and its game's fold (0..4, by seed order)."""
    s, x, y, fold = [], [], [], []
    for k, g in enumerate(sorted(data, key=lambda g: g["seed"])):
        for pos, progress in zip(g["positions"], g["progress"]):
            score, side = pos[0], pos[1]
            if abs(score) > WIN_THRESHOLD:
                continue
            s.append(score)
            x.append(progress)
            y.append(g["results"][side])
            fold.append(k % FOLDS)
    return {"s": np.array(s, float), "x": np.array(x, float), "y": np.array(y, float),
            "fold": np.array(fold, int)}


def _nll(m: dict[str, Any], d: dict[str, np.ndarray], rows: np.ndarray) -> float:
    from yinsh.engine import wdl as wdlmod
    w, dr, l = wdlmod.probabilities(m, d["s"][rows], d["x"][rows])
    y = d["y"][rows]
    eps = 1e-9
    ll = np.where(y == 1.0, np.log(w + eps), np.where(y == 0.0, np.log(l + eps), np.log(dr + eps)))
    return float(-ll.mean())


def fit(d: dict[str, np.ndarray], rows: np.ndarray, draws: bool, symmetric: bool, progress: bool,
        scale: float) -> dict[str, Any]:
    """Maximum likelihood parameters of ``a = a0 + a1 x``, ``b = b0 + b1 x``
    (x the progress, 0..1) on the positions ``rows`` (``a`` is 0 in a
    symmetric model: two players, no draws)."""
    from scipy.optimize import minimize

    def model(p: np.ndarray) -> dict[str, Any]:
        q = list(p)
        a = [0.0, 0.0] if symmetric else ([q.pop(0), q.pop(0)] if progress else [q.pop(0), 0.0])
        b = [q.pop(0), q.pop(0)] if progress else [q.pop(0), 0.0]
        return {"draws": draws, "a": [v * scale for v in a], "b": [v * scale for v in b]}

    x0 = ([] if symmetric else ([0.3, 0.0] if progress else [0.3])) + ([1.0, 0.0] if progress else [1.0])
    best = minimize(lambda p: _nll(model(p), d, rows), np.array(x0), method="Nelder-Mead",
                    options={"maxiter": 6000, "xatol": 1e-6, "fatol": 1e-9})
    m = model(best.x)
    m["a"] = [round(float(v), 2) for v in m["a"]]
    m["b"] = [round(float(v), 2) for v in m["b"]]
    return m


def evaluate(d: dict[str, np.ndarray], draws: bool, symmetric: bool, progress: bool,
             scale: float) -> dict[str, Any]:
    """Held-out calibration by cross-validation over games: each fold's
    games predicted by the model fitted to the other folds' games; the
    pooled log-loss, Brier score (of the expectation against the result)
    and reliability table by deciles of the expectation."""
    from yinsh.engine import wdl as wdlmod
    e = np.zeros(len(d["y"]))
    ll = 0.0
    for k in range(FOLDS):
        held = d["fold"] == k
        if not held.any():
            continue
        m = fit(d, ~held, draws, symmetric, progress, scale)
        w, dr, _ = wdlmod.probabilities(m, d["s"][held], d["x"][held])
        e[held] = w + dr / 2
        ll += _nll(m, d, held) * held.sum()
    y = d["y"]
    table = []
    for k, part in enumerate(np.array_split(np.argsort(e, kind="stable"), 10)):
        if len(part):
            table.append({"decile": k + 1, "n": int(len(part)), "predicted": float(e[part].mean()),
                          "observed": float(y[part].mean())})
    return {"logloss": ll / max(1, len(y)), "brier": float(((e - y) ** 2).mean()), "n": int(len(y)),
            "table": table, "draw_rate": float((y == 0.5).mean()) if len(y) else 0.0}


def show(name: str, label: str, ev: dict[str, Any]) -> None:
    print(f"\n{name} ({label}): {ev['n']} held-out positions, log-loss {ev['logloss']:.4f}, "
          f"Brier {ev['brier']:.4f}, draws {ev['draw_rate']:.3f}")
    print("| decile | positions | predicted | observed | difference |")
    print("|---|---|---|---|---|")
    for row in ev["table"]:
        print(f"| {row['decile']} | {row['n']} | {row['predicted']:.3f} | {row['observed']:.3f} | "
              f"{row['observed'] - row['predicted']:+.3f} |")


def run(name: str, games_wanted: int, nodes: Optional[int], budget: float, write: bool,
        fit_only: bool, out: Optional[Path] = None, generate_only: bool = False) -> dict[str, Any]:
    spec = SETS[name]
    mcts = spec["game"] == "ludo" and spec["players"] > 2
    nodes = nodes or (800 if mcts else 10000)
    if fit_only:
        path = DATA / f"{name}.jsonl"
        with open(path) as f:
            data = [json.loads(line) for line in f if line.strip()]
    else:
        data = generate(name, games_wanted, nodes, budget)
    if generate_only:
        return {}
    data = with_progress(data, spec["game"])
    results = [r for g in data for r in g["results"]]
    draws = any(r == 0.5 for r in results)
    symmetric = spec["players"] == 2 and not draws
    d = samples(data)
    scale = 1000.0 if mcts else float(np.median(np.abs(d["s"])) or 1.0)
    every = np.ones(len(d["y"]), bool)
    flat = fit(d, every, draws, symmetric, False, scale)
    slope = fit(d, every, draws, symmetric, True, scale)
    ev_flat = evaluate(d, draws, symmetric, False, scale)
    ev_slope = evaluate(d, draws, symmetric, True, scale)
    print(f"\n## {name}: {len(data)} games, {nodes} {'playouts' if mcts else 'nodes'}; "
          f"constant {flat} ; with progress {slope}")
    show(name, "constant", ev_flat)
    show(name, "progress", ev_slope)
    chosen, ev = (slope, ev_slope) if ev_slope["logloss"] < ev_flat["logloss"] - 0.001 else (flat, ev_flat)
    if chosen is flat:
        chosen = dict(chosen, a=chosen["a"][:1], b=chosen["b"][:1])
    chosen = dict(chosen, fitted={"games": len(data), "positions": len(d["y"]), "nodes": nodes,
                                  "algorithm": "mcts" if mcts else "alphabeta",
                                  "progress": chosen is not flat and len(chosen["a"]) > 1,
                                  "heldout_brier": round(ev["brier"], 4),
                                  "heldout_logloss": round(ev["logloss"], 4),
                                  "constant_logloss": round(ev_flat["logloss"], 4),
                                  "progress_logloss": round(ev_slope["logloss"], 4)})
    if write:
        from yinsh.engine import wdl as wdlmod
        kind = games.get(spec["game"])
        path = out or wdlmod.model_path(kind)
        stored = json.loads(path.read_text()) if path is not None and path.exists() else {}
        key = (spec["evaluation"] if spec["game"] != "ludo"
               else f"mcts/{spec['players']}" if mcts else f"{spec['evaluation']}/{spec['players']}")
        stored[key] = chosen
        assert path is not None
        path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
        print(f"wrote {key} into {path}")
    return {"constant": ev_flat, "progress": ev_slope, "model": chosen}


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="+", help=f"data sets: {', '.join(SETS)} or all")
    parser.add_argument("--games", type=int, default=None, help="games per set (default: the set's)")
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--budget", type=float, default=600.0, help="CPU seconds per set at most")
    parser.add_argument("--write", action="store_true", help="write the game's wdl.json")
    parser.add_argument("--fit-only", action="store_true", help="fit the cached games, play none")
    parser.add_argument("--generate-only", action="store_true", help="play and cache the games, fit nothing")
    parser.add_argument("--data", type=Path, default=None, help="the folder of the raw data (build/wdl)")
    parser.add_argument("--out", type=Path, default=None, help="write the parameters here instead")
    args = parser.parse_args(argv)
    global DATA
    if args.data is not None:
        DATA = args.data
    names = list(SETS) if args.sets == ["all"] else args.sets
    for name in names:
        if name not in SETS:
            parser.error(f"unknown set {name!r}")
        run(name, args.games or SETS[name]["games"], args.nodes, args.budget, args.write, args.fit_only, args.out,
            args.generate_only)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
