"""Engine levels on the web page's engine seats: a seat's level in the
requests (good and bad), the levels in the game list, a game at one screen
against level 1 (legal actions, each the choice of a fresh
``Engine(level=1, seed=move_seed(game id, ply))``, so the same again), an
online game's seat level stored and read back (SQLite, an older database
without the column, PostgreSQL), and the page with no server."""
from __future__ import annotations

import json
import sqlite3
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import yinsh
from yinsh import games
from yinsh.engine.levels import levels_for
from yinsh.web import engines, inputs
from yinsh.web.app import create_app
from yinsh.web.database import Database
from yinsh.web.games import WEB_GAMES
from yinsh.web.sessions import GameSession

from web_helpers import RELAXED

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(limits=RELAXED)) as c:
        yield c


# Requests ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat, parsed", [
    (None, None),
    (0.5, inputs.EngineSeat(0.5, 8)),
    (2, inputs.EngineSeat(2.0, 8)),
    ({"level": 1}, inputs.EngineSeat(None, 1)),
    ({"time": 0.5, "level": 3}, inputs.EngineSeat(0.5, 3)),
    ({"time": 1}, inputs.EngineSeat(1.0, 8)),
    ({}, inputs.EngineSeat(None, 8)),
])
def test_a_seat_is_a_person_seconds_or_a_level(seat, parsed):
    assert inputs.seats([None, seat], 2) == [None, parsed]
    if seat is not None:
        assert inputs.online_seats(["me", seat], 2) == ["me", parsed]


@pytest.mark.parametrize("seat, words", [
    ({"level": 0}, "level is a whole number from 1 to 8, not 0"),
    ({"level": 9}, "level is a whole number from 1 to 8, not 9"),
    ({"level": "x"}, "level is a whole number from 1 to 8, not x"),
    ({"level": True}, "level is a whole number from 1 to 8, not True"),
    ({"level": 2.0}, "level is a whole number from 1 to 8, not 2.0"),
    ({"level": None}, "level is a whole number from 1 to 8, not None"),
    ({"level": 3, "time": 0}, "time is its seconds an action"),
    ({"level": 3, "time": "1"}, "time is its seconds an action"),
    ({"level": 3, "depth": 4}, "a level and a time, not depth"),
    ([3], "or an engine (its seconds an action, or {\"level\": 1..8"),
    (True, "or an engine (its seconds an action"),
])
def test_bad_levels_are_refused_with_a_reason(client, seat, words):
    answer = client.post("/api/games", json={"game": "insert", "seats": [None, seat]})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    online = client.post("/api/online/games", json={"game": "insert", "seats": ["me", seat]})
    assert online.status_code == 400 and words in online.json()["error"], online.text


def test_the_game_list_has_each_games_levels(client):
    listed = client.get("/api/games").json()["games"]
    for name, info in listed.items():
        levels = levels_for(games.get(name))
        assert [level["number"] for level in info["levels"]] == list(range(1, 9))
        assert [level["name"] for level in info["levels"]][:3] == ["Beginner", "Novice", "Casual"]
        assert info["levels"][-1]["name"] == "Full"
        assert [level["elo"] for level in info["levels"]] == [level.elo for level in levels]
        assert [level["label"] for level in info["levels"]] == [level.label() for level in levels]
        assert set(info["levels"][0]) == {"number", "name", "label", "elo", "low", "high"}


# Games at one screen ----------------------------------------------------------------------------

def test_seat_names_and_levels(client):
    state = client.post("/api/games", json={"game": "insert", "seats": [
        {"level": 3}, {"time": 0.5, "level": 8}]}).json()
    assert [(s["name"], s["level"]) for s in state["seats"]] == [
        ("engine level 3 (Casual)", 3), ("engine 0.5 s", 8)]
    people = client.post("/api/games", json={"game": "insert", "seats": [None, 0.5]}).json()
    assert [(s["name"], s["level"]) for s in people["seats"]] == [("Human", None), ("engine 0.5 s", 8)]


@pytest.mark.parametrize("game, options", [("insert", {"layout": 4}), ("yinsh", {"variant": "blitz"}),
                                           ("ludo", {"players": 2})])
def test_a_level_1_game_plays_legal_actions_each_the_levels_choice_of_its_seed(game, options):
    board = WEB_GAMES[game].new_board(options)
    session = GameSession(board, [(None, 1), (None, 1)], auto_throw=True)
    chosen = 0
    while session.engine_to_act() and chosen < 8:
        before = session.board.copy()
        legal = list(before.legal_moves)
        session.step()
        move = session.board.move_stack[len(before.move_stack)]
        assert move in legal
        engine = engines.new_engine(before, level=1, seed=engines.move_seed(session.id, before.ply))
        assert engine.best_move(before, time=30) == move      # the same again, from the id and the ply
        chosen += 1
    assert chosen >= 6


def test_level_choices_depend_on_the_seed_and_the_level_caps_the_search():
    board = yinsh.Board(variant="blitz")
    for move in ("e5", "f6", "d4", "g7", "c3", "h8"):
        board.push(board.parse_move(move))
    player = engines.EnginePlayer(None, level=1, seed="a")
    analysis = player.analyse(board)
    assert player.time == engines.MAX_MOVE_TIME
    casual = levels_for(games.get("yinsh"))[2]
    capped = engines.EnginePlayer(None, level=3, seed="a").analyse(board)
    assert capped.nodes <= 2 * casual.nodes + 1000             # the level's nodes, not its 10 s
    assert len(analysis.lines) == levels_for(games.get("yinsh"))[0].lines
    picks = {engines.EnginePlayer(None, level=1, seed=s).choose(board, analysis) for s in range(40)}
    assert len(picks) > 1                                      # the weakness draws among the lines
    assert {engines.EnginePlayer(None, level=1, seed=7).choose(board, analysis) for _ in range(5)} == \
        {engines.EnginePlayer(None, level=1, seed=7).choose(board, analysis)}
    full = engines.EnginePlayer(0.05)
    assert full.choose(board, analysis) == analysis.best_move and full.level == 8


