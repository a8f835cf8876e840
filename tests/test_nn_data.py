"""yinsh.nn.data: the training set built from self-play shards, and the
symmetries applied to feature indices."""
from __future__ import annotations

import json
import math
import os
import random

import numpy as np
import pytest

import yinsh
from yinsh.distributed.selfplay import iter_shards, load_shards, selfplay
from yinsh.nn import data as D
from yinsh.yinsh.features import PAD, active_features, transform_features
from yinsh.yinsh.symmetries import NUM_SYMMETRIES, transform_board


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    first = tmp_path_factory.mktemp("sp-a")
    second = tmp_path_factory.mktemp("sp-b")
    selfplay("yinsh", 4, "alphabeta:depth=1", first)
    selfplay("yinsh", 3, "alphabeta:depth=1", second, seed=2, games_per_shard=2)
    return str(first), str(second)


def replayed(folder):
    """(board, score, result for the side to act, game) of every recorded
    position with a finite score, by an independent replay."""
    out = []
    for shard in iter_shards(folder):
        for k, game in enumerate(shard["game_ids"].tolist()):
            board = yinsh.Board(str(shard["game_starts"][k]))
            actions = shard["game_actions"][shard["game_offsets"][k]:shard["game_offsets"][k + 1]]
            rows = {int(shard["ply"][r]): r for r in np.flatnonzero(shard["game"] == game)}
            for ply, action in enumerate(actions.tolist()):
                r = rows[ply]
                score = float(shard["score"][r])
                if math.isfinite(score):
                    side = int(shard["to_play"][r])
                    out.append((board.copy(), score, (float(shard["result"][r, side]) + 1) / 2, game))
                board.push_action(action)
    return out


def test_rows_are_the_distinct_positions_with_averaged_targets(shards):
    folder = shards[0]
    data = D.build([folder])
    seen = replayed(folder)
    assert data.meta["occurrences"] == len(seen)
    assert data.meta["games"] == 4 and data.meta["format"] == "yinsh-nn-data-1"
    groups: dict[int, list] = {}
    for board, score, result, game in seen:
        groups.setdefault(board.zobrist_hash(), []).append((board, score, result, game))
    assert len(data) == len(groups)
    assert data.count.sum() == len(seen) and len(data) < len(seen)   # the start repeats
    rows = {}
    for i in range(len(data)):
        key = tuple(data.features[i, 0].tolist()) + tuple(data.features[i, 1].tolist())
        rows[key] = i
    for members in groups.values():
        board = members[0][0]
        features = active_features(board)
        assert all(active_features(b) == features for b, *_ in members)   # a hash is one position
        width = data.features.shape[2]
        key = tuple(features[0] + [PAD] * (width - len(features[0]))) + \
            tuple(features[1] + [PAD] * (width - len(features[1])))
        i = rows[key]
        scores = [s for _, s, _, _ in members]
        assert data.stm[i] == int(board.turn)
        assert data.count[i] == len(members)
        assert data.score[i] == pytest.approx(np.mean(scores), rel=1e-5, abs=1e-3)
        assert data.expected[i] == pytest.approx(
            np.mean([1 / (1 + math.exp(-s / 2000)) for s in scores]), abs=1e-6)
        assert data.result[i] == pytest.approx(np.mean([r for _, _, r, _ in members]), abs=1e-6)
        assert data.game[i] == members[0][3]
    assert set((data.result[data.count == 1] * 2).tolist()) <= {0.0, 1.0, 2.0}   # 0, 0.5, 1


def test_the_start_position_is_merged_over_every_game(shards):
    data = D.build([shards[0]])
    all_rows = load_shards(shards[0])
    start = np.flatnonzero(all_rows["ply"] == 0)
    i = int(np.flatnonzero((data.features[:, 0, 0] == 488) & (data.features[:, 0, 1] == PAD))[0])
    assert data.count[i] == 4
    expected = np.mean(1 / (1 + np.exp(-all_rows["score"][start].astype(np.float64) / 2000)))
    assert data.expected[i] == pytest.approx(expected, abs=1e-6)
    assert data.result[i] == pytest.approx(np.mean((all_rows["result"][start, 0] + 1) / 2))


