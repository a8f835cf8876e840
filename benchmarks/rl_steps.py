"""Environment steps/s of the standard RL interfaces against the library's
batched games: the overhead of PettingZoo over ``BatchGames``.

    PYTHONPATH=src python benchmarks/rl_steps.py [--seconds 2] [--repeat 3] [--batch 256]

For each game, one line per way of stepping, best of ``--repeat`` runs of
about ``--seconds`` each:

- ``pettingzoo env()``: one environment with PettingZoo's classic wrappers,
  ``obs = env.last()[0]`` then ``env.step(a)`` with ``a`` a random legal
  id from ``obs["action_mask"]`` (a finished game is reset);
- ``pettingzoo raw_env``: the same without the wrappers;
- ``BatchGames policy``: ``BatchGames(batch)``: masks and planes of every
  game (into reused arrays), the first legal id (numpy argmax, as in
  benchmarks/test_bench_ml.py), a checked ``step``, finished games reset;
  steps counted are the games that moved;
- ``BatchGames step_random``: ``step_random(auto_reset=True)``, every game
  a step a call.

A Ludo step is a player's move with the throws up to the next move phase
(thrown by the environment), in both.
"""
from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import numpy as np

import yinsh
from yinsh import insert, ludo
from yinsh.envs import insert_v0, ludo_v0, yinsh_v0

GAMES: dict[str, tuple[Any, Callable[..., Any]]] = {
    "yinsh": (yinsh_v0, lambda n: yinsh.BatchGames(n, seed=1)),
    "insert": (insert_v0, lambda n: insert.BatchGames(n, seed=1)),
    "ludo": (ludo_v0, lambda n: ludo.BatchGames(n, players=4, seed=1)),
}


def timed(run: Callable[[float], int], seconds: float, repeat: int) -> float:
    """The best steps/s of ``repeat`` runs; ``run(deadline)`` returns its steps."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        steps = run(start + seconds)
        best = max(best, steps / (time.perf_counter() - start))
    return best


def pettingzoo_steps(make: Callable[[], Any]) -> Callable[[float], int]:
    def run(deadline: float) -> int:
        env = make()
        env.reset(seed=0)
        rng = np.random.default_rng(0)
        steps = 0
        while True:
            for _ in range(256):
                obs, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.reset()
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
            if time.perf_counter() > deadline:
                return steps
    return run


def batch_policy_steps(make: Callable[[int], Any], n: int) -> Callable[[float], int]:
    def run(deadline: float) -> int:
        games = make(n)
        masks, planes = games.legal_action_masks(), games.planes()
        steps = 0
        while time.perf_counter() < deadline:
            for _ in range(10):
                games.legal_action_masks(out=masks)
                games.planes(out=planes)
                live = ~games.done
                games.step(masks.argmax(axis=1))
                steps += int(live.sum())
                for i in np.flatnonzero(games.done):
                    games.reset(int(i))
        return steps
    return run


def batch_random_steps(make: Callable[[int], Any], n: int) -> Callable[[float], int]:
    def run(deadline: float) -> int:
        games = make(n)
        steps = 0
        while time.perf_counter() < deadline:
            for _ in range(100):
                steps += int((games.step_random(auto_reset=True) >= 0).sum())
        return steps
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs, the best counts (default 3)")
    parser.add_argument("--batch", type=int, default=256, help="games of BatchGames (default 256)")
    parser.add_argument("--games", default="yinsh,insert,ludo", help="comma-separated games")
    args = parser.parse_args()
    print(f"{'game':8} {'how':28} {'steps/s':>12}")
    for name in args.games.split(","):
        module, batch = GAMES[name]
        rows = [
            ("pettingzoo env()", pettingzoo_steps(module.env)),
            ("pettingzoo raw_env", pettingzoo_steps(module.raw_env)),
            (f"BatchGames({args.batch}) policy", batch_policy_steps(batch, args.batch)),
            (f"BatchGames({args.batch}) step_random", batch_random_steps(batch, args.batch)),
        ]
        for how, run in rows:
            print(f"{name:8} {how:28} {timed(run, args.seconds, args.repeat):12,.0f}", flush=True)


if __name__ == "__main__":
    main()
