"""The trainer of the learned evaluation (``yinsh train``, ``python -m yinsh.nn.train``).

It fits the float model of ``yinsh.nn.model`` (in JAX, with optax's Adam;
the ``train`` extra) to a training set (``yinsh.nn.data``: built from
self-play folders, or a built file) and exports ``DIR/<game>.nnue``
(``yinsh.nnue``, ``insert.nnue``: the game of the self-play folders, which
the training set records), the integer network of docs/nn.md.

* The target of a position is ``lambda * sigmoid(score / 2000) + (1 - lambda)
  * result`` (the search's expected result and the game's result, 1 / 0.5 /
  0, for the side to act); the loss is the binary cross-entropy of
  ``sigmoid(o)`` against it.
* The first layer is a gather of embedding rows summed over the padded
  active features (no dense 491-wide product); every batch is drawn under a
  random board symmetry per position (of Yinsh's 12, of Insert's 8).
* The validation set is whole games (``--validation`` of them), never seen
  in training; its loss is printed after every epoch.
* The weights are clipped after each step to ``yinsh.nn.model.limits``, so
  the quantised network is exact to the format; the export reports the
  quantisation error (float against integer scores on the validation set).
* ``DIR/checkpoint.npz`` is saved after every epoch, every
  ``--checkpoint-every`` seconds and on Ctrl-C; the same command resumes
  from it, with the same result as an uninterrupted run.

>>> import tempfile, os
>>> from yinsh.distributed.selfplay import selfplay
>>> shards, out = tempfile.mkdtemp(), tempfile.mkdtemp()
>>> _ = selfplay("yinsh", 2, "alphabeta:depth=1", shards)
>>> report = train(TrainConfig(inputs=(shards,), out=out, epochs=1, batch_size=64))
>>> report.complete, os.path.exists(os.path.join(out, "yinsh.nnue"))
(True, True)
>>> shards, out = tempfile.mkdtemp(), tempfile.mkdtemp()
>>> _ = selfplay("insert", 2, "alphabeta:depth=1", shards)
>>> report = train(TrainConfig(inputs=(shards,), out=out, epochs=1, batch_size=16))
>>> report.network == os.path.join(out, "insert.nnue")
True
"""
from __future__ import annotations

import argparse
import io
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
import optax

from yinsh.distributed.manifest import write_atomic
from yinsh.nn import data as nndata
from yinsh.nn.config import (CHECKPOINT, DATA, TrainConfig, TrainError, TrainReport,
                             add_arguments, config_from_args)
from yinsh.nn.games import NNGame, nn_game
from yinsh.nn.model import float_score, init_params, limits, quantise
from yinsh.engine.network import SCORE_SCALE, save
from yinsh.nn.reference import evaluate_batch

__all__ = ["main", "run", "train"]

_CHECKPOINT_FORMAT = "yinsh-nn-checkpoint-1"
_EVAL_CHUNK = 4096


# The model in JAX (the same as yinsh.nn.model.forward) ------------------------------------


def _forward(params: dict[str, jax.Array], feats: jax.Array, stm: jax.Array) -> jax.Array:
    emb = jnp.take(params["w1"], feats, axis=0, mode="fill", fill_value=0.0)   # (B, 2, K, H)
    a = jnp.clip(emb.sum(axis=2) + params["b1"], 0.0, 1.0)                  # (B, 2, H)
    white = (stm == 0)[:, None]
    x = jnp.concatenate([jnp.where(white, a[:, 0], a[:, 1]),
                         jnp.where(white, a[:, 1], a[:, 0])], axis=1)
    h = jnp.clip(x @ params["w2"] + params["b2"], 0.0, 1.0)
    return h @ params["w3"] + params["b3"]


def _losses(params: dict[str, jax.Array], feats: jax.Array, stm: jax.Array,
            target: jax.Array) -> jax.Array:
    losses: jax.Array = optax.sigmoid_binary_cross_entropy(_forward(params, feats, stm), target)
    return losses


