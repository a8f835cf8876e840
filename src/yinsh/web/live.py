"""Live updates: the browsers connected to each game, and the changes of
other server processes (PostgreSQL LISTEN/NOTIFY).

A ``Viewer`` is one WebSocket: its seat (None: a spectator) and a queue
its own task sends from, so a slow browser never holds up the others. The
queue holds at most ``max_bytes``: when a state would pass that, the
queued states are dropped and the viewer is marked *snapshot needed*: when
its socket takes messages again it gets one fresh ``snapshot`` (``"missed":
true``), built then, instead of what it missed; a socket that does not
even take the small answers (ack, error, pong) past the bound is closed.
Everything queued goes with the socket. ``Hub.publish`` queues a message
for every viewer of a game, each with its own ``you`` (one JSON text per
seat, shared by the viewers of that seat). ``Listener`` listens on the database's
channel with a psycopg 3 async connection and calls back with each
line of a notification's payload (``"<game id> <seq> <entries>"`` or
``"<game id> seats"``: a line for each change of a batch committed
together, after a first line naming the database that sent it; those of
``own``, this process's database, are skipped); after a lost connection it reconnects
and calls back with ``None`` (check every game).
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import json
from typing import Any, Awaitable, Callable, Optional

from starlette.websockets import WebSocket

__all__ = ["Viewer", "Hub", "Listener", "Ack", "MAX_QUEUED", "dumps", "loads", "update_head"]

try:
    import orjson

    def dumps(value: Any) -> str:
        """value as compact JSON text (orjson when installed: a few times faster)."""
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()

    def loads(text: str) -> Any:
        """The value of the JSON text (orjson when installed: a few times faster)."""
        return orjson.loads(text)
except ImportError:  # pragma: no cover - the web extra installs orjson
    def dumps(value: Any) -> str:
        """value as compact JSON text (orjson when installed: a few times faster)."""
        return json.dumps(value, separators=(",", ":"))

    def loads(text: str) -> Any:
        """The value of the JSON text (orjson when installed: a few times faster)."""
        return json.loads(text)

MAX_QUEUED = 512 * 1024      # bytes a viewer's queue may hold

#: Messages that carry a state (dropped for one fresh snapshot when a viewer falls behind).
_STATE_TYPES = ("update", "snapshot")


class Viewer:
    """One connected browser of a game. snapshot: the game's state now,
    for this viewer (sent when it fell behind)."""

    def __init__(self, websocket: WebSocket, seat: Optional[int] = None,
                 snapshot: Optional[Callable[["Viewer"], dict[str, Any]]] = None,
                 max_bytes: int = MAX_QUEUED) -> None:
        self.websocket = websocket
        self.seat = seat
        self.snapshot = snapshot
        self.max_bytes = max_bytes
        # (a state?, text, the ack message it carries: sent alone when the state is dropped)
        self._queue: collections.deque[tuple[bool, str, Optional[str]]] = collections.deque()
        self._bytes = 0
        self._wake = asyncio.Event()
        self.behind = False            # snapshot needed: states were dropped
        self.dropped = False           # closed: nothing more is sent
        self.overflows = 0

    @property
    def queued_bytes(self) -> int:
        return self._bytes

    def send(self, message: dict[str, Any]) -> None:
        """Queues message (JSON) for this browser."""
        self.send_text(dumps(message), str(message.get("type")))

    def send_text(self, text: str, kind: str, ack: Optional[str] = None) -> bool:
        """Queues a JSON text of message type kind (see the module); False
        when it was not queued (dropped: a state the snapshot to come will
        hold, or the viewer is closed). ack: the ``ack`` message a state's
        text carries (``Ack``), queued alone if the state is dropped later."""
        if self.dropped:
            return False
        state = kind in _STATE_TYPES
        if state and self.behind:
            return False               # the snapshot to come holds it
        if self._bytes + len(text) > self.max_bytes and self.snapshot is not None:
            kept: collections.deque[tuple[bool, str, Optional[str]]] = collections.deque()
            for is_state, queued, carried in self._queue:
                if not is_state:
                    kept.append((False, queued, None))
                elif carried is not None:            # the ack a dropped state carried: alone
                    kept.append((False, carried, None))
            self._queue = kept
            self._bytes = sum(len(queued) for _, queued, _ in kept)
            self.behind = True
            self.overflows += 1
            self._wake.set()
            if state:
                return False
        if self._bytes + len(text) > self.max_bytes:
            self.close()               # not even the small answers are read
            return False
        self._queue.append((state, text, ack))
        self._bytes += len(text)
        self._wake.set()
        return True

    def close(self, last: Optional[dict[str, Any]] = None) -> None:
        """Nothing more is queued, what was is dropped; last (a message,
        e.g. ``gone``) is still sent before ``run`` ends."""
        self.dropped = True
        self.behind = False
        self._queue.clear()
        self._bytes = 0
        if last is not None:
            text = dumps(last)
            self._queue.append((False, text, None))
            self._bytes = len(text)
        self._wake.set()

    async def run(self) -> None:
        """Sends the queued messages until closed (and the last one sent)."""
        while True:
            await self._wake.wait()
            if self.behind and self.snapshot is not None:
                self.behind = False          # what comes after the snapshot is queued again
                state = self.snapshot(self)
                text = dumps({"type": "snapshot", "state": state, "missed": True})
            elif self._queue:
                text = self._queue.popleft()[1]
                self._bytes -= len(text)
            elif self.dropped:
                return
            else:
                self._wake.clear()
                continue
            await self.websocket.send_text(text)


class Ack:
    """The acknowledgement of viewer's action ident, to fold into the update
    the action makes (``Hub.publish``): that viewer's text of the update
    ends with ``"ack": {"id": ident, "seq": seq}``. ``sent``: whether it
    was queued so (else the socket sends the ``ack`` message itself)."""

    __slots__ = ("viewer", "ident", "sent")

    def __init__(self, viewer: Viewer, ident: Any) -> None:
        self.viewer, self.ident, self.sent = viewer, ident, False


def update_head(message: dict[str, Any], state: dict[str, Any]) -> str:
    """The JSON of an update message with its state, up to the viewer's
    ``you`` (its state's last key, left out): the same for every viewer and
    every process (``Hub.publish_head``; other processes get it in the
    notification of the entries).

    >>> update_head({"type": "update", "events": []}, {"seq": 3, "you": None})
    '{"type":"update","events":[],"state":{"seq":3,'
    """
    shared = dict(state)
    shared.pop("you", None)
    base = dumps({k: v for k, v in message.items() if k != "state"} | {"state": shared})
    return base[:-2] + ("," if shared else "")              # base ends with the state's "}}"


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

    def viewers(self, game_id: str) -> list[Viewer]:
        return list(self._viewers.get(game_id, ()))

    def publish(self, game_id: str, message: dict[str, Any], state: Optional[dict[str, Any]],
                ack: Optional[Ack] = None) -> None:
        """Queues message, with ``state`` (plus each viewer's ``you``, its
        last key) when given: the JSON is made once, each seat's text from
        it; ack's viewer gets its text with the ack (``Ack``)."""
        if not self._viewers.get(game_id):
            return
        if state is None:
            text = dumps(message)
            for viewer in list(self._viewers[game_id]):
                viewer.send_text(text, str(message.get("type")))
            return
        self.publish_head(game_id, update_head(message, state), state.get("seq"), ack,
                          str(message.get("type")))

    def publish_head(self, game_id: str, head: str, seq: Any, ack: Optional[Ack] = None,
                     kind: str = "update") -> None:
        """Queues the message (of type kind) whose text ``update_head`` made
        (seq: its state's) to the viewers of game_id, each with its ``you``."""
        viewers = list(self._viewers.get(game_id, ()))
        texts: dict[Optional[int], str] = {}
        for viewer in viewers:
            if ack is not None and viewer is ack.viewer:
                folded = dumps({"id": ack.ident, "seq": seq})
                alone = dumps({"type": "ack", "id": ack.ident, "seq": seq})
                ack.sent = viewer.send_text(f'{head}"you":{dumps(viewer.seat)}}},"ack":{folded}}}',
                                            kind, alone)
                continue
            seat_text = texts.get(viewer.seat)
            if seat_text is None:
                seat_text = texts[viewer.seat] = f'{head}"you":{dumps(viewer.seat)}}}}}'
            viewer.send_text(seat_text, kind)

    def close_all(self) -> None:
        for viewers in self._viewers.values():
            for viewer in viewers:
                viewer.close()


class Listener:
    """LISTEN on the PostgreSQL database at url, on its channel (see the module)."""

    def __init__(self, url: str, on_change: Callable[[Optional[str]], Awaitable[None]],
                 own: Optional[str], channel: str) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.on_change, self.own, self.channel = on_change, own, channel
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
                    await conn.execute(f"LISTEN {self.channel}")
                    self.ready.set()
                    if not first:
                        await self.on_change(None)       # what was missed while away
                    first = False
                    await self._read(conn.pgconn)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: try again
                await asyncio.sleep(1.0)

    async def _read(self, pgconn: Any) -> None:
        """Hands on the notifications of the listening connection pgconn
        (libpq's) until it fails. They are read straight off its socket, one
        callback each time it is readable (psycopg's ``notifies()`` made a
        future and registered the socket again for each one, a good part of
        a second process's CPU), and handed on in order by this task."""
        loop = asyncio.get_running_loop()
        payloads: collections.deque[str] = collections.deque()
        failed: list[Exception] = []
        readable = asyncio.Event()

        def read() -> None:
            try:
                pgconn.consume_input()
                while (note := pgconn.notifies()) is not None:
                    payloads.append(note.extra.decode())
            except Exception as exc:                # the connection is lost
                failed.append(exc)
                loop.remove_reader(socket)
            readable.set()

        socket = pgconn.socket
        loop.add_reader(socket, read)
        try:
            read()                                  # what came with the LISTEN's answer
            while True:
                await readable.wait()
                readable.clear()
                while payloads:
                    origin, _, lines = payloads.popleft().partition("\n")
                    if origin == self.own:          # this process's: known here
                        continue
                    for line in lines.split("\n"):     # a batch's changes, a line each
                        await self.on_change(line)
                if failed:
                    raise failed[0]
        finally:
            loop.remove_reader(socket)
