"""The appends of a server's event loop, handed to the database's committing
thread a turn of the loop at a time (``LoopAppends``).
"""
from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from yinsh.web.database import Database

__all__ = ["LoopAppends"]


class LoopAppends:
    """``await appends(**call)`` is ``db.append(**call)`` for coroutines:
    the appends asked for in one turn of the event loop go to the database's
    committing thread together (``Database.append_later``: no worker thread
    waits for them), which commits them with every other write waiting
    (group commit); each caller hears its own append's failure. Like a
    worker thread's call, an append is not cancelled half way: a cancelled
    caller is cancelled once the store is done."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[tuple[dict[str, Any], asyncio.Future[None]]] = []

    async def __call__(self, **call: Any) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((call, future))
        if len(self._waiting) == 1:
            loop.call_soon(self._store)
        cancelled = False
        while not future.done():
            try:
                await asyncio.shield(future)
            except asyncio.CancelledError:
                cancelled = True
        if cancelled:
            raise asyncio.CancelledError
        future.result()

    def _store(self) -> None:
        """Hands the turn's appends to the committing thread."""
        batch, self._waiting = self._waiting, []
        loop = asyncio.get_running_loop()

        def deliver(failures: list[Optional[Exception]]) -> None:
            for (_, future), failure in zip(batch, failures):
                if future.done():
                    continue
                if failure is None:
                    future.set_result(None)
                else:
                    future.set_exception(failure)

        def stored(failures: list[Optional[Exception]]) -> None:        # in the committing thread
            with contextlib.suppress(RuntimeError):         # the loop closed meanwhile
                loop.call_soon_threadsafe(deliver, failures)

        try:
            self.db.append_later([call for call, _ in batch], stored)
        except Exception as exc:                            # a bug: every caller hears it
            deliver([exc] * len(batch))
