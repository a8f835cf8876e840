"""The ``yinsh`` command line (also ``python -m yinsh``).

Each subcommand lives in a function ``cmd_<name>`` and is registered in
``build_parser``. Errors are one line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Optional, Sequence

from yinsh import _core
from yinsh.board import Board


class CommandError(Exception):
    """A user error: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (see --help)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def board_from_args(args: argparse.Namespace) -> Board:
    """The board named by --position / --moves / --variant."""
    try:
        if getattr(args, "position", None):
            board = Board(args.position)
        else:
            board = Board(variant=getattr(args, "variant", None) or "standard")
        for text in (getattr(args, "moves", None) or "").split():
            board.push_str(text)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return board


def add_position_args(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--position", metavar="P", help="a position string (default: the empty board)")
    group.add_argument("--variant", choices=["standard", "blitz"], help="start a new game of this variant")
    p.add_argument("--moves", metavar='"..."', help="actions to play first, space-separated (e.g. \"e5 f6\")")


def nonnegative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {value}")
    return value


def positive_int(text: str) -> int:
    value = nonnegative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text}")
    return value


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "inf"


def cmd_perft(args: argparse.Namespace) -> None:
    """Counts the leaves of the action tree (bulk counting) and times it."""
    board = board_from_args(args)
    if args.depth > 64 or (args.divide and args.depth < 1):
        raise CommandError(f"depth must be between {1 if args.divide else 0} and 64, not {args.depth}")
    start = time.perf_counter()
    if args.divide:
        counts = _core.divide(board, args.depth)
        for text, n in counts.items():
            print(f"{text}: {n}")
        nodes = sum(counts.values())
    else:
        nodes = _core.perft(board, args.depth)
    seconds = time.perf_counter() - start
    print(f"Position    : {board.position()}")
    print(f"Depth       : {args.depth}")
    print(f"Nodes       : {nodes}")
    print(f"Time        : {seconds:.3f} s")
    print(f"Nodes/second: {rate(nodes, seconds)}")


def cmd_bench(args: argparse.Namespace) -> None:
    """The fixed benchmark: perft of fixed positions, random playouts, and
    (when the search is built) a fixed-depth search; one thread."""
    from yinsh import bench

    bench.run(lambda line: print(line, flush=True))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="yinsh", description="The yinsh engine library's command line.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("perft", help="count action sequences of a depth (move generation test)",
                       description="Counts the action sequences of DEPTH plies (each action is a ply; "
                                   "leaves are bulk counted) and prints nodes, time and nodes/s.")
    p.add_argument("depth", type=nonnegative_int, metavar="DEPTH")
    add_position_args(p)
    p.add_argument("--divide", action="store_true", help="print the count below each first action")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("bench", help="the fixed benchmark (a signature and speed figures)",
                       description="Runs perft on a fixed set of positions and depths, then random "
                                   "playouts, one thread. `Nodes searched` is a signature of the rules: "
                                   "only a change of behaviour may change it.")
    p.set_defaults(func=cmd_bench)

    from yinsh import cli_search  # it imports this module, so not at the top
    cli_search.register(sub)
    from yinsh import cli_play  # likewise
    cli_play.register(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except CommandError as exc:
        print(f"yinsh {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"yinsh {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0
