"""Insert's learned evaluation (yinsh.insert._search_learned, yinsh.nn for Insert).

- Insert's features (yinsh.insert.features) read the board right, and
  their images under the 8 symmetries are the features of the turned board.
- The compiled forward pass equals yinsh.nn.reference's score, bit for bit,
  on 10,000 positions of random games on random layouts, for seeded random
  networks (weights large enough to hit every clamp) and the packaged one.
- The accumulators updated incrementally by copy-make (placements, flips,
  the allowed squares changing hands) equal a refresh from scratch along
  random walks, to the end of games.
- A Yinsh network refuses to evaluate Insert and the other way round
  (NetworkGameError, a ValueError), in yinsh.nn and in the engine.
- Engine(evaluation="learned") plays Insert; the command line and match
  specs take it; the data builder and the trainer run on Insert self-play.
"""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

import yinsh
from yinsh import insert
from yinsh.insert import _search_learned as learned
from yinsh.yinsh import _search_learned as yinsh_learned
from yinsh.insert.symmetries import NUM_SYMMETRIES, transform_board
from yinsh.insert import features as F
from yinsh.engine import network as nn_network
from yinsh.nn import reference
from yinsh.nn.games import nn_game

from helpers import check_compiled_equals_reference, compiled_scores, game_positions
from test_nnue import NETWORKS

PACKAGED = os.path.join(os.path.dirname(insert.__file__), "insert.nnue")
YINSH_PACKAGED = os.path.join(os.path.dirname(yinsh.yinsh.__file__), "yinsh.nnue")


def random_positions(count: int, seed: int) -> list[insert.Board]:
    """count positions (none finished) of random games on random layouts."""
    return game_positions(lambda rng: insert.Board.random(rng.randrange(2**63)), count, seed)


@pytest.fixture(scope="module")
def positions() -> list[insert.Board]:
    boards = random_positions(10_000, 28)
    assert len({b.layout for b in boards}) > 300
    assert {len(b.allowed_line()) for b in boards} >= {1, 36}    # a full line frees every square
    return boards


@pytest.fixture(scope="module")
def inputs(positions):
    return reference.features_batch(positions)


# The features -------------------------------------------------------------------

def test_features_of_a_position():
    board = insert.Board(layout=0)
    for text in ("c3", "c5", "d5"):
        board.push_str(text)
    white, red = F.active_features(board)
    assert board.turn == insert.Color.RED
    rings_w, rings_r = board.rings(insert.Color.WHITE), board.rings(insert.Color.RED)
    marks = "vhud"
    for own, opp, active, to_place in ((rings_w, rings_r, white, False), (rings_r, rings_w, red, True)):
        expected = {F.RING_OWN + s for s in own} | {F.RING_OPP + s for s in opp}
        base = F.ALLOWED_OWN if to_place else F.ALLOWED_OPP
        expected |= {base + s for s in board.allowed_line()}
        expected |= {F.MARKS + 4 * s + marks.index(board.mark(s)) for s in range(36)}
        assert active == sorted(expected)
    assert max(len(a) for b in random_positions(300, 3) for a in F.active_features(b)) <= F.MAX_ACTIVE


def test_features_refuse_finished_games_and_other_boards():
    board = random_positions(1, 1)[0]
    while not board.is_game_over():
        board.push(next(iter(board.legal_moves)))
    with pytest.raises(ValueError, match="over"):
        F.active_features(board)
    with pytest.raises(TypeError):
        F.active_features(yinsh.Board())
    with pytest.raises(ValueError, match="several games"):
        reference.features_batch([insert.Board(), yinsh.Board()])


def test_transformed_features_are_the_turned_boards():
    maps = nn_game("insert").feature_maps
    assert maps.shape == (NUM_SYMMETRIES, F.FEATURES + 1) and (maps[:, F.PAD] == F.PAD).all()
    for board in random_positions(200, 7)[::9]:
        for k in range(NUM_SYMMETRIES):
            turned = F.active_features(transform_board(k, board))
            for c in (0, 1):
                assert sorted(maps[k, F.active_features(board)[c]].tolist()) == turned[c]


