"""``yinsh review``: the engine's review of a recorded game (``yinsh.engine.review``).

It reads a record file (``yinsh.record.read``: the library's format or
Boardspace SGF), reviews one of its games with one engine that keeps its
tables through the game, and prints a table (ply, side, action, the mover's
win chance before and after, the class, the engine's best action when
different), then each side's counts and accuracy; ``--json`` prints
``Review.to_json()`` instead, ``--svg FILE`` writes the chart. A progress
bar runs on standard error; Ctrl-C stops the review and prints what was
reviewed (exit status 130).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional

from yinsh.arguments import CommandError, Parser, int_in, positive_float
from yinsh.cli import game_or_index, hash_size, read_games, search_depth, search_nodes
from yinsh.engine import MAX_DEPTH, Engine
from yinsh.engine.review import (CLASSES, DEFAULT_NODES, DEFAULT_PLAYOUTS, THRESHOLDS, Review,
                                 review_game)

#: The classes in the table's summary (counts), in this order.
SUMMARY = CLASSES


def percent(p: float) -> str:
    """A win chance as a whole percentage: ``52%``."""
    return f"{100 * p:.0f}%"


def table(review: Review, line_length: int = 4) -> list[str]:
    """The lines of the printed review: a header, one line per action,
    then each side's accuracy and counts."""
    settings = ", ".join(f"{k} {review.settings[k]}" for k in ("depth", "time", "nodes")
                         if k in review.settings)
    state = "" if review.complete else " (interrupted)"
    lines = [f"Review of a {review.game} game: {len(review.actions)} actions, {settings} a position, "
             f"{review.settings.get('algorithm')}, {review.seconds:.1f} s{state}",
             f"{'ply':>4}  {'side':6} {'action':12} {'win before -> after':19} {'class':10} best (then its line)"]
    for a in review.actions:
        change = f"{percent(a.win_before):>5} -> {percent(a.win_after)}"
        best = ""
        if a.best is not None:
            more = " ".join(a.best_line[1:line_length])
            best = a.best + (f" (then {more}{' ...' if len(a.best_line) > line_length else ''})"
                             if more else "")
        lines.append(f"{a.ply:4d}  {a.side:6} {a.action:12} {change:19} {a.judgement:10} {best}".rstrip())
    accuracy, counts = review.accuracy, review.counts
    for side in review.sides:
        value = accuracy[side]
        shown = "-" if value is None else f"{value:.1f}"
        lines.append(f"{side}: accuracy {shown}; "
                     + ", ".join(f"{name} {counts[side][name]}" for name in SUMMARY
                                 if counts[side][name] or name in ("inaccuracy", "mistake", "blunder")))
    return lines


class _Bar:
    """The progress bar on standard error (tqdm), positions searched."""

    def __init__(self) -> None:
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm
            self.bar = tqdm(total=total, unit=" pos", desc="reviewing", file=sys.stderr,
                            dynamic_ncols=True, leave=False)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _output(review: Review, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(review.to_json(), indent=1 if args.indent else None))
    else:
        for line in table(review):
            print(line)
    if args.svg is not None:
        try:
            with open(args.svg, "w", encoding="utf-8") as f:
                f.write(review.svg())
        except OSError as exc:
            raise CommandError(f"cannot write {args.svg}: {exc.strerror or exc}") from None


def cmd_review(args: argparse.Namespace) -> None:
    """Reviews one game of a record file (see the module)."""
    if args.svg == "":
        raise CommandError("--svg needs a file name")
    found = read_games(args.file)
    if args.index is not None:
        number = args.index + 1
    elif isinstance(args.game, int):
        number = args.game
    else:
        number = 1
    if not 1 <= number <= len(found):
        raise CommandError(f"{args.file} holds {len(found)} game(s); there is no game {number}"
                           + (f" (--index {args.index})" if args.index is not None else ""))
    game = found[number - 1]
    if isinstance(args.game, str) and args.game != game.game.name:
        raise CommandError(f"--game {args.game}: the record is a game of {game.game.name}")
    engine = Engine(hash_mb=args.hash, keep_tables=True)
    start = game.start_board()
    if args.depth is not None and engine.algorithm_for(start) == "mcts":
        raise CommandError("--depth: this game is searched by the MCTS, which has no depth; "
                           "give --nodes (playouts) or --time")
    bar = _Bar()
    review: Optional[Review] = None
    try:
        review = review_game(start, game.actions, engine, depth=args.depth, time=args.time,
                             nodes=args.nodes, on_progress=bar)
    except KeyboardInterrupt as exc:
        bar.close()
        partial = getattr(exc, "review", None)
        if partial is not None:
            _output(partial, args)
        raise
    except ValueError as exc:
        bar.close()
        raise CommandError(str(exc)) from None
    bar.close()
    _output(review, args)


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``review`` to the subcommands of ``yinsh``."""
    flags = ", ".join(f"{name} {least:.0%}" for name, least in reversed(THRESHOLDS))
    p = sub.add_parser("review", help="the engine's review of a recorded game: win chances, "
                                      "mistakes, accuracy",
                       description="Reviews a recorded game (ours, or Boardspace SGF): the mover's win "
                                   "chance before and after each action, the engine's best action when "
                                   f"different, a class for each action by the win chance it lost ({flags} "
                                   "or more; 'forced' the only legal action, 'chance' a throw of the dice), "
                                   "and each side's accuracy (0-100). One engine searches every position "
                                   "once, keeping its tables. Ctrl-C stops it and prints what was reviewed.")
    p.add_argument("file", metavar="RECORD", help="a record file (docs/records.md)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--game", type=game_or_index, default=None, metavar="N",
                       help="which game of the record, from 1 (default 1); a game's name (yinsh, "
                            "insert, ludo) is accepted and checked against the record")
    which.add_argument("--index", type=int_in(0), metavar="K",
                       help="which game of the record, from 0 (default 0)")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--time", type=positive_float, metavar="S", help="seconds a position")
    limit.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"search depth a position, 1..{MAX_DEPTH}")
    limit.add_argument("--nodes", type=search_nodes, metavar="N",
                       help=f"nodes a position (default {DEFAULT_NODES:,}; the MCTS's playouts: "
                            f"{DEFAULT_PLAYOUTS:,})")
    p.add_argument("--hash", type=hash_size, default=16, metavar="MB",
                   help="the transposition table's size in MB (default 16)")
    p.add_argument("--json", action="store_true", help="print the review as JSON instead of a table")
    p.add_argument("--indent", action="store_true", help="with --json: indent the JSON")
    p.add_argument("--svg", metavar="FILE", help="write the chart of the win chance to FILE (SVG)")
    p.set_defaults(func=cmd_review)
