"""The web server's routes: ``create_app()`` is the Starlette application.

=========================================  =====================================
route                                      what
=========================================  =====================================
``GET /``                                  the page (``static/index.html``)
``GET /static/...``                        its modules, styles and icon
``GET /api/games``                         the games and their options, bounds
``POST /api/games``                        a new game, or an imported one
``GET /api/games/{id}``                    the game's state (after a reload)
``POST /api/games/{id}/play``              a person's action ``{"move": "e5"}``
``POST /api/games/{id}/throw``             a person throws the die (Ludo)
``POST /api/games/{id}/step``              the engine to act plays
``POST /api/games/{id}/undo``              back to the person's last action
``POST /api/games/{id}/resign``            the person gives up
``GET /api/games/{id}/board?ply=N``        the picture after N actions
``GET /api/games/{id}/record``             the record, as a download
``WS /api/games/{id}/analysis``            live analysis (``yinsh.web.analysis``)
``POST|GET|DELETE /api/games/{id}/review`` the engine's review: start, poll, cancel
                                           (``yinsh.web.review_routes``; online games'
                                           too, under ``/api/online/games/{id}``)
``/api/online/...``                        online play (``yinsh.web.online_routes``)
=========================================  =====================================

Every answer is JSON (the record: text); an error is ``{"error": text}``
with 400 (a bad request or action), 403 (another site's page), 404 (no
such game), 413 (too large), 415 (not JSON), 503 (the engine is busy, or
the server is full) or 500 (the engine failed), made by ``errors.answer``
for every route (``online_routes.json_answer``). The application is wrapped
in ``guard.Guard`` (connection caps, security headers); its bounds are a
``limits.Limits``. ``create_app`` puts the server together: the games at
one screen (``SessionStore``, ``GameHandlers``), the online games' store
(``Database``), the keeper of the games this process holds
(``GameKeeper``) and the service of the clients' requests
(``OnlineService``), which holds the keeper.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> state = client.post("/api/games", json={"game": "yinsh", "seats": [None, None]}).json()
>>> client.post(f"/api/games/{state['id']}/play", json={"move": "e5"}).json()["ply"]
1
>>> client.post(f"/api/games/{state['id']}/play", json={"move": "e5"}).json()
{'error': 'illegal move e5: e5 already holds a ring'}
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from yinsh.web import engines
from yinsh.web.analysis import analysis_socket
from yinsh.web.database import Database
from yinsh.web.game_handlers import CHANGES, GameHandlers
from yinsh.web.game_keeper import GameKeeper
from yinsh.web.guard import Guard
from yinsh.web.inputs import read_body
from yinsh.web.limits import Limits, client_address
from yinsh.web.online import OnlineService
from yinsh.web.online_routes import json_answer, online_routes
from yinsh.web.review_jobs import REVIEW_NODES, Reviews
from yinsh.web.review_routes import review_routes
from yinsh.web.sessions import SessionStore

__all__ = ["create_app", "STATIC"]

#: The page's files.
STATIC = Path(__file__).parent / "static"

Handler = Callable[[Request], Awaitable[Any]]


def create_app(store: SessionStore | None = None, db: Database | str | None = None,
               limits: Limits | None = None, review_nodes: int = REVIEW_NODES) -> Guard:
    """The application; store holds its single-screen games (a new one by
    default), db its online games (a ``Database``, a path or a database URL;
    by default an SQLite database in memory, gone with the process),
    limits its bounds (``Limits()``: those of ``yinsh serve``), review_nodes
    the nodes a position of a game's review (``review_jobs.Reviews``). Its
    engine searches (the reviews' too) share slots and threads of their own
    (``engines.SearchSlots``), stopped when the application shuts down. The answer is the Starlette
    application inside its ``Guard`` (``.app``; ``.state`` is the
    application's)."""
    store = store if store is not None else SessionStore()
    limits = limits if limits is not None else Limits()
    slots = engines.SearchSlots(limits.engine_threads, limits.engine_max_time)
    database = db if isinstance(db, Database) else Database(db or "sqlite://")
    keeper = GameKeeper(database, slots, limits)
    online = OnlineService(keeper)
    reviews = Reviews(slots, review_nodes)

    handlers = GameHandlers(store, slots, lambda client: online.take_rate(client))

    def game_id(request: Request) -> str:
        return str(request.path_params["game_id"])

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def catalogue(request: Request) -> dict[str, Any]:
        return handlers.catalogue()

    async def new_game(request: Request) -> dict[str, Any]:
        body = await read_body(request)
        return handlers.new_game(body, client_address(request.scope, limits))

    async def show(request: Request) -> dict[str, Any]:
        return handlers.state(game_id(request))

    def changing(what: str) -> Handler:
        async def handler(request: Request) -> dict[str, Any]:
            game = handlers.game(game_id(request))
            body = await read_body(request)
            async with game.lock:
                if what == "step":              # the engine's own threads, not the requests'
                    return await slots.run(CHANGES[what], game, body)
                return CHANGES[what](game, body)
        return handler

    async def board(request: Request) -> dict[str, Any]:
        return handlers.board_at(game_id(request), request.query_params.get("ply"))

    async def download(request: Request) -> Response:
        name, text = handlers.record(game_id(request))
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def socket(websocket: WebSocket) -> None:
        await analysis_socket(websocket, store, slots)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await keeper.start()
        try:
            yield
        finally:
            reviews.stop_all()
            slots.stop_all()                      # Ctrl-C: running searches end at once
            await keeper.stop()

    api = "/api/games/{game_id}"
    routes = [
        Route("/", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/games", json_answer(catalogue), methods=["GET"]),
        Route("/api/games", json_answer(new_game), methods=["POST"]),
        Route(api, json_answer(show), methods=["GET"]),
        *[Route(f"{api}/{what}", json_answer(changing(what)), methods=["POST"]) for what in CHANGES],
        Route(api + "/board", json_answer(board), methods=["GET"]),
        Route(api + "/record", json_answer(download), methods=["GET"]),
        WebSocketRoute(api + "/analysis", socket),
        *review_routes(handlers, keeper, reviews, json_answer),
        *online_routes(online),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = store
    app.state.online = online
    app.state.keeper = keeper
    app.state.slots = slots
    app.state.reviews = reviews
    app.state.limits = limits
    guard = Guard(app, limits)
    app.state.guard = guard
    return guard

