"""The online games a server process keeps: stored, owned, pushed live,
played on by their clocks and engines.

``GameKeeper`` keeps the games this process has loaded (``LiveGame``:
the ``OnlineGame``, its seats' token hashes, a lock) and stores every change
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
the other processes' changes in (``on_change``). The requests of the
clients are ``yinsh.web.online.OnlineService``'s, which holds a keeper.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import random
from typing import Any, Callable, Coroutine, Optional, TypeVar

from typing import TYPE_CHECKING

import anyio

from yinsh.web import engines, tokens
from yinsh.web.clocks import now_ms
from yinsh.web.errors import STORE_ERRORS, GoneError, StaleError, UnconfirmedError
from yinsh.web.limits import Limits
from yinsh.web.live import Ack, Hub, Listener, loads, update_head
from yinsh.web.live_game import LiveGame
from yinsh.web.loop_appends import LoopAppends
from yinsh.web.online_game import Entry, OnlineGame
from yinsh.web.store_errors import Conflict

if TYPE_CHECKING:
    from yinsh.web.database import Database

__all__ = ["GameKeeper", "MAX_LOADED", "WAITING_KEPT", "RETRY_FIRST_S", "RETRY_MAX_S", "ENGINE_RETRY_S",
           "ENGINE_TRIES", "HEARTBEAT_S", "LEASE_MS"]

T = TypeVar("T")

#: Seconds between the heartbeats of a process (``Database.heartbeat``).
HEARTBEAT_S = 1.0
#: A game whose owner has not beaten for this long (ms) is taken over (``Database.claim``).
LEASE_MS = 5000
#: Finished games kept in memory past this many loaded games are let go (reloaded on use).
MAX_LOADED = 5000
#: The newest games waiting for players kept loaded (their join usually comes
#: soon); an older one nobody watches lives in the database until it is used.
WAITING_KEPT = 256
#: A background write that failed is tried again after this many seconds, doubled
#: after each failure up to RETRY_MAX_S, until it is stored.
RETRY_FIRST_S = 0.05
#: The longest wait between two tries of a write (see RETRY_FIRST_S).
RETRY_MAX_S = 5.0
#: An engine search that failed (raised) is tried again after ENGINE_RETRY_S, ENGINE_TRIES
#: times in all; then the engine's seat plays a legal action at random, so the game goes on.
ENGINE_RETRY_S = 1.0
#: The tries of a failing engine search before its seat plays at random (see ENGINE_RETRY_S).
ENGINE_TRIES = 5

log = logging.getLogger("yinsh.web.online")


#: The failures a background write is tried again after.
_RETRIED: tuple[type[Exception], ...] = (UnconfirmedError,) + STORE_ERRORS


class GameKeeper:
    """See the module. db: where games are kept; slots: the engine's searches;
    limits: the server's bounds (``Limits()`` by default)."""

    def __init__(self, db: Database, slots: engines.SearchSlots, limits: Optional[Limits] = None) -> None:
        self.db, self.slots = db, slots
        self.limits = limits if limits is not None else Limits()
        #: The games with an engine seat not yet finished, and the client address that made each.
        self.engine_games: dict[str, str] = {}
        #: The games waiting for players made in this process, and the client address of each.
        self.waiting: dict[str, str] = {}
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
        self._append = LoopAppends(db)                  # await self._append(**call): Database.append
        self._fresh: collections.deque[str] = collections.deque()      # the newest waiting games
        self.waiting_kept = WAITING_KEPT
        self.searches = 0                               # engine searches started here

    async def in_thread(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))

    # Starting and stopping ---------------------------------------------------------------

    async def start(self) -> None:
        """Loads the games in progress (their engines and clocks go on) and,
        on PostgreSQL, listens to the other processes."""
        if self.db.is_postgres:
            self.listener = Listener(self.db.url, self.on_change, self.db.origin, self.db.channel)
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
            await self.in_thread(self.db.heartbeat, self.owner, now_ms())
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
            owned = set(await self.in_thread(self.db.heartbeat, self.owner, now))
            lease = LEASE_MS if self.db.is_postgres else 0
            taken = await self.in_thread(self.db.claim, self.owner, now, lease)
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
                    self.arm(live)
        resuming = []
        for game_id, alive in taken:
            with contextlib.suppress(GoneError, *STORE_ERRORS):
                live = await self.get(game_id)
                async with live.lock:
                    live.unserved_ms = alive if alive is not None else now
                    self.arm(live)
                if live.resume_task is not None:
                    resuming.append(live.resume_task)
        if resuming:                                        # the clocks right before serving
            await asyncio.wait(resuming, timeout=5)
        if was_down is not None:
            for live in list(self.games.values()):
                if live.unserved_ms is not None:
                    async with live.lock:
                        self.arm(live)

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
                    stored = await self.in_thread(self.db.load, game_id)
                    if stored is None:
                        raise GoneError("this game is not on the server (it never was, or its "
                                        "database was replaced)")
                    try:
                        live = LiveGame.of(game_id, stored)
                    except Exception as exc:     # a log this server cannot play again: only this game
                        log.error("game %s cannot be replayed from the database (%s: %s): it is not "
                                  "served", game_id, type(exc).__name__, exc)
                        raise GoneError(f"this game cannot be replayed by this server ({exc}): it is "
                                        "not served") from None
                    self.games[game_id] = live
                    if live.game.status != "finished" and any(s.is_engine for s in live.game.seats):
                        self.engine_games.setdefault(game_id, self.waiting.get(game_id, ""))
                    self.let_go()
        finally:                                    # (a failed load too: ids are the client's)
            self._loading.pop(game_id, None)
        return live

    def let_go(self) -> None:
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

    def adopt(self, live: LiveGame, engine_client: Optional[str] = None,
              waiting_client: Optional[str] = None) -> None:
        """Keeps a game this process just stored (a new game, a rematch): it
        owns it; engine_client: the client address that made it, when it has
        an engine seat; waiting_client: the same, while it waits for players."""
        self.games[live.id] = live
        self.owned.add(live.id)
        if engine_client is not None:
            self.engine_games[live.id] = engine_client
        if waiting_client is not None:
            self.waiting[live.id] = waiting_client
        self.let_go()

    def keep_fresh(self, game_id: str) -> None:
        """Keeps a game just made loaded, as one of the ``waiting_kept``
        newest; the oldest of them is let go if idle (``let_go_if_idle``)."""
        self._fresh.append(game_id)
        while len(self._fresh) > self.waiting_kept:
            self.let_go_if_idle(self._fresh.popleft())

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

    def track(self, live: LiveGame) -> None:
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
            self.arm(live)

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
        gone = await self.in_thread(self.db.expire_waiting, before)
        for game_id in gone:
            self.games.pop(game_id, None)
            self.engine_games.pop(game_id, None)
            self.waiting.pop(game_id, None)
            for viewer in self.hub.viewers(game_id):
                viewer.close({"type": "gone", "error": "nobody joined this game in time: it was removed"})
        return gone

    async def reload(self, live: LiveGame) -> None:
        """Brings live up to the database (under its lock)."""
        stored = await self.in_thread(self.db.load, live.id, live.game.seq)
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
            stored = await self.in_thread(self.db.load, live.id)
            assert stored is not None
            live.game = OnlineGame.replay(stored.header(), stored.entries)
        live.take_row(stored)

    async def on_change(self, payload: Optional[str]) -> None:
        """A change stored by some process (``Listener``)."""
        if payload is None:
            for each in list(self.games.values()):
                self._behind(each)
            return
        game_id, _, what = payload.partition(" ")
        what, _, said = what.partition(" ")
        live = self.games.get(game_id)
        if live is None or (what.isdigit() and int(what) <= live.game.seq):
            return                                          # not loaded here, or known
        if what.isdigit() and live.storing is not None and int(what) <= live.storing:
            live.skipped = True                             # this process's own store, surely:
            return                                          # looked at if it fails (``commit``)
        entries = None
        said, _, head = said.partition("\t")
        if said:
            with contextlib.suppress(ValueError, TypeError):
                entries = [Entry(*fields) for fields in loads(said)]
        if entries and not live.behind and not live.lock.locked():
            seq, before = live.game.seq, live.snapshot()     # at once: no task, nothing to wait for
            live.heard = entries
            if live.take_heard():
                whole = seq == entries[0].seq - 1 and live.game.seq == entries[-1].seq
                self._caught_up(live, seq, before, head if whole and head else None)
                return
            if live.game.seq > seq:                         # the entries before a gap: pushed
                self._caught_up(live, seq, before)
            entries = None
        self._behind(live, entries)

    def _behind(self, live: LiveGame, entries: Optional[list[Entry]] = None) -> None:
        """live misses what another process stored (entries, when the
        notification carried them; None: it must be read): it catches up
        (one task a game)."""
        live.behind = True
        if entries is None:
            live.heard = None
        elif live.heard is not None:
            live.heard.extend(entries)
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
                    seq, before = live.game.seq, live.snapshot()
                    if not live.take_heard():
                        await self.reload(live)
                    self._caught_up(live, seq, before)
            except STORE_ERRORS as exc:
                log.warning("catching up game %s failed (%s): trying again in 1 s", live.id, exc)
                live.behind = True
                await asyncio.sleep(1.0)

    def _caught_up(self, live: LiveGame, seq: int, before: dict[str, Any],
                   head: Optional[str] = None) -> None:
        """live caught up from seq (and before, its ``snapshot``): pushed to
        its sockets (head: the update's text the notification carried), armed."""
        self.publish(live, live.game.log[seq:], live.meta_events(before), head=head)
        self.track(live)
        self.arm(live)

    # Changes -----------------------------------------------------------------------------

    def publish(self, live: LiveGame, entries: list[Entry], extra: Optional[list[dict[str, Any]]] = None,
                 ack: Optional[Ack] = None, head: Optional[str] = None) -> None:
        """Pushes the update of entries (and extra events) to the game's
        sockets; head: its text, made already (``LiveGame.update_text``)."""
        if not (entries or extra) or not self.hub.count(live.id):
            return
        if head is None or extra:
            since = entries[0].seq - 1 if entries else live.game.seq
            head = update_head({"type": "update", "events": live.events(entries) + (extra or [])},
                               live.state(now_ms(), since=since))
        self.hub.publish_head(live.id, head, live.game.seq, ack)

    async def commit(self, live: LiveGame, trial: OnlineGame, entries: list[Entry],
                      background: bool = False, ack: Optional[Ack] = None) -> None:
        """Stores trial's new entries, then keeps trial (see the module). A
        background write (engine, clock) is stored only while this process
        owns the game. When the database fails, asks it whether the entries
        were kept all the same (the commit went through, its answer was
        lost): then the change stands; else the failure is raised (nothing
        changed), or ``UnconfirmedError`` when the database cannot tell."""
        head = None
        if entries:
            stored = False
            live.storing = trial.seq
            if self.db.is_postgres:                     # made once: it goes to the other processes too
                head = live.update_text(trial, entries)
            try:
                await self._append(game_id=live.id, entries=entries, expected_seq=live.game.seq,
                                   status=trial.status, result=trial.ended, ply=trial.board.ply,
                                   owner=self.owner if background else None, update=head)
                stored = True
            except Conflict:
                seq = live.game.seq
                await self.reload(live)
                self.publish(live, live.game.log[seq:])
                self.arm(live)
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
        self.publish(live, entries, ack=ack, head=head)
        self.track(live)
        self.arm(live)

    async def _kept(self, live: LiveGame, entries: list[Entry]) -> bool:
        """Whether the database holds entries after a failed store."""
        try:
            stored = await self.in_thread(self.db.load, live.id, live.game.seq)
        except STORE_ERRORS:
            raise UnconfirmedError("the server lost its database while storing this and cannot "
                                   "tell yet whether it was kept: reload the game in a moment") from None
        return stored is not None and stored.entries[:len(entries)] == entries

    def arm(self, live: LiveGame) -> None:
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
                    await self.commit(live, trial, entries, background=True)
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
                self.arm(live)

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
            player = engines.EnginePlayer(seat.time or engines.MIN_MOVE_TIME, self.slots, seat.level,
                                          seed=live.id)
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
