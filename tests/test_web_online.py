"""Online play through Starlette's test client: seats and invitations,
tokens refused to strangers and spectators, stale actions, whole games of
each game played by two and four live sockets with a spectator, takebacks,
draws, resignations, flags, engine seats, rematches, the lobby and archive,
bad messages, and a game rebuilt from its database."""
from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from yinsh import record
from yinsh.web.app import create_app
from yinsh.web.database import Database
from yinsh.web import online_view

from online_servers import merge_update
from web_helpers import RELAXED

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(limits=RELAXED)) as c:
        yield c


def create(client, **body):
    body.setdefault("name", "Ann")
    answer = client.post("/api/online/games", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def join(client, made, index=0, name="Bob"):
    answer = client.post(f"/api/online/games/{made['id']}/join",
                         json={"invite": made["invites"][index]["invite"], "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def act(client, game_id, token, **message):
    return client.post(f"/api/online/games/{game_id}/action", json=message, headers=auth(token))


def state_of(client, game_id, token=None):
    return client.get(f"/api/online/games/{game_id}", headers=auth(token) if token else {}).json()


def two_people(client, **body):
    """A started two-seat game: (id, creator's token, friend's token)."""
    body.setdefault("game", "insert")
    body.setdefault("options", {"layout": 7})
    made = create(client, seats=["me", "invite"], **body)
    return made["id"], made["token"], join(client, made)


OPEN: list = []


@pytest.fixture(autouse=True)
def close_sockets():
    yield
    while OPEN:
        OPEN[-1].close()


class Socket:
    """A live socket of a game: hello, then the messages as they come
    (closed at the end of the test at the latest)."""

    def __init__(self, client, game_id, token=None):
        self._context = client.websocket_connect(f"/api/online/games/{game_id}/live")
        self.ws = self._context.__enter__()
        OPEN.append(self)
        self.ws.send_json({"type": "hello", "token": token})
        first = self.until("snapshot")
        self.state = first["state"]

    def receive(self):
        message = self.ws.receive_json()
        self.errors = getattr(self, "errors", []) + ([message] if message["type"] == "error" else [])
        if message["type"] == "update":
            self.state = merge_update(self.state, message["state"])
        elif "state" in message:
            self.state = message["state"]
        return message

    def until(self, kind):
        while True:
            message = self.receive()
            if message["type"] == kind:
                return message

    def send(self, **message):
        self.ws.send_json(message)

    def close(self):
        if self in OPEN:
            OPEN.remove(self)
            self._context.__exit__(None, None, None)


# Seats and tokens ------------------------------------------------------------------------------

def test_creating_gives_a_token_and_one_invitation_per_open_seat(client):
    made = create(client, game="ludo", options={"players": 4}, seats=["me", "invite", 0.05, "invite"])
    assert made["seat"] == 0 and len(made["token"]) >= 43
    assert [i["seat"] for i in made["invites"]] == [1, 3]
    assert all(i["link"] == f"/#join={made['id']}:{i['invite']}" for i in made["invites"])
    assert made["state"]["status"] == "waiting" and made["state"]["you"] == 0
    assert made["state"]["prompt"] == "Waiting for 2 players to join"
    join(client, made, 0)
    again = client.post(f"/api/online/games/{made['id']}/join",
                        json={"invite": made["invites"][0]["invite"]})
    assert again.status_code == 409 and "invitation" in again.json()["error"]
    join(client, made, 1, "Cy")
    state = state_of(client, made["id"])
    assert state["status"] == "playing" and [s["name"] for s in state["seats"]] == \
        ["Ann", "Bob", "engine 0.05 s", "Cy"]


def test_private_seats_need_the_invitation_and_public_ones_do_not(client):
    private = create(client, game="yinsh", seats=["me", "invite"])
    answer = client.post(f"/api/online/games/{private['id']}/join", json={"seat": 1})
    assert answer.status_code == 401
    public = create(client, game="yinsh", seats=["invite", "me"], public=True)
    assert any(g["id"] == public["id"] for g in client.get("/api/online/lobby").json()["open"])
    taken = client.post(f"/api/online/games/{public['id']}/join", json={"seat": 0, "name": "Zoe"})
    assert taken.status_code == 200 and taken.json()["seat"] == 0
    assert client.post(f"/api/online/games/{public['id']}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/online/games/{public['id']}/join", json={"seat": 1}).status_code == 409
    lobby = client.get("/api/online/lobby").json()
    assert any(g["id"] == public["id"] for g in lobby["playing"])
    assert not any(g["id"] == private["id"] for g in lobby["open"] + lobby["playing"])


def test_strangers_and_spectators_cannot_act_and_never_see_a_token(client):
    game_id, ann, bob = two_people(client)
    for headers in ({}, auth("x" * 43), auth(bob + "x"), {"Authorization": "Basic abc"}):
        answer = client.post(f"/api/online/games/{game_id}/action", headers=headers,
                             json={"type": "move", "move": "c3", "ply": 0})
        assert answer.status_code == 401, answer.text
    assert act(client, game_id, bob, type="move", move="c3", ply=0).status_code == 403
    assert act(client, game_id, bob, type="resign", ply=0).status_code == 200    # his own seat
    watcher = Socket(client, game_id)
    watcher.send(type="resign", ply=0, id=7)
    error = watcher.until("error")
    assert error["status"] == 401 and error["id"] == 7
    stranger = Socket(client, game_id, token="nonsense")
    assert stranger.state["you"] is None and stranger.errors[0]["status"] == 401
    everything = json.dumps([state_of(client, game_id), watcher.state, client.get("/api/online/lobby").json(),
                             client.get("/api/online/archive").json()])
    assert ann not in everything and bob not in everything
    watcher.close(), stranger.close()


def test_a_stale_action_is_refused_and_changes_nothing(client):
    game_id, ann, bob = two_people(client)
    assert act(client, game_id, ann, type="move", move="c3", ply=0).status_code == 200
    before = state_of(client, game_id)
    for message in ({"ply": 0}, {"ply": 1, "seq": 0}, {"ply": 2}):
        answer = act(client, game_id, bob, type="move", move=before["choices"][0]["move"], **message)
        assert answer.status_code == 409 and answer.json()["stale"] is True
        assert (answer.json()["ply"], answer.json()["seq"]) == (1, 1)
    assert state_of(client, game_id) == {**before, "clock": state_of(client, game_id)["clock"]}
    assert act(client, game_id, bob, type="move", move="c3", ply=1).status_code == 400  # taken
    assert state_of(client, game_id)["seq"] == 1


def test_bad_messages_get_clear_errors_and_change_nothing(client):
    game_id, ann, bob = two_people(client)
    socket = Socket(client, game_id, token=ann)
    for raw, words in [("not json", "JSON"), ("[1]", "object"), (json.dumps({"type": "fly", "ply": 0}), "type"),
                       (json.dumps({"type": "move", "move": "c3"}), "ply"),
                       (json.dumps({"type": "move", "move": 5, "ply": 0}), "move"),
                       (json.dumps({"type": "move", "move": "c3", "ply": 0, "seq": "0"}), "seq"),
                       (json.dumps({"type": "move", "move": "c3", "ply": True}), "ply"),
                       (json.dumps({"type": "move", "move": "zz9", "ply": 0}), "zz9"),
                       ("x" * 5000, "4 KB")]:
        socket.ws.send_text(raw)
        error = socket.until("error")
        assert words in error["error"], (raw[:30], error)
    socket.ws.send_bytes(b"{}")
    assert "text" in socket.until("error")["error"]
    assert state_of(client, game_id)["seq"] == 0
    assert client.post(f"/api/online/games/{game_id}/action", content=b"x" * 70000,
                       headers=auth(ann)).status_code == 413
    for body in ({"game": "chess"}, {"game": "yinsh", "seats": ["me", "me"]},
                 {"game": "yinsh", "seats": ["invite", 0.5]}, {"game": "yinsh", "clock": "5"},
                 {"game": "yinsh", "clock": "999+0"}, {"game": "yinsh", "name": "x" * 41},
                 {"game": "yinsh", "public": "yes"}):
        assert client.post("/api/online/games", json=body).status_code == 400, body
    socket.close()


def test_an_unknown_game_is_gone(client):
    answer = client.get("/api/online/games/nothing-here")
    assert answer.status_code == 404 and answer.json()["gone"] is True
    with client.websocket_connect("/api/online/games/nothing-here/live") as ws:
        assert ws.receive_json()["type"] == "gone"


# Whole games, live ------------------------------------------------------------------------------

def play_live(client, made, tokens, rng):
    """Plays made's game to its end: one socket per seat (acting when its
    seat is to act, on the state it last saw) and a spectator; returns the
    sockets after checking everyone saw every entry in order."""
    players = [Socket(client, made["id"], token=t) for t in tokens]
    watcher = Socket(client, made["id"])
    seen = {id(s): [] for s in players + [watcher]}
    while True:
        state = players[0].state
        if state["over"]:
            break
        mover = next(p for p in players if p.state["you"] == state["to_act"])
        if mover.state["buttons"]["throw"]:
            mover.send(type="throw", ply=state["ply"], seq=state["seq"])
        else:
            move = rng.choice(mover.state["choices"])["move"]
            mover.send(type="move", move=move, ply=state["ply"], seq=state["seq"])
        while True:                                  # the update first, then the ack
            message = mover.receive()
            if message["type"] == "update":
                seen[id(mover)] += [e["seq"] for e in message["events"]]
            elif message["type"] == "ack":
                break
        assert message["seq"] == mover.state["seq"]
        for socket in players + [watcher]:
            while socket is not mover and socket.state["seq"] < message["seq"]:
                seen[id(socket)] += [e["seq"] for e in socket.until("update")["events"]]
    final = players[0].state
    for socket in players + [watcher]:
        assert seen[id(socket)] == list(range(seen[id(socket)][0], final["seq"] + 1))
        assert socket.state["moves"] == final["moves"] and socket.state["over"]
    return players + [watcher]


@pytest.mark.parametrize("game, options, seats", [
    ("yinsh", {"variant": "blitz"}, 2), ("insert", {}, 2), ("ludo", {"players": 4}, 4)])
def test_whole_games_seen_live_by_every_player_and_a_spectator(client, game, options, seats):
    made = create(client, game=game, options=options, seats=["me"] + ["invite"] * (seats - 1))
    tokens = [made["token"]] + [join(client, made, i, f"P{i}") for i in range(seats - 1)]
    sockets = play_live(client, made, tokens, random.Random(seats))
    final = state_of(client, made["id"])
    assert final["status"] == "finished" and final["result"]["code"] != "*"
    text = client.get(f"/api/online/games/{made['id']}/record").text
    assert [str(m) for m in record.reads(text)[0].actions] == [m["text"] for m in final["moves"]]
    assert any(g["id"] == made["id"] for g in client.get("/api/online/archive").json()["games"])
    for socket in sockets:
        socket.close()


def test_engine_seats_act_by_themselves(client):
    made = create(client, game="ludo", options={"players": 3}, seats=[0.05, "me", 0.05])
    socket = Socket(client, made["id"], token=made["token"])
    deadline = time.monotonic() + 60
    while not (socket.state["to_act"] == 1 and socket.state["buttons"]["throw"]):
        assert time.monotonic() < deadline
        socket.until("update")
    kinds = {(m["side"]) for m in socket.state["moves"]}
    assert "Green" in kinds                                  # the engine threw and moved
    socket.send(type="throw", ply=socket.state["ply"], seq=socket.state["seq"])
    update = socket.until("update")
    assert update["events"][0]["kind"] == "throw" and update["events"][0]["seat"] == 1
    socket.close()


# Takebacks, draws, resignations, flags, rematches --------------------------------------------

def test_takeback_asked_and_accepted_or_declined(client):
    game_id, ann, bob = two_people(client)
    assert act(client, game_id, ann, type="takeback", ply=0).status_code == 400    # nothing yet
    act(client, game_id, ann, type="move", move="c3", ply=0)
    asked = act(client, game_id, ann, type="takeback", ply=1).json()["state"]
    assert asked["offers"]["takeback"] == {"seat": 0, "ply": 0, "accepted": []}
    assert act(client, game_id, ann, type="takeback_accept", ply=1).status_code == 403
    assert act(client, game_id, bob, type="takeback_decline", ply=1).json()["state"]["offers"]["takeback"] is None
    act(client, game_id, ann, type="takeback", ply=1)
    back = act(client, game_id, bob, type="takeback_accept", ply=1).json()["state"]
    assert back["ply"] == 0 and back["moves"] == [] and back["to_act"] == 0
    assert act(client, game_id, bob, type="move", move="c3", ply=0).status_code == 403


def test_takeback_against_the_engine_is_accepted_at_once(client):
    made = create(client, game="insert", options={"layout": 7}, seats=["me", 0.05])
    socket = Socket(client, made["id"], token=made["token"])
    socket.send(type="move", move="c3", ply=0, seq=0)
    while socket.state["ply"] < 2:
        socket.until("update")
    socket.send(type="takeback", ply=2, seq=socket.state["seq"])
    while not any(e["kind"] == "takeback" for e in socket.until("update")["events"]):
        pass
    assert socket.state["ply"] == 0 and socket.state["to_act"] == 0
    socket.close()


def test_draw_offered_declined_and_accepted(client):
    game_id, ann, bob = two_people(client)
    act(client, game_id, ann, type="draw", ply=0)
    assert act(client, game_id, ann, type="draw_accept", ply=0).status_code == 403
    assert act(client, game_id, bob, type="draw_decline", ply=0).json()["state"]["offers"]["draw"] is None
    act(client, game_id, bob, type="draw", ply=0)
    done = act(client, game_id, ann, type="draw_accept", ply=0).json()["state"]
    assert done["over"] and done["result"] == {"code": "1/2-1/2", "winner": "Draw", "reason": "agreed"}
    assert act(client, game_id, bob, type="resign", ply=0).status_code == 400
    ludo = create(client, game="ludo", options={"players": 2}, seats=["me", 0.05])
    assert "no draws" in act(client, ludo["id"], ludo["token"], type="draw", ply=0).json()["error"]


def test_resignation_in_ludo_puts_the_player_out(client):
    made = create(client, game="ludo", options={"players": 3}, seats=["me", "invite", "invite"])
    bob, cy = join(client, made, 0), join(client, made, 1, "Cy")
    out = act(client, made["id"], bob, type="resign", ply=0).json()["state"]
    assert [s["out"] for s in out["seats"]] == [False, True, False] and not out["over"]
    done = act(client, made["id"], cy, type="resign", ply=out["ply"]).json()["state"]
    assert done["over"] and done["result"]["winner"] == "Green wins"
    assert done["result"]["code"] == "GBY"
    assert record.reads(client.get(f"/api/online/games/{made['id']}/record").text)[0].tags["Result"] == "GBY"


def test_a_flag_ends_the_game_without_anybody_sending_anything(client):
    game_id, ann, bob = two_people(client, clock="0.01+0")          # 600 ms each
    socket = Socket(client, game_id)
    assert socket.state["clock"]["running"] == 0
    flag = socket.until("update")
    assert [e["kind"] for e in flag["events"]] == ["flag"]
    assert socket.state["result"] == {"code": "0-1", "winner": "Red wins", "reason": "White ran out of time"}
    assert socket.state["clock"]["remaining_ms"][0] == 0
    socket.close()


def test_clocks_take_the_time_used_and_add_the_increment(client):
    game_id, ann, bob = two_people(client, clock="1+2")
    time.sleep(0.3)
    clock = act(client, game_id, ann, type="move", move="c3", ply=0).json()["state"]["clock"]
    assert clock["running"] == 1 and 60000 + 2000 - 1500 < clock["remaining_ms"][0] < 62000 - 250


def test_rematch_swaps_the_seats_and_keeps_the_tokens(client):
    game_id, ann, bob = two_people(client, clock="5+3")
    assert client.post(f"/api/online/games/{game_id}/rematch", headers=auth(ann)).status_code == 400
    act(client, game_id, bob, type="resign", ply=0)
    socket = Socket(client, game_id, token=bob)
    assert client.post(f"/api/online/games/{game_id}/rematch").status_code == 401
    again = client.post(f"/api/online/games/{game_id}/rematch", headers=auth(ann)).json()
    assert socket.until("update")["events"][0]["kind"] == "rematch"
    assert socket.state["rematch"] == again["id"]
    assert again["seat"] == 1 and again["state"]["seats"][0]["name"] == "Bob"
    assert again["state"]["clock"]["control"] == "5+3" and again["state"]["rematch_of"] == game_id
    second = client.post(f"/api/online/games/{game_id}/rematch", headers=auth(bob)).json()
    assert second["id"] == again["id"] and second["seat"] == 0
    assert act(client, again["id"], bob, type="move", move="c3", ply=0).status_code == 200
    socket.close()


# The database ---------------------------------------------------------------------------------

def test_a_new_server_on_the_same_database_rebuilds_every_game(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db=path, limits=RELAXED)) as first:
        made = create(first, game="ludo", options={"players": 2}, seats=["me", "invite"], clock="10+5")
        bob = join(first, made, 0)
        rng, tokens = random.Random(5), [made["token"], bob]
        for _ in range(30):
            state = state_of(first, made["id"])
            token = tokens[state["to_act"]]
            if state["buttons"]["throw"]:
                act(first, made["id"], token, type="throw", ply=state["ply"])
            else:
                act(first, made["id"], token, type="move", move=rng.choice(state["choices"])["move"],
                    ply=state["ply"])
        before = state_of(first, made["id"], bob)
    with TestClient(create_app(db=path, limits=RELAXED)) as second:
        after = state_of(second, made["id"], bob)
        assert after["you"] == 1
        assert {k: v for k, v in after.items() if k not in ("clock", "seq")} == \
            {k: v for k, v in before.items() if k not in ("clock", "seq")}
        assert after["clock"]["running"] == before["clock"]["running"]
    stored = Database(path).load(made["id"]).entries
    assert [e.kind for e in stored[before["seq"]:]] in ([], ["resume"])    # the restart's time back


def test_a_game_from_a_position_the_picture_of_any_ply_and_the_lobby_sides(client):
    from yinsh.web.games import WEB_GAMES
    board = WEB_GAMES["ludo"].new_board({"players": 2})
    made = create(client, game="ludo", position=board.position(), seats=["me", "invite"], public=True)
    assert made["state"]["options"] == {"variant": "standard", "players": 2}
    assert len(made["state"]["seats"]) == 2
    summary = next(g for g in client.get("/api/online/lobby").json()["open"] if g["id"] == made["id"])
    assert [s["side"] for s in summary["seats"]] == [s["side"] for s in made["state"]["seats"]]
    bob = join(client, made)
    act(client, made["id"], made["token"], type="throw", ply=0)
    picture = client.get(f"/api/online/games/{made['id']}/board?ply=0").json()
    assert picture["ply"] == 0 and picture["position"] == board.position() and picture["svg"].startswith("<svg")
    assert client.get(f"/api/online/games/{made['id']}/board?ply=99").status_code == 400
    bad = client.post("/api/online/games", json={"game": "ludo", "position": "nonsense"})
    assert bad.status_code == 400 and bad.json()["error"]
    assert bob


def test_the_time_the_server_was_down_is_not_charged_to_the_clock(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db=path, limits=RELAXED)) as first:
        game_id, ann, bob = two_people(first, clock="0.01+0")           # 600 ms each
        act(first, game_id, ann, type="move", move="c3", ply=0)
        first.app.state.keeper.closed = True                            # no timer fires here
    time.sleep(0.8)                                                     # longer than Red's time
    with TestClient(create_app(db=path, limits=RELAXED)) as second:
        restarted = time.monotonic()
        clock = state_of(second, game_id)["clock"]
        assert clock["running"] == 1 and clock["remaining_ms"][1] > 400
        while not state_of(second, game_id)["over"]:
            assert time.monotonic() < restarted + 10
            time.sleep(0.02)
        assert time.monotonic() - restarted > 0.4                       # Red had its time after all
        state = state_of(second, game_id)
        assert state["result"]["reason"] == "Red ran out of time"
    entries = Database(path).load(game_id).entries
    assert [e.kind for e in entries] == ["move", "resume", "flag"]
    assert int(entries[1].text) >= 800 and entries[2].at_ms - entries[1].at_ms >= 400


def test_a_takeback_with_several_people_needs_every_other_one(client):
    made = create(client, game="ludo", options={"players": 3}, seats=["me", "invite", "invite"],
                  auto_throw=True)
    bob, cy = join(client, made, 0), join(client, made, 1, "Cy")
    tokens = [made["token"], bob, cy]
    rng = random.Random(4)
    state = state_of(client, made["id"])
    while True:                                     # until somebody chose a move and another is to act
        chooser = state["to_act"]
        state = act(client, made["id"], tokens[chooser], type="move",
                    move=rng.choice(state["choices"])["move"], ply=state["ply"]).json()["state"]
        if state["to_act"] != chooser and not state["over"]:
            break
    asked = act(client, made["id"], tokens[chooser], type="takeback", ply=state["ply"]).json()["state"]
    others = [s for s in range(3) if s != chooser]
    first = act(client, made["id"], tokens[others[0]], type="takeback_accept", ply=state["ply"]).json()["state"]
    assert first["offers"]["takeback"]["accepted"] == [others[0]] and first["ply"] == state["ply"]
    done = act(client, made["id"], tokens[others[1]], type="takeback_accept", ply=state["ply"]).json()["state"]
    assert done["ply"] == asked["offers"]["takeback"]["ply"] and done["to_act"] == chooser
    assert done["offers"]["takeback"] is None


def test_an_engine_to_act_when_the_server_stopped_plays_after_the_restart(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db=path, limits=RELAXED)) as first:
        made = create(first, game="yinsh", options={"variant": "blitz"}, seats=["me", 0.05])
        first.app.state.keeper.closed = True                            # the engine does not start here
        assert act(first, made["id"], made["token"], type="move", move="e5", ply=0).status_code == 200
    with TestClient(create_app(db=path, limits=RELAXED)) as second:
        deadline = time.monotonic() + 30
        while state_of(second, made["id"])["ply"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert state_of(second, made["id"])["to_act"] == 0


def test_a_stored_game_that_cannot_be_replayed_does_not_stop_the_server(tmp_path, caplog):
    """A game in play whose log no longer replays (a rule changed, a row
    edited by hand) is logged and answered as gone; the server starts and
    the other games go on."""
    path = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db=path, limits=RELAXED)) as first:
        broken, ann, _ = two_people(first)
        fine, carl, _ = two_people(first)
        assert act(first, broken, ann, type="move", move="c3", ply=0).status_code == 200
    database = Database(path)
    with database.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE actions SET text = 'z9' WHERE game_id = ?", (broken,))
    database.dispose()
    with TestClient(create_app(db=path, limits=RELAXED)) as second:
        answer = second.get(f"/api/online/games/{broken}")
        assert answer.status_code == 404 and "cannot be replayed" in answer.json()["error"]
        assert act(second, fine, carl, type="move", move="c3", ply=0).status_code == 200
    assert any("cannot be replayed" in r.getMessage() for r in caplog.records)


