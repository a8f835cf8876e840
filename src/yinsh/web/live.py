"""Live updates: the browsers connected to each game, and the changes of
other server processes (PostgreSQL LISTEN/NOTIFY).

A ``Viewer`` is one WebSocket: its seat (None: a spectator) and a queue
its own task sends from, so a slow browser never holds up the others (one
whose queue passes ``MAX_QUEUED`` messages is dropped; it reconnects and
gets a snapshot). ``Hub.publish`` queues a message for every viewer of a
game, each with its own ``you``. ``Listener`` listens on the database's
channel with a psycopg 3 async connection and calls back with each
notification's payload (``"<game id> <seq>"`` or ``"<game id> seats"``,
from another process or this one); after a lost connection it reconnects
and calls back with ``None`` (check every game).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, Awaitable, Callable, Optional

from starlette.websockets import WebSocket

from yinsh.web.database import CHANNEL

__all__ = ["Viewer", "Hub", "Listener", "MAX_QUEUED"]

#: The messages a viewer's queue may hold; a viewer that falls further behind is dropped.
MAX_QUEUED = 256


class Viewer:
    """One connected browser of a game."""

    def __init__(self, websocket: WebSocket, seat: Optional[int] = None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[Optional[str]] = asyncio.Queue()
        self.dropped = False

    def send(self, message: dict[str, Any]) -> None:
        """Queues message (JSON) for this browser."""
        if self.dropped:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        self.dropped = True
        self.queue.put_nowait(None)

    async def run(self) -> None:
        """Sends the queued messages until closed or dropped."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.websocket.send_text(text)


class Hub:
    """The viewers of each game in this process."""

    def __init__(self) -> None:
        self._viewers: dict[str, set[Viewer]] = {}

    def add(self, game_id: str, viewer: Viewer) -> None:
        self._viewers.setdefault(game_id, set()).add(viewer)

    def remove(self, game_id: str, viewer: Viewer) -> None:
        viewers = self._viewers.get(game_id)
        if viewers is not None:
            viewers.discard(viewer)
            if not viewers:
                del self._viewers[game_id]

    def count(self, game_id: str) -> int:
        return len(self._viewers.get(game_id, ()))

    def publish(self, game_id: str, message: dict[str, Any], state: Optional[dict[str, Any]]) -> None:
        """Queues message, with ``state`` (plus each viewer's ``you``) when given."""
        for viewer in list(self._viewers.get(game_id, ())):
            if state is not None:
                viewer.send({**message, "state": {**state, "you": viewer.seat}})
            else:
                viewer.send(message)

    def close_all(self) -> None:
        for viewers in self._viewers.values():
            for viewer in viewers:
                viewer.close()


class Listener:
    """LISTEN on the PostgreSQL database at url (see the module)."""

    def __init__(self, url: str, on_change: Callable[[Optional[str]], Awaitable[None]]) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.on_change = on_change
        self._task: Optional[asyncio.Task[None]] = None
        self.ready = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        import psycopg
        first = True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        await self.on_change(None)       # what was missed while away
                    first = False
                    async for note in conn.notifies():
                        await self.on_change(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: try again
                await asyncio.sleep(1.0)
