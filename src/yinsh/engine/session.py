"""A game being played: who plays each side, turns, engine replies, undo, save.

A ``Session`` holds a board and a ``Seat`` for each side: a person
(``Seat()``) or a player object (an ``Engine``, ``yinsh.players.RandomPlayer``,
anything with ``best_move(board, **limits)``; with ``analyse`` too, its
``Analysis`` is kept) and its limits. It prints nothing: each action returns
an ``Event`` (also appended to ``session.events``), so a terminal, a web page
or a test drives it the same way:

- ``play(text or move)``: the person to act plays an action (or a whole turn,
  ``"e5-e9 xe6-e10 xa2"``); it is checked first and the board is unchanged
  when it is rejected (``InvalidMoveError``, ``IllegalMoveError``,
  ``NotYourTurnError``).
- ``step()``: one automatic action, an ``Event``, or ``None`` when a person
  must act or the game is over: the only legal action of a side (a single
  row to remove, a pass) is played for it (``"forced"``), and a player seat
  searches and plays (``"engine"``). ``advance()`` steps until ``None``.
- ``undo()``: back to before the last action a person chose, taking back the
  engine replies and forced actions after it (and a forced action before it,
  which would only be played again).
- ``resign(side)``, ``is_over()``, ``result()``, ``termination()``.
- ``save(path, **tags)`` / ``load(path)`` through the game's record module
  (``yinsh.record``, the format of every game);
  ``unsaved`` says whether the game changed since it was saved, loaded or
  given.

How a player seat searches is a hook, ``search(seat, board) -> (analysis or
move, interrupted)``. The default calls the player directly;
``search_in_thread`` runs an engine's ``analyse`` in a worker thread while
the calling thread waits, so that Ctrl-C there stops the search, which then
answers with its best action so far (``interrupted`` is True): that is how
``yinsh play`` lets a person make the engine move now.

The session uses only the board's generic API (``copy``, ``legal_moves``,
``push``, ``push_str``, ``pop``, ``turn``, ``is_game_over``, ``result``,
``outcome``, ``move_stack``), so it serves every game of the library.

>>> import yinsh
>>> from yinsh.engine.session import Seat, Session
>>> board = yinsh.Board(variant="blitz")
>>> session = Session(board, [Seat(), Seat(yinsh.Engine(hash_mb=1), name="engine", depth=1)])
>>> session.play("e5").moves                 # White, a person, places a ring
(yinsh.Move.from_str('e5'),)
>>> event = session.step()                   # Black, the engine, answers
>>> event.kind, event.side, event.analysis.depth, board.ply
('engine', <Color.BLACK: 1>, 1, 2)
>>> session.step() is None                   # now the person must act
True
>>> session.play("e5")
Traceback (most recent call last):
yinsh.errors.IllegalMoveError: illegal move e5: e5 already holds a ring
>>> session.undo() == [yinsh.Move.from_str("e5"), event.move]   # the person's e5 and the reply
True
>>> board.ply
0
>>> session.unsaved
False
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Union

from yinsh.engine.hooks import side_names, split_turn
from yinsh.errors import IllegalMoveError, InvalidMoveError

__all__ = ["Seat", "Event", "Session", "NotYourTurnError", "search_in_thread", "direct_search",
           "wait_for", "played"]

#: ``search(seat, board) -> (analysis or move, interrupted)``: how a player seat finds its action.
SearchHook = Callable[["Seat", Any], tuple[Any, bool]]


class Seat:
    """Who plays a side: a person (``player=None``, the default) or a player
    object with ``best_move(board, **limits)`` (and perhaps ``analyse`` and
    ``stop``), searched with ``limits`` (``depth=2``, ``time=0.5``, ...; a
    ``None`` limit is left out). ``name`` is what records call it (default
    ``Human``, or the player's ``name`` attribute, or its class name).

    >>> import yinsh
    >>> Seat(), Seat(yinsh.players.GreedyPlayer(), depth=3, time=None)
    (Seat(None, name='Human'), Seat(GreedyPlayer(), name='greedy', depth=3))
    """

    __slots__ = ("player", "name", "limits")

    def __init__(self, player: Any = None, name: Optional[str] = None, **limits: Any) -> None:
        if player is not None and not hasattr(player, "best_move"):
            raise TypeError(f"a player needs a best_move(board, ...) method; "
                            f"{type(player).__name__} has none")
        self.player = player
        self.name = name or ("Human" if player is None
                             else getattr(player, "name", None) or type(player).__name__)
        self.limits = {k: v for k, v in limits.items() if v is not None}

    @property
    def is_human(self) -> bool:
        """Whether a person plays this side."""
        return self.player is None

    def __repr__(self) -> str:
        limits = "".join(f", {k}={v!r}" for k, v in self.limits.items())
        return f"Seat({self.player!r}, name={self.name!r}{limits})"


@dataclass(frozen=True)
class Event:
    """Something that happened in a session.

    ``kind``: ``"play"`` (a person's actions), ``"forced"`` (the only legal
    action, played for its side), ``"engine"`` (a player's action),
    ``"undo"`` (``moves`` taken back, oldest first), ``"resign"``.
    ``side`` is the side that acted (for ``undo``: the side to act
    afterwards), ``human`` whether a person plays it. ``analysis`` is the
    engine's ``Analysis`` (``None`` for a player without ``analyse``) and
    ``interrupted`` whether its search was stopped early.
    """

    kind: str
    side: Any
    moves: tuple[Any, ...] = ()
    human: bool = False
    analysis: Any = None
    interrupted: bool = False

    @property
    def move(self) -> Any:
        """The first (for ``play``, ``forced`` and ``engine``: the) action, or ``None``."""
        return self.moves[0] if self.moves else None


class NotYourTurnError(IllegalMoveError):
    """``play`` was called when a player seat is to act, or the actions of
    one call go on past the turn of the side that started them (nothing is
    played then). ``moves``: the actions that were legal before the turn
    passed."""

    def __init__(self, message: str, moves: Iterable[Any] = ()) -> None:
        super().__init__(message)
        self.moves = list(moves)


# Searching -----------------------------------------------------------------------

def direct_search(seat: Seat, board: Any) -> tuple[Any, bool]:
    """The default search hook: ``(player.analyse(board, **limits), False)``
    when the player has ``analyse``, else ``(player.best_move(...), False)``."""
    player = seat.player
    if hasattr(player, "analyse"):
        return player.analyse(board, **seat.limits), False
    return player.best_move(board, **seat.limits), False


def played(player: Any, board: Any, analysis: Any) -> Any:
    """The action a player plays after analysis (its search of board):
    ``player.choose(board, analysis)`` when it has ``choose`` (an engine's
    level picks among its lines: ``Engine.choose``), else the analysis's
    best move."""
    choose = getattr(player, "choose", None)
    return choose(board, analysis) if callable(choose) else analysis.best_move


def wait_for(done: threading.Event) -> None:
    """Waits until done is set, in short sleeps so that Ctrl-C gets through.
    (Not ``Thread.join``: on Python 3.11 a join that Ctrl-C interrupts can
    leave the thread looking finished while it still runs.)"""
    while not done.is_set():
        time.sleep(0.02)


def search_in_thread(player: Any, board: Any, limits: Optional[dict[str, Any]] = None, *,
                     wait: Callable[[threading.Event], None] = wait_for,
                     on_start: Optional[Callable[[], None]] = None) -> tuple[Any, bool]:
    """``(analysis, interrupted)``: ``player.analyse(board, **limits)`` run in
    a worker thread while this thread calls ``wait(done)`` (then
    ``on_start()`` first). A ``KeyboardInterrupt`` there (Ctrl-C) calls
    ``player.stop()`` until the search ends; its answer is the best action
    so far (the engine always finishes its first iteration) and interrupted
    is True. An exception of the search is raised here.

    Use it as a session's search hook with
    ``search=lambda seat, board: search_in_thread(seat.player, board, seat.limits)``.
    """
    outcome: dict[str, Any] = {}
    done = threading.Event()

    def work() -> None:
        try:
            outcome["analysis"] = player.analyse(board, **(limits or {}))
        except BaseException as exc:  # re-raised in the waiting thread
            outcome["error"] = exc
        finally:
            done.set()

    interrupted = False
    threading.Thread(target=work, name="engine-search", daemon=True).start()
    try:
        if on_start is not None:
            on_start()
        wait(done)
    except KeyboardInterrupt:
        interrupted = True
        while not done.is_set():      # a stop() is lost if the search has not begun yet
            try:
                player.stop()
                time.sleep(0.02)
            except KeyboardInterrupt:
                pass
    if "error" in outcome:
        raise outcome["error"]
    return outcome["analysis"], interrupted


# The session ------------------------------------------------------------------------

Action = Union[str, Any]


class Session:
    """A game on ``board`` (played on in place) with a ``Seat`` for each side
    (``seats[side]``, sides numbered as ``board.turn``; ``None`` in the list
    is a person, a player object is a seat with no limits).

    ``record``: the record module for ``save``/``load`` (default:
    ``yinsh.record``, the format of every game). ``search``:
    the search hook (default ``direct_search``). ``auto_forced``: whether
    ``step`` plays a side's only legal action for it (default True).
    """

    def __init__(self, board: Any, seats: Iterable[Any], *, record: Any = None,
                 search: Optional[SearchHook] = None, auto_forced: bool = True) -> None:
        self.board = board
        self.seats: list[Seat] = [s if isinstance(s, Seat) else Seat(s) for s in seats]
        names = side_names(board)
        if len(self.seats) != len(names):
            raise ValueError(f"the game has {len(names)} sides ({', '.join(names)}); "
                             f"{len(self.seats)} seats were given")
        self.search: SearchHook = search or direct_search
        self.auto_forced = auto_forced
        self.events: list[Event] = []
        #: The side that resigned, or None.
        self.resigned: Any = None
        self._record = record
        self._chosen: list[int] = []           # stack lengths before each action a person chose
        self._mark_saved()

    # State ---------------------------------------------------------------------

    @property
    def record(self) -> Any:
        """The game's record module (``read``, ``write``, ``Game``)."""
        if self._record is None:
            from yinsh import record               # the format of every game
            self._record = record
        return self._record

    def seat(self, side: Any = None) -> Seat:
        """The seat of side (default: the side to act)."""
        seat: Seat = self.seats[self.board.turn if side is None else side]
        return seat

    def is_over(self) -> bool:
        """Whether the game has ended (on the board, or by a resignation)."""
        return self.resigned is not None or self.board.is_game_over()

    def human_to_act(self) -> bool:
        """Whether the game waits for a person: not over, a person's side to
        act, and (with ``auto_forced``) more than one legal action."""
        if self.is_over() or not self.seat().is_human:
            return False
        return not self.auto_forced or self.board.legal_moves.count() != 1

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` would take something back (a person's action or a
        resignation)."""
        return self.resigned is not None or bool(self._chosen)

    def result(self) -> str:
        """The board's result (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"*"``), or
        the result of a resignation (two sides: the other side wins)."""
        if self.resigned is not None:
            return "0-1" if self.resigned == 0 else "1-0"
        result: str = self.board.result()
        return result

    def termination(self) -> Optional[str]:
        """Why the game ended: ``"resignation"``, the board's reason
        (``"rings"``, ...), or ``None`` while it goes on."""
        if self.resigned is not None:
            return "resignation"
        outcome = self.board.outcome()
        return None if outcome is None else str(getattr(outcome.termination, "value",
                                                        outcome.termination))

    @property
    def unsaved(self) -> bool:
        """Whether the game changed since it was given, saved or loaded."""
        return (list(self.board.move_stack), self.resigned) != self._saved

    def _mark_saved(self) -> None:
        self._saved = (list(self.board.move_stack), self.resigned)

    def _add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    # A person's actions ----------------------------------------------------------

    def split(self, text: str) -> list[str]:
        """The action texts of an input line: words, each split further by the
        board's own game (``yinsh.engine.hooks.split_turn``: Yinsh's grouped
        turns, ``"e5-e9;xe6-e10xa2"``; a word is an action in the other games).
        Raises ``InvalidMoveError`` for a word that cannot be split."""
        return [t for w in text.split() for t in split_turn(self.board, w)]

    def play(self, action: Union[Action, Iterable[Action]]) -> Event:
        """The person to act plays action: a ``Move``, its text, a line of
        several (a whole turn: ``"e5-e9 xe6-e10 xa2"``, see ``split``), or a
        list of moves or texts. All are checked before any is played.

        Raises ``InvalidMoveError`` (text that is no action),
        ``IllegalMoveError`` (an action the position does not allow; also
        when the game is over), ``NotYourTurnError`` (a player seat is to
        act, or the actions go past the turn of this side); the board is then
        unchanged.
        """
        board = self.board
        if self.is_over():
            raise IllegalMoveError(f"the game is over ({self.result()})")
        side = board.turn
        if not self.seat(side).is_human:
            raise NotYourTurnError(f"{side_names(board)[side]} is played by {self.seat(side).name}")
        if isinstance(action, str):
            items: list[Any] = self.split(action)
        elif isinstance(action, (list, tuple)):
            items = list(action)
        else:
            items = [action]
        if not items:
            raise InvalidMoveError("no action given")
        trial = board.copy()
        moves: list[Any] = []
        for item in items:
            if trial.is_game_over() or trial.turn != side:
                raise NotYourTurnError(
                    f"after {' '.join(str(m) for m in moves)} it is not "
                    f"{side_names(board)[side]}'s turn any more; nothing was played", moves)
            if isinstance(item, str):
                moves.append(trial.push_str(item))
            else:
                trial.push(item)
                moves.append(item)
        for move in moves:
            self._chosen.append(len(board.move_stack))
            board.push(move)
        return self._add(Event("play", side, tuple(moves), True))

    def resign(self, side: Any = None) -> Event:
        """side (default: the side to act) gives up; the other side wins.
        Raises ``IllegalMoveError`` when the game is already over."""
        if self.is_over():
            raise IllegalMoveError(f"the game is over ({self.result()})")
        side = self.board.turn if side is None else type(self.board.turn)(side)
        self.resigned = side
        return self._add(Event("resign", side, (), self.seat(side).is_human))

    def undo(self) -> list[Any]:
        """Takes back the last action a person chose and every action after it
        (engine replies, forced actions), and goes on past forced actions
        before it (they would only be played again); returns the actions
        taken back, oldest first (empty: nothing to undo). A resignation is
        withdrawn first, alone."""
        if self.resigned is not None:
            side, self.resigned = self.resigned, None
            self._add(Event("undo", side, (), self.seat(side).is_human))
            return []
        if not self._chosen:
            return []
        board = self.board
        taken = []
        while True:
            target = self._chosen.pop()
            for _ in range(len(board.move_stack) - target):
                taken.append(board.pop())
            if not self._chosen or board.legal_moves.count() != 1:
                break
        taken.reverse()
        self._add(Event("undo", board.turn, tuple(taken), self.seat().is_human))
        return taken

    # Automatic actions -------------------------------------------------------------

    def step(self) -> Optional[Event]:
        """Plays one automatic action and returns its ``Event``: the only
        legal action of the side to act (``"forced"``, with ``auto_forced``)
        or a player seat's choice (``"engine"``, through the search hook).
        Returns ``None`` when a person must act or the game is over.

        Raises ``RuntimeError`` when a player gives no action, and the
        board's ``IllegalMoveError`` when it gives an illegal one."""
        if self.is_over():
            return None
        board = self.board
        side = board.turn
        seat = self.seat(side)
        if self.auto_forced and board.legal_moves.count() == 1:
            (move,) = list(board.legal_moves)
            board.push(move)
            return self._add(Event("forced", side, (move,), seat.is_human))
        if seat.is_human:
            return None
        found, interrupted = self.search(seat, board.copy())
        analysis = found if hasattr(found, "best_move") else None
        move = found if analysis is None else played(seat.player, board, analysis)
        if move is None:
            raise RuntimeError(f"{seat.name} gave no action in a game that goes on")
        board.push(move)
        return self._add(Event("engine", side, (move,), False, analysis, interrupted))

    def advance(self, on_event: Optional[Callable[[Event], None]] = None) -> list[Event]:
        """Steps until a person must act or the game is over; returns the
        events (``on_event(event)`` is called after each)."""
        events: list[Event] = []
        while True:
            event = self.step()
            if event is None:
                return events
            events.append(event)
            if on_event is not None:
                on_event(event)

    # Records -----------------------------------------------------------------------

    def game(self, **tags: str) -> Any:
        """The record of the game (the record module's ``Game``): the board's
        move stack from where it starts, a tag per side that plays naming
        its seat (``White``, ``Black``; a board with ``players``, such as
        Ludo's, names those), a resignation's Result and Termination, and
        these tags."""
        names = side_names(self.board)
        playing = getattr(self.board, "players", None)
        sides = ([int(side) for side in playing] if isinstance(playing, (list, tuple))
                 else range(len(self.seats)))
        given = {names[i]: self.seats[i].name for i in sides}
        if self.resigned is not None:
            given.update(Result=self.result(), Termination="resignation")
        given.update(tags)
        return self.record.Game.from_board(self.board, **given)

    def save(self, path: Any, **tags: str) -> Any:
        """Writes ``game(**tags)`` to path and returns it; the game is then
        saved. Raises ``ValueError`` for an empty path and ``OSError`` when
        the file cannot be written."""
        if not path:
            raise ValueError("save needs a file name")
        game = self.game(**tags)
        self.record.write(game, path)
        self._mark_saved()
        return game

    def load(self, path: Any, number: int = 1) -> Any:
        """Replaces the game by game number (from 1) of the record at path and
        returns that record's game. The actions of a person's side with a
        choice count as chosen, so ``undo`` can take them back; a recorded
        resignation stands. Raises ``OSError``, the record module's error (a
        ``ValueError``) for a bad record, ``IndexError`` for no such game.
        The seats stay as they are."""
        games = self.record.read(path)
        if not 1 <= number <= len(games):
            raise IndexError(f"{path} holds {len(games)} game(s); there is no game {number}")
        game = games[number - 1]
        board = game.board.copy()
        stack = list(board.move_stack)
        replay = board.copy()
        for _ in stack:
            replay.pop()
        chosen = []
        for i, move in enumerate(stack):
            if self.seats[replay.turn].is_human and replay.legal_moves.count() > 1:
                chosen.append(i)
            replay.push(move)
        self.board, self._chosen, self.resigned = board, chosen, None
        winner = getattr(game, "winner", None)
        if (game.tags.get("Termination") == "resignation" and winner is not None
                and not board.is_game_over()):
            self.resigned = type(board.turn)(1 - winner)
        self._mark_saved()
        return game
