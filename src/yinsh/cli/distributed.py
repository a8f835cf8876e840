"""The scale-out commands of ``yinsh``: ``selfplay`` and ``analyse-games``
(``yinsh.distributed``; ``match --workers/--ray`` is in ``yinsh.cli.search``).

``register(sub)`` adds the subcommands to the parser of ``yinsh.cli``. Both
use every core of this machine by default (``--workers``), or a Ray
cluster with ``--ray ADDRESS`` (``--ray local``: a Ray runtime started on
this machine). Ctrl-C stops them at once with the manifest consistent; the
same command then resumes the job.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from yinsh import games
from yinsh.arguments import CommandError, Parser, int_in, nonnegative_int
from yinsh.cli import cannot_write, read_games
from yinsh.distributed.analysis import DEFAULT_BLUNDER, analyse_games
from yinsh.distributed.backend import MAX_WORKERS
from yinsh.distributed.engines import EngineSpec
from yinsh.distributed.selfplay import selfplay
from yinsh.engine.score import from_engine


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return max(1, min(MAX_WORKERS, len(os.sched_getaffinity(0))))
    except AttributeError:                      # not on Linux
        return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def engine_spec(text: str) -> str:
    """An argparse type: an engine spec (``yinsh.distributed.engines``)."""
    try:
        EngineSpec.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _interrupted(what: str) -> None:
    print(f"{what} stopped; what is finished is in the manifest: run the same command to resume",
          file=sys.stderr, flush=True)


def cmd_selfplay(args: argparse.Namespace) -> None:
    """Plays self-play games and writes the training shards (``yinsh.distributed.selfplay``)."""
    kind = games.get(args.kind)
    engine = args.engine or ("mcts:nodes=400" if kind.part("rl").player_count(args.players) > 2
                             else "alphabeta:depth=2")
    try:
        report = selfplay(args.kind, args.games, engine, args.out, seed=args.seed,
                          players=args.players, variant=args.variant,
                          games_per_shard=args.games_per_shard, sample_plies=args.sample_plies,
                          max_actions=args.max_actions, workers=args.workers, ray=args.ray,
                          progress=not args.quiet)
    except KeyboardInterrupt:
        _interrupted("selfplay")
        raise
    except OSError as exc:
        raise cannot_write(args.out, exc) from None
    except (ValueError, ImportError) as exc:
        raise CommandError(str(exc)) from None
    print(report.summary())
    print(f"Shards: {args.out} ({report.units} shards, manifest.json)")


def cmd_analyse_games(args: argparse.Namespace) -> None:
    """Scores every action of the games in the record files (``yinsh.distributed.analysis``).
    The files are checked first, with the errors of show and replay
    (``yinsh.cli.read_games``); the output's errors are ``cannot write OUT: ...``."""
    for path in args.files:
        read_games(path)
    try:
        report, summaries = analyse_games(args.files, args.out, args.engine, blunder=args.blunder,
                                          workers=args.workers, ray=args.ray,
                                          progress=not args.quiet)
    except KeyboardInterrupt:
        _interrupted("analyse-games")
        raise
    except OSError as exc:
        if exc.filename in args.files:
            raise CommandError(f"cannot read {exc.filename}: {exc.strerror or exc}") from None
        raise cannot_write(args.out, exc) from None
    except (ValueError, ImportError) as exc:
        raise CommandError(str(exc)) from None
    for s in summaries:
        detail = f"; worst: {worst_words(s['worst'])}" if s["worst"] else ""
        print(f"{s['file']} game {s['game']}: {s['actions']} actions, {s['blunders']} "
              f"blunders{detail}")
    print(report.summary())
    print(f"Analysis: {args.out}")


def worst_words(worst: dict[str, Any]) -> str:
    """The worst action of a game's summary for people: its drop, or when
    a score is a proven end (a missed win, a move into a lost game) both
    scores in the words of ``yinsh.Mate`` (``win 3``, ``loss 4``) instead
    of a drop of about a million.

    >>> worst = {"ply": 0, "side": "white", "move": "e5", "best": "f6", "score": 120,
    ...          "played_score": -300, "drop": 420}
    >>> worst_words(worst)
    'action 1 by white, e5 (best f6, drop 420)'
    >>> worst_words({**worst, "played_score": -999996, "drop": 1000116})
    'action 1 by white, e5 (best f6 +120, played loss 4)'
    """
    best, played = from_engine(worst["score"]), from_engine(worst["played_score"])
    said = f"action {worst['ply'] + 1} by {worst['side']}, {worst['move']}"
    if best.is_mate() or played.is_mate():
        return f"{said} (best {worst['best']} {best}, played {played})"
    return f"{said} (best {worst['best']}, drop {worst['drop']})"


