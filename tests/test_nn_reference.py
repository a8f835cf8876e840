"""yinsh.nn: the features, the network file and the NumPy integer forward pass
(docs/nn.md), on hand-computed cases."""
from __future__ import annotations

import io
import json
import pickle
import random

import numpy as np
import pytest

import yinsh
from yinsh.engine import network as N
from yinsh.nn.features import active_features_batch
from yinsh.yinsh import features as F
from yinsh.nn.reference import (accumulators, accumulators_batch, evaluate, evaluate_batch,
                                features_batch, truncated_score)
from yinsh.yinsh.enums import Phase

from helpers import placed


def zero_network() -> N.Network:
    return N.Network(
        l1_weight=np.zeros((491, 64), np.int16), l1_bias=np.zeros(64, np.int16),
        l2_weight=np.zeros((128, 32), np.int8), l2_bias=np.zeros(32, np.int32),
        l3_weight=np.zeros(32, np.int8), l3_bias=np.array(0, np.int32), meta=N.default_meta())


def pushed(*texts: str) -> yinsh.Board:
    board = yinsh.Board()
    for text in texts:
        board.push_str(text)
    return board


def first_in_phase(phase: Phase, *, removed: int = 0) -> yinsh.Board:
    """The first position of a seeded random game in phase (with a side
    having removed at least `removed` rings), reached by pushing moves."""
    for seed in range(2000):
        rng = random.Random(seed)
        board = yinsh.Board()
        while not board.is_game_over():
            if board.phase is phase and max(board.rings_removed(c) for c in yinsh.Color) >= removed:
                return board
            board.push(rng.choice(list(board.legal_moves)))
    raise AssertionError(f"no random game reached {phase}")


# Features --------------------------------------------------------------------

def test_feature_constants():
    assert (F.RING_OWN, F.RING_OPP, F.MARKER_OWN, F.MARKER_OPP) == (0, 121, 242, 363)
    assert (F.REMOVED_OWN, F.REMOVED_OPP, F.PLACEMENT, F.OWN_REMOVES, F.OPP_REMOVES) == \
        (484, 486, 488, 489, 490)
    assert F.FEATURES == 491 and F.PAD == 491 and F.MAX_ACTIVE == 70


def test_new_game_has_only_the_placement_feature():
    assert F.active_features(yinsh.Board()) == ([488], [488])


def test_rings_own_and_opp_in_both_perspectives():
    board = pushed("e5", "f6")                  # White ring e5, Black ring f6
    white, black = F.active_features(board)
    assert white == sorted([0 + yinsh.E5, 121 + yinsh.F6, 488])
    assert black == sorted([0 + yinsh.F6, 121 + yinsh.E5, 488])


def test_markers_own_and_opp_and_no_placement_feature_after_it():
    board = placed()                            # White to move
    board.push_str("h6-h10")                    # a White marker on h6
    board.push_str("g6-g7")                     # a Black marker on g6
    white, black = F.active_features(board)
    assert 242 + yinsh.H6 in white and 363 + yinsh.G6 in white
    assert 242 + yinsh.G6 in black and 363 + yinsh.H6 in black
    assert 488 not in white and 488 not in black
    rings = [yinsh.point_name(p) for p in board.rings(yinsh.WHITE)]
    assert "h10" in rings and [f for f in white if f < 121] == sorted(board.rings(yinsh.WHITE))
    assert len(white) == len(black) == 12       # 10 rings, 2 markers


def test_pending_row_removal_is_own_for_the_remover():
    board = first_in_phase(Phase.REMOVE_ROW)
    remover = int(board.turn)
    mine, theirs = F.active_features(board)[remover], F.active_features(board)[1 - remover]
    assert 489 in mine and 490 not in mine
    assert 490 in theirs and 489 not in theirs


def test_pending_ring_removal_is_own_for_the_remover():
    board = first_in_phase(Phase.REMOVE_RING)
    remover = int(board.turn)
    features = F.active_features(board)
    assert 489 in features[remover] and 490 in features[1 - remover]


def test_removed_ring_counts():
    board = first_in_phase(Phase.MOVE, removed=2)
    for c in yinsh.Color:
        own, opp = board.rings_removed(c), board.rings_removed(c.other())
        active = F.active_features(board)[c]
        assert [f for f in active if 484 <= f <= 485] == [484 + k for k in range(min(own, 2))]
        assert [f for f in active if 486 <= f <= 487] == [486 + k for k in range(min(opp, 2))]
    assert max(board.rings_removed(c) for c in yinsh.Color) >= 2


def test_features_of_counts_cap_at_two():
    assert F.features_of(([], []), ([], []), (3, 0), Phase.MOVE, 0, 0) == [484, 485]


