"""Logistic ("Texel") tuning of Yinsh's evaluation weights on positions of
recorded games, against their results or against deeper searches.

    yinsh match engine engine --time 0.05 --games 400 --workers 2 --record games.pgn
    python benchmarks/texel_tune.py games.pgn [more.pgn ...]
    python benchmarks/texel_tune.py --search-depth 5 games.pgn

Every position of the movement phase with a player to act (the placements
and the removals are left out) gives its terms (the evaluation of
``yinsh.Engine``'s searcher with one weight set to 1 and the others to 0;
the two terms that are a condition, tempo and secure, are read with the
row-next-move terms switched on so that the condition is the engine's)
and a target from that player's view: the game's result (a draw counts as
half a win), or with ``--search-depth D`` the score of a search to depth D
as a probability, 1 / (1 + exp(-score / --score-scale)). The evaluation is
linear in its weights, so the fit is a logistic regression of the target
on the terms; the removed-rings term keeps its weight 10000 and sets the
scale, the others are printed in that unit, next to their current values,
with the log-loss of both.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

import yinsh
from yinsh import record

# movement mobility stays 0 (slow to compute, and 0 measured best)
TERMS = ("ring", "threat", "jump", "live", "flip", "three", "marker", "tempo", "secure")
# a condition term is read at this weight, with jump and live at 1 (so that
# a row next move is found as the engine finds it), then rounded
CONDITIONS = ("tempo", "secure")
BIG = 100000
SEARCH = {p.name for p in yinsh.Engine(hash_mb=0, evaluation="classic").params()}
WEIGHTS = [p.name for p in yinsh.Engine(hash_mb=0, evaluation="classic").params(yinsh.Board)
           if p.name not in SEARCH and not p.name.startswith(("order_", "value_"))]


def term_searchers() -> list:
    """One searcher per term: that weight 1 (a condition: BIG, with jump and
    live at 1), every other weight 0."""
    out = []
    for term in TERMS:
        weights = {w: int(w == term) for w in WEIGHTS}
        if term in CONDITIONS:
            weights.update({term: BIG, "jump": 1, "live": 1})
        engine = yinsh.Engine(hash_mb=0, evaluation="classic")
        engine.configure(yinsh.Board, **weights)
        out.append(engine.searcher(yinsh.Board()))
    return out


def term_values(searchers: list, board: yinsh.Board) -> list[float]:
    values = []
    for term, searcher in zip(TERMS, searchers):
        v = searcher.evaluate(board)
        values.append(round(v / BIG) if term in CONDITIONS else v)
    return values


def samples(paths: list[str], depth: int = 0, scale: float = 2000.0) -> tuple[np.ndarray, np.ndarray]:
    """The terms and the target of every movement position of the records."""
    searchers = term_searchers()
    engine = yinsh.Engine(hash_mb=16, evaluation="classic")
    rows, targets = [], []
    for path in paths:
        for game in record.read(path):
            winner = game.winner
            board = game.start_board()
            for move in game.moves:
                if board.phase.name == "MOVE" and not board.is_game_over():
                    if depth:
                        score = max(-BIG, min(BIG, engine.analyse(board, depth=depth).score))
                        targets.append(1 / (1 + np.exp(-score / scale)))
                    else:
                        turn = board.turn
                        targets.append(0.5 if winner is None else (1.0 if winner == turn else 0.0))
                    rows.append(term_values(searchers, board))
                board.push(move)
    return np.array(rows, dtype=float), np.array(targets)


def fit(x: np.ndarray, y: np.ndarray, iterations: int = 50) -> np.ndarray:
    """Logistic regression without intercept (the evaluation is antisymmetric):
    Newton's method with a small ridge term."""
    scale = np.maximum(np.abs(x).std(axis=0), 1e-9)
    z = x / scale
    c = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-z @ c))
        grad = z.T @ (p - y) + 1e-3 * c
        hess = (z * (p * (1 - p))[:, None]).T @ z + 1e-3 * np.eye(len(c))
        c -= np.linalg.solve(hess, grad)
    return c / scale


def loss(x: np.ndarray, y: np.ndarray, c: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ c)), 1e-12, 1 - 1e-12)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--search-depth", type=int, default=0,
                        help="targets from searches to this depth (0: the games' results)")
    parser.add_argument("--score-scale", type=float, default=2000.0,
                        help="a search score s is a win probability 1 / (1 + exp(-s / this))")
    args = parser.parse_args()
    x, y = samples(args.records, args.search_depth, args.score_scale)
    print(f"{len(y)} positions, mean target {y.mean():.3f}")
    c = fit(x, y)
    tuned = {t: c[i] * 10000 / c[0] for i, t in enumerate(TERMS)}
    current = {p.name: p.value for p in yinsh.Engine(hash_mb=0, evaluation="classic").params(yinsh.Board)}
    # the current weights in the fitted scale: only the best scale is fitted
    cur = np.array([current[t] for t in TERMS], dtype=float)
    best_k = min((loss(x, y, cur * k), k) for k in np.geomspace(1e-6, 1e-2, 200))
    print(f"log-loss: current weights {best_k[0]:.4f} (scale {best_k[1]:.2e}), fitted {loss(x, y, c):.4f}")
    for t in TERMS:
        print(f"{t:10s} current {current[t]:7d}   fitted {tuned[t]:9.1f}")
    print("configure:", ",".join(f"{t}={round(tuned[t])}" for t in TERMS[1:]))


if __name__ == "__main__":
    sys.exit(main())
