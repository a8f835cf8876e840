"""Online play on real ``yinsh serve`` processes: a server SIGKILLed in the
middle of a game and restarted on its database (SQLite, PostgreSQL) loses
no acknowledged action and its players reconnect; two processes on one
PostgreSQL serve one game to players on different processes, and never
both accept the same ply.

PostgreSQL comes from Debian's ``postgresql`` package (the tests start a
cluster of their own); without it these tests are skipped unless
``YINSH_REQUIRE_ALL`` is set (``.ci/run`` sets it), when they fail."""
from __future__ import annotations

import os
import random
import threading
import time

import httpx
import pytest
import sqlalchemy  # noqa: F401  (the web extra: without it the module is skipped, conftest.py)
import websockets  # noqa: F401

from online_servers import Player, Server, play, postgres_bin, postgres_cluster, see


@pytest.fixture(scope="module")
def postgres():
    if postgres_bin() is None:
        if os.environ.get("YINSH_REQUIRE_ALL"):
            pytest.fail("PostgreSQL is missing (apt-get install -y postgresql) and YINSH_REQUIRE_ALL is set")
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    with postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("postgres")


def create_game(server, **body):
    answer = httpx.post(f"{server.url}/api/online/games", json={"name": "Ann", **body}, timeout=30)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    tokens = [made["token"]]
    for invite in made["invites"]:
        joined = httpx.post(f"{server.url}/api/online/games/{made['id']}/join",
                            json={"invite": invite["invite"], "name": "Bob"}, timeout=30)
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return made["id"], tokens


def test_a_killed_server_restarted_loses_no_acknowledged_action(database):
    server = Server(database)
    try:
        game_id, tokens = create_game(server, game="ludo", options={"players": 2},
                                      seats=["me", "invite"], clock="30+0")
        players = [Player(server, game_id, t) for t in tokens]
        acknowledged = play(players, random.Random(1), 25)
        clock = players[0].state["clock"]
        server.kill()
        for p in players:
            p.close()
        server = Server(database)
        players = [Player(server, game_id, t) for t in tokens]        # reconnecting
        assert players[0].state["moves"] == acknowledged
        assert [p.state["you"] for p in players] == [0, 1]
        running = clock["running"]
        deadline = time.monotonic() + 15                  # PostgreSQL: once the dead owner's lease ran out
        while True:                                       # the time it was down is given back
            after = httpx.get(f"{server.url}/api/online/games/{game_id}", timeout=10).json()["clock"]
            if after["remaining_ms"][running] >= clock["remaining_ms"][running] - 2500:
                break
            assert time.monotonic() < deadline, (clock, after)
            time.sleep(0.2)
        assert after["running"] == running
        assert after["remaining_ms"][1 - running] == clock["remaining_ms"][1 - running]
        assert after["remaining_ms"][running] <= clock["remaining_ms"][running]
        seq = httpx.get(f"{server.url}/api/online/games/{game_id}", timeout=10).json()["seq"]
        see(players, seq)                                 # the resume entry reaches the sockets
        more = play(players, random.Random(2), 10)
        assert more[:len(acknowledged)] == acknowledged and len(more) > len(acknowledged)
        for p in players:
            p.close()
    finally:
        server.stop()


def test_two_processes_on_one_postgres_serve_one_game(postgres):
    first, second = Server(postgres), Server(postgres)
    try:
        game_id, tokens = create_game(first, game="insert", seats=["me", "invite"])
        ann, bob = Player(first, game_id, tokens[0]), Player(second, game_id, tokens[1])
        watcher = Player(second, game_id)
        rng = random.Random(3)
        while not ann.state["over"]:
            mover, other = (ann, bob) if ann.state["to_act"] == 0 else (bob, ann)
            answer = mover.random_action(rng)
            assert answer["type"] == "ack", answer
            while other.state["seq"] < answer["seq"]:
                other.until("update", timeout=5)
            while watcher.state["seq"] < answer["seq"]:
                watcher.until("update", timeout=5)
        assert ann.state["moves"] == bob.state["moves"] == watcher.state["moves"]
        record = httpx.get(f"{second.url}/api/online/games/{game_id}/record", timeout=10).text
        assert "Online game" in record
        for p in (ann, bob, watcher):
            p.close()
    finally:
        first.stop(), second.stop()


