"""Core and Python-layer benchmarks, grouped per operation; each asserts
what it computed. The `reference` variants time the pure-Python oracle on the
same work (run with --reference), so the ratio column of a group is the
speed-up."""
import sys
from pathlib import Path

import pytest

import yinsh
from yinsh.yinsh import _bench
from yinsh.yinsh.bench import POSITIONS

from reference import RefGame
from reference import perft as reference_perft

BOARDS = [p.board() for p in POSITIONS]
MOVES_PER_PASS = sum(b.legal_moves.count() for b in BOARDS)
PERFT = {p.name: p for p in POSITIONS}
PLACED = PERFT["placed (engine comparison)"]
MIDGAME = PERFT["midgame, ply 31"]
PLAYOUTS = 200
REPEAT = 20    # passes over the positions per call, for core and reference alike


def reference_game(bench) -> RefGame:
    game = RefGame(bench.variant)
    for text in bench.moves.split():
        game.apply(text)
    return game


# Move generation ------------------------------------------------------------

@pytest.mark.benchmark(group="movegen")
def test_movegen_core(benchmark):
    assert benchmark(_bench.movegen, BOARDS, REPEAT) == REPEAT * MOVES_PER_PASS


@pytest.mark.benchmark(group="movegen")
@pytest.mark.reference
def test_movegen_reference(benchmark):
    games = [reference_game(p) for p in POSITIONS]
    # _generate, not legal_actions: the latter caches its answer.
    total = benchmark(lambda: sum(len(g._generate()) for _ in range(REPEAT) for g in games))
    assert total == REPEAT * MOVES_PER_PASS


# Apply / undo -----------------------------------------------------------------

@pytest.mark.benchmark(group="apply-undo")
def test_make_core(benchmark):
    assert benchmark(_bench.make_all, BOARDS, REPEAT) == REPEAT * MOVES_PER_PASS


@pytest.mark.benchmark(group="apply-undo")
def test_push_pop_python_layer(benchmark):
    def run():
        n = 0
        for _ in range(REPEAT):
            for board in BOARDS:
                for move in board.legal_moves:
                    board.push(move)
                    board.pop()
                    n += 1
        return n
    assert benchmark(run) == REPEAT * MOVES_PER_PASS


@pytest.mark.benchmark(group="apply-undo")
@pytest.mark.reference
def test_apply_reference(benchmark):
    games = [reference_game(p) for p in POSITIONS]

    def run():
        n = 0
        for _ in range(REPEAT):
            for game in games:
                for action in game.legal_actions():
                    child = game.copy()
                    child.apply(action)
                    n += 1
        return n
    assert benchmark(run) == REPEAT * MOVES_PER_PASS


# Row detection ----------------------------------------------------------------

@pytest.mark.benchmark(group="rows")
def test_row_detection_core(benchmark):
    found = benchmark(_bench.row_detection, BOARDS, REPEAT)
    assert found == REPEAT * sum(b.phase == "remove_row" for b in BOARDS)


# perft ------------------------------------------------------------------------

@pytest.mark.benchmark(group="perft-3")
def test_perft3_core(benchmark):
    assert benchmark(yinsh.perft, PLACED.board(), 3) == 435718


@pytest.mark.benchmark(group="perft-3")
@pytest.mark.reference
def test_perft3_reference(benchmark):
    game = reference_game(PLACED)
    assert benchmark.pedantic(reference_perft, (game, 3), rounds=1) == 435718


@pytest.mark.benchmark(group="perft-4")
def test_perft4_core(benchmark):
    assert benchmark(yinsh.perft, PLACED.board(), 4) == 30844344


@pytest.mark.benchmark(group="perft-4")
def test_perft4_midgame_core(benchmark):
    assert benchmark(yinsh.perft, MIDGAME.board(), 4) == 1737665


@pytest.mark.benchmark(group="perft-4")
@pytest.mark.reference
def test_perft4_midgame_reference(benchmark):
    game = reference_game(MIDGAME)
    assert benchmark.pedantic(reference_perft, (game, 4), rounds=1) == 1737665


# Random playouts ----------------------------------------------------------------

@pytest.mark.benchmark(group="playouts")
def test_random_playouts_core(benchmark):
    stats = benchmark(yinsh.random_playouts, PLAYOUTS, seed=7)
    assert stats.games == PLAYOUTS and stats.white_wins + stats.black_wins + stats.draws == PLAYOUTS


@pytest.mark.benchmark(group="playouts")
@pytest.mark.reference
def test_random_playouts_reference(benchmark):
    from reference import random_game
    games = benchmark.pedantic(lambda: [random_game(seed) for seed in range(PLAYOUTS)], rounds=1)
    assert len(games) == PLAYOUTS


# Python API layer ---------------------------------------------------------------

@pytest.mark.benchmark(group="python-api")
def test_iterate_legal_moves(benchmark):
    assert benchmark(lambda: sum(1 for b in BOARDS for _ in b.legal_moves)) == MOVES_PER_PASS


@pytest.mark.benchmark(group="python-api")
def test_push_str(benchmark):
    board = BOARDS[2]
    texts = [str(m) for m in board.legal_moves]

    def run():
        for text in texts:
            board.push_str(text)
            board.pop()
        return len(texts)
    assert benchmark(run) == len(texts)


@pytest.mark.benchmark(group="python-api")
def test_position_round_trip(benchmark):
    def run():
        return [yinsh.Board(b.position()).position() for b in BOARDS]
    assert benchmark(run) == [b.position() for b in BOARDS]


# benchmarks/core_rates.py ----------------------------------------------------

def test_core_rates_lines_read_back():
    """The script's lines (ours, and another engine's of the same form) are
    read back into rates; a round checks its perft counts."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import core_rates
    lines = core_rates.our_round([3], 20, 1)
    rates = core_rates.rates(lines + ["  ours  perft 4  30844344 leaves  cpu 0.020 s  wall 0.030 s  x"])
    assert lines[0].startswith("perft 3  435718 leaves  cpu ") and lines[1].startswith("playouts  20 games")
    assert set(rates) == {"perft 3", "perft 4", "playouts"}
    assert rates["perft 4"] == pytest.approx(30844344 / 0.020)
