"""Benchmarks of the machine-learning interface (docs/ml.md): batched random
steps, legal action masks and observation planes of ``BatchGames`` with
n = 256 games, one thread. Each asserts what it computed; the game steps (or
planes) per second are in each row's ``extra_info`` and are
``calls_per_round * 256 / mean``.

    python -m pytest benchmarks/test_bench_ml.py --benchmark-enable
"""
import numpy as np
import pytest

import yinsh
from yinsh.yinsh import symmetries

N = 256
CALLS = 100          # batched calls per benchmark round


def _games() -> yinsh.BatchGames:
    games = yinsh.BatchGames(N, seed=2024)
    for _ in range(40):                  # into the movement phase, mixed plies
        games.step_random(auto_reset=True)
    return games


@pytest.mark.benchmark(group="ml-steps")
def test_batch_random_steps(benchmark):
    games = _games()

    def run():
        played = 0
        for _ in range(CALLS):
            actions = games.step_random(auto_reset=True)
            played += int((actions >= 0).sum())
        return played

    played = benchmark(run)
    assert played == CALLS * N                  # auto_reset: every game steps every call
    if benchmark.stats:
        benchmark.extra_info["steps_per_second"] = CALLS * N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ml-steps")
def test_batch_policy_steps(benchmark):
    """The loop of a learner: masks, a numpy choice (the first legal id),
    a checked step; games restart when over."""
    games = _games()

    def run():
        played = 0
        for _ in range(CALLS):
            if games.done.any():
                for i in np.flatnonzero(games.done):
                    games.reset(int(i))
            masks = games.legal_action_masks()
            actions = masks.argmax(axis=1)
            assert masks[np.arange(N), actions].all()
            games.step(actions)
            played += N
        return played

    assert benchmark(run) == CALLS * N
    if benchmark.stats:
        benchmark.extra_info["steps_per_second"] = CALLS * N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ml-masks")
def test_batch_legal_action_masks(benchmark):
    games = _games()
    out = np.empty((N, yinsh.NUM_ACTIONS), np.bool_)

    def run():
        for _ in range(CALLS):
            games.legal_action_masks(out=out)
        return int(out.sum())

    total = benchmark(run)
    assert total == sum(int(games.board(i).legal_action_mask().sum()) for i in range(N))
    if benchmark.stats:
        benchmark.extra_info["masks_per_second"] = CALLS * N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ml-planes")
def test_batch_planes(benchmark):
    games = _games()
    out = np.empty((N, yinsh.yinsh.actions.NUM_PLANES, 11, 11), np.float32)

    def run():
        for _ in range(CALLS):
            games.planes(out=out)
        return out

    planes = benchmark(run)
    assert planes[:, 4].sum() == 85 * N                              # the valid-point plane
    assert planes[:, 0].sum() + planes[:, 1].sum() == sum(
        len(games.board(i).rings(yinsh.WHITE)) + len(games.board(i).rings(yinsh.BLACK)) for i in range(N))
    if benchmark.stats:
        benchmark.extra_info["planes_per_second"] = CALLS * N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ml-planes")
def test_board_planes(benchmark):
    board = _games().board(0)
    out = np.empty((yinsh.yinsh.actions.NUM_PLANES, 11, 11), np.float32)

    def run():
        for _ in range(1000):
            board.planes(out=out)
        return out

    assert (benchmark(run) == board.planes()).all()
    if benchmark.stats:
        benchmark.extra_info["planes_per_second"] = 1000 / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ml-symmetries")
def test_augment_planes_and_masks(benchmark):
    games = _games()
    planes, masks = games.planes(), games.legal_action_masks()

    def run():
        return [(symmetries.transform_planes(k, planes), symmetries.transform_mask(k, masks))
                for k in range(symmetries.NUM_SYMMETRIES)]

    images = benchmark(run)
    assert len(images) == 12 and all(m.sum() == masks.sum() for _, m in images)
    assert all(p.sum() == pytest.approx(planes.sum(), rel=1e-5) for p, _ in images)
