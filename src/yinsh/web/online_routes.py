"""The routes of online play (docs/web.md, "Online play: the protocol"):
HTTP under ``/api/online/`` and the live WebSocket of each game.

Seat tokens come as ``Authorization: Bearer <token>`` (HTTP) or in the
WebSocket's ``hello``; every error is ``{"error": text}`` with its status
(and ``"gone": true`` for an unknown game, ``"stale": true`` with the
game's ply and seq for a stale action).
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from yinsh.web import errors, online_view
from yinsh.web.clocks import now_ms
from yinsh.web.games import board_view
from yinsh.web.guard import ForeignOrigin, origin_allowed, require_json
from yinsh.web.inputs import BadRequest, integer, read_body
from yinsh.web.limits import client_address
from yinsh.web.live import Ack, Viewer, dumps

if TYPE_CHECKING:
    from yinsh.web.online import OnlineService

__all__ = ["online_routes", "MAX_MESSAGE", "CATCH_UP", "bearer", "json_answer"]

MAX_MESSAGE = 4096          # characters of a WebSocket message
HELLO_WAIT = 30.0           # seconds a socket may wait before its hello
#: A socket's hello naming a seq at most this many entries back gets them
#: (an update), not a snapshot.
CATCH_UP = 1000


class _Json(JSONResponse):
    """A JSON answer made by ``live.dumps`` (orjson when installed)."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode()


