"""The games the server holds: one ``GameSession`` per game, kept in a
``SessionStore`` under an unguessable id.

A ``GameSession`` is a ``yinsh.engine.session.Session`` (the seats, the
person's actions, the engine's replies, undo, resign) with what the page
adds: the die throws of Ludo, the forced actions played at once, and the
JSON the page draws (``state()``). Its methods change the game only when
they succeed (a rejected action raises the library's ``ValueError`` and
leaves everything as it was).

>>> from yinsh.web.games import WEB_GAMES
>>> store = SessionStore()
>>> game = store.add(GameSession(WEB_GAMES["insert"].new_board({"layout": 7}), [None, None]))
>>> len(game.id) >= 22 and store.get(game.id) is game
True
>>> game.play("c3")["moves"][0]["text"]
'c3'
>>> game.play("c3")
Traceback (most recent call last):
yinsh.errors.IllegalMoveError: illegal move c3: the square is taken (a white ring is on it)
"""
from __future__ import annotations

import asyncio
import datetime
import io
import random
import re
import secrets
import threading
import time
from collections import Counter, OrderedDict
from typing import Any, Optional, Sequence, Union

from yinsh import record
from yinsh.engine.session import NotYourTurnError, Seat, Session
from yinsh.errors import IllegalMoveError
from yinsh.parts.web import OptionError
from yinsh.web import games as _games
from yinsh.web.engines import SLOTS, EnginePlayer, SearchSlots
from yinsh.web.errors import WebError

#: A seat of a new game: ``None`` (a person), an engine's seconds an action
#: (level 8), or an engine's ``(seconds or None, level)`` (``inputs.EngineSeat``).
SeatSpec = Union[None, float, tuple[Optional[float], int]]

__all__ = ["GameSession", "SessionStore", "UnknownSessionError", "import_game", "SeatSpec", "MAX_SESSIONS",
           "SESSIONS_PER_CLIENT", "IDLE_SECONDS"]

MAX_SESSIONS = 5000          # the oldest idle game goes when a new one would pass this
SESSIONS_PER_CLIENT = 100    # one client address's own oldest game goes past this
IDLE_SECONDS = 24 * 3600     # a game untouched this long is forgotten


class UnknownSessionError(WebError, LookupError):
    """No game has this id (never had, or it was forgotten): 404."""

    status = 404


