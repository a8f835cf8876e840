"""The UGI engine: ``UgiServer`` follows a front end's commands for one
game and answers on its output (``yinsh ugi`` runs it on stdin/stdout).

The search runs in its own thread (``Engine.analysis``), so ``isready``,
``stop``, ``query`` and ``quit`` are answered while it runs; ``stop``
brings ``bestmove`` within milliseconds. Every command is checked before
it changes anything: a bad one gets a single ``info string error: ...``
line and the engine goes on, its position as it was. docs/ugi.md
describes every command and option.

>>> import io
>>> from yinsh import games
>>> out = io.StringIO()
>>> server = UgiServer(games.get("insert"), out)
>>> for line in ["ugi", "isready", "position startpos moves b1", "query p1turn", "go depth 2"]:
...     _ = server.command(line)
>>> server.wait()                             # the search runs in its own thread
>>> for line in ["query result", "position fen nonsense", "quit"]:
...     _ = server.command(line)
>>> server.close()
>>> print(out.getvalue())                     # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
id name yinsh ... (insert)
id author the yinsh authors
option name Hash type spin default 16 min 0 max 65536
...
ugiok
readyok
response false
info depth 1 ... pv ...
info depth 2 ... pv ...
bestmove ...
response none
info string error: position fen: ...
"""
from __future__ import annotations

import os
import threading
import time
from typing import IO, Any, Callable, Iterable, Iterator, Optional

from yinsh._version import __version__
from yinsh.engine import MAX_DEPTH, Analysis, AnalysisHandle, Engine, Limit
from yinsh.engine.clock import MIN_TIME, time_for_move
from yinsh.engine.limit import MAX_NODES
from yinsh.ugi.commands import MAX_LINE, Go, UgiError, read_go, read_position, read_setoption
from yinsh.ugi.lines import bestmove_line, info_lines
from yinsh.ugi.options import UgiOption, find, options_for

__all__ = ["UgiServer", "read_lines", "AUTHOR", "LONG_LINE"]

AUTHOR = "the yinsh authors"
"""The ``id author`` of the engine."""

LONG_LINE = "\0long"
"""What ``read_lines`` yields for a line over ``MAX_LINE`` bytes."""

_ENGINE_KEYS = ("hash_mb", "threads", "algorithm", "evaluation", "network", "keep_tables", "level", "seed")


def read_lines(fd: int) -> Iterator[str]:
    """The lines read from the file descriptor fd as text, to the end of
    the input: bytes that are not UTF-8 are replaced, and a line longer
    than ``MAX_LINE`` bytes is skipped, yielded as the marker ``LONG_LINE``
    (the server answers it with an error). It reads with ``os.read``, so a
    line is followed as soon as it arrives."""
    pending = b""
    skipping = False
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            if pending and not skipping:
                yield pending.decode("utf-8", errors="replace")
            return
        pending += chunk
        while True:
            end = pending.find(b"\n")
            if end < 0:
                break
            line, pending = pending[:end], pending[end + 1:]
            if skipping:
                skipping = False
                continue
            yield LONG_LINE if len(line) > MAX_LINE else line.decode("utf-8", errors="replace")
        if len(pending) > MAX_LINE:
            if not skipping:
                yield LONG_LINE
            pending, skipping = b"", True


class _Search:
    """One ``go``: the handle of the engine's search and the thread that
    reports it (its ``info`` lines, then ``bestmove``; with ``infinite``,
    ``bestmove`` waits for ``stop``)."""

    def __init__(self, server: UgiServer, handle: AnalysisHandle, infinite: bool,
                 hashfull: Optional[Callable[[], int]], choose: Callable[[Analysis], Any]) -> None:
        self.handle = handle
        self._choose = choose                      # the move the engine plays (its level's choice)
        self.infinite = infinite
        self._hashfull = hashfull                  # the searcher's table use (None: the MCTS has none)
        self.released = threading.Event()          # stop or quit: bestmove may be written
        self.done = threading.Event()
        self._server = server
        self._thread = threading.Thread(target=self._report, name="ugi-search", daemon=True)
        self._thread.start()

    def _report(self) -> None:
        server = self._server
        result: Optional[Analysis] = None
        try:
            for info in self.handle:
                for line in info_lines(info, None if self._hashfull is None else int(self._hashfull())):
                    server.send(line)
            result = self.handle.wait()
        except Exception as exc:                   # the search failed: say so, answer no move
            server.error(f"the search failed: {type(exc).__name__}: {exc}")
        if self.infinite:
            self.released.wait()
        self.done.set()                   # first: a go that follows bestmove at once is taken
        server.send(bestmove_line(result, None if result is None else self._choose(result)))

    def stop(self) -> None:
        self.released.set()
        self.handle.stop()

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


