"""Load test of the web server: many sessions playing random legal games at once.

Starts `yinsh serve` on a free port of 127.0.0.1 (only this machine is ever
addressed), then runs SESSIONS concurrent players for SECONDS seconds. Each
player starts a game (Yinsh standard or blitz, Insert on a random layout, or
Ludo with 2-4 players; every seat a person), plays random legal actions from
the choices the server sends (throwing the die in Ludo) until the game ends,
then starts another. Every answer is checked: it is the player's own game,
its move list is the one sent (plus the forced actions the server played),
and every tenth action the stored game is fetched and compared, so a lost or
mixed-up session counts as an error. Prints requests/s, the latency
percentiles and the errors; exits 1 on any error.

    python benchmarks/web_load.py [--sessions 50] [--seconds 60]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

GAMES = [("yinsh", {"variant": "standard"}, 2), ("yinsh", {"variant": "blitz"}, 2),
         ("insert", {"layout": "random"}, 2), ("ludo", {"players": 2}, 2),
         ("ludo", {"players": 3}, 3), ("ludo", {"players": 4}, 4)]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games = 0
        self.actions = 0


async def call(client: httpx.AsyncClient, stats: Stats, method: str, path: str,
               body: object = None) -> dict:
    start = time.perf_counter()
    response = await client.request(method, path, json=body)
    stats.latencies.append(time.perf_counter() - start)
    if response.status_code != 200:
        raise AssertionError(f"{method} {path}: {response.status_code} {response.text[:200]}")
    return response.json()


async def player(k: int, client: httpx.AsyncClient, stats: Stats, deadline: float) -> None:
    rng = random.Random(k)
    while time.monotonic() < deadline:
        name, options, seats = rng.choice(GAMES)
        try:
            state = await call(client, stats, "POST", "/api/games",
                               {"game": name, "options": options, "seats": [None] * seats})
            mine, sent = state["id"], [m["text"] for m in state["moves"]]
            while not state["over"] and time.monotonic() < deadline:
                if state["buttons"]["throw"]:
                    answer = await call(client, stats, "POST", f"/api/games/{mine}/throw", {})
                    move = None
                else:
                    move = rng.choice(state["choices"])["move"]
                    answer = await call(client, stats, "POST", f"/api/games/{mine}/play",
                                        {"move": move})
                stats.actions += 1
                texts = [m["text"] for m in answer["moves"]]
                if answer["id"] != mine or texts[:len(sent)] != sent or len(texts) <= len(sent):
                    raise AssertionError(f"session {k}: the answer is not the game it played")
                if move is not None and texts[len(sent)] != move:
                    raise AssertionError(f"session {k}: sent {move}, got {texts[len(sent)]}")
                if move is None and not texts[len(sent)].startswith("r"):
                    raise AssertionError(f"session {k}: a throw gave {texts[len(sent)]}")
                state, sent = answer, texts
                if stats.actions % 10 == 0:
                    stored = await call(client, stats, "GET", f"/api/games/{mine}")
                    if [m["text"] for m in stored["moves"]] != sent:
                        raise AssertionError(f"session {k}: the stored game differs")
            if state["over"]:
                stats.games += 1
        except (AssertionError, httpx.HTTPError) as exc:
            stats.errors.append(f"{type(exc).__name__}: {exc}")


async def run(url: str, sessions: int, seconds: float) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30.0) as client:
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(player(k, client, stats, deadline) for k in range(sessions)))
    return stats


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50, help="concurrent sessions (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (default 60)")
    args = parser.parse_args()
    if not 1 <= args.sessions <= 500 or not 1 <= args.seconds <= 600:
        parser.error("--sessions 1..500, --seconds 1..600")
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root / "src"),
                                                       os.environ.get("PYTHONPATH", "")]))
    server = subprocess.Popen([sys.executable, "-m", "yinsh", "serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        started = time.perf_counter()
        stats = asyncio.run(run(url, args.sessions, args.seconds))
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=15)
    lat = stats.latencies
    print(f"sessions {args.sessions}, {elapsed:.1f} s, server at {url}")
    print(f"requests {len(lat)}, {len(lat) / elapsed:.0f} requests/s; actions {stats.actions}; "
          f"games finished {stats.games}")
    print(f"latency p50 {percentile(lat, 0.5) * 1000:.1f} ms, p95 {percentile(lat, 0.95) * 1000:.1f} ms, "
          f"p99 {percentile(lat, 0.99) * 1000:.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
    print(f"errors {len(stats.errors)}")
    for error in stats.errors[:10]:
        print("  " + error)
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
