"""Insert benchmarks (issue 11's targets), grouped per operation; each asserts
what it computed. The `reference` variants time the pure-Python oracle
(tests/reference/insert_ref.py) on the same work (run with --reference), so
a group's ratio column is the speed-up.

Targets: random games from a random layout >= 500,000 games/s on one
thread (insert-playouts: PLAYOUTS / mean); perft >= 300x the reference on
the same tree (insert-perft); push/pop from Python >= 1,000,000 actions/s
(insert-push-pop: PUSH_POP_ACTIONS / mean).
"""
import random

import numpy as np

import pytest

import yinsh
from yinsh import insert
from reference import insert_ref

PLAYOUTS = 100_000
PERFT_DEPTH = 5
PERFT_LAYOUT_0 = 22742           # tests/data/insert.perft, start-layout-0
MID = "WR1W2/W5/R4W/3RW1/3W2/2W3 vhuhvd/dvhudh/hudvdu/uvdvhu/hdvuvd/vhuudh w a4"   # mid-seed-1
MID_PERFT_7 = 6736


def _boards():
    """Positions of random games at every ply from 0 to 25, on random layouts."""
    rng = random.Random(2024)
    boards = []
    for _ in range(40):
        board = insert.Board(layout=rng.randrange(6144))
        plies = rng.randrange(26)
        for _ in range(plies):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            board.clear_stack()
            boards.append(board)
    return boards


BOARDS = _boards()
MOVES = [(board, list(board.legal_moves)) for board in BOARDS]
PUSH_POP_ACTIONS = 10 * sum(len(moves) for _, moves in MOVES)


# Random games --------------------------------------------------------------------

@pytest.mark.benchmark(group="insert-playouts")
def test_random_games_random_layout_core(benchmark):
    stats = benchmark(insert.random_playouts, PLAYOUTS, seed=7, layout="random")
    assert stats.games == PLAYOUTS and stats.white_wins + stats.red_wins + stats.draws == PLAYOUTS


@pytest.mark.benchmark(group="insert-playouts")
@pytest.mark.reference
def test_random_games_random_layout_reference(benchmark):
    games = benchmark.pedantic(lambda: [insert_ref.random_game(s) for s in range(1000)], rounds=1)
    assert len(games) == 1000 and all(g.is_over() for g in games)


# perft ----------------------------------------------------------------------------

@pytest.mark.benchmark(group="insert-perft")
def test_perft5_core(benchmark):
    assert benchmark(insert.perft, insert.Board(), PERFT_DEPTH) == PERFT_LAYOUT_0


@pytest.mark.benchmark(group="insert-perft")
@pytest.mark.reference
def test_perft5_reference(benchmark):
    game = insert_ref.InsertGame(0)
    assert benchmark.pedantic(insert_ref.perft, (game, PERFT_DEPTH), rounds=3) == PERFT_LAYOUT_0


@pytest.mark.benchmark(group="insert-perft-mid")
def test_perft7_midgame_core(benchmark):
    assert benchmark(insert.perft, insert.Board(MID), 7) == MID_PERFT_7


@pytest.mark.benchmark(group="insert-perft-mid")
@pytest.mark.reference
def test_perft7_midgame_reference(benchmark):
    game = insert_ref.InsertGame.from_position(MID)
    assert benchmark.pedantic(insert_ref.perft, (game, 7), rounds=3) == MID_PERFT_7


@pytest.mark.benchmark(group="insert-perft-deep")
def test_perft9_core(benchmark):
    assert benchmark.pedantic(insert.perft, (insert.Board(), 9), rounds=5) == 6874954


# Push / pop from Python ------------------------------------------------------------

@pytest.mark.benchmark(group="insert-push-pop")
def test_push_pop_python(benchmark):
    def run():
        n = 0
        for _ in range(10):
            for board, moves in MOVES:
                for move in moves:
                    board.push(move)
                    board.pop()
                    n += 1
        return n
    assert benchmark(run) == PUSH_POP_ACTIONS


@pytest.mark.benchmark(group="insert-push-pop")
@pytest.mark.reference
def test_apply_reference(benchmark):
    games = [(insert_ref.InsertGame.from_position(b.position()), [str(m) for m in moves])
             for b, moves in MOVES]

    def run():
        n = 0
        for _ in range(10):
            for game, actions in games:
                for action in actions:
                    child = game.copy()
                    child.apply(action)
                    n += 1
        return n
    assert benchmark.pedantic(run, rounds=1) == PUSH_POP_ACTIONS


