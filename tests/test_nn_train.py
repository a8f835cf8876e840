"""yinsh.nn.train: the trainer (the train extra: JAX, optax) on a tiny shard set."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import jax  # noqa: F401  (conftest: a missing jax skips this module, naming the train extra)

from yinsh.distributed.selfplay import selfplay  # noqa: E402
from yinsh.nn import data as D  # noqa: E402
from yinsh.nn.config import TrainConfig, TrainError  # noqa: E402
from yinsh.yinsh.features import PAD  # noqa: E402
from yinsh.nn.model import float_score  # noqa: E402
from yinsh.engine.network import load  # noqa: E402
from yinsh.nn.reference import evaluate_batch  # noqa: E402
from yinsh.nn.train import train  # noqa: E402


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sp")
    selfplay("yinsh", 4, "alphabeta:depth=1", folder)
    return str(folder)


@pytest.fixture(scope="module")
def learnable(shards, tmp_path_factory):
    """The shards' training set with a target the features determine: the
    side to act's markers minus the other's (invariant under the symmetries)."""
    data = D.build([shards])
    own = np.zeros(len(data))
    for i in range(len(data)):
        row = data.features[i, data.stm[i]]
        own[i] = ((row >= 242) & (row < 363)).sum() - ((row >= 363) & (row < 484)).sum()
    data.expected = (1 / (1 + np.exp(-own / 3))).astype(np.float32)
    path = tmp_path_factory.mktemp("set") / "learnable.npz"
    D.save(data, path)
    return str(path)


def checkpoint_params(folder) -> dict:
    with np.load(os.path.join(folder, "checkpoint.npz")) as archive:
        return {k[len("param_"):]: archive[k] for k in archive.files if k.startswith("param_")}


def quantisation_bound(params, net, features, stm) -> np.ndarray:
    """A worst-case bound of |integer score - float score| per position, from
    the rounding of each weight, propagated through the layers (clamps and
    ReLU-like clips are 1-Lipschitz; the shift floors by at most 1)."""
    p = {k: np.asarray(v, np.float64) for k, v in params.items()}
    d1 = np.abs(net.l1_weight - 127 * p["w1"])                        # (491, 64)
    d1 = np.concatenate([d1, np.zeros((1, 64))])
    e_acc = d1[features.astype(np.intp)].sum(axis=2) + np.abs(net.l1_bias - 127 * p["b1"])
    rows = np.arange(len(stm))
    e_x = np.concatenate([e_acc[rows, stm], e_acc[rows, 1 - stm]], axis=1)      # (N, 128)
    acc = np.concatenate([net.l1_weight.astype(np.int64), np.zeros((1, 64), np.int64)])
    acc = acc[features.astype(np.intp)].sum(axis=2) + net.l1_bias
    x = np.clip(np.concatenate([acc[rows, stm], acc[rows, 1 - stm]], axis=1), 0, 127)
    d2 = np.abs(net.l2_weight - 64 * p["w2"])
    e_pre = (np.abs(net.l2_bias - 8128 * p["b2"]) + x @ d2 + e_x @ np.abs(64 * p["w2"]))
    e_y = e_pre / 64 + 1
    y = np.clip((x @ net.l2_weight.astype(np.int64) + net.l2_bias) >> 6, 0, 127)
    d3 = np.abs(net.l3_weight - 64 * p["w3"])
    e_out = abs(int(net.l3_bias) - 8128 * float(p["b3"])) + y @ d3 + e_y @ np.abs(64 * p["w3"])
    return e_out * 2000 / 8128 + 1


def config(inputs, out, **options) -> TrainConfig:
    values = dict(epochs=2, batch_size=32, lr=1e-2, seed=3, lam=1.0, validation=0.25)
    values.update(options)
    return TrainConfig(inputs=tuple(inputs), out=str(out), **values)


def test_loss_goes_down_on_a_learnable_target(learnable, tmp_path):
    report = train(config([learnable], tmp_path, epochs=4))
    assert report.complete and len(report.train_losses) == 4
    assert report.train_losses[-1] < report.train_losses[0] - 0.01
    assert report.validation_losses[-1] < report.validation_losses[0]
    data = D.load(learnable)
    floor = np.mean([-(t * np.log(t) + (1 - t) * np.log(1 - t)) for t in data.expected])
    mean = data.expected.mean()
    constant = -np.mean(data.expected * np.log(mean) + (1 - data.expected) * np.log(1 - mean))
    assert floor <= report.train_losses[-1] < constant       # better than a constant guess
    assert report.positions + report.validation_positions == len(data)
    assert report.positions_per_second > 0


def test_validation_is_split_by_game(learnable, tmp_path):
    from yinsh.nn.train import _split
    data = D.load(learnable)
    train_rows, valid_rows = _split(data, 0.25, 3)
    assert len(set(data.game[train_rows]) & set(data.game[valid_rows])) == 0
    assert len(set(data.game[valid_rows])) == 1 and len(train_rows) + len(valid_rows) == len(data)


def test_resume_gives_the_uninterrupted_result(learnable, tmp_path):
    whole = tmp_path / "whole"
    train(config([learnable], whole))

    def stop(epoch, step, loss):
        if epoch == 0 and step == 2:
            raise KeyboardInterrupt
    halves = tmp_path / "halves"
    with pytest.raises(KeyboardInterrupt):
        train(config([learnable], halves), callback=stop)
    assert not (halves / "yinsh.nnue").exists()
    with np.load(halves / "checkpoint.npz") as archive:
        info = json.loads(str(archive["info"]))
    assert (info["epoch"], info["step"]) == (0, 3)
    resumed = train(config([learnable], halves))
    assert resumed.complete
    a, b = checkpoint_params(whole), checkpoint_params(halves)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert load(whole / "yinsh.nnue").arrays().keys() == load(halves / "yinsh.nnue").arrays().keys()
    na, nb = load(whole / "yinsh.nnue"), load(halves / "yinsh.nnue")
    assert all(np.array_equal(na.arrays()[k], nb.arrays()[k]) for k in na.arrays())
    assert resumed.validation_losses == train(config([learnable], whole)).validation_losses


def test_another_run_in_the_same_folder_is_refused(learnable, tmp_path):
    train(config([learnable], tmp_path, epochs=1))
    with pytest.raises(TrainError, match="another run"):
        train(config([learnable], tmp_path, epochs=1, lr=0.5))


def test_export_matches_the_float_model(shards, tmp_path):
    report = train(config([shards], tmp_path, lam=0.7, epochs=3))
    net = load(tmp_path / "yinsh.nnue")
    data_hash = D.sha256_file(tmp_path / "data.npz")
    assert net.meta["data_hash"] == data_hash == report.data_hash
    assert net.meta["positions"] == report.positions
    assert net.meta["validation_loss"] == pytest.approx(report.validation_losses[-1])
    assert net.meta["command"].startswith("yinsh train ") and "--lambda 0.7" in net.meta["command"]
    assert net.meta["created"][:2] == "20"
    data = D.load(tmp_path / "data.npz")
    params = checkpoint_params(tmp_path)
    ints = evaluate_batch(net, (data.features, data.stm))
    floats = float_score(params, data.features, data.stm)
    bound = quantisation_bound(params, net, data.features, data.stm.astype(np.intp))
    assert (np.abs(ints - floats) <= bound).all()
    assert np.abs(ints - floats).mean() < 60                  # ~3% of a P(win) unit of 2000
    assert report.quantisation["max_abs"] <= np.abs(ints - floats).max() + 1e-9
    assert (data.features <= PAD).all()


def test_bad_options(shards, tmp_path):
    with pytest.raises(TrainError, match="lambda"):
        train(config([shards], tmp_path, lam=2.0))
    with pytest.raises(TrainError, match="neither"):
        train(config([str(tmp_path / "missing")], tmp_path / "out"))
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        train(config([shards], tmp_path / "file"))


def test_the_command_line_and_ctrl_c(shards, tmp_path):
    out = tmp_path / "cli"
    run = subprocess.run([sys.executable, "-m", "yinsh", "train", shards, "--out", str(out),
                          "--epochs", "1", "--batch-size", "64", "--quiet"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "epochs" in run.stdout and "quantisation" in run.stdout
    assert load(out / "yinsh.nnue").meta["command"].startswith("yinsh train ")
    bad = subprocess.run([sys.executable, "-m", "yinsh", "train", shards, "--out", str(out),
                          "--lambda", "3"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "lambda" in bad.stderr
    other = subprocess.run([sys.executable, "-m", "yinsh", "train", shards, "--out", str(out),
                            "--epochs", "2", "--batch-size", "64", "--quiet"],
                           capture_output=True, text=True, timeout=300)
    assert other.returncode == 2 and "another run" in other.stderr
    # Ctrl-C: many small steps, interrupted once the first epoch runs
    slow = tmp_path / "slow"
    # (Ctrl-C back to Python's handler even when the tests run with SIGINT ignored; no
    # preexec_fn: forking a process that runs JAX's threads may deadlock)
    start = ("import signal, sys, runpy; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "sys.argv[0] = 'train'; runpy.run_module('yinsh.nn.train', run_name='__main__')")
    child = subprocess.Popen([sys.executable, "-c", start, shards, "--out", str(slow),
                              "--epochs", "1000", "--batch-size", "1"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not (slow / "checkpoint.npz").exists() and time.monotonic() < deadline:
        time.sleep(0.2)                             # the first epoch's end writes it
    child.send_signal(signal.SIGINT)
    out_text, err_text = child.communicate(timeout=120)
    assert child.returncode == 130, err_text
    assert "resume" in err_text
    with np.load(slow / "checkpoint.npz") as archive:
        info = json.loads(str(archive["info"]))
    assert info["epoch"] >= 1
