"""The online games a server process serves: stored, played, pushed live.

``OnlineService`` keeps the games this process has loaded (``LiveGame``:
the ``OnlineGame``, its seats' token hashes, a lock) and does every change
the same way: under the game's lock, on a clone of the game, checked by
``OnlineGame.act``; then the new log entries are committed to the database
(``Database.append``: refused when another process stored that seq first;
then this process catches up and the client gets 409); only then is the
clone kept, the change pushed to every viewer (``live.Hub``) and answered.
A store that fails is checked against the database (its commit may have
gone through). After each change the process that owns the game (a lease
in its row, renewed by a heartbeat every second and taken over by another
process when it lapses) arms what acts by itself: the engine seat to act
searches in a worker thread (``engines.SearchSlots``) and plays if the game
did not move meanwhile, and a timer fires the flag of the running clock;
these writes are tried again with backoff until they are stored. A game
taken over (after a restart, or from a dead process) or held up by an
outage of the database first gives its running clock the time it was not
served (``OnlineGame.resume``). With PostgreSQL, ``live.Listener`` brings
the other processes' changes in (``on_change``).
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Coroutine, Mapping, Optional, TypeVar

import anyio

from yinsh.web import engines, tokens
from yinsh.web.clocks import TimeControl
from yinsh.web.database import HEARTBEAT_S, LEASE_MS, STORE_ERRORS, Conflict, Database, Stored
from yinsh.web.inputs import (BadRequest, boolean, game_options, integer, online_seats, option_keys,
                              player_name, text)
from yinsh.web.limits import Limits, RateLimiter
from yinsh.web.live import Ack, Hub, Listener
from yinsh.web.online_game import ActionError, Entry, OnlineGame, Seat, StaleError
from yinsh.web import games as _games

__all__ = ["OnlineService", "LiveGame", "GoneError", "NoSeatError", "ConflictError",
           "UnconfirmedError", "LimitError", "now_ms", "apply_update", "CATCH_UP"]

T = TypeVar("T")

#: Finished games kept in memory past this many loaded games are let go (reloaded on use).
MAX_LOADED = 5000
#: A background write that failed is tried again after this many seconds, doubled
#: after each failure up to RETRY_MAX_S, until it is stored.
RETRY_FIRST_S = 0.05
RETRY_MAX_S = 5.0
#: An engine search that failed (raised) is tried again after ENGINE_RETRY_S, ENGINE_TRIES
#: times in all; then the engine's seat plays a legal action at random, so the game goes on.
ENGINE_RETRY_S = 1.0
ENGINE_TRIES = 5

log = logging.getLogger("yinsh.web.online")


class GoneError(LookupError):
    """No game has this id (404; the page says so)."""


class NoSeatError(ActionError):
    """No token, or one that holds no seat of the game (401)."""

    status = 401


class ConflictError(ActionError):
    """The seat was taken or the invitation used (409)."""

    status = 409


class UnconfirmedError(ActionError):
    """The database went away while a change was committed, and cannot be
    asked yet whether it was kept (503)."""

    status = 503


#: The failures a background write is tried again after.
_RETRIED: tuple[type[Exception], ...] = (UnconfirmedError,) + STORE_ERRORS


#: A socket's hello naming a seq at most this many entries back gets them
#: (an update), not a snapshot.
CATCH_UP = 1000


class LimitError(ActionError):
    """A limit of the server (``Limits``) refuses this now: 429 (this
    client's share) or 503 (the server's), with ``retry_after`` seconds."""

    def __init__(self, message: str, status: int = 429, retry_after: float = 60.0) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        """The answer's ``Retry-After`` (whole seconds, at least 1)."""
        return {"Retry-After": str(max(1, round(self.retry_after)))}


def now_ms() -> int:
    """The wall clock, in whole milliseconds since the epoch."""
    return int(time.time() * 1000)


