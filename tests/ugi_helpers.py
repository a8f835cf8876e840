"""A front end for tests: ``yinsh ugi`` in a child process, its lines read
by a thread so that every wait has a timeout."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from typing import Optional


class UgiProcess:
    """``python -m yinsh ugi [args]``: ``send(line)``, ``read(timeout)`` (the
    next line), ``until(prefix)`` (the lines up to and with the first that
    starts with prefix), ``ask(line)`` (send, then the next ``response``)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "yinsh", "ugi", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.lines: queue.Queue[Optional[str]] = queue.Queue()
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str | bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line if isinstance(line, bytes) else line.encode() + b"\n")
        self.process.stdin.flush()

    def read(self, timeout: float = 10.0) -> str:
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise EOFError("the engine's output ended")
        return line

    def until(self, prefix: str, timeout: float = 30.0) -> list[str]:
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            line = self.read(max(0.01, deadline - time.monotonic()))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def ask(self, line: str) -> str:
        self.send(line)
        return self.until("response ")[-1].removeprefix("response ")

    def pending(self) -> list[str]:
        """The lines already written and not read yet."""
        out = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return out
            if line is not None:
                out.append(line)

    def start(self, *options: str) -> list[str]:
        """``ugi`` (to ``ugiok``), the options, ``isready``."""
        listed = self.until_sent("ugi", "ugiok")
        for option in options:
            self.send(option)
        self.until_sent("isready", "readyok")
        return listed

    def until_sent(self, line: str, prefix: str, timeout: float = 30.0) -> list[str]:
        self.send(line)
        return self.until(prefix, timeout)

    def close(self) -> int:
        if self.process.poll() is None:
            try:
                self.send("quit")
            except OSError:
                pass
        try:
            status = self.process.wait(10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        assert self.process.stderr is not None
        self.stderr = self.process.stderr.read()
        return status

    def __enter__(self) -> UgiProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