def test_game_over_and_bad_input():
    with pytest.raises(TypeError):
        F.active_features("not a board")        # type: ignore[arg-type]
    board = first_in_phase(Phase.MOVE)
    rng = random.Random(1)
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    with pytest.raises(ValueError, match="over"):
        F.active_features(board)


def test_batch_matches_single_positions():
    rng = random.Random(7)
    boards = []
    board = yinsh.Board()
    while not board.is_game_over() and len(boards) < 60:
        boards.append(board.copy())
        board.push(rng.choice(list(board.legal_moves)))
    batch = active_features_batch(boards)
    for i, b in enumerate(boards):
        for c in (0, 1):
            row = batch[i, c].tolist()
            active = F.active_features(b)[c]
            assert row[:len(active)] == active and set(row[len(active):]) <= {F.PAD}


# The forward pass, by hand ---------------------------------------------------

def test_hand_computed_score():
    net = zero_network()
    net.l1_bias[0] = 10                       # acc[c][0] = 10 in both perspectives
    net.l2_weight[0, 0] = 64                  # y0 = (10 * 64 + 10 * 64) >> 6 = 20
    net.l2_weight[64, 0] = 64
    net.l3_weight[0] = 100                    # out = 2000
    assert evaluate(net, yinsh.Board()) == 492    # 2000 * 2000 / 8128 = 492.1


def test_the_side_to_act_comes_first():
    net = zero_network()
    net.l1_weight[0 + yinsh.E5, 0] = 50       # White's own ring on e5
    net.l2_weight[0, 0] = 64                  # y0 from the side to act's acc
    net.l2_weight[64, 1] = 64                 # y1 from the other's
    net.l3_weight[:2] = [1, 3]
    board = pushed("e5")                      # Black to act: acc[stm][0] = 0, acc[opp][0] = 50
    assert accumulators(net, board)[:, 0].tolist() == [50, 0]
    assert evaluate(net, board) == 36         # out = 3 * 50 = 150; 150 * 2000 / 8128 = 36.9
    board = pushed("e5", "f6")                # White to act: y0 = 50
    assert evaluate(net, board) == 12         # out = 50; 50 * 2000 / 8128 = 12.3


def test_accumulator_clamps():
    net = zero_network()
    net.l1_bias[:2] = [-300, 300]             # x = 0 and 127
    net.l2_weight[0, 0] = 64
    net.l2_weight[1, 1] = 64
    net.l3_weight[:2] = [1, 1]
    assert evaluate(net, yinsh.Board()) == 31  # out = 127; 127 * 2000 / 8128 = 31.25


def test_second_layer_shift_floors_and_clamps():
    net = zero_network()
    net.l1_bias[0] = 1                        # x[0] = x[64] = 1
    net.l2_weight[0, 0] = 63                  # 63 >> 6 = 0
    net.l2_weight[0, 1] = 127                 # (127 + 1) >> 6 = 2, with the bias
    net.l2_bias[1] = 1
    net.l2_weight[0, 2] = -1                  # -1 >> 6 = -1, clamped to 0
    net.l2_bias[3] = 127 * 64 * 3             # clamped to 127
    net.l3_weight[:4] = [100, 10, 100, 1]
    assert evaluate(net, yinsh.Board()) == (20 + 127) * 2000 // 8128   # out = 147 -> 36


def test_truncation_toward_zero():
    net = zero_network()
    for bias, score in [(-5, -1), (5, 1), (-4065, -1000), (4065, 1000), (-4064, -1000), (-4, 0),
                        (8128, 2000), (-8129, -2000)]:
        net.l3_bias = np.array(bias, np.int32)
        assert evaluate(net, yinsh.Board()) == score, bias
    assert truncated_score([-1, 0, 1]).tolist() == [0, 0, 0]


def test_batch_equals_single_on_random_networks_with_clamps():
    rng = random.Random(3)
    boards = []
    board = yinsh.Board()
    for seed in range(3):
        board = yinsh.Board()
        while not board.is_game_over():
            boards.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
    for scale in (1.0, 8.0, 60.0):
        net = N.random_network(5, scale=scale)
        scores = evaluate_batch(net, features_batch(boards))
        assert scores.tolist() == [evaluate(net, b) for b in boards]
        acc = accumulators_batch(net, active_features_batch(boards))
        assert np.array_equal(acc[17], accumulators(net, boards[17]))
        assert np.abs(acc).max() <= 32767
        if scale == 60.0:                     # the clamps are exercised
            assert (acc < 0).any() and (acc > 127).any()
            assert len(set(scores.tolist())) > 10


