"""The web server's API through Starlette's test client: every endpoint, bad
input of each kind, engine seats, analysis over the WebSocket, concurrent
sessions, and `yinsh serve` stopping on Ctrl-C."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from helpers import sigint_default

from yinsh import record
from yinsh.web import engines, inputs
from yinsh.web.app import create_app
from yinsh.web.sessions import GameSession, SessionStore
from yinsh.web.games import WEB_GAMES

from web_helpers import RELAXED

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(limits=RELAXED)) as c:
        yield c


def new(client, **body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def post(client, state, what, **body):
    return client.post(f"/api/games/{state['id']}/{what}", json=body)


def random_game(client, state, rng):
    """Plays state's game to its end with random legal actions (every seat a
    person); checks each answer against the actions sent."""
    sent = [m["text"] for m in state["moves"]]
    while not state["over"]:
        if state["buttons"]["throw"]:
            state = post(client, state, "throw").json()
        else:
            move = rng.choice(state["choices"])["move"]
            answer = post(client, state, "play", move=move)
            assert answer.status_code == 200, answer.text
            assert answer.json()["moves"][len(sent)]["text"] == move
            state = answer.json()
        sent = [m["text"] for m in state["moves"]]
    return state


# The page ---------------------------------------------------------------------------

def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="static/main.js">' in page.text
    for name, kind in (("main.js", "javascript"), ("style.css", "css"), ("icon.svg", "svg")):
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200 and kind in answer.headers["content-type"]
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


def test_catalogue_names_the_games_and_bounds(client):
    data = client.get("/api/games").json()
    assert set(data["games"]) == {"yinsh", "insert", "ludo"}
    assert data["engine"]["max_time"] == engines.MAX_MOVE_TIME


# New games ----------------------------------------------------------------------------

@pytest.mark.parametrize("body, check", [
    ({"game": "yinsh", "options": {"variant": "blitz"}}, lambda s: "/blitz" in s["position"] or "blitz" in s["position"]),
    ({"game": "insert", "options": {"layout": 17}}, lambda s: s["ply"] == 0 and len(s["choices"]) == 36),
    ({"game": "insert", "options": {"layout": "random"}}, lambda s: len(s["choices"]) == 36),
    ({"game": "ludo", "options": {"players": 3}}, lambda s: [x["side"] for x in s["seats"]] == ["Green", "Yellow", "Blue"]),
])
def test_new_game_of_each_game(client, body, check):
    state = new(client, **body)
    assert check(state), state["position"]
    assert state["svg"].startswith("<svg")
    assert ('class="target"' in state["svg"]) == (not state["buttons"]["throw"])
    assert state["turn"] and state["prompt"] and not state["over"]


def test_ludo_starts_with_a_throw(client):
    state = new(client, game="ludo", options={"players": 2})
    assert state["buttons"]["throw"] and state["choices"] == []
    assert state["prompt"] == "Green to throw the die"
    thrown = post(client, state, "throw").json()
    assert thrown["moves"][0]["text"].startswith("r")
    assert post(client, state, "play", move="r3").status_code == 400 or thrown["buttons"]["throw"]


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, "the games are"),
    ({"game": 3}, "the games are"),
    ({"game": "yinsh", "options": {"variant": "fast"}}, "variants"),
    ({"game": "yinsh", "options": "blitz"}, "options must be an object"),
    ({"game": "insert", "options": {"layout": 6144}}, "layout"),
    ({"game": "insert", "options": {"layout": "../etc"}}, "layout"),
    ({"game": "ludo", "options": {"players": 5}}, "2, 3 or 4"),
    ({"game": "ludo", "options": {"players": True}}, "2, 3 or 4"),
    ({"game": "yinsh", "seats": [None]}, "seats must be a list of 2"),
    ({"game": "yinsh", "seats": [None, -1]}, "a seat is null"),
    ({"game": "yinsh", "seats": [None, "1e400"]}, "a seat is null"),
    ({"game": "ludo", "auto_throw": "yes"}, "auto_throw"),
])
def test_bad_new_games_are_refused(client, body, words):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_bad_bodies(client):
    assert client.post("/api/games", content=b"{not json").json()["error"] == "the request is not JSON"
    assert client.post("/api/games", json=[1, 2]).status_code == 400
    huge = client.post("/api/games", content=b"{" + b" " * (inputs.MAX_BODY + 10) + b"}")
    assert huge.status_code == 413 and "too large" in huge.json()["error"]
    nested = client.post("/api/games", content=b"[" * 100000)
    assert nested.status_code in (400, 413)


# Actions --------------------------------------------------------------------------------

def test_play_illegal_and_invalid_actions_leave_the_game_unchanged(client):
    state = new(client, game="yinsh", seats=[None, None])
    state = post(client, state, "play", move="e5").json()
    for move, words in (("e5", "already holds a ring"), ("z99", ""), ("e5-e9", ""),
                        ("", "no action")):
        answer = post(client, state, "play", move=move)
        assert answer.status_code == 400 and words in answer.json()["error"]
    assert post(client, state, "play", move=5).json()["error"] == "move must be a string"
    assert post(client, state, "play", move="x" * 201).status_code == 400
    assert client.get(f"/api/games/{state['id']}").json()["moves"] == state["moves"]


def test_unknown_games_are_404(client):
    for path in ("/api/games/nope", "/api/games/nope/board", "/api/games/nope/record"):
        assert client.get(path).status_code == 404
    for what in ("play", "throw", "step", "undo", "resign"):
        answer = client.post(f"/api/games/{'a' * 24}/{what}", json={"move": "e5"})
        assert answer.status_code == 404 and "no such game" in answer.json()["error"]


def test_engine_seat_replies_through_step(client):
    state = new(client, game="yinsh", options={"variant": "blitz"}, seats=[None, 0.05])
    assert not state["engine_to_act"]
    assert post(client, state, "step").status_code == 400          # not the engine's turn
    state = post(client, state, "play", move="e5").json()
    assert state["engine_to_act"] and state["prompt"] == "Black (engine) is thinking"
    assert post(client, state, "play", move="f5").json()["error"].startswith("Black is played by")
    state = post(client, state, "step").json()
    assert state["ply"] == 2 and not state["engine_to_act"]
    undone = post(client, state, "undo").json()                   # the person's e5 and the reply
    assert undone["ply"] == 0 and not undone["can_undo"]
    assert post(client, undone, "undo").status_code == 400


def test_engine_time_is_bounded_server_side(client):
    state = new(client, game="insert", options={"layout": 3}, seats=[1e9, 0.0001])
    assert [s["name"] for s in state["seats"]] == [f"engine {engines.MAX_MOVE_TIME:g} s",
                                                   f"engine {engines.MIN_MOVE_TIME:g} s"]


def test_engine_vs_engine_insert_to_the_end(client):
    state = new(client, game="insert", options={"layout": 5}, seats=[0.05, 0.05])
    while not state["over"]:
        assert state["engine_to_act"]
        state = post(client, state, "step").json()
    assert state["result"]["code"] in ("1-0", "0-1", "1/2-1/2") and state["result"]["reason"]
    assert state["prompt"].startswith("Game over: ")


def test_resign_undo_and_the_record(client):
    state = new(client, game="insert", options={"layout": 2}, seats=[None, None])
    state = post(client, state, "play", move="c3").json()
    resigned = post(client, state, "resign").json()
    assert resigned["over"] and resigned["result"] == {"code": "1-0", "winner": "White wins",
                                                       "reason": "Red resigned"}
    assert post(client, state, "resign").status_code == 400
    assert post(client, state, "play", move="c4").status_code == 400
    text = client.get(f"/api/games/{state['id']}/record")
    assert "attachment" in text.headers["content-disposition"]
    game = record.reads(text.text)[0]
    assert game.result == "1-0" and game.termination == "resignation"
    back = post(client, state, "undo").json()                 # the resignation is withdrawn
    assert not back["over"] and back["ply"] == 1


def test_board_at_a_ply(client):
    state = new(client, game="yinsh", seats=[None, None])
    for move in ("e5", "f6", "g7"):
        state = post(client, state, "play", move=move).json()
    shown = client.get(f"/api/games/{state['id']}/board?ply=1").json()
    assert shown["ply"] == 1 and 'data-point="e5"' in shown["svg"] and 'class="ring black"' not in shown["svg"]
    for bad in ("4", "-1", "x", "1" * 30):
        assert client.get(f"/api/games/{state['id']}/board?ply={bad}").status_code == 400


def test_ludo_whole_game_and_its_record(client):
    state = new(client, game="ludo", options={"players": 2}, seats=[None, None])
    state = random_game(client, state, random.Random(4))
    assert state["result"]["code"] in ("G", "B") and state["result"]["winner"].endswith("wins")
    text = client.get(f"/api/games/{state['id']}/record").text
    again = new(client, **{"import": text})
    assert again["moves"] == state["moves"] and again["over"]


# Import ------------------------------------------------------------------------------------

def test_import_records_sgf_and_positions(client):
    sgf = ('(;GM[24]SU[Yinsh]P0[id "Ann"]P1[id "Bob"]; P0[0 Start White]; '
           'P0[1 place wr  G 2]; P0[2 Done ])')
    state = new(client, **{"import": sgf})
    assert state["game"] == "yinsh" and [m["text"] for m in state["moves"]] == ["g2"]
    assert state["can_undo"]
    recorded = new(client, **{"import": '[Game "insert"]\n[Layout "4"]\n\n1. c3 *\n'})
    assert recorded["game"] == "insert" and recorded["ply"] == 1
    for game in ("yinsh", "insert", "ludo"):
        board = WEB_GAMES[game].new_board({})
        state = new(client, **{"import": board.position()})
        assert state["game"] == game and state["position"] == board.position()
    seated = new(client, **{"import": WEB_GAMES["insert"].new_board({"layout": 1}).position(),
                            "seats": [None, 0.05]})
    assert [s["human"] for s in seated["seats"]] == [True, False]


@pytest.mark.parametrize("text, words", [
    ("", "nothing to import"),
    ("hello world", "neither a record nor a position"),
    ("[Event \"x\"]\n\n1. e5 e5 *\n", "not a record"),
    ("(;GM[1])", "not a record"),
])
def test_bad_pastes_say_why(client, text, words):
    answer = client.post("/api/games", json={"import": text})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.json()


def test_bad_import_seats(client):
    position = WEB_GAMES["insert"].new_board({"layout": 1}).position()
    answer = client.post("/api/games", json={"import": position, "seats": [None]})
    assert answer.status_code == 400 and "2 seats" in answer.json()["error"]


# Analysis --------------------------------------------------------------------------------------

def test_analysis_socket_streams_lines_and_stops(client):
    state = new(client, game="insert", options={"layout": 9}, seats=[None, None])
    with client.websocket_connect(f"/api/games/{state['id']}/analysis") as ws:
        ws.send_json({"type": "start", "ply": 0, "multipv": 2})
        info = ws.receive_json()
        assert info["type"] == "info" and info["ply"] == 0 and len(info["lines"]) == 2
        assert info["lines"][0]["pv"] and info["svg"].count('class="highlight"') == 2
        ws.send_json({"type": "stop"})
        while info["type"] == "info":
            info = ws.receive_json()
        assert info["type"] == "done"
        for bad, words in (({"type": "start", "ply": 5}, "ply"), ({"type": "go"}, "start or stop"),
                           ({"type": "start", "multipv": 99}, "multipv"), ([1], "JSON object")):
            ws.send_json(bad)
            assert words in ws.receive_json()["error"]
        ws.send_text("{" * 5000)
        assert "JSON object" in ws.receive_json()["error"]


def test_analysis_of_a_throw_is_refused_and_unknown_games_close(client):
    state = new(client, game="ludo", options={"players": 2})
    with client.websocket_connect(f"/api/games/{state['id']}/analysis") as ws:
        ws.send_json({"type": "start"})
        assert ws.receive_json() == {"type": "idle", "ply": 0,
                                     "reason": "Nothing to analyse: Green throws the die next."}
    with client.websocket_connect("/api/games/none/analysis") as ws:
        assert "no such game" in ws.receive_json()["error"]


# Sessions ------------------------------------------------------------------------------------------

def test_concurrent_sessions_keep_their_own_games(client):
    errors: list[str] = []

    def player(k: int) -> None:
        try:
            rng = random.Random(k)
            game = ("yinsh", "insert", "ludo")[k % 3]
            options = {"variant": "blitz"} if game == "yinsh" else {"players": 2} if game == "ludo" else {}
            state = new(client, game=game, options=options, seats=[None, None])
            for _ in range(40):
                if state["over"]:
                    break
                if state["buttons"]["throw"]:
                    answer = post(client, state, "throw").json()
                else:
                    move = rng.choice(state["choices"])["move"]
                    answer = post(client, state, "play", move=move).json()
                    if answer["moves"][-1]["text"] != move and answer["moves"][state["ply"]]["text"] != move:
                        errors.append(f"{k}: sent {move}, the game shows {answer['moves'][-1]}")
                if answer["id"] != state["id"] or answer["ply"] <= state["ply"]:
                    errors.append(f"{k}: lost its game")
                state = answer
            if client.get(f"/api/games/{state['id']}").json()["moves"] != state["moves"]:
                errors.append(f"{k}: the stored game differs")
        except Exception as exc:  # reported below
            errors.append(f"{k}: {exc!r}")

    threads = [threading.Thread(target=player, args=(k,)) for k in range(9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_ids_are_unguessable_and_the_store_is_bounded():
    store = SessionStore(limit=3)
    games = [store.add(GameSession(WEB_GAMES["insert"].new_board({"layout": 0}), [None, None]))
             for _ in range(5)]
    assert len(store) == 3 and len({g.id for g in games}) == 5
    assert all(len(g.id) >= 24 for g in games)               # 18 random bytes
    with pytest.raises(LookupError):
        store.get(games[0].id)
    assert store.get(games[-1].id) is games[-1]
    with pytest.raises(LookupError):
        store.get(None)


def test_search_slots_are_bounded():
    slots = engines.SearchSlots(1)

    class Stoppable:
        stopped = False

        def stop(self):
            self.stopped = True

    running = Stoppable()
    with slots.slot(running):
        with pytest.raises(engines.BusyError):
            with slots.slot(Stoppable(), wait=0.01):
                pass
        slots.stop_all()
        assert running.stopped
    with pytest.raises(engines.BusyError):                    # closed
        with slots.slot(Stoppable(), wait=0.01):
            pass


# The command -------------------------------------------------------------------------------------

def test_serve_prints_its_address_and_stops_on_ctrl_c(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(os.path.dirname(__file__), "..", "src"), os.environ.get("PYTHONPATH", "")]),
        XDG_DATA_HOME=str(tmp_path))            # the online games' default database goes there
    child = subprocess.Popen([sys.executable, "-m", "yinsh", "serve", "--port", "0"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=sigint_default)
    try:
        line = child.stdout.readline()
        assert line.startswith("Serving the yinsh page at http://127.0.0.1:"), line
        import urllib.request
        url = line.split(" at ")[1].split()[0]
        with urllib.request.urlopen(url + "api/games", timeout=10) as answer:
            assert answer.status == 200
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=15)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert err.strip().splitlines()[-1] == "yinsh serve: interrupted"
    assert line.rstrip().endswith(str(tmp_path / "yinsh" / "games.sqlite3"))
    assert (tmp_path / "yinsh" / "games.sqlite3").exists()


def test_serve_options_are_checked():
    from yinsh.cli import main
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "70000"])
    assert exc.value.code == 2


def test_serve_says_when_its_database_cannot_be_opened(tmp_path, capsys):
    from yinsh.cli import main
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["serve", "--port", "0", "--db", str(blocker / "games.sqlite3")]) == 2
    assert "cannot open the database" in capsys.readouterr().err
