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
import json
import threading
from typing import Any, Optional

from starlette.websockets import WebSocket, WebSocketDisconnect

from yinsh.engine import Analysis, Limit
from yinsh.web import engines
from yinsh.web.games import WebGame
from yinsh.web.inputs import BadRequest, integer
from yinsh.web.sessions import SessionStore, UnknownSessionError

__all__ = ["analysis_socket", "info_json"]

MAX_MESSAGE = 4096          # characters of a message from the page


def info_json(game: WebGame, board: Any, found: Analysis) -> dict[str, Any]:
    """The page's view of one iteration of a search of board."""
    lines = found.lines or [found]
    return {
        "type": "info", "depth": found.depth, "nodes": found.nodes, "nps": found.nps,
        "time": round(found.time, 2), "algorithm": found.algorithm, "ply": board.ply,
        "turn": game.side_names(board)[int(board.turn)], "scale": game.score_scale(board),
        "lines": [{"multipv": line.multipv, "score": line.score, "mate": line.mate,
                   "score_text": line.score_text(), "pv": [str(m) for m in line.pv]}
                  for line in lines],
        "svg": game.svg(board, [str(line.best_move) for line in lines if line.best_move], True),
    }


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
                message = json.loads(raw) if len(raw) <= MAX_MESSAGE else None
                if not isinstance(message, dict):
                    raise BadRequest("a message is a JSON object of at most 4 KB")
                kind = message.get("type")
                if kind == "stop":
                    await halt()
                    continue
                if kind != "start":
                    raise BadRequest("a message's type is start or stop")
                game.touch()
                board = game.board_at(integer(message.get("ply", game.board.ply), "ply", 0,
                                              game.board.ply))
                multipv = integer(message.get("multipv", 1), "multipv", 1, engines.MAX_MULTIPV)
                problem = game.game.search_problem(board)
            except ValueError as exc:
                await websocket.send_json({"type": "error", "error": str(exc)})
                continue
            await halt()
            if problem is not None:
                await websocket.send_json({"type": "idle", "ply": board.ply,
                                           "reason": f"Nothing to analyse: {problem}."})
                continue
            search = _Search(game.game, board, multipv, slots, asyncio.get_running_loop())
            forward = asyncio.create_task(_forward(websocket, search))
    except WebSocketDisconnect:
        pass
    finally:
        if search is not None:
            search.stop()
        if forward is not None:
            forward.cancel()
