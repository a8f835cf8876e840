"""Yinsh's evaluation terms (src/yinsh/_hooks.pxd) against a count written
point by point in Python, on positions of random games: the bit-parallel
windows (shifts along three axes, edges of the board) must find exactly the
windows of the definition."""
from __future__ import annotations

import random

import pytest

import yinsh
from yinsh.geometry import NUM_DIRECTIONS, POINTS, ray

WEIGHTS = ("ring", "threat", "jump", "flip", "three", "marker", "mobility", "placing", "tempo")


def term_engine(term: str) -> yinsh.Engine:
    """An engine whose evaluation is that one term, weight 1."""
    engine = yinsh.Engine(hash_mb=0)
    engine.configure(yinsh.Board, **{w: int(w == term) for w in WEIGHTS})
    return engine


def jump_windows(board: yinsh.Board, side: int) -> int:
    """Windows of 5 points, read in the direction of a jump: own markers,
    then an own ring, then the other's markers up to the window's end, and
    the point after the window empty (the ring jumps there, flipping them:
    five own markers)."""
    own = set(board.markers(side))
    other = set(board.markers(1 - side))
    rings = set(board.rings(side))
    taken = own | other | set(board.rings(0)) | set(board.rings(1))
    count = 0
    for start in POINTS:
        for d in range(NUM_DIRECTIONS):
            after = ray(start, d)
            if len(after) < 5 or after[4] in taken:
                continue
            window = (start,) + after[:4]
            for k in range(4):
                if (window[k] in rings and all(q in own for q in window[:k])
                        and all(q in other for q in window[k + 1:])):
                    count += 1
    return count


def movement_positions(games: int, seed: int) -> list[yinsh.Board]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        board = yinsh.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            if board.phase.name == "MOVE" and not board.is_game_over():
                found.append(board.copy())
    return found


@pytest.fixture(scope="module")
def positions() -> list[yinsh.Board]:
    return movement_positions(12, seed=2026)


def test_jump_term_counts_the_jump_windows(positions: list[yinsh.Board]) -> None:
    searcher = term_engine("jump").searcher(yinsh.Board())
    seen = 0
    for board in positions:
        us = int(board.turn)
        expected = jump_windows(board, us) - jump_windows(board, 1 - us)
        assert searcher.evaluate(board) == expected, board.position()
        seen += expected != 0
    assert seen > 20                           # the random games do make such windows
