"""The options and the report of a training run (``yinsh train``; the
trainer itself is ``yinsh.nn.train``, which needs the ``train`` extra: this
module does not, so the command line lists ``train`` without JAX).

>>> config = TrainConfig(inputs=("sp1",), out="net", epochs=2)
>>> config.check()
>>> config.command_line()
'yinsh train sp1 --out net --epochs 2 --batch-size 1024 --lr 0.002 --seed 1 --lambda 0.7 --validation 0.05'
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import shlex
from typing import Any, Callable, Optional

from yinsh.arguments import positive_float

__all__ = ["CHECKPOINT", "DATA", "NETWORK", "TrainConfig", "TrainError", "TrainReport",
           "add_arguments", "config_from_args"]

#: The checkpoint in a training folder (the same command resumes from it).
CHECKPOINT = "checkpoint.npz"
#: The training set a run builds from self-play folders, in its training folder.
DATA = "data.npz"
#: The exported network in a training folder (Yinsh's; another game's is
#: ``<game>.nnue``: ``yinsh.nn.games.NNGame.network_file``).
NETWORK = "yinsh.nnue"


class TrainError(ValueError):
    """A training run that cannot start or continue (bad options, a
    checkpoint of another run, unusable data)."""


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    """A training run. ``inputs``: self-play folders, or one training set
    file (``yinsh.nn.data``); ``out``: the folder of the checkpoint, the
    built training set and the network. ``lam`` is ``--lambda``."""

    inputs: tuple[str, ...]
    out: str
    epochs: int = 12
    batch_size: int = 1024
    lr: float = 2e-3
    seed: int = 1
    lam: float = 0.7
    validation: float = 0.05
    checkpoint_every: float = 120.0
    command: str = ""

    def check(self) -> None:
        """``TrainError`` for options out of range."""
        if not self.inputs:
            raise TrainError("no input: give self-play folders or a training set file")
        for name, low in (("epochs", 1), ("batch_size", 1), ("seed", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise TrainError(f"{name} must be an int >= {low}, not {value!r}")
        if not (self.lr > 0 and math.isfinite(self.lr)):
            raise TrainError(f"lr must be a positive number, not {self.lr!r}")
        if not 0.0 <= self.lam <= 1.0:
            raise TrainError(f"lambda must be in 0..1, not {self.lam!r}")
        if not 0.0 <= self.validation < 1.0:
            raise TrainError(f"validation must be a fraction in 0..1 (excluded), not "
                             f"{self.validation!r}")
        if not self.checkpoint_every > 0:
            raise TrainError("checkpoint_every must be a positive number of seconds")

    def run_options(self) -> dict[str, Any]:
        """What fixes the result (a checkpoint resumes only the same run)."""
        return {"epochs": self.epochs, "batch_size": self.batch_size, "lr": self.lr,
                "seed": self.seed, "lambda": self.lam, "validation": self.validation}

    def command_line(self) -> str:
        """``command``, or the ``yinsh train`` command of these options."""
        if self.command:
            return self.command
        return shlex.join(["yinsh", "train", *self.inputs, "--out", self.out, "--epochs",
                           str(self.epochs), "--batch-size", str(self.batch_size), "--lr",
                           repr(self.lr), "--seed", str(self.seed), "--lambda", repr(self.lam),
                           "--validation", repr(self.validation)])


@dataclasses.dataclass
class TrainReport:
    """What a run did: the epochs finished, the losses of each epoch, the
    speed, and the network written (``None`` until the last epoch)."""

    epochs_done: int
    epochs: int
    train_losses: list[float]
    validation_losses: list[Optional[float]]
    positions: int
    validation_positions: int
    positions_per_second: float
    data_hash: str
    network: Optional[str] = None
    quantisation: Optional[dict[str, float]] = None

    @property
    def complete(self) -> bool:
        """Whether every epoch ran (then ``network`` names the file written)."""
        return self.epochs_done >= self.epochs

    def summary(self) -> str:
        """Lines for people."""
        lines = [f"{self.epochs_done}/{self.epochs} epochs, {self.positions} training positions "
                 f"({self.validation_positions} validation), "
                 f"{self.positions_per_second:,.0f} positions/s; data sha256 {self.data_hash}"]
        if self.train_losses:
            valid = self.validation_losses[-1]
            lines.append(f"last epoch: train loss {self.train_losses[-1]:.5f}, validation loss "
                         + ("-" if valid is None else f"{valid:.5f}"))
        if self.quantisation:
            q = self.quantisation
            lines.append(f"quantisation: |integer - float score| mean {q['mean_abs']:.1f}, "
                         f"max {q['max_abs']:.0f} (score units; P(win) = sigmoid(score / 2000)); "
                         f"the integer network's loss {q['integer_loss']:.5f}")
        if self.network:
            lines.append(f"network: {self.network}")
        else:
            lines.append("incomplete: run the same command to resume")
        return "\n".join(lines)


def _fraction(low_open: bool) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not (0.0 <= value <= 1.0) or (low_open and value >= 1.0):
            raise argparse.ArgumentTypeError(f"must be in 0..1, not {text}")
        return value
    return parse


def _whole(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value
    return parse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``yinsh train`` (shared with ``python -m yinsh.nn.train``)."""
    defaults = TrainConfig(inputs=(), out="")
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="yinsh selfplay folders, or one training set file (python -m yinsh.nn.data)")
    p.add_argument("--out", required=True, metavar="DIR",
                   help=f"the folder of {CHECKPOINT}, {DATA} and the network "
                        f"(<game>.nnue: {NETWORK}, insert.nnue)")
    p.add_argument("--epochs", type=_whole(1), default=defaults.epochs, metavar="N",
                   help=f"passes over the training positions, each under random symmetries "
                        f"(default {defaults.epochs})")
    p.add_argument("--batch-size", type=_whole(1), default=defaults.batch_size, metavar="N",
                   help=f"positions per step (default {defaults.batch_size})")
    p.add_argument("--lr", type=positive_float, default=defaults.lr, metavar="RATE",
                   help=f"Adam's learning rate, cosine-decayed to 5%% (default {defaults.lr})")
    p.add_argument("--seed", type=_whole(0), default=defaults.seed, metavar="N",
                   help="the seed of the initial weights, the split and the batches (default 1)")
    p.add_argument("--lambda", dest="lam", type=_fraction(False), default=defaults.lam, metavar="L",
                   help="the target's weight of the search's score against the game's result: "
                        f"lambda * sigmoid(score / 2000) + (1 - lambda) * result "
                        f"(default {defaults.lam})")
    p.add_argument("--validation", type=_fraction(True), default=defaults.validation, metavar="F",
                   help=f"the fraction of games held out for the validation loss "
                        f"(default {defaults.validation})")
    p.add_argument("--checkpoint-every", type=positive_float, default=defaults.checkpoint_every,
                   metavar="SECONDS", help="save the checkpoint this often too "
                                           f"(default {defaults.checkpoint_every:g})")
    p.add_argument("--quiet", action="store_true", help="no progress bar nor epoch lines")


def config_from_args(args: argparse.Namespace, command: str) -> TrainConfig:
    """The TrainConfig of parsed arguments (``command``: the command line)."""
    return TrainConfig(inputs=tuple(args.inputs), out=args.out, epochs=args.epochs,
                       batch_size=args.batch_size, lr=args.lr, seed=args.seed, lam=args.lam,
                       validation=args.validation, checkpoint_every=args.checkpoint_every,
                       command=command)


