"""What honest players see while one anonymous client attacks the server.

Starts ``yinsh serve`` on 127.0.0.1 (an SQLite file in a temporary folder;
its open-file limit set to ``--nofile``, 1024 by default) and runs, one
after another, each attack of issue 26's table, bounded in count and time,
from one client address, while honest players (other addresses, sent as
``X-Forwarded-For`` through the default trusted proxy 127.0.0.1, as nginx
would) go on playing:

- ``engines``: ``--engine-games`` Ludo games ``["me", 10, 10, 10]``, each
  resigned at once (so that only engines play on);
- ``readers``: ``--readers`` sockets that say hello and never read, on a game
  in which the attacker offers and declines ``--updates`` draws;
- ``sockets``: ``--sockets`` spectator sockets held open at once (from
  ``--addresses`` addresses: more than one reaches the global cap);
- ``flood``: ``--flood`` games created as fast as the server answers (a
  quarter of them as cross-site ``text/plain`` posts), never joined;
- ``junk``: games with unknown option keys of 60 KB and Insert games with a
  Yinsh ``variant`` and Ludo ``players``;
- ``analyses``: ``--analyses`` live analyses of a Yinsh game at one screen
  (each may search 2 minutes), one a socket, held while the honest player's
  engine is asked to play.

The honest players: one fetches the lobby every 0.25 s, two play an Insert
game by HTTP actions every 0.1 s, and one plays Yinsh against a 0.1 s
engine on a WebSocket. For each attack it prints the lobby's and the
actions' p95 and max, the engine's slowest reply (from the person's ack to
the engine's move), what the server refused, its memory (RSS) before, at
the peak and after, and its log's growth. Goals (issue 26): lobby and
action p95 <= 100 ms, an engine reply within 1 s, memory back within 20 MB.
Loopback only; at most a few minutes.

    python benchmarks/web_abuse.py
    python benchmarks/web_abuse.py --attacks flood,junk --flood 500
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

ATTACKER = {"X-Forwarded-For": "198.51.100.66"}
ATTACKS = ("engines", "readers", "sockets", "flood", "junk", "analyses")


def honest(n: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"203.0.113.{n}"}


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


class Server:
    """``yinsh serve`` with RLIMIT_NOFILE nofile; its stderr in a file."""

    def __init__(self, folder: str, nofile: int, extra: list[str]) -> None:
        self.log_path = os.path.join(folder, "serve.log")
        self.log = open(self.log_path, "w")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"),
             os.environ.get("PYTHONPATH", "")]))

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.process = subprocess.Popen(
            [sys.executable, "-m", "yinsh", "serve", "--port", "0", "--db",
             os.path.join(folder, "games.sqlite3"), *extra],
            env=env, stdout=subprocess.PIPE, stderr=self.log, text=True, preexec_fn=limit)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line.startswith("Serving"):
            self.process.kill()
            raise RuntimeError(f"yinsh serve did not start: {line}")
        self.url = line.split(" at ")[1].split()[0].rstrip("/")
        self.ws_url = self.url.replace("http://", "ws://")

    @property
    def log_bytes(self) -> int:
        return os.path.getsize(self.log_path)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class Honest:
    """The honest players (see the module), measuring while ``running``."""

    def __init__(self, server: Server, rng: random.Random) -> None:
        self.server, self.rng = server, rng
        self.lobby: list[float] = []
        self.actions: list[float] = []
        self.engine: list[float] = []
        self.failures: list[str] = []
        self.running = True

    def reset(self) -> None:
        self.lobby, self.actions, self.engine, self.failures = [], [], [], []

    async def lobby_reader(self, http: httpx.AsyncClient) -> None:
        while self.running:
            start = time.perf_counter()
            try:
                answer = await http.get("/api/online/lobby", headers=honest(1), timeout=60)
                if answer.status_code != 200:
                    self.failures.append(f"lobby {answer.status_code}")
            except httpx.HTTPError as exc:
                self.failures.append(f"lobby {type(exc).__name__}")
            self.lobby.append(time.perf_counter() - start)
            await asyncio.sleep(0.25)

    async def _try_pair(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        made = (await http.post("/api/online/games", json={"game": "insert", "seats": ["me", "invite"],
                                                         "name": "Honest A"}, headers=honest(2))).json()
        joined = (await http.post(f"/api/online/games/{made['id']}/join", headers=honest(3),
                                  json={"invite": made["invites"][0]["invite"], "name": "Honest B"})).json()
        return made["id"], [made["token"], joined["token"]]

    async def _state(self, http: httpx.AsyncClient, game_id: str) -> dict[str, Any]:
        while True:
            answer = await http.get(f"/api/online/games/{game_id}", headers=honest(2))
            if answer.status_code == 200:
                return dict(answer.json())
            self.failures.append(f"state {answer.status_code}")
            await asyncio.sleep(0.5)

    async def _new_pair(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        while True:
            try:
                return await self._try_pair(http)
            except (KeyError, ValueError):
                self.failures.append("new game refused")
                await asyncio.sleep(0.5)

    async def players(self, http: httpx.AsyncClient) -> None:
        game_id, tokens = await self._new_pair(http)
        state = await self._state(http, game_id)
        while self.running:
            if state["over"]:
                game_id, tokens = await self._new_pair(http)
                state = await self._state(http, game_id)
            seat = state["to_act"]
            move = self.rng.choice(state["choices"])["move"]
            start = time.perf_counter()
            try:
                answer = await http.post(f"/api/online/games/{game_id}/action", timeout=60,
                                         headers={"Authorization": f"Bearer {tokens[seat]}", **honest(2 + seat)},
                                         json={"type": "move", "move": move, "ply": state["ply"],
                                               "seq": state["seq"]})
                self.actions.append(time.perf_counter() - start)
                if answer.status_code == 200:
                    state = answer.json()["state"]
                else:
                    self.failures.append(f"action {answer.status_code}")
                    state = await self._state(http, game_id)
            except httpx.HTTPError as exc:
                self.failures.append(f"action {type(exc).__name__}")
            await asyncio.sleep(0.1)

    async def against_engine(self, http: httpx.AsyncClient) -> None:
        while self.running:
            answer = await http.post("/api/online/games", headers=honest(4), json={
                "game": "yinsh", "options": {"variant": "blitz"}, "seats": ["me", 0.1],
                "name": "Honest C"})
            if answer.status_code != 200:
                self.failures.append(f"engine game {answer.status_code}")
                await asyncio.sleep(0.5)
                continue
            made = answer.json()
            url = f"{self.server.ws_url}/api/online/games/{made['id']}/live"
            try:
                await self._engine_game(url, made)
            except Exception as exc:          # refused (1013) while the server is full: again
                self.failures.append(f"engine socket {type(exc).__name__}")
                await asyncio.sleep(0.5)

    async def _engine_game(self, url: str, made: dict[str, Any]) -> None:
        async with connect(url, max_size=2 ** 22, additional_headers=honest(4)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            state: dict[str, Any] = {}
            acked: Optional[float] = None
            while self.running:
                message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if "state" in message:
                    state = message["state"]
                if message["type"] == "ack":
                    acked = time.perf_counter()
                if state.get("over"):
                    break
                if message["type"] in ("snapshot", "update") and state.get("to_act") == 0 \
                        and state["choices"]:
                    if acked is not None and message["type"] == "update":
                        self.engine.append(time.perf_counter() - acked)
                        acked = None
                    await asyncio.sleep(0.2)
                    await ws.send(json.dumps({"type": "move", "move": self.rng.choice(state["choices"])["move"],
                                              "ply": state["ply"], "seq": state["seq"], "id": "m"}))

    async def run(self) -> None:
        async with httpx.AsyncClient(base_url=self.server.url, timeout=60) as http:
            tasks = [asyncio.ensure_future(t) for t in (self.lobby_reader(http), self.players(http),
                                                        self.against_engine(http))]
            while self.running:
                await asyncio.sleep(0.2)
                for task in tasks:
                    if task.done() and task.exception() is not None:
                        self.failures.append(f"player stopped: {task.exception()!r}")
                        raise task.exception()  # type: ignore[misc]
            for task in tasks:
                task.cancel()


# The attacks: each returns what the server refused -------------------------------------------------

async def attack_engines(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    refused: dict[str, int] = {}
    for _ in range(args.engine_games):
        made = await http.post("/api/online/games", headers=ATTACKER, json={
            "game": "ludo", "options": {"players": 4}, "seats": ["me", 10, 10, 10]})
        if made.status_code != 200:
            refused[str(made.status_code)] = refused.get(str(made.status_code), 0) + 1
            continue
        body = made.json()
        await http.post(f"/api/online/games/{body['id']}/action", headers={
            "Authorization": f"Bearer {body['token']}", **ATTACKER},
            json={"type": "resign", "ply": body["state"]["ply"]})
    await asyncio.sleep(args.hold)
    return refused


async def attack_readers(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    made = (await http.post("/api/online/games", headers=ATTACKER, json={
        "game": "yinsh", "seats": ["me", "invite"]})).json()
    other = (await http.post(f"/api/online/games/{made['id']}/join", headers=ATTACKER,
                             json={"invite": made["invites"][0]["invite"]})).json()
    url = f"{server.ws_url}/api/online/games/{made['id']}/live"
    sockets = []
    refused = 0
    for _ in range(args.readers):
        try:
            ws = await connect(url, max_size=2 ** 22, max_queue=1, additional_headers=ATTACKER)
            await ws.send(json.dumps({"type": "hello", "token": None}))
            sockets.append(ws)
        except Exception:
            refused += 1
    seq = 0
    deadline = time.monotonic() + args.hold * 3
    for i in range(args.updates):
        if time.monotonic() > deadline:
            break
        for token, kind in ((made["token"], "draw"), (other["token"], "draw_decline")):
            answer = await http.post(f"/api/online/games/{made['id']}/action", headers={
                "Authorization": f"Bearer {token}", **ATTACKER}, json={"type": kind, "ply": 0, "seq": seq})
            if answer.status_code == 200:
                seq = answer.json()["seq"]
    await asyncio.sleep(2)
    for ws in sockets:
        ws.transport.abort()            # never read: gone without a closing handshake
    await asyncio.sleep(args.hold)
    return {"sockets refused": refused, "sockets open": len(sockets)}


async def attack_sockets(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    made = (await http.post("/api/online/games", headers=ATTACKER, json={
        "game": "insert", "seats": ["me", "invite"]})).json()
    url = f"{server.ws_url}/api/online/games/{made['id']}/live"
    sockets, closed, failed = [], 0, 0

    async def one(n: int) -> None:
        nonlocal closed, failed
        headers = ATTACKER if args.addresses <= 1 else {"X-Forwarded-For": f"198.51.{n % args.addresses // 250}"
                                                                           f".{n % args.addresses % 250 + 1}"}
        try:
            ws = await connect(url, max_size=2 ** 22, additional_headers=headers, open_timeout=20)
        except Exception:
            failed += 1
            return
        try:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            await asyncio.wait_for(ws.recv(), 20)
            sockets.append(ws)
        except Exception:
            closed += 1

    for start in range(0, args.sockets, 100):
        await asyncio.gather(*(one(n) for n in range(start, min(args.sockets, start + 100))))
    await asyncio.sleep(args.hold)
    for ws in sockets:
        await ws.close()
    await asyncio.sleep(1)
    return {"open": len(sockets), "closed 1013": closed, "failed": failed}


async def attack_flood(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    codes: dict[str, int] = {}
    deadline = time.monotonic() + args.hold * 3
    for i in range(args.flood):
        if time.monotonic() > deadline:
            break
        body = json.dumps({"game": "insert", "seats": ["me", "invite"], "public": True, "name": "flood"})
        kind = "text/plain" if i % 4 == 3 else "application/json"
        answer = await http.post("/api/online/games", content=body,
                                 headers={"Content-Type": kind, "Origin": "https://evil.example" if i % 4 == 3
                                          else server.url, **ATTACKER})
        codes[str(answer.status_code)] = codes.get(str(answer.status_code), 0) + 1
    lobby = (await http.get("/api/online/lobby")).json()
    codes["flood games in the lobby"] = sum(1 for g in lobby["open"] for s in g["seats"] if s["name"] == "flood")
    await asyncio.sleep(args.hold)
    return codes


async def attack_junk(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    codes: dict[str, int] = {}
    bodies = [{"game": "insert", "options": {"junk": "x" * 60000}, "public": True},
              {"game": "insert", "options": {"variant": "<b>anything</b>", "players": 99}, "public": True},
              {"game": "ludo", "options": {"players": 4, "junk": "y" * 1000}, "public": True}]
    for i in range(30):
        answer = await http.post("/api/online/games", json=bodies[i % 3], headers=ATTACKER)
        codes[str(answer.status_code)] = codes.get(str(answer.status_code), 0) + 1
    lobby = await http.get("/api/online/lobby")
    codes["lobby bytes"] = len(lobby.content)
    await asyncio.sleep(args.hold)
    return codes


async def attack_analyses(server: Server, http: httpx.AsyncClient, args: argparse.Namespace) -> dict[str, int]:
    game = (await http.post("/api/games", headers=ATTACKER, json={"game": "yinsh", "seats": [None, None]})).json()
    url = f"{server.ws_url}/api/games/{game['id']}/analysis"
    answers: dict[str, int] = {}

    async def one() -> Any:
        ws = await connect(url, max_size=2 ** 22, additional_headers=ATTACKER)
        await ws.send(json.dumps({"type": "start", "ply": 0}))
        kind = json.loads(await asyncio.wait_for(ws.recv(), 20))["type"]
        answers[kind] = answers.get(kind, 0) + 1
        return ws

    sockets = await asyncio.gather(*(one() for _ in range(args.analyses)))
    await asyncio.sleep(args.hold)
    for ws in sockets:
        await ws.close()
    return {"first answers " + kind: n for kind, n in answers.items()}


async def main_async(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder, args.nofile, args.serve_args)
        print(f"yinsh serve at {server.url}, open files {args.nofile}; honest players from "
              "203.0.113.x, the attacker from 198.51.100.66", flush=True)
        players = Honest(server, rng)
        honest_task = asyncio.ensure_future(players.run())
        try:
            await asyncio.sleep(args.warmup)
            base_rss = rss_mb(server.process.pid)
            async with httpx.AsyncClient(base_url=server.url, timeout=120,
                                         limits=httpx.Limits(max_connections=20)) as http:
                await calm(players, args, "none (calm)", {}, server, base_rss, rss_mb(server.process.pid))
                for name in args.attacks:
                    players.reset()
                    before = rss_mb(server.process.pid)
                    log_before = server.log_bytes
                    peak = [before]

                    async def watch() -> None:
                        while True:
                            peak[0] = max(peak[0], rss_mb(server.process.pid))
                            await asyncio.sleep(0.2)

                    watcher = asyncio.ensure_future(watch())
                    attack = globals()[f"attack_{name}"]
                    refused = await asyncio.wait_for(attack(server, http, args), args.limit)
                    watcher.cancel()
                    await asyncio.sleep(2)
                    report(players, name, refused, before, peak[0], rss_mb(server.process.pid),
                           server.log_bytes - log_before, base_rss)
        finally:
            players.running = False
            honest_task.cancel()
            server.stop()


async def calm(players: Honest, args: argparse.Namespace, name: str, refused: dict[str, int],
               server: Server, base: float, now: float) -> None:
    players.reset()
    await asyncio.sleep(args.hold)
    report(players, name, refused, base, now, rss_mb(server.process.pid), 0, base)


def report(players: Honest, name: str, refused: dict[str, int], before: float, peak: float,
           after: float, log_bytes: int, base: float) -> None:
    ms = lambda v: f"{v * 1000:.0f}"  # noqa: E731
    engine = max(players.engine) if players.engine else float("nan")
    print(f"{name:12s} lobby p95/max {ms(p95(players.lobby))}/{ms(max(players.lobby, default=0))} ms "
          f"(n={len(players.lobby)}); actions p95/max {ms(p95(players.actions))}/"
          f"{ms(max(players.actions, default=0))} ms (n={len(players.actions)}); engine reply max "
          f"{engine:.2f} s (n={len(players.engine)}); RSS {before:.0f} -> peak {peak:.0f} -> "
          f"{after:.0f} MB (start {base:.0f}); log +{log_bytes} B; server: {refused}; "
          f"honest failures: {len(players.failures)} {sorted(set(players.failures))[:3]}", flush=True)


def main(argv: Optional[list[str]] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--attacks", default=",".join(ATTACKS), help=f"some of {','.join(ATTACKS)}")
    p.add_argument("--engine-games", type=int, default=45)
    p.add_argument("--readers", type=int, default=100)
    p.add_argument("--updates", type=int, default=300, help="draw offers and declines (two updates each)")
    p.add_argument("--sockets", type=int, default=1014)
    p.add_argument("--addresses", type=int, default=1,
                   help="the sockets attack comes from this many addresses (X-Forwarded-For; 1: one client)")
    p.add_argument("--flood", type=int, default=2000)
    p.add_argument("--analyses", type=int, default=4, help="live analyses held at once")
    p.add_argument("--nofile", type=int, default=1024, help="the server's open-file limit")
    p.add_argument("--hold", type=float, default=8.0, help="seconds each attack is held and watched")
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--limit", type=float, default=120.0, help="seconds an attack may take at most")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--serve-args", default="", help="more yinsh serve flags, in one string")
    args = p.parse_args(argv)
    args.attacks = [a for a in args.attacks.split(",") if a]
    if any(a not in ATTACKS for a in args.attacks):
        p.error(f"attacks are {', '.join(ATTACKS)}")
    args.serve_args = args.serve_args.split()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, args.sockets + 512))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))     # this client's own sockets
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