def _clip(params: dict[str, jax.Array], bounds: dict[str, float]) -> dict[str, jax.Array]:
    return {name: jnp.clip(value, -bounds[name], bounds[name]) if name in bounds else value
            for name, value in params.items()}


def _schedule(lr: float, steps: int) -> optax.Schedule:
    return optax.cosine_decay_schedule(lr, max(steps, 1), alpha=0.05)


def _make_step(optimiser: optax.GradientTransformation, game: NNGame) -> Callable[..., Any]:
    maps = jnp.asarray(game.feature_maps.astype(np.int32))   # here: importing starts no JAX backend
    bounds = limits(game)

    def step(params: dict[str, jax.Array], state: Any, feats: jax.Array, stm: jax.Array,
             target: jax.Array, sym: jax.Array) -> tuple[dict[str, jax.Array], Any, jax.Array]:
        feats = maps[sym[:, None, None], feats]
        loss, grads = jax.value_and_grad(lambda p: _losses(p, feats, stm, target).mean())(params)
        updates, state = optimiser.update(grads, state, params)
        return _clip(optax.apply_updates(params, updates), bounds), state, loss
    return jax.jit(step)


@jax.jit
def _eval_chunk(params: dict[str, jax.Array], feats: jax.Array, stm: jax.Array,
                target: jax.Array, weight: jax.Array) -> tuple[jax.Array, jax.Array]:
    return (_losses(params, feats, stm, target) * weight).sum(), _forward(params, feats, stm)


# Data ---------------------------------------------------------------------------------------

def _load_data(config: TrainConfig, resuming: bool,
               progress: bool) -> tuple[nndata.Dataset, str, str]:
    """The training set, its file and its SHA-256."""
    inputs = [os.fspath(i) for i in config.inputs]
    if len(inputs) == 1 and os.path.isfile(inputs[0]):
        path = inputs[0]
    else:
        for folder in inputs:
            if not os.path.isdir(folder):
                raise TrainError(f"{folder}: neither a self-play folder nor a training set file")
        path = os.path.join(config.out, DATA)
        if not (resuming and os.path.exists(path)):
            began = time.perf_counter()
            built = nndata.build(inputs, progress=progress)
            nndata.save(built, path)
            _say(progress, f"training set: {built.positions} positions "
                           f"({built.meta['occurrences']} occurrences, {built.meta['games']} games) "
                           f"built in {time.perf_counter() - began:.1f} s -> {path}")
    try:
        dataset = nndata.load(path)
    except nndata.DataError as exc:
        raise TrainError(str(exc)) from None
    if len(dataset) == 0:
        raise TrainError(f"{path}: the training set is empty")
    return dataset, path, nndata.sha256_file(path)


