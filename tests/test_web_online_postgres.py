"""Group commit on a real PostgreSQL: a batch of several games' writes
is one transaction, each write all or nothing (a failing one fails alone,
with its own error); batches of several processes, heartbeats, takeovers
and expiries run against each other and never deadlock (every statement
that locks several games' rows locks them in the order of their ids);
PostgreSQL stopped for 10 s, or the batch's connection killed from the
server's side, while a batch is in flight: each write of it is committed or
fails with a clear error having changed nothing, the games go on once the
database is back, and no acknowledged action is lost; a server process
killed (SIGKILL) with a batch in flight loses no acknowledged action.

PostgreSQL comes from Debian's ``postgresql`` package, as in
tests/test_web_online_servers.py (skipped without it unless
``YINSH_REQUIRE_ALL`` is set)."""
from __future__ import annotations

import os
import random
import threading
import time
import traceback

import httpx
import pytest
import sqlalchemy  # noqa: F401  (the web extra: without it the module is skipped, conftest.py)
import websockets  # noqa: F401

from online_servers import (Player, Server, play, postgres_bin, postgres_cluster, see, start_postgres,
                            stop_postgres)
from yinsh.web.database import Database
from yinsh.web.errors import STORE_ERRORS
from yinsh.web.store_errors import Conflict, Faults
from yinsh.web.online_game import Entry


@pytest.fixture(scope="module")
def postgres():
    if postgres_bin() is None:
        if os.environ.get("YINSH_REQUIRE_ALL"):
            pytest.fail("PostgreSQL is missing (apt-get install -y postgresql) and YINSH_REQUIRE_ALL is set")
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    with postgres_cluster() as url:
        yield url


@pytest.fixture
def databases(postgres):
    """Makes Databases on the cluster; at the end the games made (whose
    logs no board would play: "m1", "m2", ...) are finished, so that a
    server started on the cluster later does not take them over."""
    made = []

    def make():
        made.append(Database(postgres))
        return made[-1]

    yield make
    with made[0].engine.begin() as conn:
        conn.exec_driver_sql("UPDATE games SET status = 'finished'")
    for db in made:
        db.dispose()


class Hook(Faults):
    """Faults that run action once, when a transaction passes step."""

    def __init__(self, step, action):
        super().__init__()
        self.step, self.action = step, action

    def hit(self, step):
        super().hit(step)
        if step == self.step and self.action is not None:
            action, self.action = self.action, None
            action()


def make_games(db, prefix, count, status="playing", owner=None):
    ids = [f"{prefix}{n:03}" for n in range(count)]
    for game_id in ids:
        db.create({"id": game_id, "game": "insert", "options": {}, "start": "s", "clock": None,
                   "auto_throw": False, "public": True, "created_ms": 1, "status": status,
                   "owner": owner, "alive_ms": 1 if owner else None},
                  [{"kind": "person", "name": "A", "token_hash": "t"},
                   {"kind": "person", "name": "B", "token_hash": None if status == "waiting" else "u",
                    "invite_hash": "i" if status == "waiting" else None}])
    return ids


def move(seq):
    return Entry(seq, seq - 1, "move", (seq - 1) % 2, f"m{seq}", at_ms=seq)


def test_a_batch_is_one_transaction_and_a_failing_write_fails_alone(databases):
    db = databases()
    ids = make_games(db, "one", 4)
    db.faults = Faults()
    failures = db.append_all([
        {"game_id": ids[3], "entries": [move(1)], "expected_seq": 0, "ply": 1},
        {"game_id": ids[1], "entries": [Entry(1, 0, "move", 0, "x" * 300)], "expected_seq": 0},  # too long
        {"game_id": ids[2], "entries": [move(1)], "expected_seq": 5},                            # moved on
        {"game_id": ids[0], "entries": [move(1), Entry(2, 1, "resign", 1, at_ms=9)], "expected_seq": 0,
         "status": "finished", "result": {"code": "1-0"}, "ply": 1}])
    assert failures[0] is None and failures[3] is None
    assert "too long" in str(failures[1]) and isinstance(failures[2], Conflict)
    assert db.faults.seen.count("append.commit") == 1      # one commit (the tries with the culprit rolled back)
    stored = {game_id: db.load(game_id) for game_id in ids}
    assert [len(stored[g].entries) for g in ids] == [2, 0, 0, 1]
    assert stored[ids[0]].row["status"] == "finished" and stored[ids[0]].row["finished_ms"] == 9
    assert stored[ids[0]].row["result"] == '{"code": "1-0"}' and stored[ids[3]].row["ply"] == 1
    assert stored[ids[1]].row["seq"] == 0 and stored[ids[2]].row["seq"] == 0
    db.faults.arm("append.log")                             # a write failing before its statement
    failures = db.append_all([{"game_id": g, "entries": [move(1)], "expected_seq": 0} for g in ids[1:3]])
    assert [type(f).__name__ for f in failures] == ["InjectedFault", "NoneType"]
    assert [db.load(g).row["seq"] for g in ids[1:3]] == [0, 1]


