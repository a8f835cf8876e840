"""Any UGI engine in a child process, as a player: matches against engines
of other programs and languages.

UGI (the Universal Game Interface, kz04px/cutegames ``ugi.md``) is UCI's
protocol for any game. ``UgiEngine(command, options)`` starts the program
(``command``: a string split like a shell's words, ``shlex.split``, or a
list) and speaks it on the program's stdin and stdout:

- at the start, ``ugi`` (answered by ``id`` and ``option`` lines and
  ``ugiok``), ``setoption name N value V`` for each of ``options`` (each must
  be one the engine listed), then ``isready`` (``readyok``);
- at a new game (``new_game()``, which a match's ``UgiEngineFactory`` calls
  for every game, or a board that does not continue the last one),
  ``uginewgame`` and ``isready``;
- for each action, ``position fen <the start position> moves <the actions
  so far>`` (the game's own position string and action texts, one action a
  move: a Yinsh turn's removals are moves of their own), then ``go`` with
  the limits: ``depth D``, ``nodes N``, ``movetime MS`` for ``time``, and
  ``p1time T p2time T p1inc I p2inc I`` (milliseconds) for a game clock
  (``clock``, a ``yinsh.engine.clock.GameClock``); then it reads until
  ``bestmove <move>``, skipping ``info`` lines and anything else.

The library's board referees: the answer must be one of
``board.legal_moves`` (by text, ``str(move)``, or what ``board.push_str``
reads). Whatever goes wrong raises ``UgiEngineError`` saying what happened
and ends the child (the next search starts a fresh one): the program did
not start or shook no hands (``no ugiok within 10 s``), ``crashed (exit
status 3)``, ``no bestmove within 2.5 s`` (the move's time, or the side's
clock, plus ``margin``; ``search_timeout`` for a search limited by depth or
nodes), ``illegal move 'zz9'``, ``malformed bestmove line 'bestmove'``.
A match (``yinsh.engine.match``) scores such an error as the loss of the
game by that side and goes on with a fresh process.

The child is ended at ``close()``, at this process's exit, and on Linux
when this process is killed outright; it has a process group of its own,
so Ctrl-C reaches this process, which ends the child: an interrupted search
leaves no stale answer. Its stderr is kept (the last lines), and a crash's
message ends with its last line.

``yinsh match ugi:"./other-engine --threads 1" engine --time 0.1`` plays one
from the command line; ``UgiEngineFactory(command, options)`` is the
``make(seed)`` of a match ``Contestant`` (it pickles, for worker processes:
one child per worker process serves the worker's games).

>>> UgiEngine("./engine --threads 1", {"Hash": 64})
UgiEngine(['./engine', '--threads', '1'], {'Hash': '64'})
"""
from __future__ import annotations

import collections
import queue
import shlex
import subprocess
import threading
import time as _time
from typing import IO, Any, Callable, Optional, Sequence, Union

from yinsh.engine import child
from yinsh.engine.child import PlayerError
from yinsh.engine.clock import GameClock

__all__ = ["UgiEngine", "UgiEngineError", "UgiEngineFactory"]


class UgiEngineError(PlayerError):
    """A UGI engine failed: the message says how (``crashed (exit status
    3)``, ``no bestmove within 2.5 s``, ``illegal move 'zz9'``, ``malformed
    bestmove line ...``, ``the engine has no option 'Foo'``)."""


