"""The search commands of ``yinsh``: ``analyse`` and ``match`` (``yinsh
bench`` is ``yinsh.engine.bench``'s).

``register(sub)`` adds the subcommands to the parser of ``yinsh.cli``.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Any, Optional

from yinsh import games, record
from yinsh.game_kind import GameKind
from yinsh.arguments import CommandError, Parser, int_in, nonnegative_int, positive_float
from yinsh.cli import (cannot_write, game_names, game_of, loadable_games, variant_choices, add_position_args,
                       board_from_args, hash_size, search_depth, search_nodes)
from yinsh.engine import (ALGORITHMS, EVALUATIONS, MAX_DEPTH, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS, Analysis, Engine,
                          algorithm_for)
from yinsh.engine.levels import MAX_LEVEL, MIN_LEVEL
from yinsh.engine.clock import GameClock
from yinsh.engine.external import ExternalEngineFactory
from yinsh.engine.ugi_client import UgiEngineError, UgiEngineFactory
from yinsh.engine.match import (SPRT, Contestant, EngineFactory, GameResult, MatchResult, game_records,
                                run_match, run_seats)

# analyse ---------------------------------------------------------------------

def info_line(a: Analysis) -> str:
    """One line of ``yinsh analyse`` (``multipv k`` after the depth when
    several lines are searched; ``lowerbound`` after the score of an
    unfinished iteration's answer, ``Analysis.partial``; ``wdl W D L``
    after the score, the win/draw/loss chances per mille of the side to
    act, when the game has a model: ``Analysis.wdl``)."""
    multipv = f" multipv {a.multipv}" if len(a.lines) > 1 or a.multipv > 1 else ""
    bound = " lowerbound" if a.partial else ""
    return (f"depth {a.depth}{multipv} seldepth {a.seldepth} score {a.score_text()}{bound}{wdl_text(a)} "
            f"nodes {a.nodes} nps {a.nps} time {a.time:.3f} pv {' '.join(str(m) for m in a.pv)}")


def wdl_text(a: Analysis) -> str:
    """`` wdl W D L`` of an analysis (empty without one)."""
    wdl = getattr(a, "wdl", None)
    return f" wdl {wdl.wins} {wdl.draws} {wdl.losses}" if wdl is not None else ""


def info_lines(a: Analysis) -> list[str]:
    """The lines of one finished iteration: one per multipv line; at a
    chance node (a throw) the expected score, then one line per outcome
    (``outcome r6 probability 0.1667 score ... pv r6 ...``)."""
    if a.chance:
        head = (f"depth {a.depth} seldepth {a.seldepth} expected score {a.score_text()}{wdl_text(a)} "
                f"nodes {a.nodes} nps {a.nps} time {a.time:.3f}")
        return [head] + [f"depth {a.depth} outcome {line.outcome} probability {line.probability:.4f} "
                         f"score {line.score_text()}{wdl_text(line)} pv {' '.join(str(m) for m in line.pv)}"
                         for line in a.lines]
    return [info_line(line) for line in a.lines] if len(a.lines) > 1 else [info_line(a)]


def add_limit_args(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"search D plies, 1..{MAX_DEPTH} (each action is a ply)")
    group.add_argument("--time", type=positive_float, metavar="S", help="search S seconds")
    group.add_argument("--nodes", type=search_nodes, metavar="N", help="search about N nodes")


def add_evaluation_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--evaluation", choices=EVALUATIONS, default="auto",
                   help="auto (default): the game's default, learned for Yinsh and classic for "
                        "Insert and Ludo; classic: the hand-written evaluation; learned: the trained "
                        "network (NNUE-style; Yinsh and Insert)")


def network_of_game(network: Any, game: str) -> None:
    """Raises ``NetworkGameError`` (a ``ValueError``) unless network (a
    path or a ``yinsh.engine.network.Network``) is one of game's."""
    from yinsh.engine import network as nn_network
    if isinstance(network, nn_network.Network):
        nn_network.check(network, game)
    else:
        nn_network.load(network, game)


