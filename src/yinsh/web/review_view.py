"""What a review on the page reviews, and its answers: the game's actions
from its first position (``review_input``), and the JSON the page polls
(``progress_json``), the same for the server (``review_jobs``) and the page
with no server (``local``). Standard library and the engine layer only:
Pyodide imports it.

A review's answer is ``{"status": S, "done": K, "total": N, "review": R,
"error": E, "stored": B}``: S is ``"none"`` (no review asked for),
``"running"`` (K of the N positions searched), ``"done"`` (R is the review:
``Review.to_json()`` with ``first_ply``, the ply of the game's first
position, so that action ``ply`` of the review is the move list's ``ply +
first_ply``), ``"cancelled"`` or ``"failed"`` (E says why); B: whether R
was read from the database (an online game's stored review).

>>> from yinsh.web.games import WEB_GAMES
>>> board = WEB_GAMES["insert"].new_board({"layout": 7})
>>> _ = board.push_str("c3")
>>> start, actions, first = review_input(board)
>>> start.ply, [str(a) for a in actions], first
(0, ['c3'], 0)
>>> progress_json("running", 1, 2)["status"]
'running'
"""
from __future__ import annotations

from typing import Any, Optional

from yinsh.engine.review import Review
from yinsh.web import games as _games
from yinsh.web.errors import ActionError

__all__ = ["review_input", "review_json", "progress_json", "NO_REVIEW"]


def review_input(board: Any) -> tuple[Any, list[Any], int]:
    """The board of the game's first position, the actions played from it
    (``board.move_stack``) and that position's ply; ``ActionError`` (400)
    when no action was played (nothing to review)."""
    actions = list(board.move_stack)
    if not actions:
        raise ActionError("nothing to review: no action was played")
    first = board.ply - len(actions)
    return _games.board_at(board, first), actions, first


def review_json(review: Review, first_ply: int) -> dict[str, Any]:
    """The review as the page gets it: ``Review.to_json()`` and ``first_ply``."""
    return {**review.to_json(), "first_ply": first_ply}


def progress_json(status: str, done: int = 0, total: int = 0, review: Optional[dict[str, Any]] = None,
                  error: Optional[str] = None, stored: bool = False) -> dict[str, Any]:
    """A review's answer (see the module)."""
    return {"status": status, "done": done, "total": total, "review": review, "error": error,
            "stored": stored}


#: The answer for a game whose review nobody asked for.
NO_REVIEW = progress_json("none")
