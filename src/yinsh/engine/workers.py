"""Where work items run: in this process, in local worker processes, or on Ray.

Matches (``yinsh.engine.match``) play their games here, and the distributed
layer runs its self-play, matches and analyses here
(``yinsh.distributed.backend`` names the same functions). It knows no game
and no layer: a function and its items are all it is given.

``run_items(fn, items, workers=K, ray=None)`` calls ``fn(item)`` for every
item of the list and yields ``(index, result)`` as each one finishes, in
whatever order they finish (``in_order`` puts them back in list order).
``fn`` must pickle (a module-level function) and so must the items.

- ``workers=1`` and no ``ray``: the items run one after the other in this
  process (nothing to start, nothing to pickle).
- ``workers=K`` (K > 1): K worker processes of this machine
  (``multiprocessing``, the ``spawn`` start method by default), each with
  its own pipe; each holds at most two items at a time, so the driver
  always knows which items a worker holds. A worker that dies (killed,
  out of memory, ``os._exit``) is replaced and its items are given out
  again, up to ``retries`` more times each; past that ``RuntimeError``.
- ``ray="local"`` starts a Ray runtime on this machine (K CPUs), ``ray=
  "ADDRESS"`` (``"auto"``, ``"ray://head:10001"``, ``"10.0.0.1:6379"``)
  joins a running cluster; an already started runtime (``ray.init`` in
  the program) is used as it is. Each item is a Ray task that Ray runs
  again (``max_retries``) when its worker process or node dies. Ray is
  imported only here, only then.

An exception raised by ``fn`` reaches the caller (with a note saying which
item failed) and ends the run. Closing the generator (``break``, an
exception, Ctrl-C) ends the local worker processes, or cancels the Ray
tasks still running.

>>> sorted(run_items(abs, [-3, 2, -1]))
[(0, 3), (1, 2), (2, 1)]
>>> list(in_order(run_items(abs, [-3, 2, -1])))
[3, 2, 1]
"""
from __future__ import annotations

import collections
import multiprocessing
import pickle
import signal
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Generator, Iterable, Iterator, Optional, Sequence

__all__ = ["run_items", "in_order", "ray_module", "MAX_WORKERS"]

#: The most local worker processes (and the command line's --workers limit).
MAX_WORKERS = 256
#: Items a local worker holds at once (one running, one waiting).
_HELD = 2
#: Seconds between looks at the workers (so Ctrl-C gets through at once).
_POLL = 0.1


def run_items(fn: Callable[[Any], Any], items: Sequence[Any], *, workers: int = 1,
              ray: Optional[str] = None, retries: int = 2,
              context: Optional[str] = "spawn") -> Iterator[tuple[int, Any]]:
    """``(index, fn(items[index]))`` for every item, as they finish (see the
    module). Raises ``ValueError`` for workers out of 1..256 or negative
    retries, ``ImportError`` naming the extra to install when ``ray`` is
    given and Ray is not installed."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be between 1 and {MAX_WORKERS}, not {workers!r}")
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be a whole number of at least 0, not {retries!r}")
    if ray is not None:
        if not isinstance(ray, str) or not ray:
            raise ValueError(f"ray must be an address or 'local', not {ray!r}")
        return _on_ray(fn, items, ray, workers, retries)
    if workers == 1 or len(items) <= 1:
        return ((i, fn(item)) for i, item in enumerate(items))
    return _in_processes(fn, items, min(workers, len(items)), retries, context)


def in_order(finished: Iterable[tuple[int, Any]]) -> Generator[Any, None, None]:
    """The results of ``run_items`` in the order of its items (each as soon
    as it and all before it have finished). Closing it closes ``finished``."""
    waiting: dict[int, Any] = {}
    nxt = 0
    try:
        for index, result in finished:
            waiting[index] = result
            while nxt in waiting:
                yield waiting.pop(nxt)
                nxt += 1
    finally:
        close = getattr(finished, "close", None)
        if close is not None:
            close()


def _failed(exc: BaseException, where: str) -> BaseException:
    """exc with a note of where it happened, made picklable if it is not."""
    exc.add_note("".join(traceback.format_exception(exc)).rstrip() + f"\n({where})")
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        exc = RuntimeError("\n".join(getattr(exc, "__notes__", [repr(exc)])))
    return exc


# Local worker processes -------------------------------------------------------------

def _serve(conn: Connection, fn: Callable[[Any], Any]) -> None:
    """A worker process: runs the items it is sent until the pipe closes or
    it gets ``None``. Ctrl-C is left to the driver, which ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        index, item = message
        try:
            conn.send((index, True, fn(item)))
        except BaseException as exc:
            conn.send((index, False, _failed(exc, f"in a worker process, item {index}")))


