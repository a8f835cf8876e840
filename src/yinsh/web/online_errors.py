"""The errors of the online games' service (``yinsh.web.online``): each
one an answer's status and text (``online_routes``).
"""
from __future__ import annotations

from yinsh.web.online_game import ActionError

__all__ = ["GoneError", "NoSeatError", "ConflictError", "UnconfirmedError", "LimitError"]


class GoneError(LookupError):
    """No game has this id (404; the page says so)."""


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