def test_batch_rejects_bad_input():
    net = N.random_network(0)
    with pytest.raises(ValueError):
        evaluate_batch(net, (np.zeros((2, 2, 70), np.int16), np.array([0, 2])))
    with pytest.raises(ValueError):
        accumulators_batch(net, np.full((1, 2, 70), 492))
    with pytest.raises(ValueError):
        accumulators_batch(net, np.zeros((2, 70), np.int16))
    with pytest.raises(TypeError):
        accumulators_batch(net, np.zeros((1, 2, 70)))


# The file --------------------------------------------------------------------

def test_round_trip_path_and_pickle(tmp_path):
    net = N.random_network(11, scale=5.0)
    path = tmp_path / "x.nnue"
    N.save(net, path)
    assert path.exists() and not list(tmp_path.glob("*.tmp"))
    again = N.load(path)
    assert again == net and again.meta == net.meta
    for name, (dtype, shape) in N.ARRAYS.items():
        assert getattr(again, name).dtype == dtype and getattr(again, name).shape == shape
    with np.load(path, allow_pickle=False) as raw:   # the format: plain .npz, 0-d JSON meta
        assert raw["meta"].shape == () and json.loads(str(raw["meta"]))["format"] == "yinsh-nnue-1"
    assert pickle.loads(pickle.dumps(net)) == net
    assert N.load(path) != N.random_network(12)


def _saved(**arrays) -> io.BytesIO:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    buffer.seek(0)
    return buffer


def _arrays(net: N.Network) -> dict:
    arrays = dict(net.arrays())
    arrays["meta"] = np.array(json.dumps(net.meta))
    return arrays


@pytest.mark.parametrize("change, message", [
    (lambda a: a.pop("l2_bias"), "lacks l2_bias"),
    (lambda a: a.update(l1_weight=a["l1_weight"].astype(np.int32)), "l1_weight has dtype int32"),
    (lambda a: a.update(l3_weight=a["l3_weight"][:31]), r"l3_weight has shape \(31,\)"),
    (lambda a: a.update(l3_bias=a["l3_bias"].reshape(1)), "l3_bias has shape"),
    (lambda a: a.update(meta=np.array("{")), "meta is not JSON"),
    (lambda a: a.update(meta=np.array([1, 2])), "0-d unicode"),
    (lambda a: a.update(meta=np.array(json.dumps({"format": "yinsh-nnue-1"}))), "meta lacks"),
    (lambda a: a.update(meta=np.array(json.dumps(N.default_meta(format="yinsh-nnue-2")))),
     "format"),
    (lambda a: a.update(meta=np.array(json.dumps(N.default_meta(hidden=32)))), "hidden"),
    (lambda a: a.update(meta=np.array(json.dumps(N.default_meta(positions=-1)))), "positions"),
    (lambda a: a.update(meta=np.array(json.dumps(N.default_meta(validation_loss="x")))),
     "validation_loss"),
])
def test_each_file_error(change, message):
    arrays = _arrays(N.random_network(0))
    change(arrays)
    with pytest.raises(N.NetworkError, match=message):
        N.load(_saved(**arrays))


def test_bounds_and_non_files(tmp_path):
    net = N.random_network(0)
    net.l1_bias[3] = 32767                      # overflows with any weight
    with pytest.raises(N.NetworkError, match="column 3 can overflow"):
        N.save(net, tmp_path / "bad.nnue")
    assert not list(tmp_path.iterdir())         # nothing written
    net = N.random_network(0)
    net.l2_bias[:] = 2**31 - 1
    with pytest.raises(N.NetworkError, match="l2 output"):
        N.check(net)
    net = N.random_network(0)
    net.l3_bias = np.array(2**30, np.int32)
    with pytest.raises(N.NetworkError, match="output can overflow"):
        N.check(net)
    with pytest.raises(N.NetworkError, match="not a network file"):
        N.load(io.BytesIO(b"PK\x03\x04junk"))
    np.save(tmp_path / "single.npy", np.zeros(3))
    with pytest.raises(N.NetworkError, match="single"):
        N.load(tmp_path / "single.npy")
    with pytest.raises(FileNotFoundError):
        N.load(tmp_path / "missing.nnue")
    with pytest.raises(TypeError):
        N.check("a network")                    # type: ignore[arg-type]
    assert issubclass(N.NetworkError, ValueError)


def test_random_network_stays_within_the_bounds_at_any_scale():
    for scale in (0.1, 1.0, 30.0, 1e6):
        N.check(N.random_network(2, scale=scale))
    with pytest.raises(ValueError):
        N.random_network(0, scale=0)
