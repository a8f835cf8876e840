"""Live analysis over a WebSocket: the engine's lines as it deepens, and stop.

The page sends ``{"type": "start", "ply": N, "multipv": K}`` to analyse the
game's position after N actions (K best actions, 1..``MAX_MULTIPV``) and
``{"type": "stop"}`` to stop; a new start replaces the running search. The
server answers with ``{"type": "info", ...}`` after each finished
iteration (depth, nodes, the lines with their scores and actions, and the
board drawn with the best actions as arrows), ``{"type": "done"}`` when the
search ended, ``{"type": "idle", "reason": text}`` when the position has
nothing to analyse (a finished game, a throw to come), and ``{"type":
"error", "error": text}``. A search runs until
stopped, for at most ``MAX_ANALYSIS_TIME`` seconds, in one of the application's search slots
(``yinsh.web.engines.SearchSlots``; analyses leave one slot for the engine seats' actions).
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Optional

from starlette.websockets import WebSocket, WebSocketDisconnect

from yinsh.engine import Limit
from yinsh.parts.web import WebGame
from yinsh.web import engines
from yinsh.web.analysis_lines import info_json, read_message, start_request
from yinsh.web.sessions import SessionStore, UnknownSessionError

__all__ = ["analysis_socket"]

class _Search:
    """One analysis: a worker thread that holds a slot and feeds a queue."""

    def __init__(self, game: WebGame, board: Any, multipv: int, slots: engines.SearchSlots,
                 loop: asyncio.AbstractEventLoop) -> None:
        self.game, self.board, self.multipv, self.loop = game, board, multipv, loop
        self.slots = slots
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._stopped = threading.Event()
        self._handle: Any = None
        self._thread = threading.Thread(target=self._work, name="web-analysis", daemon=True)
        self._thread.start()

    def _put(self, item: dict[str, Any]) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, item)

    def stop(self) -> None:
        self._stopped.set()
        handle = self._handle
        if handle is not None:
            handle.stop()

    def _work(self) -> None:
        engines.lower_priority()
        try:
            engine = engines.new_engine(self.board)
            with self.slots.slot(self, wait=5.0, analysis=True):
                limit = Limit(time=engines.MAX_ANALYSIS_TIME)
                with engine.analysis(self.board, limit, multipv=self.multipv) as handle:
                    self._handle = handle
                    if self._stopped.is_set():
                        handle.stop()
                    for found in handle:
                        self._put(info_json(self.game, self.board, found))
            self._put({"type": "done"})
        except engines.BusyError as exc:
            self._put({"type": "error", "error": str(exc)})
        except Exception as exc:  # an engine failure: the page says so
            self._put({"type": "error", "error": f"the engine failed: {exc}"})


async def _forward(websocket: WebSocket, search: _Search) -> None:
    while True:
        item = await search.queue.get()
        await websocket.send_json(item)
        if item["type"] != "info":
            return


async def analysis_socket(websocket: WebSocket, store: SessionStore,
                          slots: engines.SearchSlots) -> None:
    """Serves one page's analysis socket (see the module)."""
    await websocket.accept()
    try:
        game = store.get(websocket.path_params.get("game_id"))
    except UnknownSessionError as exc:
        await websocket.send_json({"type": "error", "error": str(exc)})
        await websocket.close(code=1008)
        return
    search: Optional[_Search] = None
    forward: Optional[asyncio.Task[None]] = None

    async def halt() -> None:
        nonlocal search, forward
        if search is not None:
            search.stop()
        if forward is not None:
            try:
                await asyncio.wait_for(forward, 2.0)
            except (asyncio.TimeoutError, WebSocketDisconnect, RuntimeError):
                forward.cancel()
        search, forward = None, None

    try:
        while True:
            raw = await websocket.receive_text()
            try:
                message = read_message(raw)
                if message["type"] == "stop":
                    await halt()
                    continue
                game.touch()
                request = start_request(game, message)
            except ValueError as exc:
                await websocket.send_json({"type": "error", "error": str(exc)})
                continue
            await halt()
            board = request.board
            if request.problem is not None:
                await websocket.send_json({"type": "idle", "ply": board.ply,
                                           "reason": f"Nothing to analyse: {request.problem}."})
                continue
            search = _Search(game.game, board, request.multipv, slots, asyncio.get_running_loop())
            forward = asyncio.create_task(_forward(websocket, search))
    except WebSocketDisconnect:
        pass
    finally:
        if search is not None:
            search.stop()
        if forward is not None:
            forward.cancel()
