"""The engine levels' Elo ladder (``yinsh.engine.levels``, docs/levels.md).

Each level is measured against its neighbour below, the first against the
uniformly random player, whose Elo is 0 by definition: the rungs are
``random - 1``, ``1 - 2``, ..., ``7 - 8``, each a match of ``--games`` games
(colours alternate, each pair of games from the same opening: the game's
default, Yinsh's random ring placements and Insert's random layouts).
Level 8, the full engine, has no node cap of its own: it plays with
``--top-nodes`` nodes an action (default 100,000). A level's Elo is the sum
of the rungs' differences below it; its 95% interval adds the rungs'
half-widths in quadrature (the matches are independent). A rung won
without a lost point (as level 1 against the random player may be) has an
infinite Elo difference: the rung counts as ``elo((points + 0.5) / (games +
1))`` and its upper end as unbounded.

    PYTHONPATH=src python benchmarks/levels.py --game yinsh --games 200 --workers 2 --write
    PYTHONPATH=src python benchmarks/levels.py --game insert --games 200 --workers 2 --write
    PYTHONPATH=src python benchmarks/levels.py --game yinsh --games 20 --rungs 3-4,4-5   # a quick look

``--write`` stores the table in the game's ``levels.json`` (beside its
``game.py``), which ``yinsh.engine.levels.elo_of``, the web page's seats
and docs/levels.md read.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from datetime import date
from typing import Any, Optional

from yinsh import games
from yinsh.engine.levels import MAX_LEVEL, SETTINGS, levels_for
from yinsh.engine import Engine
from yinsh.engine.match import Contestant, EngineFactory, run_match, run_seats
from yinsh.engine.match_stats import elo, score_interval
from yinsh.engine.wdl import game_file

TOP_NODES = 100_000


class LevelPlayer:
    """``make(seed)`` of a seat of a seated match (Ludo): an engine of the
    level, level 8 with the ladder's nodes as its default limit."""

    def __init__(self, number: int, top_nodes: int) -> None:
        self.number, self.top_nodes = number, top_nodes

    def __call__(self, seed: int) -> Engine:
        top = self.number == MAX_LEVEL
        return Engine(16, level=self.number, seed=None if top else seed, nodes=self.top_nodes if top else None)


def contestant(game: Any, number: int, top_nodes: int) -> Contestant:
    """Level number (0: the random player) as a match's contestant."""
    if number == 0:
        return Contestant("random", game.part("match").player_factory("random"))
    limits = {"nodes": top_nodes} if number == MAX_LEVEL else {}
    return Contestant(f"level {number}", EngineFactory(16, level=number), limits)


def play_rung(game: Any, board: Any, upper: int, lower: int, args: argparse.Namespace) -> list[float]:
    """The points of level upper in a rung's games against level lower: a
    match (colours alternating, the game's default opening), or for a game
    of seats (Ludo) a seated match of two seats (rotated over the colours)."""
    if game.part("match").seated:
        def seat(number: int) -> Any:
            return ("random", game.part("match").player_factory("random")) if number == 0 else (
                f"level {number}", LevelPlayer(number, args.top_nodes))
        seated = run_seats([seat(upper), seat(lower)], args.games, board=board, seed=args.seed,
                           workers=args.workers)
        return [1.0 if places and places[0] == 0 else 0.0 for places in seated.places]
    opening = game.part("match").openings()[game.part("match").default_opening]
    result = run_match(contestant(game, upper, args.top_nodes), contestant(game, lower, args.top_nodes),
                       args.games, board=board, opening=opening, seed=args.seed, workers=args.workers)
    return result.points


def rung_elo(points: list[float]) -> tuple[float, float, float]:
    """The Elo difference of a rung (the upper level's points) and its 95%
    interval (see the module for a score of 1)."""
    mean, lo, hi = score_interval(points)
    n = len(points)
    centre = elo(mean) if 0 < mean < 1 else elo((sum(points) + 0.5) / (n + 1))
    return centre, elo(lo), elo(hi)


Rung = tuple[int, int, float, tuple[float, float, float]]   # lower, upper, score, Elo triple


