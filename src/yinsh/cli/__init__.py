"""The ``yinsh`` command line (also ``python -m yinsh``).

Each subcommand lives in a function ``cmd_<name>`` and is registered by
its module's ``register`` (``COMMANDS``), which is imported only when one of
its subcommands runs: ``yinsh --help`` lists them without importing them,
so it loads no game, no search and no layer. Every option is checked before any work starts (the
argument types below, e.g. ``int_in(1, MAX_DEPTH)``). Exit status: 0 done;
2 an error, one line on stderr; 130 interrupted (Ctrl-C); 141 the reader of
standard output went away (``yinsh bench | head -1``): the command stops
quietly, as a Unix tool killed by SIGPIPE would (128 + 13).
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from typing import Any, Callable, Iterable, Optional, Sequence

from yinsh import games, record
from yinsh.game_check import GameLoadError
from yinsh.game_kind import GameKind
from yinsh._version import __version__
from yinsh.engine import MAX_DEPTH, MAX_HASH_MB
from yinsh.arguments import (CommandError, Parser, int_in, nonnegative_int, positive_float,  # noqa: F401
                             positive_int)

#: The exit status after a broken pipe on standard output (128 + SIGPIPE).
EXIT_BROKEN_PIPE = 141


#: The options that name a start position, as the record tags they stand for.
START_OPTIONS = {"position": "Position", "layout": "Layout", "players": "Players",
                 "variant": "Variant"}


def game_names() -> str:
    """The registered games for a help text: ``yinsh (default), insert, ludo``."""
    return ", ".join(f"{name} (default)" if name == games.DEFAULT else name for name in games.GAMES)


def variant_choices() -> list[str]:
    """Every registered game's variants (each game checks its own)."""
    return list(dict.fromkeys(v for game in loadable_games() for v in game.options.choices("variant")))


def game_of(args: argparse.Namespace) -> GameKind:
    """The game of --game (Yinsh without one); ``CommandError`` for a
    registered game that cannot be loaded."""
    try:
        return games.get(getattr(args, "kind", None) or games.DEFAULT)
    except GameLoadError as exc:
        raise CommandError(str(exc)) from None


def loadable_games() -> list[GameKind]:
    """The registered games whose descriptions import (for the options'
    choices: a broken plugin does not stop the command line)."""
    return [games.GAMES[name] for name in games.GAMES.loadable()]


def board_from_args(args: argparse.Namespace) -> Any:
    """The board named by --game and --position / --moves / --variant
    (Insert: --layout; Ludo: --players and --variant); ``CommandError`` for
    an option the game does not take."""
    game = game_of(args)
    tags: dict[str, str] = {}
    for option, tag in START_OPTIONS.items():
        value = getattr(args, option, None)
        if value is None:
            continue
        if tag not in game.options.tags:
            raise CommandError(f"--{option} is not an option of {game.name} (it takes "
                               + ", ".join("--" + o for o, t in START_OPTIONS.items()
                                           if t in game.options.tags) + ")")
        if tag == "Variant" and value not in game.options.choices("variant"):
            raise CommandError(f"--variant {value}: {game.name} has "
                               f"{' and '.join(game.options.choices('variant'))}")
        tags[tag] = str(value)
    moves = (getattr(args, "moves", None) or "").split()
    if game.name == games.DEFAULT:             # its board's own words for a bad position
        try:
            if "Position" in tags:                  # "" is a bad position, not none
                board = game.board_class(tags["Position"])
            elif "Variant" in tags:
                board = game.board_class(variant=tags["Variant"])
            else:
                board = game.board_class()
            for text in moves:
                board.push_str(text)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        return board
    try:
        if tags.get("Position") == "":
            raise ValueError("the position string is empty")
        board = game.start_board(tags)
        for text in moves:
            board.push_str(text)
    except ValueError as exc:
        raise CommandError(str(exc).replace(" tag", "")) from None
    return board


def add_position_args(p: argparse.ArgumentParser, kind: bool = True) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--position", metavar="P", help="a position string (default: the empty board)")
    group.add_argument("--variant", choices=variant_choices(),
                       help="start a new game of this variant (yinsh: standard, blitz; ludo: "
                            "standard, places)")
    p.add_argument("--moves", metavar='"..."', help="actions to play first, space-separated (e.g. \"e5 f6\")")
    add_game_args(p, kind)


def game_or_index(text: str) -> Any:
    """An argparse type (show, replay): a game's name, or a game's number
    in a record file (from 1).

    >>> game_or_index("ludo"), game_or_index("2")
    ('ludo', 2)
    """
    if text in games.GAMES:
        return text
    if text.lstrip("-").isdigit():
        return int_in(1)(text)
    raise argparse.ArgumentTypeError(f"expected a game ({', '.join(games.GAMES)}) or a game "
                                     f"number in the record, not {text[:40]!r}")


def split_game_option(args: argparse.Namespace) -> None:
    """Show and replay's --game: a name goes to args.kind, a number stays."""
    if isinstance(args.game, str):
        args.kind, args.game = args.game, None