def test_a_database_that_went_away_changes_nothing_and_says_so(monkeypatch):
    from sqlalchemy.exc import OperationalError
    with TestClient(create_app()) as local:
        game_id, ann, bob = two_people(local)
        db = local.app.state.online.db

        def down(*args, **kwargs):
            raise OperationalError("INSERT", {}, Exception("the server closed the connection"))

        monkeypatch.setattr(db, "_append_work", down)       # every append's statements, batched or not
        answer = act(local, game_id, ann, type="move", move="c3", ply=0)
        assert answer.status_code == 503 and "database" in answer.json()["error"]
        socket = Socket(local, game_id, token=ann)
        socket.send(type="move", move="c3", ply=0, id="a")
        assert socket.until("error")["status"] == 503
        assert state_of(local, game_id)["seq"] == 0
        monkeypatch.undo()
        socket.send(type="move", move="c3", ply=0, id="b")
        assert socket.until("ack")["seq"] == 1
        socket.close()


def test_a_ludo_player_who_flags_is_out_and_the_server_plays_their_turns():
    from yinsh.web.clocks import TimeControl
    from yinsh.web.online_game import OnlineGame, Seat
    game = OnlineGame.new("ludo", {"players": 3}, [Seat("person", joined=True) for _ in range(3)],
                          TimeControl.parse("1+0"))
    game.start(at_ms=0)
    assert not game.flag_due(59_999) and game.flag_due(60_000)
    entries = game.flag(now_ms=60_000)
    assert entries[0].kind == "flag" and entries[0].seat == 0 and game.out == [0]
    assert {e.kind for e in entries[1:]} <= {"throw", "out_move"} and entries[1:]
    assert game.status == "playing" and game.to_act != 0 and game.clocks.running == game.to_act
    assert game.clocks.remaining_ms[0] == 0
    rebuilt = OnlineGame.replay(game.header(), game.log)
    assert rebuilt.board.position() == game.board.position() and rebuilt.out == [0]


