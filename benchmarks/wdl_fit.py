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
    "yinsh-classic": {"game": "yinsh", "evaluation": "classic", "players": 2, "games": 1600},
    "yinsh-learned": {"game": "yinsh", "evaluation": "learned", "players": 2, "games": 400},
    "insert-classic": {"game": "insert", "evaluation": "classic", "players": 2, "games": 3200},
    "insert-learned": {"game": "insert", "evaluation": "learned", "players": 2, "games": 800},
    "ludo2": {"game": "ludo", "evaluation": "classic", "players": 2, "games": 500},
    "ludo3": {"game": "ludo", "evaluation": "classic", "players": 3, "games": 450},
    "ludo4": {"game": "ludo", "evaluation": "classic", "players": 4, "games": 450},
}
DATA = Path("build") / "wdl"
FOLDS = 5                   # cross-validation: game k (by seed) is in fold k % 5


def _start(game: str, players: int, rng: random.Random) -> Any:
    kind = games.get(game)
    if game == "ludo":
        return kind.board_class(players=players)
    board = kind.part("rl").random_start({}, rng) if game == "insert" else kind.board_class()
    opening = kind.part("match").openings().get(kind.part("match").default_opening)
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


def nelder_mead(f: Any, x0: np.ndarray, iterations: int = 4000, tolerance: float = 1e-9) -> np.ndarray:
    """The minimum of f near x0 by the Nelder-Mead simplex (numpy alone:
    the fit needs no scipy)."""
    n = len(x0)
    simplex = [np.array(x0, float)] + [np.array(x0, float) + np.eye(n)[i] * (0.25 if x0[i] == 0 else 0.25 * abs(x0[i]) + 0.05)
                                       for i in range(n)]
    values = [f(x) for x in simplex]
    for _ in range(iterations):
        order = np.argsort(values)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if abs(values[-1] - values[0]) < tolerance:
            break
        centre = np.mean(simplex[:-1], axis=0)
        reflected = centre + (centre - simplex[-1])
        fr = f(reflected)
        if fr < values[0]:
            expanded = centre + 2 * (centre - simplex[-1])
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = centre + 0.5 * (simplex[-1] - centre)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:                                   # shrink towards the best
                simplex = [simplex[0]] + [simplex[0] + 0.5 * (x - simplex[0]) for x in simplex[1:]]
                values = [values[0]] + [f(x) for x in simplex[1:]]
    return simplex[int(np.argmin(values))]


#: the refinements a model may have: the progress terms of a and b, the
#: compressed score (c), the lapse; ``search`` adds them one at a time
SHAPES = ("progress", "compress", "lapse")


def fit(d: dict[str, np.ndarray], rows: np.ndarray, draws: bool, symmetric: bool, shape: frozenset[str],
        scale: float) -> dict[str, Any]:
    """Maximum likelihood parameters on the positions ``rows``: ``a = a0 +
    a1 x``, ``b = b0 + b1 x`` (x the progress; a1 = b1 = 0 without
    ``progress``; ``a`` is 0 in a symmetric model: two players, no draws),
    with ``compress`` the scale c of the compressed score, with ``lapse``
    the lapse (at most 0.2)."""
    progress = "progress" in shape

    def model(p: np.ndarray) -> dict[str, Any]:
        q = list(p)
        a = [0.0, 0.0] if symmetric else ([q.pop(0), q.pop(0)] if progress else [q.pop(0), 0.0])
        b = [q.pop(0), q.pop(0)] if progress else [q.pop(0), 0.0]
        m: dict[str, Any] = {"draws": draws, "a": [v * scale for v in a], "b": [v * scale for v in b]}
        if "compress" in shape:               # one scale: a slope in the progress extrapolates badly
            m["c"] = [scale * math.exp(min(20.0, q.pop(0)))]
        if "lapse" in shape:
            m["lapse"] = 0.2 / (1.0 + math.exp(max(-50.0, min(50.0, -q.pop(0)))))
        return m

    x0 = ([] if symmetric else ([0.3, 0.0] if progress else [0.3])) + ([1.0, 0.0] if progress else [1.0])
    x0 += [1.0] * ("compress" in shape) + [-2.0] * ("lapse" in shape)
    def loss(p: np.ndarray) -> float:
        return _nll(model(p), d, rows)

    best = nelder_mead(loss, np.array(x0))
    for _ in range(2):                         # restarts: the simplex may have collapsed early
        best = nelder_mead(loss, best)
    m = model(best)
    m["a"] = [round(float(v), 2) for v in m["a"]]
    m["b"] = [round(float(v), 2) for v in m["b"]]
    if "c" in m:
        m["c"] = [round(float(v), 2) for v in m["c"]]
    if "lapse" in m:
        m["lapse"] = round(float(m["lapse"]), 4)
    return m


def evaluate(d: dict[str, np.ndarray], draws: bool, symmetric: bool, shape: frozenset[str],
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
        m = fit(d, ~held, draws, symmetric, shape, scale)
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
            "table": table, "draw_rate": float((y == 0.5).mean()) if len(y) else 0.0,
            "worst": max((abs(r["observed"] - r["predicted"]) for r in table if r["n"] >= 200), default=0.0)}


def search(d: dict[str, np.ndarray], draws: bool, symmetric: bool, scale: float) -> tuple[frozenset[str], dict[str, Any], dict[frozenset[str], dict[str, Any]]]:
    """The model's shape, grown greedily: from the constant model, each
    refinement of ``SHAPES`` in turn is kept when it lowers the held-out
    log-loss by more than 0.001. Returns the shape, its evaluation and
    every shape's evaluation tried."""
    shape: frozenset[str] = frozenset()
    tried = {shape: evaluate(d, draws, symmetric, shape, scale)}
    for extra in SHAPES:
        bigger = shape | {extra}
        tried[bigger] = evaluate(d, draws, symmetric, bigger, scale)
        if tried[bigger]["logloss"] < tried[shape]["logloss"] - 0.001:
            shape = bigger
    return shape, tried[shape], tried


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
    shape, ev, tried = search(d, draws, symmetric, scale)
    chosen = fit(d, np.ones(len(d["y"]), bool), draws, symmetric, shape, scale)
    if "progress" not in shape:
        chosen = dict(chosen, a=chosen["a"][:1], b=chosen["b"][:1])
    print(f"\n## {name}: {len(data)} games, {nodes} {'playouts' if mcts else 'nodes'}; "
          f"chosen {sorted(shape) or ['constant']}: {chosen}")
    for tried_shape, tried_ev in tried.items():
        print(f"- {' + '.join(sorted(tried_shape)) or 'constant'}: held-out log-loss {tried_ev['logloss']:.4f}, "
              f"Brier {tried_ev['brier']:.4f}, worst decile {tried_ev['worst']:.3f}")
    show(name, " + ".join(sorted(shape)) or "constant", ev)
    chosen = dict(chosen, fitted={"games": len(data), "positions": len(d["y"]), "nodes": nodes,
                                  "algorithm": "mcts" if mcts else "alphabeta",
                                  "shape": sorted(shape),
                                  "heldout_brier": round(ev["brier"], 4),
                                  "heldout_logloss": round(ev["logloss"], 4),
                                  "worst_decile": round(ev["worst"], 4),
                                  "constant_logloss": round(tried[frozenset()]["logloss"], 4)})
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
    return {"tried": tried, "chosen": ev, "model": chosen}


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