@pytest.mark.parametrize("plans", ["force_custom_plan", "force_generic_plan"])
def test_a_batch_finds_its_games_by_id_not_by_reading_the_table(databases, plans):
    """``APPEND_ALL`` on a table of 5,000 games (with its statistics), as
    PostgreSQL plans it for the parameters or once for all: its games' rows
    are found in the primary key, the table is never read whole (a join
    planned for the function's 100 rows did, twice a batch, at 3.8 ms for
    10 appends on 10,000 games against 1.05)."""
    import re

    from psycopg import sql

    from yinsh.web import postgres_sql
    db = databases()
    with db.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO games (id, game, options, start, created_ms, status, seq, ply, auto_throw, public) "
            "SELECT 'plan' || i, 'insert', '{}', 's', 1, 'finished', 0, 0, false, false "
            "FROM generate_series(1, 5000) AS i ON CONFLICT DO NOTHING")
        conn.exec_driver_sql("ANALYZE games")
    keys = sorted(f"plan{i}" for i in range(100, 4000, 400))
    parameters = postgres_sql.append_parameters(
        keys, [[k, 1, 0, 1, None, None, None, None, f"{k} 1"] for k in keys],
        [[k, 1, 0, "move", 0, "m1", False, 1, 0] for k in keys], "plan_test", "o")
    numbered = iter(range(1, 6))
    statement = re.sub("%s", lambda _: f"${next(numbered)}", postgres_sql.APPEND_ALL)
    connection = db.engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(f"SET plan_cache_mode = {plans}")
        cursor.execute(f"PREPARE batch(text, text, text, text, text) AS {statement}")
        cursor.execute(sql.SQL("EXPLAIN (COSTS OFF) EXECUTE batch({})").format(
            sql.SQL(", ").join(sql.Literal(p) for p in parameters)).as_string(cursor.connection))
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("DEALLOCATE batch")
        cursor.execute("RESET plan_cache_mode")
    finally:
        connection.rollback()
        connection.close()
    assert "Index Scan using games_pkey on games" in plan, plan
    assert "Seq Scan on games" not in plan, plan


def test_batches_heartbeats_takeovers_and_expiry_never_deadlock(databases):
    """Three processes' databases, each with batches of appends to 30
    shared games in random order, plus heartbeats, takeovers of every other
    owner's games (lease 0) and joins and expiries of waiting games, all at
    once for 5 s: no write fails but with a ``Conflict``, none with a
    deadlock."""
    dbs = [databases() for _ in range(3)]
    ids = make_games(dbs[0], "dead", 30, owner="p0")
    seqs = {game_id: 0 for game_id in ids}
    lock = threading.Lock()
    errors, counts = [], {"stored": 0, "conflicts": 0, "beats": 0, "claims": 0, "expired": 0}
    stop = time.monotonic() + 5

    def guarded(body):
        def run():
            try:
                while time.monotonic() < stop:
                    body()
            except Exception as exc:                        # noqa: BLE001 - the test reports it
                errors.append(repr(exc))
        return run

    def appender(n):
        rng, db = random.Random(n), dbs[n % 3]

        def body():
            chosen = rng.sample(ids, 12)
            with lock:
                calls = [{"game_id": g, "entries": [move(seqs[g] + 1)], "expected_seq": seqs[g],
                          "ply": seqs[g] + 1, "owner": rng.choice([None, f"p{n % 3}"])} for g in chosen]
            for call, failure in zip(calls, db.append_all(calls)):
                with lock:
                    if failure is None:
                        seqs[call["game_id"]] = max(seqs[call["game_id"]], call["expected_seq"] + 1)
                        counts["stored"] += 1
                    elif isinstance(failure, Conflict):
                        seqs[call["game_id"]] = db.load(call["game_id"]).row["seq"]
                        counts["conflicts"] += 1
                    else:
                        errors.append(repr(failure))
        return body

    def beater(n):
        def body():
            dbs[n].heartbeat(f"p{n}", int(time.time() * 1000))
            dbs[n].claim(f"p{n}", int(time.time() * 1000), 0)
            counts["beats"] += 1
        return body

    def expirer():
        made = [0]

        def body():
            made[0] += 1
            waiting = make_games(dbs[2], f"w{made[0]:03}x", 6, status="waiting", owner="p2")
            for game_id in waiting[::2]:
                try:
                    dbs[1].join(game_id, 1, "i", "v", "Bob", by_invite=True, started_ms=5)
                except Conflict:                            # expired meanwhile
                    pass
            counts["expired"] += len(dbs[0].expire_waiting(10 ** 15))
        return body

    threads = [threading.Thread(target=guarded(appender(n))) for n in range(6)]
    threads += [threading.Thread(target=guarded(beater(n))) for n in range(3)]
    threads.append(threading.Thread(target=guarded(expirer())))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors[:3]
    assert counts["stored"] > 100 and counts["beats"] > 10 and counts["expired"] > 5, counts
    for game_id in ids:                                     # every acknowledged entry there, in order
        stored = dbs[0].load(game_id)
        assert [e.seq for e in stored.entries] == list(range(1, stored.row["seq"] + 1))
        assert stored.row["seq"] >= seqs[game_id]


