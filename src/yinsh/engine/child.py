"""Players in child processes: what the player of another source tree
(``yinsh.engine.external``) and the player of any UGI engine
(``yinsh.engine.ugi_client``) share.

- ``PlayerError``: a player failed to give an action (its process did not
  start, died, hung, or answered something that is not a legal action). A
  match (``yinsh.engine.match``) counts it as the loss of that game by that
  side and goes on; any other exception of a player ends the match.
- ``start(argv, ...)`` starts a child process that is ended with this
  process: at exit (``atexit``), and on Linux also when this process is
  killed outright (the child gets ``SIGKILL`` from the kernel,
  ``PR_SET_PDEATHSIG``, where ``die_with_parent``); ``end(process)`` kills
  it and waits for it.
- ``per_process(key, make)``: one player per process and key, so that a
  match worker's child process serves every game the worker plays.

>>> issubclass(PlayerError, RuntimeError)
True
>>> per_process("doctest", lambda: [1]) is per_process("doctest", lambda: [2])
True
"""
from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
from typing import Any, Callable, Optional, TypeVar

__all__ = ["PlayerError", "start", "end", "per_process"]

T = TypeVar("T")


class PlayerError(RuntimeError):
    """A player failed to give an action: its process did not start, died
    or hung, or it answered something that is not a legal action. The
    message says what happened; a match scores it as a forfeit."""


_CHILDREN: set[subprocess.Popen[str]] = set()
_PLAYERS: dict[str, Any] = {}
_PR_SET_PDEATHSIG = 1
_prctl: Optional[Callable[..., int]] = None


def _load_prctl() -> Optional[Callable[..., int]]:
    """libc's ``prctl`` (found in this process, before any fork), or ``None``
    off Linux."""
    global _prctl
    if _prctl is None and sys.platform.startswith("linux"):
        try:
            import ctypes
            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            return None
    return _prctl


def start(argv: list[str], *, die_with_parent: bool = False, own_group: bool = False,
          **popen: Any) -> subprocess.Popen[str]:
    """``subprocess.Popen(argv, text=True, **popen)``, ended at this
    process's exit. ``die_with_parent``: on Linux, the kernel kills the
    child when this thread's process dies (for a program that cannot watch
    its parent itself); ``own_group``: the child gets a process group of its
    own, so that Ctrl-C at the terminal reaches this process only (which
    then ends the child). Raises ``OSError`` when argv cannot be run."""
    prctl = _load_prctl() if die_with_parent else None
    parent = os.getpid()

    def prepare() -> None:                      # in the child, between fork and exec
        if own_group:
            os.setpgrp()
        if prctl is not None:
            prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != parent:          # the parent died before prctl took hold
                os._exit(1)

    needed = own_group or prctl is not None
    process = subprocess.Popen(argv, text=True, preexec_fn=prepare if needed and os.name == "posix" else None,
                               **popen)
    _CHILDREN.add(process)
    return process


def end(process: subprocess.Popen[str]) -> None:
    """Kills the child (if it still runs), waits for it and closes its pipes."""
    _CHILDREN.discard(process)
    process.kill()
    process.wait()
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass


@atexit.register
def _end_children() -> None:
    for process in list(_CHILDREN):
        end(process)


def per_process(key: str, make: Callable[[], T]) -> T:
    """The player of key in this process, made by ``make()`` the first time."""
    if key not in _PLAYERS:
        _PLAYERS[key] = make()
    player: T = _PLAYERS[key]
    return player
