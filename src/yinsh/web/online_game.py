"""An online game: seats that belong to people or engines, and a log.

Everything that changes an online game is an ``Entry`` of its log, numbered
by ``seq`` from 1: a move, a throw of the die, a takeback asked, accepted,
declined or made, a draw offered, accepted or declined, a resignation, a
flag, a move of an out player. ``apply`` plays one entry; a game rebuilt
from its stored entries (``OnlineGame.replay``) is the same game, die
throws included. ``act`` checks a seat's action (the seat, the turn, the
ply the player saw, the rules) and appends its entries, then ``settle``
appends what needs nobody: forced actions, the throws of engine seats (of
every seat with ``auto_throw``) and the turns of out players. The caller
works on a ``clone`` and keeps it only once the entries are stored, so a
refused action changes nothing.

>>> game = OnlineGame.new("insert", {"layout": 7}, [Seat("person", "Ann"), Seat("person", "Bob")])
>>> game.start(at_ms=0)
>>> [e.text for e in game.act(0, {"type": "move", "move": "c3", "ply": 0}, now_ms=10)]
['c3']
>>> game.act(0, {"type": "move", "move": "d3", "ply": 1}, now_ms=20)
Traceback (most recent call last):
yinsh.web.errors.NotYourSeatError: it is Red's turn, not White's
>>> game.act(1, {"type": "move", "move": "d3", "ply": 0}, now_ms=20)
Traceback (most recent call last):
yinsh.web.errors.StaleError: the game has moved on: it is at ply 1, the action was made at ply 0; nothing was changed
>>> copy = OnlineGame.replay(game.header(), game.log)
>>> copy.board.position() == game.board.position(), copy.seq
(True, 1)
"""
from __future__ import annotations

import copy as _copy
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from yinsh.parts.web import OptionError, WebGame
from yinsh.web import games as _games
from yinsh.web.clocks import Clocks, TimeControl
from yinsh.web.errors import ActionError, NotYourSeatError, StaleError

__all__ = ["Entry", "Seat", "OnlineGame", "ACTION_TYPES", "LOG_KINDS"]

#: What a client may send (see docs/web.md, "Actions").
ACTION_TYPES = ("move", "throw", "takeback", "takeback_accept", "takeback_decline",
                "draw", "draw_accept", "draw_decline", "resign")
#: The kinds of log entries.
LOG_KINDS = ("move", "throw", "out_move", "takeback_request", "takeback_accept",
             "takeback_decline", "takeback", "draw_offer", "draw_accept", "draw_decline",
             "resign", "flag", "resume")
_BOARD_KINDS = ("move", "throw", "out_move")


_SPLITTERS: dict[type, Optional[Callable[[str], list[str]]]] = {}


def _turn_splitter(board: Any) -> Optional[Callable[[str], list[str]]]:
    """The ``split_turn`` of board's own game (its part ``"records"``),
    looked up once per board class."""
    cls = type(board)
    if cls not in _SPLITTERS:
        from yinsh.games import of_board            # the registry
        _SPLITTERS[cls] = of_board(board).part("records").split_turn
    return _SPLITTERS[cls]


@dataclass(frozen=True)
class Entry:
    """One entry of the log: what happened (``kind``, ``text``), by which
    seat, at which board ply and when (ms since 1970), with the time the
    seat's clock lost to it; ``auto``: played by the server."""

    seq: int
    ply: int
    kind: str
    seat: Optional[int]
    text: str = ""
    auto: bool = False
    at_ms: int = 0
    used_ms: int = 0

    def as_json(self, side: Optional[str]) -> dict[str, Any]:
        return {"seq": self.seq, "ply": self.ply, "kind": self.kind, "seat": self.seat,
                "side": side, "text": self.text, "auto": self.auto, "at_ms": self.at_ms,
                "used_ms": self.used_ms}