class UgiServer:
    """The UGI engine of one game (a ``yinsh.game_kind.GameKind``), writing its
    answers to out. ``command(line)`` follows one command and returns
    ``False`` after ``quit``; ``serve(lines)`` follows them all (to ``quit``
    or the end of the input); ``close()`` stops a running search and waits
    for its ``bestmove``, ``wait()`` waits for it. Everything written to out is protocol, one whole
    line at a time (a lock keeps the search thread's lines whole)."""

    def __init__(self, game: Any, out: IO[str]) -> None:
        self.game = game
        self._out = out
        self._lock = threading.Lock()
        self._options: list[UgiOption] = options_for(game)
        self._values: dict[str, Any] = {o.key: o.default for o in self._options}
        self._board = self._start_board()
        self._engine: Optional[Engine] = None
        self._search: Optional[_Search] = None
        self._gone = False                          # the output was closed

    # output -------------------------------------------------------------------

    def send(self, line: str) -> None:
        """Writes one line and flushes it (nothing once the reader of the
        output has gone)."""
        with self._lock:
            if self._gone:
                return
            try:
                self._out.write(line + "\n")
                self._out.flush()
            except (BrokenPipeError, ValueError):   # the front end has gone: say nothing more
                self._gone = True
                return
            self._log(">> ", line)

    def _log(self, mark: str, line: str) -> None:
        """Appends a line read (``<< ``) or written (``>> ``) to the
        ``Debug Log File``, if one is set (a file that cannot be written is
        given up, with an error line)."""
        path = self._values.get("log")
        if not path:
            return
        try:
            with open(path, "a", encoding="utf-8") as log:
                log.write(f"{time.monotonic():.3f} {mark}{line.rstrip()}\n")
        except OSError as exc:
            self._values["log"] = ""
            self._out.write(f"info string error: Debug Log File: {exc}\n")
            self._out.flush()

    def error(self, message: str) -> None:
        """The one line that answers a bad command."""
        self.send(f"info string error: {' '.join(message.split())}")

    # state --------------------------------------------------------------------

    @property
    def board(self) -> Any:
        """A copy of the current position."""
        return self._board.copy()

    def _start_board(self, values: Optional[dict[str, Any]] = None) -> Any:
        values = self._values if values is None else values
        options = {key[5:]: value for key, value in values.items() if key.startswith("game:")}
        return self.game.new_board(options)

    def _searching(self) -> bool:
        return self._search is not None and not self._search.done.is_set()

    def _make_engine(self) -> Engine:
        if self._engine is None:
            settings = {key: self._values[key] for key in _ENGINE_KEYS}
            settings["network"] = settings["network"] or None
            self._engine = Engine(**settings)
        return self._engine

    # commands -----------------------------------------------------------------

    def serve(self, lines: Iterable[str]) -> None:
        """Follows every command of lines, to ``quit`` or their end, then
        ``close()``."""
        try:
            for line in lines:
                if not self.command(line):
                    break
        finally:
            self.close()

    def command(self, line: str) -> bool:
        """Follows one command line; ``False`` after ``quit``. Never raises
        for bad input: it answers with an error line."""
        with self._lock:
            self._log("<< ", line)
        if line == LONG_LINE:
            self.error(f"a command line longer than {MAX_LINE} bytes was ignored")
            return True
        words = line.split()
        if not words:
            return True
        name = words[0]
        handler = self._COMMANDS.get(name)
        if handler is None:
            self.error(f"unknown command {name[:40]!r} (the commands: {', '.join(self._COMMANDS)})")
            return True
        try:
            return handler(self, line.strip()) is not False
        except UgiError as exc:
            self.error(str(exc))
        except (ValueError, TypeError, MemoryError, OSError) as exc:
            self.error(f"{name}: {exc}")
        except Exception as exc:                      # a bug: said, and the engine goes on
            self.error(f"{name}: internal error: {type(exc).__name__}: {exc}")
        return True

    def _ugi(self, line: str) -> None:
        self.send(f"id name yinsh {__version__} ({self.game.name})")
        self.send(f"id author {AUTHOR}")
        for option in self._options:
            self.send(option.declaration())
        self.send("ugiok")

    def _isready(self, line: str) -> None:
        if not self._searching():
            try:
                self._make_engine().searcher(self._board)       # the table's memory, now
            except (ValueError, MemoryError) as exc:
                self.error(f"the engine cannot start: {exc}")
        self.send("readyok")

    def _setoption(self, line: str) -> None:
        name, text = read_setoption(line)
        option = find(self._options, name)
        if self._searching():
            raise UgiError(f"setoption {option.name}: a search is running (send stop first)")
        value = option.parse(text)
        if option.key == "log" and value:
            try:
                open(value, "a", encoding="utf-8").close()
            except OSError as exc:
                raise UgiError(f"setoption {option.name}: {exc}") from None
        if option.key == "clear":
            if self._engine is not None:
                self._engine.clear()
            return
        values = dict(self._values, **{option.key: value})
        if option.key in _ENGINE_KEYS:
            self._check_engine(option, values)
            self._engine = None                       # made again, with the new setting
        elif option.key.startswith("game:"):
            try:
                self._start_board(values)
            except ValueError as exc:
                raise UgiError(f"setoption {option.name}: {exc}") from None
        self._values = values

    def _check_engine(self, option: UgiOption, values: dict[str, Any]) -> None:
        """UgiError unless the engine settings of values make an engine of
        this game."""
        try:
            if values["evaluation"] != "auto":
                self.game.search(values["evaluation"])
            engine = Engine(hash_mb=0, threads=values["threads"], algorithm=values["algorithm"],
                            evaluation=values["evaluation"], network=values["network"] or None,
                            level=values["level"], seed=values["seed"])
            if engine.network is not None:
                engine.searcher(self._start_board(values))    # a network of this game
        except (ValueError, OSError) as exc:
            raise UgiError(f"setoption {option.name}: {exc}") from None

    def _uginewgame(self, line: str) -> None:
        if self._searching():
            raise UgiError("uginewgame: a search is running (send stop first)")
        if self._engine is not None:
            self._engine.clear()
        self._board = self._start_board()

    def _position(self, line: str) -> None:
        request = read_position(line)
        if request.fen is None:
            board = self._start_board()
        else:
            try:
                board = self.game.board_class(request.fen)
            except ValueError as exc:
                raise UgiError(f"position fen: {exc}") from None
        for number, text in enumerate(request.moves, 1):
            try:
                board.push_str(text)
            except ValueError as exc:
                raise UgiError(f"position: move {number} of moves, {text[:40]!r}: {exc}") from None
        self._board = board

    def _go(self, line: str) -> None:
        if self._searching():
            raise UgiError("go: a search is running (send stop first)")
        request = read_go(line)
        board = self._board
        why = self._no_search(board)
        if why is not None:
            self.error(f"go: {why}")
            self.send(bestmove_line(None))
            return
        engine = self._make_engine()
        limit = self._limit(request, board, engine)
        handle = engine.analysis(board, limit, multipv=self._values["multipv"])
        hashfull = getattr(engine.searcher(board), "hashfull", None)
        self._search = _Search(self, handle, request.infinite, hashfull,
                               lambda analysis: engine.choose(board, analysis))

    def _no_search(self, board: Any) -> Optional[str]:
        if board.is_game_over():
            return f"the game is over ({board.result()}): there is no move"
        if self.game.part("rl").is_chance(board):
            return "the dice are to be thrown (query chance): send the throw as a move"
        return None

    def _limit(self, request: Go, board: Any, engine: Engine) -> Limit:
        """The search's limit: the first of movetime, the clock's share for
        the side to act, depth and nodes; none (search to ``stop``) with
        ``infinite`` or without any (the MCTS, which has no depth, then
        plays until ``stop`` too)."""
        times = []
        if request.movetime is not None:
            times.append(request.movetime / 1000)
        seat = _seat(board) + 1
        if seat in request.times:
            left = request.times[seat] / 1000
            spend = time_for_move(left, request.increments.get(seat, 0) / 1000,
                                  request.movestogo or 30)
            times.append(max(MIN_TIME, spend - self._values["overhead"] / 1000))
        if request.infinite:
            times, depth, nodes = [], None, None
        else:
            depth, nodes = request.depth, request.nodes
        if engine.algorithm_for(board) == "mcts":
            if depth is not None:
                raise UgiError("go depth: this position is searched by the MCTS, which has no depth; "
                               "give nodes or a time")
            if not times and nodes is None:
                nodes = MAX_NODES
        elif not times and depth is None and nodes is None:
            depth = MAX_DEPTH
        return Limit(depth=depth, time=min(times) if times else None, nodes=nodes)

    def _stop(self, line: str) -> None:
        if self._search is not None:
            self._search.stop()

    def _query(self, line: str) -> None:
        words = line.split()
        if len(words) != 2 or words[1] not in _QUERIES:
            asked = " ".join(words[1:])[:40]
            raise UgiError(f"query: expected one of {', '.join(_QUERIES)}, not {asked!r}")
        answer: str = _QUERIES[words[1]](self._board, self.game)
        self.send(f"response {answer}")

    def _quit(self, line: str) -> bool:
        return False

    def wait(self) -> None:
        """Waits for the running search's ``bestmove`` (a ``go infinite``
        waits for ``stop``)."""
        search = self._search
        if search is not None:
            while not search.done.wait(0.05):      # short waits: Ctrl-C is seen
                pass
            search.join(1.0)

    def close(self) -> None:
        """Stops a running search and waits (at most a second) for its
        ``bestmove``."""
        if self._search is not None:
            self._search.stop()
            self._search.join(1.0)

    _COMMANDS = {"ugi": _ugi, "isready": _isready, "setoption": _setoption, "uginewgame": _uginewgame,
                 "position": _position, "go": _go, "stop": _stop, "query": _query, "quit": _quit}