def test_a_batch_in_flight_when_postgres_stops_changes_nothing_and_the_next_commits(postgres, databases):
    db = databases()
    ids = make_games(db, "stop", 5)
    calls = [{"game_id": g, "entries": [move(1)], "expected_seq": 0} for g in ids]
    db.faults = Hook("append.commit", lambda: stop_postgres(postgres))   # in the batch, before its commit
    try:
        failures = db.append_all(calls)
        assert all(isinstance(f, STORE_ERRORS) for f in failures), failures
        time.sleep(10)
        assert all(isinstance(f, STORE_ERRORS) for f in db.append_all(calls))   # still away
    finally:
        start_postgres(postgres)
    assert [db.load(g).row["seq"] for g in ids] == [0] * 5    # nothing of it stored
    assert db.append_all(calls) == [None] * 5                 # the next batch commits
    assert [len(db.load(g).entries) for g in ids] == [1] * 5


@pytest.mark.parametrize("step", ["append.seq", "append.commit"])
def test_a_batch_whose_connection_is_killed_commits_or_fails_whole(databases, step):
    """pg_terminate_backend on the batch's connection (and db's others),
    before its statements (they are sent again on a new connection: all
    commit) or before its commit (all fail, nothing stored); the next batch
    commits, and db's loads go on (a dead loading connection is replaced)."""
    db, other = databases(), databases()
    ids = make_games(db, f"kill{step[7:10]}", 4)
    calls = [{"game_id": g, "entries": [move(1)], "expected_seq": 0} for g in ids]

    def kill():
        with other.engine.begin() as conn:
            killed = conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                " AND state IN ('idle', 'idle in transaction')").fetchall()
        assert killed, "no batch in flight"
        time.sleep(0.2)                                     # (it takes a moment)

    db.faults = Hook(step, kill)
    failures = db.append_all(calls)
    seqs = [db.load(g).row["seq"] for g in ids]
    if step == "append.commit":
        assert all(isinstance(f, STORE_ERRORS) for f in failures) and seqs == [0] * 4, (failures, seqs)
    else:
        assert failures == [None] * 4 and seqs == [1] * 4, (failures, seqs)
    db.faults = None
    again = [{"game_id": g, "entries": [move(s + 1)], "expected_seq": s} for g, s in zip(ids, seqs)]
    assert db.append_all(again) == [None] * 4


def create_game(server, address, errors):
    """A game of Insert on server, both seats taken (tried again while the
    database is away: its answers are added to errors)."""
    headers = {"X-Forwarded-For": address}
    while True:
        made = httpx.post(f"{server.url}/api/online/games", headers=headers, timeout=30,
                          json={"name": "Ann", "game": "insert", "seats": ["me", "invite"]})
        if made.status_code == 200:
            break
        assert made.status_code == 503, made.text
        errors.append({"status": 503, **made.json()})
        time.sleep(0.5)
    made = made.json()
    while True:
        joined = httpx.post(f"{server.url}/api/online/games/{made['id']}/join", headers=headers, timeout=30,
                            json={"invite": made["invites"][0]["invite"], "name": "Bob"})
        if joined.status_code == 200:
            return made["id"], [made["token"], joined.json()["token"]]
        assert joined.status_code == 503, joined.text
        errors.append({"status": 503, **joined.json()})
        time.sleep(0.5)