# The compiled forward pass ----------------------------------------------------------

@pytest.mark.parametrize("seed, scale", NETWORKS)
def test_compiled_evaluation_equals_the_reference(positions, inputs, seed, scale):
    check_compiled_equals_reference(learned, nn_network.random_network(seed, scale, game="insert"), positions, inputs)


def test_large_networks_reach_the_clamps(inputs):
    net = nn_network.random_network(4, 100.0, game="insert")
    acc = reference.accumulators_batch(net, inputs[0][:2000])
    assert (acc < 0).any() and (acc > 127).any()


def test_the_packaged_network_and_the_module_functions(positions, inputs):
    net = nn_network.load(PACKAGED, game="insert")
    assert net.game == "insert" and net.meta["data_hash"] and net.meta["command"]
    expected = reference.evaluate_batch(net, inputs)
    assert (compiled_scores(learned, None, positions) == expected).all()
    for board, score in zip(positions[:300], expected[:300]):
        assert learned.evaluate_board(board) == score
        assert learned.evaluate_board(board, 1 - int(board.turn)) == -score


# The incremental accumulators ---------------------------------------------------------

@pytest.mark.parametrize("seed, scale", [(1, 1.0), (4, 100.0)])
def test_incremental_accumulators_equal_a_refresh(seed, scale):
    net = nn_network.random_network(seed, scale, game="insert")
    starts = [insert.Board(layout=0), insert.Board.random(5)] + random_positions(400, 11)[::40]
    total = 0
    for i, board in enumerate(starts):
        for walk_seed in range(3):
            total += learned.accumulator_walk(board, 1000 * i + walk_seed, 3000, net)
    assert total == len(starts) * 3 * 3000


def test_walks_reach_the_end_of_games():
    net = nn_network.random_network(2, 8.0, game="insert")
    rng = random.Random(9)
    for n in range(20):
        board = insert.Board.random(n)
        line = []
        while not board.is_game_over():
            line.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
        assert learned.accumulator_walk(line[-1], n, 40, net) == 40     # the ending action
    with pytest.raises(ValueError, match="over"):
        learned.accumulator_walk(board, 1, 10, net)
    with pytest.raises(TypeError):
        learned.accumulator_walk(yinsh.Board(), 1, 10, net)


# One game's network for the other game -------------------------------------------------

def test_a_network_of_the_other_game_is_refused(tmp_path):
    yinsh_net = nn_network.random_network(1)
    insert_net = nn_network.random_network(1, game="insert")
    assert issubclass(nn_network.NetworkGameError, nn_network.NetworkError)
    assert issubclass(nn_network.NetworkGameError, ValueError)
    with pytest.raises(nn_network.NetworkGameError, match="a network of yinsh, not of insert"):
        learned.AlphaBeta(hash_mb=0, network=yinsh_net)
    with pytest.raises(nn_network.NetworkGameError, match="a network of yinsh, not of insert"):
        learned.AlphaBeta(hash_mb=0, network=YINSH_PACKAGED)
    with pytest.raises(nn_network.NetworkGameError, match="a network of insert, not of yinsh"):
        yinsh_learned.AlphaBeta(hash_mb=0, network=insert_net)
    path = tmp_path / "insert.nnue"
    nn_network.save(insert_net, path)
    with pytest.raises(nn_network.NetworkGameError):
        nn_network.load(path, game="yinsh")
    assert nn_network.load(path) == insert_net                # no game asked: any game's
    with pytest.raises(nn_network.NetworkGameError):
        reference.evaluate(yinsh_net, insert.Board())
    with pytest.raises(nn_network.NetworkGameError):
        yinsh.Engine(evaluation="learned", network=path).analyse(yinsh.Board(), depth=1)
    with pytest.raises(nn_network.NetworkGameError):
        yinsh.Engine(evaluation="learned", network=YINSH_PACKAGED).analyse(insert.Board(), depth=1)
    mixed = nn_network.random_network(1, game="insert")
    mixed.meta["game"] = "yinsh"                              # shapes of Insert, meta of Yinsh
    with pytest.raises(nn_network.NetworkError, match="features"):
        nn_network.check(mixed)


