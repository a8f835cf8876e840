"""The server's outer wall: what every request and socket meets first.

``Guard`` is an ASGI middleware around the application. It counts the
requests in progress and the open sockets: past ``Limits.connections`` (read
from the file limit by default) a request is answered 503 with
``Retry-After`` and a socket is closed with code 1013 (try again later),
before any work, instead of failing for want of file descriptors; a client
address holding ``Limits.sockets_per_client`` sockets gets 1013 too. It adds
the security headers to every answer (``SECURITY_HEADERS`` and a
Content-Security-Policy: scripts from this server only, no framing).

``origin_allowed`` and ``require_json`` are the cross-site checks of the
routes that create and join games; ``RepeatFilter`` keeps a flood of one
error (``Too many open files``) to one log line every few seconds, with
the count of those left out.

>>> import logging
>>> f = RepeatFilter(every=5.0, clock=iter([0.0, 1.0, 2.0, 6.0]).__next__)
>>> record = lambda: logging.LogRecord("x", logging.ERROR, "p", 1, "accept failed", None, None)
>>> [f.filter(record()) for _ in range(3)]
[True, False, False]
>>> r = record(); f.filter(r), r.getMessage()
(True, 'accept failed (2 more like this in the last 6 s)')
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from typing import Any, Awaitable, Callable, Mapping, MutableMapping, Optional

from yinsh.web.inputs import BadRequest
from yinsh.web.limits import Limits, client_address

__all__ = ["Guard", "RepeatFilter", "release_memory", "origin_allowed", "require_json", "SECURITY_HEADERS",
           "WrongContentType", "ForeignOrigin", "install_repeat_filter"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Headers of every answer (the Content-Security-Policy is added per request).
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class WrongContentType(BadRequest):
    """A body that is not ``application/json`` (415)."""

    status = 415


class ForeignOrigin(BadRequest):
    """A request from another site's page (403)."""

    status = 403