def ladder(rungs: list[Rung]) -> dict[str, dict[str, Optional[float]]]:
    """Each level's Elo over a full ladder of rungs, and the score of its
    rung (against the level below)."""
    rows: dict[str, dict[str, Optional[float]]] = {}
    total, low2, high2 = 0.0, 0.0, 0.0
    for lower, upper, score, (centre, lo, hi) in sorted(rungs):
        total += centre
        low2 += (centre - lo) ** 2
        high2 += (hi - centre) ** 2
        rows[str(upper)] = {"elo": round(total), "low": round(total - math.sqrt(low2)),
                             "high": round(total + math.sqrt(high2)) if math.isfinite(high2) else None,
                             "score": round(score, 3)}
    return rows


def table(game: Any) -> str:
    """The markdown table of game's measured levels (its ``levels.json``), as
    docs/levels.md shows it."""
    data = json.loads(game_file(game, "levels.json").read_text(encoding="utf-8"))   # type: ignore[union-attr]
    rows = ["| level | name | nodes | lines | weakness | score against the level below | Elo | 95% interval |",
            "|---|---|---|---|---|---|---|---|"]
    for level in levels_for(game):
        entry = data["levels"][str(level.number)]
        nodes = f"{level.nodes:,}" if level.nodes is not None else f"{data['top_nodes']:,} (the ladder's)"
        below = "the random player" if level.number == 1 else f"level {level.number - 1}"
        high = "unbounded" if entry["high"] is None else f"{entry['high']:,}"
        rows.append(f"| {level.number} | {level.name} | {nodes} | {level.lines} | {level.weakness} | "
                    f"{entry['score']:.3f} against {below} | {entry['elo']:,} | {entry['low']:,} .. {high} |")
    return "\n".join(rows)


def parse_rungs(text: str) -> list[tuple[int, int]]:
    out = []
    for item in text.split(","):
        a, _, b = item.partition("-")
        lower = 0 if a == "random" else int(a)
        out.append((lower, int(b)))
    return out


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="yinsh", choices=["yinsh", "insert", "ludo"])
    p.add_argument("--games", type=int, default=200, help="games a rung (even)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--top-nodes", type=int, default=TOP_NODES, help="level 8's nodes an action")
    p.add_argument("--rungs", default=",".join(f"{k}-{k + 1}" for k in range(MAX_LEVEL)).replace("0-", "random-", 1),
                   help="the rungs to play, lower-upper (default: the whole ladder)")
    p.add_argument("--write", action="store_true", help="store the table in the game's levels.json")
    p.add_argument("--table", action="store_true", help="print the stored table as docs/levels.md shows it")
    args = p.parse_args(argv)
    game = games.get(args.game)
    if args.table:
        print(table(game))
        return 0
    board = game.new_board({"players": 2}) if game.part("match").seated else game.board_class()
    rungs = []
    for lower, upper in parse_rungs(args.rungs):
        started = time.perf_counter()
        points = play_rung(game, board, upper, lower, args)
        centre, lo, hi = rung_elo(points)
        score = sum(points) / len(points)
        rungs.append((lower, upper, score, (centre, lo, hi)))
        wins, draws = points.count(1.0), points.count(0.5)
        print(f"{args.game} level {upper} vs {'random' if lower == 0 else f'level {lower}'}: "
              f"+{wins}={draws}-{len(points) - wins - draws}  score {score:.3f}  "
              f"Elo {centre:+.0f} ({lo:+.0f} .. {hi:+.0f})  {time.perf_counter() - started:.0f} s",
              flush=True)
    if len(rungs) == MAX_LEVEL:
        measured = ladder(rungs)
        for number in map(str, range(1, MAX_LEVEL + 1)):
            row = measured[number]
            print(f"level {number} ({levels_for(game)[int(number) - 1].name}): Elo {row['elo']} "
                  f"({row['low']} .. {row['high'] if row['high'] is not None else 'unbounded'})")
        if args.write:
            path = game_file(game, "levels.json")
            assert path is not None
            path.write_text(json.dumps({
                "measured": str(date.today()), "games_per_rung": args.games, "top_nodes": args.top_nodes,
                "command": "PYTHONPATH=src python benchmarks/levels.py " + " ".join(sys.argv[1:]),
                "levels": {str(level.number): {**{key: getattr(level, key) for key in SETTINGS},
                                               **measured[str(level.number)]}
                           for level in levels_for(game)}}, indent=1) + "\n", encoding="utf-8")
            print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