# Updates ----------------------------------------------------------------------------------------

def test_a_move_update_is_small_and_its_picture_is_drawn_once(client, monkeypatch):
    import json as _json
    from yinsh.parts.web import WebGame
    made = create(client, game="yinsh", seats=["me", "invite"])
    bob = join(client, made)
    ann_socket, bob_socket = Socket(client, made["id"], made["token"]), Socket(client, made["id"], bob)
    watcher = Socket(client, made["id"])
    drawn = []
    original = WebGame.svg
    monkeypatch.setattr(WebGame, "svg", lambda self, *a, **k: drawn.append(1) or original(self, *a, **k))
    rng = random.Random(9)
    sizes = []
    for _ in range(12):
        mover, tokens = (ann_socket, made["token"]) if ann_socket.state["to_act"] == 0 else (bob_socket, bob)
        state = mover.state
        mover.send(type="move", move=rng.choice(state["choices"])["move"], ply=state["ply"], seq=state["seq"])
        mover.until("ack")
        raw = watcher.ws.receive_text()
        message = _json.loads(raw)
        assert message["type"] == "update" and "svg" not in message["state"]
        sizes.append(len(raw.encode()))
        watcher.state = merge_update(watcher.state, message["state"])
        for socket in (ann_socket, bob_socket):
            socket.until("update") if socket is not mover else None
        for _ in range(2):                                  # every viewer asks: drawn once
            picture = client.get(message["state"]["picture"])
            assert picture.status_code == 200 and picture.text.startswith("<svg")
            assert "immutable" in picture.headers["cache-control"]
        watcher.state["svg"] = picture.text
    assert max(sizes) < 5500, sizes                         # the whole state: about 26 KB
    assert len(drawn) == 12                                 # one picture a position and view
    final = state_of(client, made["id"])
    assert watcher.state["moves"] == final["moves"] and watcher.state["svg"] == final["svg"]