def read_games(path: str) -> list[record.Game]:
    """The games (``yinsh.record.Game``) of the record file at path, or a
    ``CommandError`` in the words of every command that reads records
    (show, replay, analyse-games), naming the file: ``cannot read FILE:
    No such file or directory`` (also a folder, a file without read
    permission), ``FILE: line 3, turn 2 (Black): ...`` (a bad record),
    ``FILE: no game in the file``."""
    if not path:
        raise CommandError("the record file name is empty")
    try:
        found = record.read(path)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise CommandError(f"{path}: {exc}") from None
    if not found:
        raise CommandError(f"{path}: no game in the file")
    return found


def cannot_write(path: str, exc: OSError) -> CommandError:
    """The error of a file or folder that cannot be written, naming it as
    the command line gave it: ``cannot write FILE: Is a directory``."""
    return CommandError(f"cannot write {path}: {exc.strerror or exc}")


def add_game_args(p: argparse.ArgumentParser, kind: bool = True) -> None:
    """--game (unless kind is False: show and replay have their own),
    --layout and --players."""
    if kind:
        p.add_argument("--game", dest="kind", choices=list(games.GAMES), default=games.DEFAULT,
                       help=f"the game: {game_names()}")
    p.add_argument("--layout", type=int_in(0, 6143), metavar="N",
                   help="insert: start on layout N, 0..6143 (default 0)")
    p.add_argument("--players", type=int_in(2, 4), metavar="N",
                   help="ludo: the number of players, 2..4 (default 4)")


#: The engine's limits as argument types (the ranges ``yinsh.Engine`` accepts).
search_depth = int_in(1, MAX_DEPTH)
search_nodes = int_in(1, 2 ** 63 - 1)
hash_size = int_in(0, MAX_HASH_MB)


#: The deepest perft and the most threads (``yinsh.perft`` refuses more).
MAX_PERFT_DEPTH = 64
MAX_PERFT_THREADS = 256


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "inf"


def compiled_rules(game: GameKind) -> bool:
    """Whether the game's rules are compiled: its board is built on an
    extension type (Yinsh, Insert, Ludo), not written in Python (the dice
    race, a plugin's Python board)."""
    import importlib.machinery
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for cls in game.board_class.__mro__:
        path = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
        if path.endswith(suffixes):
            return True
    return False


def cmd_perft(args: argparse.Namespace) -> None:
    """Counts the leaves of the action tree and times it, compiled: with
    the rules' own perft where they are compiled (bulk counting, split over
    ``--threads``), else through the game's compiled hooks (the searches'
    perft: a game whose board is Python, such as the dice race), split at
    the first action over ``--threads`` (``yinsh.counting.split_at_root``:
    the rules' ``perft`` and ``divide`` of such a game take no threads)."""
    from yinsh.counting import split_at_root
    board = board_from_args(args)
    game = game_of(args)
    if args.divide and args.depth < 1:
        raise CommandError(f"--divide needs a depth between 1 and {MAX_PERFT_DEPTH}, not {args.depth}")
    compiled = compiled_rules(game)
    threads = {"threads": args.threads} if args.threads != 1 else {}
    # Python rules over threads: the compiled hooks count each first action's subtree
    split = not compiled and bool(threads) and args.depth >= 1
    start = time.perf_counter()
    if args.divide:
        counts = (split_at_root(board, args.depth, args.threads, game.search().perft) if split
                  else dict(game.module.divide(board, args.depth, **threads)))
        for text, n in counts.items():
            print(f"{text}: {n}")
        nodes = sum(counts.values())
    elif compiled:                             # the rules' own compiled perft
        nodes = int(game.module.perft(board, args.depth, **threads))
    elif split:
        nodes = sum(split_at_root(board, args.depth, args.threads, game.search().perft).values())
    else:                                      # Python rules: the compiled hooks count
        nodes = int(game.search().perft(board, args.depth))
    seconds = time.perf_counter() - start
    print(f"Position    : {board.position()}")
    print(f"Depth       : {args.depth}")
    print(f"Threads     : {args.threads}")
    print(f"Nodes       : {nodes}")
    print(f"Time        : {seconds:.3f} s")
    print(f"Nodes/second: {rate(nodes, seconds)}")


