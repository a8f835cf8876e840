"""Every write of online play is all or nothing: a failure injected at each
step of each transaction of the database layer (``Database.faults``: before
each statement, before the commit, right after it) leaves the game wholly
before the change (the answer says so: 503) or wholly after it (the commit
went through; the server finds its change stored and answers as if nothing
had failed), never between; the request tried again then does the right
thing. Writes nobody waits for (an engine's move with the throws and the
out players' moves after it, a flag) are tried again with backoff until
they are stored, and the game never sticks."""
from __future__ import annotations

import logging
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from yinsh.web.app import create_app
from yinsh.web.store_errors import Faults

from web_helpers import RELAXED

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path, caplog):
    with TestClient(create_app(db=str(tmp_path / "games.sqlite3"), limits=RELAXED)) as c:
        c.db = c.app.state.online.db
        c.db.faults = Faults()
        with caplog.at_level(logging.ERROR, logger="yinsh.web.online"):
            yield c
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a background task failed"


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def stored(client, game_id):
    """What the database holds of a game, without what is random (tokens, throws, times)."""
    found = client.db.load(game_id)
    if found is None:
        return None
    row = found.row
    return {"status": row["status"], "seq": row["seq"], "ply": row["ply"],
            "started": row["started_ms"] is not None, "rematch": row["rematch"] is not None,
            "seats": [(s["kind"], s["name"], s["token_hash"] is not None, s["invite_hash"] is not None)
                      for s in found.seats],
            "log": [(e.kind, e.seat) for e in found.entries]}


def served(client, game_id):
    """What the server shows of a game, in the terms of ``stored``."""
    state = client.get(f"/api/online/games/{game_id}").json()
    return {"status": state["status"], "seq": state["seq"], "ply": state["ply"]}


def count_games(client):
    return sum(len(client.db.ids(status)) for status in ("waiting", "playing", "finished"))


def steps_of(client, operation, run):
    """The steps (``Faults``) run passes of operation's transactions."""
    client.db.faults.clear()
    run()
    return list(dict.fromkeys(s for s in client.db.faults.seen if s.split(".")[0] == operation))


def check_every_step(client, operation, setup, request, game_of, key=lambda found: found):
    """For each step of operation: a new game (setup), a failure injected
    there, request: the game is wholly before (503) or wholly after (200);
    the server shows what is stored; request again does the right thing."""
    context = setup()
    reference = request(context)
    assert reference.status_code == 200, reference.text
    after = key(stored(client, game_of(context, reference)))
    steps = steps_of(client, operation, lambda: request(setup()))
    assert f"{operation}.commit" in steps and f"{operation}.committed" in steps, steps
    for step in steps:
        context = setup()
        before = stored(client, game_of(context, None))
        games = count_games(client)
        client.db.faults.arm(step)
        answer = request(context)
        new_game = operation in ("create", "rematch")
        assert count_games(client) == games + (answer.status_code == 200 and new_game)
        assert not client.db.faults.armed[step], f"{step} was not reached"
        now = stored(client, game_of(context, answer if answer.status_code == 200 else None))
        if answer.status_code == 200:
            assert step.endswith(".committed") and key(now) == after, (step, now)
        else:
            assert answer.status_code == 503 and "nothing was changed" in answer.json()["error"], step
            assert now == before, (step, now)
        shown = game_of(context, answer if answer.status_code == 200 else None)
        if now is not None:
            assert served(client, shown) == {k: now[k] for k in ("status", "seq", "ply")}, step
        again = request(context)
        if answer.status_code == 200:
            assert again.status_code in (200, 409), (step, again.text)   # done already
        else:
            assert again.status_code == 200, (step, again.text)
            assert key(stored(client, game_of(context, again))) == after, step
    return steps


def create(client, **body):
    answer = client.post("/api/online/games", json={"name": "Ann", **body})
    assert answer.status_code == 200, answer.text
    return answer.json()


