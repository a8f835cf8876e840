"""Real servers for the online tests: ``yinsh serve`` processes, a throwaway
PostgreSQL cluster (Debian's ``postgresql`` package: initdb into a temporary
folder, a Unix socket there, run as the ``postgres`` user when we are root;
stopped and started again by the outage tests), a blocking WebSocket
player, ``play``: random actions of a game's players, and ``see``. Shared by
tests/test_web_online_servers.py, tests/test_web_online_postgres.py and
benchmarks/web_online_load.py."""
from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any, Iterator, Optional

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")



def merge_update(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The whole state after an update's state, as the protocol says
    (docs/web.md, "Updates"): the test clients' bookkeeping. The page's own
    merge (``mergeUpdate`` in static/online.js) is checked in the browser
    (tests/test_web_browser_online.py)."""
    merged = {k: v for k, v in update.items() if k not in ("moves_from", "moves_tail")}
    merged["moves"] = list(state["moves"][:update["moves_from"]]) + list(update["moves_tail"])
    same = state.get("position") == update["position"] and state.get("view") == update["view"]
    merged["svg"] = state.get("svg") if same else None
    return merged

def postgres_bin() -> Optional[str]:
    """The folder of Debian's PostgreSQL programs (the newest), else None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + command
    return command


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A new cluster with a database ``yinsh``; yields its URL; removed at the end."""
    bindir = postgres_bin()
    assert bindir is not None, "PostgreSQL is not installed (apt-get install -y postgresql)"
    folder = tempfile.mkdtemp(prefix="yinsh-pg-")
    os.chmod(folder, 0o777)
    data = os.path.join(folder, "data")
    port = _free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run(_as_postgres([f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres",
                                     "--no-sync"]), **quiet)
        url = f"postgresql://postgres@/yinsh?host={folder}&port={port}"
        start_postgres(url)
        subprocess.run(_as_postgres([f"{bindir}/createdb", "-h", folder, "-p", str(port), "-U",
                                     "postgres", "yinsh"]), **quiet)
        yield url
    finally:
        subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)


def _cluster(url: str) -> tuple[str, str, str]:
    """The programs' folder, the cluster's folder and its port, of ``postgres_cluster``'s url."""
    import urllib.parse
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    bindir = postgres_bin()
    assert bindir is not None
    return bindir, query["host"][0], query["port"][0]


def start_postgres(url: str) -> None:
    """Starts (again) the cluster of ``postgres_cluster``'s url."""
    bindir, folder, port = _cluster(url)
    options = f"-k {folder} -p {port} -c listen_addresses='' -c fsync=on -c max_connections=200"
    subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", os.path.join(folder, "data"), "-o", options,
                                 "-w", "-l", os.path.join(folder, "log"), "start"]),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)


def stop_postgres(url: str) -> None:
    """Stops the cluster of ``postgres_cluster``'s url as an operator would (``-m fast``:
    the transactions in flight are rolled back, the connections closed)."""
    bindir, folder, _ = _cluster(url)
    subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", os.path.join(folder, "data"), "-m", "fast",
                                 "-w", "stop"]), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)


class Server:
    """A ``yinsh serve --port 0 --db db`` process; ``url`` its address."""

    def __init__(self, db: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")]))
        self.process = subprocess.Popen([sys.executable, "-m", "yinsh", "serve", "--port", "0",
                                         "--db", db], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line.startswith("Serving"):
            self.process.kill()
            raise RuntimeError(f"yinsh serve did not start: {line}{self.process.stderr.read() if self.process.stderr else ''}")
        self.url = line.split(" at ")[1].split()[0].rstrip("/")
        self.ws_url = self.url.replace("http://", "ws://")

    def kill(self) -> None:
        """SIGKILL: nothing is flushed or closed."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


class Player:
    """A browser's live socket (``websockets``' blocking client): hello with
    the token, then messages; ``state`` is the last state received."""

    def __init__(self, server: Server, game_id: str, token: Optional[str] = None) -> None:
        from websockets.sync.client import connect
        self.game_id, self.token = game_id, token
        self._connection = connect(f"{server.ws_url}/api/online/games/{game_id}/live", open_timeout=10,
                                   max_size=2 ** 22)
        self.ws = self._connection.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = self.until("snapshot")["state"]

    def receive(self, timeout: float = 30.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "update":
            self.state = merge_update(self.state, message["state"])
        elif "state" in message:
            self.state = message["state"]
        return message

    def until(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def act(self, **message: Any) -> dict[str, Any]:
        """Sends an action made on the state last seen; returns its ack or error."""
        self.send(ply=self.state["ply"], seq=self.state["seq"], **message)
        return self.answer()

    def answer(self) -> dict[str, Any]:
        """The ack or error of the action sent last."""
        while True:
            answer = self.receive()
            if answer["type"] in ("ack", "error"):
                return answer

    def random_choice(self, rng: Any) -> dict[str, Any]:
        """A legal action on the state last seen, as ``act``'s keywords."""
        if self.state["buttons"]["throw"]:
            return {"type": "throw"}
        return {"type": "move", "move": rng.choice(self.state["choices"])["move"]}

    def random_action(self, rng: Any) -> dict[str, Any]:
        return self.act(**self.random_choice(rng))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._connection.__exit__(None, None, None)


def play(players: list[Player], rng: Any, actions: int) -> list[dict[str, Any]]:
    """Plays up to actions random actions of a game's players, each
    acknowledged and seen by every player; returns the moves then."""
    for _ in range(actions):
        state = players[0].state
        if state["over"]:
            break
        mover = next(p for p in players if p.state["you"] == state["to_act"])
        answer = mover.random_action(rng)
        assert answer["type"] == "ack", answer
        see(players, answer["seq"])
    moves: list[dict[str, Any]] = players[0].state["moves"]
    return moves


def see(players: list[Player], seq: int) -> None:
    """Waits until every player has received the game's updates up to seq."""
    for p in players:
        while p.state["seq"] < seq:
            p.until("update")