@pytest.mark.parametrize("fault", ["stop", "kill"])
def test_games_played_through_a_database_outage_lose_no_acknowledged_action(postgres, fault):
    """Four tables playing Insert at full speed on a ``yinsh serve``
    process (a new game when one ends); after 2 s PostgreSQL is stopped for
    10 s (stop), or every connection of the server is killed from
    PostgreSQL's side five times (kill): an action is acknowledged or
    refused with an error (503, or 409 for one whose answer the player
    missed), the games go on once the database is back, and every
    acknowledged action is in the database (read by a new process)."""
    server = Server(postgres)
    acked: dict[str, list[str]] = {}
    errors: list[dict] = []
    unexpected: list[str] = []
    done = threading.Event()
    made = iter(range(1000))

    def table(n):
        rng = random.Random(n)
        try:
            while not done.is_set():
                game_id, tokens = create_game(server, f"10.0.{next(made)}.1", errors)
                players = [Player(server, game_id, t) for t in tokens]
                acked[game_id] = []
                while not done.is_set() and not players[0].state["over"]:
                    state = players[0].state
                    mover = next(p for p in players if p.state["you"] == state["to_act"])
                    answer = mover.random_action(rng)
                    if answer["type"] == "ack":
                        acked[game_id] = [m["text"] for m in mover.state["moves"]]
                        see(players, answer["seq"])
                        continue
                    assert answer["status"] in (409, 503), answer
                    errors.append(answer)
                    time.sleep(0.2)
                    for p in players:                       # (after a 409: the update is on its way)
                        try:
                            p.until("update", timeout=0.3)
                        except TimeoutError:
                            pass
                for p in players:
                    p.close()
        except Exception as exc:                            # noqa: BLE001 - the test reports it
            unexpected.append(traceback.format_exc())

    def total():
        return sum(len(moves) for moves in list(acked.values()))

    threads = [threading.Thread(target=table, args=(n,)) for n in range(4)]
    try:
        for thread in threads:
            thread.start()
        time.sleep(2)
        before = total()
        if fault == "stop":
            stop_postgres(postgres)
            time.sleep(10)
            start_postgres(postgres)
        else:
            killer = Database(postgres)
            for _ in range(5):
                with killer.engine.begin() as conn:
                    conn.exec_driver_sql(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                        "current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
                time.sleep(0.5)
            killer.dispose()
        during = total()
        time.sleep(6)                                       # the games go on
        done.set()
        for thread in threads:
            thread.join(60)
        assert not unexpected, unexpected
        assert total() > during + 20 and during >= before > 0, (before, during, total())
        if fault == "stop":
            assert errors and all("nothing was changed" in e["error"] or "cannot tell" in e["error"]
                                  or e["status"] == 409 for e in errors), errors[:5]
    finally:
        done.set()
        server.stop()
    fresh = Server(postgres)                                # reads the games from the database
    try:
        for game_id, moves in acked.items():
            served = httpx.get(f"{fresh.url}/api/online/games/{game_id}", timeout=10).json()
            assert [m["text"] for m in served["moves"]][:len(moves)] == moves, game_id   # none lost
    finally:
        fresh.stop()


def test_a_server_killed_with_a_batch_in_flight_loses_no_acknowledged_action(postgres):
    """Eight tables playing Insert at full speed on one ``yinsh serve``
    process, so that its committing thread always has a batch in flight,
    then SIGKILL: every action acknowledged before the kill is in the
    database, every game's log replays whole in a new process (each action
    stored whole or not at all), and the games go on there."""
    server = Server(postgres)
    acked: dict[str, list[str]] = {}
    tokens_of: dict[str, list[str]] = {}
    unexpected: list[str] = []
    lock = threading.Lock()
    sent = [0]                                              # actions sent, not answered yet
    killed = threading.Event()
    made = iter(range(1000))

    def table(n):
        rng = random.Random(n)
        players = []
        try:
            while not killed.is_set():
                game_id, tokens = create_game(server, f"10.1.{next(made)}.1", [])
                players = [Player(server, game_id, t) for t in tokens]
                acked[game_id], tokens_of[game_id] = [], tokens
                while not players[0].state["over"]:
                    state = players[0].state
                    mover = next(p for p in players if p.state["you"] == state["to_act"])
                    mover.send(ply=state["ply"], seq=state["seq"], **mover.random_choice(rng))
                    with lock:
                        sent[0] += 1
                    answer = mover.answer()
                    with lock:
                        sent[0] -= 1
                    assert answer["type"] == "ack", answer       # one process: no conflict, no outage
                    acked[game_id] = [m["text"] for m in mover.state["moves"]]
                    see(players, answer["seq"])
                for p in players:
                    p.close()
        except Exception:                                   # noqa: BLE001 - the kill, or what the test reports
            if not killed.is_set():
                unexpected.append(traceback.format_exc())
        finally:
            for p in players:
                p.close()

    threads = [threading.Thread(target=table, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(3)
        deadline = time.monotonic() + 30
        while True:                                         # killed with at least two actions sent, unanswered
            with lock:                                      # no answer is counted after this
                if sent[0] >= 2 or time.monotonic() > deadline:
                    in_flight = sent[0]
                    killed.set()
                    server.kill()
                    break
            time.sleep(0.0002)
        for thread in threads:
            thread.join(60)
    finally:
        server.stop()
    assert not unexpected, unexpected
    assert in_flight >= 2 and sum(map(len, acked.values())) > 100, (in_flight, acked)
    fresh = Server(postgres)                                # reads the games from the database
    try:
        for game_id, moves in acked.items():
            served = httpx.get(f"{fresh.url}/api/online/games/{game_id}", timeout=10)
            assert served.status_code == 200, (game_id, served.text)     # its log replays whole
            assert [m["text"] for m in served.json()["moves"]][:len(moves)] == moves, game_id   # none lost
        game_id = next(g for g, moves in acked.items()
                       if not httpx.get(f"{fresh.url}/api/online/games/{g}", timeout=10).json()["over"])
        players = [Player(fresh, game_id, t) for t in tokens_of[game_id]]
        before = len(players[0].state["moves"])
        assert len(play(players, random.Random(9), 3)) > before          # the game goes on
        for p in players:
            p.close()
    finally:
        fresh.stop()


def test_a_batch_notifies_each_append_it_stored_in_payloads_postgresql_takes(databases, postgres):
    """The batch's statement sends a line for each append it stored (with
    its update's text; none for an append whose game moved on), in
    notifications under 8,000 bytes, each after the sender's origin line;
    a line too long loses its update, then its entries."""
    import psycopg

    from yinsh.web.database import CHANNEL
    db = databases()
    ids = make_games(db, "note", 12)
    listener = psycopg.connect(postgres.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")
    try:
        calls = [{"game_id": g, "entries": [move(1)], "expected_seq": 0, "update": f'{{"n":{n},' + "u" * 1500}
                 for n, g in enumerate(ids)]
        calls[5]["expected_seq"] = 3                                   # moved on: no line
        calls[7]["update"] = "w" * 5000                                # too long: the line without it
        calls[9]["entries"] = [Entry(s, s - 1, "move", 0, "t" * 190) for s in range(1, 31)]  # too long
        failures = db.append_all(calls)
        assert [f is None for f in failures] == [n != 5 for n in range(12)]
        payloads = [note.payload for note in listener.notifies(timeout=2.0, stop_after=12)]
    finally:
        listener.close()
    assert len(payloads) >= 4 and all(len(p.encode()) < 8000 for p in payloads)
    assert {p.split("\n")[0] for p in payloads} == {db.origin}
    lines = {line.split(" ")[0]: line for p in payloads for line in p.split("\n")[1:]}
    assert sorted(lines) == sorted(g for n, g in enumerate(ids) if n != 5)
    assert lines[ids[0]].endswith("\t" + calls[0]["update"]) and '"m1"' in lines[ids[0]]
    assert "\t" not in lines[ids[7]] and '"m1"' in lines[ids[7]]
    assert lines[ids[9]] == f"{ids[9]} 30"                             # id and seq only


def test_processes_started_together_on_a_new_database_all_start(postgres):
    """Several processes started at once on a database without tables (a
    deployment's first start): one makes the tables, the others wait for
    it and find them (without the lock PostgreSQL refused the second
    ``CREATE TABLE`` of a type being made: duplicate key)."""
    import sqlalchemy as sa

    admin = sa.create_engine(postgres, isolation_level="AUTOCOMMIT")
    names = [f"fresh{n}" for n in range(3)]
    try:
        with admin.connect() as conn:
            for name in names:
                conn.exec_driver_sql(f"CREATE DATABASE {name}")
        for name in names:
            url = sa.engine.make_url(postgres).set(database=name).render_as_string(hide_password=False)
            made, failures, start = [], [], threading.Barrier(6)

            def open_one():
                start.wait()
                try:
                    made.append(Database(url))
                except Exception as exc:                    # the failure the test looks for
                    failures.append(exc)

            threads = [threading.Thread(target=open_one) for _ in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            assert not failures, failures
            assert len(made) == 6
            made[0].create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
                            "auto_throw": False, "public": True, "created_ms": 1}, [{"kind": "person"}])
            assert made[-1].load("g") is not None
            for db in made:
                db.dispose()
    finally:
        with admin.connect() as conn:
            for name in names:
                conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.dispose()