# queries ----------------------------------------------------------------------

def _seat(board: Any) -> int:
    """The seat (0 = the first player) of the side to act, or whose throw
    it is; -1 after the end."""
    turn = getattr(board, "turn", None)
    if turn is None:
        return -1
    players = getattr(board, "players", None)
    if isinstance(players, (list, tuple)) and turn in players:
        return players.index(turn)
    return int(turn)


def _seats(board: Any) -> int:
    players = getattr(board, "players", None)
    return len(players) if isinstance(players, (list, tuple)) else 2


def _words(flag: bool) -> str:
    return "true" if flag else "false"


def _result(board: Any, game: Any) -> str:
    """``none`` before the end; then ``p1win``/``p2win``/``draw`` for two
    players, the finishing order (``p3 p1``: seats, first place first) for
    more."""
    if not board.is_game_over():
        return "none"
    outcome = board.outcome()
    players = getattr(board, "players", None)
    colours = list(players) if isinstance(players, (list, tuple)) else None

    def seat(colour: Any) -> int:
        return (colours.index(colour) if colours is not None and colour in colours else int(colour)) + 1

    if _seats(board) > 2:
        order = getattr(outcome, "order", None) or ([outcome.winner] if outcome.winner is not None else [])
        return " ".join(f"p{seat(c)}" for c in order) or "none"
    if outcome is None or outcome.winner is None:
        return "draw"
    return f"p{seat(outcome.winner)}win"


_QUERIES: dict[str, Callable[[Any, Any], str]] = {
    "p1turn": lambda board, game: _words(_seat(board) == 0),
    "gameover": lambda board, game: _words(board.is_game_over()),
    "result": _result,
    "turn": lambda board, game: "none" if _seat(board) < 0 else f"p{_seat(board) + 1}",
    "chance": lambda board, game: _words(game.part("rl").is_chance(board)),
    "position": lambda board, game: board.position(),
}