def test_an_action_after_the_flag_time_is_refused_and_the_flag_falls():
    """A move that arrives after the mover's time ran out, before the flag's
    timer stored the flag, is refused (stale: nothing changed)."""
    from yinsh.web.clocks import TimeControl
    from yinsh.web.errors import StaleError
    from yinsh.web.online_game import OnlineGame, Seat

    game = OnlineGame.new("insert", {"layout": 7}, [Seat("person", "A", joined=True),
                                                    Seat("person", "B", joined=True)],
                          TimeControl.parse("1+0"))
    game.start(at_ms=0)
    move = str(next(iter(game.board.legal_moves)))
    with pytest.raises(StaleError, match="time has run out"):
        game.clone().act(0, {"type": "move", "move": move, "ply": 0}, now_ms=60_001)
    assert [e.kind for e in game.clone().act(0, {"type": "move", "move": move, "ply": 0},
                                             now_ms=59_999)] == ["move"]
    assert [e.kind for e in game.flag(60_001)] == ["flag"] and game.status == "finished"


def test_the_same_position_by_other_moves_is_drawn_with_its_own_last_move():
    """A picture marks the last action, which the position string does not
    hold: two games at one position reached in other orders each get their
    own picture (only start positions are shared among games)."""
    from yinsh.web.online_game import OnlineGame, Seat

    def game(moves):
        g = OnlineGame.new("yinsh", {}, [Seat("person", "A", joined=True), Seat("person", "B", joined=True)])
        g.start(at_ms=0)
        for ply, move in enumerate(moves):
            g.act(ply % 2, {"type": "move", "move": move, "ply": ply}, now_ms=10 * (ply + 1))
        return g

    a, b, c = [str(m) for m in game([]).board.legal_moves][:3]
    first, second = game([a, b, c]), game([c, b, a])
    assert first.board.position() == second.board.position()
    for one in (first, second):
        drawn = online_view.picture(one, False, {})
        assert drawn == one.web.svg(one.board, [], False)
        assert f'data-move="{one.board.move_stack[-1]}"' in drawn
    assert online_view.picture(game([]), True, {}) is online_view.picture(game([]), True, {})  # drawn once