def limits_from_args(args: argparse.Namespace) -> dict[str, Any]:
    limits = {"depth": args.depth, "time": args.time, "nodes": getattr(args, "nodes", None)}
    try:
        Engine(hash_mb=0, **limits)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return limits


def cmd_analyse(args: argparse.Namespace) -> None:
    """Searches a position (``Engine.analysis``: the search runs in a worker
    thread): one line per finished iteration (per line with ``--multipv``),
    then the best move. Ctrl-C stops the search, prints the best move of the
    last iteration printed (if one was) and exits with status 130 (in
    ``cli.main``)."""
    board = board_from_args(args)
    if board.is_game_over():
        raise CommandError(f"the game is over ({board.result()})")
    limits = limits_from_args(args)
    algorithm = getattr(args, "algorithm", "auto")
    if algorithm == "auto":
        algorithm = algorithm_for(board)
    problem = game_of(args).search_problem(board, algorithm)
    if problem is not None:
        raise CommandError(problem)
    threads = getattr(args, "threads", 1)
    evaluation = getattr(args, "evaluation", "auto")
    try:
        game_of(args).search(evaluation)
        engine = Engine(hash_mb=args.hash, threads=threads, algorithm=algorithm, evaluation=evaluation,
                        network=getattr(args, "network", None))
        if engine.network is not None:           # a network of this game (NetworkGameError)
            network_of_game(engine.network, game_of(args).name)
    except FileNotFoundError as exc:
        raise CommandError(f"--network: {exc}") from None
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except MemoryError as exc:
        raise CommandError(f"--hash {args.hash}: {exc}") from None
    try:
        engine.searcher(board)
    except MemoryError as exc:
        raise CommandError(f"--hash {args.hash}: {exc}") from None
    shown: list[Analysis] = []
    try:
        handle = engine.analysis(board, multipv=getattr(args, "multipv", 1), **limits)
    except ValueError as exc:              # a depth the MCTS cannot honour, multipv at a throw
        raise CommandError(str(exc).replace("nodes (playouts) or time", "--nodes or --time")) from None
    try:
        with handle:
            for info in handle:
                shown.append(info)
                for line in info_lines(info):
                    print(line, flush=True)
            analysis = handle.wait()
    except KeyboardInterrupt:
        if shown:
            print(bestmove_line(shown[-1]), flush=True)
        raise
    print(bestmove_line(analysis))


def bestmove_line(a: Analysis) -> str:
    """The last line of ``yinsh analyse``: ``bestmove e5-e9``; at a chance
    node, where nothing is chosen, ``bestmove (none): a chance node``."""
    if a.chance:
        return "bestmove (none): a chance node, the outcomes are not chosen"
    return f"bestmove {a.best_move}"


# match -----------------------------------------------------------------------

