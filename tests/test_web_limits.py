"""The limits of a public server (docs/web.md, "Limits"), each exercised
through Starlette's test client: the create/join rate limit (429 with
Retry-After, per client address, X-Forwarded-For only from a trusted
proxy), socket caps (close 1013) and the global cap (503), the bounded
viewer queue that falls back to one fresh snapshot, option schemas and
clocks, JSON and same-origin requests (415, 403), the security headers,
waiting games let go from memory and expired, the engine's own bounded
pool with engine-game caps, and idle engine games that stop searching."""
from __future__ import annotations

import asyncio
import json
import threading
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from yinsh.web import engines
from yinsh.web.app import create_app
from yinsh.web.limits import Limits, RateLimiter, client_address, default_max_connections
from yinsh.web.live import Hub, Viewer

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: The test client's peer address.
PEER = "testclient"


def app_with(**limits):
    return TestClient(create_app(limits=Limits(**limits)))


def create(client, headers=None, **body):
    body.setdefault("game", "insert")
    body.setdefault("options", {"layout": 7})
    body.setdefault("seats", ["me", "invite"])
    return client.post("/api/online/games", json=body, headers=headers or {})


def hello(ws, token=None):
    ws.send_json({"type": "hello", "token": token})
    while True:
        message = ws.receive_json()
        if message["type"] == "snapshot":
            return message


# Creating and joining ---------------------------------------------------------------------

def test_creating_and_joining_are_rate_limited_per_client_address():
    with app_with(create_burst=3, create_per_minute=6, trusted_proxies=(PEER,)) as client:
        made = [create(client, headers={"X-Forwarded-For": "203.0.113.1"}) for _ in range(3)]
        assert all(m.status_code == 200 for m in made)
        refused = create(client, headers={"X-Forwarded-For": "203.0.113.1"})
        assert refused.status_code == 429 and "try again" in refused.json()["error"]
        assert 1 <= int(refused.headers["retry-after"]) <= 10              # 6 a minute: one every 10 s
        join = client.post(f"/api/online/games/{made[0].json()['id']}/join",
                           json={"invite": made[0].json()["invites"][0]["invite"]},
                           headers={"X-Forwarded-For": "203.0.113.1"})
        assert join.status_code == 429                                   # the same bucket
        other = create(client, headers={"X-Forwarded-For": "203.0.113.2"})
        assert other.status_code == 200                                  # another address