def _shown(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class UgiEngine:
    """A UGI engine in a child process (module docstring); ``best_move(board,
    depth=None, time=None, nodes=None, clock=None)`` like ``yinsh.Engine``'s.

    ``options``: UGI option values by name, sent with ``setoption`` after
    the handshake; ``startup_timeout``: seconds for ``ugiok`` and
    ``readyok``; ``margin``: seconds a move may take beyond its time (or
    its side's clock) before the engine counts as hung; ``search_timeout``:
    the seconds a search by depth or nodes may take. ``engine_name`` and
    ``engine_options`` hold what the engine said of itself (after the
    start). Raises ``ValueError`` for an empty command.
    """

    #: a match gives this player its game clock itself (``clock=``), not a time per move
    takes_clock = True

    def __init__(self, command: Union[str, Sequence[str]], options: Optional[dict[str, Any]] = None, *,
                 startup_timeout: float = 10.0, margin: float = 1.0, search_timeout: float = 60.0,
                 cwd: Optional[str] = None) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
        if not self.argv:
            raise ValueError("a UGI engine needs a command")
        self.options = {str(k): _option_value(v) for k, v in (options or {}).items()}
        for name, value in (("startup_timeout", startup_timeout), ("margin", margin),
                            ("search_timeout", search_timeout)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")
        self.startup_timeout = float(startup_timeout)
        self.margin = float(margin)
        self.search_timeout = float(search_timeout)
        self.cwd = cwd
        self._reset()

    def _reset(self) -> None:
        self._process: Optional[subprocess.Popen[str]] = None
        self._lines: queue.Queue[Optional[str]] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._stderr_reader: Optional[threading.Thread] = None
        self._game: Optional[tuple[str, list[str]]] = None      # start position, actions sent
        self._new_game = True
        self.engine_name: Optional[str] = None
        self.engine_options: dict[str, str] = {}

    # The process ------------------------------------------------------------------

    def start(self) -> None:
        """Starts the engine and shakes hands (``ugi``, the options,
        ``isready``), unless it runs already. Raises ``UgiEngineError``."""
        if self._process is not None and self._process.poll() is None:
            return
        self._end()
        try:
            process = child.start(self.argv, die_with_parent=True, own_group=True, cwd=self.cwd,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  encoding="utf-8", errors="replace", bufsize=1)
        except OSError as exc:
            raise UgiEngineError(f"cannot start {shlex.join(self.argv)}: {exc.strerror or exc}") from None
        self._process = process
        lines = self._lines = queue.Queue()
        stderr = self._stderr = collections.deque(maxlen=20)
        threading.Thread(target=_pump, args=(process.stdout, lines.put, lambda: lines.put(None)),
                         daemon=True).start()
        self._stderr_reader = threading.Thread(target=_pump, args=(process.stderr, stderr.append, None),
                                               daemon=True)
        self._stderr_reader.start()
        try:
            self._send("ugi")
            options: dict[str, str] = {}
            for line in self._until("ugiok", self.startup_timeout):
                words = line.split()
                if words[:2] == ["id", "name"]:
                    self.engine_name = line.split(None, 2)[2] if len(words) > 2 else ""
                elif words[:2] == ["option", "name"] and " type " in line:
                    name = line.split(None, 2)[2].split(" type ")[0].strip()
                    options[name.lower()] = name
            self.engine_options = {name: name for name in options.values()}
            for name, value in self.options.items():
                if name.lower() not in options:
                    listed = ", ".join(options.values()) or "none"
                    raise UgiEngineError(f"the engine has no option {name!r} (its options: {listed})")
                self._send(f"setoption name {options[name.lower()]} value {value}")
            self._ready()
        except BaseException:
            self._end()
            raise
        self._new_game = True

    def _ready(self) -> None:
        self._send("isready")
        for _ in self._until("readyok", self.startup_timeout):
            pass

    def _send(self, line: str) -> None:
        process = self._process
        assert process is not None
        stdin: IO[str] = process.stdin  # type: ignore[assignment]
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self._failed() from None

    def _until(self, word: str, timeout: float) -> list[str]:
        """The lines before the first whose first word is word (that line
        last), within timeout seconds."""
        deadline = _time.monotonic() + timeout
        seen: list[str] = []
        while True:
            left = deadline - _time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0)) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                raise self._failed(f"no {word} within {timeout:g} s") from None
            if line is None:
                raise self._failed()
            line = line.strip()
            if not line:
                continue
            seen.append(line)
            if line.split()[0] == word:
                return seen

    def _failed(self, hung: Optional[str] = None) -> UgiEngineError:
        """The error of a dead (or, with hung, a hung and now killed) engine;
        the process is ended."""
        process = self._process
        status: Optional[int] = None
        if process is not None:
            if hung is None:
                try:
                    status = process.wait(timeout=2.0)
                except subprocess.TimeoutExpired:
                    hung = "its output ended but it did not exit"
                if self._stderr_reader is not None:
                    self._stderr_reader.join(0.5)      # its last words
            self._end()
        if hung is not None:
            return UgiEngineError(hung)
        if status is not None and status < 0:
            how = f"killed by signal {-status}"
        else:
            how = f"exit status {status}"
        last = next((line.strip() for line in reversed(self._stderr) if line.strip()), "")
        return UgiEngineError(f"crashed ({how})" + (f": {last[:200]}" if last else ""))

    def close(self) -> None:
        """Ends the child process: ``quit``, then killed if it has not
        exited within half a second (a later search starts a new one)."""
        if self._process is not None and self._process.poll() is None:
            try:
                self._send("quit")
                self._process.wait(0.5)
            except (UgiEngineError, subprocess.TimeoutExpired):
                pass
        self._end()

    def _end(self) -> None:
        """Kills the child process, if any."""
        if self._process is not None:
            process, self._process = self._process, None
            child.end(process)
        self._game = None

    def __enter__(self) -> UgiEngine:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # Games --------------------------------------------------------------------------

    def new_game(self) -> None:
        """Starts the engine if it does not run, and tells it a new game
        begins (``uginewgame``, ``isready``). Raises ``UgiEngineError``."""
        self.start()
        try:
            self._send("uginewgame")
            self._ready()
        except BaseException:
            self._end()
            raise
        self._new_game = False
        self._game = None

    def best_move(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None, clock: Optional[GameClock] = None) -> Any:
        """The engine's move for board, one of ``board.legal_moves``
        (``None`` for a finished game). ``clock``: the game's clocks,
        sent as ``p1time p2time p1inc p2inc``. Raises ``ValueError``
        without a limit, ``UgiEngineError`` when the engine fails."""
        if board.is_game_over():
            return None
        start, actions = _history(board)
        bounds = []
        go = ["go"]
        if clock is not None:
            for k, left in enumerate(clock.remaining):
                go += [f"p{k + 1}time", str(max(0, round(left * 1000)))]
            for k in range(len(clock.remaining)):
                go += [f"p{k + 1}inc", str(round(clock.increment * 1000))]
            bounds.append(clock.remaining[int(board.turn)] + self.margin)
        if time is not None:
            go += ["movetime", str(max(1, round(time * 1000)))]
            bounds.append(time + self.margin)
        if depth is not None:
            go += ["depth", str(depth)]
        if nodes is not None:
            go += ["nodes", str(nodes)]
        if len(go) == 1:
            raise ValueError("a UGI engine's search needs a limit: depth, time, nodes or clock")
        timeout = min(bounds) if bounds else self.search_timeout
        try:
            self.start()
            if self._new_game or (self._game is not None and (
                    self._game[0] != start or actions[:len(self._game[1])] != self._game[1])):
                self.new_game()                # the board is not the last game's
            self._game = (start, actions)
            self._send(f"position fen {start}" + (" moves " + " ".join(actions) if actions else ""))
            self._send(" ".join(go))
            line = self._until("bestmove", timeout)[-1]
            return _move_of(board, line)
        except BaseException:                  # Ctrl-C, a dead or hung child, a bad answer: out of step
            self._end()
            raise

    # Pickling -----------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()
                if k in ("argv", "options", "startup_timeout", "margin", "search_timeout", "cwd")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._reset()

    def settings(self) -> dict[str, Any]:
        """The keyword arguments that make this engine again."""
        return {"startup_timeout": self.startup_timeout, "margin": self.margin,
                "search_timeout": self.search_timeout, "cwd": self.cwd}

    def __repr__(self) -> str:
        defaults = {"startup_timeout": 10.0, "margin": 1.0, "search_timeout": 60.0, "cwd": None}
        extra = "".join(f", {k}={v!r}" for k, v in self.settings().items() if v != defaults[k])
        return f"UgiEngine({self.argv!r}, {self.options!r}{extra})"