def _add_job_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int_in(1, MAX_WORKERS), default=default_workers(), metavar="K",
                   help=f"local worker processes, 1..{MAX_WORKERS} (default: this machine's cores, "
                        f"{default_workers()} here); with --ray: the CPUs of a local Ray")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on Ray: 'local' starts Ray on this machine, an address joins a "
                        "cluster ('auto' on a cluster node; needs pip install 'yinsh[cluster]')")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``selfplay`` and ``analyse-games`` to the subparsers of ``yinsh``."""
    p = sub.add_parser("selfplay", help="play an engine against itself and write training shards",
                       description="Plays N games of the engine against itself and writes "
                                   "numpy .npz shards (planes, legal masks, the search's policy "
                                   "target, side to act, final results) and manifest.json into "
                                   "DIR. Run the same command again to resume a stopped job. "
                                   "docs/scaling.md.")
    p.add_argument("--game", dest="kind", choices=list(games.GAMES), default=games.DEFAULT,
                   help="the game: yinsh (default), insert or ludo")
    p.add_argument("--games", type=int_in(1), required=True, metavar="N", help="games to play")
    p.add_argument("--engine", type=engine_spec, metavar="SPEC",
                   help="alphabeta[:depth=D,nodes=N,hash=MB,temp=T,lines=K] (policy target: softmax "
                        "of root scores / T) or mcts[:nodes=N,hash=MB] (policy target: root visit "
                        "counts); either takes evaluation=classic|learned|auto (default classic, unlike Engine()) and "
                        "network=FILE; default alphabeta:depth=2 (ludo with 3 or 4 players: "
                        "mcts:nodes=400)")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder of the shards")
    p.add_argument("--seed", type=nonnegative_int, default=1, help="the job's seed (default 1)")
    p.add_argument("--players", type=int_in(2, 4), metavar="N", help="ludo: players, 2..4 (default 4)")
    p.add_argument("--variant", choices=["standard", "blitz", "places"],
                   help="yinsh: standard or blitz; ludo: standard or places")
    p.add_argument("--games-per-shard", type=int_in(1, 100_000), default=64, metavar="G",
                   help="whole games per shard (default 64)")
    p.add_argument("--sample-plies", type=int_in(0, 10_000), default=30, metavar="P",
                   help="draw the first P actions of a game from the policy (default 30), then play "
                        "the best")
    p.add_argument("--max-actions", type=int_in(1, 100_000), default=1000, metavar="M",
                   help="cut a game off after M chosen actions (result 0; default 1000)")
    _add_job_args(p)
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("analyse-games", help="score every action of recorded games (JSON lines)",
                       description="Searches the position before every action of every game in "
                                   "the record files (the library's format or Boardspace SGF) and "
                                   "writes JSON lines to FILE: the engine's best action and score, "
                                   "the score of the action played and the drop; then a summary "
                                   "line per game (blunders: drops of at least --blunder). "
                                   "Resumable: the finished games are kept in FILE.parts/.")
    p.add_argument("files", nargs="+", metavar="FILES", help="record files")
    p.add_argument("--out", required=True, metavar="FILE", help="the JSON-lines output")
    p.add_argument("--engine", type=engine_spec, default="alphabeta:depth=3", metavar="SPEC",
                   help="alphabeta[:depth=D,nodes=N,hash=MB] or mcts[:nodes=N,hash=MB] "
                        "(default alphabeta:depth=3)")
    p.add_argument("--blunder", type=int_in(1), default=DEFAULT_BLUNDER, metavar="S",
                   help=f"a drop of at least S score units is a blunder (default {DEFAULT_BLUNDER})")
    _add_job_args(p)
    p.set_defaults(func=cmd_analyse_games)
