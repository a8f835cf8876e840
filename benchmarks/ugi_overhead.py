"""What the UGI protocol costs per action: the time from writing ``go
movetime T`` to reading ``bestmove`` from ``yinsh ugi`` against the time of
``Engine.analyse(board, time=T)`` in this process, on the positions of one
self-played game, and the ``stop`` latency (``stop`` during ``go infinite``
to ``bestmove``). Both engines have the same settings (the game's default
evaluation, a 16 MB table kept between actions).

    python benchmarks/ugi_overhead.py [--game yinsh] [--movetime 50] [--positions 40]

Prints min / median / max in milliseconds. docs/ugi.md quotes it.
"""
from __future__ import annotations

import argparse
import os
import queue
import random
import statistics
import subprocess
import sys
import threading
import time

from yinsh import games
from yinsh.engine import Engine


def positions(game: str, count: int, seed: int = 1) -> list[str]:
    """The position strings of a game played by random actions (dice thrown
    at random), without its throws to come (a chance node is not searched)."""
    kind = games.get(game)
    board = kind.new_board({})
    rng = random.Random(seed)
    found = []
    while len(found) < count and not board.is_game_over():
        if kind.part("rl").is_chance(board):
            kind.part("rl").throw(board, rng)
            continue
        found.append(board.position())
        board.push(rng.choice(list(board.legal_moves)))
    return found


class Ugi:
    """``yinsh ugi`` in a child process, its lines read by a thread."""

    def __init__(self, game: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "yinsh", "ugi", "--game", game],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode().strip())

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")

    def until(self, prefix: str) -> str:
        while True:
            line = self.lines.get(timeout=60)
            if line.startswith(prefix):
                return line

    def close(self) -> None:
        self.send("quit")
        self.process.wait(10)


def summary(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{name:<34} min {min(ms):7.2f}  median {statistics.median(ms):7.2f}  max {max(ms):7.2f} ms "
            f"({len(ms)} actions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yinsh")
    parser.add_argument("--movetime", type=int, default=50, help="milliseconds per action")
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    found = positions(args.game, args.positions)
    board_class = games.get(args.game).board_class
    seconds = args.movetime / 1000

    engine = Engine(keep_tables=True)
    library = []
    for text in found:
        board = board_class(text)
        began = time.perf_counter()
        engine.analyse(board, time=seconds)
        library.append(time.perf_counter() - began)

    ugi = Ugi(args.game)
    ugi.send("ugi")
    ugi.until("ugiok")
    ugi.send("isready")
    ugi.until("readyok")
    protocol = []
    for text in found:
        ugi.send(f"position fen {text}")
        began = time.perf_counter()
        ugi.send(f"go movetime {args.movetime}")
        ugi.until("bestmove")
        protocol.append(time.perf_counter() - began)
    stops = []
    for text in found[:20]:
        ugi.send(f"position fen {text}")
        ugi.send("go infinite")
        ugi.until("info")
        time.sleep(0.05)
        began = time.perf_counter()
        ugi.send("stop")
        ugi.until("bestmove")
        stops.append(time.perf_counter() - began)
    ugi.close()

    print(f"{args.game}, {os.cpu_count()} cores, go movetime {args.movetime} against "
          f"Engine.analyse(time={seconds})")
    print(summary("Engine.analyse (in process)", library))
    print(summary(f"yinsh ugi: go movetime {args.movetime} to bestmove", protocol))
    overhead = [p - q for p, q in zip(protocol, library)]
    print(f"{'overhead per action':<34} median {statistics.median(overhead) * 1000:7.2f} ms")
    print(summary("yinsh ugi: stop to bestmove", stops))


if __name__ == "__main__":
    main()
