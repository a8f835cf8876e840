"""The page's backend in a browser with no server: the library in Pyodide,
in a Web Worker (``static/worker.js``), answering the page's requests.

The page speaks to ``LocalBackend`` as it speaks to ``yinsh serve``: a
request is a method, a path of ``/api/games/...`` and a JSON body, and its
answer a status and JSON (the record: text). The work is done by the same
handlers as the server's routes (``game_handlers.GameHandlers``) and the
same analysis messages (``analysis_lines``); only the transport differs.
Online play needs a server and is not here (a path of ``/api/online`` is
answered 404, saying so). One request is the page's own:
``GET /api/games/{id}/saved``, the request that makes the game again
(``GameHandlers.saved``), which the page keeps in its local storage so
that a game goes on after the page is reloaded.

A live analysis (``LocalBackend.analyse``) runs in the worker, which does
nothing else meanwhile, and ends when stopped: with ``interruptible``
(the page is cross-origin isolated, so it shares an interrupt buffer with
the worker) it is one search that the page stops at once through Pyodide's
interrupt buffer (``KeyboardInterrupt``, as Ctrl-C); otherwise it is a
series of short searches, ``SLICE`` seconds at first, each keeping the
tables of the last, between which the worker reads the page's messages, so
a stop waits for the end of the slice.

A review (``LocalBackend.review``) runs in the worker too, a position at a
time (``yinsh.engine.review.Reviewer``, ``REVIEW_NODES`` a position as on
the server), sending the page its progress (``review_view.progress_json``)
after each; between two positions the worker reads the page's messages: a
cancel (``stop_review``) and the page's requests, answered meanwhile (the
page's own ``static/local.js`` runs one engine job at a time: an analysis
cancels a review, a review stops an analysis).

>>> backend = LocalBackend()
>>> made = json.loads(backend.request("POST", "/api/games", json.dumps(START_GAMES[0])))
>>> made["status"], made["body"]["ply"]
(200, 0)
>>> path = f"/api/games/{made['body']['id']}"
>>> json.loads(backend.request("POST", path + "/play", '{"move": "z9"}'))["body"]
{'error': "invalid move 'z9': 'z9' is not a point of the board"}
>>> json.loads(backend.request("POST", "/api/online/games", "{}"))["status"]
404
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable, Optional
from urllib.parse import parse_qs, unquote, urlsplit

from yinsh.engine import MAX_DEPTH, Analysis, Engine
from yinsh.engine.review import Reviewer
from yinsh.web import engines
from yinsh.web.analysis_lines import info_json, read_message, start_request
from yinsh.web import errors
from yinsh.web.game_handlers import CHANGES, GameHandlers
from yinsh.web.inputs import parse_body
from yinsh.web.review_view import progress_json, review_input, review_json
from yinsh.web.sessions import SessionStore, UnknownSessionError

__all__ = ["LocalBackend", "START_GAMES", "SLICE", "MAX_SLICE", "REVIEW_NODES", "prerender"]

#: The new games the page may start before Python is loaded: the site holds
#: their first state (``prerender``), so a player can begin at once.
START_GAMES: list[dict[str, Any]] = [
    {"game": "yinsh", "options": {"variant": "standard"}, "seats": [None, {"level": 1}]},
]
#: Seconds of the first search of a sliced analysis; each slice that ends
#: inside an iteration doubles the next, up to ``MAX_SLICE``.
SLICE, MAX_SLICE = 0.25, 2.0
#: The nodes a position of a review (the server's, ``review_jobs.REVIEW_NODES``).
REVIEW_NODES = 100_000
#: The page has no server: one screen, one player.
_CLIENT = "page"

Send = Callable[[str], None]


def _answer(status: int, body: Any) -> str:
    return json.dumps({"status": status, "body": body})


class LocalBackend:
    """The games of one page and its requests (see the module)."""

    def __init__(self) -> None:
        self.slots = engines.SearchSlots(1)
        self.handlers = GameHandlers(SessionStore(), self.slots)
        self._stopped = False
        self._review: Optional[object] = None      # the running review's token

    # Requests ----------------------------------------------------------------

    def request(self, method: str, path: str, body: Optional[str] = None) -> str:
        """The answer to a request, as JSON text: ``{"status": N, "body":
        JSON}`` (an error: ``{"error": text}``), or for the record
        ``{"status": 200, "text": record, "filename": name}``."""
        try:
            return self._route(method, path, body)
        except Exception as exc:
            found = errors.answer(exc)
            if found is None:
                raise
            return _answer(found[0], found[1])

    def _route(self, method: str, path: str, body: Optional[str]) -> str:
        url = urlsplit(path)
        parts = [unquote(part) for part in url.path.split("/") if part]
        if parts[:2] != ["api", "games"]:
            message = ("online play needs a server (yinsh serve): this page plays at this screen only"
                       if parts[:2] == ["api", "online"] else f"no such request: {method} {url.path}")
            return _answer(404, {"error": message})
        handlers, rest = self.handlers, parts[2:]
        if method == "GET" and not rest:
            return _answer(200, handlers.catalogue())
        if method == "POST" and not rest:
            return _answer(200, handlers.new_game(self._body(body), _CLIENT))
        if method == "GET" and len(rest) == 1:
            return _answer(200, handlers.state(rest[0]))
        if method == "POST" and len(rest) == 2 and rest[1] in CHANGES:
            return _answer(200, handlers.change(rest[0], rest[1], self._body(body)))
        if method == "GET" and len(rest) == 2 and rest[1] == "board":
            ply = parse_qs(url.query).get("ply", [None])[0]
            return _answer(200, handlers.board_at(rest[0], ply))
        if method == "GET" and len(rest) == 2 and rest[1] == "saved":
            return _answer(200, handlers.saved(rest[0]))
        if method == "GET" and len(rest) == 2 and rest[1] == "record":
            filename, text = handlers.record(rest[0])
            return json.dumps({"status": 200, "text": text, "filename": filename})
        return _answer(404, {"error": f"no such request: {method} {url.path}"})

    @staticmethod
    def _body(body: Optional[str]) -> dict[str, Any]:
        return parse_body((body or "{}").encode("utf-8"))

    # Analysis ----------------------------------------------------------------

    def stop(self) -> None:
        """Stops a sliced analysis after its current slice."""
        self._stopped = True

    async def analyse(self, game_id: str, message: str, send: Send, interruptible: bool) -> None:
        """Runs the analysis that message (``{"type": "start", ...}``, as on
        the server's socket) asks for on game_id, sending the page each
        message of the server's socket as JSON text (``info``, then
        ``done``; ``idle`` or ``error``), until stopped or
        ``MAX_ANALYSIS_TIME`` (see the module for interruptible)."""
        self._stopped = False
        try:
            game = self.handlers.game(game_id)
            request = start_request(game, read_message(message))
        except (ValueError, UnknownSessionError) as exc:
            send(json.dumps({"type": "error", "error": str(exc)}))
            return
        board = request.board
        if request.problem is not None:
            send(json.dumps({"type": "idle", "ply": board.ply,
                             "reason": f"Nothing to analyse: {request.problem}."}))
            return

        def report(found: Analysis) -> None:
            send(json.dumps(info_json(game.game, board, found)))

        engine = engines.new_engine(board, keep_tables=True)
        try:
            if interruptible:
                engine.analyse(board, time=engines.MAX_ANALYSIS_TIME, multipv=request.multipv,
                               on_info=report)
            else:
                await self._slices(engine, board, request.multipv, report)
            send(json.dumps({"type": "done"}))
        except KeyboardInterrupt:                     # the page's stop
            send(json.dumps({"type": "done"}))
        except (ValueError, RuntimeError, MemoryError) as exc:
            send(json.dumps({"type": "error", "error": f"the engine failed: {exc}"}))

    async def _slices(self, engine: Engine, board: Any, multipv: int,
                      report: Callable[[Analysis], None]) -> None:
        """The analysis as short searches (see the module), each reporting
        its iterations deeper than those reported already."""
        deadline = time.monotonic() + engines.MAX_ANALYSIS_TIME
        by_depth = engine.algorithm_for(board) != "mcts"
        shown, depth, seconds = 0, 1, SLICE

        def deeper(found: Analysis) -> None:
            nonlocal shown
            if not by_depth or found.depth > shown:
                shown = found.depth
                report(found)

        while not self._stopped:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            limit = min(seconds, left)
            found = (engine.analyse(board, depth=depth, time=limit, multipv=multipv, on_info=deeper)
                     if by_depth else engine.analyse(board, time=limit, multipv=multipv, on_info=deeper))
            if by_depth and found.depth >= depth:
                if found.depth >= MAX_DEPTH:
                    return
                depth, seconds = found.depth + 1, SLICE
            elif by_depth:
                seconds = min(MAX_SLICE, seconds * 2)
            await asyncio.sleep(0)                    # the page's messages (stop) are read here


    # Review --------------------------------------------------------------------

    def stop_review(self) -> None:
        """Cancels the running review before its next position."""
        self._review = None

    async def review(self, game_id: str, send: Send, nodes: int = REVIEW_NODES) -> None:
        """Reviews game_id's actions, ``nodes`` a position, sending the page
        its progress as JSON text (``review_view.progress_json``: running,
        after each position; then done, cancelled or failed), until done
        or cancelled (``stop_review``, or another review started)."""
        token = self._review = object()
        try:
            start, actions, first = review_input(self.handlers.game(game_id).board)
            reviewer = Reviewer(start, actions, engines.new_engine(start, keep_tables=True), nodes=nodes)
        except (ValueError, UnknownSessionError) as exc:
            send(json.dumps(progress_json("failed", error=str(exc))))
            return
        try:
            while not reviewer.finished:
                send(json.dumps(progress_json("running", reviewer.done, reviewer.total)))
                await asyncio.sleep(0)                # the page's messages (cancel) are read here
                if self._review is not token:
                    send(json.dumps(progress_json("cancelled", reviewer.done, reviewer.total,
                                                  error="the review was cancelled")))
                    return
                reviewer.step()
        except KeyboardInterrupt:                     # an interrupt meant for an analysis
            send(json.dumps(progress_json("cancelled", reviewer.done, reviewer.total,
                                          error="the review was interrupted")))
            return
        except (ValueError, RuntimeError, MemoryError) as exc:
            send(json.dumps(progress_json("failed", reviewer.done, reviewer.total,
                                          error=f"the engine failed: {exc}")))
            return
        send(json.dumps(progress_json("done", reviewer.done, reviewer.total,
                                      review_json(reviewer.review, first))))


def prerender() -> str:
    """What the site holds so a page can start before Python is loaded, as
    JSON: the catalogue, and the first state of each of ``START_GAMES``
    (``{"body": request, "state": answer}``; its id is replaced by the
    worker's when Python is ready)."""
    backend = LocalBackend()
    starts = [{"body": body, "state": json.loads(backend.request("POST", "/api/games",
                                                                  json.dumps(body)))["body"]}
              for body in START_GAMES]
    catalogue = json.loads(backend.request("GET", "/api/games"))["body"]
    return json.dumps({"catalogue": catalogue, "starts": starts})
