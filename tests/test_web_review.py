"""The engine's review on the web page's server (docs/review.md, "Review on
the page"): the routes of a game at one screen and of a finished online
game, their bad input, cancel, the reviews on the search slots (ten at once
leave the engine seats their slot), an online game's review stored with it
(SQLite, and PostgreSQL where installed), and the page with no server's
review (``LocalBackend.review``)."""
from __future__ import annotations

import asyncio
import json
import time

import pytest
from starlette.testclient import TestClient

from yinsh.web.app import create_app
from yinsh.web.database import Database
from yinsh.web.local import LocalBackend
from yinsh.web.review_jobs import Reviews
from yinsh.web import engines

from insert_helpers import BLUNDER_GAME, BLUNDER_PLY
from web_helpers import RELAXED

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: The nodes a position at which the review flags the planted blunder (insert_helpers).
NODES = 2000
INSERT = {"game": "insert", "options": {"layout": 7}}


def local_game(client: TestClient, moves: list[str] = BLUNDER_GAME, seats: list = [None, None]) -> str:
    """A game at one screen with moves played (those the server plays by
    itself, the forced ones, skipped)."""
    state = client.post("/api/games", json={**INSERT, "seats": seats}).json()
    while len(state["moves"]) < len(moves):
        state = client.post(f"/api/games/{state['id']}/play", json={"move": moves[len(state["moves"])]}).json()
    assert [m["text"] for m in state["moves"]] == moves, state
    return str(state["id"])


def finish(client: TestClient, path: str, timeout: float = 60.0) -> dict:
    """Polls a review until it is no longer running."""
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(path).json()
        if answer["status"] != "running":
            return answer
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)


def flagged(review: dict) -> dict[int, str]:
    return {a["ply"] + review["first_ply"]: a["class"] for a in review["actions"]
            if a["class"] in ("inaccuracy", "mistake", "blunder")}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(limits=RELAXED, review_nodes=NODES)) as c:
        yield c


def test_a_local_game_is_reviewed_and_the_blunder_flagged(client):
    game_id = local_game(client)
    path = f"/api/games/{game_id}/review"
    assert client.get(path).json()["status"] == "none"
    started = client.post(path, json={}).json()
    assert started["status"] in ("running", "done") and started["total"] == len(BLUNDER_GAME) + 1
    done = finish(client, path)
    assert done["status"] == "done" and done["done"] == done["total"] == len(BLUNDER_GAME) + 1
    review = done["review"]
    assert [a["action"] for a in review["actions"]] == BLUNDER_GAME and review["settings"]["nodes"] == NODES
    assert flagged(review)[BLUNDER_PLY] == "blunder"
    assert set(review["accuracy"]) == set(review["counts"]) == {"white", "red"} or len(review["sides"]) == 2
    again = client.post(path, json={}).json()           # asked again: the same review, no search
    assert again == done


def test_a_game_that_moved_on_is_reviewed_again(client):
    game_id = local_game(client, BLUNDER_GAME[:4])
    path = f"/api/games/{game_id}/review"
    client.post(path, json={})
    assert finish(client, path)["total"] == 5
    client.post(f"/api/games/{game_id}/play", json={"move": BLUNDER_GAME[4]})
    assert client.get(path).json()["status"] == "none"      # of the game as it was: not shown
    client.post(path, json={})
    assert finish(client, path)["total"] == 6


def test_bad_review_requests_are_clear_4xx(client):
    assert client.post("/api/games/nope/review", json={}).status_code == 404
    assert client.get("/api/games/nope/review").status_code == 404
    game_id = local_game(client, [])
    answer = client.post(f"/api/games/{game_id}/review", json={})
    assert answer.status_code == 400 and "no action" in answer.json()["error"]
    played = local_game(client, BLUNDER_GAME[:2])
    assert client.post(f"/api/games/{played}/review", content=b"{bad").status_code == 400
    assert client.post(f"/api/games/{played}/review", content=b"x" * 70000).status_code == 413
    assert client.put(f"/api/games/{played}/review", json={}).status_code == 405
    assert client.delete(f"/api/games/{played}/review").json()["status"] == "none"
    assert client.get("/api/online/games/nope/review").status_code == 404
    assert client.post("/api/online/games/nope/review", json={}).status_code == 404


