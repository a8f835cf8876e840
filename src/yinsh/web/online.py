"""The online games' service: what the clients ask of the games a server
process keeps. ``OnlineService`` holds the process's ``GameKeeper`` (the
games loaded, stored, owned, pushed live, played on by their clocks and
engines) and its store (the keeper's ``Database``).

It takes the actions of the seats (``act``), makes new games and
rematches, seats the players who join, and lists the lobby and the
archive, each within the server's bounds (``Limits``: the rate of new
games of one address, the games against the engine, the games waiting for
players).
"""
from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from yinsh.web import engines, tokens
from yinsh.web.clocks import TimeControl, now_ms
from yinsh.web.errors import (STORE_ERRORS, ActionError, ConflictError, LimitError, NoSeatError, StaleError,
                              UnconfirmedError)
from yinsh.web.inputs import (BadRequest, boolean, game_options, integer, online_seats, option_keys,
                              player_name, text)
from yinsh.web.limits import RateLimiter
from yinsh.web.live_game import LiveGame
from yinsh.web.online_game import Entry, OnlineGame, Seat
from yinsh.web.store_errors import Conflict
from yinsh.web import games as _games

if TYPE_CHECKING:
    from yinsh.web.game_keeper import GameKeeper
    from yinsh.web.live import Ack

__all__ = ["OnlineService"]


def _new_seats(specs: list[Any], name: str, slots: engines.SearchSlots) -> list[Seat]:
    """The seats of a new game: "me" (the creator, named name), "invite", or
    an engine (an ``inputs.EngineSeat``: its seconds bounded by slots, its level)."""
    seats = []
    for spec in specs:
        if spec == "me":
            seats.append(Seat("person", name, joined=True))
        elif spec == "invite":
            seats.append(Seat("person", "Invited"))
        else:
            player = engines.EnginePlayer(spec.time, slots, spec.level)
            seats.append(Seat("engine", player.name, player.time, level=player.level))
    return seats


def _bounded(summary: dict[str, Any]) -> dict[str, Any]:
    """A lobby entry with only its game's options (games stored before they were checked)."""
    allowed = option_keys(str(summary.get("game", "")))
    options = summary.get("options")
    summary["options"] = {k: v for k, v in options.items() if k in allowed and len(str(v)) <= 20} \
        if isinstance(options, dict) else {}
    return summary