@pytest.mark.benchmark(group="insert-python-api")
def test_push_str_pop(benchmark):
    board, moves = MOVES[3]
    texts = [str(m) for m in moves]

    def run():
        for text in texts:
            board.push_str(text)
            board.pop()
        return len(texts)
    assert benchmark(run) == len(texts)


@pytest.mark.benchmark(group="insert-python-api")
def test_iterate_legal_moves(benchmark):
    total = sum(len(moves) for _, moves in MOVES)
    assert benchmark(lambda: sum(1 for b in BOARDS for _ in b.legal_moves)) == total


@pytest.mark.benchmark(group="insert-python-api")
def test_position_round_trip(benchmark):
    def run():
        return [insert.Board(b.position()).position() for b in BOARDS]
    assert benchmark(run) == [b.position() for b in BOARDS]


# ---------------------------------------------------------------------------
# Engine and machine learning (issue 11, "Engine and players", "ML").
# ---------------------------------------------------------------------------

BATCH_N = 256
BATCH_CALLS = 100
ENGINE_DEPTH = 8


@pytest.mark.benchmark(group="insert-ml-steps")
def test_insert_batch_random_steps(benchmark):
    """BatchGames.step_random(auto_reset=True) on 256 games (random layouts):
    steps/s in extra_info."""
    games = insert.BatchGames(BATCH_N, seed=1)

    def run():
        played = 0
        for _ in range(BATCH_CALLS):
            played += int((games.step_random(auto_reset=True) >= 0).sum())
        return played

    assert benchmark(run) == BATCH_CALLS * BATCH_N
    if benchmark.stats:
        benchmark.extra_info["steps_per_second"] = BATCH_CALLS * BATCH_N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="insert-ml-steps")
def test_insert_batch_policy_steps(benchmark):
    """The loop of a learner: masks, a numpy choice (the first legal id), a
    checked step; games restart when over."""
    games = insert.BatchGames(BATCH_N, seed=1)
    masks = np.zeros((BATCH_N, insert.NUM_ACTIONS), dtype=np.bool_)

    def run():
        for _ in range(BATCH_CALLS):
            done = games.done
            for i in np.flatnonzero(done):
                games.reset(int(i))
            games.legal_action_masks(out=masks)
            games.step(np.argmax(masks, axis=1))
        return int(games.plies.sum())

    assert benchmark(run) > 0
    if benchmark.stats:
        benchmark.extra_info["steps_per_second"] = BATCH_CALLS * BATCH_N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="insert-ml-planes")
def test_insert_batch_planes(benchmark):
    games = insert.BatchGames(BATCH_N, seed=2)
    for _ in range(10):
        games.step_random(auto_reset=True)
    out = np.zeros((BATCH_N, insert.actions.NUM_PLANES, 6, 6), dtype=np.float32)

    def run():
        for _ in range(BATCH_CALLS):
            games.planes(out=out)
        return float(out[:, 0].sum())

    assert benchmark(run) > 0
    if benchmark.stats:
        benchmark.extra_info["positions_per_second"] = BATCH_CALLS * BATCH_N / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="insert-search")
def test_insert_alphabeta_depth8_empty(benchmark):
    """The alpha-beta to a fixed depth on the empty board of layout 0, one
    thread: nodes/s in extra_info (the node count is deterministic)."""
    engine = yinsh.Engine(hash_mb=16)
    board = insert.Board()

    def run():
        engine.searcher(board).clear()
        return engine.analyse(board, depth=ENGINE_DEPTH)

    analysis = benchmark(run)
    assert analysis.depth == ENGINE_DEPTH and analysis.best_move in board.legal_moves
    if benchmark.stats:
        benchmark.extra_info["nodes"] = analysis.nodes
        benchmark.extra_info["nodes_per_second"] = analysis.nodes / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="insert-search")
def test_insert_mcts_playouts_midgame(benchmark):
    """The MCTS with 20,000 playouts on a midgame position: playouts/s."""
    engine = yinsh.Engine(algorithm="mcts")
    board = insert.Board(MID)

    analysis = benchmark(lambda: engine.analyse(board, nodes=20_000))
    assert analysis.best_move in board.legal_moves
    if benchmark.stats:
        benchmark.extra_info["playouts_per_second"] = 20_000 / benchmark.stats.stats.mean