def json_answer(handler: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of handler: its value as JSON (a ``Response`` as it is),
    its errors answered by ``errors.answer`` (any other error is a bug:
    500). Every route of the server answers through it."""
    async def endpoint(request: Request) -> Response:
        try:
            value = await handler(request)
        except Exception as exc:
            found = errors.answer(exc)
            if found is None:
                raise
            status, body, headers = found
            return _Json(body, status_code=status, headers=headers or None)
        return value if isinstance(value, Response) else _Json(value)
    return endpoint


def bearer(request: Request) -> Optional[str]:
    """The token of an ``Authorization: Bearer`` header."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def online_routes(service: OnlineService) -> list[BaseRoute]:
    """The routes, served by service."""
    answer = json_answer
    keeper = service.keeper

    def client(request: Request) -> str:
        return client_address(request.scope, service.limits)

    async def create(request: Request) -> dict[str, Any]:
        require_json(request.scope, service.limits)
        body = await read_body(request)
        service.take_rate(client(request))
        return await service.create(body, client(request))

    async def join(request: Request) -> dict[str, Any]:
        require_json(request.scope, service.limits)
        body = await read_body(request)
        service.take_rate(client(request))
        return await service.join(request.path_params["game_id"], body, client(request))

    async def show(request: Request) -> dict[str, Any]:
        live = await keeper.get(request.path_params["game_id"])
        return live.state(now_ms(), live.seat_of(bearer(request)))

    async def action(request: Request) -> dict[str, Any]:
        if not origin_allowed(request.scope, service.limits):
            raise ForeignOrigin("actions come from this server's own page only")
        body = await read_body(request)
        live = await service.act(request.path_params["game_id"], bearer(request), body)
        seat = live.seat_of(bearer(request))
        return {"ok": True, "seq": live.game.seq, "state": live.state(now_ms(), seat)}

    async def rematch(request: Request) -> dict[str, Any]:
        if not origin_allowed(request.scope, service.limits):
            raise ForeignOrigin("a rematch is asked for from this server's own page")
        return await service.rematch(request.path_params["game_id"], bearer(request), client(request))

    async def record(request: Request) -> Response:
        live = await keeper.get(request.path_params["game_id"])
        name = f"{live.game.game_name}-online-{live.id[:8]}.txt"
        date = datetime.datetime.fromtimestamp(live.created_ms / 1000, datetime.timezone.utc)
        return PlainTextResponse(online_view.record_text(live.game, date=date.strftime("%Y.%m.%d")), headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def board(request: Request) -> dict[str, Any]:
        live = await keeper.get(request.path_params["game_id"])
        return board_view(live.game.web, live.game.board, request.query_params.get("ply"))

    async def picture(request: Request) -> Response:
        live = await keeper.get(request.path_params["game_id"])
        seq = integer(request.query_params.get("seq", str(live.game.seq)), "seq", 0, live.game.seq)
        view = integer(request.query_params.get("view", "0"), "view", 0, 1)
        return Response(live.picture(seq, bool(view)), media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=31536000, immutable"})

    async def lobby(request: Request) -> dict[str, Any]:
        return await service.lobby()

    async def archive(request: Request) -> dict[str, Any]:
        return await service.archive(request.query_params)

    api = "/api/online/games/{game_id}"
    return [
        Route("/api/online/games", answer(create), methods=["POST"]),
        Route("/api/online/lobby", answer(lobby), methods=["GET"]),
        Route("/api/online/archive", answer(archive), methods=["GET"]),
        Route(api, answer(show), methods=["GET"]),
        Route(api + "/join", answer(join), methods=["POST"]),
        Route(api + "/action", answer(action), methods=["POST"]),
        Route(api + "/rematch", answer(rematch), methods=["POST"]),
        Route(api + "/record", answer(record), methods=["GET"]),
        Route(api + "/board", answer(board), methods=["GET"]),
        Route(api + "/picture", answer(picture), methods=["GET"]),
        WebSocketRoute(api + "/live", lambda ws: live_socket(ws, service)),
    ]


def _message(raw: str) -> dict[str, Any]:
    if len(raw) > MAX_MESSAGE:
        raise BadRequest(f"a message is at most {MAX_MESSAGE // 1024} KB")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadRequest("a message is a JSON object") from None
    if not isinstance(value, dict):
        raise BadRequest("a message is a JSON object")
    return value


async def live_socket(websocket: WebSocket, service: OnlineService) -> None:
    """One browser's live connection to a game (see docs/web.md)."""
    keeper = service.keeper
    await websocket.accept()
    game_id = websocket.path_params.get("game_id", "")
    try:
        live = await keeper.get(game_id)
    except errors.GoneError as exc:
        await websocket.send_json({"type": "gone", "error": str(exc)})
        await websocket.close(code=4404)
        return
    limits = service.limits
    if keeper.hub.count(game_id) >= limits.sockets_per_game:
        await websocket.close(code=1013, reason=f"at most {limits.sockets_per_game} live connections "
                                                "to one game: try again later")
        return
    may_act = origin_allowed(websocket.scope, limits)

    def snapshot(viewer: Viewer) -> dict[str, Any]:
        return keeper.games.get(game_id, live).state(now_ms(), viewer.seat)

    viewer = Viewer(websocket, snapshot=snapshot, max_bytes=limits.queue_bytes)
    sender = asyncio.ensure_future(viewer.run())
    token: Optional[str] = None
    hello = False
    folded = False                                  # acks in the actions' own updates (the hello's ack_in_update)
    keeper.hub.add(game_id, viewer)
    # The socket is read here, in this task (no task a message): when the
    # sender ends (the viewer was dropped, or sending failed) or no hello
    # came in time, the socket is done: a read in progress is cancelled.
    this = asyncio.current_task()
    reading = stopped = False

    def stop(_: Any = None) -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            if reading and this is not None:
                this.cancel()

    sender.add_done_callback(stop)
    no_hello = asyncio.get_running_loop().call_later(HELLO_WAIT, stop)
    try:
        while not stopped:
            reading = True
            try:
                received = await websocket.receive()
            except asyncio.CancelledError:
                if stopped:
                    if hasattr(this, "uncancel"):       # Python 3.11: the cancel was ours
                        this.uncancel()
                    return                              # dropped, or no hello in time
                raise
            finally:
                reading = False
            if received["type"] == "websocket.disconnect":
                return
            ident: Any = None
            try:
                raw = received.get("text")
                if raw is None:
                    raise BadRequest("messages are JSON text")
                message = _message(raw)
                ident = message.get("id")
                if not isinstance(ident, (str, int, type(None))) or len(str(ident)) > 64:
                    ident = None
                    raise BadRequest("an id is a short string or number")
                kind = message.get("type")
                if kind == "hello":
                    hello = True
                    no_hello.cancel()
                    folded = message.get("ack_in_update") is True
                    token = message.get("token")
                    if token is not None and not isinstance(token, str):
                        token = None
                        raise BadRequest("a token is a string")
                    viewer.seat = live.seat_of(token)
                    if token is not None and viewer.seat is None:
                        token = None
                        viewer.send({"type": "error", "id": ident, "status": 401, "stale": False,
                                     "error": "this token holds no seat of this game: you watch it"})
                    seen = message.get("seq")
                    if (isinstance(seen, int) and not isinstance(seen, bool)
                            and 0 <= seen <= live.game.seq and live.game.seq - seen <= CATCH_UP):
                        viewer.send({"type": "update", "events": live.events(live.game.log[seen:]),
                                     "state": live.state(now_ms(), viewer.seat, since=seen)})
                    else:
                        viewer.send({"type": "snapshot", "state": live.state(now_ms(), viewer.seat)})
                    keeper.seen(live, person=viewer.seat is not None)
                elif kind == "ping":
                    viewer.send({"type": "pong", "id": ident})
                elif not hello:
                    raise BadRequest("say hello first")
                elif not may_act:
                    raise ForeignOrigin("this connection comes from another site's page: it may "
                                        "watch, not act")
                else:
                    ack = Ack(viewer, ident) if folded else None
                    live = await service.act(game_id, token, message, ack)
                    if ack is None or not ack.sent:     # no update of it went to this socket
                        viewer.send({"type": "ack", "id": ident, "seq": live.game.seq})
            except Exception as exc:
                found = errors.answer(exc)
                if found is None:
                    raise
                status, body, _ = found
                if isinstance(exc, errors.GoneError):
                    viewer.close({"type": "gone", "error": str(exc)})
                    continue
                viewer.send({"type": "error", "id": ident, "status": status,
                             "stale": bool(body.get("stale")), **body})
    except WebSocketDisconnect:
        pass
    finally:
        no_hello.cancel()
        sender.remove_done_callback(stop)
        keeper.hub.remove(game_id, viewer)
        viewer.close()
        current = keeper.games.get(game_id)
        if current is not None:
            if viewer.seat is not None:
                keeper.seen(current)
            keeper.let_go_if_idle(game_id)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 2.0)
        sender.cancel()
        with contextlib.suppress(Exception):
            await websocket.close()
