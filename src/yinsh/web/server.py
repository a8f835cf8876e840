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
import gc
import signal
import socket
import sys
import threading
import webbrowser
from typing import Any, Callable, Optional

__all__ = ["serve", "url_of", "limits_of", "return_large_blocks", "tune_gc", "GC_YOUNG"]


def url_of(host: str, port: int) -> str:
    """The address people open.

    >>> url_of("127.0.0.1", 8000), url_of("::1", 8080), url_of("0.0.0.0", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/', 'http://0.0.0.0:80/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


#: Blocks from this size up are mapped on their own and given back to the system when freed.
MMAP_THRESHOLD = 1 << 20


def return_large_blocks(threshold: int = MMAP_THRESHOLD) -> bool:
    """Makes glibc's malloc map every block of threshold bytes or more on
    its own (``mallopt(M_MMAP_THRESHOLD)``), so that the engine's
    transposition tables (16 MB a search) go back to the system when a
    search ends, instead of staying in the heap once glibc's sliding
    threshold has risen past them (the server held 140 MB more after a
    few searches). True when set; False elsewhere than glibc."""
    import ctypes
    import ctypes.util
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(-3, threshold))        # M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        return False


#: Allocations between two collections of the youngest generation (Python's default: 700).
GC_YOUNG = 10_000


def tune_gc(young: int = GC_YOUNG) -> tuple[int, ...]:
    """Makes the cyclic garbage collector run less often in the server:
    what was loaded so far is frozen (never looked at again) and the
    youngest generation is collected every ``young`` allocations instead of
    700. With 200 games at full speed, the default collections took about 8 %
    of the server's CPU (each traversing the games' large states); at 10,000
    they take well under 1 %, a young collection a few ms. Returns the
    thresholds before.

    >>> import gc
    >>> before = tune_gc(5000); gc.get_threshold()[0]
    5000
    >>> _ = gc.set_threshold(*before); gc.unfreeze()
    """
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, *before[1:])
    return before


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          print_fn: Callable[[str], None] = print, db: Any = None, limits: Any = None,
          review_nodes: Optional[int] = None) -> None:
    """Serves the page until Ctrl-C (then raises ``KeyboardInterrupt``) or
    SIGTERM (the process ends by it). db: where online games are kept (a
    ``Database``, an SQLite file, or a ``postgresql://`` URL; default
    ``yinsh.web.database.default_path()``); limits: the server's bounds (a
    ``yinsh.web.limits.Limits``; default ``Limits()``); review_nodes: the
    nodes a position of a game's review on the page (default
    ``review_jobs.REVIEW_NODES``). Raises
    ``ImportError`` without the web extra and ``OSError`` when the address
    cannot be bound."""
    import uvicorn

    from yinsh.web.app import create_app
    from yinsh.web.database import Database, default_path
    from yinsh.web.guard import install_repeat_filter
    from yinsh.web.limits import FD_RESERVE, Limits, fd_limit
    from yinsh.web.review_jobs import REVIEW_NODES

    limits = limits if limits is not None else Limits()

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
    # uvicorn answers 503 past limit_concurrency connections (idle keep-alive ones too), so the
    # process keeps descriptors for its database and files; the Guard's caps are below it.
    app = create_app(db=database, limits=limits, review_nodes=review_nodes or REVIEW_NODES)
    config = uvicorn.Config(app, log_level="warning",
                            ws_max_size=64 * 1024, timeout_graceful_shutdown=3, lifespan="on",
                            limit_concurrency=max(limits.connections, fd_limit() - FD_RESERVE // 2),
                            proxy_headers=False,        # X-Forwarded-For: limits.client_address
                            timeout_keep_alive=75,       # longer than clients keep idle connections
                            ws_per_message_deflate=False)  # updates are small: compressing cost more CPU than it saved
    install_repeat_filter(limits.log_every)              # "Too many open files" once every few s
    return_large_blocks()
    server = uvicorn.Server(config)
    gc_before = tune_gc()
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
        gc.set_threshold(*gc_before)            # a caller's process as it was
        gc.unfreeze()
    if interrupted[0] == signal.SIGINT:
        raise KeyboardInterrupt


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``serve`` to the subcommands of ``yinsh``."""
    from yinsh.arguments import int_in, positive_float
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
    p.add_argument("--review-nodes", type=int_in(100, 10_000_000), default=None, metavar="N",
                   help="the nodes a position of a game's review on the page (default 100000, as "
                        "yinsh review; docs/review.md)")
    p.add_argument("--db", metavar="PATH|URL", default=None,
                   help="where online games are kept: an SQLite file (default: games.sqlite3 "
                        "under the user's data directory, e.g. ~/.local/share/yinsh/) or "
                        "postgresql://user@host/db (several processes may share it)")
    from yinsh.web.limits import Limits
    d = Limits()
    limits = p.add_argument_group("limits (a public server; see docs/web.md, \"Limits\")")
    a = limits.add_argument
    a("--engine-threads", type=int_in(1, 256), default=d.engine_threads, metavar="N",
      help=f"engine searches at once, in threads of their own (default {d.engine_threads})")
    a("--engine-games", type=int_in(1), default=d.engine_games, metavar="N",
      help=f"online games with an engine seat in progress at once (default {d.engine_games})")
    a("--engine-games-per-client", type=int_in(1), default=d.engine_games_per_client, metavar="N",
      help=f"... of them made from one client address (default {d.engine_games_per_client})")
    a("--engine-max-time", type=positive_float, default=d.engine_max_time, metavar="S",
      help=f"the most seconds an engine action may take, 0.05..10 (default {d.engine_max_time:g})")
    a("--engine-idle-minutes", type=positive_float, default=d.engine_idle_minutes, metavar="M",
      help="engines stop searching in a game nobody watches or plays in for M minutes "
           f"(default {d.engine_idle_minutes:g})")
    a("--sockets-per-game", type=int_in(1), default=d.sockets_per_game, metavar="N",
      help=f"live connections to one game (default {d.sockets_per_game})")
    a("--sockets-per-client", type=int_in(1), default=d.sockets_per_client, metavar="N",
      help=f"live connections from one client address (default {d.sockets_per_client})")
    a("--max-connections", type=int_in(1), default=None, metavar="N",
      help="requests and live connections at once, past which the server answers 503 "
           "(default: the open-file limit less 128)")
    a("--create-per-minute", type=positive_float, default=d.create_per_minute, metavar="R",
      help=f"games created (online or at one screen) or seats joined a minute by one client address (default "
           f"{d.create_per_minute:g}, bursts of --create-burst)")
    a("--create-burst", type=int_in(1), default=d.create_burst, metavar="N",
      help=f"games created or joined at once by one address (default {d.create_burst})")
    a("--waiting-hours", type=positive_float, default=d.waiting_hours, metavar="H",
      help=f"a game nobody joined is removed after H hours (default {d.waiting_hours:g})")
    a("--waiting-per-client", type=int_in(1), default=d.waiting_per_client, metavar="N",
      help=f"games waiting for players at once from one address (default {d.waiting_per_client})")
    a("--min-clock", type=positive_float, default=d.min_clock_seconds, metavar="S",
      help=f"the shortest clock, in seconds (default {d.min_clock_seconds:g})")
    a("--allowed-origin", action="append", default=[], metavar="URL",
      help="a site besides this server's own whose pages may create, join and act "
           "(https://example.org; may be repeated)")
    a("--trusted-proxy", action="append", default=None, metavar="ADDR",
      help="a proxy whose X-Forwarded-For names the client (may be repeated; default "
           "127.0.0.1 and ::1, a proxy on this machine; --trusted-proxy none: no proxy)")
    p.set_defaults(func=cmd_serve)


