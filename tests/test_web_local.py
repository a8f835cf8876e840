"""The page's backend with no server (yinsh.web.local), natively: the same
answers as the server's routes for the same requests, and the live analysis
in both of its forms (one search stopped by an interrupt, as Pyodide's
interrupt buffer raises it, and short slices stopped between them).
tests/test_wasm_browser.py runs it in Pyodide in Chromium."""
from __future__ import annotations

import asyncio
import json
import signal

import pytest

from yinsh.web.local import START_GAMES, LocalBackend, prerender

starlette_testclient = pytest.importorskip("starlette.testclient")


def _local(backend, method, path, body=None):
    answer = json.loads(backend.request(method, path, None if body is None else json.dumps(body)))
    return answer["status"], answer.get("body", answer.get("text"))


def _server(client, method, path, body=None):
    answer = client.request(method, path, json=body) if body is not None else client.request(method, path)
    kind = answer.headers["content-type"]
    return answer.status_code, answer.json() if kind.startswith("application/json") else answer.text


def _without_ids(value, ids):
    text = json.dumps(value)
    for i, game_id in enumerate(ids):
        text = text.replace(game_id, f"game-{i}")
    return json.loads(text)


def test_the_same_requests_get_the_same_answers_as_from_the_server():
    from yinsh.web.app import create_app
    client = starlette_testclient.TestClient(create_app())
    backend = LocalBackend()
    script = [
        ("GET", "/api/games", None),
        ("POST", "/api/games", {"game": "insert", "options": {"layout": 7}, "seats": [None, None]}),
        ("POST", "/api/games/{0}/play", {"move": "c3"}),
        ("POST", "/api/games/{0}/play", {"move": "c3"}),           # illegal: 400
        ("POST", "/api/games/{0}/play", {"move": 5}),              # a bad body: 400
        ("POST", "/api/games/{0}/throw", {}),                      # no die in Insert: 400
        ("POST", "/api/games/{0}/undo", {}),
        ("GET", "/api/games/{0}/board?ply=0", None),
        ("GET", "/api/games/{0}/board?ply=x", None),
        ("POST", "/api/games", {"game": "ludo", "options": {"players": 2}, "seats": [None, 0.05]}),
        ("POST", "/api/games/{1}/resign", {}),
        ("GET", "/api/games/{1}", None),
        ("GET", "/api/games/nothing", None),                       # 404
        ("POST", "/api/games", {"game": "chess"}),
        ("POST", "/api/games", {"import": "1. e5 (not a record"}),
        ("GET", "/api/games/{0}/record", None),
    ]
    ids = {"local": [], "server": []}
    for method, path, body in script:
        answers = {}
        for side, call in (("local", lambda p: _local(backend, method, p, body)),
                           ("server", lambda p: _server(client, method, p, body))):
            status, answer = call(path.format(*ids[side]))
            if method == "POST" and path == "/api/games" and status == 200:
                ids[side].append(answer["id"])
            answers[side] = (status, _without_ids(answer, ids[side]))
        if "record" in path:                        # the record names its site
            answers = {side: (status, text.replace("yinsh serve", "?")) for side, (status, text) in answers.items()}
        assert answers["local"] == answers["server"], (method, path)


def test_online_play_and_unknown_requests_say_what_is_wrong():
    backend = LocalBackend()
    assert _local(backend, "POST", "/api/online/games", {}) == (
        404, {"error": "online play needs a server (yinsh serve): this page plays at this screen only"})
    assert _local(backend, "DELETE", "/api/games") == (404, {"error": "no such request: DELETE /api/games"})
    status, body = json.loads(backend.request("POST", "/api/games", "[1, 2]")).values()
    assert status == 400 and "JSON object" in body["error"]


def _game(backend, moves=("d2", "d3", "e6", "d6", "i6", "e10", "k7", "g10", "f6", "h7")):
    game_id = _local(backend, "POST", "/api/games", {"game": "yinsh", "seats": [None, None]})[1]["id"]
    for move in moves:
        assert _local(backend, "POST", f"/api/games/{game_id}/play", {"move": move})[0] == 200
    return game_id