def _header(scope: Mapping[str, Any], name: bytes) -> Optional[str]:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _csp(scope: Mapping[str, Any]) -> str:
    host = (_header(scope, b"host") or "").strip()
    sockets = f" ws://{host} wss://{host}" if host and all(c not in host for c in " ;,'\"") else ""
    return ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'" + sockets + "; object-src 'none'; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def origin_allowed(scope: Mapping[str, Any], limits: Limits) -> bool:
    """Whether a request or socket may change games: no ``Origin`` (not a
    browser's page), this server's own (the ``Host`` it was asked by), or
    one of ``Limits.allowed_origins``."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    origin = origin.strip().rstrip("/")
    if origin in limits.allowed_origins:
        return True
    host = (_header(scope, b"host") or "").strip().lower()
    scheme, sep, rest = origin.partition("://")
    return bool(sep) and scheme.lower() in ("http", "https") and rest.lower() == host and bool(host)


def require_json(scope: Mapping[str, Any], limits: Limits) -> None:
    """Refuses a create or join request that a page of another site could
    send: a body other than ``application/json`` (``WrongContentType``,
    415), or a foreign ``Origin`` (``ForeignOrigin``, 403)."""
    kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise WrongContentType("the body must be JSON sent as Content-Type: application/json")
    if not origin_allowed(scope, limits):
        raise ForeignOrigin("this server takes games and players from its own page only "
                            f"(Origin {(_header(scope, b'origin') or '')[:80]!r} is not allowed)")


class Guard:
    """See the module. ``sockets`` and ``requests``: what is open now."""

    #: At least this many sockets closed before the memory freed is given back (``crowd_gone``).
    RELEASE_AFTER = 100

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits
        self.requests = 0
        self.sockets = 0
        self.closed_since_release = 0
        self.most_sockets = 0                          # the most open since the memory was given back
        self.by_client: Counter[str] = Counter()
        self.refused = 0

    @property
    def state(self) -> Any:
        """The wrapped application's ``state``."""
        return getattr(self.app, "state")

    @property
    def open(self) -> int:
        return self.requests + self.sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._socket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        csp = _csp(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {bytes(k).lower() for k, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.encode() not in present:
                        headers.append((name.encode(), value.encode()))
                headers.append((b"content-security-policy", csp.encode()))
                message["headers"] = headers
            await send(message)

        if self.open >= self.limits.connections:
            self.refused += 1
            body = json.dumps({"error": "the server is full: try again in a moment"}).encode()
            await send_with_headers({"type": "http.response.start", "status": 503, "headers": [
                (b"content-type", b"application/json"), (b"retry-after", b"5"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        self.requests += 1
        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            self.requests -= 1

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = client_address(scope, self.limits)
        if self.open >= self.limits.connections:
            reason = "the server is full: try again in a moment"
        elif self.by_client[client] >= self.limits.sockets_per_client:
            reason = f"at most {self.limits.sockets_per_client} live connections from one address"
        else:
            reason = ""
        if reason:
            self.refused += 1
            message = await receive()                       # websocket.connect
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": 1013, "reason": reason[:120]})
            return
        self.sockets += 1
        self.most_sockets = max(self.most_sockets, self.sockets)
        self.by_client[client] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets -= 1
            self.by_client[client] -= 1
            if self.by_client[client] <= 0:
                del self.by_client[client]
            if self.crowd_gone():
                asyncio.get_running_loop().call_later(1.0, release_memory)

    def crowd_gone(self) -> bool:
        """Counts a socket closed; True when a crowd of sockets has gone
        since the memory was last given back: at least ``RELEASE_AFTER``
        closed and at most half the most open meanwhile still open (players
        coming and going at a steady count free nothing: a full collection
        and trim cost the event loop 10-20 ms).

        >>> guard = Guard(None, None)
        >>> guard.sockets = guard.most_sockets = 100
        >>> churn = []
        >>> for _ in range(300):                 # one goes, one comes
        ...     guard.sockets -= 1; churn.append(guard.crowd_gone()); guard.sockets += 1
        >>> any(churn)
        False
        >>> for _ in range(60):                  # most of them go
        ...     guard.sockets -= 1; churn.append(guard.crowd_gone())
        >>> churn.index(True) - 300, guard.most_sockets
        (49, 50)
        """
        self.closed_since_release += 1
        if self.closed_since_release < self.RELEASE_AFTER or self.sockets > self.most_sockets // 2:
            return False
        self.closed_since_release, self.most_sockets = 0, self.sockets
        return True


class RepeatFilter(logging.Filter):
    """Lets one record of a kind through every ``every`` seconds; the
    next one that passes says how many were left out. A kind is the
    logger, the level, the exception's type and errno, and the message's
    template."""

    def __init__(self, every: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self._seen: dict[tuple[Any, ...], list[float]] = {}      # kind -> [last shown, left out, first left out]

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        kind = (record.name, record.levelno, type(exc).__name__ if exc else None,
                getattr(exc, "errno", None), str(record.msg)[:200])
        now = self.clock()
        seen = self._seen.get(kind)
        if seen is not None and now - seen[0] < self.every:
            if not seen[1]:
                seen[2] = now
            seen[1] += 1
            return False
        if seen is not None and seen[1]:
            record.msg = f"{record.getMessage()} ({int(seen[1])} more like this in the last " \
                         f"{now - seen[0]:.0f} s)"
            record.args = None
        self._seen[kind] = [now, 0, 0.0]
        if len(self._seen) > 1000:
            self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.every}
        return True


def release_memory() -> bool:
    """Collects garbage and gives the heap's free pages back to the system
    (glibc's ``malloc_trim``), as after a crowd of sockets closed; True
    when the trim ran."""
    import ctypes
    import ctypes.util
    import gc
    import sys
    gc.collect()
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        return False
    return True


def install_repeat_filter(every: float = 5.0) -> RepeatFilter:
    """Puts one ``RepeatFilter`` on the handlers of the root logger and of
    uvicorn's loggers (a root handler to stderr is added when there is
    none, so asyncio's errors pass through it too)."""
    flt = RepeatFilter(every)
    root = logging.getLogger()
    if not root.handlers:
        stderr = logging.StreamHandler()
        stderr.setFormatter(logging.Formatter("%(levelname)s: %(name)s: %(message)s"))
        root.addHandler(stderr)
    for name in ("", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio"):
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, RepeatFilter) for f in handler.filters):
                handler.addFilter(flt)
    return flt