def cmd_bench(args: argparse.Namespace) -> None:
    """The fixed benchmark: perft of fixed positions, random playouts, a
    fixed-depth search with one thread and with two, MCTS playouts; then the
    signature (perft leaves + one-thread search nodes)."""
    from yinsh.engine import bench
    bench.run(game_of(args), lambda line: print(line, flush=True))


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``perft`` and ``bench`` to the subcommands of ``yinsh``."""
    p = sub.add_parser("perft", help="count action sequences of a depth (move generation test)",
                       description="Counts the action sequences of DEPTH plies (each action is a ply; "
                                   "leaves are bulk counted) and prints nodes, time and nodes/s.")
    p.add_argument("depth", type=int_in(0, MAX_PERFT_DEPTH), metavar="DEPTH",
                   help=f"the number of plies, 0..{MAX_PERFT_DEPTH} (1.. with --divide)")
    add_position_args(p)
    p.add_argument("--divide", action="store_true", help="print the count below each first action")
    p.add_argument("--threads", type=int_in(1, MAX_PERFT_THREADS), default=1, metavar="N",
                   help=f"split the count at the root over N threads, 1..{MAX_PERFT_THREADS} "
                        "(default 1; the count is the same)")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("bench", help="the fixed benchmark (signatures and speed figures)",
                       description="Runs perft on a fixed set of positions and depths, then random "
                                   "playouts, then a fixed-depth engine search (alpha-beta) of fixed "
                                   "midgame positions (16 MB hash) with one thread and with two, then MCTS "
                                   "playouts from the same positions, then the one-thread search with the learned "
                                   "evaluation (its own signature `Learned nodes searched`). The closing `Nodes searched` "
                                   "(perft leaves plus one-thread search nodes) is a signature of "
                                   "the rules and the search: only a change of behaviour may "
                                   "change it. --game: another game's own benchmark "
                                   "(perft, random playouts, a fixed-depth search).")
    p.add_argument("--game", dest="kind", choices=list(games.GAMES), default=games.DEFAULT,
                   help=f"the game: {game_names()}")
    p.set_defaults(func=cmd_bench)


# The modules of the other subcommands import this one, so not at the top.

def _register_search(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import search
    search.register(sub)


def _register_play(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import play
    play.register(sub)


def _register_serve(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.web import server
    server.register(sub)


def _register_distributed(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import distributed
    distributed.register(sub)


def _register_train(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import train
    train.register(sub)


def _register_generations(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import generations
    generations.register(sub)


def _register_ugi(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import ugi
    ugi.register(sub)


def _register_review(sub: argparse._SubParsersAction[Parser]) -> None:
    from yinsh.cli import review
    review.register(sub)


#: The subcommands in the order of ``yinsh --help``: the function that adds
#: each with its options (its module's ``register``, which imports the engine,
#: the games or a layer), and its summary in the list of subcommands.
COMMANDS: dict[str, tuple[Callable[[argparse._SubParsersAction[Parser]], None], str]] = {
    "perft": (register, "count action sequences of a depth (move generation test)"),
    "bench": (register, "the fixed benchmark (signatures and speed figures)"),
    "analyse": (_register_search, "search a position and print the best move"),
    "match": (_register_search, "play two players against each other"),
    "ugi": (_register_ugi, "the engine for other programs: UGI on stdin/stdout"),
    "play": (_register_play, "play against the engine in the terminal"),
    "show": (_register_play, "write an SVG picture of a position or a recorded game"),
    "replay": (_register_play, "print a recorded game action by action"),
    "review": (_register_review, "the engine's review of a recorded game: win chances, mistakes, accuracy"),
    "serve": (_register_serve, "the web page to play and analyse every game"),
    "selfplay": (_register_distributed, "play an engine against itself and write training shards"),
    "analyse-games": (_register_distributed, "score every action of recorded games (JSON lines)"),
    "train": (_register_train, "train the learned evaluation (NNUE) from self-play shards"),
    "generations": (_register_generations, "the learned evaluation's generation loop"),
    "lineage": (_register_generations, "the lineage table of a yinsh generations folder"),
}


def build_parser(commands: Optional[Iterable[str]] = None) -> argparse.ArgumentParser:
    """The parser of ``yinsh``. It lists every subcommand; those of commands
    (all of them when None) get their options, the others only their
    summary, so that ``yinsh --help`` and each subcommand import only what
    they need."""
    parser = Parser(prog="yinsh", description="Fast engines for Yinsh, Insert and Ludo: perft, benchmarks, "
                    "analysis, matches, play in the terminal or the browser, self-play.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    names = COMMANDS if commands is None else commands
    wanted = {COMMANDS[name][0] for name in names if name in COMMANDS}
    for name, (add, summary) in COMMANDS.items():
        if name in sub.choices:                  # added with another of its module
            continue
        if add in wanted:
            add(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line; returns the exit status (see the module)."""
    try:
        try:
            return _run(argv)
        finally:
            sys.stdout.flush()              # a closed pipe shows here for buffered output
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE


def _run(argv: Optional[Sequence[str]] = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    # The subcommand is the first argument that is not an option (yinsh's
    # own options take no value).
    command = next((a for a in arguments if not a.startswith("-")), None)
    parser = build_parser(commands=[command] if command else [])
    args = parser.parse_args(arguments)
    try:
        args.func(args)
    except CommandError as exc:
        print(f"yinsh {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"yinsh {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0


def _silence_stdout() -> None:
    """Points standard output at the null device, so that the flush at exit
    does not fail again (the recipe of the Python documentation, "Note on
    SIGPIPE")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):   # no file descriptor (e.g. captured)
        pass
