"""The web page: play and analyse Yinsh, Insert and Ludo in a browser.

``yinsh serve`` starts it (``yinsh.web.server.serve``); ``create_app()`` is
the ASGI application (Starlette inside its ``guard.Guard``), for any ASGI
server. The parts: ``games`` (each game as the page drives it),
``sessions`` (the games the server holds), ``engines`` (bounded searches
in threads of their own), ``limits`` (the bounds of a public server, the
``yinsh serve`` flags), ``guard`` (connection caps, security headers,
cross-site checks),
``game_handlers`` (what the routes of a game at one screen do, without
HTTP), ``analysis_lines`` (an analysis's messages, without a socket),
``analysis`` (live analysis over a WebSocket), ``inputs`` (request checks),
``app`` (the routes), ``local`` (the page's backend in a browser with no
server: the same handlers, in Pyodide), ``server`` (uvicorn and Ctrl-C),
``errors`` (every error's answer, for every route) and ``static/`` (the
page: HTML, plain JavaScript modules, CSS; no build step). Online play:
``online_game`` (a game as a log of entries: seats, takebacks, draws,
flags), ``clocks``, ``tokens`` (seat tokens, invitations), ``database``
(SQLite or PostgreSQL: its ``tables``; it holds its ``group_commit``
thread and its ``game_reads``; its ``store_errors``), ``live`` (the
sockets of each game, LISTEN/NOTIFY), ``live_game`` (a game as a process
holds it), ``game_keeper`` (the games a process keeps: store, push,
leases, engines, timers), ``online`` (the service of the clients'
requests, which holds the keeper) and ``online_routes``.
docs/web.md describes the page and the API.

Needs the ``web`` extra: ``pip install "yinsh[web]"``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> Any:
    """``yinsh.web.app.create_app`` (imported on use, so ``import yinsh.web``
    works without the web extra)."""
    from yinsh.web.app import create_app as make
    return make(*args, **kwargs)