def test_a_socket_that_comes_back_with_its_seq_gets_what_it_missed(client):
    game_id, ann, bob = two_people(client)
    first = Socket(client, game_id, ann)
    seen = first.state
    first.close()
    state = act(client, game_id, ann, type="move", move="c3", ply=0).json()["state"]
    state = act(client, game_id, bob, type="move", move=state["choices"][0]["move"], ply=1).json()["state"]
    with client.websocket_connect(f"/api/online/games/{game_id}/live") as ws:
        ws.send_json({"type": "hello", "token": ann, "seq": seen["seq"]})
        message = ws.receive_json()
        assert message["type"] == "update" and [e["seq"] for e in message["events"]] == [1, 2]
        caught_up = merge_update(seen, message["state"])
        assert caught_up["moves"] == state["moves"] and caught_up["you"] == 0
        ws.send_json({"type": "hello", "token": ann, "seq": 99})        # not a seq of this game
        assert ws.receive_json()["type"] == "snapshot"
    assert client.get(f"/api/online/games/{game_id}/picture?seq=1&view=0").text.startswith("<svg")
    assert client.get(f"/api/online/games/{game_id}/picture?seq=3").status_code == 400


def test_a_database_of_the_previous_version_gets_the_owner_columns(tmp_path):
    import sqlite3
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(16) NOT NULL, "
                    "options TEXT NOT NULL, start TEXT NOT NULL, clock VARCHAR(16), auto_throw BOOLEAN "
                    "NOT NULL, public BOOLEAN NOT NULL, status VARCHAR(16) NOT NULL, result TEXT, ply "
                    "INTEGER NOT NULL, seq INTEGER NOT NULL, created_ms BIGINT NOT NULL, started_ms BIGINT, "
                    "finished_ms BIGINT, rematch_of VARCHAR(32), rematch VARCHAR(32))")
        old.execute("INSERT INTO games VALUES ('g', 'insert', '{}', 's', NULL, 0, 0, 'playing', NULL, 0, 0, "
                    "1, 1, NULL, NULL, NULL)")
    db = Database(str(path))
    assert db.claim("me", now_ms=10, lease_ms=5000) == [("g", None)] and db.heartbeat("me", now_ms=11) == ["g"]


