"""The positions of `yinsh bench` (Yinsh): perft, random playouts, search;
the runner is the one of every game, ``yinsh.engine.bench`` (this game's
``GameKind`` reads the positions below).

Fixed positions, fixed depths (and a fixed hash size for the search), one
thread except for the labelled two-thread part. The last lines, `Nodes
searched` and `Nodes/second`, sum the perft leaves and the one-thread search
nodes: a signature that only a change of behaviour of the rules engine
(perft) or of the search may change (each part prints its own count under
its own label). Perft
positions are given by their actions from a new game (the midgame ones come
from seeded random games, as in tests/data); the search positions are
midgames reached by engine self-play from random placements.

>>> sum(p.board().legal_moves.count() for p in POSITIONS) > 0
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from yinsh.engine import bench as runner
from yinsh.yinsh.board import Board


@dataclass(frozen=True)
class BenchPosition:
    name: str
    variant: str
    depth: int
    moves: str

    def board(self) -> Board:
        board = Board(variant=self.variant)
        for text in self.moves.split():
            board.push_str(text)
        return board


POSITIONS = [
    BenchPosition(
        'placed (engine comparison)', 'standard', 4,
        ('d2 d3 e6 d6 i6 e10 k7 g10 f6 h7'),
    ),
    BenchPosition(
        'crosscheck', 'standard', 4,
        ('h6 g6 g8 c6 e10 f8 g11 e9 h11 d7'),
    ),
    BenchPosition(
        'midgame, ply 31', 'standard', 5,
        ('g2 g7 b2 e6 i5 i10 g8 f3 i4 g11 g8-f7 g7-j7 f7-c7 f3-h3 c7-b6 e6-e7 i4-h4 j7-j8 '
         'h4-a4 i10-i11 b2-b3 g11-g9 a4-c6 j8-k9 b3-b5 g9-j9 g2-g10 j9-j6 b5-f5 j6-d6 '
         'f5-h5'),
    ),
    BenchPosition(
        'row pending, ply 56', 'standard', 6,
        ('g2 g7 b2 e6 i5 i10 g8 f3 i4 g11 g8-f7 g7-j7 f7-c7 f3-h3 c7-b6 e6-e7 i4-h4 j7-j8 '
         'h4-a4 i10-i11 b2-b3 g11-g9 a4-c6 j8-k9 b3-b5 g9-j9 g2-g10 j9-j6 b5-f5 j6-d6 '
         'f5-h5 e7-h7 g10-d7 k9-i9 d7-f9 i9-i6 c6-c5 d6-d4 b6-a5 d4-d3 h5-g4 h7-k10 a5-a3 '
         'i6-f6 i5-j5 k10-i8 g4-k8 f6-c3 c5-f8 d3-e3 f8-b4 e3-d2 f9-e8 d2-c1 b4-e4 xb2-b6'),
    ),
    BenchPosition(
        'late, 5 markers left', 'standard', 6,
        ('g2 g7 b2 e6 i5 i10 g8 f3 i4 g11 g8-f7 g7-j7 f7-c7 f3-h3 c7-b6 e6-e7 i4-h4 j7-j8 '
         'h4-a4 i10-i11 b2-b3 g11-g9 a4-c6 j8-k9 b3-b5 g9-j9 g2-g10 j9-j6 b5-f5 j6-d6 '
         'f5-h5 e7-h7 g10-d7 k9-i9 d7-f9 i9-i6 c6-c5 d6-d4 b6-a5 d4-d3 h5-g4 h7-k10 a5-a3 '
         'i6-f6 i5-j5 k10-i8 g4-k8 f6-c3 c5-f8 d3-e3 f8-b4 e3-d2 f9-e8 d2-c1 b4-e4 xb2-b6 '
         'xa3 c1-d1 e8-e5 xc6-g10 xe4 d1-e1 j5-j10 e1-e4 e5-d5 i11-h10 d5-g5 i8-h8 k8-e2'),
    ),
    BenchPosition(
        'two rings each', 'standard', 6,
        ('e2 j5 i6 c6 g2 k7 h7 j9 b5 a3 h7-h4 c6-g6 i6-k8 g6-g3 e2-e4 j9-i8 e4-e9 i8-i10 '
         'k8-k9 i10-g10 e9-g9 g3-e1 h4-h5 a3-e3 g2-d2 e3-f3 k9-h6 j5-j8 d2-d8 e1-b1 g9-i9 '
         'b1-c2 b5-e5 j8-j7 d8-c7 f3-g4 c7-b6 g10-g8 h6-j6 g8-f8 i9-g7 g4-d1 h5-f5 c2-c4 '
         'f5-k10 c4-b4 b6-d6 b4-c5 k10-d3 f8-e7 d6-d9 e7-f7 e5-d4 f7-d7 g7-f6 d7-h11 j6-i5 '
         'h11-h8 i5-g5 h8-h9 xf8-j8 xk7 d4-d5 h9-h8 d3-b3 h8-g8 d5-e6 xd2-d6 xg5 g8-i8 '
         'f6-f8 xe5-i9 xd9 i8-j8 f8-f9 d1-c1 e6-e5 c5-a5 b3-b7 j7-g7 xf5-j9 xa5'),
    ),
    BenchPosition(
        'blitz', 'blitz', 6,
        ('g2 g7 b2 e6 i5 i10 g8 f3 i4 g11 g8-f7 g7-j7 f7-c7 f3-h3 c7-b6 e6-e7 i4-h4 j7-j8 '
         'h4-a4 i10-i11 b2-b3 g11-g9 a4-c6 j8-k9 b3-b5 g9-j9 g2-g10 j9-j6 b5-f5 j6-d6 '
         'f5-h5 e7-h7 g10-d7 k9-i9 d7-f9 i9-i6 c6-c5 d6-d4 b6-a5 d4-d3 h5-g4 h7-k10 a5-a3 '
         'i6-f6 i5-j5 k10-i8 g4-k8 f6-c3 c5-f8 d3-e3 f8-b4 e3-d2'),
    ),
]

PLAYOUT_GAMES = 20000
PLAYOUT_SEED = 2026

SEARCH_POSITIONS = [
    "4/2w2w1/2bb4/4w4/3B2BWW1/4b1wbB/2W1w1WwB1/3w1bw1b/1wWwb1b1/wwwb3/bBb1 w move - 0:0 0 standard",
    "bbb1/b1bb3/bbwB4/bb4b2/bwwbwww3/1wBB1W1w1/1bw1WB2w1/WW6W/8/4B2/4 w move - 0:0 0 standard",
    "4/5WB/1w2w3/6W2/4b2w2/2wBwB3/1WbbbW4/1bWwbwww1/Bbbbb3/1bbBb2/bw2 w move - 0:0 0 standard",
    "3b/2B1bww/4W1WB/2w3wbb/1w2WwB1b1/Wb1w4B/1bw1b5/Wb4w2/bb1wb3/Bw2b2/4 w move - 0:0 0 standard",
    "4/2w2W1/2Bb4/4w4/3B2BW2/6bw1/2W1w2WB1/5bw1b/1w4b1/Wb5/B3 w move - 0:0 0 standard",
    "3b/2b1bww/4W1WB/2w3wbb/Wbbwwbb1b1/ww1wWB2B/bwbbbB4/bw1w2w2/wwBbb3/bbb1b2/W3 w move - 0:0 0 standard",
]
SEARCH_DEPTH = 6
SEARCH_HASH_MB = 16
SEARCH_THREADS = 2
MCTS_PLAYOUTS = 2000
MCTS_SEED = 2026


def _kind() -> Any:
    from yinsh import games
    return games.get("yinsh")


def run(print_fn: Callable[[str], None] = print) -> None:
    """Runs the parts (``yinsh.engine.bench.run`` with these positions),
    printing a line per position as it goes, then the signature: ``Nodes
    searched`` is the perft leaves plus the one-thread search nodes (both
    deterministic), like Stockfish's bench."""
    runner.run(_kind(), print_fn)