def test_two_processes_never_both_accept_one_ply(postgres):
    first, second = Server(postgres), Server(postgres)
    try:
        for attempt in range(5):
            game_id, tokens = create_game(first, game="yinsh", seats=["me", "invite"])
            here, there = Player(first, game_id, tokens[0]), Player(second, game_id, tokens[0])
            answers = []

            def send(player, move):
                answers.append(player.act(type="move", move=move))

            threads = [threading.Thread(target=send, args=(p, m)) for p, m in ((here, "e5"), (there, "f6"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            kinds = sorted(a["type"] for a in answers)
            assert kinds == ["ack", "error"], answers
            assert next(a for a in answers if a["type"] == "error")["status"] == 409
            state = httpx.get(f"{second.url}/api/online/games/{game_id}", timeout=10).json()
            assert state["seq"] == 1 and len(state["moves"]) == 1
            here.close(), there.close()
    finally:
        first.stop(), second.stop()


def test_one_process_owns_a_game_and_another_takes_it_over_when_it_dies(postgres):
    """Two services on one PostgreSQL (in this process): only the game's owner
    searches for its engine; when the owner stops beating, the other takes
    the game over within seconds and its engine plays on."""
    import time
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from yinsh.web.app import create_app
    from yinsh.web.game_keeper import LEASE_MS

    def state(client, game_id):
        return client.get(f"/api/online/games/{game_id}").json()

    def wait(condition, seconds):
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline
            time.sleep(0.05)

    with TestClient(create_app(db=postgres)) as first, TestClient(create_app(db=postgres)) as second:
        one, two = first.app.state.keeper, second.app.state.keeper
        made = first.post("/api/online/games", json={"game": "yinsh", "options": {"variant": "blitz"},
                                                     "seats": ["me", 0.05]}).json()
        game_id, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        for _ in range(2):                                  # played on the process that is not the owner
            now = state(second, game_id)
            ply, move = now["ply"], now["choices"][0]["move"]   # legal whatever the engine played
            answer = second.post(f"/api/online/games/{game_id}/action", headers=auth,
                                 json={"type": "move", "move": move, "ply": ply})
            assert answer.status_code == 200, answer.text
            wait(lambda: state(second, game_id)["ply"] == ply + 2, 30)
        assert game_id in one.owned and game_id not in two.owned
        assert one.searches == 2 and two.searches == 0
        for task in list(one._tasks):                       # the owner dies: no more heartbeats
            task.cancel()
        one.closed = True
        started = time.monotonic()
        wait(lambda: game_id in two.owned, LEASE_MS / 1000 + 5)
        assert time.monotonic() - started < LEASE_MS / 1000 + 3
        ply = state(second, game_id)["ply"]
        answer = second.post(f"/api/online/games/{game_id}/action", headers=auth,
                             json={"type": "move", "move": state(second, game_id)["choices"][0]["move"],
                                   "ply": ply})
        assert answer.status_code == 200, answer.text
        wait(lambda: state(second, game_id)["ply"] == ply + 2, 30)
        assert two.searches == 1 and one.searches == 2


def test_a_game_started_by_a_join_on_another_process_has_its_clock_run_there(postgres):
    """The creator's process let the waiting game go from memory (as it does
    past its newest ``waiting_kept``); the
    invitee joins on another process: that process owns the started game
    and runs its clock (before, nobody armed its flag and the game stuck)."""
    import asyncio

    from yinsh.web.database import Database
    from yinsh.web.engines import SearchSlots
    from yinsh.web.game_keeper import GameKeeper
    from yinsh.web.limits import Limits
    from yinsh.web.online import OnlineService

    async def run() -> None:
        limits = Limits(min_clock_seconds=1)
        a = OnlineService(GameKeeper(Database(postgres), SearchSlots(), limits))
        b = OnlineService(GameKeeper(Database(postgres), SearchSlots(), limits))
        a.keeper.waiting_kept = 0                           # a keeps no waiting game loaded
        await a.keeper.start()
        await b.keeper.start()
        try:
            made = await a.create({"game": "yinsh", "seats": ["me", "invite"], "clock": "0.02+0"})
            game_id = made["id"]
            assert game_id not in a.keeper.games                   # waiting: let go from memory
            await b.join(game_id, {"invite": made["invites"][0]["invite"], "name": "Bob"})
            assert game_id in b.keeper.owned
            for _ in range(100):                            # White's 1.2 s run out on b
                await asyncio.sleep(0.1)
                stored = b.db.load(game_id)
                if stored.row["status"] == "finished":
                    break
            assert [e.kind for e in stored.entries] == ["flag"]
        finally:
            await a.keeper.stop()
            await b.keeper.stop()

    asyncio.run(run())