def test_cancel_stops_the_review_at_once():
    app = create_app(limits=RELAXED, review_nodes=10_000_000)     # seconds a position
    with TestClient(app) as client:
        game_id = local_game(client)
        path = f"/api/games/{game_id}/review"
        assert client.post(path, json={}).json()["status"] == "running"
        job = app.state.reviews.get(f"game:{game_id}")
        time.sleep(0.3)                                  # in its first search
        began = time.monotonic()
        answer = client.delete(path).json()
        assert job.wait(5.0), "the review did not stop"
        assert time.monotonic() - began < 5.0
        assert job.status == "cancelled" and job.reviewer.done < 3
        assert client.get(path).json()["status"] == "cancelled" and answer["status"] in ("running", "cancelled")
        assert client.post(path, json={}).json()["status"] == "running"     # asked again: again
        client.delete(path)


def test_ten_reviews_leave_the_engine_seats_their_slot():
    """Ten reviews at once, each position a search of 200,000 nodes: an
    engine seat's action is answered while they still run."""
    app = create_app(limits=RELAXED, review_nodes=200_000)
    with TestClient(app) as client:
        ids = [local_game(client) for _ in range(10)]
        for game_id in ids:
            assert client.post(f"/api/games/{game_id}/review", json={}).status_code == 200
        reviews: Reviews = app.state.reviews
        jobs = [reviews.get(f"game:{game_id}") for game_id in ids]
        engine_game = local_game(client, [], seats=[0.05, None])    # the engine (White) to act
        began = time.monotonic()
        stepped = client.post(f"/api/games/{engine_game}/step", json={})
        waited = time.monotonic() - began
        running = sum(job.status == "running" for job in jobs)
        assert stepped.status_code == 200 and stepped.json()["ply"] >= 1     # (and a forced reply)
        assert running > 0, "the reviews ended before the engine's action: it proves nothing"
        assert waited < 30.0, waited
        print(f"the engine seat waited {waited:.2f} s beside {running} reviews")
        for game_id in ids:
            client.delete(f"/api/games/{game_id}/review")
        assert all(job.wait(10.0) for job in jobs)


def test_reviews_past_the_cap_are_busy():
    slots = engines.SearchSlots(2)
    reviews = Reviews(slots, nodes=10_000_000, limit=1)
    from yinsh.web.games import WEB_GAMES
    board = WEB_GAMES["insert"].new_board({"layout": 7})
    _ = board.push_str("c3")
    first = reviews.start("a", board)
    with pytest.raises(engines.BusyError):
        reviews.start("b", board)
    reviews.stop_all()
    assert first.wait(5.0) and first.status == "cancelled"


def online_finished_game(client: TestClient) -> str:
    made = client.post("/api/online/games", json={**INSERT, "seats": ["me", "invite"], "name": "Ann"}).json()
    other = client.post(f"/api/online/games/{made['id']}/join",
                        json={"invite": made["invites"][0]["invite"], "name": "Bob"}).json()["token"]
    tokens = [made["token"], other]
    state = client.get(f"/api/online/games/{made['id']}").json()
    while state["status"] != "finished":               # (the forced actions are the server's)
        ply = state["ply"]
        answer = client.post(f"/api/online/games/{made['id']}/action",
                             json={"type": "move", "move": BLUNDER_GAME[ply], "ply": ply},
                             headers={"Authorization": f"Bearer {tokens[state['to_act']]}"})
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
    assert [m["text"] for m in state["moves"]] == BLUNDER_GAME
    return str(made["id"])