class GameSession:
    """A game on the server (see the module). seats: for each side taking
    part, in ``board.players`` order (Ludo) or side order, a ``SeatSpec``:
    ``None`` for a person, an engine's seconds an action, or an engine's
    ``(seconds, level)``; an engine seat below level 8 draws its choices
    with the game's id and the ply (``engines.move_seed``). auto_throw: the
    page throws the die for people too (Ludo). slots: where the engine
    seats search."""

    def __init__(self, board: Any, seats: Sequence[SeatSpec], *,
                 auto_throw: bool = False, slots: SearchSlots = SLOTS) -> None:
        self.id = secrets.token_urlsafe(18)
        self.game = _games.of_board(board)
        sides = self.game.seats(board)
        if len(seats) != len(sides):
            raise OptionError(f"this game has {len(sides)} seats, not {len(seats)}")
        by_side = [Seat()] * len(self.game.side_names(board))
        for side, spec in zip(sides, seats):
            by_side[side] = Seat() if spec is None else Seat(self._engine(spec, slots))
        self.session = Session(board, by_side, record=record)
        self.auto_throw = bool(auto_throw)
        self.rng = random.Random(secrets.randbits(64))
        self.lock = asyncio.Lock()          # one request at a time changes the game
        self.touched = time.monotonic()
        self.settle()

    def _engine(self, spec: Union[float, tuple[Optional[float], int]], slots: SearchSlots) -> EnginePlayer:
        if isinstance(spec, tuple):
            seconds, level = spec
            return EnginePlayer(seconds, slots, level, seed=self.id)
        return EnginePlayer(spec, slots, seed=self.id)

    # The game ----------------------------------------------------------------

    @property
    def board(self) -> Any:
        return self.session.board

    def is_over(self) -> bool:
        return bool(self.session.is_over())

    def _seat(self) -> Seat:
        return self.session.seat()

    def engine_to_act(self) -> bool:
        """Whether an engine seat is to choose an action (``step`` plays it)."""
        return (not self.is_over() and not self.game.needs_throw(self.board)
                and not self._seat().is_human)

    def settle(self) -> None:
        """Plays what needs nobody: forced actions, and the throws of engine
        seats (of every seat with auto_throw)."""
        session, board = self.session, self.board
        while not self.is_over():
            if self.game.needs_throw(board):
                if not (self.auto_throw or not self._seat().is_human):
                    return
                self.game.throw(board, self.rng)
            elif board.legal_moves.count() == 1:
                session.step()
            else:
                return

    def play(self, text: str) -> dict[str, Any]:
        """A person's action (text in the game's notation)."""
        if self.game.needs_throw(self.board):
            raise IllegalMoveError(f"{str(self.board.turn).capitalize()} must throw the die first")
        self.session.play(text)
        self.settle()
        return self.state()

    def throw(self) -> dict[str, Any]:
        """The side to act (a person) throws the die (Ludo)."""
        if not self.game.needs_throw(self.board):
            raise IllegalMoveError("there is no die to throw now")
        if not self._seat().is_human:
            raise NotYourTurnError(f"{str(self.board.turn).capitalize()} is played by the engine")
        self.game.throw(self.board, self.rng)
        self.settle()
        return self.state()

    def step(self) -> dict[str, Any]:
        """The engine seat to act searches and plays (in the caller's thread)."""
        if not self.engine_to_act():
            raise IllegalMoveError("it is not an engine's turn")
        self.session.step()
        self.settle()
        return self.state()

    def undo(self) -> dict[str, Any]:
        """Back to before the last action a person chose (with the engine's
        replies after it)."""
        if not self.session.can_undo:
            raise IllegalMoveError("there is no action of a person to take back")
        self.session.undo()
        return self.state()

    def resign(self) -> dict[str, Any]:
        """The person to act (else the only person) gives up."""
        if self.is_over():
            raise IllegalMoveError("the game is over")
        board, seats = self.board, self.session.seats
        humans = [s for s in self.game.seats(board) if seats[s].is_human]
        if not humans:
            raise IllegalMoveError("no person plays in this game")
        side = board.turn if seats[int(board.turn)].is_human else humans[0]
        self.session.resign(side)
        return self.state()

    # Views -------------------------------------------------------------------

    def result(self) -> dict[str, str]:
        """The result: ``code`` (record), ``winner`` and ``reason`` in words."""
        session, board, names = self.session, self.board, self.game.side_names(self.board)
        if session.resigned is not None:
            loser = names[int(session.resigned)]
            if not self.game.kind.part("records").is_result("1-0"):       # results are no two-sided scores
                return {"code": "*", "winner": f"{loser} resigned", "reason": "resignation"}
            others = [n for i, n in enumerate(names) if i != int(session.resigned)]
            return {"code": session.result(), "winner": f"{others[0]} wins",
                    "reason": f"{loser} resigned"}
        if not board.is_game_over():
            return {"code": "*", "winner": "", "reason": ""}
        return {"code": board.result(), "winner": self.game.winner_words(board),
                "reason": self.game.reason(board)}

    def moves(self) -> list[dict[str, Any]]:
        """The actions so far: ply (after it), side name and text."""
        board = self.board
        return self.game.move_list(_games.board_at(board, board.ply - len(board.move_stack)), board.move_stack)

    def record_text(self) -> str:
        """The game in the library's record format."""
        board = self.board
        sides = self.game.seats(board)
        names = self.game.side_names(board)
        tags = {names[s]: self.session.seats[s].name for s in sides}
        tags.update(Event="Casual game", Site="yinsh serve",
                    Date=datetime.date.today().strftime("%Y.%m.%d"))
        if self.session.resigned is not None:
            tags.update(Result=self.result()["code"], Termination="resignation")
        return record.write(record.Game.from_board(board, **tags))

    def state(self, *, targets: bool = True) -> dict[str, Any]:
        """What the page draws: the picture, the actions, whose turn and
        what to do in words, the moves and the result."""
        board, game, session = self.board, self.game, self.session
        names = game.side_names(board)
        over = self.is_over()
        human = not over and self._seat().is_human
        choices = game.choices(board) if human else []
        result = self.result()
        if over:
            prompt = f"Game over: {result['winner']}" + (
                f" ({result['reason']})" if result["reason"] else "")
        elif self.engine_to_act():
            prompt = f"{names[int(board.turn)]} (engine) is thinking"
        else:
            prompt = game.prompt(board)
        return {
            "id": self.id, "game": game.name, "title": game.title, "target": game.target,
            "ply": board.ply, "position": board.position(),
            "turn": None if over else names[int(board.turn)],
            "seats": [{"side": names[s], "human": session.seats[s].is_human,
                       "name": session.seats[s].name,
                       "level": getattr(session.seats[s].player, "level", None)} for s in game.seats(board)],
            "prompt": prompt, "over": over, "result": result,
            "choices": [c.as_json() for c in choices],
            "buttons": {"pass": any(not c.paths for c in choices),
                        "throw": human and game.needs_throw(board)},
            "engine_to_act": self.engine_to_act(),
            "can_undo": session.can_undo,
            "moves": self.moves(),
            "svg": game.svg(board, [], targets and human and not game.needs_throw(board)),
        }

    def touch(self) -> None:
        self.touched = time.monotonic()