def _split(dataset: nndata.Dataset, fraction: float,
           seed: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Training and validation rows: a seeded ``fraction`` of the games
    (at least one when fraction > 0 and there are two games) validates."""
    games = np.unique(dataset.game)
    count = 0 if fraction == 0 else min(len(games) - 1, max(1, round(fraction * len(games))))
    rng = np.random.default_rng([seed, 1])
    held = rng.choice(games, size=count, replace=False) if count > 0 else games[:0]
    valid = np.isin(dataset.game, held)
    return np.flatnonzero(~valid), np.flatnonzero(valid)


def _epoch_order(seed: int, epoch: int, train: npt.NDArray[np.intp], batch: int,
                 symmetries: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]]:
    """The rows of each batch of an epoch (whole batches only) and their symmetries."""
    rng = np.random.default_rng([seed, 2, epoch])
    order = rng.permutation(train)
    steps = len(order) // batch
    syms = rng.integers(0, symmetries, size=steps * batch, dtype=np.int32)
    return order[:steps * batch].reshape(steps, batch), syms.reshape(steps, batch)


# Checkpoints ----------------------------------------------------------------------------------

def _save_checkpoint(path: str, params: Any, state: Any, info: dict[str, Any]) -> None:
    leaves = jax.tree_util.tree_leaves(state)
    arrays: dict[str, Any] = {f"param_{k}": np.asarray(v) for k, v in params.items()}
    arrays.update({f"opt_{i}": np.asarray(leaf) for i, leaf in enumerate(leaves)})
    arrays["info"] = np.array(json.dumps(info, sort_keys=True))
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    write_atomic(path, buffer.getvalue())


def _load_checkpoint(path: str, params: Any, state: Any) -> tuple[Any, Any, dict[str, Any]]:
    try:
        with np.load(path, allow_pickle=False) as archive:
            info = json.loads(str(archive["info"]))
            if info.get("format") != _CHECKPOINT_FORMAT:
                raise TrainError(f"{path}: not a training checkpoint")
            new_params = {k: jnp.asarray(archive[f"param_{k}"]) for k in params}
            leaves, treedef = jax.tree_util.tree_flatten(state)
            new_leaves = [jnp.asarray(archive[f"opt_{i}"]) for i in range(len(leaves))]
    except (KeyError, ValueError, OSError) as exc:
        if isinstance(exc, TrainError):
            raise
        raise TrainError(f"{path}: an unreadable checkpoint ({exc}); remove it to start over") \
            from None
    return new_params, jax.tree_util.tree_unflatten(treedef, new_leaves), info


# The run ----------------------------------------------------------------------------------------

class _Interrupts:
    """Ctrl-C (SIGINT) while training only sets ``pending``: the loop stops
    between two steps, so the checkpoint it saves is consistent (the
    parameters, the optimiser and the step count of the same step). Outside
    the main thread (no signal handler there) Ctrl-C is left alone."""

    def __init__(self) -> None:
        self.pending = False
        self._previous: Any = None

    def __enter__(self) -> "_Interrupts":
        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum: int, frame: Any) -> None:
        self.pending = True

    def check(self) -> None:
        """Raises ``KeyboardInterrupt`` if Ctrl-C was pressed."""
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
        if self.pending:
            raise KeyboardInterrupt


def _say(progress: bool, text: str) -> None:
    if progress:
        print(text, file=sys.stderr, flush=True)


def _evaluate(params: Any, dataset: nndata.Dataset, rows: npt.NDArray[np.intp],
              target: npt.NDArray[np.float32]) -> tuple[float, npt.NDArray[np.float64]]:
    """The mean loss on rows and the float model's outputs there."""
    total, outs = 0.0, []
    for first in range(0, len(rows), _EVAL_CHUNK):
        chunk = rows[first:first + _EVAL_CHUNK]
        pad = _EVAL_CHUNK - len(chunk)
        picked = np.concatenate([chunk, np.repeat(chunk[:1], pad)])
        weight = np.concatenate([np.ones(len(chunk), np.float32), np.zeros(pad, np.float32)])
        loss, out = _eval_chunk(params, dataset.features[picked].astype(np.int32),
                                dataset.stm[picked].astype(np.int32), target[picked], weight)
        total += float(loss)
        outs.append(np.asarray(out, np.float64)[:len(chunk)])
    mean = total / max(len(rows), 1)
    return mean, np.concatenate(outs) if outs else np.zeros(0)


def train(config: TrainConfig, *, progress: bool = False,
          callback: Optional[Callable[[int, int, float], None]] = None) -> TrainReport:
    """Runs (or resumes) the training of config (see the module). With
    ``progress``: a bar and the losses of each epoch on standard error;
    ``callback(epoch, step, loss)`` is called after every step (epochs and
    steps from 0; an exception it raises stops the run, a
    ``KeyboardInterrupt`` after saving the checkpoint).

    Raises ``TrainError`` (a ``ValueError``) for bad options, inputs or a
    checkpoint of another run, ``OSError`` when ``out`` cannot be written,
    ``KeyboardInterrupt`` after saving the checkpoint.
    """
    config.check()
    out = os.fspath(config.out)
    if os.path.exists(out) and not os.path.isdir(out):
        raise NotADirectoryError(f"{out} is not a folder")
    os.makedirs(out, exist_ok=True)
    checkpoint = os.path.join(out, CHECKPOINT)
    resuming = os.path.exists(checkpoint)
    dataset, data_path, data_hash = _load_data(config, resuming, progress)
    train_rows, valid_rows = _split(dataset, config.validation, config.seed)
    if len(train_rows) == 0:
        raise TrainError("no training position left after the validation split")
    target = dataset.target(config.lam)
    batch = min(config.batch_size, len(train_rows))
    steps_per_epoch = len(train_rows) // batch
    optimiser = optax.adam(_schedule(config.lr, steps_per_epoch * config.epochs))
    try:
        game = nn_game(dataset.meta.get("game", "yinsh"))
    except (TypeError, ValueError) as exc:
        raise TrainError(f"{data_path}: {exc}") from None
    params: Any = {k: jnp.asarray(v) for k, v in init_params(config.seed, game).items()}
    state = optimiser.init(params)
    info: dict[str, Any] = {"format": _CHECKPOINT_FORMAT, "options": config.run_options(),
                            "data_hash": data_hash, "epoch": 0, "step": 0, "loss_sum": 0.0,
                            "train_losses": [], "validation_losses": [], "seconds": 0.0,
                            "trained": 0}
    if resuming:
        params, state, saved = _load_checkpoint(checkpoint, params, state)
        if saved.get("options") != config.run_options():
            raise TrainError(f"{checkpoint} is of another run (options {saved.get('options')}); "
                             f"run its command again, or use another --out")
        if saved.get("data_hash") != data_hash:
            raise TrainError(f"{checkpoint} was trained on other data (sha256 "
                             f"{saved.get('data_hash')}, now {data_hash}); use another --out")
        info = saved
        _say(progress, f"resuming from {checkpoint}: epoch {info['epoch'] + 1}, step {info['step']}")
    step_fn = _make_step(optimiser, game)
    last_save = time.monotonic()

    def save_now() -> None:
        nonlocal last_save
        _save_checkpoint(checkpoint, params, state, info)
        last_save = time.monotonic()

    bar = None
    interrupts = _Interrupts()
    compiled = False
    with interrupts:
        try:
            while info["epoch"] < config.epochs:
                epoch = info["epoch"]
                order, syms = _epoch_order(config.seed, epoch, train_rows, batch, game.symmetries)
                bar = _bar(progress, steps_per_epoch * batch, info["step"] * batch,
                           f"epoch {epoch + 1}/{config.epochs}")
                while info["step"] < steps_per_epoch:
                    began = time.perf_counter()
                    rows = order[info["step"]]
                    params, state, loss = step_fn(
                        params, state, dataset.features[rows].astype(np.int32),
                        dataset.stm[rows].astype(np.int32), target[rows], syms[info["step"]])
                    loss_value = float(loss)
                    info["loss_sum"] += loss_value
                    info["step"] += 1
                    if compiled:                # a process's first step compiles: not timed
                        info["trained"] += batch
                        info["seconds"] += time.perf_counter() - began
                    compiled = True
                    if bar is not None:
                        bar.update(batch)
                        bar.set_postfix(loss=f"{loss_value:.4f}", refresh=False)
                    if time.monotonic() - last_save > config.checkpoint_every:
                        save_now()
                    if callback is not None:
                        callback(epoch, info["step"] - 1, loss_value)
                    interrupts.check()
                if bar is not None:
                    bar.close()
                    bar = None
                valid_loss = (_evaluate(params, dataset, valid_rows, target)[0]
                              if len(valid_rows) else None)
                info["train_losses"].append(info["loss_sum"] / max(steps_per_epoch, 1))
                info["validation_losses"].append(valid_loss)
                info.update(epoch=epoch + 1, step=0, loss_sum=0.0)
                save_now()
                _say(progress, f"epoch {epoch + 1}/{config.epochs}: train loss "
                               f"{info['train_losses'][-1]:.5f}, validation loss "
                               + ("-" if valid_loss is None else f"{valid_loss:.5f}"))
        except KeyboardInterrupt:
            if bar is not None:
                bar.close()
            save_now()
            _say(progress, f"interrupted: saved {checkpoint}; run the same command to resume")
            raise
    report = TrainReport(
        epochs_done=info["epoch"], epochs=config.epochs, train_losses=info["train_losses"],
        validation_losses=info["validation_losses"], positions=len(train_rows),
        validation_positions=len(valid_rows),
        positions_per_second=info["trained"] / info["seconds"] if info["seconds"] else 0.0,
        data_hash=data_hash)
    _export(config, game, params, dataset, train_rows, valid_rows, target, report)
    return report


def _export(config: TrainConfig, game: NNGame, params: Any, dataset: nndata.Dataset,
            train_rows: npt.NDArray[np.intp], valid_rows: npt.NDArray[np.intp],
            target: npt.NDArray[np.float32], report: TrainReport) -> None:
    """Writes DIR/<game>.nnue and measures the quantisation error."""
    floats = {k: np.asarray(v) for k, v in params.items()}
    rows = valid_rows if len(valid_rows) else train_rows[:_EVAL_CHUNK * 4]
    valid_loss = report.validation_losses[-1] if report.validation_losses else None
    meta = {"game": game.name, "command": config.command_line(), "data_hash": report.data_hash,
            "positions": report.positions, "validation_loss": valid_loss,
            "validation_positions": report.validation_positions,
            "epochs": config.epochs, "lambda": config.lam, "train_loss": report.train_losses[-1]}
    network = quantise(floats, meta)
    diffs, losses = [], []
    for first in range(0, len(rows), _EVAL_CHUNK):
        chunk = rows[first:first + _EVAL_CHUNK]
        feats, stm = dataset.features[chunk], dataset.stm[chunk]
        ints = evaluate_batch(network, (feats, stm))
        diffs.append(ints - float_score(floats, feats, stm))
        logits = jnp.asarray(ints / SCORE_SCALE, jnp.float32)
        losses.append(np.asarray(optax.sigmoid_binary_cross_entropy(logits, target[chunk])))
    diff = np.abs(np.concatenate(diffs)) if diffs else np.zeros(1)
    report.quantisation = {"mean_abs": float(diff.mean()), "max_abs": float(diff.max()),
                           "positions": float(len(rows)),
                           "integer_loss": float(np.concatenate(losses).mean()) if losses else 0.0}
    network.meta["quantisation"] = report.quantisation
    path = os.path.join(config.out, game.network_file)
    save(network, path)
    report.network = path


def _bar(progress: bool, total: int, initial: int, label: str) -> Any:
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit=" pos", unit_scale=True, desc=label,
                file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


def run(args: argparse.Namespace, command: str) -> int:
    """Runs parsed arguments; prints the report; the exit status."""
    try:
        report = train(config_from_args(args, command), progress=not args.quiet)
    except KeyboardInterrupt:
        print("train: interrupted; the checkpoint is saved: run the same command to resume",
              file=sys.stderr)
        return 130
    except (TrainError, nndata.DataError) as exc:
        print(f"train: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"train: error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(report.summary())
    return 0


def main(argv: Optional[Iterable[str]] = None) -> int:
    """``python -m yinsh.nn.train``: the same as ``yinsh train``."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(prog="python -m yinsh.nn.train",
                                     description="Train the learned evaluation (docs/nn.md).")
    add_arguments(parser)
    args = parser.parse_args(arguments)
    return run(args, shlex.join(["python", "-m", "yinsh.nn.train", *arguments]))


if __name__ == "__main__":
    sys.exit(main())