# Online games ---------------------------------------------------------------------------------

def _wait_for_ply(client, game_id, ply, seconds=30):
    deadline = time.monotonic() + seconds
    while (state := client.get(f"/api/online/games/{game_id}").json())["ply"] < ply:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return state


def test_an_online_seats_level_is_stored_and_read_back(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db=path, limits=RELAXED)) as first:
        made = first.post("/api/online/games", json={"game": "insert", "options": {"layout": 7},
                                                       "seats": ["me", {"level": 2}], "name": "Ann"}).json()
        seats = made["state"]["seats"]
        assert [(s["kind"], s["name"], s["level"]) for s in seats] == [
            ("person", "Ann", None), ("engine", "engine level 2 (Novice)", 2)]
        first.app.state.keeper.closed = True                   # the engine does not start here
        moved = first.post(f"/api/online/games/{made['id']}/action", headers={
            "Authorization": f"Bearer {made['token']}"}, json={"type": "move", "move": "c3", "ply": 0})
        assert moved.status_code == 200, moved.text
    stored = Database(path).load(made["id"])
    assert [s["engine_level"] for s in stored.seats] == [None, 2]
    assert [s["level"] for s in stored.header()["seats"]] == [8, 2]
    with TestClient(create_app(db=path, limits=RELAXED)) as second:     # loaded again: level 2 plays
        state = _wait_for_ply(second, made["id"], 2)
        assert state["seats"][1]["level"] == 2 and state["seats"][1]["name"] == "engine level 2 (Novice)"
        assert second.app.state.keeper.games[made["id"]].game.seats[1].level == 2


def test_a_rematch_keeps_the_engines_level(client):
    made = client.post("/api/online/games", json={"game": "insert", "seats": ["me", {"level": 4}]}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    resigned = client.post(f"/api/online/games/{made['id']}/action", headers=auth,
                           json={"type": "resign", "ply": made["state"]["ply"]})
    assert resigned.status_code == 200, resigned.text
    again = client.post(f"/api/online/games/{made['id']}/rematch", headers=auth)
    assert again.status_code == 200, again.text
    rematch = client.get(f"/api/online/games/{again.json()['id']}").json()
    assert [s["level"] for s in rematch["seats"]] == [4, None]


def test_an_older_database_gets_the_level_column_and_its_engines_are_level_8(tmp_path):
    path = tmp_path / "old.sqlite3"
    with TestClient(create_app(db=str(path), limits=RELAXED)) as first:
        made = first.post("/api/online/games", json={"game": "insert", "seats": ["me", 0.05]}).json()
        first.app.state.keeper.closed = True
    with sqlite3.connect(path) as old:                       # the seats table as it was before levels
        old.execute("ALTER TABLE seats DROP COLUMN engine_level")
        assert "engine_level" not in {row[1] for row in old.execute("PRAGMA table_info(seats)")}
    db = Database(str(path))
    assert [s["level"] for s in db.load(made["id"]).header()["seats"]] == [8, 8]
    with sqlite3.connect(path) as again:
        assert "engine_level" in {row[1] for row in again.execute("PRAGMA table_info(seats)")}
    db.dispose()


def test_postgres_stores_the_level_and_adds_its_column_to_an_older_database():
    from online_servers import postgres_bin, postgres_cluster
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    with postgres_cluster() as url:
        db = Database(url)
        seats = [{"kind": "person", "name": "A", "token_hash": "t"},
                 {"kind": "engine", "name": "engine level 5 (Strong club)", "engine_time": 10.0,
                  "engine_level": 5}]
        db.create({"id": "g1", "game": "insert", "options": {}, "start": "s", "clock": None,
                   "auto_throw": False, "public": False, "created_ms": 1, "status": "finished"}, seats)
        assert [s["level"] for s in db.load("g1").header()["seats"]] == [8, 5]
        with db.engine.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE seats DROP COLUMN engine_level")
        db.dispose()
        older = Database(url)                                  # adds the column again: NULL, level 8
        assert [s["level"] for s in older.load("g1").header()["seats"]] == [8, 8]
        older.dispose()


# The page with no server ----------------------------------------------------------------------

def test_the_page_with_no_server_plays_a_level_and_keeps_it():
    from yinsh.web.local import LocalBackend
    backend = LocalBackend()

    def ask(method, path, body=None):
        answer = json.loads(backend.request(method, path, None if body is None else json.dumps(body)))
        return answer["status"], answer.get("body")

    assert ask("GET", "/api/games")[1]["games"]["insert"]["levels"][0]["name"] == "Beginner"
    assert ask("POST", "/api/games", {"game": "insert", "seats": [None, {"level": 9}]})[0] == 400
    status, state = ask("POST", "/api/games", {"game": "insert", "options": {"layout": 2},
                                               "seats": [{"level": 1}, None]})
    assert status == 200 and state["seats"][0]["name"] == "engine level 1 (Beginner)"
    status, state = ask("POST", f"/api/games/{state['id']}/step", {})
    assert status == 200 and state["ply"] == 1
    saved = ask("GET", f"/api/games/{state['id']}/saved")[1]
    assert saved["seats"] == [{"time": engines.MAX_MOVE_TIME, "level": 1}, None]
    again = ask("POST", "/api/games", saved)[1]
    assert again["moves"] == state["moves"] and again["seats"][0]["level"] == 1
