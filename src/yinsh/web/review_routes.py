"""The routes of the engine's review of a game (docs/review.md, "Review on
the page"): for a game at one screen ``/api/games/{id}/review``, for a
finished online game ``/api/online/games/{id}/review``; each ``POST`` to
start it (or get the one running or done), ``GET`` to poll its progress
and get it when done, ``DELETE`` to cancel it. The answer is always
``review_view.progress_json``'s.

The reviews run in threads of their own on the application's search slots
(``review_jobs.Reviews``). An online game's review is stored with the game
(``Database.save_review``) once done: a second viewer, in this process or
another, reads it (``"stored": true``) and nothing is searched again.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from yinsh.web.clocks import now_ms
from yinsh.web.errors import STORE_ERRORS, ConflictError
from yinsh.web.guard import ForeignOrigin, origin_allowed
from yinsh.web.inputs import read_body
from yinsh.web.review_jobs import ReviewJob, Reviews
from yinsh.web.review_view import NO_REVIEW, progress_json

if TYPE_CHECKING:
    from yinsh.web.game_handlers import GameHandlers
    from yinsh.web.game_keeper import GameKeeper

__all__ = ["review_routes"]

Body = dict[str, Any]


Endpoint = Callable[[Request], Awaitable[Any]]


def review_routes(handlers: GameHandlers, keeper: GameKeeper, reviews: Reviews,
                  answer: Callable[[Endpoint], Any]) -> list[BaseRoute]:
    """The review routes of the games of handlers (at one screen) and of
    keeper (online), reviewed by reviews; answer makes each endpoint of its
    handler (the server's one, ``online_routes.json_answer``: its errors
    through ``errors.answer``)."""
    db, limits = keeper.db, keeper.limits

    async def local(request: Request) -> Body:
        game = handlers.game(request.path_params["game_id"])
        key = f"game:{game.id}"
        if request.method == "POST":
            await read_body(request)                    # a JSON object (no fields)
            async with game.lock:                       # the board as it is between two actions
                return reviews.start(key, game.board).answer()
        job = reviews.cancel(key) if request.method == "DELETE" else reviews.get(key, game.board.ply)
        return NO_REVIEW if job is None else job.answer()

    def stored_answer(text: str) -> Body:
        review = json.loads(text)
        count = len(review["actions"]) + 1
        return progress_json("done", count, count, review, stored=True)

    async def online(request: Request) -> Body:
        game_id = str(request.path_params["game_id"])
        live = await keeper.get(game_id)
        key = f"online:{live.id}"
        if request.method == "DELETE":
            job = reviews.cancel(key)
            return NO_REVIEW if job is None else job.answer()
        running = reviews.get(key)
        if running is not None and running.status in ("running", "done"):
            return running.answer()
        found = await keeper.in_thread(db.load_review, live.id)
        if found is not None:
            return stored_answer(found)
        if request.method == "GET":
            return NO_REVIEW if running is None else running.answer()
        if not origin_allowed(request.scope, limits):
            raise ForeignOrigin("a review is asked for from this server's own page")
        await read_body(request)
        async with live.lock:
            if live.game.status != "finished":
                raise ConflictError("the game is not over: an online game is reviewed once it is finished")
            board = live.game.board

        def store(job: ReviewJob) -> None:           # in the review's thread, once done
            try:
                db.save_review(live.id, json.dumps(job.result, separators=(",", ":")), job.nodes, now_ms())
            except STORE_ERRORS:                     # not stored: this process still answers with it
                pass

        return reviews.start(key, board, on_done=store).answer()

    methods = ["GET", "POST", "DELETE"]
    return [Route("/api/games/{game_id}/review", answer(local), methods=methods),
            Route("/api/online/games/{game_id}/review", answer(online), methods=methods)]
