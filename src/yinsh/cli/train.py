"""``yinsh train``: trains the learned evaluation (``yinsh.nn.train``, docs/nn.md).

``register(sub)`` adds the subcommand to the parser of ``yinsh.cli``. The
options are ``yinsh.nn.config``'s (no JAX needed to list them); running
needs the ``train`` extra (JAX and optax). Ctrl-C saves the checkpoint; the
same command resumes.
"""
from __future__ import annotations

import argparse
import sys

from yinsh.arguments import CommandError, Parser
from yinsh.cli import cannot_write
from yinsh.nn.config import add_arguments, config_from_args


def cmd_train(args: argparse.Namespace) -> None:
    """Trains and exports DIR/<game>.nnue (``yinsh.nn.train.train``); the
    network's meta records the run as its ``yinsh train`` command line."""
    try:
        from yinsh.nn import train as trainer
    except ImportError as exc:
        raise CommandError(f"training needs JAX and optax ({exc}): pip install \"yinsh[train]\"") \
            from None
    try:
        report = trainer.train(config_from_args(args, ""), progress=not args.quiet)
    except KeyboardInterrupt:
        if args.quiet:                           # else the trainer said so, naming the file
            print("train stopped; the checkpoint is saved: run the same command to resume",
                  file=sys.stderr, flush=True)
        raise
    except OSError as exc:
        raise cannot_write(args.out, exc) from None
    except ValueError as exc:                    # TrainError, DataError, NetworkError
        raise CommandError(str(exc)) from None
    print(report.summary())


def register(sub: "argparse._SubParsersAction[Parser]") -> None:
    """Adds ``train`` to the subparsers of ``yinsh``."""
    p = sub.add_parser("train", help="train the learned evaluation (NNUE) from self-play shards",
                       description="Builds the training set from yinsh selfplay folders of "
                                   "Yinsh or Insert (or reads a built one), trains the float network "
                                   "with JAX, and exports DIR/yinsh.nnue (DIR/insert.nnue), the "
                                   "integer network of docs/nn.md. Run the same "
                                   "command again to resume a stopped run.")
    add_arguments(p)
    p.set_defaults(func=cmd_train)
