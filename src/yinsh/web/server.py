"""``yinsh serve``: the page on uvicorn, on localhost by default.

``serve(host, port, open_browser)`` binds the address first (port 0: any
free port), prints it, then serves until Ctrl-C (SIGINT) or SIGTERM: the
server stops taking requests, running engine searches are stopped, open
connections are closed, and ``KeyboardInterrupt`` is raised for Ctrl-C so
that the command line exits with 130, as every ``yinsh`` command does. After
SIGTERM the process ends by that signal once stopped (status 143 = 128 + 15).
"""
from __future__ import annotations

import argparse
import signal
import socket
import sys
import threading
import webbrowser
from typing import Any, Callable, Optional

__all__ = ["serve", "url_of"]


def url_of(host: str, port: int) -> str:
    """The address people open.

    >>> url_of("127.0.0.1", 8000), url_of("::1", 8080), url_of("0.0.0.0", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/', 'http://0.0.0.0:80/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          print_fn: Callable[[str], None] = print, db: Any = None) -> None:
    """Serves the page until Ctrl-C (then raises ``KeyboardInterrupt``) or
    SIGTERM (the process ends by it). db: where online games are kept (a
    ``Database``, an SQLite file, or a ``postgresql://`` URL; default
    ``yinsh.web.database.default_path()``). Raises ``ImportError`` without
    the web extra and ``OSError`` when the address cannot be bound."""
    import uvicorn

    from yinsh.web.app import create_app
    from yinsh.web.database import Database, default_path

    database = db if isinstance(db, Database) else Database(db or str(default_path()))

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)               # connections wait until the server runs
    except OSError:
        sock.close()
        raise
    url = url_of(host, sock.getsockname()[1])
    config = uvicorn.Config(create_app(db=database), log_level="warning", ws_max_size=64 * 1024,
                            timeout_graceful_shutdown=3, lifespan="on",
                            timeout_keep_alive=75,       # longer than clients keep idle connections
                            ws_per_message_deflate=False)  # updates are small: compressing cost more CPU than it saved
    server = uvicorn.Server(config)
    where = "PostgreSQL" if database.is_postgres else database.url.removeprefix("sqlite:///")
    print_fn(f"Serving the yinsh page at {url} (Ctrl-C stops); online games in {where}")
    sys.stdout.flush()
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    interrupted: list[Optional[int]] = [None]
    original = server.handle_exit

    def on_signal(sig: int, frame: object) -> None:
        interrupted[0] = sig
        original(sig, frame)            # type: ignore[arg-type]

    server.handle_exit = on_signal      # type: ignore[method-assign]
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if interrupted[0] == signal.SIGINT:
        raise KeyboardInterrupt


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``serve`` to the subcommands of ``yinsh``."""
    from yinsh.cli import int_in
    p = sub.add_parser("serve", help="the web page to play and analyse every game",
                       description="Serves the web page to play and analyse Yinsh, Insert and "
                                   "Ludo against the engine or at one screen, and prints its "
                                   "address. Ctrl-C stops it (exit 130). Needs the web extra: "
                                   "pip install \"yinsh[web]\".")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int_in(0, 65535), default=8000,
                   help="the port, 0..65535 (default 8000; 0: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.add_argument("--db", metavar="PATH|URL", default=None,
                   help="where online games are kept: an SQLite file (default: games.sqlite3 "
                        "under the user's data directory, e.g. ~/.local/share/yinsh/) or "
                        "postgresql://user@host/db (several processes may share it)")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> None:
    from yinsh.cli import CommandError
    try:
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise CommandError(f"the web page needs the web extra (pip install \"yinsh[web]\"): {exc}") from None
    from sqlalchemy.exc import SQLAlchemyError

    from yinsh.web.database import Database, default_path
    target = args.db or str(default_path())
    try:
        database = Database(target)
    except (OSError, SQLAlchemyError) as exc:
        shown = target.split("@", 1)[-1] if "://" in target else target     # no password printed
        raise CommandError(f"cannot open the database {shown}: {str(exc).splitlines()[0]}") from None
    try:
        serve(args.host, args.port, args.open, db=database)
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
