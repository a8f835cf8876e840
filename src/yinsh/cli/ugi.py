"""``yinsh ugi``: the engine for other programs, speaking UGI on standard
input and output (``yinsh.ugi``, docs/ugi.md).

``register(sub)`` adds the subcommand to the parser of ``yinsh.cli``.
While the engine runs, anything the library would print goes to standard
error: standard output carries the protocol alone. Ctrl-C ends it at once
(exit status 130).
"""
from __future__ import annotations

import argparse
import sys

from yinsh.arguments import Parser
from yinsh.cli import game_names, game_of, loadable_games
from yinsh.ugi.server import UgiServer, read_lines


def cmd_ugi(args: argparse.Namespace) -> None:
    """Serves UGI on stdin/stdout until ``quit`` or the end of the input."""
    game = game_of(args)
    out = sys.stdout
    sys.stdout = sys.stderr                    # stray prints stay off the protocol
    server = UgiServer(game, out)
    try:
        server.serve(read_lines(sys.stdin.fileno()))
    finally:
        sys.stdout = out


def register(sub: "argparse._SubParsersAction[Parser]") -> None:
    """Adds ``ugi`` to the subparsers of ``yinsh``."""
    p = sub.add_parser("ugi", help="the engine for other programs: UGI on stdin/stdout",
                       description="Speaks UGI (the Universal Game Interface, UCI's shape for any "
                                   "game) on standard input and output, for front ends, tournament "
                                   "managers and programs in any language. docs/ugi.md lists the "
                                   "commands and options.")
    p.add_argument("--game", dest="kind", choices=[g.name for g in loadable_games()], metavar="NAME",
                   help=f"the game: {game_names()}")
    p.set_defaults(func=cmd_ugi)