LUDO = {"game": "ludo", "options": {"players": 2}, "auto_throw": True}


def start_only(found):
    """A Ludo game's start (what follows its first throw depends on the die)."""
    return found and {**found, "seq": None, "ply": None, "log": found["log"][:1]}


def test_creating_a_game_is_one_transaction(client):
    def request(context):
        return client.post("/api/online/games", json={"name": "Ann", "seats": ["me", 0.05], **LUDO})

    def game_of(context, answer):
        return answer.json()["id"] if answer is not None else "none"

    steps = check_every_step(client, "create", lambda: None, request, game_of, start_only)
    assert "create.log" in steps                    # the first throw is in the same transaction


def test_joining_takes_the_seat_uses_the_invitation_and_starts_the_game_at_once(client):
    def request(made):
        return client.post(f"/api/online/games/{made['id']}/join",
                           json={"invite": made["invites"][0]["invite"], "name": "Bob"})

    steps = check_every_step(client, "join", lambda: create(client, seats=["me", "invite"], **LUDO),
                             request, lambda made, answer: made["id"], start_only)
    assert {"join.seat", "join.log", "join.commit"} <= set(steps)


def test_an_action_is_one_transaction(client):
    def setup():
        made = create(client, seats=["me", "invite"], game="insert", options={"layout": 7})
        client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
        return made

    def request(made):
        return client.post(f"/api/online/games/{made['id']}/action", headers=auth(made["token"]),
                           json={"type": "move", "move": "c3", "ply": 0})

    check_every_step(client, "append", setup, request, lambda made, answer: made["id"])


def test_a_rematch_is_one_transaction(client):
    def setup():
        made = create(client, seats=["me", "invite"], **LUDO)
        client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
        state = client.get(f"/api/online/games/{made['id']}").json()
        client.post(f"/api/online/games/{made['id']}/action", headers=auth(made["token"]),
                    json={"type": "resign", "ply": state["ply"]})
        return made

    def request(made):
        return client.post(f"/api/online/games/{made['id']}/rematch", headers=auth(made["token"]))

    def both(made, answer):
        return made["id"]

    steps = check_every_step(client, "rematch", setup, request, both, start_only)
    assert {"rematch.game", "rematch.link", "rematch.log"} <= set(steps)
    made = setup()
    games = len(client.db.ids("playing"))
    client.db.faults.arm("rematch.link")
    assert request(made).status_code == 503
    assert len(client.db.ids("playing")) == games           # the new game was rolled back too
    again = request(made).json()
    assert stored(client, again["id"])["log"] and stored(client, made["id"])["rematch"]


