"""Load of online play: many games at once, two live sockets each.

Starts ``yinsh serve`` on an SQLite file or on a throwaway PostgreSQL
cluster, creates ``--games`` games (Insert by default: two people, one
invited), connects both players of each with a WebSocket and lets them play
random legal actions (each after ``--think`` seconds, 0 for as fast as the
server goes) for ``--warmup`` seconds (the games are created and connected;
nothing is counted) and then ``--seconds`` more, measured; a finished game
is replaced by a new one. Each player waits for the answer to their own
action before the next (a closed loop), so at a given rate the wait grows
with the tables: 64 (the default) keep one server process busy on 2
cores; 200 at full speed wait three times as long for the same rate.
Prints actions a second, the latency from sending an action to the
opponent's socket receiving it (p50, p95, max), the time a new game takes
from its creation to both players' snapshots, the errors (refused
actions, lost connections: should be 0) and the lost actions: every
acknowledged action is looked for in the database at the end (should be 0).
On Linux it also prints the CPU time the server processes, the load
generator and (its own cluster) PostgreSQL used per action while measured
(from /proc): on shared cores the rate depends on the other jobs, the CPU
time an action costs much less. ``--history N`` first puts N finished
games (20 entries each) in the database, as on a server that has run a
while: statements that read a whole table show there, not on a new one.

    python benchmarks/web_online_load.py --db sqlite
    python benchmarks/web_online_load.py --db postgresql
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
from typing import Any, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from websockets.asyncio.client import connect  # noqa: E402

from online_servers import Server, postgres_cluster  # noqa: E402
from yinsh.web.database import Database  # noqa: E402

try:                    # the load generator shares the machine with the server: it keeps lean
    from orjson import dumps as _dumps, loads  # noqa: E402

    def dumps(value: Any) -> str:
        return _dumps(value).decode()
except ImportError:
    from json import dumps, loads  # noqa: E402


class Http:
    """One table's keep-alive HTTP/1.1 connection to the server: JSON
    posted, JSON answered (a client library's connection pool cost the
    load generator, which shares the machine with the server, more CPU than
    the play itself)."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.streams: Optional[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = None

    async def post(self, path: str, body: dict[str, Any], headers: dict[str, str]) -> Any:
        try:
            return await self._post(path, body, headers)
        except BaseException:
            self.close()
            raise

    async def _post(self, path: str, body: dict[str, Any], headers: dict[str, str]) -> Any:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        data = dumps(body).encode()
        lines = [f"POST {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                 "Content-Type: application/json", f"Content-Length: {len(data)}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        status = int((await reader.readline()).split()[1])
        length, keep = 0, True
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and value.strip().lower() == "close":
                keep = False
        answer = await reader.readexactly(length)
        if not keep:
            self.close()
        if status != 200:
            raise RuntimeError(f"{path}: {status} {answer[:200]!r}")
        return loads(answer)

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


class Load:
    def __init__(self, servers: list[Any], args: argparse.Namespace, db: str) -> None:
        self.servers, self.args, self.db = servers, args, db
        self.server = servers[0]
        self.rng = random.Random(args.seed)
        self.sent: dict[tuple[str, int], float] = {}      # (game, seq before) -> when sent
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.acked: dict[str, int] = {}                   # game -> highest seq acknowledged
        self.actions = 0
        self.stopping = False
        self.games_played = 0
        self.measuring = False
        self.made = 0                                     # games created: each from an address of its own
        self.setups: list[float] = []                     # a new game's create to both players' snapshots

    def address(self) -> dict[str, str]:
        """The next game's two players' client address (the server believes
        X-Forwarded-For from this machine, a trusted proxy): the load is many
        players, not one client, whom the server's per-address limits would stop."""
        self.made += 1
        n = self.made
        return {"X-Forwarded-For": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"}

    async def new_game(self, http: Http, headers: dict[str, str]) -> tuple[str, list[str]]:
        made = await http.post("/api/online/games", {
            "game": self.args.game, "seats": ["me", "invite"], "name": "A"}, headers)
        joined = await http.post(f"/api/online/games/{made['id']}/join",
                                 {"invite": made["invites"][0]["invite"], "name": "B"}, headers)
        return made["id"], [made["token"], joined["token"]]

    async def player(self, game_id: str, token: str, done: asyncio.Event, server: Any,
                     headers: dict[str, str], ready: list[float]) -> None:
        url = f"{server.ws_url}/api/online/games/{game_id}/live"
        # proxy=None: no proxy looked up in the environment for each socket
        async with connect(url, max_size=2 ** 22, open_timeout=30, additional_headers=headers,
                           proxy=None) as ws:
            await ws.send(dumps({"type": "hello", "token": token, "ack_in_update": self.args.folded}))
            state: dict[str, Any] = {}
            waiting = False
            while not done.is_set() and not (self.stopping and not waiting):
                message = loads(await ws.recv())
                now = time.perf_counter()
                kind = message["type"]
                if kind in ("error", "gone"):
                    self.errors.append(f"{kind}: {message['error']}")
                    waiting = False
                elif kind == "ack":
                    self.acked[game_id] = max(self.acked.get(game_id, 0), message["seq"])
                    self.actions += self.measuring
                    waiting = False
                elif kind == "update":
                    if "ack" in message:                  # its own action's update: the ack in it
                        self.acked[game_id] = max(self.acked.get(game_id, 0), message["ack"]["seq"])
                        self.actions += self.measuring
                        waiting = False
                    for event in message["events"]:
                        if event["seat"] != message["state"]["you"]:
                            sent = self.sent.pop((game_id, event["seq"] - 1), None)
                            if sent is not None and self.measuring:
                                self.latencies.append(now - sent)
                if "state" in message:
                    if not state:
                        ready.append(now)                 # its snapshot
                    state = message["state"]
                if state.get("over"):
                    done.set()
                    return
                if (not waiting and not self.stopping and state.get("to_act") == state.get("you")
                        and state.get("status") == "playing"):
                    if self.args.think:
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think)
                    if state.get("buttons", {}).get("throw"):
                        action = {"type": "throw"}
                    else:
                        action = {"type": "move", "move": self.rng.choice(state["choices"])["move"]}
                    self.sent[(game_id, state["seq"])] = time.perf_counter()
                    await ws.send(dumps({**action, "ply": state["ply"], "seq": state["seq"]}))
                    waiting = True

    async def table(self, index: int) -> None:
        """One table (the index-th): a game after another until stopping. Its
        games are made on the first server, their players' sockets on one
        server each (``--spread players``), or all on the table's server
        (``--spread games``)."""
        home = self.servers[index % len(self.servers)] if self.args.spread == "games" else self.server
        http = Http(home.url)
        while not self.stopping:
            try:
                headers = self.address()
                began, ready = time.perf_counter(), []
                game_id, tokens = await self.new_game(http, headers)
                done = asyncio.Event()
                await asyncio.gather(*(self.player(game_id, t, done, home if self.args.spread == "games"
                                                   else self.servers[i % len(self.servers)],
                                                   headers, ready) for i, t in enumerate(tokens)))
                self.games_played += done.is_set() and self.measuring
                if self.measuring and len(ready) == len(tokens):
                    self.setups.append(max(ready) - began)
            except Exception as exc:  # a lost connection counts as an error
                self.errors.append(f"{type(exc).__name__}: {exc}")
                await asyncio.sleep(1.0)
        http.close()

    async def run(self) -> None:
        tables = [asyncio.ensure_future(self.table(index)) for index in range(self.args.games)]
        await asyncio.sleep(self.args.warmup)
        self.measuring = True
        cpu = [server_cpu(self.servers), own_cpu(), database_cpu(self.db)]
        await asyncio.sleep(self.args.seconds)
        self.stopping = True
        counted = self.actions
        self.cpu = [server_cpu(self.servers) - cpu[0], own_cpu() - cpu[1], database_cpu(self.db) - cpu[2]]
        # the acks of the actions in flight come in; a player waiting for
        # the other's action waits for good: each is stopped after that
        await asyncio.wait(tables, timeout=2)
        for task in tables:
            task.cancel()
        self.measured = counted


def server_cpu(servers: list[Any]) -> float:
    """CPU seconds (user + system) the server processes used so far (Linux; else nan)."""
    total = 0.0
    for server in servers:
        process = getattr(server, "process", None)
        try:
            with open(f"/proc/{process.pid}/stat") as stat:           # type: ignore[union-attr]
                fields = stat.read().rpartition(")")[2].split()
        except (AttributeError, OSError):
            return float("nan")
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def database_cpu(db: str) -> float:
    """CPU seconds the PostgreSQL cluster of ``postgres_cluster`` at db used so
    far (its postmaster and every process it started that is still there:
    the servers' connections last; Linux), else nan."""
    folder = urllib.parse.parse_qs(urllib.parse.urlsplit(db).query).get("host", [""])[0]
    try:
        with open(os.path.join(folder, "data", "postmaster.pid")) as pid_file:
            postmaster = pid_file.readline().strip()
    except OSError:
        return float("nan")
    total = 0.0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue
        if pid == postmaster or fields[1] == postmaster:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


HISTORY = """
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}),
     s(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM s WHERE j < 20)
INSERT INTO {table}
"""
HISTORY_ROWS = {
    "games (id, game, options, start, created_ms, finished_ms, status, result, ply, seq, auto_throw, public)":
        "SELECT 'history' || i, 'insert', '{}', '', 1, 2, 'finished', '{\"code\": \"1-0\"}', 20, 20, "
        "false, false FROM n",
    "seats (game_id, seat, kind, name)": "SELECT 'history' || i, j - 1, 'person', 'P' FROM n, s WHERE j <= 2",
    "actions (game_id, seq, ply, kind, seat, text, auto, at_ms, used_ms)":   # seat: (j - 1) mod 2
        "SELECT 'history' || i, j, j - 1, 'move', 1 - j + 2 * (j / 2), 'a1', false, 1, 0 FROM n, s",
}


def add_history(db_url: str, count: int) -> None:
    """count finished private games in the database before the load, 20
    entries each, and its statistics brought up to date: a server that
    has run a while, whose tables are not almost empty (nothing in this
    load reads them back: their logs are not played)."""
    database = Database(db_url)
    with database.engine.begin() as conn:
        for table, rows in HISTORY_ROWS.items():
            conn.exec_driver_sql(HISTORY.format(count=count, table=table) + rows)
    with database.engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE")
        conn.commit()
    database.dispose()


def lost_actions(db_url: str, acked: dict[str, int]) -> int:
    database = Database(db_url)
    lost = 0
    for game_id, seq in acked.items():
        stored = database.load(game_id)
        if stored is None or len(stored.entries) < seq:
            lost += seq - (0 if stored is None else len(stored.entries))
    database.dispose()
    return lost


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="sqlite", help="sqlite or postgresql (default sqlite)")
    parser.add_argument("--games", type=int, default=64,
                        help="games at once (default 64; players' pace: 200 with --think 5)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds measured (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds first, not measured: the games start (default 10)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before acting (default 0)")
    parser.add_argument("--game", default="insert", choices=["insert", "yinsh", "ludo"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--history", type=int, default=0,
                        help="finished games in the database before the load (default 0: a new "
                             "database; a server that has run a while has many)")
    parser.add_argument("--separate-acks", dest="folded", action="store_false",
                        help="ask for each ack as a message of its own, as clients before the hello's "
                             "ack_in_update did (default: the ack in the action's own update, as the page)")
    parser.add_argument("--url", help="load a running server instead (e.g. behind a load balancer); "
                                      "--db is then its database's path or URL, for the final check")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (PostgreSQL only): each game's second player "
                             "on another process than its first (see --spread)")
    parser.add_argument("--spread", choices=["players", "games"], default="players",
                        help="with several processes, what goes to each: 'players' (default): "
                             "each game's players on different processes, the costliest case "
                             "(every action is handled by two); 'games': a game's requests and "
                             "sockets all on one process, as a balancer that hashes the game's id does")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.db != "postgresql":
        parser.error("several processes need --db postgresql")
    if args.url:
        run(args.db, args, Running(args.url))
        return
    with tempfile.TemporaryDirectory() as folder:
        if args.db == "sqlite":
            run(os.path.join(folder, "games.sqlite3"), args)
        else:
            with postgres_cluster() as url:
                run(url, args)


