"""``yinsh generations`` and ``yinsh lineage``: the generation loop of the
learned evaluation (``yinsh.nn.generations``, docs/nn.md) and its table.

``register(sub)`` adds both subcommands to the parser of ``yinsh.cli``.
The loop needs the ``train`` extra (JAX and optax) for its training step;
Ctrl-C stops it with every finished step saved, and the same command
resumes.
"""
from __future__ import annotations

import argparse
import sys

from yinsh.arguments import CommandError, Parser, int_in, nonnegative_int, positive_float
from yinsh.cli import cannot_write
from yinsh.cli.distributed import default_workers
from yinsh.cli.search import sprt_bounds
from yinsh.distributed.backend import MAX_WORKERS
from yinsh.engine import MAX_DEPTH
from yinsh.engine.network import learned_games
from yinsh.nn.generations import GenerationConfig, run_generations
from yinsh.nn.lineage import lineage_table


def config_from_args(args: argparse.Namespace) -> GenerationConfig:
    """The GenerationConfig of parsed arguments."""
    return GenerationConfig(
        out=args.out, game=args.kind, generations=args.generations, games=args.games,
        depth=args.depth, lines=args.lines, sample_plies=args.sample_plies, window=args.window,
        seed=args.seed, start=args.start or "", epochs=args.epochs, batch_size=args.batch_size,
        lr=args.lr, lam=args.lam, gate_time=args.gate_time, gate_depth=args.gate_depth,
        gate_games=args.gate_games, gate_round=args.gate_round, sprt=tuple(args.sprt), classic_games=args.classic_games,
        workers=args.workers, ray=args.ray)


def cmd_generations(args: argparse.Namespace) -> None:
    """Runs or resumes the generations, then prints the lineage table."""
    try:
        run_generations(config_from_args(args), progress=not args.quiet)
    except KeyboardInterrupt:
        print("generations stopped; the finished steps are saved: run the same command to resume",
              file=sys.stderr, flush=True)
        raise
    except ImportError as exc:
        raise CommandError(f"training needs JAX and optax ({exc}): pip install \"yinsh[train]\"") \
            from None
    except OSError as exc:
        raise cannot_write(args.out, exc) from None
    except ValueError as exc:                    # GenerationError, TrainError, NetworkError
        raise CommandError(str(exc)) from None
    print(lineage_table(args.out))


def cmd_lineage(args: argparse.Namespace) -> None:
    """Prints the lineage table of a run's folder."""
    try:
        print(lineage_table(args.out))
    except (OSError, ValueError) as exc:
        raise CommandError(str(exc)) from None


def register(sub: "argparse._SubParsersAction[Parser]") -> None:
    """Adds ``generations`` and ``lineage`` to the subparsers of ``yinsh``."""
    d = GenerationConfig(out="")
    p = sub.add_parser("generations", help="the learned evaluation's generation loop",
                       description="For each generation: the current network plays itself "
                                   "(yinsh selfplay), the next trains on the last --window "
                                   "generations' games (yinsh train), and replaces it only if it "
                                   "passes an SPRT gate against it (yinsh match). Everything is "
                                   "recorded in DIR; run the same command again to resume, or "
                                   "with a larger --generations to go on. docs/nn.md.")
    p.add_argument("--out", required=True, metavar="DIR", help="the run's folder")
    p.add_argument("--generations", type=int_in(0), required=True, metavar="N",
                   help="run generations 1..N (those recorded in DIR are kept)")
    p.add_argument("--game", dest="kind", choices=learned_games(), default="yinsh",
                   help="the game (default yinsh)")
    p.add_argument("--start", metavar="FILE",
                   help="generation 0's network (default: the game's packaged network)")
    p.add_argument("--seed", type=nonnegative_int, default=d.seed,
                   help=f"the run's seed; generation g's is seed * 1000 + g (default {d.seed})")
    g = p.add_argument_group("self-play")
    g.add_argument("--games", type=int_in(1), default=d.games, metavar="N",
                   help=f"self-play games per generation (default {d.games})")
    g.add_argument("--depth", type=int_in(1, MAX_DEPTH), default=d.depth, metavar="D",
                   help=f"the self-play search's depth (default {d.depth})")
    g.add_argument("--lines", type=int_in(1, 256), default=d.lines, metavar="K",
                   help=f"root actions scored for the opening's sampling (default {d.lines})")
    g.add_argument("--sample-plies", type=int_in(0, 10_000), default=d.sample_plies, metavar="P",
                   help=f"the first P actions drawn from the search's policy (default "
                        f"{d.sample_plies})")
    g = p.add_argument_group("training")
    g.add_argument("--window", type=int_in(1), default=d.window, metavar="W",
                   help=f"train on the self-play of the last W generations (default {d.window})")
    g.add_argument("--epochs", type=int_in(1), default=d.epochs, metavar="N",
                   help=f"the trainer's epochs (default {d.epochs})")
    g.add_argument("--batch-size", type=int_in(1), default=d.batch_size, metavar="N",
                   help=f"positions per step (default {d.batch_size})")
    g.add_argument("--lr", type=positive_float, default=d.lr, metavar="RATE",
                   help=f"Adam's learning rate (default {d.lr})")
    g.add_argument("--lambda", dest="lam", type=float, default=d.lam, metavar="L",
                   help=f"the weight of the search's score against the result (default {d.lam})")
    g = p.add_argument_group("gate")
    g.add_argument("--gate-time", type=positive_float, default=d.gate_time, metavar="SECONDS",
                   help=f"seconds an action in the gate's games (default {d.gate_time})")
    g.add_argument("--gate-depth", type=int_in(1, MAX_DEPTH), metavar="D",
                   help="a depth an action instead of --gate-time (quick checks)")
    g.add_argument("--gate-games", type=int_in(2), default=d.gate_games, metavar="N",
                   help=f"at most N games; undecided then, the LLR's sign decides "
                        f"(default {d.gate_games})")
    g.add_argument("--gate-round", type=int_in(2), default=d.gate_round, metavar="N",
                   help=f"the gate's games are saved every N games, or 4 a worker if more "
                        f"(default {d.gate_round}); Ctrl-C loses the round under way")
    g.add_argument("--sprt", type=sprt_bounds, default=d.sprt, metavar="ELO0,ELO1",
                   help="the gate's SPRT: promoted when it accepts elo1 over elo0 "
                        "(default 0,20; alpha = beta = 0.05)")
    g.add_argument("--classic-games", type=int_in(0), default=d.classic_games, metavar="N",
                   help="also play each candidate N games against the classic evaluation, at "
                        "the gate's time (default 0: not measured)")
    p.add_argument("--workers", type=int_in(1, MAX_WORKERS), default=default_workers(),
                   metavar="K", help=f"local worker processes for self-play and the gate "
                                     f"(default: this machine's cores, {default_workers()} here)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="self-play and gate on Ray ('local', or a cluster's address; the folder "
                        "must be shared with the workers)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(func=cmd_generations)

    p = sub.add_parser("lineage", help="the lineage table of a yinsh generations folder",
                       description="Prints the Markdown table of the generations in DIR: games, "
                                   "positions, losses, the gates (W/D/L, Elo against the parent "
                                   "with its 95% interval) and the Elo against classic where "
                                   "measured.")
    p.add_argument("out", metavar="DIR", help="the folder of yinsh generations --out")
    p.set_defaults(func=cmd_lineage)
