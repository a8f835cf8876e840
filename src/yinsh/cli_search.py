"""The search commands of ``yinsh``: ``analyse`` and ``match`` (the search
part of ``yinsh bench`` is in ``yinsh.bench``).

``register(sub)`` adds the subcommands to the parser of ``yinsh.cli``.
"""
from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Optional

from yinsh.board import Board
from yinsh.cli import (CommandError, add_position_args, board_from_args, hash_size, int_in,
                       nonnegative_int, positive_float, rate, search_depth, search_nodes)
from yinsh.engine import MAX_DEPTH, MAX_HASH_MB, Analysis, Engine
from yinsh.players import GreedyPlayer, RandomPlayer

# analyse ---------------------------------------------------------------------

def info_line(a: Analysis) -> str:
    return (f"depth {a.depth} seldepth {a.seldepth} score {a.score_text()} nodes {a.nodes} "
            f"nps {a.nps} time {a.time:.3f} pv {' '.join(str(m) for m in a.pv)}")


def add_limit_args(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"search D plies, 1..{MAX_DEPTH} (each action is a ply)")
    group.add_argument("--time", type=positive_float, metavar="S", help="search S seconds")
    group.add_argument("--nodes", type=search_nodes, metavar="N", help="search about N nodes")


def limits_from_args(args: argparse.Namespace) -> dict:
    limits = {"depth": args.depth, "time": args.time, "nodes": getattr(args, "nodes", None)}
    try:
        Engine(hash_mb=0, **limits)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return limits


def cmd_analyse(args: argparse.Namespace) -> None:
    """Searches a position: one line per finished iteration, then the best
    move. Ctrl-C stops the search, prints the best move of the last finished
    iteration (if one finished) and exits with status 130 (in ``cli.main``)."""
    board = board_from_args(args)
    if board.is_game_over():
        raise CommandError(f"the game is over ({board.result()})")
    limits = limits_from_args(args)
    try:
        engine = Engine(hash_mb=args.hash)
    except (ValueError, MemoryError) as exc:
        raise CommandError(f"--hash {args.hash}: {exc}") from None
    try:
        analysis = engine.analyse(board, **limits,
                                  on_info=lambda info: print(info_line(info), flush=True))
    except KeyboardInterrupt as exc:
        found = getattr(exc, "analysis", None)
        if found is not None:
            print(f"bestmove {found.best_move}", flush=True)
        raise
    print(f"bestmove {analysis.best_move}")


# match -----------------------------------------------------------------------

@dataclass
class Contestant:
    """A player of a match: its spec text and a factory of fresh players."""

    spec: str
    make: Callable[[int], object]
    limits: dict


def parse_player(spec: str, default_limits: dict) -> Contestant:
    """``random``, ``greedy``, or ``engine`` with optional settings:
    ``engine:depth=4``, ``engine:time=0.1``, ``engine:nodes=20000,hash=32``."""
    name, _, settings = spec.partition(":")
    if name in ("random", "greedy"):
        if settings:
            raise CommandError(f"player {spec!r}: {name} takes no settings")
        kind = RandomPlayer if name == "random" else GreedyPlayer
        return Contestant(spec, kind, {})
    if name != "engine":
        raise CommandError(f"unknown player {spec!r} (expected random, greedy or engine[:depth=D,time=S,nodes=N,hash=MB])")
    options: dict = {}
    kinds = {"depth": search_depth, "time": positive_float, "nodes": search_nodes, "hash": hash_size}
    for item in settings.split(",") if settings else ():
        key, eq, value = item.partition("=")
        if key not in kinds or not eq:
            raise CommandError(f"player {spec!r}: bad setting {item!r} "
                               "(expected depth=D, time=S, nodes=N or hash=MB)")
        if key in options:
            raise CommandError(f"player {spec!r}: {key} is given twice")
        try:
            options[key] = kinds[key](value)
        except argparse.ArgumentTypeError as exc:
            raise CommandError(f"player {spec!r}: {key}: {exc}") from None
    hash_mb = options.pop("hash", 16)
    limits = options if options else dict(default_limits)
    return Contestant(spec, lambda seed: Engine(hash_mb=hash_mb), limits)


def random_opening(rng: random.Random, board: Board) -> None:
    """Plays the ten ring placements at random."""
    while board.phase == "place":
        board.push(rng.choice(list(board.legal_moves)))


def play_game(white, black, white_limits: dict, black_limits: dict, board: Board,
              max_actions: int = 2000) -> Board:
    """Plays the game on board to its end and returns the board."""
    sides = ((white, white_limits), (black, black_limits))
    for _ in range(max_actions):
        if board.is_game_over():
            break
        player, limits = sides[board.turn]
        board.push(player.best_move(board, **limits))
    return board


def score_interval(points: list[float]) -> tuple[float, float, float]:
    """Mean score and its 95% Wilson interval (a draw counts as half a win);
    unlike the normal approximation it does not shrink to nothing when every
    game has the same result.

    >>> ["%.3f" % x for x in score_interval([1, 1, 1, 1])]
    ['1.000', '0.510', '1.000']
    """
    n, z = len(points), 1.96
    mean = sum(points) / n
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