def import_game(text: str, seats: Optional[Sequence[SeatSpec]] = None,
                slots: SearchSlots = SLOTS, auto_throw: bool = False) -> GameSession:
    """A game from pasted text: a record (the library's format or a
    Boardspace SGF) or a position string of any game, with seats (people by
    default) and auto_throw as ``GameSession``'s. Raises ``ValueError``
    saying why none of them fits."""
    text = text.strip()
    if not text:
        raise ValueError("nothing to import: paste a record or a position string")
    looks_recorded = text[0] in "[(" or re.match(r"\d+\.", text) is not None
    try:
        games = record.reads(text)
    except ValueError as exc:
        if looks_recorded:
            raise ValueError(f"not a record: {exc}") from None
        problems = []
    else:
        if not games:
            raise ValueError("the record holds no game")
        start = games[0].start_board()
        game = _games.of_board(start)
        imported = GameSession(start, seats or [None] * len(game.seats(start)), slots=slots,
                               auto_throw=auto_throw)
        imported.session.load(io.StringIO(text))
        imported.settle()
        return imported
    for game in _games.WEB_GAMES.values():
        try:
            board = game.board_from_position(text)
        except ValueError as exc:
            problems.append(f"as a {game.title} position: {exc}")
            continue
        return GameSession(board, seats or [None] * len(game.seats(board)), slots=slots,
                           auto_throw=auto_throw)
    raise ValueError("neither a record nor a position string (" + "; ".join(problems) + ")")


class SessionStore:
    """The games by id, at most ``limit``, at most ``per_client`` of one
    client address; the least recently used go first (a client past its
    share loses its own oldest game, nobody else's), and games idle for
    ``idle`` seconds are forgotten.

    >>> from yinsh.web.games import WEB_GAMES
    >>> store = SessionStore(limit=10, per_client=2)
    >>> made = [store.add(GameSession(WEB_GAMES["insert"].new_board({}), [None, None]), client)
    ...         for client in ("ann", "bob", "bob", "bob")]
    >>> len(store), [game.id in store for game in made]
    (3, [True, False, True, True])
    """

    def __init__(self, limit: int = MAX_SESSIONS, idle: float = IDLE_SECONDS,
                 per_client: int = SESSIONS_PER_CLIENT) -> None:
        self._games: OrderedDict[str, GameSession] = OrderedDict()
        self._clients: dict[str, str] = {}          # game id -> the client address that made it
        self._counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.limit, self.idle, self.per_client = limit, idle, per_client

    def add(self, game: GameSession, client: str = "") -> GameSession:
        """Keeps game, made by client (an address)."""
        with self._lock:
            now = time.monotonic()
            if self._counts[client] >= self.per_client:
                self._forget(next(i for i, c in self._clients.items() if c == client))
            while self._games:
                oldest = next(iter(self._games.values()))
                if len(self._games) < self.limit and now - oldest.touched < self.idle:
                    break
                self._forget(oldest.id)
            self._games[game.id] = game
            self._clients[game.id] = client
            self._counts[client] += 1
        return game

    def _forget(self, game_id: str) -> None:
        del self._games[game_id]
        client = self._clients.pop(game_id)
        self._counts[client] -= 1
        if self._counts[client] <= 0:
            del self._counts[client]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def get(self, game_id: object) -> GameSession:
        """The game of game_id (``UnknownSessionError``)."""
        with self._lock:
            game = self._games.get(game_id) if isinstance(game_id, str) else None
            if game is None or time.monotonic() - game.touched >= self.idle:
                raise UnknownSessionError("no such game on the server (it may have expired): "
                                          "start a new one")
            self._games.move_to_end(game_id)  # type: ignore[arg-type]
            game.touch()
            return game

    def __len__(self) -> int:
        return len(self._games)
