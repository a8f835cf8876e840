"""The engine of another yinsh source tree, in a child process: a player for
matches against an older (or newer) version of the library at equal time.

``ExternalEngine(root)`` starts ``python`` with ``root/src`` first on its
import path (``root`` is a checkout built in place, e.g. the git tag
``engine-baseline`` of docs/search.md in a worktree, built with ``python
setup.py build_ext --inplace``); the child makes one ``Engine(**options)``
of that tree (default ``hash_mb=16``; ``params`` are set with
``engine.configure``) and answers one search a line: the parent sends the position
string and the limits as JSON, the child searches with its own clock and
sends the move's text back (with the position it read, which the parent
checks). The child's engine is exactly that tree's code, compiled by that
tree's build, so speed differences count too: unlike a preset
(``yinsh.engine.presets``), which replays old settings on today's compiled
search.

The child needs only what every version of the library has: the game's
``Board(position)``, ``Engine(hash_mb=...)``, ``engine.best_move(board,
depth=, time=, nodes=)`` and the move's text. One child process serves every
game a match worker plays with it: it starts at the first search, ends with
``close()`` or with the parent process (it exits when its parent is gone,
even in the middle of a search), and a dead child is replaced at the next
search. An interrupted request (Ctrl-C while the child searches) ends the
child, so no stale answer is ever read.

``yinsh match engine build:DIR`` plays against it from the command line;
``ExternalEngineFactory(root)`` is the ``make(seed)`` of a match
``Contestant`` (it pickles, for worker processes).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any, Optional

from yinsh.engine import child
from yinsh.engine.child import PlayerError

_CHILD = r"""
import importlib, json, os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.SIG_IGN)          # the parent ends it
parent = os.getppid()

def watch():                                           # the parent gone: exit at once
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)

threading.Thread(target=watch, daemon=True).start()
out, sys.stdout = sys.stdout, sys.stderr               # stray prints stay off the protocol
module = importlib.import_module(sys.argv[1])
import yinsh

def send(message):
    out.write(json.dumps(message) + "\n")
    out.flush()

try:
    engine = yinsh.Engine(**json.loads(sys.argv[2]))
    params = json.loads(sys.argv[3])
    if params:
        engine.configure(module.Board, **params)
except Exception as exc:
    send({"error": f"{type(exc).__name__}: {exc}"})
    sys.exit(1)
send({"ready": yinsh.__file__})
for line in sys.stdin:
    try:
        request = json.loads(line)
        board = module.Board(request["position"])
        move = engine.best_move(board, **request["limits"])
        send({"move": None if move is None else str(move), "position": board.position()})
    except Exception as exc:
        send({"error": f"{type(exc).__name__}: {exc}"})
"""


class ExternalEngineError(PlayerError):
    """The child process failed: it did not start, died, answered something
    that is not a legal move, or read another position (a
    ``yinsh.engine.child.PlayerError``: a match scores it as a forfeit)."""


class ExternalEngine:
    """The engine of the source tree ``root`` in a child process (module
    docstring); ``best_move(board, depth=None, time=None, nodes=None)`` like
    ``yinsh.Engine``'s."""

    def __init__(self, root: Any, game_module: str = "yinsh", options: Optional[dict[str, Any]] = None,
                 params: Optional[dict[str, Any]] = None) -> None:
        self.root = Path(root).resolve()
        if not (self.root / "src" / "yinsh" / "__init__.py").is_file():
            raise ValueError(f"{root}: not a yinsh source tree (no src/yinsh/__init__.py)")
        self.game_module = game_module
        self.options: dict[str, Any] = {"hash_mb": 16, **(options or {})}
        self.params: dict[str, Any] = dict(params or {})
        self._process: Optional[subprocess.Popen[str]] = None

    def _start(self) -> subprocess.Popen[str]:
        paths = [str(self.root / "src")] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
        process = child.start([sys.executable, "-c", _CHILD, self.game_module, json.dumps(self.options),
                               json.dumps(self.params)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self.root, env=env)
        try:
            answer = self._answer(process)
            if "ready" not in answer:
                raise ExternalEngineError(f"the engine did not start: {answer.get('error')}")
            source = Path(answer["ready"]).resolve()
            if self.root not in source.parents:
                raise ExternalEngineError(f"the child imported yinsh from {source}, not from {self.root}")
        except BaseException:
            child.end(process)
            raise
        return process

    @staticmethod
    def _answer(process: subprocess.Popen[str]) -> dict[str, Any]:
        stdout: IO[str] = process.stdout  # type: ignore[assignment]
        line = stdout.readline()
        if not line:
            raise ExternalEngineError(f"the engine process ended (status {process.wait()})")
        try:
            answer: dict[str, Any] = json.loads(line)
        except ValueError:
            raise ExternalEngineError(f"the engine process wrote {line[:80]!r}") from None
        return answer

    def best_move(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Any:
        """The child's best move for board (one of ``board.legal_moves``;
        ``None`` for a finished game)."""
        if board.is_game_over():
            return None
        if self._process is None or self._process.poll() is not None:
            self._process = self._start()
        limits = {k: v for k, v in (("depth", depth), ("time", time), ("nodes", nodes)) if v is not None}
        position = board.position()
        try:
            stdin: IO[str] = self._process.stdin  # type: ignore[assignment]
            stdin.write(json.dumps({"position": position, "limits": limits}) + "\n")
            stdin.flush()
            answer = self._answer(self._process)
        except BaseException:                  # Ctrl-C, a dead child, garbage: out of step
            self.close()
            raise
        if "error" in answer:                  # the child's search raised; it serves on
            raise ExternalEngineError(answer["error"])
        if answer.get("position") != position:
            raise ExternalEngineError(f"the engine read the position as {answer.get('position')!r}")
        for move in board.legal_moves:
            if str(move) == answer["move"]:
                return move
        raise ExternalEngineError(f"the engine answered {answer['move']!r}, not a legal move")

    def close(self) -> None:
        """Ends the child process (a later search starts a new one)."""
        if self._process is not None:
            child.end(self._process)
            self._process = None

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_process": None}

    def __repr__(self) -> str:
        return f"ExternalEngine({str(self.root)!r}, {self.game_module!r}, {self.options!r}, {self.params!r})"


_ENGINES = child._PLAYERS          # the players of this process (child.per_process)


class ExternalEngineFactory:
    """``make(seed)`` for a match: the ``ExternalEngine`` of ``root``, one
    per worker process (its child serves every game of the worker)."""

    def __init__(self, root: Any, game_module: str = "yinsh", options: Optional[dict[str, Any]] = None,
                 params: Optional[dict[str, Any]] = None) -> None:
        self.engine = ExternalEngine(root, game_module, options, params)     # checks root

    def __call__(self, seed: int = 0) -> ExternalEngine:
        engine: ExternalEngine = child.per_process(repr(self.engine), lambda: ExternalEngine(
            self.engine.root, self.engine.game_module, self.engine.options, self.engine.params))
        return engine

    def __repr__(self) -> str:
        return f"ExternalEngineFactory({self.engine!r})"