def wait_until(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the game is stuck"
        time.sleep(0.02)


STORE_STEPS = [("append.seq", 2), ("append.log", 2), ("append.commit", 2), ("append.committed", 1)]


@pytest.mark.parametrize("step, times", STORE_STEPS)
def test_an_engine_move_whose_store_fails_is_stored_later(client, step, times):
    made = create(client, seats=["me", 0.05], game="yinsh", options={"variant": "blitz"})
    game_id = made["id"]
    for _ in range(3):
        state = client.get(f"/api/online/games/{game_id}").json()
        answer = client.post(f"/api/online/games/{game_id}/action", headers=auth(made["token"]),
                             json={"type": "move", "move": state["choices"][0]["move"], "ply": state["ply"]})
        assert answer.status_code == 200, answer.text
        client.db.faults.arm(step, times)                   # the engine searches 0.05 s, then stores
        wait_until(lambda: not client.db.faults.armed[step])
        wait_until(lambda: client.get(f"/api/online/games/{game_id}").json()["to_act"] == 0)
    log = stored(client, game_id)["log"]
    assert log == [("move", 0), ("move", 1)] * 3
    assert served(client, game_id)["seq"] == stored(client, game_id)["seq"] == 6


def test_an_engine_move_stored_after_a_resume_is_not_searched_again(client):
    """With a clock, a retried store gives the clock its time back first (a
    resume entry): the move found is stored after it, not searched again."""
    made = create(client, seats=["me", 0.05], game="yinsh", options={"variant": "blitz"}, clock="5+0")
    game_id = made["id"]
    answer = client.post(f"/api/online/games/{game_id}/action", headers=auth(made["token"]),
                         json={"type": "move", "move": "e5", "ply": 0})
    assert answer.status_code == 200, answer.text
    client.db.faults.arm("append.seq", 1)
    wait_until(lambda: client.get(f"/api/online/games/{game_id}").json()["ply"] == 2)
    assert [kind for kind, seat in stored(client, game_id)["log"]] == ["move", "resume", "move"]
    assert client.app.state.keeper.searches == 1


@pytest.mark.parametrize("step, times", [s for s in STORE_STEPS if s[0] != "append.log"])
def test_a_flag_whose_store_fails_is_stored_later(client, step, times):
    made = create(client, seats=["me", "invite"], game="insert", options={"layout": 7}, clock="0.01+0")
    client.db.faults.arm(step, times)
    client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
    wait_until(lambda: client.get(f"/api/online/games/{made['id']}").json()["over"], 15)
    kinds = [kind for kind, seat in stored(client, made["id"])["log"]]
    assert kinds.count("flag") == 1 and set(kinds) <= {"flag", "resume"}
    assert not client.db.faults.armed[step]


def test_an_engine_whose_stores_keep_failing_is_held_up_but_never_stuck(client):
    made = create(client, seats=["me", 0.05], game="yinsh", options={"variant": "blitz"})
    answer = client.post(f"/api/online/games/{made['id']}/action", headers=auth(made["token"]),
                         json={"type": "move", "move": "e5", "ply": 0})
    assert answer.status_code == 200
    client.db.faults.arm("append.seq", times=6)             # a database locked for seconds
    wait_until(lambda: client.get(f"/api/online/games/{made['id']}").json()["ply"] == 2)
    assert not client.db.faults.armed["append.seq"]
    assert stored(client, made["id"])["log"] == [("move", 0), ("move", 1)]


def test_an_outage_of_the_database_is_not_charged_to_the_clock(client):
    made = create(client, seats=["me", "invite"], game="insert", options={"layout": 7}, clock="0.05+0")
    client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
    started = time.monotonic()                              # White's 3 s run from here
    client.db.faults.arm("heartbeat.renew", times=2)        # the database away for two heartbeats
    wait_until(lambda: client.get(f"/api/online/games/{made['id']}").json()["over"], 20)
    entries = client.db.load(made["id"]).entries
    assert [e.kind for e in entries] == ["resume", "flag"], entries
    assert 900 <= int(entries[0].text) <= 4000, entries     # the outage given back
    assert time.monotonic() - started >= 3.0 + 0.9 - 0.3    # so the flag fell that much later


def test_an_action_in_an_outage_gets_the_time_back_before_it_is_charged(client):
    """A person who acts after the database came back but before the
    heartbeat stored the clock's time back is not charged the outage: the
    resume entry comes first, in the action's own store."""
    made = create(client, seats=["me", "invite"], game="insert", options={"layout": 7}, clock="1+0")
    client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
    client.db.faults.arm("heartbeat.renew", times=2)        # the database away for two heartbeats
    wait_until(lambda: not client.db.faults.armed["heartbeat.renew"])
    state = client.get(f"/api/online/games/{made['id']}").json()
    answer = client.post(f"/api/online/games/{made['id']}/action", headers=auth(made["token"]),
                         json={"type": "move", "move": state["choices"][0]["move"], "ply": 0})
    assert answer.status_code == 200, answer.text
    entries = client.db.load(made["id"]).entries
    assert [e.kind for e in entries] == ["resume", "move"], entries
    assert int(entries[0].text) >= 900 and entries[1].used_ms < 900, entries
