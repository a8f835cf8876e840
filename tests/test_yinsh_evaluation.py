"""Yinsh's evaluation terms (src/yinsh/yinsh/_hooks.pxd) against a count written
point by point in Python, on positions of random games: the bit-parallel
windows (shifts along three axes, edges of the board) must find exactly the
windows of the definition."""
from __future__ import annotations

import random
from typing import Callable

import pytest

import yinsh
from yinsh.yinsh.geometry import NUM_DIRECTIONS, POINTS, ray

WEIGHTS = ("ring", "threat", "jump", "live", "secure", "flip", "three", "marker", "mobility", "placing", "tempo")


def term_engine(term: str) -> yinsh.Engine:
    """An engine whose evaluation is that one term, weight 1."""
    engine = yinsh.Engine(hash_mb=0, evaluation="classic")
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


def jumps(board: yinsh.Board, side: int) -> dict[tuple[int, int], set[int]]:
    """The markers each move of side's rings jumps, by (ring, direction):
    slide over empty points, then a run of markers, and the point right
    after the run empty (a direction has one such move at most)."""
    markers = set(board.markers(0)) | set(board.markers(1))
    rings = set(board.rings(0)) | set(board.rings(1))
    found = {}
    for ring in board.rings(side):
        for d in range(NUM_DIRECTIONS):
            after = list(ray(ring, d))
            while after and after[0] not in markers and after[0] not in rings:
                after.pop(0)                   # the ring slides over empty points
            run = []
            while after and after[0] in markers:
                run.append(after.pop(0))
            if run and after and after[0] not in rings:
                found[ring, d] = set(run)      # it lands right after the run
    return found


def jumped_markers(board: yinsh.Board, side: int) -> dict[int, set[int]]:
    """For each axis (direction % 3), the markers some move of side's rings
    along it jumps."""
    jumped: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    for (_, d), run in jumps(board, side).items():
        jumped[d % 3].update(run)
    return jumped


def windows(start: int, d: int) -> tuple[int, ...] | None:
    after = ray(start, d)
    return (start,) + after[:4] if len(after) >= 4 else None


def live_flips(board: yinsh.Board, side: int) -> int:
    """Windows of 5 points in a line with 4 of side's markers and one of the
    other's that a ring of side can jump moving across the window's line."""
    own = set(board.markers(side))
    other = set(board.markers(1 - side))
    jumped = jumped_markers(board, side)
    count = 0
    for start in POINTS:
        for d in range(3):
            window = windows(start, d)
            if window is None:
                continue
            theirs = [q for q in window if q in other]
            if (len(theirs) == 1 and sum(q in own for q in window) == 4
                    and any(theirs[0] in jumped[a] for a in range(3) if a != d)):
                count += 1
    return count


def threats(board: yinsh.Board, side: int) -> list[set[int]]:
    """The markers of each of side's threats: windows of 5 points in a line
    with 4 of its markers and one of its rings."""
    own = set(board.markers(side))
    rings = set(board.rings(side))
    return [set(w) & own for start in POINTS for d in range(3)
            if (w := windows(start, d)) is not None
            and sum(q in own for q in w) == 4 and any(q in rings for q in w)]


def unstoppable(board: yinsh.Board, side: int) -> bool:
    """side holds threats, and no move of the other side jumps a marker of
    every one of them."""
    held = threats(board, side)
    return bool(held) and not any(all(run & t for t in held) for run in jumps(board, 1 - side).values())


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


@pytest.mark.parametrize("term, count", [("jump", jump_windows), ("live", live_flips)])
def test_window_terms_count_their_windows(positions: list[yinsh.Board], term: str,
                                          count: Callable[[yinsh.Board, int], int]) -> None:
    searcher = term_engine(term).searcher(yinsh.Board())
    seen = 0
    for board in positions:
        us = int(board.turn)
        expected = count(board, us) - count(board, 1 - us)
        assert searcher.evaluate(board) == expected, board.position()
        seen += expected != 0
    assert seen > 20                           # the random games do make such windows


def test_secure_term_finds_threats_the_side_to_act_cannot_all_break(positions: list[yinsh.Board]) -> None:
    searcher = term_engine("secure").searcher(yinsh.Board())
    seen = 0
    for board in positions:
        us = int(board.turn)
        # with the jump and live weights at 0, only threats give a row next move
        expected = -int(unstoppable(board, 1 - us) and not threats(board, us))
        assert searcher.evaluate(board) == expected, board.position()
        seen += expected != 0
    assert seen > 5


@pytest.mark.parametrize("tunable", ["order_late", "order_exact"])
def test_ordering_terms_change_the_tree_not_the_value(tunable: str) -> None:
    # without late-move pruning, a search to depth 4 reduces nothing (late-move
    # reductions start 2 plies below the root, at 3 plies from the leaves),
    # so its score is the minimax value whatever the order of the moves
    changed = 0
    for board in movement_positions(3, seed=5)[::25][:8]:
        results = []
        for value in (0, 1):
            engine = yinsh.Engine(hash_mb=16, evaluation="classic")
            engine.configure(yinsh.Board, lmp_depth=0, **{tunable: value})
            results.append(engine.analyse(board, depth=4))
        assert results[0].score == results[1].score, board.position()
        changed += results[0].nodes != results[1].nodes
    assert changed >= 2