def elo(score: float) -> float:
    """The Elo difference that gives this expected score (+-inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def format_elo(x: float) -> str:
    return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def cmd_match(args: argparse.Namespace) -> None:
    """Plays A against B, colours alternating, and reports the score of A.
    Ctrl-C stops the match and still prints the summary of the games played."""
    default_limits = {"depth": args.depth, "time": args.time}
    default_limits = {k: v for k, v in default_limits.items() if v is not None} or {"depth": 3}
    a = parse_player(args.a, default_limits)
    b = parse_player(args.b, default_limits)
    variant = args.variant or "standard"
    points: list[float] = []
    start = time.perf_counter()
    try:
        play_match(args, a, b, variant, points)
    except KeyboardInterrupt:
        if points:
            print_summary(args, a, b, points, time.perf_counter() - start, interrupted=True)
        raise
    print_summary(args, a, b, points, time.perf_counter() - start)


def play_match(args: argparse.Namespace, a: Contestant, b: Contestant, variant: str,
               points: list[float]) -> None:
    """Plays the games, printing a line after each; A's points go to points."""
    wins = draws = losses = 0
    for game in range(args.games):
        pair, a_black = divmod(game, 2)
        opening_rng = random.Random(args.seed * 1_000_003 + pair)
        board = Board(variant=variant)
        if args.openings == "random-placements":
            random_opening(opening_rng, board)
        pa, pb = a.make(args.seed + game), b.make(args.seed + game + 7919)
        if a_black:
            play_game(pb, pa, b.limits, a.limits, board)
        else:
            play_game(pa, pb, a.limits, b.limits, board)
        outcome = board.outcome()
        a_color = 1 if a_black else 0
        if outcome is None or outcome.winner is None:
            draws += 1
            point, result = 0.5, "draw"
        elif outcome.winner == a_color:
            wins += 1
            point, result = 1.0, "A wins"
        else:
            losses += 1
            point, result = 0.0, "B wins"
        points.append(point)
        removed = f"{board.rings_removed(0)}:{board.rings_removed(1)}"
        print(f"game {game + 1}/{args.games}: A is {'black' if a_black else 'white'}: "
              f"{board.result()} {result} (rings {removed}, {board.ply} actions)  "
              f"+{wins} ={draws} -{losses}", flush=True)


def print_summary(args: argparse.Namespace, a: Contestant, b: Contestant, points: list[float],
                  seconds: float, interrupted: bool = False) -> None:
    """W/D/L, score with its 95% interval and Elo of A, from A's points."""
    wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
    mean, lo, hi = score_interval(points)
    played = f"{len(points)} of {args.games} games (interrupted)" if interrupted else f"{len(points)} games"
    print(f"A: {a.spec}   B: {b.spec}   {played} in {seconds:.1f} s")
    print(f"W/D/L (A): {wins}/{draws}/{losses}")
    print(f"Score (A): {mean:.3f} (95% interval {lo:.3f}-{hi:.3f})")
    print(f"Elo (A-B): {format_elo(elo(mean))} (95% interval {format_elo(elo(lo))} to {format_elo(elo(hi))})")


# registration ----------------------------------------------------------------

def register(sub) -> None:
    """Adds ``analyse`` and ``match`` to the subparsers of ``yinsh``."""
    p = sub.add_parser("analyse", help="search a position and print the best move",
                       description="Searches a position with the alpha-beta engine: one line per "
                                   "finished iteration (depth, score, nodes, nodes/s, pv), then "
                                   "the best move. Scores are from the side to act; 'win N' / "
                                   "'loss N' is a proven result in N plies. Without a limit the "
                                   "search goes to depth 5.")
    add_position_args(p)
    add_limit_args(p)
    p.add_argument("--hash", type=hash_size, default=16, metavar="MB",
                   help=f"transposition table size in MB, 0..{MAX_HASH_MB} (default 16, 0: none)")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("match", help="play two players against each other",
                       description="Plays A against B, colours alternating (each opening is "
                                   "played twice, once with each colour), and prints the result "
                                   "of each game, then W/D/L, A's score with a 95% interval and "
                                   "an Elo estimate (Ctrl-C stops early and still prints them). A player is random, greedy, or engine with "
                                   "optional settings: engine:depth=4, engine:time=0.1, "
                                   "engine:nodes=20000, engine:depth=3,hash=32.")
    p.add_argument("a", metavar="A", help="the first player (random, greedy, engine[:settings])")
    p.add_argument("b", metavar="B", help="the second player")
    p.add_argument("--games", type=int_in(1), default=2, metavar="N", help="games to play (default 2)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"depth for engines without their own setting, 1..{MAX_DEPTH} (default 3)")
    group.add_argument("--time", type=positive_float, metavar="S",
                       help="seconds per action for engines without their own setting")
    p.add_argument("--openings", choices=["random-placements", "none"], default="random-placements",
                   help="random-placements (default): the ten placements at random, each opening "
                        "played with both colours; none: the players place the rings")
    p.add_argument("--variant", choices=["standard", "blitz"], help="the variant (default standard)")
    p.add_argument("--seed", type=nonnegative_int, default=1, help="seed of the openings and random players")
    p.set_defaults(func=cmd_match)