# The engine, the command line, matches -----------------------------------------------

def test_learned_engine_plays_insert_to_the_end():
    for seed, algorithm in [(1, "alphabeta"), (2, "mcts")]:
        engine = yinsh.Engine(hash_mb=2, algorithm=algorithm, evaluation="learned")
        board = insert.Board.random(seed)
        while not board.is_game_over():
            limit = {"nodes": 60} if algorithm == "mcts" else {"depth": 3}
            analysis = engine.analyse(board, **limit)
            assert analysis.best_move in board.legal_moves
            board.push(analysis.best_move)
        assert board.result() in ("1-0", "0-1", "1/2-1/2")
    names = {p.name for p in yinsh.Engine(evaluation="learned").params(insert.Board)}
    assert {"order_win", "order_block", "order_gift", "order_flip", "value_scale"} <= names
    assert not names & {"ring", "threat", "three", "flip", "group"}


def test_cli_and_match_take_insert_learned(capsys):
    from yinsh.cli import main
    assert main(["analyse", "--game", "insert", "--evaluation", "learned", "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("bestmove ")
    assert main(["analyse", "--game", "insert", "--evaluation", "learned", "--network",
                 YINSH_PACKAGED, "--depth", "2"]) == 2
    assert "a network of yinsh, not of insert" in capsys.readouterr().err
    assert main(["match", "--game", "insert", "engine:depth=2,evaluation=learned", "engine:depth=2",
                 "--games", "2"]) == 0
    assert "W/D/L (A)" in capsys.readouterr().out
    assert main(["match", "--game", "insert", f"engine:depth=1,evaluation=learned,network={YINSH_PACKAGED}",
                 "random"]) == 2
    assert "a network of yinsh, not of insert" in capsys.readouterr().err


# The data builder and the trainer on Insert self-play -----------------------------------

def test_data_and_training_on_insert_selfplay(tmp_path):
    pytest.importorskip("jax")
    from yinsh.distributed.selfplay import selfplay
    from yinsh.nn import data as D
    from yinsh.nn.config import TrainConfig
    from yinsh.nn.train import train
    shards = tmp_path / "sp"
    selfplay("insert", 12, "alphabeta:depth=2", shards, seed=3)
    data = D.build([shards])
    assert data.meta["game"] == "insert" and data.meta["games"] == 12
    assert data.features.shape[2] <= F.MAX_ACTIVE and data.features.max() <= F.PAD
    assert len(data) > 100 and data.count.sum() == data.meta["occurrences"]
    digest = D.save(data, tmp_path / "data.npz")
    assert D.load(tmp_path / "data.npz").meta["game"] == "insert" and len(digest) == 64
    out = tmp_path / "train"
    report = train(TrainConfig(inputs=(str(tmp_path / "data.npz"),), out=str(out), epochs=2,
                               batch_size=64, validation=0.2))
    assert report.complete and report.network == str(out / "insert.nnue")
    net = nn_network.load(report.network, game="insert")
    assert net.meta["data_hash"] == digest and net.meta["positions"] == report.positions
    assert np.isfinite(report.train_losses).all() and report.train_losses[-1] < report.train_losses[0] + 0.05
    # the exported network is the one the engine evaluates with
    boards = random_positions(50, 4)
    assert (compiled_scores(learned, report.network, boards)
            == reference.evaluate_batch(net, reference.features_batch(boards))).all()
