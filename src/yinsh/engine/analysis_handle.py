"""A search running in a worker thread: ``AnalysisHandle``
(``Engine.analysis``), which yields each finished iteration."""
from __future__ import annotations

import queue
import threading
from typing import TYPE_CHECKING, Any, Iterator, Optional

from yinsh.engine.analysis import Analysis
from yinsh.engine.request import SearchRequest

if TYPE_CHECKING:
    from yinsh.engine.api import Engine

__all__ = ["AnalysisHandle"]

_POLL = 0.05     # seconds between checks of a waiting thread (so Ctrl-C is seen at once)

_END = object()      # the worker's last queue item


class AnalysisHandle:
    """A search running in a worker thread (``Engine.analysis``).

    - ``for info in handle:`` yields the ``Analysis`` of each finished
      iteration as it arrives (the MCTS: every 1024, 2048, 4096, ...
      playouts), the last one being the final answer; the loop ends with the
      search.
    - ``info``: the latest ``Analysis`` (``None`` before the first).
    - ``stop()``: asks the search to stop (it ends within milliseconds,
      after its first iteration); returns at once.
    - ``wait()``: waits for the end and returns the final ``Analysis``
      (an error of the search is raised here).
    - ``done``: whether the search has ended.
    - ``with engine.analysis(...) as handle:`` stops and joins on leaving.

    Ctrl-C (``KeyboardInterrupt``) while iterating or waiting stops the
    search, waits for the worker to end and is raised again with the
    attribute ``analysis`` (the last finished iteration). The worker polls
    with timeouts instead of ``Thread.join``, which on Python 3.11 can be
    left in a bad state by an interrupt. A handle does not pickle (it holds
    a thread); its ``Analysis`` records do.
    """

    def __init__(self, engine: Engine, job: SearchRequest) -> None:
        self._engine = engine
        self._job = job
        self._queue: queue.Queue[Any] = queue.Queue()
        self._stop = threading.Event()
        self._running = threading.Event()
        self._done = threading.Event()
        self._info: Optional[Analysis] = None
        self._result: Optional[Analysis] = None
        self._error: Optional[BaseException] = None
        self._finished = False          # the iteration has seen _END
        self._searcher = engine.searcher(job.board)
        self._thread = threading.Thread(target=self._work, name="engine-analysis", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        delivered: list[Optional[Analysis]] = [None]

        def on_info(found: Analysis) -> None:
            delivered[0] = found
            self._queue.put(found)

        try:
            result = self._engine._run(self._job, on_info, self._stop, self._running)
            last = delivered[0]
            if last is None or (result.algorithm == "mcts" and result.nodes != last.nodes):
                self._queue.put(result)
            self._result = result
        except BaseException as exc:  # raised again in the waiting thread
            self._error = exc
        finally:
            self._queue.put(_END)
            self._done.set()

    @property
    def info(self) -> Optional[Analysis]:
        """The latest ``Analysis`` taken from the handle (by iteration or
        ``wait()``), else the latest the search reported."""
        return self._info

    @property
    def done(self) -> bool:
        """Whether the search has ended."""
        return self._done.is_set()

    def stop(self) -> None:
        """Asks the search to stop (safe from any thread); returns at once."""
        self._stop.set()
        if self._running.is_set():
            self._searcher.stop()

    def _join(self) -> None:
        """Waits for the worker to end, stopping it again on every poll."""
        while not self._done.wait(_POLL):
            self.stop()

    def _interrupted(self, exc: KeyboardInterrupt) -> KeyboardInterrupt:
        while True:
            try:
                self.stop()
                self._join()
                break
            except KeyboardInterrupt:      # another Ctrl-C while stopping: keep stopping
                continue
        self._drain()
        exc.analysis = self._info  # type: ignore[attr-defined]
        return exc

    def _drain(self) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is _END:
                self._finished = True
                return
            self._info = item

    def __iter__(self) -> Iterator[Analysis]:
        return self

    def __next__(self) -> Analysis:
        if self._finished:
            self._raise_error()
            raise StopIteration
        try:
            while True:
                try:
                    item = self._queue.get(timeout=_POLL)
                    break
                except queue.Empty:
                    continue
        except KeyboardInterrupt as exc:
            raise self._interrupted(exc) from None
        if item is _END:
            self._finished = True
            self._raise_error()
            raise StopIteration
        self._info = item
        return item  # type: ignore[no-any-return]

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def wait(self) -> Analysis:
        """Waits for the search to end and returns its final ``Analysis``
        (with no limit but ``stop()``, call ``stop()`` first)."""
        try:
            while not self._done.wait(_POLL):
                pass
        except KeyboardInterrupt as exc:
            raise self._interrupted(exc) from None
        self._drain()
        self._raise_error()
        assert self._result is not None
        self._info = self._result
        return self._result

    def __enter__(self) -> AnalysisHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.stop()
            self._join()
        except KeyboardInterrupt as interrupt:
            raise self._interrupted(interrupt) from None

    def __repr__(self) -> str:
        state = "done" if self.done else "running"
        depth = self._info.depth if self._info is not None else 0
        return f"<AnalysisHandle {state}, depth {depth}>"