class TunedEngineFactory:
    """``make(seed)`` for a match: a fresh ``Engine`` with a ``hash_mb`` MB
    table and the tunables ``params`` (``Engine.configure``) for each game.
    It pickles, for worker processes.

    >>> TunedEngineFactory(4, {"lmr_depth": 0})(seed=1).params()[0].value
    0
    >>> TunedEngineFactory(4, evaluation="learned")(seed=1).evaluation
    'learned'
    """

    def __init__(self, hash_mb: int = 16, params: Optional[dict[str, Any]] = None,
                 game: str = games.DEFAULT, keep_tables: bool = False, evaluation: str = "auto",
                 network: Optional[str] = None, level: int = MAX_LEVEL) -> None:
        self.hash_mb = hash_mb
        self.params = dict(params or {})
        self.game = game
        self.keep_tables = keep_tables
        self.evaluation = evaluation
        self.network = network
        self.level = level

    def __call__(self, seed: int = 0) -> Engine:
        engine = Engine(hash_mb=self.hash_mb, keep_tables=self.keep_tables, evaluation=self.evaluation,
                        network=self.network, level=self.level, seed=seed if self.level != MAX_LEVEL else None)
        if self.params:
            engine.configure(games.get(self.game).board_class, **self.params)
        return engine

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TunedEngineFactory) and other.hash_mb == self.hash_mb
                and other.params == self.params and other.game == self.game
                and other.keep_tables == self.keep_tables and other.evaluation == self.evaluation
                and other.network == self.network and other.level == self.level)

    def __hash__(self) -> int:
        return hash((TunedEngineFactory, self.hash_mb, tuple(sorted(self.params.items())), self.keep_tables,
                     self.evaluation, self.network, self.level))

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update({"evaluation": "classic", "network": None, "level": MAX_LEVEL,
                              **state})   # pickles of before

    def __repr__(self) -> str:
        keep = ", keep_tables=True" if self.keep_tables else ""
        evaluation = f", evaluation={self.evaluation!r}" if self.evaluation != "auto" else ""
        network = f", network={self.network!r}" if self.network is not None else ""
        level = f", level={self.level}" if self.level != MAX_LEVEL else ""
        return f"TunedEngineFactory({self.hash_mb}, {self.params!r}{keep}{evaluation}{network}{level})"


