"""The speed of the learned evaluation's pipeline (docs/nn.md): building the
training set from self-play folders, and training (positions per second,
each under a random symmetry; the first step, which compiles, not counted).

    python benchmarks/nn_train_speed.py SELFPLAY_DIR... [--epochs 1] [--batch-size 4096]
    python benchmarks/nn_train_speed.py data.npz          # a built training set

Pin it to cores to measure a given number (``taskset -c 1``); JAX uses
every core it may. Needs the train extra (JAX, optax).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from yinsh.nn import data as nndata
from yinsh.nn.config import TrainConfig


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="self-play folders or one training set file")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=4096)
    args = parser.parse_args()
    from yinsh.nn.train import train               # needs JAX
    with tempfile.TemporaryDirectory() as out:
        inputs = args.inputs
        if not (len(inputs) == 1 and os.path.isfile(inputs[0])):
            began = time.perf_counter()
            data = nndata.build(inputs)
            seconds = time.perf_counter() - began
            path = os.path.join(out, "data.npz")
            nndata.save(data, path)
            print(f"build: {data.meta['occurrences']} positions ({data.positions} distinct) in "
                  f"{seconds:.1f} s: {data.meta['occurrences'] / seconds:,.0f} positions/s")
            inputs = [path]
        began = time.perf_counter()
        report = train(TrainConfig(inputs=tuple(inputs), out=os.path.join(out, "run"),
                                   epochs=args.epochs, batch_size=args.batch_size))
        print(f"train: {report.epochs} epochs of {report.positions} positions, batch "
              f"{args.batch_size}: {report.positions_per_second:,.0f} positions/s "
              f"({time.perf_counter() - began:.1f} s in all, with loading, compiling, validation "
              f"and export); validation loss {report.validation_losses[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