def test_an_online_games_review_is_stored_and_read_by_a_second_viewer(tmp_path):
    db = Database(str(tmp_path / "games.sqlite3"))
    app = create_app(db=db, limits=RELAXED, review_nodes=NODES)
    with TestClient(app) as client:
        made = client.post("/api/online/games", json={**INSERT, "seats": ["me", "invite"]}).json()
        path = f"/api/online/games/{made['id']}/review"
        answer = client.post(path, json={})
        assert answer.status_code == 409 and "not over" in answer.json()["error"]
        game_id = online_finished_game(client)
        path = f"/api/online/games/{game_id}/review"
        assert client.get(path).json()["status"] == "none"
        assert client.post(path, json={}, headers={"Origin": "https://elsewhere.example"}).status_code == 403
        client.post(path, json={})
        done = finish(client, path)
        assert done["status"] == "done" and flagged(done["review"])[BLUNDER_PLY] == "blunder"
        app.state.reviews.get(f"online:{game_id}").wait(10.0)
    assert json.loads(db.load_review(game_id)) == done["review"]
    second = create_app(db=Database(str(tmp_path / "games.sqlite3")), limits=RELAXED, review_nodes=NODES)
    with TestClient(second) as client:                   # another process: read, not searched
        path = f"/api/online/games/{game_id}/review"
        for answer in (client.get(path).json(), client.post(path, json={}).json()):
            assert answer["status"] == "done" and answer["stored"] and answer["review"] == done["review"]
        assert second.state.reviews.get(f"online:{game_id}") is None


def test_the_page_with_no_server_reviews_in_its_worker():
    backend = LocalBackend()
    made = json.loads(backend.request("POST", "/api/games", json.dumps({**INSERT, "seats": [None, None]})))
    game_id = made["body"]["id"]
    for move in BLUNDER_GAME:
        backend.request("POST", f"/api/games/{game_id}/play", json.dumps({"move": move}))
    sent: list[dict] = []
    asyncio.run(backend.review(game_id, lambda text: sent.append(json.loads(text)), nodes=NODES))
    assert [s["done"] for s in sent[:-1]] == list(range(len(BLUNDER_GAME) + 1))
    assert sent[-1]["status"] == "done" and flagged(sent[-1]["review"])[BLUNDER_PLY] == "blunder"

    async def cancelled() -> list[dict]:
        got: list[dict] = []

        def send(text: str) -> None:
            got.append(json.loads(text))
            if got[-1]["done"] == 2:
                backend.stop_review()                 # the page's cancel, read between two positions
        await backend.review(game_id, send, nodes=NODES)
        return got
    got = asyncio.run(cancelled())
    assert got[-1]["status"] == "cancelled" and got[-1]["done"] == 2
    sent.clear()
    asyncio.run(backend.review("nope", lambda text: sent.append(json.loads(text))))
    assert sent[-1]["status"] == "failed"


def test_a_review_is_stored_once_on_postgresql():
    """The table reviews on PostgreSQL: made with the others, the first
    review stored kept (two processes that reviewed a game at once)."""
    import os
    from online_servers import postgres_bin, postgres_cluster
    if postgres_bin() is None:
        if os.environ.get("YINSH_REQUIRE_ALL"):
            pytest.fail("PostgreSQL is missing (apt-get install -y postgresql) and YINSH_REQUIRE_ALL is set")
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    with postgres_cluster() as url:
        db, other = Database(url), Database(url)
        try:
            db.create({"id": "r1", "game": "insert", "options": {"layout": 7}, "start": "s", "clock": None,
                       "auto_throw": False, "public": False, "created_ms": 1, "status": "finished"},
                      [{"kind": "person", "name": "Ann", "token_hash": "t"}])
            assert db.load_review("r1") is None
            db.save_review("r1", '{"first": true}', NODES, 5)
            other.save_review("r1", '{"first": false}', NODES, 6)
            assert other.load_review("r1") == db.load_review("r1") == '{"first": true}'
        finally:
            db.dispose()
            other.dispose()