def _number(text: str) -> float:
    """A tunable's value: an int when it reads as one, else a float."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def parse_player(spec: str, default_limits: dict[str, Any],
                 game: Optional[GameKind] = None, ugi_options: Optional[dict[str, str]] = None, *,
                 implicit: bool = False) -> Contestant:
    """``random``, ``greedy``, ``build:DIR``, ``ugi:COMMAND`` (any UGI engine,
    with the UGI options ``ugi_options``), or ``engine`` with optional settings:
    ``engine:depth=4``, ``engine:time=0.1``, ``engine:nodes=20000,hash=32``,
    ``engine:level=3`` (``Engine(level=...)``, 1..8: weaker engines for
    people, seeded with each game's seed), ``engine:evaluation=learned`` (``Engine(evaluation=...)``) with
    ``network=FILE`` for another network than the packaged one,
    tunables by name (``Engine.params``): ``engine:depth=3,lmr_depth=0,threat=250``,
    and a preset of tunables (``yinsh.engine.presets``) that the others given
    override: ``engine:preset=baseline`` (``baseline`` alone is the same).
    Each tunable is checked (name and range) here, before any game.
    ``implicit``: default_limits are the command's default, not the
    user's: an engine with a level below 8 and no limits of its own then
    plays its level's own budget (its node cap) instead."""
    game = game or games.get(games.DEFAULT)
    board_class = game.board_class
    name, _, settings = spec.partition(":")
    match = game.part("match")
    if name in match.presets and name not in match.player_classes:
        name, settings = "engine", ",".join(filter(None, (f"preset={name}", settings)))
    if name in match.player_classes:
        if settings:
            raise CommandError(f"player {spec!r}: {name} takes no settings")
        return Contestant(spec, match.player_factory(name), {})
    if name == "build":
        return Contestant(spec, external_factory(spec, settings, game), dict(default_limits))
    if name == "ugi":
        return Contestant(spec, ugi_factory(spec, settings, ugi_options), dict(default_limits))
    if name != "engine":
        raise CommandError(f"unknown player {spec!r} (expected {', '.join(match.player_classes)}, "
                           f"{', '.join(match.presets) + ', ' if match.presets else ''}build:DIR, ugi:COMMAND or "
                           "engine[:depth=D,time=S,nodes=N,level=L,hash=MB,preset=NAME,PARAM=VALUE])")
    options: dict[str, Any] = {}
    params: dict[str, Any] = {}
    base: dict[str, Any] = {}
    kinds: dict[str, Any] = {"depth": search_depth, "time": positive_float, "nodes": search_nodes,
                             "hash": hash_size, "keep": int_in(0, 1), "evaluation": str,
                             "network": str, "level": int_in(MIN_LEVEL, MAX_LEVEL)}
    # the presets are engines of the classic evaluation: theirs unless one is given
    evaluation = "classic" if any(item.startswith("preset=") for item in settings.split(",")) else "auto"
    for item in settings.split(",") if settings else ():
        if item.startswith("evaluation="):                # first: it decides the tunables
            evaluation = item.partition("=")[2]
            if evaluation not in EVALUATIONS:
                raise CommandError(f"player {spec!r}: evaluation must be one of "
                                   f"{', '.join(EVALUATIONS)}, not {evaluation!r}")
            try:
                game.search(evaluation)
            except ValueError as exc:
                raise CommandError(f"player {spec!r}: {exc}") from None
    known = {p.name for p in Engine(hash_mb=0, evaluation=evaluation).params(board_class)}
    for item in settings.split(",") if settings else ():
        key, eq, value = item.partition("=")
        if not eq or not (key in kinds or key in known or key == "preset"):
            if eq and game.search(evaluation) is not game.search("classic") and key in {
                    p.name for p in Engine(hash_mb=0, evaluation="classic").params(board_class)}:
                raise CommandError(f"player {spec!r}: {key} is a weight of the classic evaluation "
                                   f"(the default of {game.name} is the learned one): add "
                                   f"evaluation=classic")
            raise CommandError(f"player {spec!r}: bad setting {item!r} (expected depth=D, time=S, "
                               f"nodes=N, hash=MB, keep=0|1, level=1..8, evaluation=auto|classic|learned, "
                               f"network=FILE, "
                               f"preset=NAME "
                               f"or a parameter: "
                               f"{', '.join(sorted(known))})")
        if key in options or key in params:
            raise CommandError(f"player {spec!r}: {key} is given twice")
        if key == "preset":
            if base:
                raise CommandError(f"player {spec!r}: preset is given twice")
            try:
                base = game.part("match").preset(value)
            except ValueError as exc:
                raise CommandError(f"player {spec!r}: {exc}") from None
            continue
        if key in kinds:
            try:
                options[key] = kinds[key](value)
            except argparse.ArgumentTypeError as exc:
                raise CommandError(f"player {spec!r}: {key}: {exc}") from None
            continue
        try:
            params[key] = _number(value)
        except ValueError:
            raise CommandError(f"player {spec!r}: {key}: not a number: {value!r}") from None
    params = {**base, **params}
    if params:
        try:
            Engine(hash_mb=0, evaluation=evaluation).configure(board_class, **params)
        except (ValueError, TypeError) as exc:
            raise CommandError(f"player {spec!r}: {exc}") from None
    hash_mb = options.pop("hash", 16)
    keep = bool(options.pop("keep", 0))
    level = options.pop("level", MAX_LEVEL)
    options.pop("evaluation", None)
    network = options.pop("network", None)
    if network is not None:
        if evaluation == "auto":
            evaluation = "learned"
        if evaluation != "learned":
            raise CommandError(f"player {spec!r}: network= needs evaluation=learned")
        try:
            Engine(hash_mb=0, evaluation=evaluation, network=network)
            network_of_game(network, game.name)
        except (OSError, ValueError) as exc:
            raise CommandError(f"player {spec!r}: network: {exc}") from None
    limits = options if options else {} if implicit and level != MAX_LEVEL else dict(default_limits)
    factory = (TunedEngineFactory(hash_mb, params, game.name, keep, evaluation, network, level)
               if params or keep or evaluation != "auto" else EngineFactory(hash_mb, level=level))
    return Contestant(spec, factory, limits)


def external_factory(spec: str, root: str, game: GameKind) -> ExternalEngineFactory:
    """``build:DIR``: the engine of the yinsh source tree DIR, built in place,
    in a child process (``yinsh.engine.external``)."""
    if not root:
        raise CommandError(f"player {spec!r}: expected build:DIR, a yinsh source tree built in place")
    try:
        return ExternalEngineFactory(root, game.module.__name__)
    except ValueError as exc:
        raise CommandError(f"player {spec!r}: {exc}") from None


def ugi_factory(spec: str, command: str, options: Optional[dict[str, str]] = None) -> UgiEngineFactory:
    """``ugi:COMMAND``: any UGI engine, the program COMMAND (split into
    words as a shell does) in a child process (``yinsh.engine.ugi_client``),
    with the UGI options ``options``."""
    try:
        return UgiEngineFactory(command, options)
    except ValueError as exc:
        raise CommandError(f"player {spec!r}: {exc} (ugi:COMMAND, e.g. ugi:\"./engine --threads 1\")") from None


def ugi_option(text: str) -> tuple[str, str]:
    """An argparse type: ``NAME=VALUE``, a UGI option of the ``ugi:`` players."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text[:40]!r}")
    return name.strip(), value.strip()


def clock_spec(text: str) -> tuple[float, float]:
    """An argparse type: a game clock ``SECONDS[+INCREMENT]`` (``10+0.1``)."""
    seconds, _, increment = text.partition("+")
    try:
        clock = (float(seconds), float(increment or 0))
        GameClock.start(2, *clock)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected SECONDS[+INCREMENT] such as 10+0.1, not {text[:40]!r}"
                                         + ("" if "could not convert" in str(exc) else f": {exc}")) from None
    return clock


def check_ugi_players(players: list[Contestant]) -> None:
    """Starts each ``ugi:`` player once before the match (the program runs,
    shakes hands and has the options given): CommandError else."""
    for player in players:
        if isinstance(player.make, UgiEngineFactory):
            engine = player.make.engine
            try:
                engine.start()
            except UgiEngineError as exc:
                raise CommandError(f"player {player.name!r}: {exc}") from None
            finally:
                engine.close()


def sprt_bounds(text: str) -> tuple[float, float]:
    """An argparse type: ``elo0,elo1``, two finite numbers, elo0 < elo1."""
    parts = text.split(",")
    try:
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected elo0,elo1 (two numbers), not {text[:40]!r}") from None
    try:
        SPRT(elo0, elo1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return elo0, elo1


def game_line(game: GameResult, result: MatchResult, kind: Optional[GameKind] = None) -> str:
    """The progress line of a finished game."""
    kind = kind or games.get(games.DEFAULT)
    detail = kind.part("match").match_detail(kind.board_class(game.final_position))
    detail = f"{detail}, " if detail else ""
    forfeit = game.forfeit_text
    detail = f"{forfeit}, {detail}" if forfeit else detail
    line = (f"game {game.number}/{result.planned}: A is {kind.sides[game.a_side]}: "
            f"{game.result} {game.verdict} ({detail}{game.plies} actions)  "
            f"+{result.wins} ={result.draws} -{result.losses}")
    if result.sprt is not None:
        line += f"  LLR {result.llr():.2f}"
    return line


def check_record_path(path: str) -> None:
    """CommandError unless a record can be written at path (checked before
    the match, which may be long)."""
    if not path:
        raise CommandError("--record needs a file name")
    if os.path.isdir(path):
        raise CommandError(f"--record {path}: is a directory")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise CommandError(f"--record {path}: no such directory {folder}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CommandError(f"--record {path}: not writable")


def cmd_match(args: argparse.Namespace) -> None:
    """Plays A against B, colours alternating, and reports the score of A
    (``yinsh.engine.match``). Ctrl-C stops the match and still prints the
    summary of the games played (and writes their record), then exits 130."""
    kind = game_of(args)
    if args.variant is not None and args.variant not in kind.options.choices("variant"):
        raise CommandError(f"--variant {args.variant}: {kind.name} has "
                           + (" and ".join(kind.options.choices("variant")) or "no variants"))
    if kind.part("match").seated:
        return cmd_match_seats(args, kind)
    if args.b is None or args.c is not None:
        raise CommandError(f"{kind.name} is played by two: give two players, A and B")
    openings = kind.part("match").openings()
    opening_name = args.openings or kind.part("match").default_opening
    if opening_name not in openings:
        raise CommandError(f"--openings {opening_name}: {kind.name} has {', '.join(openings)}")
    default_limits = {"depth": args.depth, "time": args.time}
    default_limits = {k: v for k, v in default_limits.items() if v is not None}
    implicit = not default_limits and args.clock is None
    if implicit:
        default_limits = {"depth": 3}            # with a clock and no limit, the players play on the clock
    ugi_options = dict(args.ugi_option or ())
    a = parse_player(args.a, default_limits, kind, ugi_options, implicit=implicit)
    b = parse_player(args.b, default_limits, kind, ugi_options, implicit=implicit)
    if ugi_options and not any(isinstance(p.make, UgiEngineFactory) for p in (a, b)):
        raise CommandError("--ugi-option: neither player is a UGI engine (ugi:COMMAND)")
    if args.record is not None:
        if opening_name != "none" and kind.name != games.DEFAULT:
            raise CommandError(f"--record: the games of --openings {opening_name} have no start "
                               f"position a record can give yet; use --openings none")
        check_record_path(args.record)
    check_ugi_players([a, b])
    board = kind.start_board({"Variant": args.variant} if args.variant else {})
    extra = () if kind.name == games.DEFAULT else (kind,)     # game_line(game, result[, kind])
    result = run_match(a, b, args.games, board=board, opening=openings[opening_name],
                       seed=args.seed, workers=args.workers, ray=args.ray,
                       sprt=SPRT(*args.sprt) if args.sprt else None, clock=args.clock,
                       on_game=lambda game, so_far: print(game_line(game, so_far, *extra), flush=True))
    if result.games or not result.interrupted:
        print(result.summary())
    if args.record is not None:
        written = game_records(result, board, Event="yinsh match")
        try:
            record.write(written, args.record)
        except OSError as exc:
            raise cannot_write(args.record, exc) from None
        print(f"Record: {len(written)} games written to {args.record}")
    if result.interrupted:
        raise KeyboardInterrupt


def parse_seat(spec: str, default_time: Optional[float], kind: GameKind) -> tuple[str, Any]:
    """A seat of a seated match (Ludo): a player name, or ``mcts`` with
    ``time=S`` or ``nodes=N`` settings; returns ``(spec, factory)``."""
    name, _, settings = spec.partition(":")
    if name not in kind.part("match").player_classes:
        raise CommandError(f"unknown player {spec!r} (expected {', '.join(kind.part('match').player_classes)}"
                           f"[:time=S,nodes=N])")
    factory = kind.part("match").player_factory(name)
    if name != "mcts":
        if settings:
            raise CommandError(f"player {spec!r}: {name} takes no settings")
        return spec, factory
    limits: dict[str, Any] = {}
    converters = {"time": positive_float, "nodes": search_nodes}
    for item in settings.split(",") if settings else ():
        key, eq, value = item.partition("=")
        if not eq or key not in converters:
            raise CommandError(f"player {spec!r}: bad setting {item!r} (expected time=S or nodes=N)")
        if key in limits:
            raise CommandError(f"player {spec!r}: {key} is given twice")
        try:
            limits[key] = converters[key](value)
        except argparse.ArgumentTypeError as exc:
            raise CommandError(f"player {spec!r}: {key}: {exc}") from None
    if len(limits) > 1:
        raise CommandError(f"player {spec!r}: give time or nodes, not both")
    if not limits:
        limits = {"time": default_time if default_time is not None else 0.1}
    return spec, factory(limits.get("time"), nodes=limits.get("nodes"))


def cmd_match_seats(args: argparse.Namespace, kind: GameKind) -> None:
    """A match of 2..4 seats, rotated over the games (``yinsh.engine.match.run_seats``):
    each seat's first-place rate with its 95% Wilson interval."""
    for option in ("depth", "sprt", "record", "openings", "clock", "ugi_option"):
        if getattr(args, option, None) is not None:
            raise CommandError(f"--{option.replace('_', '-')} is not an option of a {kind.name} match (it takes "
                               f"--games, --time, --variant, --seed, --workers, --ray)")
    specs = [s for s in (args.a, args.b, args.c, args.d) if s is not None]
    if len(specs) < 2:
        raise CommandError(f"{kind.name} needs 2 to 4 players, one a seat")
    seats = [parse_seat(s, args.time, kind) for s in specs]

    def progress(g: int, so_far: Any) -> None:
        order = so_far.places[g]
        first = f"seat {order[0]} ({so_far.names[order[0]]}) first" if order else "no winner"
        print(f"game {g + 1}/{args.games}: {first}, {so_far.plies[g]} actions  wins "
              + " ".join(str(w) for w in so_far.wins), flush=True)

    began = time.perf_counter()
    options = {"players": len(seats), "variant": args.variant}
    try:
        board = kind.new_board({k: v for k, v in options.items()
                                     if v is not None and k in kind.options.defaults})
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    result = run_seats(seats, args.games, board=board, seed=args.seed, workers=args.workers,
                       ray=args.ray, on_game=progress)
    print(result.summary())
    print(f"Time: {time.perf_counter() - began:.1f} s")


#: The most worker processes ``match --workers`` takes.
MAX_WORKERS = 256


# registration ----------------------------------------------------------------

def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``analyse`` and ``match`` to the subparsers of ``yinsh``."""
    p = sub.add_parser("analyse", help="search a position and print the best move",
                       description="Searches a position: one line per finished iteration "
                                   "(depth, score, nodes, nodes/s, pv), then the best move. The "
                                   "search follows the game (--algorithm auto): the alpha-beta "
                                   "for two players, the MCTS for Ludo with 3 or 4 players. "
                                   "Scores are from the side to act; 'win N' / 'loss N' is a "
                                   "proven result in N plies. Without a limit the alpha-beta "
                                   "goes to depth 5 and the MCTS plays 10000 playouts (it has no "
                                   "depth: limit it with --nodes or --time; --depth is refused). "
                                   "At a throw of the dice (Ludo) nothing is chosen: the analysis "
                                   "is the expected score, then a line per outcome.")
    add_position_args(p)
    add_limit_args(p)
    p.add_argument("--hash", type=hash_size, default=16, metavar="MB",
                   help=f"transposition table size in MB, 0..{MAX_HASH_MB} (default 16, 0: none)")
    p.add_argument("--multipv", type=int_in(1, MAX_MULTIPV), default=1, metavar="N",
                   help="search the N best actions, a line each per iteration (default 1)")
    p.add_argument("--threads", type=int_in(1, MAX_THREADS), default=1, metavar="N",
                   help=f"search threads, 1..{MAX_THREADS} (default 1; the alpha-beta only)")
    p.add_argument("--algorithm", choices=ALGORITHMS, default="auto",
                   help="auto (default): alphabeta for two players, mcts for 3 or 4 (Ludo); "
                        "alphabeta; or mcts (Monte Carlo tree search; --nodes counts playouts)")
    add_evaluation_args(p)
    p.add_argument("--network", metavar="FILE",
                   help="the learned evaluation's network (a .nnue file; default: the packaged one)")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("match", help="play two players against each other",
                       description="Plays A against B, colours alternating (each opening is "
                                   "played twice, once with each colour), and prints the result "
                                   "of each game, then W/D/L, A's score with a 95% interval and "
                                   "an Elo estimate (Ctrl-C stops early and still prints them). A player is random, greedy, or engine with "
                                   "optional settings: engine:depth=4, engine:time=0.1, "
                                   "engine:nodes=20000, engine:depth=3,hash=32, engine:level=3 (a "
                                   "weaker engine for people, level 1..8, docs/levels.md), and search "
                                   "parameters or evaluation weights by name (docs/search.md): "
                                   "engine:depth=3,lmr_depth=0,threat=250; evaluation=learned searches "
                                   "with the trained network; keep=1 keeps the tables "
                                   "from move to move; preset=NAME starts from a preset: "
                                   "engine:preset=baseline, or baseline alone, is the frozen engine "
                                   "of the tag engine-baseline on today's compiled search; build:DIR "
                                   "is the engine of another yinsh source tree DIR, built in place, "
                                   "in a child process (e.g. a worktree of that tag); ugi:COMMAND is any "
                                   "UGI engine, the program COMMAND (quoted when it has spaces: "
                                   "ugi:\"./engine --threads 1\"), in a child process; an illegal or "
                                   "malformed answer, a crash or a hang loses that game, and the "
                                   "match goes on with a fresh process.")
    p.add_argument("a", metavar="A", help="the first player (random, greedy, baseline, build:DIR, ugi:COMMAND, "
                                          "engine[:settings]; "
                                          "ludo: random, heuristic, mcts[:time=S])")
    p.add_argument("b", metavar="B", nargs="?", help="the second player")
    p.add_argument("c", metavar="C", nargs="?", help="ludo: the third player")
    p.add_argument("d", metavar="D", nargs="?", help="ludo: the fourth player")
    p.add_argument("--games", type=int_in(1), default=2, metavar="N", help="games to play (default 2)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"depth for engines without their own setting, 1..{MAX_DEPTH} (default 3)")
    group.add_argument("--time", type=positive_float, metavar="S",
                       help="seconds per action for engines without their own setting")
    p.add_argument("--clock", type=clock_spec, metavar="S+I",
                   help="play each game on a clock: S seconds a side plus I seconds after each of its "
                        "actions (10+0.1; 60 for no increment); a side whose clock runs out loses the "
                        "game. Players without their own limit (and without --depth/--time) play on "
                        "the clock: a UGI engine gets p1time/p2time/p1inc/p2inc, an engine a share of "
                        "its time per action")
    p.add_argument("--ugi-option", type=ugi_option, action="append", metavar="NAME=VALUE",
                   help="a UGI option (setoption) for the ugi:COMMAND players, e.g. --ugi-option Hash=64; "
                        "repeat it for more; each must be an option the engine lists")
    p.add_argument("--openings", choices=list(dict.fromkeys(o for game in loadable_games()
                                                            for o in game.part("match").openings())),
                   help="yinsh: random-placements (default): the ten placements at random, each "
                        "opening played with both colours; none: the players place the rings. "
                        "insert: random-layouts (default): a random layout a pair of games "
                        "(seeded); none: layout 0")
    p.add_argument("--variant", choices=variant_choices(),
                   help="the variant (default standard; yinsh: standard, blitz; ludo: standard, places)")
    p.add_argument("--game", dest="kind", choices=list(games.GAMES), default=games.DEFAULT,
                   help=f"the game: {game_names()} (ludo: 2 to 4 players, seats rotated)")
    p.add_argument("--seed", type=nonnegative_int, default=1, help="seed of the openings and random players")
    p.add_argument("--workers", type=int_in(1, MAX_WORKERS), default=1, metavar="K",
                   help=f"games played at once in worker processes, 1..{MAX_WORKERS} (default 1); "
                        "the results are those of one worker")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="play the games as Ray tasks: 'local' starts Ray on this machine, an "
                        "address joins a cluster (pip install 'yinsh[cluster]'; docs/scaling.md)")
    p.add_argument("--sprt", type=sprt_bounds, metavar="ELO0,ELO1",
                   help="stop when a sequential probability ratio test (alpha = beta = 0.05) "
                        "decides between A-B = ELO0 and A-B = ELO1 Elo; prints the LLR")
    p.add_argument("--record", metavar="FILE",
                   help="write the games to FILE in the record format (docs/records.md)")
    p.set_defaults(func=cmd_match)
