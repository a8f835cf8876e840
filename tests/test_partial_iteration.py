"""Out of time or nodes inside an iteration, the alpha-beta plays the best
root move of that unfinished iteration (``partial_move=1``, the default)
rather than the last finished iteration's: a move that has been searched to
the new depth and beat the first move (the previous best) there."""
from __future__ import annotations

import random

import yinsh
from yinsh.yinsh.openings import random_placements


def positions():
    for seed in range(1, 9):
        board = yinsh.Board()
        rng = random.Random(seed)
        random_placements(board, rng)
        for _ in range(10):
            board.push(rng.choice(list(board.legal_moves)))
        yield board


def analyse(board, partial, **limits):
    engine = yinsh.Engine(hash_mb=16)
    engine.configure(partial_move=partial)
    return engine.analyse(board, **limits)


def test_partial_iteration_move():
    changed = confirmed = 0
    for board in positions():
        for nodes in (20000, 40000, 80000, 160000):
            finished, partial = analyse(board, 0, nodes=nodes), analyse(board, 1, nodes=nodes)
            assert partial.nodes == finished.nodes and not finished.partial
            assert finished.best_move == analyse(board, 0, depth=finished.depth).best_move
            assert partial.partial or partial.best_move == finished.best_move
            assert partial.depth == finished.depth + partial.partial
            if partial.best_move != finished.best_move:
                changed += 1
                assert [(line.pv, line.partial) for line in partial.lines] == [(partial.pv, True)]
                assert partial.best_move in board.legal_moves and partial.pv[0] == partial.best_move
                deeper = analyse(board, 0, depth=finished.depth + 1)
                confirmed += partial.best_move == deeper.best_move
    # on these positions the unfinished iteration changes the move in a few
    # cases, and the full search one ply deeper agrees with it
    assert changed >= 2 and confirmed >= 1


def test_a_stop_keeps_the_last_finished_iteration():
    board = next(positions())
    engine = yinsh.Engine(hash_mb=16)
    infos = []

    def on_info(a):
        infos.append(a)
        if a.depth == 4:
            engine.stop()

    done = engine.analyse(board, depth=30, on_info=on_info)
    assert done.depth == infos[-1].depth and done.best_move == infos[-1].best_move


def test_the_last_info_is_the_answer():
    """on_info and an analysis() handle get the unfinished iteration's
    answer last, marked partial, so a front end's last line is the move played."""
    changed = 0
    for board in positions():
        for nodes in (20000, 40000, 80000, 160000):
            infos = []
            done = yinsh.Engine(hash_mb=16).analyse(board, nodes=nodes, on_info=infos.append)
            key = lambda a: (a.pv, a.score, a.depth, a.partial)      # noqa: E731
            assert key(infos[-1]) == key(done)
            assert all(not a.partial for a in infos[:-1])
            with yinsh.Engine(hash_mb=16).analysis(board, nodes=nodes) as handle:
                seen = list(handle)
            assert key(seen[-1]) == key(handle.wait()) == key(done)
            changed += done.partial
    assert changed >= 2
