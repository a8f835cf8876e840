"""Ludo benchmarks, grouped per operation; each asserts what it computed.
The `reference` variants time the pure-Python oracle on the same work (run
with --reference), so the ratio of a group's rows is the speed-up.

Targets (issue 12): random 4-player games >= 20,000 games/s on one thread;
perft >= 300x the reference on the same work; push/pop from Python
>= 1,000,000 actions/s."""
import random

import pytest

from yinsh import ludo
from reference import ludo_ref

PLAYOUTS = 2000
MIDGAME_MOVES = ("r2 r5 r1 r3 r1 r4 r4 r4 r6 r4 s-4 r1 r4 r1 r4 4-8 r5 r1 r6 r4 s-43 r6 r2 8-16 r3 r1 r1 "
                 "43-44 r6 r5 16-27 r4 r6 r2 s-28 r6 r1 44-51 r4 27-31 r5 r2 28-30 r2 51-1 r4 31-35 r1 r4 "
                 "30-34 r2 1-3 r1 35-36 r6 r6 r5 s-24 r5 34-39 r3 3-6 r5 36-41 r5 24-29 r5 39-44 r4 6-10 "
                 "r6 r4 s-4 r6 r2 s-15 r5 44-49 r1 10-11 r6 r5 4-15 r2 29-31 r3 49-0 r6 r1 s-40 r1 41-42 "
                 "r6 r5 s-18 r6 r2 0-8 r5 40-45 r1 15-16 r5 18-23 r4 8-12 r5 11-16 r4 42-46 r6 r5 s-18 r6 "
                 "r1 s-27 r6 r5 45-4 r5").split()          # ludo-mid-4 of tests/data/ludo.perft