def test_stale_messages_say_what_moved_and_never_ask_for_a_reload(client):
    game_id, ann, bob = two_people(client)
    assert act(client, game_id, ann, type="move", move="c3", ply=0, seq=0).status_code == 200
    old_ply = act(client, game_id, ann, type="draw", ply=1, seq=0).json()
    assert old_ply["stale"] and "entry 1 now, 0 then" in old_ply["error"]
    offer = act(client, game_id, ann, type="draw", ply=1, seq=1)
    assert offer.status_code == 200
    stale = act(client, game_id, bob, type="move", move="d3", ply=0, seq=1).json()
    assert "it is at ply 1, the action was made at ply 0" in stale["error"]
    seq_only = act(client, game_id, bob, type="draw_decline", ply=1, seq=1).json()
    assert seq_only["stale"] and "entry 2 now, 1 then" in seq_only["error"]
    assert "ply 1, you sent" not in seq_only["error"] and "reload" not in seq_only["error"]


def test_appends_handed_over_together_are_each_all_or_nothing():
    from yinsh.web.store_errors import Conflict
    from yinsh.web.online_game import Entry
    db = Database("sqlite://")
    for game_id in ("g1", "g2", "g3"):
        db.create({"id": game_id, "game": "insert", "options": {}, "start": "s", "clock": None,
                   "auto_throw": False, "public": False, "created_ms": 1},
                  [{"kind": "person", "name": "A", "token_hash": "t"},
                   {"kind": "person", "name": "B", "token_hash": "u"}])
    move = Entry(1, 0, "move", 0, "c3", at_ms=5)
    failures = db.append_all([
        {"game_id": "g1", "entries": [move], "expected_seq": 0, "ply": 1},
        {"game_id": "g2", "entries": [move], "expected_seq": 3, "ply": 1},      # not where it is
        {"game_id": "g3", "entries": [move, Entry(2, 1, "resign", 1, at_ms=9)], "expected_seq": 0,
         "status": "finished", "result": {"code": "1-0", "winner": "A", "reason": "resigned"}, "ply": 1}])
    assert failures[0] is None and isinstance(failures[1], Conflict) and failures[2] is None
    assert [e.text for e in db.load("g1").entries] == ["c3"] and db.load("g2").entries == []
    g3 = db.load("g3")
    assert [e.kind for e in g3.entries] == ["move", "resign"] and g3.row["status"] == "finished"
    assert json.loads(g3.row["result"])["code"] == "1-0" and g3.row["finished_ms"] == 9
    db.dispose()


def test_writes_that_wait_meanwhile_are_committed_together_by_one_thread(tmp_path):
    from yinsh.web.store_errors import Faults
    from yinsh.web.online_game import Entry
    db = Database(str(tmp_path / "games.sqlite3"))
    for n in range(8):
        db.create({"id": f"g{n}", "game": "insert", "options": {}, "start": "s", "clock": None,
                   "auto_throw": False, "public": False, "created_ms": 1}, [{"kind": "person", "name": "A"}])
    db.faults = Faults()
    heard: list[list] = []
    all_heard = threading.Event()

    def done(failures):
        heard.append(failures)
        if len(heard) == 8:
            all_heard.set()

    with db.commits.writing(), db.commits._pending_changed:     # a commit in progress: the next writes queue
        for n in range(8):
            db.append_later([{"game_id": f"g{n}", "entries": [Entry(1, 0, "move", 0, "c3")],
                              "expected_seq": 0 if n != 5 else 4}], done)
        assert not heard
    assert all_heard.wait(10)
    assert db.faults.seen.count("append.commit") == 1           # one transaction, one sync for all
    assert sorted(type(f[0]).__name__ for f in heard) == ["Conflict"] + ["NoneType"] * 7
    assert [len(db.load(f"g{n}").entries) for n in range(8)] == [1, 1, 1, 1, 1, 0, 1, 1]
    db.dispose()


def test_the_committing_thread_ends_when_idle_and_a_failing_callback_stops_no_other(monkeypatch, caplog):
    from yinsh.web.online_game import Entry
    from yinsh.web.group_commit import GroupCommits
    monkeypatch.setattr(GroupCommits, "COMMITTER_IDLE_S", 0.05)
    db = Database("sqlite://")
    db.create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
               "auto_throw": False, "public": False, "created_ms": 1}, [{"kind": "person", "name": "A"}])
    first = db.commits.committer
    assert first is not None
    first.join(5)
    assert not first.is_alive() and db.commits.committer is None    # idle: ended

    heard = threading.Event()

    def broken(failures):
        raise ZeroDivisionError

    with db.commits.writing():
        db.append_later([{"game_id": "g", "entries": [Entry(1, 0, "move", 0, "c3")], "expected_seq": 0}],
                        broken)
        db.append_later([{"game_id": "g", "entries": [Entry(2, 1, "move", 1, "d3")], "expected_seq": 1}],
                        lambda failures: heard.set() if failures == [None] else None)
    assert heard.wait(10) and "completion callback failed" in caplog.text   # (a thread started again)
    assert [e.text for e in db.load("g").entries] == ["c3", "d3"]
    db.dispose()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")    # the dying thread's
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # the thread killed on purpose
def test_the_committing_thread_failing_to_start_or_dying_wedges_no_later_write(monkeypatch):
    from yinsh.web.group_commit import Write
    db = Database("sqlite://")
    start = threading.Thread.start

    def refused(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refused)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        db.commits.run("heartbeat", lambda conn: 1)
    assert db.commits.committer is None and not db.commits._pending     # nothing left queued
    monkeypatch.setattr(threading.Thread, "start", start)
    assert db.commits.run("heartbeat", lambda conn: 2) == 2

    def dies(conn):
        raise SystemExit                                        # a bug that kills the thread
    dead = Write("heartbeat", dies)
    db.commits.wait([dead])
    assert isinstance(dead.failed, RuntimeError)                # not taken as stored
    assert db.commits.run("heartbeat", lambda conn: 3) == 3     # another thread took over
    db.dispose()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # the thread killed on purpose
