"""Plays two engines against each other, each in its own child process,
possibly from two different source trees of the library (e.g. this one
against the engine of an older commit built elsewhere), through the match
runner (``yinsh.engine.match``) and ``yinsh.engine.external``.

    python benchmarks/versus.py --a . --b ../yinsh-baseline --games 200 --time 0.1
    python benchmarks/versus.py --a . --b . --a-engine algorithm=mcts --games 40 --time 0.1
    python benchmarks/versus.py --a . --b . --a-engine threads=2 --games 100 --time 0.1

Each side is a source tree built in place and ``yinsh.Engine`` keyword
arguments (``hash_mb=16,threads=2`` or ``algorithm=mcts``; ``set.NAME=VALUE``
sets a tunable, ``engine.configure(NAME=VALUE)``). Openings: the ten ring
placements at random, each opening played twice with the colours swapped;
the engines then get ``--time`` seconds per action (or ``--nodes``). Prints
each game, then A's W/D/L, score with a 95% Wilson interval and the Elo
difference. (``yinsh match A build:DIR`` is the same with A in this process.)
"""
from __future__ import annotations

import argparse
from typing import Any

import yinsh
from yinsh.engine.external import ExternalEngineFactory
from yinsh.engine.match import Contestant, run_match
from yinsh.yinsh.openings import random_placements


def engine_settings(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``k=v,set.p=v`` as (Engine keywords, tunables)."""
    options: dict[str, Any] = {}
    params: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        number: Any = value
        for kind in (int, float):
            try:
                number = kind(value)
                break
            except ValueError:
                pass
        if key.startswith("set."):
            params[key[4:]] = number
        else:
            options[key] = number
    return options, params


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", required=True, help="source tree of A (e.g. .)")
    p.add_argument("--b", required=True, help="source tree of B")
    p.add_argument("--a-engine", default="", help="Engine keywords of A, e.g. threads=2")
    p.add_argument("--b-engine", default="", help="Engine keywords of B")
    p.add_argument("--games", type=int, default=2)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--time", type=float, help="seconds per action")
    group.add_argument("--nodes", type=int, help="nodes per action")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    limits = {"nodes": args.nodes} if args.nodes else {"time": args.time or 0.1}
    a = Contestant(f"{args.a} {args.a_engine}", ExternalEngineFactory(args.a, "yinsh", *engine_settings(args.a_engine)),
                   limits)
    b = Contestant(f"{args.b} {args.b_engine}", ExternalEngineFactory(args.b, "yinsh", *engine_settings(args.b_engine)),
                   limits)
    result = run_match(a, b, args.games, board=yinsh.Board(), opening=random_placements, seed=args.seed,
                       on_game=lambda game, match: print(
                           f"game {game.number}/{args.games}: {game.result} {game.verdict}  "
                           f"+{match.wins} ={match.draws} -{match.losses}", flush=True))
    print(result.summary())


if __name__ == "__main__":
    main()
