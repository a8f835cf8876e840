"""Strength of the Ludo players: one seat against the others, seats rotated.

    PYTHONPATH=src python benchmarks/ludo_strength.py mcts random --games 400 --time 0.1
    PYTHONPATH=src python benchmarks/ludo_strength.py heuristic random --games 400
    PYTHONPATH=src python benchmarks/ludo_strength.py mcts heuristic --players 2 --games 200

Prints a line after every game (running first-place rate of the seat under
test with its 95% Wilson interval) and the summary at the end; Ctrl-C stops
and prints the summary of the games played.
"""
from __future__ import annotations

import argparse
import sys
import time

from yinsh.ludo import match, players


def factory(name: str, seconds: float, nodes: int, plies: int = -1) -> match.Seat:
    if name == "mcts":
        limit = {"nodes": nodes} if nodes else {"time": seconds}
        return ("mcts", players.MctsPlayer(**limit, playout_plies=plies))
    return (name, {"random": players.RandomPlayer, "heuristic": players.HeuristicPlayer}[name])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("player")
    ap.add_argument("opponent")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--time", type=float, default=0.1)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--playout-plies", type=int, default=-1,
                    help="MCTS: random plies before the evaluation cuts a playout off (-1: to the end)")
    ap.add_argument("--variant", default="standard")
    args = ap.parse_args()
    seats = [factory(args.player, args.time, args.nodes, args.playout_plies)] + [
        factory(args.opponent, args.time, args.nodes, args.playout_plies)] * (args.players - 1)
    t0 = time.time()
    box: list[match.MatchResult] = []

    def progress(g: int, result: match.MatchResult) -> None:
        box[:] = [result]
        rate, lo, hi = result.win_rate(0)
        print(f"game {g + 1}: {args.player} wins {result.wins[0]}/{result.games} = {rate:.1%} "
              f"(95% {lo:.1%}-{hi:.1%}), {time.time() - t0:.0f} s", flush=True)

    try:
        result = match.run(seats, args.games, players=args.players, variant=args.variant,
                           seed=args.seed, on_game=progress)
    except KeyboardInterrupt:
        if not box:
            sys.exit(1)
        result = box[0]
    print(result.summary())
    print(result.by_name())


if __name__ == "__main__":
    main()