def test_dispose_commits_what_waits_and_ends_the_committing_thread(tmp_path):
    from yinsh.web.online_game import Entry
    db = Database(str(tmp_path / "games.sqlite3"))
    db.create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
               "auto_throw": False, "public": False, "created_ms": 1}, [{"kind": "person", "name": "A"}])
    heard = []
    with db.commits.writing():
        db.append_later([{"game_id": "g", "entries": [Entry(1, 0, "move", 0, "c3")], "expected_seq": 0}],
                        heard.append)
        committer = db.commits.committer
    db.dispose()
    assert heard == [[None]] and not committer.is_alive() and db.commits.committer is None
    assert [e.text for e in db.load("g").entries] == ["c3"]   # and it opens again
    db.dispose()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")
def test_a_forked_child_writes_with_a_committing_thread_of_its_own(tmp_path):
    from yinsh.web.online_game import Entry
    db = Database(str(tmp_path / "games.sqlite3"))
    db.create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
               "auto_throw": False, "public": False, "created_ms": 1}, [{"kind": "person", "name": "A"}])
    assert db.commits.committer is not None                     # the parent's, alive
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                         # (fork with threads running)
        pid = os.fork()
    if pid == 0:                                                # the child: exit status 0 if it wrote
        code = 1
        try:
            signal.alarm(20)
            db.append("g", [Entry(1, 0, "move", 0, "c3")], expected_seq=0)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert [e.text for e in db.load("g").entries] == ["c3"]
    db.dispose()


def test_an_sqlite_file_commits_on_one_kept_connection_a_new_one_after_a_failure(tmp_path):
    from yinsh.web.online_game import Entry

    class Faults:
        fail = ""

        def hit(self, step):
            if step == self.fail:
                raise OSError(f"injected at {step}")

    db = Database(str(tmp_path / "games.sqlite3"))
    db.faults = Faults()
    db.create({"id": "g", "game": "insert", "options": {}, "start": "s", "clock": None,
               "auto_throw": False, "public": False, "created_ms": 1},
              [{"kind": "person", "name": "A", "token_hash": "t"}, {"kind": "person", "name": "B", "token_hash": "u"}])
    kept = db.commits.writer
    assert kept is not None
    assert db.append_all([{"game_id": "g", "entries": [Entry(1, 0, "move", 0, "c3")], "expected_seq": 0}]) == [None]
    assert db.commits.writer is kept                            # the same connection again
    db.faults.fail = "append.commit"                            # fails before the commit: rolled back
    failed = db.append_all([{"game_id": "g", "entries": [Entry(2, 1, "move", 1, "d3")], "expected_seq": 1}])
    assert isinstance(failed[0], OSError) and db.commits.writer is None
    db.faults.fail = ""
    assert db.append_all([{"game_id": "g", "entries": [Entry(2, 1, "move", 1, "d4")], "expected_seq": 1}]) == [None]
    assert db.commits.writer is not None and db.commits.writer is not kept
    assert [e.text for e in db.load("g").entries] == ["c3", "d4"]
    db.dispose()
    assert db.commits.writer is None


def test_an_update_names_each_viewer_its_own_seat():
    from yinsh.web.live import Hub

    class Seen:
        def __init__(self, seat):
            self.seat, self.texts = seat, []

        def send_text(self, text, kind):
            self.texts.append((kind, text))

    hub = Hub()
    viewers = [Seen(0), Seen(1), Seen(None), Seen(0)]
    for viewer in viewers:
        hub.add("g", viewer)
    hub.publish("g", {"type": "update", "events": [{"seq": 1}]}, {"ply": 1, "you": None, "name": "Zoë"})
    for viewer in viewers:
        kind, text = viewer.texts[0]
        assert kind == "update" and json.loads(text) == {
            "type": "update", "events": [{"seq": 1}], "state": {"ply": 1, "name": "Zoë", "you": viewer.seat}}
    hub.publish("g", {"type": "gone", "error": "x"}, None)
    assert all(json.loads(v.texts[1][1]) == {"type": "gone", "error": "x"} for v in viewers)


def test_the_answers_to_create_join_and_rematch_draw_no_picture(client, monkeypatch):
    from yinsh.parts.web import WebGame
    drawn = []
    original = WebGame.svg
    monkeypatch.setattr(WebGame, "svg", lambda self, *a, **k: drawn.append(1) or original(self, *a, **k))
    made = create(client, game="insert", options={"layout": 6}, seats=["me", "invite"])
    answer = client.post(f"/api/online/games/{made['id']}/join",
                         json={"invite": made["invites"][0]["invite"], "name": "Bob"}).json()
    for state in (made["state"], answer["state"]):
        assert state["svg"] is None and state["picture"].startswith(f"/api/online/games/{made['id']}/picture?")
        assert state["moves"] == [] and state["position"]              # the rest is whole
    assert drawn == []
    picture = client.get(answer["state"]["picture"])
    assert picture.status_code == 200 and picture.text.startswith("<svg") and len(drawn) == 1
    socket = Socket(client, made["id"], made["token"])                 # the page's board: its snapshot
    assert socket.state["svg"] == picture.text and len(drawn) == 1
    act(client, made["id"], answer["token"] if answer["seat"] == socket.state["to_act"] else made["token"],
        type="resign", ply=socket.state["ply"])
    again = client.post(f"/api/online/games/{made['id']}/rematch", headers=auth(made["token"])).json()
    assert again["state"]["svg"] is None and again["state"]["picture"]
    socket.close()


