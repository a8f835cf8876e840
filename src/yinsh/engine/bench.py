"""``yinsh bench [--game NAME]``: the fixed benchmark of every game, one
runner driven by the game's ``bench_*`` data in its ``GameKind``
(``yinsh.games``).

The parts: perft of fixed positions; seeded random playouts; a fixed-depth
one-thread alpha-beta search (16 MB hash) of fixed positions; for games
that ask for them (Yinsh), the same search with ``bench_threads`` threads
(Lazy SMP, not deterministic; it prints the speed-up) and seeded MCTS
playouts from the search positions; for games with other evaluations
(``GameKind.evaluations``: Yinsh's learned one), the one-thread search with
each. A position is ``(name, start tags, actions, depth)``. The closing
``Nodes searched`` (perft leaves plus one-thread search nodes with the
classic evaluation, both deterministic) is a signature of the rules and the
search, like Stockfish's bench: only a change of behaviour may change it.
Each other evaluation has its own signature line before it, ``Learned nodes
searched`` (its one-thread search nodes: it changes with the network too).

>>> from yinsh import games
>>> lines = []
>>> nodes, seconds = search_part(games.get("insert"), lines.append, depth=2)
>>> lines[-2].startswith("Search nodes : ") and nodes > 0
True
"""
from __future__ import annotations

import time
from typing import Any, Callable, Optional

from yinsh.engine.api import Engine
from yinsh.games import DEFAULT

__all__ = ["run", "perft_part", "playouts_part", "search_part", "mcts_part", "HASH_MB"]

#: The transposition table of the bench's searches, in MB (fresh for each position).
HASH_MB = 16

Print = Callable[[str], None]


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:.0f}" if seconds > 0 else "inf"


def _board(kind: Any, tags: dict[str, str], moves: str) -> Any:
    board = kind.start_board(tags)
    for text in moves.split():
        board.push_str(text)
    return board


def run(kind: Any, print_fn: Print = print) -> None:
    """Runs the benchmark of kind (a ``yinsh.game_kind.GameKind``), a line per
    position as it goes, then the signature."""
    heading = "perft" if kind.name == DEFAULT else f"{kind.name}: perft"      # `yinsh bench`: no name
    if len(kind.evaluations) > 1:
        heading += f" (the default evaluation: {kind.default_evaluation})"
    print_fn(heading)
    leaves, perft_seconds = perft_part(kind, print_fn)
    print_fn("")
    games, seed = kind.part("bench").playouts
    print_fn(f"random playouts ({games} games, seed {seed})")
    playouts_part(kind, print_fn)
    print_fn("")
    print_fn(f"search (alpha-beta, hash {HASH_MB} MB, 1 thread)")
    searched, search_seconds = search_part(kind, print_fn)
    print_fn("")
    if kind.part("bench").threads > 1:
        print_fn(f"search (alpha-beta, hash {HASH_MB} MB, {kind.part('bench').threads} threads; "
                 f"not deterministic)")
        nodes, seconds = search_part(kind, print_fn, threads=kind.part("bench").threads, label="Threads")
        if search_seconds > 0 and seconds > 0:
            print_fn(f"Speed-up (nodes/second) : "
                     f"{nodes / seconds / (searched / search_seconds):.2f}x")
        print_fn("")
    if kind.part("bench").mcts is not None:
        playouts, mcts_seed = kind.part("bench").mcts
        print_fn(f"mcts ({playouts} playouts a position, seed {mcts_seed})")
        mcts_part(kind, print_fn)
        print_fn("")
    for evaluation in kind.evaluations[1:]:      # besides the classic one
        name = evaluation.capitalize()
        kernel = getattr(kind.search(evaluation), "simd_kernel", None)       # a network's output layers
        print_fn(f"search (alpha-beta, {evaluation} evaluation, hash {HASH_MB} MB, 1 thread"
                 + (f", {kernel()} code" if kernel is not None else "") + ")")
        nodes, seconds = search_part(kind, print_fn, label=name, evaluation=evaluation)
        if search_seconds > 0 and seconds > 0:
            print_fn(f"{name} speed (nodes/second, of the classic) : "
                     f"{nodes / seconds / (searched / search_seconds):.2f}x")
        print_fn(f"{name} nodes searched : {nodes}")
        print_fn("")
    total, seconds = leaves + searched, perft_seconds + search_seconds
    print_fn(f"Nodes searched : {total}")
    print_fn(f"Nodes/second : {rate(total, seconds)}")