def _boards(n=200, seed=1):
    """Positions of random 4-player games at random plies (all phases)."""
    rng = random.Random(seed)
    boards = []
    for _ in range(n):
        board = ludo.Board()
        for _ in range(rng.randrange(0, 600)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            board.clear_stack()
            boards.append(board)
    return boards


BOARDS = _boards()
MOVES = [(b, list(b.legal_moves)) for b in BOARDS]
ACTIONS_PER_PASS = sum(len(m) for _, m in MOVES)


def midgame() -> ludo.Board:
    board = ludo.Board()
    for text in MIDGAME_MOVES:
        board.push_str(text)
    return board


# Random playouts ----------------------------------------------------------------

@pytest.mark.benchmark(group="ludo-playouts")
def test_random_playouts_4_players_core(benchmark):
    stats = benchmark(ludo.random_playouts, PLAYOUTS, seed=7)
    assert stats.games == PLAYOUTS == sum(stats.wins.values())


@pytest.mark.benchmark(group="ludo-playouts")
def test_random_playouts_2_players_core(benchmark):
    stats = benchmark(ludo.random_playouts, PLAYOUTS, seed=7, players=2)
    assert stats.games == PLAYOUTS == sum(stats.wins.values())


@pytest.mark.benchmark(group="ludo-playouts")
@pytest.mark.reference
def test_random_playouts_4_players_reference(benchmark):
    games = benchmark.pedantic(lambda: [ludo_ref.random_game(seed, 4) for seed in range(PLAYOUTS // 20)],
                               rounds=1)
    assert len(games) == PLAYOUTS // 20          # a twentieth of the games: scale the time by 20


# perft ------------------------------------------------------------------------

@pytest.mark.benchmark(group="ludo-perft-7")
def test_perft7_start_core(benchmark):
    assert benchmark(ludo.perft, ludo.Board(), 7) == 144211


@pytest.mark.benchmark(group="ludo-perft-7")
@pytest.mark.reference
def test_perft7_start_reference(benchmark):
    game = ludo_ref.new_game(4)
    assert benchmark.pedantic(ludo_ref.perft, (game, 7), rounds=1) == 144211


@pytest.mark.benchmark(group="ludo-perft-9")
def test_perft9_midgame_core(benchmark):
    assert benchmark(ludo.perft, midgame(), 9) == 73327


@pytest.mark.benchmark(group="ludo-perft-9")
@pytest.mark.reference
def test_perft9_midgame_reference(benchmark):
    game = ludo_ref.replay(MIDGAME_MOVES, 4)
    assert benchmark.pedantic(ludo_ref.perft, (game, 9), rounds=1) == 73327


@pytest.mark.benchmark(group="ludo-perft-12")
def test_perft12_start_core(benchmark):
    assert benchmark.pedantic(ludo.perft, (ludo.Board(), 12), rounds=3) == 503559911


# Push / pop from Python -----------------------------------------------------------

@pytest.mark.benchmark(group="ludo-push-pop")
def test_push_pop_python_layer(benchmark):
    def run():
        n = 0
        for board, moves in MOVES:
            for move in moves:
                board.push(move)
                board.pop()
                n += 1
        return n
    assert benchmark(run) == ACTIONS_PER_PASS


@pytest.mark.benchmark(group="ludo-push-pop")
def test_push_str_pop_python_layer(benchmark):
    texts = [(board, [str(m) for m in moves]) for board, moves in MOVES]

    def run():
        n = 0
        for board, moves in texts:
            for text in moves:
                board.push_str(text)
                board.pop()
                n += 1
        return n
    assert benchmark(run) == ACTIONS_PER_PASS


@pytest.mark.benchmark(group="ludo-push-pop")
@pytest.mark.reference
def test_apply_reference(benchmark):
    games = [ludo_ref.parse_position(b.position()) for b in BOARDS]

    def run():
        n = 0
        for game in games:
            for action in game.legal_actions():
                child = game.copy()
                child.apply(action)
                n += 1
        return n
    assert benchmark(run) == ACTIONS_PER_PASS


# Python API layer -------------------------------------------------------------------

@pytest.mark.benchmark(group="ludo-python-api")
def test_iterate_legal_moves(benchmark):
    assert benchmark(lambda: sum(1 for b in BOARDS for _ in b.legal_moves)) == ACTIONS_PER_PASS


@pytest.mark.benchmark(group="ludo-python-api")
def test_position_round_trip(benchmark):
    assert benchmark(lambda: [ludo.Board(b.position()).position() for b in BOARDS]) == \
        [b.position() for b in BOARDS]


# Engine layer and machine learning ------------------------------------------

BATCH = 256
BATCH_CALLS = 100


@pytest.mark.benchmark(group="ludo-batch")
def test_batch_random_steps(benchmark):
    """BatchGames(256, players=4).step_random(auto_reset=True), 100 calls a
    round: game steps/s = 25,600 / the mean time (a step is a player's move
    and the throws up to the next move phase)."""
    games = ludo.BatchGames(BATCH, players=4, seed=1)

    def run():
        for _ in range(BATCH_CALLS):
            games.step_random(auto_reset=True)
        return int(games.plies.sum())

    assert benchmark(run) > 0
    benchmark.extra_info["steps_per_second"] = BATCH * BATCH_CALLS / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ludo-batch")
def test_batch_policy_steps(benchmark):
    """Masks, a numpy argmax over random scores and the checked step(), 100
    calls a round, 256 games."""
    import numpy as np
    games = ludo.BatchGames(BATCH, players=4, seed=2)
    rng = np.random.default_rng(0)
    masks = np.empty((BATCH, ludo.NUM_ACTIONS), np.bool_)

    def run():
        for _ in range(BATCH_CALLS):
            if games.done.any():
                games.reset()
            games.legal_action_masks(out=masks)
            games.step(np.argmax(np.where(masks, rng.random(masks.shape), -1.0), axis=1))
        return int(games.plies.sum())

    assert benchmark(run) > 0
    benchmark.extra_info["steps_per_second"] = BATCH * BATCH_CALLS / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ludo-batch")
def test_batch_planes(benchmark):
    """BatchGames(256).planes(out=...), 100 calls a round."""
    import numpy as np
    games = ludo.BatchGames(BATCH, players=4, seed=3)
    for _ in range(50):
        games.step_random(auto_reset=True)
    out = np.empty((BATCH, ludo.NUM_PLANES, 58), np.float32)

    def run():
        for _ in range(BATCH_CALLS):
            games.planes(out=out)
        return float(out.sum())

    assert benchmark(run) > 0
    benchmark.extra_info["planes_per_second"] = BATCH * BATCH_CALLS / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ludo-mcts")
def test_mcts_playouts(benchmark):
    """The MCTS from the midgame, 2,000 playouts (nodes) a round."""
    import yinsh
    board = midgame()
    while board.is_chance():
        board.push_str("r3")
    engine = yinsh.Engine(algorithm="mcts")
    result = benchmark(lambda: engine.analyse(board, nodes=2000))
    assert result.best_move in board.legal_moves