class OnlineService:
    """See the module: the requests on the games of keeper, within its limits."""

    def __init__(self, keeper: GameKeeper) -> None:
        self.keeper, self.db, self.limits = keeper, keeper.db, keeper.limits
        self.rate = RateLimiter(self.limits.create_per_minute, self.limits.create_burst)
        #: The creates and joins being stored now, as (client address, starts an engine game,
        #: makes a waiting game): counted by the caps, so that requests sent together
        #: cannot all pass them before any is stored.
        self._storing: list[tuple[str, bool, bool]] = []

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
        for game_id, owner in self.keeper.engine_games.items():
            live = self.keeper.games.get(game_id)
            if live is not None and live.game.status == "playing" and self.keeper.attended(live):
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

    # Actions -----------------------------------------------------------------------------

    async def act(self, game_id: str, token: Optional[str], message: Mapping[str, Any],
                  ack: Optional[Ack] = None) -> LiveGame:
        """The action message by the seat token holds (see docs/web.md); ack:
        to fold into the update it makes (``Hub.publish``)."""
        live = await self.keeper.get(game_id)
        async with live.lock:
            seat = live.seat_of(token)
            if seat is None:
                raise NoSeatError("this needs the token of a seat of this game (spectators "
                                  "only watch)")
            trial = live.game.clone()
            now = now_ms()
            # The time the server could not serve goes back to the running clock
            # (in the process that owns the game) before the action is charged.
            unserved, entries = live.take_unserved(trial, now) if live.id in self.keeper.owned else (None, [])
            try:
                entries += trial.act(seat, message, now)
                live.seen_ms = now                  # a person plays: the engines answer
                await self.keeper.commit(live, trial, entries, ack=ack)
            except BaseException as exc:            # refused or not stored: the time is still owed
                if unserved is not None and live.unserved_ms is None:
                    live.unserved_ms = unserved
                if isinstance(exc, StaleError):     # the answer says where the game is
                    exc.ply, exc.seq = live.game.board.ply, live.game.seq
                raise
        self.keeper.let_go_if_idle(game_id)            # a finished game nobody watches: in the database
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
        seats = _new_seats(specs, player_name(dict(body)), self.keeper.slots)
        has_engine = any(seat.is_engine for seat in seats)
        if has_engine:
            self._check_engine_games(client)
        waiting = sum(1 for c in self.keeper.waiting.values() if c == client) + \
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
             "engine_level": seat.level if seat.is_engine else None,
             "token_hash": tokens.digest(token) if s == me else None,
             "invite_hash": tokens.digest(invites[s]) if s in invites else None}
            for s, seat in enumerate(seats)]
        row = {"id": game_id, "game": web.name, "options": game.options, "start": game.start_position,
               "clock": None if control is None else str(control), "auto_throw": game.auto_throw,
               "public": public, "created_ms": now, "status": game.status,
               "started_ms": game.started_ms, "ply": game.board.ply, "result": game.ended,
               "owner": self.keeper.owner, "alive_ms": now}
        storing = (client, has_engine and not invites, bool(invites))
        self._storing.append(storing)
        try:
            await self.keeper.in_thread(self.db.create, row, rows, entries)
        except STORE_ERRORS:
            if not await self._confirm(lambda: self.db.load(game_id) is not None):
                raise
        finally:
            self._storing.remove(storing)
        live = LiveGame(game_id, game, [r["token_hash"] for r in rows], [r["invite_hash"] for r in rows],
                        public, created_ms=now)
        self.keeper.adopt(live, client if has_engine else None, client if invites else None)
        async with live.lock:
            self.keeper.track(live)
            self.keeper.arm(live)
            links = [{"seat": s, "side": game.side_name(s), "invite": invite,
                      "link": f"/#join={game_id}:{invite}"} for s, invite in invites.items()]
            answer = {"id": game_id, "seat": me, "token": token, "invites": links,
                      "watch": f"/#watch={game_id}", "state": live.state(now_ms(), me, svg=False)}
        self.keeper.keep_fresh(game_id)              # soon joined; older waiting games live in the database
        return answer

    async def _confirm(self, check: Callable[[], bool]) -> bool:
        """After a failed commit: whether it went through all the same
        (check, in a worker thread); ``UnconfirmedError`` when the database
        cannot tell."""
        try:
            return await self.keeper.in_thread(check)
        except STORE_ERRORS:
            raise UnconfirmedError("the server lost its database while storing this and cannot "
                                   "tell yet whether it was kept: try again in a moment") from None

    async def join(self, game_id: str, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """Takes a seat by invitation, or an open seat of a public game: the
        seat, the invitation used up, the game's start and its first entries
        in one transaction. A join that starts a game with an engine seat
        counts against the engine caps (``LimitError``) as the game's
        creator's (client's when it is not known)."""
        live = await self.keeper.get(game_id)
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
            before, seq = live.snapshot(), live.game.seq
            starts = sum(1 for s in live.game.seats if not s.joined and not s.is_engine) == 1
            engine = starts and any(s.is_engine for s in live.game.seats)
            maker = self.keeper.engine_games.get(game_id) or self.keeper.waiting.get(game_id) or client
            if engine:
                self._check_engine_games(maker)
            storing = (maker, engine, False)
            self._storing.append(storing)
            try:
                joined, trial = await self._store_join(live, game_id, seat, key, digest, name, by_invite)
            finally:
                self._storing.remove(storing)
            if not joined:
                await self.keeper.reload(live)
                raise ConflictError(f"seat {seat} is taken (or the invitation was used)")
            live.game = trial
            live.token_hashes[seat], live.invite_hashes[seat] = digest, None
            if trial.status != "waiting":                   # started here: this process owns it
                self.keeper.owned.add(game_id)
                if engine:
                    self.keeper.engine_games[game_id] = maker
            self.keeper.publish(live, live.game.log[seq:], live.meta_events(before))
            live.seen_ms = now_ms()
            self.keeper.track(live)
            self.keeper.arm(live)
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
                joined = await self.keeper.in_thread(
                    self.db.join, game_id, seat, key, digest, name, by_invite=by_invite,
                    expected_seq=live.game.seq, started_ms=now if last else None, entries=entries,
                    status=trial.status, result=trial.ended, ply=trial.board.ply,
                    owner=self.keeper.owner if last else None)
            except Conflict:                            # changed elsewhere: look again
                await self.keeper.reload(live)
                continue
            except STORE_ERRORS:
                if not await self._confirm(lambda: self._seat_is(game_id, seat, digest)):
                    raise
                await self.keeper.reload(live)                # it went through
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
        old = await self.keeper.get(game_id)
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
                                     [Seat(s.kind, s.name, s.time, True, s.level) for s in rotated],
                                     old.game.control, old.game.auto_throw)
                new_id, now = tokens.new_game_id(), now_ms()
                new.start(now)
                entries = new.settle(now)
                row = {"id": new_id, "game": new.game_name, "options": new.options,
                       "start": new.start_position,
                       "clock": None if new.control is None else str(new.control),
                       "auto_throw": new.auto_throw, "public": old.public, "created_ms": now,
                       "status": new.status, "started_ms": now, "rematch_of": game_id,
                       "ply": new.board.ply, "result": new.ended, "owner": self.keeper.owner, "alive_ms": now}
                before = old.snapshot()
                try:
                    found = await self.keeper.in_thread(self.db.rematch, game_id, row, [
                        {"kind": s.kind, "name": s.name, "engine_time": s.time,
                         "engine_level": s.level if s.is_engine else None, "token_hash": h}
                        for s, h in zip(rotated, hashes)], entries)
                except STORE_ERRORS:
                    stored = None
                    with contextlib.suppress(*STORE_ERRORS):
                        stored = await self.keeper.in_thread(self.db.load, game_id, old.game.seq)
                    if stored is None:
                        raise UnconfirmedError("the server lost its database while storing the "
                                               "rematch: try again in a moment") from None
                    if stored.row["rematch"] is None:
                        raise                               # nothing was changed
                    found = str(stored.row["rematch"])
                if found == new_id:
                    engine = any(s.is_engine for s in old.game.seats)
                    self.keeper.adopt(LiveGame(new_id, new, hashes, [None] * n, old.public,
                                               rematch_of=game_id, created_ms=now), client if engine else None)
                old.rematch = found
                self.keeper.publish(old, [], old.meta_events(before))
        rematch = await self.keeper.get(old.rematch)
        async with rematch.lock:
            self.keeper.arm(rematch)
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

        open_, playing, finished = await self.keeper.in_thread(read)
        open_ = [g for g in open_ if g["created"] >= fresh]
        return {"open": [_bounded(g) for g in open_], "playing": [_bounded(g) for g in playing],
                "finished": [_bounded(g) for g in finished]}

    async def archive(self, query: Mapping[str, str]) -> dict[str, Any]:
        offset = integer(query.get("offset", "0"), "offset", 0, 10 ** 9)
        limit = integer(query.get("limit", "50"), "limit", 1, 200)
        game = query.get("game")
        if game is not None:
            _games.get(game)
        found, total = await self.keeper.in_thread(self.db.summaries, "finished", game=game, limit=limit,
                                      offset=offset)
        return {"games": found, "total": total}