def limits_of(args: argparse.Namespace) -> Any:
    """The ``Limits`` of serve's flags."""
    from yinsh.web.limits import Limits
    proxies = Limits().trusted_proxies if args.trusted_proxy is None else tuple(
        a for a in args.trusted_proxy if a.lower() != "none")
    return Limits(engine_threads=args.engine_threads, engine_games=args.engine_games,
                  engine_games_per_client=args.engine_games_per_client,
                  engine_max_time=min(10.0, max(0.05, args.engine_max_time)),
                  engine_idle_minutes=args.engine_idle_minutes,
                  sockets_per_game=args.sockets_per_game, sockets_per_client=args.sockets_per_client,
                  max_connections=args.max_connections, create_per_minute=args.create_per_minute,
                  create_burst=args.create_burst, waiting_hours=args.waiting_hours,
                  waiting_per_client=args.waiting_per_client,
                  min_clock_seconds=args.min_clock,
                  allowed_origins=tuple(o.rstrip("/") for o in args.allowed_origin),
                  trusted_proxies=proxies)


def cmd_serve(args: argparse.Namespace) -> None:
    from yinsh.arguments import CommandError
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
        serve(args.host, args.port, args.open, db=database, limits=limits_of(args),
              review_nodes=args.review_nodes)
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
