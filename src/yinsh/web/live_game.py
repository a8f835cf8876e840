"""A game as the server process that loaded it holds it: ``LiveGame`` (the
``OnlineGame``, its seats' token hashes, its lock, its timer and engine
task, what it shows: its state, its pictures, its update's text).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from yinsh.web import online_view, tokens
from yinsh.web.clocks import now_ms
from yinsh.web.live import update_head
from yinsh.web.online_game import Entry, OnlineGame

if TYPE_CHECKING:
    from yinsh.web.game_reads import Stored

__all__ = ["LiveGame"]


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
    #: Another process stored something not loaded here yet (``on_change``):
    #: the entries its notifications carried (None: something they did not say).
    behind: bool = False
    heard: Optional[list[Entry]] = field(default_factory=list)
    catch_up: Optional[asyncio.Task[Any]] = None
    #: The seq this process is storing now: its own notification is not news
    #: (``skipped``: one came meanwhile).
    storing: Optional[int] = None
    skipped: bool = False
    seen_ms: int = field(default_factory=lambda: now_ms())     # a person acted or left (engine idling)

    @classmethod
    def of(cls, game_id: str, stored: "Stored") -> "LiveGame":
        live = cls(game_id, OnlineGame.replay(stored.header(), stored.entries), [], [])
        live.take_row(stored)
        return live

    def take_row(self, stored: "Stored") -> None:
        row = stored.row
        self.token_hashes = [s["token_hash"] for s in stored.seats]
        self.invite_hashes = [s["invite_hash"] for s in stored.seats]
        self.public, self.rematch = bool(row["public"]), row["rematch"]
        self.rematch_of, self.created_ms = row["rematch_of"], int(row["created_ms"])

    def seat_of(self, token: Optional[str]) -> Optional[int]:
        """The seat token holds (every seat compared, in constant time each)."""
        return tokens.find(token, self.token_hashes)

    def state(self, now: int, you: Optional[int] = None, since: Optional[int] = None,
              svg: bool = True, game: Optional[OnlineGame] = None) -> dict[str, Any]:
        """The game's state (``online_view.state``); since a seq: an update's,
        whose ``picture`` is the address of its SVG; without svg: the whole
        state with ``svg`` None and the ``picture`` to fetch (the answers to
        create, join and rematch: the page draws the board from its socket's
        snapshot, so the picture is drawn only when a page asks). game: a
        trial of the game to describe instead (an update made before it is
        stored)."""
        game = self.game if game is None else game
        state = online_view.state(game, now, self.pictures, since, svg)
        state.update(id=self.id, rematch=self.rematch, rematch_of=self.rematch_of,
                     public=self.public, you=you)
        if since is not None or not svg:
            state["picture"] = f"/api/online/games/{self.id}/picture?seq={game.seq}&view={state['view']}"
        return state

    def picture(self, seq: int, targets: bool) -> str:
        """The SVG of the board after entry seq (drawn once per entry and view)."""
        game = self.game
        if seq != game.seq:
            game = OnlineGame.replay(game.header(), game.log[:seq])
            targets = targets and game.view()
        return online_view.picture(game, targets, self.pictures)

    def take_unserved(self, trial: OnlineGame, now: int) -> tuple[Optional[int], list[Entry]]:
        """Takes the time the server could not serve (an outage whose resume
        is not stored yet: None when there is none) and gives it back to
        trial's running clock: (the time taken, trial's resume entries). The
        caller puts it back when the entries are not stored."""
        unserved, self.unserved_ms = self.unserved_ms, None
        return unserved, (trial.resume(unserved, now) if unserved is not None else [])

    def events(self, entries: list[Entry]) -> list[dict[str, Any]]:
        return [e.as_json(self.game.side_name(e.seat)) for e in entries]

    def update_text(self, game: OnlineGame, entries: list[Entry]) -> str:
        """The text of the update of entries that lead this game to game
        (up to each viewer's ``you``: ``update_head``)."""
        return update_head({"type": "update", "events": self.events(entries)},
                           self.state(now_ms(), since=entries[0].seq - 1, game=game))

    def take_heard(self) -> bool:
        """Plays the entries other processes' notifications carried
        (``heard``) on the game itself (no action of this process is being
        tried on it; a clone cost as much as the entry); False when they do
        not say all that is new: the game is then read from the database
        from the first entry that did not follow (``OnlineGame.apply``
        plays an entry whole or not at all)."""
        heard, self.heard = self.heard, []
        if not heard:
            return False
        game = self.game
        try:
            for entry in heard:
                if entry.seq > game.seq:
                    game.apply(entry)
        except ValueError:                                  # a gap, or diverged
            return False
        return True

    def snapshot(self) -> dict[str, Any]:
        """What ``meta_events`` compares: the seats joined, the start, the rematch."""
        return {"joined": [s.joined for s in self.game.seats], "started": self.game.started_ms,
                "rematch": self.rematch}

    def meta_events(self, before: Optional[dict[str, Any]]) -> list[dict[str, Any]]:
        """The join, start and rematch events since before (a ``snapshot``)."""
        if before is None:
            return []
        out: list[dict[str, Any]] = []
        game = self.game
        for s, seat in enumerate(game.seats):
            if seat.joined and not before["joined"][s]:
                out.append({"kind": "join", "seat": s, "side": game.side_name(s), "text": seat.name})
        if game.started_ms is not None and before["started"] is None:
            out.append({"kind": "start", "seat": None, "side": None, "text": ""})
        if self.rematch and not before["rematch"]:
            out.append({"kind": "rematch", "seat": None, "side": None, "text": self.rematch})
        for event in out:
            event.update(seq=game.seq, ply=game.board.ply, auto=True, at_ms=now_ms(), used_ms=0)
        return out
