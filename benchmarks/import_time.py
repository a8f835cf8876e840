"""What starting costs: the wall time of a fresh interpreter that only
imports yinsh, and of ``yinsh --help``, beside a bare interpreter.

    python benchmarks/import_time.py [--runs 20]

Each command runs ``--runs`` times in turns (so that the load of the machine
falls on all of them alike), each time in a fresh interpreter started from a
directory outside the source tree; the table gives the median wall time of
each and what it costs above the bare ``python -c pass`` (here on two busy
cores, where `import yinsh` took 230 ms and `yinsh --help` 380 ms when they
loaded numpy, the engine and every game):

    command                 median ms   above bare ms
    python -c pass              11.0             0.0
    import yinsh                53.1            42.0
    yinsh --help                86.6            75.6

``python -X importtime -c "import yinsh"`` shows where the time goes.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "import yinsh": ["-c", "import yinsh"],
    "yinsh --help": ["-m", "yinsh", "--help"],
}


def wall_ms(args: list[str], cwd: str) -> float:
    """The wall time of one fresh interpreter running ``args``, in ms."""
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="fresh interpreters per command (20)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as cwd:
        for argv in COMMANDS.values():              # warm the file cache once
            wall_ms(argv, cwd)
        for _ in range(args.runs):
            for name, argv in COMMANDS.items():
                times[name].append(wall_ms(argv, cwd))
    medians = {name: statistics.median(runs) for name, runs in times.items()}
    bare = medians["python -c pass"]
    print(f"{'command':<20} {'median ms':>12} {'above bare ms':>15}")
    for name, median in medians.items():
        print(f"{name:<20} {median:>12.1f} {median - bare:>15.1f}")


if __name__ == "__main__":
    main()