def test_a_sliced_analysis_deepens_and_stops_between_slices():
    backend = LocalBackend()
    game_id = _game(backend)
    sent = []

    def send(text):
        sent.append(json.loads(text))
        if sent[-1]["type"] == "info" and sent[-1]["depth"] >= 4:
            backend.stop()                         # as the page's stop, read between slices

    asyncio.run(backend.analyse(game_id, json.dumps({"type": "start", "multipv": 3}), send, False))
    infos = [m for m in sent if m["type"] == "info"]
    assert sent[-1] == {"type": "done"} and len(sent) == len(infos) + 1
    depths = [m["depth"] for m in infos]
    assert depths == sorted(set(depths)) and depths[0] == 1 and 4 <= depths[-1] <= 6
    assert all(len(m["lines"]) == 3 and m["ply"] == 10 and m["svg"].startswith("<svg") for m in infos)


def test_an_analysis_stopped_by_an_interrupt_says_done():
    backend = LocalBackend()
    game_id = _game(backend)
    sent = []

    def interrupt(*_):                             # as Pyodide's interrupt buffer does
        raise KeyboardInterrupt

    handler = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        asyncio.run(backend.analyse(game_id, json.dumps({"type": "start"}), lambda t: sent.append(json.loads(t)), True))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
    assert sent[-1] == {"type": "done"} and sent[0]["type"] == "info"


def test_analysis_errors_and_positions_with_nothing_to_analyse():
    backend = LocalBackend()
    sent = []
    asyncio.run(backend.analyse("nothing", '{"type": "start"}', lambda t: sent.append(json.loads(t)), False))
    ludo = _local(backend, "POST", "/api/games", {"game": "ludo", "options": {"players": 2}, "seats": [None, None]})[1]
    asyncio.run(backend.analyse(ludo["id"], '{"type": "start"}', lambda t: sent.append(json.loads(t)), False))
    game_id = _game(backend, ())
    asyncio.run(backend.analyse(game_id, '{"type": "start", "multipv": 9}', lambda t: sent.append(json.loads(t)), False))
    assert [m["type"] for m in sent] == ["error", "idle", "error"]
    assert "no such game" in sent[0]["error"] and "multipv" in sent[2]["error"]


def test_prerender_holds_the_catalogue_and_the_first_states():
    made = json.loads(prerender())
    backend = LocalBackend()
    assert made["catalogue"] == _local(backend, "GET", "/api/games")[1]
    assert [start["body"] for start in made["starts"]] == START_GAMES
    for start in made["starts"]:
        state = _local(backend, "POST", "/api/games", start["body"])[1]
        assert {**start["state"], "id": state["id"]} == state


@pytest.mark.parametrize("body, moves, resign", [
    ({"game": "ludo", "options": {"players": 3}, "seats": [None, 0.05, None], "auto_throw": True}, 6, False),
    ({"game": "yinsh", "seats": [None, None]}, 4, True),
    ({"game": "insert", "options": {"layout": 3}, "seats": [None, {"time": 10.0, "level": 2}]}, 6, False),
])
def test_a_game_made_again_from_what_the_page_keeps(body, moves, resign):
    """What the page keeps in its local storage (``saved``) makes the game
    again, in another backend (a reloaded page): its actions, seats, die
    throws and a resignation (of two players: a record has no result for a
    player of three who resigned)."""
    backend = LocalBackend()
    state = _local(backend, "POST", "/api/games", body)[1]
    path = f"/api/games/{state['id']}"
    for _ in range(moves):
        if state["over"]:
            break
        what = "step" if state["engine_to_act"] else "play"
        state = _local(backend, "POST", f"{path}/{what}", {"move": state["choices"][0]["move"]}
                       if what == "play" else {})[1]
    if resign:
        state = _local(backend, "POST", f"{path}/resign", {})[1]
    saved = _local(backend, "GET", f"{path}/saved")[1]
    assert saved["seats"] == body["seats"] and saved["auto_throw"] == body.get("auto_throw", False)
    again = _local(LocalBackend(), "POST", "/api/games", saved)[1]
    assert _without_ids(again, [again["id"]]) == _without_ids(state, [state["id"]])