def perft_part(kind: Any, print_fn: Print = print) -> tuple[int, float]:
    """perft of the game's ``bench_perft`` positions; returns (leaves, seconds)."""
    leaves, total_seconds = 0, 0.0
    for i, (name, tags, moves, depth) in enumerate(kind.part("bench").perft, 1):
        board = _board(kind, tags, moves)
        start = time.perf_counter()
        nodes = int(kind.module.perft(board, depth))
        seconds = time.perf_counter() - start
        leaves += nodes
        total_seconds += seconds
        print_fn(f"Position {i}/{len(kind.part('bench').perft)} ({name}, perft {depth}): "
                 f"{nodes} nodes, {seconds:.3f} s")
    print_fn(f"Perft leaves : {leaves}")
    print_fn(f"Perft leaves/second : {rate(leaves, total_seconds)}")
    return leaves, total_seconds


def playouts_part(kind: Any, print_fn: Print = print, games: Optional[int] = None) -> float:
    """The game's seeded random playouts (``bench_playouts``); returns games/s."""
    count, seed = kind.part("bench").playouts
    start = time.perf_counter()
    stats = kind.part("bench").random_playouts(games or count, seed)
    seconds = time.perf_counter() - start
    print_fn(f"Playouts : {stats.games}")
    detail = kind.part("bench").playouts_detail(stats)
    if detail:
        print_fn(detail)
    print_fn(f"Playouts/second : {rate(stats.games, seconds)}")
    return stats.games / seconds if seconds > 0 else 0.0


def search_part(kind: Any, print_fn: Print = print, depth: Optional[int] = None, threads: int = 1,
                label: str = "Search", evaluation: str = "classic") -> tuple[int, float]:
    """A fixed-depth alpha-beta search (a fresh ``HASH_MB`` table each) of
    the game's ``bench_search`` positions (at depth, if given, instead of
    theirs) with the evaluation ``evaluation`` (``Engine``); returns
    (nodes, seconds). With one thread the node count is a signature of the
    search."""
    total, total_seconds = 0, 0.0
    suffix = "" if threads == 1 else f" ({threads} threads)"
    for i, (name, tags, moves, own_depth) in enumerate(kind.part("bench").search, 1):
        board = _board(kind, tags, moves)
        start = time.perf_counter()
        engine = Engine(hash_mb=HASH_MB, threads=threads, algorithm="alphabeta", evaluation=evaluation)
        a = engine.analyse(board, depth=depth or own_depth)
        seconds = time.perf_counter() - start
        total += a.nodes
        total_seconds += seconds
        print_fn(f"{label} {i}/{len(kind.part('bench').search)} ({name}): depth {a.depth}, {a.nodes} nodes, "
                 f"{seconds:.3f} s, score {a.score_text()}, best {a.pv[0] if a.pv else '-'}")
    prefix = "Search" if label in ("Search", "Threads") else f"{label} search"
    print_fn(f"{prefix} nodes{suffix} : {total}")
    print_fn(f"{prefix} nodes/second{suffix} : {rate(total, total_seconds)}")
    return total, total_seconds


def mcts_part(kind: Any, print_fn: Print = print, playouts: Optional[int] = None) -> tuple[int, float]:
    """Seeded MCTS from the game's ``bench_search`` positions (``bench_mcts``:
    playouts a position and the seed; the trees and best moves are
    reproducible); returns (playouts, seconds)."""
    count, seed = kind.part("bench").mcts or (2000, 2026)
    total, seconds = 0, 0.0
    for i, (name, tags, moves, _) in enumerate(kind.part("bench").search, 1):
        board = _board(kind, tags, moves)
        module = kind.search()
        searcher = module.Mcts(seed=seed)
        info = searcher.search(board, node_limit=playouts or count)
        total += info.nodes
        seconds += info.seconds
        print_fn(f"Mcts {i}/{len(kind.part('bench').search)} ({name}): {info.nodes} playouts, "
                 f"{info.seconds:.3f} s, tree {searcher.tree_size} nodes, best "
                 f"{module.action_to_move(info.pv[0])} (value {info.score / 1000:+.3f})")
    print_fn(f"MCTS playouts : {total}")
    print_fn(f"MCTS playouts/second : {rate(total, seconds)}")
    return total, seconds