def test_several_folders_number_their_games_on(shards):
    data = D.build(list(shards))
    assert data.meta["games"] == 7 and len(data.meta["sources"]) == 2
    assert set(data.game.tolist()) <= set(range(7)) and data.game.max() >= 4
    assert len(data) > len(D.build([shards[0]]))


def test_save_load_and_hash(shards, tmp_path):
    data = D.build([shards[0]])
    path = tmp_path / "set.npz"
    digest = D.save(data, path)
    assert digest == D.sha256_file(path)
    again = D.load(path)
    assert again.meta == data.meta
    for name, array in data.arrays().items():
        assert np.array_equal(getattr(again, name), array) and getattr(again, name).dtype == array.dtype
    assert data.features.dtype == np.int16 and data.features.shape[1] == 2
    assert data.features.shape[2] == max(int((data.features[i, c] != PAD).sum())
                                         for i in range(len(data)) for c in (0, 1))


def test_main_writes_the_file_and_its_hash(shards, tmp_path, capsys):
    out = str(tmp_path / "x.npz")
    assert D.main([shards[0], "--out", out, "--quiet"]) == 0
    digest = D.sha256_file(out)
    assert open(out + ".sha256").read() == f"{digest}  x.npz\n"
    assert digest in capsys.readouterr().out
    assert D.main([str(tmp_path / "nothing"), "--out", out, "--quiet"]) == 2
    assert "no readable self-play manifest" in capsys.readouterr().err


def test_target_mixes_score_and_result(shards):
    data = D.build([shards[0]])
    assert np.allclose(data.target(1.0), data.expected) and np.allclose(data.target(0.0), data.result)
    assert np.allclose(data.target(0.3), 0.3 * data.expected + 0.7 * data.result)
    with pytest.raises(ValueError):
        data.target(1.5)


def test_bad_inputs(shards, tmp_path):
    with pytest.raises(D.DataError, match="no readable"):
        D.build([tmp_path])
    with pytest.raises(D.DataError, match="no self-play folder"):
        D.build([])
    with pytest.raises(TypeError):
        D.build(shards[0])                       # one path, not a list
    ludo = tmp_path / "ludo"                     # a game without a learned evaluation
    ludo.mkdir()
    manifest = json.loads(open(os.path.join(shards[0], "manifest.json")).read())
    manifest["settings"]["game"] = "ludo"
    (ludo / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(D.DataError, match="its game is 'ludo'"):
        D.build([ludo])
    insert = tmp_path / "insert"
    selfplay("insert", 1, "alphabeta:depth=1", insert)
    with pytest.raises(D.DataError, match="several games: insert, yinsh"):
        D.build([shards[0], insert])
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    for name in os.listdir(shards[0]):
        (damaged / name).write_bytes(open(os.path.join(shards[0], name), "rb").read())
    (damaged / "shard-000000.npz").write_bytes(b"broken")
    with pytest.raises(D.DataError, match="SHA-256"):
        D.build([damaged])
    (tmp_path / "junk.npz").write_bytes(b"junk")
    with pytest.raises(D.DataError):
        D.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", features=np.zeros(3))
    with pytest.raises(D.DataError, match="lacks"):
        D.load(tmp_path / "other.npz")


# The symmetries, on feature indices ------------------------------------------

def test_transformed_features_are_the_transformed_boards():
    rng = random.Random(5)
    board = yinsh.Board()
    positions = []
    while not board.is_game_over():
        positions.append(board.copy())
        board.push(rng.choice(list(board.legal_moves)))
    for b in positions[::7]:
        for k in range(NUM_SYMMETRIES):
            turned = active_features(transform_board(k, b))
            for c in (0, 1):
                assert sorted(transform_features(k, active_features(b)[c]).tolist()) == turned[c]


def test_transform_features_per_row_and_bad_input():
    rows = np.array([[0, 60, PAD], [0, 60, PAD]], np.int16)
    both = transform_features(np.array([0, 3]), rows)
    assert both[0].tolist() == [0, 60, PAD]
    assert both[1].tolist() == transform_features(3, rows[1]).tolist() and both[1, 2] == PAD
    with pytest.raises(ValueError):
        transform_features(12, rows)
    with pytest.raises(ValueError):
        transform_features(0, np.array([PAD + 1]))
    with pytest.raises(TypeError):
        transform_features(0, np.array([1.0]))