def run_perft(print_fn: Callable[[str], None] = print) -> tuple[int, float]:
    """perft of POSITIONS; returns (leaves, seconds)."""
    return runner.perft_part(_kind(), print_fn)


def run_playouts(print_fn: Callable[[str], None] = print) -> float:
    """PLAYOUT_GAMES random games from the empty board; returns games/s."""
    return runner.playouts_part(_kind(), print_fn)


def run_search(print_fn: Callable[[str], None] = print, depth: int = SEARCH_DEPTH,
               threads: int = 1, label: str = "Search") -> tuple[int, float]:
    """Searches SEARCH_POSITIONS to depth with a fresh SEARCH_HASH_MB table
    each; returns (nodes, seconds). With one thread the node count is a
    signature of the search.

    >>> nodes, seconds = run_search(lambda line: None, depth=2)
    >>> nodes > 0
    True
    """
    return runner.search_part(_kind(), print_fn, depth, threads, label)


def run_mcts(print_fn: Callable[[str], None] = print, playouts: int = MCTS_PLAYOUTS) -> tuple[int, float]:
    """MCTS from SEARCH_POSITIONS, playouts each (seeded: the trees and
    best moves are reproducible); returns (playouts, seconds).

    >>> run_mcts(lambda line: None, playouts=20)[0]
    120
    """
    return runner.mcts_part(_kind(), print_fn, playouts)
