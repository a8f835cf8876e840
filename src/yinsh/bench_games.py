"""``yinsh bench --game insert|ludo``: the fixed benchmark of a game other
than Yinsh (Yinsh's is ``yinsh.yinsh.bench``, unchanged).

The positions, depths and counts are the game's ``bench_*`` data in
``yinsh.games``: perft of fixed positions, seeded random playouts, and a
fixed-depth one-thread alpha-beta search (16 MB hash) of fixed positions.
The closing ``Nodes searched`` (perft leaves plus search nodes) is a
signature of the rules and the search, like Yinsh's.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from yinsh.engine import Engine

__all__ = ["run"]

HASH_MB = 16


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:.0f}" if seconds > 0 else "inf"


def _board(kind: Any, tags: dict[str, str], moves: str) -> Any:
    board = kind.start_board(tags)
    for text in moves.split():
        board.push_str(text)
    return board


def run(kind: Any, print_fn: Callable[[str], None] = print) -> None:
    """Runs the benchmark of kind (a ``yinsh.games.GameKind``)."""
    print_fn(f"{kind.name}: perft")
    leaves, perft_seconds = 0, 0.0
    for i, (name, tags, moves, depth) in enumerate(kind.bench_perft, 1):
        board = _board(kind, tags, moves)
        start = time.perf_counter()
        nodes = kind.perft(board, depth)
        seconds = time.perf_counter() - start
        leaves += nodes
        perft_seconds += seconds
        print_fn(f"Position {i}/{len(kind.bench_perft)} ({name}, perft {depth}): "
                 f"{nodes} nodes, {seconds:.3f} s")
    print_fn(f"Perft leaves : {leaves}")
    print_fn(f"Perft leaves/second : {rate(leaves, perft_seconds)}")
    print_fn("")
    games, seed = kind.bench_playouts
    print_fn(f"random playouts ({games} games, seed {seed})")
    start = time.perf_counter()
    stats = kind.random_playouts(games, seed)
    seconds = time.perf_counter() - start
    print_fn(f"Playouts : {stats.games}")
    print_fn(f"Playouts/second : {rate(stats.games, seconds)}")
    print_fn("")
    print_fn(f"search (alpha-beta, hash {HASH_MB} MB, 1 thread)")
    searched, search_seconds = 0, 0.0
    for i, (name, tags, moves, depth) in enumerate(kind.bench_search, 1):
        board = _board(kind, tags, moves)
        start = time.perf_counter()
        a = Engine(hash_mb=HASH_MB).analyse(board, depth=depth)
        seconds = time.perf_counter() - start
        searched += a.nodes
        search_seconds += seconds
        print_fn(f"Search {i}/{len(kind.bench_search)} ({name}): depth {a.depth}, {a.nodes} nodes, "
                 f"{seconds:.3f} s, best {a.pv[0] if a.pv else '-'}")
    print_fn(f"Search nodes : {searched}")
    print_fn(f"Search nodes/second : {rate(searched, search_seconds)}")
    print_fn("")
    total, seconds = leaves + searched, perft_seconds + search_seconds
    print_fn(f"Nodes searched : {total}")
    print_fn(f"Nodes/second : {rate(total, seconds)}")