def _pump(stream: Optional[IO[str]], put: Callable[[str], None], at_end: Optional[Callable[[], None]]) -> None:
    """Copies stream's lines to put, then calls at_end (a reader thread)."""
    try:
        for line in stream or ():
            put(line)
    except (OSError, ValueError):              # closed by end()
        pass
    if at_end is not None:
        at_end()


def _history(board: Any) -> tuple[str, list[str]]:
    """The game's start position string and its actions' texts since."""
    stack = list(getattr(board, "move_stack", ()))
    if not stack:
        return board.position(), []
    root = board.copy()
    while root.move_stack:
        root.pop()
    return root.position(), [str(move) for move in stack]


def _move_of(board: Any, line: str) -> Any:
    """The legal move that a ``bestmove`` line names; ``UgiEngineError`` else."""
    words = line.split()
    if len(words) < 2 or words[0] != "bestmove" or (len(words) > 2 and words[2] != "ponder"):
        raise UgiEngineError(f"malformed bestmove line {_shown(line)}")
    text = words[1]
    for move in board.legal_moves:
        if str(move) == text:
            return move
    trial = board.copy()
    try:
        trial.push_str(text)
    except ValueError:
        raise UgiEngineError(f"illegal move {_shown(text)}") from None
    return trial.move_stack[-1]


class UgiEngineFactory:
    """``make(seed)`` for a match: the ``UgiEngine`` of command and options,
    one per worker process (its child serves every game of the worker, and a
    failed one is replaced by a fresh process at the next game); each call
    starts a new game (``new_game()``: the engine starts, if it does not
    run, before the game's clock runs). It pickles.

    >>> UgiEngineFactory(["./engine"], margin=0.5)
    UgiEngineFactory(UgiEngine(['./engine'], {}, margin=0.5))
    """

    def __init__(self, command: Union[str, Sequence[str]], options: Optional[dict[str, Any]] = None,
                 **settings: Any) -> None:
        self.engine = UgiEngine(command, options, **settings)          # checks the arguments

    def __call__(self, seed: int = 0) -> UgiEngine:
        proto = self.engine
        engine: UgiEngine = child.per_process(repr(proto), lambda: UgiEngine(proto.argv, proto.options,
                                                                             **proto.settings()))
        engine.new_game()
        return engine

    def __repr__(self) -> str:
        return f"UgiEngineFactory({self.engine!r})"