def test_a_socket_that_asks_gets_its_ack_in_the_update_its_action_made(client):
    game_id, ann, bob = two_people(client)
    with client.websocket_connect(f"/api/online/games/{game_id}/live") as folded, \
            client.websocket_connect(f"/api/online/games/{game_id}/live") as plain:
        folded.send_json({"type": "hello", "token": ann, "ack_in_update": True})
        plain.send_json({"type": "hello", "token": bob})
        state = folded.receive_json()["state"]
        assert plain.receive_json()["type"] == "snapshot"
        folded.send_json({"type": "move", "move": state["choices"][0]["move"], "ply": 0, "seq": 0, "id": "a1"})
        mine = folded.receive_json()                     # one message: the update, acknowledged
        assert mine["type"] == "update" and mine["ack"] == {"id": "a1", "seq": 1} == \
            {"id": "a1", "seq": mine["state"]["seq"]} and mine["state"]["you"] == 0
        theirs = plain.receive_json()
        assert theirs["type"] == "update" and "ack" not in theirs and theirs["events"] == mine["events"]
        plain.send_json({"type": "move", "move": theirs["state"]["choices"][0]["move"], "ply": 1, "seq": 1,
                         "id": 7})                       # a socket that did not ask: update, then ack
        assert [m["type"] for m in (plain.receive_json(), plain.receive_json())] == ["update", "ack"]
        update = folded.receive_json()
        assert update["type"] == "update" and "ack" not in update
        folded.send_json({"type": "ping", "id": "p"})    # nothing else came to the folded socket
        assert folded.receive_json() == {"type": "pong", "id": "p"}
        folded.send_json({"type": "resign", "ply": 0, "seq": 0, "id": "old"})   # refused: an error
        assert folded.receive_json()["type"] == "error"


def test_a_folded_ack_not_queued_with_its_update_comes_by_itself():
    from yinsh.web.live import Ack, Hub, Viewer

    class Socket:
        pass

    hub = Hub()
    behind, fine = Viewer(Socket(), seat=0, snapshot=lambda v: {}), Viewer(Socket(), seat=1, snapshot=lambda v: {})
    behind.behind = True                                 # its snapshot to come holds the update
    hub.add("g", behind)
    hub.add("g", fine)
    late, ok = Ack(behind, "x"), Ack(fine, "y")
    hub.publish("g", {"type": "update", "events": []}, {"seq": 3, "you": None}, late)
    hub.publish("g", {"type": "update", "events": []}, {"seq": 3, "you": None}, ok)
    assert not late.sent and ok.sent
    assert json.loads(fine._queue[-1][1])["ack"] == {"id": "y", "seq": 3}
    fine.max_bytes = fine.queued_bytes + 100             # it stops reading: the next state overflows
    hub.publish("g", {"type": "update", "events": [{"text": "x" * 200}]}, {"seq": 4, "you": None})
    assert fine.behind and [json.loads(t) for _, t, _ in fine._queue] == [{"type": "ack", "id": "y", "seq": 3}]


def test_a_notification_with_a_gap_plays_the_entries_before_it_and_reads_the_rest(tmp_path):
    """Another process's notification line (``GameKeeper.on_change``)
    whose entries stop following (a gap): the process plays those before
    the gap on its copy at once and reads the rest from the database; a
    line whose first entry does not play changes nothing before that read."""
    import asyncio
    import dataclasses

    from yinsh.web import engines
    from yinsh.web.game_keeper import GameKeeper
    from yinsh.web.online import OnlineService

    def line(game_id, entries):
        fields = [[e.seq, e.ply, e.kind, e.seat, e.text, e.auto, e.at_ms, e.used_ms] for e in entries]
        return f"{game_id} {entries[-1].seq} {json.dumps(fields)}"

    async def run():
        path = str(tmp_path / "games.sqlite3")
        slots = engines.SearchSlots(1)
        here, there = GameKeeper(Database(path), slots), OnlineService(GameKeeper(Database(path), slots))
        made = await there.create({"game": "insert", "options": {"layout": 7}, "seats": ["me", "invite"],
                                   "name": "Ann"})
        game_id = made["id"]
        friend = (await there.join(game_id, {"invite": made["invites"][0]["invite"], "name": "Bob"}))["token"]
        mine = await here.get(game_id)
        seat_tokens = {made["seat"]: made["token"], 1 - made["seat"]: friend}
        rng = random.Random(5)

        async def play_there(count):
            """count actions stored by the other process: the entries new to mine."""
            seq = mine.game.seq
            for _ in range(count):
                game = (await there.keeper.get(game_id)).game
                move = rng.choice(game.web.choices(game.board)).move
                await there.act(game_id, seat_tokens[game.to_act], {"type": "move", "move": move,
                                                                    "seq": game.seq, "ply": game.board.ply})
            return [e for e in (await there.keeper.get(game_id)).game.log if e.seq > seq]

        async def caught_up():
            if mine.catch_up is not None:
                await mine.catch_up
            theirs = (await there.keeper.get(game_id)).game
            assert mine.game.log == theirs.log and mine.game.board.position() == theirs.board.position()

        new = await play_there(3)
        seq = mine.game.seq
        await here.on_change(line(game_id, [new[0], new[2]]))      # new[1] left out: a gap
        assert mine.game.log[seq:] == [new[0]]               # played at once, before the read
        await caught_up()

        new = await play_there(2)
        seq = mine.game.seq
        await here.on_change(line(game_id, [dataclasses.replace(new[0], text="zz9"), new[1]]))
        assert mine.game.seq == seq                          # nothing played
        await caught_up()
        for keeper in (here, there.keeper):
            keeper.db.dispose()
        slots.stop_all()

    asyncio.run(run())


def test_the_database_holds_its_parts_and_inherits_none():
    """``Database`` holds its committing thread and its reads (docs/web.md,
    "How it is put together"); the service holds its keeper."""
    from yinsh.web.game_keeper import GameKeeper
    from yinsh.web.game_reads import GameReads
    from yinsh.web.group_commit import GroupCommits
    from yinsh.web.online import OnlineService
    assert Database.__bases__ == OnlineService.__bases__ == GameKeeper.__bases__ == (object,)
    db = Database("sqlite://")
    assert isinstance(db.commits, GroupCommits) and isinstance(db.reads, GameReads)
    assert db.load("nothing") is None and db.count_actions() == 0 and db.origin == db.commits.origin
    db.dispose()