def apply_update(state: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """The whole state after an update's state (docs/web.md, "Updates"):
    the moves of state up to ``moves_from``, then ``moves_tail``; the
    picture (``svg``) is state's when the position and the view did not
    change, else None (the page asks for ``picture``).

    >>> before = {"position": "p1", "view": 1, "moves": [{"text": "a"}, {"text": "b"}], "svg": "<svg/>"}
    >>> after = apply_update(before, {"position": "p2", "view": 1, "moves_from": 1,
    ...                               "moves_tail": [{"text": "c"}], "picture": "/..."})
    >>> [m["text"] for m in after["moves"]], after["svg"]
    (['a', 'c'], None)
    """
    merged = {k: v for k, v in update.items() if k not in ("moves_from", "moves_tail")}
    merged["moves"] = list(state["moves"][:update["moves_from"]]) + list(update["moves_tail"])
    same = state.get("position") == update["position"] and state.get("view") == update["view"]
    merged["svg"] = state.get("svg") if same else None
    return merged


@dataclass
class LiveGame:
    """A loaded game (see the module)."""

    id: str
    game: OnlineGame
    token_hashes: list[Optional[str]]
    invite_hashes: list[Optional[str]]
    public: bool = False
    rematch: Optional[str] = None
    rematch_of: Optional[str] = None
    created_ms: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pictures: dict[tuple[int, bool], str] = field(default_factory=dict)
    timer: Optional[asyncio.TimerHandle] = None
    engine_task: Optional[asyncio.Task[Any]] = None
    #: Since when (ms) this process could not serve the game (a restart, or an
    #: outage of the database): the running clock gets that time back.
    unserved_ms: Optional[int] = None
    resume_task: Optional[asyncio.Task[Any]] = None
    #: Another process stored something not loaded here yet (``on_change``).
    behind: bool = False
    catch_up: Optional[asyncio.Task[Any]] = None
    #: The seq this process is storing now: its own notification is not news
    #: (``skipped``: one came meanwhile).
    storing: Optional[int] = None
    skipped: bool = False
    seen_ms: int = field(default_factory=lambda: now_ms())     # a person acted or left (engine idling)

    @classmethod
    def of(cls, game_id: str, stored: Stored) -> "LiveGame":
        live = cls(game_id, OnlineGame.replay(stored.header(), stored.entries), [], [])
        live.take_row(stored)
        return live

    def take_row(self, stored: Stored) -> None:
        row = stored.row
        self.token_hashes = [s["token_hash"] for s in stored.seats]
        self.invite_hashes = [s["invite_hash"] for s in stored.seats]
        self.public, self.rematch = bool(row["public"]), row["rematch"]
        self.rematch_of, self.created_ms = row["rematch_of"], int(row["created_ms"])

    def seat_of(self, token: Optional[str]) -> Optional[int]:
        """The seat token holds (every seat compared, in constant time each)."""
        return tokens.find(token, self.token_hashes)

    def state(self, now: int, you: Optional[int] = None, since: Optional[int] = None,
              svg: bool = True) -> dict[str, Any]:
        """The game's state (``OnlineGame.state``); since a seq: an update's,
        whose ``picture`` is the address of its SVG; without svg: the whole
        state with ``svg`` None and the ``picture`` to fetch (the answers to
        create, join and rematch: the page draws the board from its socket's
        snapshot, so the picture is drawn only when a page asks)."""
        state = self.game.state(now, self.pictures, since, svg)
        state.update(id=self.id, rematch=self.rematch, rematch_of=self.rematch_of,
                     public=self.public, you=you)
        if since is not None or not svg:
            state["picture"] = f"/api/online/games/{self.id}/picture?seq={self.game.seq}&view={state['view']}"
        return state

    def picture(self, seq: int, targets: bool) -> str:
        """The SVG of the board after entry seq (drawn once per entry and view)."""
        game = self.game
        if seq != game.seq:
            game = OnlineGame.replay(game.header(), game.log[:seq])
            targets = targets and game.view()
        return game.picture(targets, self.pictures)

    def take_unserved(self, trial: OnlineGame, now: int) -> tuple[Optional[int], list[Entry]]:
        """Takes the time the server could not serve (an outage whose resume
        is not stored yet: None when there is none) and gives it back to
        trial's running clock: (the time taken, trial's resume entries). The
        caller puts it back when the entries are not stored."""
        unserved, self.unserved_ms = self.unserved_ms, None
        return unserved, (trial.resume(unserved, now) if unserved is not None else [])

    def events(self, entries: list[Entry]) -> list[dict[str, Any]]:
        return [e.as_json(self.game.side_name(e.seat)) for e in entries]


def _meta_events(before: Optional[dict[str, Any]], live: LiveGame) -> list[dict[str, Any]]:
    """The join, start and rematch events between two views of a game."""
    if before is None:
        return []
    out: list[dict[str, Any]] = []
    game = live.game
    for s, seat in enumerate(game.seats):
        if seat.joined and not before["joined"][s]:
            out.append({"kind": "join", "seat": s, "side": game.side_name(s), "text": seat.name})
    if game.started_ms is not None and before["started"] is None:
        out.append({"kind": "start", "seat": None, "side": None, "text": ""})
    if live.rematch and not before["rematch"]:
        out.append({"kind": "rematch", "seat": None, "side": None, "text": live.rematch})
    for event in out:
        event.update(seq=game.seq, ply=game.board.ply, auto=True, at_ms=now_ms(), used_ms=0)
    return out


def _new_seats(specs: list[Any], name: str, slots: engines.SearchSlots) -> list[Seat]:
    """The seats of a new game: "me" (the creator, named name), "invite", or
    an engine's seconds (bounded by slots)."""
    seats = []
    for spec in specs:
        if spec == "me":
            seats.append(Seat("person", name, joined=True))
        elif spec == "invite":
            seats.append(Seat("person", "Invited"))
        else:
            seconds = slots.clamp(spec)
            seats.append(Seat("engine", f"engine {seconds:g} s", seconds))
    return seats


def _snapshot(live: LiveGame) -> dict[str, Any]:
    return {"joined": [s.joined for s in live.game.seats], "started": live.game.started_ms,
            "rematch": live.rematch}


def _bounded(summary: dict[str, Any]) -> dict[str, Any]:
    """A lobby entry with only its game's options (games stored before they were checked)."""
    allowed = option_keys(str(summary.get("game", "")))
    options = summary.get("options")
    summary["options"] = {k: v for k, v in options.items() if k in allowed and len(str(v)) <= 20} \
        if isinstance(options, dict) else {}
    return summary


class OnlineService:
    """See the module. db: where games are kept; slots: the engine's searches."""

    def __init__(self, db: Database, slots: engines.SearchSlots, limits: Optional[Limits] = None) -> None:
        self.db, self.slots = db, slots
        self.limits = limits if limits is not None else Limits()
        self.rate = RateLimiter(self.limits.create_per_minute, self.limits.create_burst)
        #: The games with an engine seat not yet finished, and the client address that made each.
        self.engine_games: dict[str, str] = {}
        #: The games waiting for players made in this process, and the client address of each.
        self.waiting: dict[str, str] = {}
        #: The creates and joins being stored now, as (client address, starts an engine game,
        #: makes a waiting game): counted by the caps, so that requests sent together
        #: cannot all pass them before any is stored.
        self._storing: list[tuple[str, bool, bool]] = []
        self._expiry: Optional[asyncio.Task[Any]] = None
        self.hub = Hub()
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.listener: Optional[Listener] = None
        self.closed = False
        #: This process as the owner of games (their engines and clocks run here).
        self.owner = tokens.new_game_id()
        self.owned: set[str] = set()
        self.last_ok_ms = now_ms()                      # the database's last answer
        self.down_since: Optional[int] = None           # since when it does not answer
        self._tasks: set[asyncio.Task[Any]] = set()
        self._appends: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self.searches = 0                               # engine searches started here

    async def _db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))

    async def _append(self, **call: Any) -> None:
        """``Database.append(**call)`` in a worker thread. On SQLite the
        appends asked for in one turn of the event loop go to the database's
        committing thread together (``Database.append_later``: no worker
        thread waits for them), instead of a thread each (PostgreSQL commits
        in parallel: a thread each). Like a worker thread's call, it is not
        cancelled half way: a cancelled caller is cancelled once the store
        is done."""
        if self.db.is_postgres:
            await self._db(self.db.append, **call)
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._appends.append((call, future))
        if len(self._appends) == 1:
            loop.call_soon(self._store_appends)
        cancelled = False
        while not future.done():
            try:
                await asyncio.shield(future)
            except asyncio.CancelledError:
                cancelled = True
        if cancelled:
            raise asyncio.CancelledError
        future.result()

    def _store_appends(self) -> None:
        batch, self._appends = self._appends, []
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

    # Starting and stopping ---------------------------------------------------------------

    async def start(self) -> None:
        """Loads the games in progress (their engines and clocks go on) and,
        on PostgreSQL, listens to the other processes."""
        if self.db.is_postgres:
            self.listener = Listener(self.db.url, self.on_change)
            self.listener.start()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.listener.ready.wait(), 10)
        await self._beat()
        self._spawn(self._heartbeat())
        for game_id, live in self.games.items():        # the games this process took over
            if live.game.status == "playing" and any(seat.is_engine for seat in live.game.seats):
                self.engine_games[game_id] = ""
        self._expiry = self._spawn(self._expire_loop())

    async def stop(self) -> None:
        self.closed = True
        if self._expiry is not None:
            self._expiry.cancel()
        if self.listener is not None:
            await self.listener.stop()
        for live in self.games.values():
            if live.timer is not None:
                live.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(*STORE_ERRORS):        # served until now: a restart credits the rest
            await self._db(self.db.heartbeat, self.owner, now_ms())
        self.hub.close_all()

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> "asyncio.Task[Any]":
        """A background task, kept until done; its failure is logged."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: "asyncio.Task[Any]") -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task of the online games failed", exc_info=task.exception())

    # Owners, heartbeats, outages -----------------------------------------------------------

    async def _heartbeat(self) -> None:
        while not self.closed:
            await asyncio.sleep(HEARTBEAT_S)
            try:
                await self._beat()
            except Exception:               # a bug in one beat must not end the leases for good
                log.exception("a heartbeat of the online games failed")

    async def _beat(self) -> None:
        """Renews this process's lease on its games, takes over the games of
        owners that died (all others' on SQLite: one process serves a file)
        and resumes what an outage of the database held up."""
        now, before = now_ms(), set(self.owned)
        try:
            owned = set(await self._db(self.db.heartbeat, self.owner, now))
            lease = LEASE_MS if self.db.is_postgres else 0
            taken = await self._db(self.db.claim, self.owner, now, lease)
        except STORE_ERRORS:
            self._outage()
            return
        self.last_ok_ms, was_down, self.down_since = now, self.down_since, None
        for game_id in before - owned:                      # taken over by another process, or over
            self.owned.discard(game_id)
            live = self.games.get(game_id)
            if live is not None:
                self._disarm(live)
        gained = owned - self.owned
        self.owned |= owned | {game_id for game_id, _ in taken}
        for game_id in gained:
            live = self.games.get(game_id)
            if live is not None:
                async with live.lock:
                    self._arm(live)
        resuming = []
        for game_id, alive in taken:
            with contextlib.suppress(GoneError, *STORE_ERRORS):
                live = await self.get(game_id)
                async with live.lock:
                    live.unserved_ms = alive if alive is not None else now
                    self._arm(live)
                if live.resume_task is not None:
                    resuming.append(live.resume_task)
        if resuming:                                        # the clocks right before serving
            await asyncio.wait(resuming, timeout=5)
        if was_down is not None:
            for live in list(self.games.values()):
                if live.unserved_ms is not None:
                    async with live.lock:
                        self._arm(live)

    def _outage(self) -> None:
        """The database did not answer: the games this process owns are not
        served from its last answer on (see ``OnlineGame.resume``)."""
        if self.down_since is None:
            self.down_since = self.last_ok_ms
            log.warning("the database does not answer: clocks are not charged until it is back")
        for game_id in self.owned:
            live = self.games.get(game_id)
            if live is not None and live.game.status == "playing" and live.unserved_ms is None:
                live.unserved_ms = self.down_since

    def _disarm(self, live: LiveGame) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        for task in (live.engine_task, live.resume_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    # Loading -----------------------------------------------------------------------------

    async def get(self, game_id: object) -> LiveGame:
        """The game of game_id (``GoneError``), loaded from the database once."""
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise GoneError("no such game")
        live = self.games.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.games.get(game_id)
                if live is None:
                    stored = await self._db(self.db.load, game_id)
                    if stored is None:
                        raise GoneError("this game is not on the server (it never was, or its "
                                        "database was replaced)")
                    live = self.games[game_id] = LiveGame.of(game_id, stored)
                    if live.game.status != "finished" and any(s.is_engine for s in live.game.seats):
                        self.engine_games.setdefault(game_id, self.waiting.get(game_id, ""))
                    self._let_go()
        finally:                                    # (a failed load too: ids are the client's)
            self._loading.pop(game_id, None)
        return live

    def _let_go(self) -> None:
        """Forgets finished games nobody watches while too many are loaded."""
        extra = len(self.games) - MAX_LOADED
        if extra <= 0:
            return                                  # (no copy of the games: this runs for every new one)
        for game_id, live in list(self.games.items()):
            if extra <= 0:
                return
            idle = live.game.status == "finished" or (live.game.engine_to_act() and not self.attended(live)
                                                      and (live.timer is None or live.timer.cancelled()))
            if idle and not self.hub.count(game_id) and not live.lock.locked():
                self._drop(game_id)
                extra -= 1

    def let_go_if_idle(self, game_id: str) -> None:
        """Forgets a waiting or finished game nobody watches (it stays in the
        database and is loaded again when asked for)."""
        live = self.games.get(game_id)
        if live is not None and live.game.status != "playing" and not self.hub.count(game_id) \
                and not live.lock.locked() and (live.timer is None or live.timer.cancelled()):
            self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        """Forgets a loaded game (it stays in the database), and its place
        among the engine games: a game let go costs no engine time. Loaded
        again, it counts against the server's cap, and against its
        creator's while it waits for players (``waiting``)."""
        del self.games[game_id]
        self.engine_games.pop(game_id, None)

    # Limits ------------------------------------------------------------------------------

    def take_rate(self, client: str) -> None:
        """Spends one of client's creations or joins (``LimitError`` 429)."""
        wait = self.rate.take(client)
        if wait > 0:
            raise LimitError(f"too many games created or joined from this address: try again in "
                             f"{wait:.0f} s", 429, wait)

    def _active_engine_games(self) -> list[str]:
        """The owners of the engine games that may search now: loaded and
        attended (a paused game costs nothing and does not count)."""
        owners = [client for client, engine, _ in self._storing if engine]
        for game_id, owner in self.engine_games.items():
            live = self.games.get(game_id)
            if live is not None and live.game.status == "playing" and self.attended(live):
                owners.append(owner)
        return owners

    def _check_engine_games(self, client: str) -> None:
        limits = self.limits
        owners = self._active_engine_games()
        if len(owners) >= limits.engine_games:
            raise LimitError(f"the server plays {limits.engine_games} games against the engine "
                             "now, as many as it can: try again later", 503, 60)
        mine = owners.count(client)
        if mine >= limits.engine_games_per_client:
            raise LimitError(f"at most {limits.engine_games_per_client} games against the engine "
                             "at once from one address: finish one first", 429, 60)

    def _track(self, live: LiveGame) -> None:
        """Takes a started game out of the waiting ones, a finished one out of the engine games."""
        if live.game.status != "waiting":
            self.waiting.pop(live.id, None)
        if live.game.status == "finished":
            self.engine_games.pop(live.id, None)

    def attended(self, live: LiveGame) -> bool:
        """Whether somebody watches the game or a person in play acted or
        was connected within ``Limits.engine_idle_minutes`` (engines search
        only then)."""
        if self.hub.count(live.id):
            return True
        if not live.game.people_in_play():
            return False
        return now_ms() - live.seen_ms < self.limits.engine_idle_minutes * 60000

    def seen(self, live: LiveGame, person: bool = True) -> None:
        """A person of the game (person) or a spectator connected or left:
        the engines go on (see ``attended``)."""
        if person:
            live.seen_ms = now_ms()
        if live.game.engine_to_act() and (live.engine_task is None or live.engine_task.done()):
            self._arm(live)

    async def _expire_loop(self) -> None:
        every = min(60.0, self.limits.waiting_hours * 360)
        while not self.closed:
            with contextlib.suppress(Exception):
                await self.expire()
            await asyncio.sleep(every)

    async def expire(self) -> list[str]:
        """Removes the games nobody joined within ``Limits.waiting_hours``
        (from the database, the memory and the lobby); their sockets get ``gone``."""
        before = now_ms() - int(self.limits.waiting_hours * 3600000)
        gone = await self._db(self.db.expire_waiting, before)
        for game_id in gone:
            self.games.pop(game_id, None)
            self.engine_games.pop(game_id, None)
            self.waiting.pop(game_id, None)
            for viewer in self.hub.viewers(game_id):
                viewer.close({"type": "gone", "error": "nobody joined this game in time: it was removed"})
        return gone

    async def _reload(self, live: LiveGame) -> None:
        """Brings live up to the database (under its lock)."""
        stored = await self._db(self.db.load, live.id, live.game.seq)
        if stored is None:
            return
        try:
            for entry in stored.entries:
                live.game.apply(entry)
            header = stored.header()
            for seat, info in zip(live.game.seats, header["seats"]):
                seat.name, seat.joined = info["name"], info["joined"]
            if live.game.started_ms is None and header["started_ms"] is not None:
                live.game.start(int(header["started_ms"]))
        except ValueError:                                  # diverged: rebuild it
            stored = await self._db(self.db.load, live.id)
            assert stored is not None
            live.game = OnlineGame.replay(stored.header(), stored.entries)
        live.take_row(stored)

    async def on_change(self, payload: Optional[str]) -> None:
        """A change stored by some process (``Listener``)."""
        if payload is None:
            targets = list(self.games.values())
        else:
            game_id, _, what = payload.partition(" ")
            live = self.games.get(game_id)
            if live is None or (what.isdigit() and int(what) <= live.game.seq):
                return                                      # not loaded here, or known
            if what.isdigit() and live.storing is not None and int(what) <= live.storing:
                live.skipped = True                         # this process's own store, surely:
                return                                      # looked at if it fails (``_commit``)
            targets = [live]
        for live in targets:
            self._behind(live)

    def _behind(self, live: LiveGame) -> None:
        """live misses what another process stored: it catches up (one task a game)."""
        live.behind = True
        if live.catch_up is None or live.catch_up.done():
            live.catch_up = self._spawn(self._catch_up(live))

    async def _catch_up(self, live: LiveGame) -> None:
        """Loads what other processes stored in live until nothing is new
        (one task a game, so the notifications of the other games wait for
        no database read of this one)."""
        while live.behind and not self.closed:
            live.behind = False
            try:
                async with live.lock:
                    seq, before = live.game.seq, _snapshot(live)
                    await self._reload(live)
                    self._publish(live, live.game.log[seq:], _meta_events(before, live))
                    self._track(live)
                    self._arm(live)
            except STORE_ERRORS as exc:
                log.warning("catching up game %s failed (%s): trying again in 1 s", live.id, exc)
                live.behind = True
                await asyncio.sleep(1.0)

    # Changes -----------------------------------------------------------------------------

    def _publish(self, live: LiveGame, entries: list[Entry],
                 extra: Optional[list[dict[str, Any]]] = None, ack: Optional[Ack] = None) -> None:
        events = live.events(entries) + (extra or [])
        if events and self.hub.count(live.id):
            since = entries[0].seq - 1 if entries else live.game.seq
            self.hub.publish(live.id, {"type": "update", "events": events}, live.state(now_ms(), since=since),
                             ack)

    async def _commit(self, live: LiveGame, trial: OnlineGame, entries: list[Entry],
                      background: bool = False, ack: Optional[Ack] = None) -> None:
        """Stores trial's new entries, then keeps trial (see the module). A
        background write (engine, clock) is stored only while this process
        owns the game. When the database fails, asks it whether the entries
        were kept all the same (the commit went through, its answer was
        lost): then the change stands; else the failure is raised (nothing
        changed), or ``UnconfirmedError`` when the database cannot tell."""
        if entries:
            stored = False
            live.storing = trial.seq
            try:
                await self._append(game_id=live.id, entries=entries, expected_seq=live.game.seq,
                                   status=trial.status, result=trial.ended, ply=trial.board.ply,
                                   owner=self.owner if background else None)
                stored = True
            except Conflict:
                seq = live.game.seq
                await self._reload(live)
                self._publish(live, live.game.log[seq:])
                self._arm(live)
                raise StaleError(f"another action came first (the game is at ply "
                                 f"{live.game.board.ply}): nothing was changed") from None
            except STORE_ERRORS:
                if not await self._kept(live, entries):
                    raise
                stored = True
            finally:
                live.storing = None
                skipped, live.skipped = live.skipped, False
                if skipped and not stored:              # the change heard of was another's
                    self._behind(live)
            self.last_ok_ms = now_ms()
        live.game = trial
        self._publish(live, entries, ack=ack)
        self._track(live)
        self._arm(live)

    async def _kept(self, live: LiveGame, entries: list[Entry]) -> bool:
        """Whether the database holds entries after a failed store."""
        try:
            stored = await self._db(self.db.load, live.id, live.game.seq)
        except STORE_ERRORS:
            raise UnconfirmedError("the server lost its database while storing this and cannot "
                                   "tell yet whether it was kept: reload the game in a moment") from None
        return stored is not None and stored.entries[:len(entries)] == entries

    def _arm(self, live: LiveGame) -> None:
        """The clock's timer and the engine's search, as the game now needs
        (only in the process that owns the game)."""
        if self.closed:
            return
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if live.id not in self.owned:
            return
        game = live.game
        if live.unserved_ms is not None:                    # the clock's lost time back first
            if game.status != "playing":
                live.unserved_ms = None
            elif live.resume_task is None or live.resume_task.done():
                live.resume_task = self._spawn(self._write(live, lambda trial, now: []))
            return
        flag_at = game.clocks.flag_at() if game.clocks is not None and game.status == "playing" else None
        if flag_at is not None:
            delay = max(0.0, (flag_at - now_ms()) / 1000) + 0.002
            live.timer = asyncio.get_running_loop().call_later(
                delay, lambda: self._spawn(self._flag(live)))
        if game.engine_to_act() and (live.engine_task is None or live.engine_task.done()):
            if self.attended(live):
                live.engine_task = self._spawn(self._engine(live))
            else:                            # paused: out of memory once the lock is free
                asyncio.get_running_loop().call_soon(self._let_go_paused, live)

    async def _write(self, live: LiveGame,
                     make: Callable[[OnlineGame, int], Optional[list[Entry]]]) -> bool:
        """A background write: make(trial, now) changes a clone of the game
        and returns its entries (None: nothing to do any more), after the
        clock's lost time is given back (``OnlineGame.resume``). A failed
        store is tried again with backoff until it is stored (True), the
        game moved on, or this process no longer owns it (False)."""
        delay = RETRY_FIRST_S
        while not self.closed:
            async with live.lock:
                if live.id not in self.owned:
                    return False
                now = now_ms()
                trial = live.game.clone()
                unserved, entries = live.take_unserved(trial, now)
                more = make(trial, now)
                if more is None and not entries:
                    return False
                entries += more or []
                try:
                    await self._commit(live, trial, entries, background=True)
                    return more is not None
                except StaleError:                  # moved on, or another process owns it now
                    live.unserved_ms = unserved
                    if unserved is None:
                        return False
                except _RETRIED as exc:
                    # Not served meanwhile: the clock gets the time back when it is stored.
                    live.unserved_ms = min(self.last_ok_ms, unserved if unserved is not None else now)
                    log.warning("storing in game %s failed (%s): trying again in %.2f s",
                                live.id, exc, delay)
            await asyncio.sleep(delay)
            delay = min(2 * delay, RETRY_MAX_S)
        return False

    async def _flag(self, live: LiveGame) -> None:
        if not await self._write(live, lambda trial, now: trial.flag(now) if trial.flag_due(now) else None):
            async with live.lock:
                self._arm(live)

    async def _engine(self, live: LiveGame) -> None:
        failures = 0
        while not self.closed and live.id in self.owned:
            async with live.lock:
                game = live.game
                paused = game.engine_to_act() and not self.attended(live)
                if not game.engine_to_act() or paused:
                    break                   # nobody left to play or watch: no engine time
                seq, board = game.seq, game.board.copy()
                seat = game.seats[game.to_act or 0]
            player = engines.EnginePlayer(seat.time or engines.MIN_MOVE_TIME, self.slots)
            self.searches += 1
            try:
                move = await self.slots.run(player.best_move, board)
            except engines.BusyError:
                await asyncio.sleep(0.5)
                continue
            except Exception:  # a bug of the engine's: try again, a few times, then any legal action
                failures += 1
                log.exception("the engine failed in game %s at ply %d (%d of %d tries)",
                              live.id, board.ply, failures, ENGINE_TRIES)
                if failures < ENGINE_TRIES:
                    await asyncio.sleep(ENGINE_RETRY_S)
                    continue
                moves = list(board.legal_moves)
                if not moves:
                    break
                move = random.choice(moves)
                log.warning("game %s: the engine failed %d times: its seat plays %s, chosen at random",
                            live.id, failures, move)
            failures = 0

            def play(trial: OnlineGame, now: int, move: Any = move) -> Optional[list[Entry]]:
                # live.game: as stored (trial may have a resume entry more, which moves no piece)
                if live.game.seq != seq or not trial.engine_to_act():
                    return None
                return trial.engine_move(str(move), now)

            await self._write(live, play)
        if live.game.status != "playing" or (live.game.engine_to_act() and not self.attended(live)):
            self._let_go_paused(live)

    def _let_go_paused(self, live: LiveGame) -> None:
        """Forgets a game whose engines pause (or that ended) and that no
        socket watches, unless its clock's timer runs; it is loaded again,
        and its engines go on, when somebody opens it."""
        if self.games.get(live.id) is live and not self.hub.count(live.id) and not live.lock.locked() \
                and (live.timer is None or live.timer.cancelled()):
            self._drop(live.id)

    async def act(self, game_id: str, token: Optional[str], message: Mapping[str, Any],
                  ack: Optional[Ack] = None) -> LiveGame:
        """The action message by the seat token holds (see docs/web.md); ack:
        to fold into the update it makes (``Hub.publish``)."""
        live = await self.get(game_id)
        async with live.lock:
            seat = live.seat_of(token)
            if seat is None:
                raise NoSeatError("this needs the token of a seat of this game (spectators "
                                  "only watch)")
            trial = live.game.clone()
            now = now_ms()
            # The time the server could not serve goes back to the running clock
            # (in the process that owns the game) before the action is charged.
            unserved, entries = live.take_unserved(trial, now) if live.id in self.owned else (None, [])
            try:
                entries += trial.act(seat, message, now)
                live.seen_ms = now                  # a person plays: the engines answer
                await self._commit(live, trial, entries, ack=ack)
            except BaseException:                   # refused or not stored: the time is still owed
                if unserved is not None and live.unserved_ms is None:
                    live.unserved_ms = unserved
                raise
        self.let_go_if_idle(game_id)            # a finished game nobody watches: in the database
        return live

    # New games, joining, rematches ------------------------------------------------------

    async def create(self, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """A new game (``POST /api/online/games``) for the client address client."""
        web = _games.get(body.get("game"))
        options = game_options(web.name, body.get("options", {}))
        position = None if body.get("position") is None else text(dict(body), "position", 2000)
        start = web.new_board(options) if position is None else web.board_from_position(position)
        if start.is_game_over():
            raise BadRequest("the position is a finished game")
        count = len(web.seats(start))
        specs = online_seats(body.get("seats", ["me"] + ["invite"] * (count - 1)), count)
        clock = body.get("clock")
        control = None if clock is None else TimeControl.parse(clock)
        if control is not None and control.base_ms < self.limits.min_clock_seconds * 1000:
            raise BadRequest(f"a clock on this server gives at least {self.limits.min_clock_seconds:g} s "
                             f"(at least {self.limits.min_clock_seconds / 60:g} minutes), not {clock!r}")
        public = boolean(dict(body), "public")
        seats = _new_seats(specs, player_name(dict(body)), self.slots)
        has_engine = any(seat.is_engine for seat in seats)
        if has_engine:
            self._check_engine_games(client)
        waiting = sum(1 for c in self.waiting.values() if c == client) + \
            sum(1 for c, _, waits in self._storing if waits and c == client)
        if "invite" in specs and waiting >= self.limits.waiting_per_client:
            raise LimitError(f"at most {self.limits.waiting_per_client} games waiting for players "
                             "from one address: let them be joined (or expire) first", 429, 600)
        game = OnlineGame.new(web.name, options, seats, control, boolean(dict(body), "auto_throw"),
                              position)
        game_id, token, now = tokens.new_game_id(), tokens.new_token(), now_ms()
        invites: dict[int, str] = {s: tokens.new_invite() for s, spec in enumerate(specs) if spec == "invite"}
        me = specs.index("me")
        entries: list[Entry] = []
        if not invites:
            game.start(now)
            entries = game.settle(now)
        rows: list[dict[str, Any]] = [
            {"kind": seat.kind, "name": seat.name, "engine_time": seat.time,
             "token_hash": tokens.digest(token) if s == me else None,
             "invite_hash": tokens.digest(invites[s]) if s in invites else None}
            for s, seat in enumerate(seats)]
        row = {"id": game_id, "game": web.name, "options": game.options, "start": game.start_position,
               "clock": None if control is None else str(control), "auto_throw": game.auto_throw,
               "public": public, "created_ms": now, "status": game.status,
               "started_ms": game.started_ms, "ply": game.board.ply, "result": game.ended,
               "owner": self.owner, "alive_ms": now}
        storing = (client, has_engine and not invites, bool(invites))
        self._storing.append(storing)
        try:
            await self._db(self.db.create, row, rows, entries)
        except STORE_ERRORS:
            if not await self._confirm(lambda: self.db.load(game_id) is not None):
                raise
        finally:
            self._storing.remove(storing)
        live = self.games[game_id] = LiveGame(game_id, game, [r["token_hash"] for r in rows],
                                              [r["invite_hash"] for r in rows], public,
                                              created_ms=now)
        self.owned.add(game_id)
        if has_engine:
            self.engine_games[game_id] = client
        if invites:
            self.waiting[game_id] = client
        self._let_go()
        async with live.lock:
            self._track(live)
            self._arm(live)
            links = [{"seat": s, "side": game.side_name(s), "invite": invite,
                      "link": f"/#join={game_id}:{invite}"} for s, invite in invites.items()]
            answer = {"id": game_id, "seat": me, "token": token, "invites": links,
                      "watch": f"/#watch={game_id}", "state": live.state(now_ms(), me, svg=False)}
        self.let_go_if_idle(game_id)          # a waiting game lives in the database until used
        return answer

    async def _confirm(self, check: Callable[[], bool]) -> bool:
        """After a failed commit: whether it went through all the same
        (check, in a worker thread); ``UnconfirmedError`` when the database
        cannot tell."""
        try:
            return await self._db(check)
        except STORE_ERRORS:
            raise UnconfirmedError("the server lost its database while storing this and cannot "
                                   "tell yet whether it was kept: try again in a moment") from None

    async def join(self, game_id: str, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """Takes a seat by invitation, or an open seat of a public game: the
        seat, the invitation used up, the game's start and its first entries
        in one transaction. A join that starts a game with an engine seat
        counts against the engine caps (``LimitError``) as the game's
        creator's (client's when it is not known)."""
        live = await self.get(game_id)
        name = player_name(dict(body))
        token = tokens.new_token()
        digest = tokens.digest(token)
        async with live.lock:
            if "invite" in body:
                invite = text(dict(body), "invite", tokens.MAX_LENGTH)
                seats = [s for s, stored in enumerate(live.invite_hashes) if tokens.matches(invite, stored)]
                if not seats:
                    raise ConflictError("this invitation is not (or no longer) valid: it was used, "
                                        "or it belongs to another game")
                seat, by_invite, key = seats[0], True, tokens.digest(invite)
            else:
                seat = integer(body.get("seat"), "seat", 0, len(live.game.seats) - 1)
                if not live.public:
                    raise NoSeatError("this game takes its players by invitation only")
                by_invite, key = False, None
            before, seq = _snapshot(live), live.game.seq
            starts = sum(1 for s in live.game.seats if not s.joined and not s.is_engine) == 1
            engine = starts and any(s.is_engine for s in live.game.seats)
            maker = self.engine_games.get(game_id) or self.waiting.get(game_id) or client
            if engine:
                self._check_engine_games(maker)
            storing = (maker, engine, False)
            self._storing.append(storing)
            try:
                joined, trial = await self._store_join(live, game_id, seat, key, digest, name, by_invite)
            finally:
                self._storing.remove(storing)
            if not joined:
                await self._reload(live)
                raise ConflictError(f"seat {seat} is taken (or the invitation was used)")
            live.game = trial
            live.token_hashes[seat], live.invite_hashes[seat] = digest, None
            if trial.status != "waiting":                   # started here: this process owns it
                self.owned.add(game_id)
                if engine:
                    self.engine_games[game_id] = maker
            self._publish(live, live.game.log[seq:], _meta_events(before, live))
            live.seen_ms = now_ms()
            self._track(live)
            self._arm(live)
            return {"id": game_id, "seat": seat, "token": token, "state": live.state(now_ms(), seat, svg=False)}

    async def _store_join(self, live: LiveGame, game_id: str, seat: int, key: Optional[str], digest: str,
                          name: str, by_invite: bool) -> tuple[bool, OnlineGame]:
        """The join's transaction (see ``join``), tried again when the game
        changed meanwhile: whether the seat was taken, and the game after it."""
        for _ in range(3):
            trial = live.game.clone()
            trial.seats[seat].name, trial.seats[seat].joined = name, True
            now = now_ms()
            last = trial.status == "waiting" and all(s.joined or s.is_engine for s in trial.seats)
            entries: list[Entry] = []
            if last:
                trial.start(now)
                entries = trial.settle(now)
            try:
                joined = await self._db(
                    self.db.join, game_id, seat, key, digest, name, by_invite=by_invite,
                    expected_seq=live.game.seq, started_ms=now if last else None, entries=entries,
                    status=trial.status, result=trial.ended, ply=trial.board.ply,
                    owner=self.owner if last else None)
            except Conflict:                            # changed elsewhere: look again
                await self._reload(live)
                continue
            except STORE_ERRORS:
                if not await self._confirm(lambda: self._seat_is(game_id, seat, digest)):
                    raise
                await self._reload(live)                # it went through
                return True, live.game
            return joined, trial
        raise ConflictError("the game's seats kept changing: try again")

    def _seat_is(self, game_id: str, seat: int, digest: str) -> bool:
        stored = self.db.load(game_id)
        return stored is not None and stored.seats[seat]["token_hash"] == digest

    async def rematch(self, game_id: str, token: Optional[str], client: str = "") -> dict[str, Any]:
        """The rematch of a finished game, seats rotated (see docs/web.md):
        the new game, its first entries and its link from the old one in one
        transaction."""
        old = await self.get(game_id)
        async with old.lock:
            seat = old.seat_of(token)
            if seat is None:
                raise NoSeatError("a rematch is asked for by a player of the game")
            if old.game.status != "finished":
                raise ActionError("the game is not over yet")
            n = len(old.game.seats)
            mine = (seat - 1) % n
            if old.rematch is None:
                if any(s.is_engine for s in old.game.seats):
                    self._check_engine_games(client)
                rotated = [old.game.seats[(i + 1) % n] for i in range(n)]
                hashes = [old.token_hashes[(i + 1) % n] for i in range(n)]
                new = OnlineGame.new(old.game.game_name, old.game.options,
                                     [Seat(s.kind, s.name, s.time, True) for s in rotated],
                                     old.game.control, old.game.auto_throw)
                new_id, now = tokens.new_game_id(), now_ms()
                new.start(now)
                entries = new.settle(now)
                row = {"id": new_id, "game": new.game_name, "options": new.options,
                       "start": new.start_position,
                       "clock": None if new.control is None else str(new.control),
                       "auto_throw": new.auto_throw, "public": old.public, "created_ms": now,
                       "status": new.status, "started_ms": now, "rematch_of": game_id,
                       "ply": new.board.ply, "result": new.ended, "owner": self.owner, "alive_ms": now}
                before = _snapshot(old)
                try:
                    found = await self._db(self.db.rematch, game_id, row, [
                        {"kind": s.kind, "name": s.name, "engine_time": s.time, "token_hash": h}
                        for s, h in zip(rotated, hashes)], entries)
                except STORE_ERRORS:
                    stored = None
                    with contextlib.suppress(*STORE_ERRORS):
                        stored = await self._db(self.db.load, game_id, old.game.seq)
                    if stored is None:
                        raise UnconfirmedError("the server lost its database while storing the "
                                               "rematch: try again in a moment") from None
                    if stored.row["rematch"] is None:
                        raise                               # nothing was changed
                    found = str(stored.row["rematch"])
                if found == new_id:
                    self.games[new_id] = LiveGame(new_id, new, hashes, [None] * n, old.public,
                                                  rematch_of=game_id, created_ms=now)
                    self.owned.add(new_id)
                    if any(s.is_engine for s in old.game.seats):
                        self.engine_games[new_id] = client
                old.rematch = found
                self._publish(old, [], _meta_events(before, old))
        rematch = await self.get(old.rematch)
        async with rematch.lock:
            self._arm(rematch)
            return {"id": rematch.id, "seat": mine, "token": token,
                    "state": rematch.state(now_ms(), mine, svg=False)}

    # Reading -----------------------------------------------------------------------------

    async def lobby(self) -> dict[str, Any]:
        """The public games: open (not expired), playing and the 20 last
        finished, at most ``Limits.lobby_size`` of each, their options
        those of the game's schema only."""
        db, size = self.db, self.limits.lobby_size
        fresh = now_ms() - int(self.limits.waiting_hours * 3600000)

        def read() -> tuple[list[dict[str, Any]], ...]:      # one worker thread for the three
            return (db.summaries("waiting", public_only=True, limit=size)[0],
                    db.summaries("playing", public_only=True, limit=size)[0],
                    db.summaries("finished", public_only=True, limit=min(20, size))[0])

        open_, playing, finished = await self._db(read)
        open_ = [g for g in open_ if g["created"] >= fresh]
        return {"open": [_bounded(g) for g in open_], "playing": [_bounded(g) for g in playing],
                "finished": [_bounded(g) for g in finished]}

    async def archive(self, query: Mapping[str, str]) -> dict[str, Any]:
        offset = integer(query.get("offset", "0"), "offset", 0, 10 ** 9)
        limit = integer(query.get("limit", "50"), "limit", 1, 200)
        game = query.get("game")
        if game is not None:
            _games.get(game)
        found, total = await self._db(self.db.summaries, "finished", game=game, limit=limit,
                                      offset=offset)
        return {"games": found, "total": total}
