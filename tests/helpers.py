"""Helpers for test positions: hand-built, after the placements, random."""
from __future__ import annotations

import random

import yinsh
from yinsh.yinsh.position import ROWS

# Rings that are out of the way, to fill a side up to 5.
PARKED_WHITE = ["a2", "a3", "a4", "a5", "b1"]
PARKED_BLACK = ["k7", "k8", "k9", "k10", "j11"]


def position(white_rings=(), black_rings=(), white_markers=(), black_markers=(),
             side="w", phase="move", next_side="-", removed="0:0", passes=0,
             variant="standard") -> str:
    """A position string from lists of point names (space-separated strings
    work too)."""
    sets = [s.split() if isinstance(s, str) else list(s)
            for s in (white_rings, black_rings, white_markers, black_markers)]
    bitboards = [sum(1 << yinsh.parse_point(name) for name in names) for names in sets]
    rows = []
    for row in ROWS:
        text, empty = "", 0
        for p in row:
            kind = next((i for i, b in enumerate(bitboards) if b >> p & 1), None)
            if kind is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += "WBwb"[kind]
        rows.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {side} {phase} {next_side} {removed} {passes} {variant}"


def board(white_rings=(), black_rings=(), white_markers=(), black_markers=(), *,
          park=True, **fields) -> yinsh.Board:
    """A Board from point lists; with park=True each side's rings are topped
    up to 5 (minus removed rings) from the parked rings."""
    wr = white_rings.split() if isinstance(white_rings, str) else list(white_rings)
    br = black_rings.split() if isinstance(black_rings, str) else list(black_rings)
    if park:
        removed = [int(x) for x in fields.get("removed", "0:0").split(":")]
        wr += [x for x in PARKED_WHITE if x not in wr][: 5 - removed[0] - len(wr)]
        br += [x for x in PARKED_BLACK if x not in br][: 5 - removed[1] - len(br)]
    return yinsh.Board(position(wr, br, white_markers, black_markers, **fields))


def texts(board: yinsh.Board) -> set[str]:
    """The legal actions of board as text."""
    return {str(m) for m in board.legal_moves}


def names(points) -> set[str]:
    return {yinsh.point_name(p) for p in points}


#: The ten placements of the public perft cross-check (White to move after them).
PLACEMENTS = "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split()


def placed() -> yinsh.Board:
    """The board after PLACEMENTS."""
    b = yinsh.Board()
    for text in PLACEMENTS:
        b.push_str(text)
    return b


def random_board(seed: int, plies: int, variant: str = "standard") -> yinsh.Board:
    """The board after up to plies uniformly random actions (seeded)."""
    rng = random.Random(seed)
    b = yinsh.Board(variant=variant)
    for _ in range(plies):
        moves = list(b.legal_moves)
        if not moves:
            break
        b.push(rng.choice(moves))
    return b


def sigint_default() -> None:
    """``preexec_fn`` of a child that a test sends Ctrl-C: SIGINT back to
    its default action, even when the test runner was started with SIGINT
    ignored (a background job of a shell)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def game_positions(start, count: int, seed: int) -> list:
    """count positions (none finished) of random games, each game from
    start(rng) (a new board), the moves drawn by the same seeded rng."""
    rng = random.Random(seed)
    found: list = []
    while len(found) < count:
        board = start(rng)
        while not board.is_game_over() and len(found) < count:
            found.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
    return found


def compiled_scores(learned, net, boards):
    """The compiled learned evaluation (module learned's ``AlphaBeta`` with
    network net) of each board, as a NumPy array."""
    import numpy as np
    searcher = learned.AlphaBeta(hash_mb=0, network=net)
    return np.array([searcher.evaluate(board) for board in boards], dtype=np.int64)


def check_compiled_equals_reference(learned, net, positions, inputs) -> None:
    """``compiled_scores`` of each position equals the NumPy reference's of
    its inputs, over a real spread of scores."""
    import numpy as np

    from yinsh.nn import reference
    expected = reference.evaluate_batch(net, inputs)
    got = compiled_scores(learned, net, positions)
    wrong = np.flatnonzero(got != expected)
    assert wrong.size == 0, (f"{wrong.size} positions differ, first {positions[wrong[0]].position()}: "
                             f"compiled {got[wrong[0]]}, reference {expected[wrong[0]]}")
    assert len(set(expected.tolist())) > 100                  # a real spread of scores


def assert_gone(pid: int, what: str, seconds: float = 5.0) -> None:
    """Fails (killing it) unless the process pid ends within seconds."""
    import os
    import signal
    import time

    import pytest
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail(f"{what} outlived its parent by {seconds:g} s")