@dataclass
class _Worker:
    process: Any
    conn: Connection
    held: collections.deque[int] = field(default_factory=collections.deque)


def _in_processes(fn: Callable[[Any], Any], items: Sequence[Any], workers: int, retries: int,
                  context: Optional[str]) -> Iterator[tuple[int, Any]]:
    ctx = multiprocessing.get_context(context)

    def start(number: int) -> _Worker:
        mine, theirs = ctx.Pipe()
        # typeshed declares Process on the concrete contexts only, not on the
        # BaseContext get_context(str) returns; every context has it.
        process = ctx.Process(target=_serve, args=(theirs, fn), daemon=True,  # type: ignore[attr-defined]
                              name=f"yinsh-worker-{number}")
        process.start()
        theirs.close()
        return _Worker(process, mine)

    todo = collections.deque(range(len(items)))
    tries = collections.Counter[int]()
    pool: list[_Worker] = []
    started = 0
    try:
        for _ in range(workers):
            started += 1
            pool.append(start(started))
        left = len(items)
        while left:
            for worker in pool:
                while len(worker.held) < _HELD and todo:
                    index = todo.popleft()
                    worker.held.append(index)
                    try:
                        worker.conn.send((index, items[index]))
                    except (BrokenPipeError, ConnectionResetError):
                        break                  # dead: seen below
            ready = set(wait([w.conn for w in pool] + [w.process.sentinel for w in pool], _POLL))
            for k, worker in enumerate(pool):
                dead = worker.process.sentinel in ready and worker.conn not in ready
                if worker.conn in ready:
                    try:
                        index, ok, value = worker.conn.recv()
                    except (EOFError, ConnectionResetError):
                        dead = True
                    else:
                        worker.held.remove(index)
                        if not ok:
                            raise value
                        left -= 1
                        yield index, value
                if not dead:
                    continue
                worker.process.join()
                code = worker.process.exitcode
                for index in worker.held:
                    tries[index] += 1
                    if tries[index] > retries:
                        raise RuntimeError(
                            f"a worker process ended (exit code {code}) {tries[index]} times while "
                            f"running item {index}; with the {ctx.get_start_method()!r} start "
                            f"method the main module must be importable (a file, not standard "
                            f"input) and start the work under if __name__ == '__main__'")
                todo.extendleft(reversed(worker.held))
                worker.conn.close()
                started += 1
                pool[k] = start(started)
    finally:
        for worker in pool:
            try:
                worker.conn.send(None)
            except (OSError, ValueError):
                pass
        for worker in pool:
            worker.process.join(timeout=0.5)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join()
            worker.conn.close()


# Ray -------------------------------------------------------------------------------

def ray_module() -> Any:
    """The ``ray`` module (``ImportError`` saying how to install it)."""
    try:
        import ray
    except ImportError as exc:
        raise ImportError(f"--ray needs Ray: pip install 'yinsh[cluster]' ({exc})") from None
    return ray


def _call(fn: Callable[[Any], Any], item: Any) -> Any:
    return fn(item)


def _on_ray(fn: Callable[[Any], Any], items: Sequence[Any], address: str, workers: int,
            retries: int) -> Iterator[tuple[int, Any]]:
    ray = ray_module()
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    task = ray.remote(num_cpus=1, max_retries=retries)(_call)
    width = max(1, int(ray.available_resources().get("CPU", workers)))
    fn_ref = ray.put(fn)
    running: dict[Any, int] = {}
    nxt = 0
    try:
        while nxt < len(items) or running:
            while nxt < len(items) and len(running) < 2 * width:
                running[task.remote(fn_ref, items[nxt])] = nxt
                nxt += 1
            done, _ = ray.wait(list(running), num_returns=1, timeout=_POLL)
            for ref in done:
                index = running.pop(ref)
                yield index, ray.get(ref)   # fn's exception: an instance of its class too
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
