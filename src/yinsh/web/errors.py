"""The errors the web layer answers, and the one function that makes an
answer of any error (``answer``), for every route: the games at one
screen, online play, the live sockets, and the page with no server
(``local.py``, in Pyodide: so this module imports nothing but the standard
library).

Each of the layer's errors is a ``WebError``: its HTTP ``status``, its
answer's body (``{"error": text}`` and what the error adds) and headers.
The errors of the request checks live beside them (``inputs.BadRequest``,
``guard.ForeignOrigin``, ...), as do ``sessions.UnknownSessionError`` and
``engines.BusyError``; the online game's and the online service's are here.

>>> answer(GoneError("no such game"))
(404, {'error': 'no such game', 'gone': True}, {})
>>> answer(LimitError("slow down", 429, 2.4))
(429, {'error': 'slow down'}, {'Retry-After': '2'})
>>> answer(ValueError("illegal move e5"))
(400, {'error': 'illegal move e5'}, {})
>>> answer(KeyError("a bug")) is None
True
"""
from __future__ import annotations

from typing import Any, Optional

__all__ = ["WebError", "ActionError", "StaleError", "NotYourSeatError", "GoneError", "NoSeatError",
           "ConflictError", "UnconfirmedError", "LimitError", "STORE_ERRORS", "Answer", "answer"]


class WebError(Exception):
    """An error answered with ``status`` and the ``body`` and ``headers`` below."""

    status = 400

    def body(self) -> dict[str, Any]:
        return {"error": str(self)}

    @property
    def headers(self) -> dict[str, str]:
        return {}


class ActionError(WebError, ValueError):
    """An action the game refuses (HTTP status ``status``); nothing changed."""


class StaleError(ActionError):
    """The action was made on a board the game has left (409); ``ply`` and
    ``seq``: where the game is (the online service sets them)."""

    status = 409
    ply: Optional[int] = None
    seq: Optional[int] = None

    def body(self) -> dict[str, Any]:
        where = {} if self.ply is None else {"ply": self.ply, "seq": self.seq}
        return {"error": str(self), "stale": True, **where}


class NotYourSeatError(ActionError):
    """The seat may not do this now (403)."""

    status = 403


class GoneError(WebError, LookupError):
    """No game has this id (404; the page says so)."""

    status = 404

    def body(self) -> dict[str, Any]:
        return {"error": str(self), "gone": True}


class NoSeatError(ActionError):
    """No token, or one that holds no seat of the game (401)."""

    status = 401


class ConflictError(ActionError):
    """The seat was taken or the invitation used (409)."""

    status = 409


class UnconfirmedError(ActionError):
    """The database went away while a change was committed, and cannot be
    asked yet whether it was kept (503)."""

    status = 503


class LimitError(ActionError):
    """A limit of the server (``Limits``) refuses this now: 429 (this
    client's share) or 503 (the server's), with ``retry_after`` seconds."""

    def __init__(self, message: str, status: int = 429, retry_after: float = 60.0) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        """The answer's ``Retry-After`` (whole seconds, at least 1)."""
        return {"Retry-After": str(max(1, round(self.retry_after)))}


def _store_errors() -> tuple[type[Exception], ...]:
    try:
        from sqlalchemy.exc import SQLAlchemyError
    except ImportError:                 # no database here (the page with no server)
        return (OSError,)
    return (SQLAlchemyError, OSError)


#: What a database that went away raises (its transaction changed nothing).
STORE_ERRORS: tuple[type[Exception], ...] = _store_errors()

#: An answer: the HTTP status, the JSON body, the headers.
Answer = tuple[int, dict[str, Any], dict[str, str]]


def answer(exc: BaseException) -> Optional[Answer]:
    """The answer to an error a route's work raised; None for an error that
    is neither the request's, the game's, the database's nor the engine's
    (a bug: the server answers 500)."""
    if isinstance(exc, WebError):
        return exc.status, exc.body(), exc.headers
    if isinstance(exc, STORE_ERRORS):
        return 503, {"error": "the server cannot reach its database now: nothing was changed; "
                              "try again in a moment"}, {}
    if isinstance(exc, ValueError):               # bad input, illegal action, bad record
        return 400, {"error": str(exc)}, {}
    if isinstance(exc, (RuntimeError, MemoryError)):
        return 500, {"error": f"the engine failed: {exc}"}, {}
    return None