@dataclass
class Seat:
    """Who plays a seat: ``"person"`` (``joined`` once somebody holds its
    token) or ``"engine"`` (``time``: seconds an action, below level 8 an
    upper bound; ``level``: 1..8, 8 the full engine)."""

    kind: str
    name: str = "Player"
    time: Optional[float] = None
    joined: bool = False
    level: int = 8

    @property
    def is_engine(self) -> bool:
        return self.kind == "engine"


@dataclass
class Offers:
    draw: Optional[int] = None
    takeback: Optional[dict[str, Any]] = None      # {"seat", "ply", "accepted": [seats]}


@dataclass
class OnlineGame:
    """See the module. Build one with ``new`` or ``replay``."""

    game_name: str
    options: dict[str, Any]
    start_position: str
    seats: list[Seat]
    control: Optional[TimeControl] = None
    auto_throw: bool = False
    board: Any = None
    log: list[Entry] = field(default_factory=list)
    offers: Offers = field(default_factory=Offers)
    out: list[int] = field(default_factory=list)             # out players, in the order they left
    ended: Optional[dict[str, str]] = None
    chosen: list[tuple[int, int]] = field(default_factory=list)  # (seat, ply before) of chosen moves
    clocks: Optional[Clocks] = None
    started_ms: Optional[int] = None
    played: list[dict[str, Any]] = field(default_factory=list)   # ``moves()``, kept as played
    _names: Optional[list[str]] = field(default=None, repr=False, compare=False)
    _sides: Optional[list[int]] = field(default=None, repr=False, compare=False)

    # Making one -----------------------------------------------------------------------

    @classmethod
    def new(cls, game_name: str, options: Mapping[str, Any], seats: Sequence[Seat],
            control: Optional[TimeControl] = None, auto_throw: bool = False,
            position: Optional[str] = None) -> "OnlineGame":
        """A game at its start, or at position (a position string of the
        game; the options are then the position's). Raises ``OptionError``
        for bad options or seats, the board's ``ValueError`` for a bad
        position."""
        web = _games.get(game_name)
        board = web.new_board(options) if position is None else web.board_from_position(position)
        kind = web.kind
        resolved = dict(options)
        resolved.update({k: v for k, v in kind.options.of(board).items() if k in kind.options.drawn})
        if position is not None:
            resolved = kind.options.of(board)
        return cls.from_header({"game": game_name, "options": resolved, "start": board.position(),
                                "seats": [_copy.copy(s) for s in seats],
                                "clock": None if control is None else str(control),
                                "auto_throw": auto_throw})

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> "OnlineGame":
        web = _games.get(header["game"])
        board = web.kind.board_class(header["start"])
        seats = [s if isinstance(s, Seat) else Seat(**s) for s in header["seats"]]
        if len(seats) != len(web.seats(board)):
            raise OptionError(f"this game has {len(web.seats(board))} seats, not {len(seats)}")
        control = None if header.get("clock") is None else TimeControl.parse(header["clock"])
        game = cls(header["game"], dict(header["options"]), header["start"], seats, control,
                   bool(header.get("auto_throw", False)), board)
        if control is not None:
            game.clocks = Clocks(control, len(seats))
        if header.get("started_ms") is not None:
            game.start(int(header["started_ms"]))
        return game

    @classmethod
    def replay(cls, header: Mapping[str, Any], entries: Sequence[Entry]) -> "OnlineGame":
        """The game of a stored header and log."""
        game = cls.from_header(header)
        for entry in entries:
            game.apply(entry)
        return game

    def header(self) -> dict[str, Any]:
        """What ``from_header`` needs (the games table's row)."""
        return {"game": self.game_name, "options": self.options, "start": self.start_position,
                "seats": [_copy.copy(s) for s in self.seats],
                "clock": None if self.control is None else str(self.control),
                "auto_throw": self.auto_throw, "started_ms": self.started_ms}

    def clone(self) -> "OnlineGame":
        """A copy to change (every action is tried on one): each field
        copied by hand, ``copy.copy``'s generic protocol cost more than the
        action."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other.log = list(self.log)
        takeback = self.offers.takeback
        other.offers = Offers(self.offers.draw, None if takeback is None else _copy.deepcopy(takeback))
        other.out, other.chosen, other.played = list(self.out), list(self.chosen), list(self.played)
        other.seats = [Seat(s.kind, s.name, s.time, s.joined, s.level) for s in self.seats]
        other.clocks = None if self.clocks is None else self.clocks.copy()
        return other

    # State ------------------------------------------------------------------------------

    @property
    def web(self) -> WebGame:
        return _games.WEB_GAMES[self.game_name]

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def sides(self) -> list[int]:
        """The side number of each seat (fixed for a game: worked out once)."""
        if self._sides is None:
            self._sides = self.web.seats(self.board)
        return self._sides

    def side_names(self) -> list[str]:
        """The sides' names, by side number (worked out once)."""
        if self._names is None:
            self._names = self.web.side_names(self.board)
        return self._names

    def side_name(self, seat: Optional[int]) -> Optional[str]:
        return None if seat is None else self.side_names()[self.sides[seat]]

    @property
    def status(self) -> str:
        if self.ended is not None:
            return "finished"
        return "waiting" if self.started_ms is None else "playing"

    @property
    def to_act(self) -> Optional[int]:
        """The seat to act (None: not started, or over)."""
        if self.status != "playing":
            return None
        return self.sides.index(int(self.board.turn))

    def needs_throw(self) -> bool:
        return self.web.needs_throw(self.board)

    def engine_to_act(self) -> bool:
        """Whether an engine seat is to choose an action."""
        seat = self.to_act
        return (seat is not None and self.seats[seat].is_engine and seat not in self.out
                and not self.needs_throw())

    def _clock_seat(self) -> Optional[int]:
        seat = self.to_act
        return None if seat is None or seat in self.out else seat

    def start(self, at_ms: int) -> None:
        """Every seat is taken: the game (and the first seat's clock) starts."""
        self.started_ms = at_ms
        if self.clocks is not None:
            self.clocks.start(self._clock_seat(), at_ms)

    def flag_due(self, now_ms: int) -> bool:
        """Whether the running seat's time has run out."""
        clocks = self.clocks
        return (self.status == "playing" and clocks is not None and clocks.running is not None
                and clocks.left(clocks.running, now_ms) == 0)

    def last_chosen(self, seat: int) -> Optional[int]:
        """The ply before seat's last chosen move (a takeback's target)."""
        plies = [ply for s, ply in self.chosen if s == seat]
        return plies[-1] if plies else None

    def people_in_play(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if not seat.is_engine and s not in self.out]

    # Applying entries ---------------------------------------------------------------------

    def apply(self, entry: Entry) -> None:
        """Plays one entry of the log (``ValueError`` when it does not follow)."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"entry {entry.seq} does not follow entry {self.seq}")
        if entry.kind not in LOG_KINDS:
            raise ValueError(f"unknown log entry {entry.kind!r}")
        kind, seat, at = entry.kind, entry.seat, entry.at_ms
        if kind in _BOARD_KINDS:
            mover = self.to_act
            item = {"ply": self.board.ply + 1, "side": self.side_names()[int(self.board.turn)]}
            self.board.push_str(entry.text)
            self.played.append({**item, "text": str(self.board.move_stack[-1])})
            if kind == "move" and not entry.auto and seat is not None:
                self.chosen.append((seat, entry.ply))
            self.offers = Offers()
            self._after_board_change(at, mover)
        elif kind == "takeback":
            target = int(entry.text)
            while self.board.ply > target:
                self.board.pop()
            del self.played[len(self.board.move_stack):]
            self.chosen = [c for c in self.chosen if c[1] < target]
            self.offers = Offers()
            if self.clocks is not None:
                self.clocks.charge(at, self._clock_seat(), increment=False)
        elif kind == "takeback_request":
            self.offers.takeback = {"seat": seat, "ply": int(entry.text), "accepted": []}
        elif kind == "takeback_accept" and self.offers.takeback is not None:
            self.offers.takeback["accepted"].append(seat)
        elif kind == "takeback_decline":
            self.offers.takeback = None
        elif kind == "draw_offer":
            self.offers.draw = seat
        elif kind == "draw_decline":
            self.offers.draw = None
        elif kind == "draw_accept":
            self._end(at, {"code": "1/2-1/2", "winner": "Draw", "reason": "agreed"})
        elif kind in ("resign", "flag") and seat is not None:
            self._drop(seat, kind, at)
        elif kind == "resume" and self.clocks is not None and self.clocks.running is not None:
            self.clocks.since_ms += int(entry.text)
        self.log.append(entry)

    def _after_board_change(self, at: int, mover: Optional[int]) -> None:
        board = self.board
        if board.is_game_over():
            code = board.result()
            reason = self.web.reason(board)
            if self.out:
                reason += "; out: " + ", ".join(str(self.side_name(s)) for s in self.out)
            self._end(at, {"code": code, "winner": self.web.winner_words(board), "reason": reason})
        elif self.clocks is not None and self.to_act != mover:
            self.clocks.charge(at, self._clock_seat())

    def _end(self, at: int, result: dict[str, str]) -> None:
        if self.clocks is not None:
            self.clocks.charge(at, None, increment=False)
        self.ended = result
        self.offers = Offers()

    def _drop(self, seat: int, kind: str, at: int) -> None:
        """seat resigned or flagged: it loses (two seats) or is out (Ludo)."""
        name = str(self.side_name(seat))
        how = f"{name} resigned" if kind == "resign" else f"{name} ran out of time"
        if self.clocks is not None:
            if kind == "flag":
                self.clocks.remaining_ms[seat] = 0
            if self.clocks.running == seat:
                self.clocks.charge(at, None, increment=False)
        self.out.append(seat)
        left = [s for s in range(len(self.seats)) if s not in self.out]
        if len(left) > 1:
            self.offers = Offers()
            return
        winner = left[0]
        if not self.web.kind.part("records").is_result("1-0"):            # a finishing order (Ludo)
            letters = [self.web.kind.module.Color.of(self.sides[s]).letter
                       for s in [winner] + self.out[::-1]]
            code = "".join(letters)
            how = how if len(self.seats) == 2 else "the others are out (" + ", ".join(
                f"{self.side_name(s)}" for s in self.out) + f"; last {how})"
        else:
            code = "1-0" if self.sides[winner] == 0 else "0-1"
        self._end(at, {"code": code, "winner": f"{self.side_name(winner)} wins", "reason": how})

    # Actions -------------------------------------------------------------------------------

    def _add(self, kind: str, seat: Optional[int], text: str, auto: bool, now_ms: int) -> Entry:
        used = 0
        if self.clocks is not None and self.clocks.running is not None and seat == self.clocks.running:
            used = max(0, now_ms - self.clocks.since_ms)
        entry = Entry(self.seq + 1, self.board.ply, kind, seat, text, auto, now_ms, used)
        self.apply(entry)
        return entry

    def act(self, seat: int, message: Mapping[str, Any], now_ms: int) -> list[Entry]:
        """seat's action (a checked message, see docs/web.md); returns the
        entries appended, the server's own after it included. Raises
        ``StaleError``, ``NotYourSeatError``, ``ActionError`` or the
        board's ``ValueError`` (this object is then partly changed: act on a
        clone)."""
        kind = message.get("type")
        if kind not in ACTION_TYPES:
            raise ActionError(f"an action's type is one of {', '.join(ACTION_TYPES)}, not "
                              f"{str(kind)[:20]!r}")
        ply, seq = message.get("ply"), message.get("seq")
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise ActionError("an action carries the ply of the board it was made on")
        if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
            raise ActionError("an action's seq is the seq of the state it was made on")
        if ply != self.board.ply:
            raise StaleError(f"the game has moved on: it is at ply {self.board.ply}, the action was "
                             f"made at ply {ply}; nothing was changed")
        if seq is not None and seq != self.seq:
            raise StaleError(f"the game has changed since this action was made (an offer, an answer "
                             f"or a takeback: entry {self.seq} now, {seq} then); nothing was changed")
        if self.status == "finished":
            raise ActionError("the game is over")
        if self.status == "waiting":
            raise ActionError("the game waits for its players")
        if seat in self.out:
            raise NotYourSeatError(f"{self.side_name(seat)} is out of the game")
        if self.flag_due(now_ms):               # the flag's timer stores it in a moment
            assert self.clocks is not None and self.clocks.running is not None
            raise StaleError(f"{self.side_name(self.clocks.running)}'s time has run out: the flag "
                             f"falls; nothing was changed")
        first = self.seq
        getattr(self, "_" + str(kind))(seat, message, now_ms)
        self.settle(now_ms)
        return self.log[first:]

    def _my_turn(self, seat: int) -> None:
        if self.to_act != seat:
            raise NotYourSeatError(f"it is {self.side_name(self.to_act)}'s turn, not "
                                   f"{self.side_name(seat)}'s")

    def _move(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._my_turn(seat)
        text = message.get("move")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise ActionError("a move is the action's text in the game's notation (at most 200 characters)")
        if self.needs_throw():
            raise ActionError(f"{self.side_name(seat)} must throw the die first")
        split = _turn_splitter(self.board)
        words = [t for w in text.split() for t in (split(w) if split else [w])]
        for word in words:
            if self.to_act != seat:
                raise NotYourSeatError(f"after {self.log[-1].text} it is not {self.side_name(seat)}'s "
                                       f"turn any more; nothing was played")
            self._add("move", seat, word, False, now_ms)

    def _throw(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._my_turn(seat)
        if not self.needs_throw():
            raise ActionError("there is no die to throw now")
        self._add("throw", seat, f"r{secrets.randbelow(6) + 1}", False, now_ms)

    def _takeback(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        if self.offers.takeback is not None:
            raise ActionError("a takeback is already asked for")
        target = self.last_chosen(seat)
        if target is None:
            raise ActionError(f"{self.side_name(seat)} has no action to take back")
        self._add("takeback_request", seat, str(target), False, now_ms)
        self._takeback_if_agreed(now_ms)

    def _takeback_if_agreed(self, now_ms: int) -> None:
        offer = self.offers.takeback
        assert offer is not None
        needed = [s for s in self.people_in_play() if s != offer["seat"]]
        if all(s in offer["accepted"] for s in needed):   # engine seats accept at once
            self._add("takeback", None, str(offer["ply"]), True, now_ms)

    def _answer_takeback(self, seat: int) -> dict[str, Any]:
        offer = self.offers.takeback
        if offer is None:
            raise ActionError("no takeback is asked for")
        if offer["seat"] == seat:
            raise NotYourSeatError("the other side answers a takeback request")
        if seat in offer["accepted"]:
            raise ActionError("you accepted it already")
        return offer

    def _takeback_accept(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._answer_takeback(seat)
        self._add("takeback_accept", seat, "", False, now_ms)
        self._takeback_if_agreed(now_ms)

    def _takeback_decline(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._answer_takeback(seat)
        self._add("takeback_decline", seat, "", False, now_ms)

    def _draw(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        if len(self.seats) != 2 or not self.web.kind.part("records").is_result("1/2-1/2"):
            raise ActionError(f"{self.web.title} has no draws")
        if self.offers.draw is not None:
            raise ActionError("a draw is already offered")
        self._add("draw_offer", seat, "", False, now_ms)
        other = 1 - seat
        if self.seats[other].is_engine:
            self._add("draw_decline", other, "", True, now_ms)   # engines play on

    def _answer_draw(self, seat: int) -> None:
        if self.offers.draw is None:
            raise ActionError("no draw is offered")
        if self.offers.draw == seat:
            raise NotYourSeatError("the other side answers a draw offer")

    def _draw_accept(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._answer_draw(seat)
        self._add("draw_accept", seat, "", False, now_ms)

    def _draw_decline(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._answer_draw(seat)
        self._add("draw_decline", seat, "", False, now_ms)

    def _resign(self, seat: int, message: Mapping[str, Any], now_ms: int) -> None:
        self._add("resign", seat, "", False, now_ms)

    # The server's own entries ----------------------------------------------------------------

    def settle(self, now_ms: int) -> list[Entry]:
        """Appends what needs nobody (see the module); returns it."""
        first = self.seq
        while self.status == "playing":
            seat = self.to_act
            assert seat is not None
            board = self.board
            if self.needs_throw():
                if not (self.auto_throw or self.seats[seat].is_engine or seat in self.out):
                    break
                self._add("throw", seat, f"r{secrets.randbelow(6) + 1}", True, now_ms)
            elif seat in self.out:
                moves = list(board.legal_moves)
                self._add("out_move", seat, str(moves[secrets.randbelow(len(moves))]), True, now_ms)
            elif board.legal_moves.count() == 1:
                (move,) = list(board.legal_moves)
                self._add("move", seat, str(move), True, now_ms)
            else:
                break
        return self.log[first:]

    def engine_move(self, text: str, now_ms: int) -> list[Entry]:
        """The engine seat to act plays text (found on a copy of the board)."""
        if not self.engine_to_act():
            raise ActionError("it is not an engine's turn")
        first = self.seq
        self._add("move", self.to_act, text, False, now_ms)
        self.settle(now_ms)
        return self.log[first:]

    def flag(self, now_ms: int) -> list[Entry]:
        """The running seat's time ran out: it loses (or is out)."""
        assert self.clocks is not None and self.flag_due(now_ms)
        first = self.seq
        self._add("flag", self.clocks.running, "", True, now_ms)
        self.settle(now_ms)
        return self.log[first:]

    def resume(self, unserved_since_ms: int, now_ms: int) -> list[Entry]:
        """The server could not serve the game from unserved_since_ms (its
        last heartbeat before a restart, or its last answer from the
        database before an outage) until now_ms: the running clock gets that
        time back (a ``resume`` entry, its text the milliseconds not
        charged). Returns the entries ([] when no clock runs or no time was
        lost).

        >>> game = OnlineGame.new("insert", {}, [Seat("person"), Seat("person")], TimeControl.parse("1+0"))
        >>> game.start(at_ms=0)
        >>> [(e.kind, e.text) for e in game.resume(10_000, now_ms=25_000)]
        [('resume', '15000')]
        >>> game.clocks.left(0, now_ms=25_000)
        50000
        """
        clocks = self.clocks
        if self.status != "playing" or clocks is None or clocks.running is None:
            return []
        gap = now_ms - max(unserved_since_ms, clocks.since_ms)
        if gap <= 0:
            return []
        first = self.seq
        self._add("resume", None, str(gap), True, now_ms)
        return self.log[first:]

    # Views --------------------------------------------------------------------------------

    def result(self) -> dict[str, str]:
        return self.ended or {"code": "*", "winner": "", "reason": ""}

    def moves(self) -> list[dict[str, Any]]:
        """The actions on the board: ply (after it), side name and text."""
        return list(self.played)

    def moves_changed_since(self, seq: int) -> int:
        """The index of the first item of ``moves()`` that differs from
        what it was at entry seq (its length: none)."""
        first = self.board.ply - len(self.played)
        index = len(self.played)
        for entry in self.log[seq:]:
            if entry.kind in _BOARD_KINDS:
                index = min(index, entry.ply - first)
            elif entry.kind == "takeback":
                index = min(index, int(entry.text) - first)
        return max(0, index)

    def view(self) -> bool:
        """Whether the picture of the game now shows clickable targets."""
        to_act = self.to_act
        return (to_act is not None and not self.seats[to_act].is_engine and to_act not in self.out
                and not self.needs_throw())