class Running:
    """A server started elsewhere."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.ws_url = self.url.replace("http://", "ws://").replace("https://", "wss://")

    def stop(self) -> None:
        pass


def run(db: str, args: argparse.Namespace, server: Any = None) -> None:
    if args.history:
        add_history(db, args.history)
    servers = [server] if server else [Server(db) for _ in range(args.processes)]
    try:
        load = Load(servers, args, db)
        started = time.perf_counter()
        try:
            import uvloop
        except ImportError:
            asyncio.run(load.run())
        else:
            uvloop.run(load.run())
        elapsed = time.perf_counter() - started
    finally:
        for one in servers:
            one.stop()
    lat = sorted(load.latencies)
    q = statistics.quantiles(lat, n=20) if len(lat) > 20 else [float("nan")] * 19
    spread = f", {args.spread} spread" if len(servers) > 1 else ""
    print(f"{args.db if not args.url else args.url} ({len(servers)} process(es){spread}): {args.games} games x 2 sockets, {args.game}, think {args.think} s, "
          f"{args.seconds:g} s measured after {args.warmup:g} s (ran {elapsed:.0f} s in all), "
          f"acks {'in the updates' if args.folded else 'separate'}")
    print(f"  actions acknowledged: {load.measured} = {load.measured / args.seconds:.1f}/s; "
          f"games finished: {load.games_played}; load average {os.getloadavg()[0]:.1f}")
    print(f"  move -> opponent's update: p50 {1000 * statistics.median(lat):.1f} ms, "
          f"p95 {1000 * q[18]:.1f} ms, max {1000 * lat[-1]:.1f} ms ({len(lat)} measured)")
    if load.setups:
        setups = sorted(load.setups)
        print(f"  a new game, create to both players' snapshots: p50 {1000 * statistics.median(setups):.1f} ms, "
              f"p95 {1000 * setups[int(0.95 * (len(setups) - 1))]:.1f} ms ({len(setups)} games)")
    print(f"  errors: {len(load.errors)}" + (f" (first: {load.errors[0]})" if load.errors else ""))
    if load.measured:
        server_ms, client_ms, database_ms = (1000 * c / load.measured for c in load.cpu)
        print(f"  CPU an action: server {server_ms:.2f} ms, load generator {client_ms:.2f} ms"
              + (f", PostgreSQL {database_ms:.2f} ms" if database_ms == database_ms else "")
              + f" (one server process on a core of its own: about {1000 / server_ms:.0f} actions/s)")
    print(f"  lost actions: {lost_actions(db, load.acked)} (of {sum(load.acked.values())} entries acknowledged)")


if __name__ == "__main__":
    main()