def test_games_at_one_screen_are_rate_limited_and_one_client_evicts_only_its_own():
    with app_with(create_burst=3, trusted_proxies=(PEER,)) as client:
        store = client.app.state.store
        store.per_client = 2
        ann, bob = {"X-Forwarded-For": "203.0.113.1"}, {"X-Forwarded-For": "203.0.113.2"}
        first = client.post("/api/games", json={"game": "insert"}, headers=bob).json()["id"]
        answers = [client.post("/api/games", json={"game": "insert"}, headers=ann) for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert "try again" in answers[3].json()["error"]
        assert first in store and answers[0].json()["id"] not in store    # ann's own oldest went
        assert all(a.json()["id"] in store for a in answers[1:3])


def test_x_forwarded_for_is_believed_from_a_trusted_proxy_only():
    with app_with(create_burst=1, trusted_proxies=()) as client:
        assert create(client, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 200
        assert create(client, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 429
    limits = Limits(trusted_proxies=("10.0.0.1",))
    scope = {"client": ("10.0.0.1", 1), "headers": [(b"x-forwarded-for", b"1.2.3.4, 10.0.0.1")]}
    assert client_address(scope, limits) == "1.2.3.4"
    assert client_address({**scope, "client": ("10.0.0.9", 1)}, limits) == "10.0.0.9"
    twice = {**scope, "headers": [(b"x-forwarded-for", b"6.6.6.6"), (b"x-forwarded-for", b"1.2.3.4")]}
    assert client_address(twice, limits) == "1.2.3.4"          # a proxy's own line after the client's
    bucket = RateLimiter(per_minute=60, burst=1)
    assert bucket.take("a", now=0.0) == 0 and bucket.take("a", now=0.5) == pytest.approx(0.5)


def test_an_ipv6_client_counts_as_its_slash_64_network():
    with app_with(create_burst=2, trusted_proxies=(PEER,)) as client:
        one_home = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::99"]
        answers = [create(client, headers={"X-Forwarded-For": a}).status_code for a in one_home]
        assert answers == [200, 200, 429]                               # one bucket for the /64
        assert create(client, headers={"X-Forwarded-For": "2001:db8:1:3::1"}).status_code == 200
    limits = Limits(trusted_proxies=("::1",))
    assert client_address({"client": ("2001:db8::7", 1), "headers": []}, limits) == "2001:db8::/64"
    assert client_address({"client": ("::1", 1), "headers": [(b"x-forwarded-for", b"::ffff:1.2.3.4")]},
                          limits) == "1.2.3.4"                          # IPv4 written as IPv6
    behind = {"client": ("::ffff:127.0.0.1", 1), "headers": [(b"x-forwarded-for", b"203.0.113.9:5678")]}
    assert client_address(behind, Limits()) == "203.0.113.9"            # a dual-stack server's proxy peer
    assert client_address({"client": ("2001:DB8::10", 1), "headers": [(b"x-forwarded-for", b"[2001:db8:5::1]:443")]},
                          Limits(trusted_proxies=("2001:db8::10",))) == "2001:db8:5::/64"


def test_unknown_options_and_bad_values_are_refused_naming_what_is_allowed():
    with app_with() as client:
        junk = create(client, options={"layout": 7, "junk": "x" * 60000})
        assert junk.status_code in (400, 413)
        for game, options, words in [
                ("insert", {"junk": 1}, "Insert takes the option layout, not 'junk'"),
                ("insert", {"variant": "blitz"}, "Insert takes the option layout"),
                ("insert", {"players": 4}, "not 'players'"),
                ("yinsh", {"layout": 3}, "Yinsh takes the option variant"),
                ("ludo", {"colour": "red"}, "Ludo takes the options players and variant"),
                ("ludo", {"variant": "x" * 30}, "short text"),
                ("yinsh", {"variant": "<b>hi</b>"}, "Yinsh variants are")]:
            answer = create(client, game=game, options=options, seats=None)
            assert answer.status_code == 400 and words in answer.json()["error"], answer.text
        assert client.post("/api/games", json={"game": "insert", "options": {"junk": 1}}).status_code == 400
        name = create(client, name="x" * 41)
        assert name.status_code == 400 and "40" in name.json()["error"]


def test_clocks_take_ascii_digits_and_a_minimum():
    with app_with() as client:
        for clock in ("\u0665+\u0663", "0.01+0", "0.2+5", "\uff15+3"):
            answer = create(client, clock=clock)
            assert answer.status_code == 400, clock
        assert "at least 15 s" in create(client, clock="0.01+0").json()["error"]
        assert create(client, clock="0.25+0").status_code == 200


def test_the_lobby_is_bounded_and_shows_only_known_options():
    with app_with(lobby_size=3, create_burst=100) as client:
        for _ in range(5):
            assert create(client, public=True).status_code == 200
        lobby = client.get("/api/online/lobby").json()
        assert len(lobby["open"]) == 3
        assert all(set(g["options"]) <= {"layout"} for g in lobby["open"])


def test_one_address_has_a_few_games_waiting_at_once():
    with app_with(waiting_per_client=2, trusted_proxies=(PEER,)) as client:
        ann = {"X-Forwarded-For": "203.0.113.1"}
        first, second = create(client, headers=ann).json(), create(client, headers=ann).json()
        third = create(client, headers=ann)
        assert third.status_code == 429 and "at most 2 games waiting" in third.json()["error"]
        assert create(client, headers=ann, seats=["me", 0.05]).status_code == 200   # not waiting
        assert create(client, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 200
        joined = client.post(f"/api/online/games/{first['id']}/join",
                             json={"invite": first["invites"][0]["invite"]})
        assert joined.status_code == 200                                   # started: a place frees
        assert create(client, headers=ann).status_code == 200
        assert second


def test_waiting_games_live_in_the_database_and_expire():
    with app_with(waiting_hours=0.5 / 3600) as client:                  # half a second
        service = client.app.state.keeper
        service.waiting_kept = 1
        made = create(client, public=True).json()
        assert made["id"] in service.games                                # the newest is kept
        newer = create(client, headers={"X-Forwarded-For": "203.0.113.9"}).json()
        assert made["id"] not in service.games and newer["id"] in service.games   # let go
        assert client.get(f"/api/online/games/{made['id']}").json()["status"] == "waiting"
        assert any(g["id"] == made["id"] for g in client.get("/api/online/lobby").json()["open"])
        deadline = time.monotonic() + 10
        while client.get(f"/api/online/games/{made['id']}").status_code != 404:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert made["id"] not in service.games
        assert not client.get("/api/online/lobby").json()["open"]
        join = client.post(f"/api/online/games/{made['id']}/join", json={"seat": 1})
        assert join.status_code == 404 and join.json()["gone"]


def test_a_socket_on_an_expired_game_is_told_it_is_gone_before_it_closes():
    with app_with(waiting_hours=0.5 / 3600) as client:
        made = create(client).json()
        with client.websocket_connect(f"/api/online/games/{made['id']}/live") as ws:
            hello(ws, made["token"])                                  # (its snapshot)
            gone = ws.receive_json()                                  # within a second or so
            assert gone["type"] == "gone" and "nobody joined" in gone["error"]
            assert ws.receive()["type"] == "websocket.close"


def test_a_joined_game_does_not_expire():
    with app_with(waiting_hours=0.5 / 3600) as client:
        made = create(client).json()
        joined = client.post(f"/api/online/games/{made['id']}/join",
                             json={"invite": made["invites"][0]["invite"], "name": "Bob"})
        assert joined.status_code == 200
        time.sleep(1.0)
        assert client.get(f"/api/online/games/{made['id']}").json()["status"] == "playing"


# Cross-site --------------------------------------------------------------------------------

def test_create_and_join_take_json_from_this_site_only():
    with app_with(allowed_origins=("https://friends.example",)) as client:
        text = client.post("/api/online/games", content=json.dumps({"game": "insert"}),
                           headers={"Content-Type": "text/plain"})
        assert text.status_code == 415 and "application/json" in text.json()["error"]
        form = client.post("/api/online/games", content=b"game=insert",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert form.status_code == 415
        evil = create(client, headers={"Origin": "https://evil.example"})
        assert evil.status_code == 403 and "evil.example" in evil.json()["error"]
        assert create(client, headers={"Origin": "null"}).status_code == 403
        assert create(client, headers={"Origin": "http://testserver"}).status_code == 200
        assert create(client, headers={"Origin": "https://friends.example"}).status_code == 200
        made = create(client).json()
        url = f"/api/online/games/{made['id']}/join"
        body = json.dumps({"invite": made["invites"][0]["invite"]})
        assert client.post(url, content=body, headers={"Content-Type": "text/plain"}).status_code == 415
        assert client.post(url, content=body, headers={"Content-Type": "application/json",
                                                       "Origin": "https://evil.example"}).status_code == 403
        bob = client.post(url, content=body, headers={"Content-Type": "application/json; charset=utf-8"})
        assert bob.status_code == 200
        action = client.post(f"/api/online/games/{made['id']}/action",
                             json={"type": "move", "move": "c3", "ply": 0},
                             headers={"Authorization": f"Bearer {made['token']}",
                                      "Origin": "https://evil.example"})
        assert action.status_code == 403
        assert client.get(f"/api/online/games/{made['id']}").json()["seq"] == 0


def test_a_socket_from_another_site_watches_but_does_not_act():
    with app_with() as client:
        made = create(client).json()
        client.post(f"/api/online/games/{made['id']}/join", json={"invite": made["invites"][0]["invite"]})
        with client.websocket_connect(f"/api/online/games/{made['id']}/live",
                                      headers={"Origin": "https://evil.example"}) as ws:
            assert hello(ws, made["token"])["state"]["you"] == 0           # it sees the game
            ws.send_json({"type": "move", "move": "c3", "ply": 0, "id": "x"})
            error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 403
        with client.websocket_connect(f"/api/online/games/{made['id']}/live",
                                      headers={"Origin": "http://testserver"}) as ws:
            hello(ws, made["token"])
            ws.send_json({"type": "move", "move": "c3", "ply": 0, "id": "y"})
            kinds = [ws.receive_json()["type"] for _ in range(2)]
            assert kinds == ["update", "ack"]


def test_every_answer_has_the_security_headers():
    with app_with() as client:
        for answer in (client.get("/"), client.get("/api/games"), client.get("/static/main.js"),
                       client.get("/api/online/games/nope")):
            csp = answer.headers["content-security-policy"]
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
            assert "unsafe-eval" not in csp and "script-src 'self' 'unsafe-inline'" not in csp
            assert answer.headers["x-content-type-options"] == "nosniff"
            assert answer.headers["referrer-policy"] == "same-origin"


# Sockets -----------------------------------------------------------------------------------

def closed_with(client, url, headers=None):
    with client.websocket_connect(url, headers=headers or {}) as ws:
        with pytest.raises(WebSocketDisconnect) as info:
            hello(ws)
        return info.value.code


def test_socket_caps_per_game_and_per_client_close_with_1013():
    with app_with(sockets_per_game=2, sockets_per_client=3, trusted_proxies=(PEER,)) as client:
        made = create(client).json()
        url = f"/api/online/games/{made['id']}/live"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            hello(a), hello(b)
            assert closed_with(client, url) == 1013
            other = create(client).json()
            other_url = f"/api/online/games/{other['id']}/live"
            with client.websocket_connect(other_url) as c:
                hello(c)
                assert closed_with(client, other_url) == 1013              # 3 from this address
                xff = {"X-Forwarded-For": "203.0.113.5"}
                with client.websocket_connect(other_url, headers=xff) as d:
                    assert hello(d)["state"]["id"] == other["id"]        # another address
        with client.websocket_connect(url) as again:                       # freed when they went
            hello(again)
        assert client.app.sockets == 0


def test_the_global_cap_refuses_requests_with_503_and_sockets_with_1013():
    with app_with(max_connections=2) as client:
        made = create(client).json()
        url = f"/api/online/games/{made['id']}/live"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            hello(a), hello(b)
            full = client.get("/api/online/lobby")
            assert full.status_code == 503 and full.headers["retry-after"]
            assert "full" in full.json()["error"]
            assert full.headers["x-content-type-options"] == "nosniff"
            assert closed_with(client, url) == 1013
        assert client.get("/api/online/lobby").status_code == 200
    assert default_max_connections(1024) == 896


class StuckSocket:
    """A WebSocket whose browser reads nothing until ``release``."""

    def __init__(self):
        self.sent: list[str] = []
        self.gate = asyncio.Event()

    async def send_text(self, text):
        await self.gate.wait()
        self.sent.append(text)


def test_a_viewer_that_falls_behind_gets_one_fresh_snapshot_and_memory_stays_bounded():
    async def main():
        hub = Hub()
        socket = StuckSocket()
        state = {"seq": 0, "svg": "x" * 20000}
        viewer = Viewer(socket, seat=None, snapshot=lambda v: {**state, "you": v.seat},
                        max_bytes=100_000)
        hub.add("g", viewer)
        task = asyncio.ensure_future(viewer.run())
        for seq in range(1, 601):                        # 600 updates of ~20 KB: 12 MB unbounded
            state["seq"] = seq
            hub.publish("g", {"type": "update", "events": []}, state)
            assert viewer.queued_bytes <= 100_000
        viewer.send({"type": "ack", "id": 1, "seq": 600})
        assert viewer.behind and viewer.overflows >= 1
        socket.gate.set()
        while not any(json.loads(t)["type"] == "ack" for t in socket.sent):
            await asyncio.sleep(0.01)
        messages = [json.loads(t) for t in socket.sent]
        snapshot = [m for m in messages if m["type"] == "snapshot"]
        assert snapshot and snapshot[-1]["missed"] and snapshot[-1]["state"]["seq"] == 600
        assert messages[-1]["type"] == "ack"
        assert len(messages) < 10                        # the dropped states were never sent
        viewer.close()
        hub.remove("g", viewer)
        await task
        assert viewer.queued_bytes == 0 and hub.count("g") == 0

    asyncio.run(main())


def test_a_viewer_that_reads_nothing_at_all_is_closed():
    async def main():
        viewer = Viewer(StuckSocket(), max_bytes=1000, snapshot=lambda v: {})
        for _ in range(200):
            viewer.send({"type": "pong", "id": "x" * 20})
        assert viewer.dropped and viewer.queued_bytes == 0

    asyncio.run(main())


# Engines -----------------------------------------------------------------------------------

def test_engine_games_are_capped_per_client_and_per_server():
    with app_with(engine_games=2, engine_games_per_client=1, trusted_proxies=(PEER,)) as client:
        first = create(client, seats=["me", 10], headers={"X-Forwarded-For": "203.0.113.1"})
        assert first.status_code == 200
        mine = create(client, seats=["me", 10], headers={"X-Forwarded-For": "203.0.113.1"})
        assert mine.status_code == 429 and mine.headers["retry-after"]
        assert create(client, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 200
        second = create(client, seats=["me", 10], headers={"X-Forwarded-For": "203.0.113.2"})
        assert second.status_code == 200
        full = create(client, seats=["me", 10], headers={"X-Forwarded-For": "203.0.113.3"})
        assert full.status_code == 503 and "try again later" in full.json()["error"]
        token = first.json()["token"]
        ply = client.get(f"/api/online/games/{first.json()['id']}").json()["ply"]
        resign = client.post(f"/api/online/games/{first.json()['id']}/action",
                             json={"type": "resign", "ply": ply}, headers={"Authorization": f"Bearer {token}"})
        assert resign.status_code == 200                                  # over: the place is free
        again = create(client, seats=["me", 10], headers={"X-Forwarded-For": "203.0.113.3"})
        assert again.status_code == 200


def test_a_join_that_starts_an_engine_game_counts_against_the_engine_caps():
    with app_with(engine_games=2, engine_games_per_client=1, create_burst=100, waiting_per_client=5,
                  trusted_proxies=(PEER,)) as client:
        ann = {"X-Forwarded-For": "203.0.113.1"}
        made = [create(client, game="ludo", options={}, seats=["me", "invite", 0.05, 0.05], headers=ann).json()
                for _ in range(3)]                              # waiting: no engine plays yet
        answers = [client.post(f"/api/online/games/{m['id']}/join", headers=ann,
                               json={"invite": m["invites"][0]["invite"]}) for m in made]
        assert [a.status_code for a in answers] == [200, 429, 429], [a.text for a in answers]
        assert "against the engine" in answers[1].json()["error"]
        assert len(client.app.state.online._active_engine_games()) == 1


def test_creates_sent_together_cannot_all_pass_the_caps():
    """The caps count the creates being stored: 20 at once from one
    address start 1 engine game (cap 1) and make 2 waiting games (cap 2)."""
    import concurrent.futures
    with app_with(engine_games=5, engine_games_per_client=1, waiting_per_client=2, create_burst=100,
                  trusted_proxies=(PEER,)) as client:
        ann = {"X-Forwarded-For": "203.0.113.1"}
        for seats, allowed in ((["me", 0.05], 1), (["me", "invite"], 2)):
            with concurrent.futures.ThreadPoolExecutor(20) as pool:
                codes = list(pool.map(lambda _: create(client, game="yinsh", options={"variant": "blitz"},
                                                       seats=seats, headers=ann).status_code, range(20)))
            assert codes.count(200) == allowed and codes.count(429) == 20 - allowed, codes


def test_a_number_too_large_for_a_float_is_a_bad_request():
    with app_with() as client:
        for path, seats in (("/api/online/games", ["me", 10 ** 400]), ("/api/games", [None, 10 ** 400])):
            answer = client.post(path, json={"game": "insert", "seats": seats})
            assert answer.status_code == 400 and "seconds" in answer.json()["error"], answer.text


def test_engine_games_let_go_from_memory_leave_no_entry_behind():
    """A game whose people resigned pauses its engines and is let go from
    memory: nothing of it stays in the engine games' table."""
    with app_with(engine_games_per_client=10, create_burst=100) as client:
        service = client.app.state.keeper
        for _ in range(5):
            made = create(client, game="ludo", options={}, seats=["me", 0.05, 0.05, 0.05]).json()
            state = made["state"]
            resign = client.post(f"/api/online/games/{made['id']}/action",
                                 json={"type": "resign", "ply": state["ply"], "seq": state["seq"]},
                                 headers={"Authorization": f"Bearer {made['token']}"})
            assert resign.status_code == 200, resign.text
        deadline = time.monotonic() + 15
        while service.games:
            assert time.monotonic() < deadline, list(service.games)
            time.sleep(0.05)
        assert not service.engine_games


def test_engine_time_is_bounded_by_the_server():
    with app_with(engine_max_time=0.2) as client:
        made = create(client, game="yinsh", options={"variant": "blitz"}, seats=["me", 10]).json()
        assert made["state"]["seats"][1]["name"] == "engine 0.2 s"


def test_engines_search_in_their_own_bounded_pool_and_people_are_answered_meanwhile():
    with app_with(engine_threads=1, engine_max_time=10) as client:
        slots = client.app.state.slots
        engine_games = []
        for _ in range(3):      # engines to move first, 3 s each: they queue on one thread
            made = create(client, game="yinsh", options={"variant": "blitz"}, seats=[3, "me"]).json()
            engine_games.append(made["id"])
        people = create(client).json()
        bob = client.post(f"/api/online/games/{people['id']}/join",
                          json={"invite": people["invites"][0]["invite"]}).json()["token"]
        ply = 0
        for token, move in [(people["token"], "c3"), (bob, None), (people["token"], None)]:
            state = client.get(f"/api/online/games/{people['id']}").json()
            move = move or state["choices"][0]["move"]
            answer = client.post(f"/api/online/games/{people['id']}/action",
                                 json={"type": "move", "move": move, "ply": state["ply"]},
                                 headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text
            ply = answer.json()["state"]["ply"]
        assert ply == 3
        # meanwhile no engine game has more than its first engine move, and one search at a time
        engine_threads = [t for t in threading.enumerate() if t.name.startswith("yinsh-engine")]
        assert len(engine_threads) <= 1
        plies = [client.get(f"/api/online/games/{g}").json()["ply"] for g in engine_games]
        assert sum(plies) <= 2, plies            # 9 s of searches on one thread: not all done
        slots.stop_all()


def test_the_pool_refuses_work_that_waited_too_long():
    async def main():
        slots = engines.SearchSlots(1)
        release = threading.Event()
        first = asyncio.ensure_future(slots.run(release.wait, 5))
        await asyncio.sleep(0.05)
        waiting = asyncio.ensure_future(slots.run(lambda: "late", wait=0.01))
        await asyncio.sleep(0.1)
        release.set()
        assert await first is True
        with pytest.raises(engines.BusyError):
            await waiting
        slots.stop_all()

    asyncio.run(main())


def test_analyses_leave_a_slot_for_the_engine_seats():
    with app_with(engine_threads=2) as client:
        game = client.post("/api/games", json={"game": "yinsh", "seats": [None, None]}).json()["id"]
        with client.websocket_connect(f"/api/games/{game}/analysis") as first, \
                client.websocket_connect(f"/api/games/{game}/analysis") as second:
            first.send_json({"type": "start", "ply": 0})
            assert first.receive_json()["type"] == "info"               # analysing, for up to 120 s
            second.send_json({"type": "start", "ply": 0})
            busy = second.receive_json()                                # waits 5 s for a slot
            assert busy["type"] == "error" and "busy with other analyses" in busy["error"]
            made = create(client, game="yinsh", options={"variant": "blitz"}, seats=[0.05, "me"]).json()
            started = time.monotonic()
            while client.get(f"/api/online/games/{made['id']}").json()["ply"] < 1:
                assert time.monotonic() - started < 5, "the engine's seat waited for the analysis"
                time.sleep(0.02)
            first.send_json({"type": "stop"})
            while first.receive_json()["type"] == "info":
                pass


def test_an_engine_that_keeps_failing_plays_a_legal_action_at_random(monkeypatch, caplog):
    from yinsh.web import game_keeper as online

    def broken(self, board, **_):
        raise RuntimeError("a bug in the engine")

    monkeypatch.setattr(engines.EnginePlayer, "best_move", broken)
    monkeypatch.setattr(online, "ENGINE_RETRY_S", 0.01)
    with app_with() as client:
        made = create(client, game="yinsh", options={"variant": "blitz"}, seats=[0.05, "me"]).json()
        deadline = time.monotonic() + 15
        while client.get(f"/api/online/games/{made['id']}").json()["ply"] < 1:
            assert time.monotonic() < deadline, "the engine's seat never played"
            time.sleep(0.02)
        state = client.get(f"/api/online/games/{made['id']}").json()
        entries = client.app.state.online.db.load(made["id"]).entries
        assert state["to_act"] == 1 and [(e.kind, e.seat) for e in entries] == [("move", 0)]
    failed = [r for r in caplog.records if "the engine failed in game" in r.getMessage()]
    assert len(failed) == online.ENGINE_TRIES and "a bug in the engine" in caplog.text
    assert "chosen at random" in caplog.text


def test_an_engine_game_nobody_plays_or_watches_stops_searching():
    with app_with(engine_idle_minutes=10, engine_games_per_client=6) as client:
        made = create(client, game="ludo", options={"players": 4},
                      seats=["me", 0.05, 0.05, 0.05]).json()
        game_id = made["id"]
        ply = client.get(f"/api/online/games/{game_id}").json()["ply"]
        state = client.post(f"/api/online/games/{game_id}/action", json={"type": "resign", "ply": ply},
                            headers={"Authorization": f"Bearer {made['token']}"}).json()["state"]
        assert state["seats"][0]["out"] and not state["over"]
        time.sleep(0.5)                          # a search already running ends
        service = client.app.state.keeper
        assert game_id not in service.games                    # paused: in the database only
        before = client.get(f"/api/online/games/{game_id}").json()["ply"]
        time.sleep(1.0)
        assert client.get(f"/api/online/games/{game_id}").json()["ply"] == before
        more = [create(client, game="ludo", options={"players": 4}, seats=["me", 0.05, 0.05, 0.05])
                for _ in range(6)]
        assert all(m.status_code == 200 for m in more)          # a paused game does not count
        assert create(client, game="ludo", options={"players": 4},
                      seats=["me", 0.05, 0.05, 0.05]).status_code == 429      # 5 + 1 playing ones
        with client.websocket_connect(f"/api/online/games/{game_id}/live") as ws:   # a spectator
            hello(ws)
            message = ws.receive_json()                                   # the engines go on
            assert message["type"] == "update" and message["state"]["ply"] > before


# The flags of yinsh serve -------------------------------------------------------------------

def test_serve_flags_make_the_limits():
    import argparse

    from yinsh.web.server import limits_of, register
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    defaults = limits_of(parser.parse_args(["serve"]))
    assert defaults == Limits()
    args = parser.parse_args(["serve", "--engine-threads", "3", "--engine-games", "7",
                              "--engine-games-per-client", "2", "--engine-max-time", "99",
                              "--engine-idle-minutes", "1.5", "--sockets-per-game", "9",
                              "--sockets-per-client", "8", "--max-connections", "500",
                              "--create-per-minute", "5", "--create-burst", "6",
                              "--waiting-hours", "2", "--waiting-per-client", "3", "--min-clock", "30",
                              "--allowed-origin", "https://a.example/", "--trusted-proxy", "10.0.0.1",
                              "--trusted-proxy", "10.0.0.2"])
    limits = limits_of(args)
    assert (limits.engine_threads, limits.engine_games, limits.engine_games_per_client) == (3, 7, 2)
    assert limits.engine_max_time == 10.0 and limits.engine_idle_minutes == 1.5
    assert (limits.sockets_per_game, limits.sockets_per_client, limits.connections) == (9, 8, 500)
    assert (limits.create_per_minute, limits.create_burst, limits.waiting_hours) == (5, 6, 2)
    assert (limits.waiting_per_client, limits.min_clock_seconds) == (3, 30)
    assert limits.allowed_origins == ("https://a.example",)
    assert limits.trusted_proxies == ("10.0.0.1", "10.0.0.2")
    assert limits_of(parser.parse_args(["serve", "--trusted-proxy", "none"])).trusted_proxies == ()
    for bad in (["--create-burst", "0"], ["--engine-threads", "x"], ["--waiting-hours", "-1"]):
        with pytest.raises(SystemExit) as info:
            parser.parse_args(["serve", *bad])
        assert info.value.code == 2
    with pytest.raises(ValueError):
        Limits(engine_games=0)
