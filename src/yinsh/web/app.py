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
``/api/online/...``                        online play (``yinsh.web.online_routes``)
=========================================  =====================================

Every answer is JSON (the record: text); an error is ``{"error": text}``
with 400 (a bad request or action), 403 (another site's page), 404 (no
such game), 413 (too large), 415 (not JSON), 503 (the engine is busy, or
the server is full) or 500 (the engine failed). The application is wrapped
in ``guard.Guard`` (connection caps, security headers); its bounds are a
``limits.Limits``.

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

from yinsh.web import engines, games as _games
from yinsh.web.analysis import analysis_socket
from yinsh.web.database import Database
from yinsh.web.guard import Guard
from yinsh.web.limits import Limits, client_address
from yinsh.web.online import LimitError, OnlineService
from yinsh.web.online_routes import online_routes
from yinsh.web.inputs import BadRequest, TooLarge, game_options, integer, read_body, seats, text
from yinsh.web.sessions import GameSession, SessionStore, UnknownSessionError, import_game

__all__ = ["create_app", "STATIC"]

#: The page's files.
STATIC = Path(__file__).parent / "static"

Handler = Callable[[Request], Awaitable[Any]]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _answer(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """handler's value as JSON, its errors as ``{"error": ...}``."""
    async def endpoint(request: Request) -> Response:
        try:
            value = await handler(request)
        except TooLarge as exc:
            return _error(413, str(exc))
        except LimitError as exc:                  # (the rate of new games of one address)
            return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=exc.headers)
        except BadRequest as exc:
            return _error(getattr(exc, "status", 400), str(exc))
        except UnknownSessionError as exc:
            return _error(404, str(exc))
        except engines.BusyError as exc:
            return _error(503, str(exc))
        except ValueError as exc:                  # bad input, illegal action, bad record
            return _error(400, str(exc))
        except (RuntimeError, MemoryError) as exc:  # the engine failed
            return _error(500, f"the engine failed: {exc}")
        return value if isinstance(value, Response) else JSONResponse(value)
    return endpoint


def create_app(store: SessionStore | None = None, db: Database | str | None = None,
               limits: Limits | None = None) -> Guard:
    """The application; store holds its single-screen games (a new one by
    default), db its online games (a ``Database``, a path or a database URL;
    by default an SQLite database in memory, gone with the process),
    limits its bounds (``Limits()``: those of ``yinsh serve``). Its engine
    searches share slots and threads of their own (``engines.SearchSlots``),
    stopped when the application shuts down. The answer is the Starlette
    application inside its ``Guard`` (``.app``; ``.state`` is the
    application's)."""
    store = store if store is not None else SessionStore()
    limits = limits if limits is not None else Limits()
    slots = engines.SearchSlots(limits.engine_threads, limits.engine_max_time)
    database = db if isinstance(db, Database) else Database(db or "sqlite://")
    online = OnlineService(database, slots, limits)

    def game_of(request: Request) -> GameSession:
        return store.get(request.path_params["game_id"])

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def catalogue(request: Request) -> dict[str, Any]:
        return {"games": {name: _games.catalogue(game) for name, game in _games.WEB_GAMES.items()},
                "engine": {"min_time": engines.MIN_MOVE_TIME, "max_time": engines.MAX_MOVE_TIME,
                           "max_multipv": engines.MAX_MULTIPV,
                           "max_analysis_time": engines.MAX_ANALYSIS_TIME}}

    async def new_game(request: Request) -> dict[str, Any]:
        body = await read_body(request)
        client = client_address(request.scope, limits)
        online.take_rate(client)            # the games of one screen too: one bucket an address
        if "import" in body:
            imported = text(body, "import")
            chosen = body.get("seats")
            if chosen is not None:          # the count is checked against the game's seats
                chosen = seats(chosen, len(chosen) if isinstance(chosen, list) else 0)
            return store.add(import_game(imported, chosen, slots), client).state()
        web_game = _games.get(body.get("game"))
        options = game_options(web_game.name, body.get("options", {}))
        board = web_game.new_board(options)
        count = len(web_game.seats(board))
        chosen = seats(body.get("seats", [None] * count), count)
        auto_throw = body.get("auto_throw", False)
        if not isinstance(auto_throw, bool):
            raise BadRequest("auto_throw must be true or false")
        return store.add(GameSession(board, chosen, auto_throw=auto_throw, slots=slots), client).state()

    async def show(request: Request) -> dict[str, Any]:
        return game_of(request).state()

    def changing(change: Callable[[GameSession, dict[str, Any]], dict[str, Any]],
                 in_thread: bool = False) -> Handler:
        async def handler(request: Request) -> dict[str, Any]:
            game = game_of(request)
            body = await read_body(request)
            async with game.lock:
                if in_thread:                   # the engine's own threads, not the requests'
                    return await slots.run(change, game, body)
                return change(game, body)
        return handler

    async def board_at(request: Request) -> dict[str, Any]:
        game = game_of(request)
        ply = integer(request.query_params.get("ply", str(game.board.ply)), "ply", 0, game.board.ply)
        board = game.board_at(ply)
        return {"ply": ply, "position": board.position(),
                "svg": game.game.svg(board, [], False)}

    async def download(request: Request) -> Response:
        game = game_of(request)
        name = f"{game.game.name}-game.txt"
        return PlainTextResponse(game.record_text(), headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def socket(websocket: WebSocket) -> None:
        await analysis_socket(websocket, store, slots)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await online.start()
        try:
            yield
        finally:
            slots.stop_all()                      # Ctrl-C: running searches end at once
            await online.stop()

    api = "/api/games/{game_id}"
    routes = [
        Route("/", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/games", _answer(catalogue), methods=["GET"]),
        Route("/api/games", _answer(new_game), methods=["POST"]),
        Route(api, _answer(show), methods=["GET"]),
        Route(api + "/play", _answer(changing(lambda g, b: g.play(text(b, "move", 200)))),
              methods=["POST"]),
        Route(api + "/throw", _answer(changing(lambda g, b: g.throw())), methods=["POST"]),
        Route(api + "/step", _answer(changing(lambda g, b: g.step(), in_thread=True)),
              methods=["POST"]),
        Route(api + "/undo", _answer(changing(lambda g, b: g.undo())), methods=["POST"]),
        Route(api + "/resign", _answer(changing(lambda g, b: g.resign())), methods=["POST"]),
        Route(api + "/board", _answer(board_at), methods=["GET"]),
        Route(api + "/record", _answer(download), methods=["GET"]),
        WebSocketRoute(api + "/analysis", socket),
        *online_routes(online),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = store
    app.state.online = online
    app.state.slots = slots
    app.state.limits = limits
    guard = Guard(app, limits)
    app.state.guard = guard
    return guard

