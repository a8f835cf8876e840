"""Matches between two players: the games, their results and the statistics.

``run_match(a, b, games, board=...)`` plays ``games`` games of contestant A
against contestant B from the start position ``board`` and returns a
``MatchResult``:

- A ``Contestant`` is a name, a factory ``make(seed)`` of a fresh player
  for each game (anything with ``best_move(board, **limits)``: an engine,
  ``yinsh.players.RandomPlayer``) and the limits it plays with.
- Colours alternate: games 1, 3, 5, ... have A as the first side, games 2,
  4, 6, ... as the second, and each pair of games starts from the same
  opening, ``opening(board, rng)`` (e.g. ``yinsh.yinsh.openings.random_placements``;
  ``None``: no opening).
- Seeds are fixed per game (the same ``seed`` gives the same games): game i
  (from 0) of pair k = i // 2 draws its opening from
  ``random.Random(seed * 1_000_003 + k)`` and makes its players with
  ``a.make(seed + i)`` and ``b.make(seed + i + 7919)``.
- ``workers=K`` plays K games at a time in worker processes, ``ray=...``
  as Ray tasks (``yinsh.engine.workers``; the contestants and the
  opening must pickle: classes and module-level functions do, lambdas do
  not; the start board travels as its position string). The results are
  those of the serial run, in game order.
- Dice (a board whose ``is_chance()`` is true) are thrown by the runner,
  ``board.throw(rng)`` with game i's ``random.Random(seed * 1_000_003 + i)``.
- ``on_game(game, result)`` is called after each game, in game order (a
  progress line); ``sprt=SPRT(elo0, elo1)`` stops the match once the test
  decides; Ctrl-C (``KeyboardInterrupt``) stops it too, and the games
  reported so far come back with ``interrupted=True``.

Games of 2 to 4 players (Ludo) are matched by seats instead: see
``run_seats`` below (seats rotated over the colours, first-place rates).

``MatchResult`` holds a ``GameResult`` per game (with its actions when
``keep_moves``) and computes W/D/L, A's score with a 95% Wilson interval,
the Elo difference with the interval's Elo, and the SPRT's log-likelihood
ratio (the statistics are ``yinsh.engine.match_stats``'s; this module
names them too). It pickles. ``game_records(result, board)`` turns the
games into records of the game's record module (``yinsh.record.Game``).

The runner uses only the board's generic API (``copy``, ``legal_moves``,
``push``, ``turn``, ``is_game_over``, ``result``, ``outcome``,
``move_stack``, ``position``), so it serves every game of the library.

>>> import yinsh
>>> from yinsh.engine.match import Contestant, run_match
>>> greedy = Contestant("greedy", yinsh.players.GreedyPlayer)
>>> rand = Contestant("random", yinsh.players.RandomPlayer)
>>> result = run_match(greedy, rand, 2, board=yinsh.Board(variant="blitz"))
>>> (result.wins, result.draws, result.losses), [g.a_side for g in result.games]
((2, 0, 0), [0, 1])
>>> print(result.summary().splitlines()[2])
Score (A): 1.000 (95% interval 0.342-1.000)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

from yinsh.engine.api import Engine
from yinsh.engine.child import PlayerError
from yinsh.engine.clock import GameClock
from yinsh.engine.hooks import side_names
from yinsh.engine.levels import MAX_LEVEL
from yinsh.engine.match_stats import (SPRT, Z95, elo, expected_score, format_elo, score_interval, sprt_llr,
                                      wilson)
from yinsh.engine.workers import in_order, run_items

__all__ = ["Contestant", "EngineFactory", "GameResult", "MatchResult", "SPRT", "run_match", "game_records",
           "score_interval", "elo", "expected_score", "format_elo", "sprt_llr",
           "SeatedResult", "run_seats", "wilson"]


# Results -------------------------------------------------------------------------

@dataclass(frozen=True)
class Contestant:
    """A player of a match: its ``name``, ``make(seed)`` returning a fresh
    player for a game (a class such as ``yinsh.players.RandomPlayer``
    works), and the ``limits`` passed to its ``best_move``."""

    name: str
    make: Callable[[int], Any]
    limits: dict[str, Any] = field(default_factory=dict)


class EngineFactory:
    """``make(seed)`` for a match (``Contestant``): a fresh ``Engine`` with a
    ``hash_mb`` MB table, the evaluation ``evaluation`` (``Engine``'s:
    ``"auto"``, each game's default) and the level ``level`` (1..8) for
    each game, of any game; below level 8 the game's seed seeds the level's
    choices (the full engine is deterministic). A game's players are such
    factories too (``yinsh.players.RandomPlayer(seed)``). It pickles, for
    worker processes.

    >>> EngineFactory(4)(seed=7)
    Engine(hash_mb=4)
    >>> EngineFactory(4, "classic"), EngineFactory(4, level=3)(seed=7)
    (EngineFactory(4, 'classic'), Engine(hash_mb=4, level=3, seed=7))
    """

    def __init__(self, hash_mb: int = 16, evaluation: str = "auto", level: int = MAX_LEVEL) -> None:
        self.hash_mb = hash_mb
        self.evaluation = evaluation
        self.level = level

    def __call__(self, seed: int = 0) -> Engine:
        return Engine(hash_mb=self.hash_mb, evaluation=self.evaluation, level=self.level,
                      seed=seed if self.level != MAX_LEVEL else None)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, EngineFactory) and other.hash_mb == self.hash_mb
                and other.evaluation == self.evaluation and other.level == self.level)

    def __hash__(self) -> int:
        return hash((EngineFactory, self.hash_mb, self.evaluation, self.level))

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update({"evaluation": "classic", "level": MAX_LEVEL, **state})  # pickles of before

    def __repr__(self) -> str:
        evaluation = f", {self.evaluation!r}" if self.evaluation != "auto" else ""
        level = f", level={self.level}" if self.level != MAX_LEVEL else ""
        return f"EngineFactory({self.hash_mb}{evaluation}{level})"


@dataclass(frozen=True)
class GameResult:
    """One game of a match: ``number`` (from 1), ``a_side`` (A's side: 0
    first, 1 second), the board's ``result`` (``"*"`` for a game stopped at
    ``max_actions``), ``winner`` (a side number or ``None``), ``termination``
    (the board's reason, or ``None``), A's ``points`` (1, 1/2 or 0; an
    unfinished game counts as a draw), ``plies`` (the actions of the game,
    opening included), ``final_position`` (the position string at the end)
    and ``moves`` (the actions from the start position, or ``None``).

    A game lost outside the rules has ``termination`` ``"forfeit"`` (the
    player failed: a ``yinsh.engine.child.PlayerError`` such as a UGI
    engine's crash, hang or illegal move) or ``"time forfeit"`` (its clock
    ran out), the winner's ``result`` (``"1-0"`` or ``"0-1"``) on an
    unfinished board, and ``forfeit``, what happened (``"illegal move
    'zz9'"``)."""

    number: int
    a_side: int
    result: str
    winner: Optional[int]
    termination: Optional[str]
    points: float
    plies: int
    final_position: str
    moves: Optional[tuple[Any, ...]] = None
    forfeit: Optional[str] = None

    @property
    def verdict(self) -> str:
        """``"A wins"``, ``"B wins"`` or ``"draw"``."""
        return {1.0: "A wins", 0.0: "B wins"}.get(self.points, "draw")

    @property
    def forfeit_text(self) -> Optional[str]:
        """A forfeit in words, ``"forfeit by B: illegal move 'zz9'"``, or ``None``."""
        if self.forfeit is None or self.winner is None:
            return None
        loser = "B" if self.winner == self.a_side else "A"
        return f"{self.termination} by {loser}: {self.forfeit}"


@dataclass
class MatchResult:
    """The games of a match between A and B (names ``a``, ``b``) and their
    statistics, from A's side. ``planned``: the games asked for;
    ``interrupted``: stopped by Ctrl-C; ``sprt``: the test, if any;
    ``seconds``: the time taken; ``clock``: the game clock ``(seconds,
    increment)``, if any."""

    a: str
    b: str
    planned: int
    games: list[GameResult] = field(default_factory=list)
    sprt: Optional[SPRT] = None
    interrupted: bool = False
    seconds: float = 0.0
    clock: Optional[tuple[float, float]] = None
    _tally: tuple[int, int, int, int] = field(default=(0, 0, 0, 0), repr=False, compare=False)

    def _counts(self) -> tuple[int, int, int]:
        n, wins, draws, losses = self._tally
        if n > len(self.games):
            n = wins = draws = losses = 0
        for game in self.games[n:]:                 # only the games added since last time
            wins += game.points == 1.0
            draws += game.points == 0.5
            losses += game.points == 0.0
        self._tally = (len(self.games), wins, draws, losses)
        return wins, draws, losses

    @property
    def wins(self) -> int:
        """A's wins."""
        return self._counts()[0]

    @property
    def draws(self) -> int:
        return self._counts()[1]

    @property
    def losses(self) -> int:
        """A's losses."""
        return self._counts()[2]

    @property
    def points(self) -> list[float]:
        """A's points, game by game."""
        return [game.points for game in self.games]

    def score(self) -> tuple[float, float, float]:
        """A's mean score and its 95% Wilson interval (``score_interval``)."""
        return score_interval(self.points)

    def elo(self) -> tuple[float, float, float]:
        """The Elo difference A - B and the Elo of the score interval's ends."""
        return tuple(elo(x) for x in self.score())  # type: ignore[return-value]

    def llr(self) -> float:
        """The SPRT's log-likelihood ratio (0 without a test)."""
        if self.sprt is None:
            return 0.0
        return self.sprt.llr(*self._counts())

    @property
    def decision(self) -> Optional[str]:
        """The SPRT's decision, ``"H0"`` or ``"H1"``, or ``None``."""
        return None if self.sprt is None else self.sprt.decision(*self._counts())

    def summary(self) -> str:
        """The report of the match, for people: games played, W/D/L, score
        with its interval, Elo, and the SPRT when there is one."""
        n = len(self.games)
        played = (f"{n} of {self.planned} games (interrupted)" if self.interrupted
                  else f"{n} of {self.planned} games (SPRT stop)" if n < self.planned and self.decision
                  else f"{n} games")
        lines = [f"A: {self.a}   B: {self.b}   {played} in {self.seconds:.1f} s"]
        if n == 0:
            return lines[0]
        mean, lo, hi = self.score()
        lines += [f"W/D/L (A): {self.wins}/{self.draws}/{self.losses}",
                  f"Score (A): {mean:.3f} (95% interval {lo:.3f}-{hi:.3f})",
                  f"Elo (A-B): {format_elo(elo(mean))} (95% interval {format_elo(elo(lo))} "
                  f"to {format_elo(elo(hi))})"]
        if self.sprt is not None:
            test = self.sprt
            decisions: dict[Optional[str], str] = {
                "H1": f"H1 accepted (A-B >= {test.elo1:g} Elo)",
                "H0": f"H0 accepted (A-B <= {test.elo0:g} Elo)"}
            decision = decisions.get(self.decision, "no decision")
            lines.append(f"SPRT ({test}): LLR {self.llr():.2f} (bounds {test.lower:.2f}, "
                         f"{test.upper:.2f}): {decision}")
        return "\n".join(lines)


# Playing -------------------------------------------------------------------------

class _Start:
    """The start board of every game: copied in this process; sent to a
    worker process as its class and position string."""

    def __init__(self, board: Any) -> None:
        self.board = board

    def new(self) -> Any:
        return self.board.copy()

    def __reduce__(self) -> tuple[Callable[[type, str], _Start], tuple[type, str]]:
        return _rebuilt, (type(self.board), self.board.position())


def _rebuilt(cls: type, position: str) -> _Start:
    return _Start(cls(position))


@dataclass(frozen=True)
class _GameSpec:
    """Everything one game needs (it pickles, for the worker processes)."""

    index: int
    a: Contestant
    b: Contestant
    start: _Start
    opening: Optional[Callable[[Any, random.Random], None]]
    seed: int
    max_actions: int
    keep_moves: bool
    clock: Optional[tuple[float, float]] = None


def _is_chance(board: Any) -> bool:
    """Whether the dice act next (boards of games with chance have
    ``is_chance()`` and ``throw(rng)``)."""
    is_chance = getattr(board, "is_chance", None)
    return bool(is_chance is not None and is_chance())


def _play_game(spec: _GameSpec) -> GameResult:
    board = spec.start.new()
    base = len(board.move_stack)
    pair, a_side = divmod(spec.index, 2)
    if spec.opening is not None:
        spec.opening(board, random.Random(spec.seed * 1_000_003 + pair))
    forfeit: Optional[tuple[int, str, str]] = None        # (side, termination, reason)
    sides = [(spec.a, spec.seed + spec.index), (spec.b, spec.seed + spec.index + 7919)]
    if a_side:
        sides.reverse()
    seats: list[Any] = []
    for side, (contestant, seed) in enumerate(sides):
        try:
            seats.append(contestant.make(seed))
        except PlayerError as exc:               # a child process that did not start
            forfeit = forfeit or (side, "forfeit", str(exc))
            seats.append(None)
    clock = GameClock.start(2, *spec.clock) if spec.clock is not None else None
    dice = random.Random(spec.seed * 1_000_003 + spec.index)
    for _ in range(spec.max_actions):
        if forfeit is not None or board.is_game_over():
            break
        if _is_chance(board):                   # the dice act: a seeded throw, no player
            board.throw(dice)
            continue
        side = int(board.turn)
        player, limits = seats[side], sides[side][0].limits
        if clock is not None and not limits:    # the clock is the limit
            limits = ({"clock": GameClock(list(clock.remaining), clock.increment)}
                      if getattr(player, "takes_clock", False) else {"time": clock.budget(side)})
        began = time.perf_counter()
        try:
            move = player.best_move(board, **limits)
        except PlayerError as exc:
            forfeit = (side, "forfeit", str(exc))
        spent = time.perf_counter() - began
        if clock is not None:
            left = clock.remaining[side]
            if not clock.spend(side, spent):
                forfeit = (side, "time forfeit", f"out of time ({spent:.3f} s spent, {left:.3f} s left)")
        if forfeit is None:
            board.push(move)
    stack = list(board.move_stack)[base:]
    moves = tuple(stack) if spec.keep_moves else None
    if forfeit is not None:
        loser, termination, reason = forfeit
        winner = 1 - loser
        return GameResult(spec.index + 1, a_side, ("1-0", "0-1")[winner], winner, termination,
                          1.0 if winner == a_side else 0.0, len(stack), board.position(), moves,
                          " ".join(reason.split()))
    outcome = board.outcome()
    won = None if outcome is None or outcome.winner is None else int(outcome.winner)
    points = 0.5 if won is None else 1.0 if won == a_side else 0.0
    ended = None
    if outcome is not None:
        ended = str(getattr(outcome.termination, "value", outcome.termination))
    return GameResult(spec.index + 1, a_side, board.result(), won, ended, points,
                      len(stack), board.position(), moves)


def run_match(a: Contestant, b: Contestant, games: int, *, board: Any,
              opening: Optional[Callable[[Any, random.Random], None]] = None, seed: int = 1,
              workers: int = 1, sprt: Optional[SPRT] = None,
              on_game: Optional[Callable[[GameResult, MatchResult], None]] = None,
              keep_moves: bool = True, max_actions: int = 2000,
              context: Optional[str] = "spawn", ray: Optional[str] = None,
              clock: Optional[tuple[float, float]] = None) -> MatchResult:
    """Plays ``games`` games of A against B from ``board`` (copied for each
    game; not changed) and returns the ``MatchResult`` (see the module).

    ``opening(board, rng)``: the opening of each pair of games; ``seed``:
    the seed of the openings and players; ``workers``: games played at once
    in worker processes (``context``: the multiprocessing start method,
    ``"spawn"`` by default; a worker process that dies has its games
    played again); ``ray``: play the games as Ray tasks instead (``"local"``
    or a cluster's address, ``yinsh.engine.workers``); ``sprt``: stop when the test decides;
    ``on_game(game, result)``: called after each game, in order;
    ``keep_moves``: keep each game's actions; ``max_actions``: the players'
    actions after which an unfinished game counts as a draw.

    ``clock=(seconds, increment)``: each game is played on a clock
    (``yinsh.engine.clock.GameClock``): each side has ``seconds`` for the
    game plus ``increment`` after each of its actions; the referee times each
    action (the wall time of ``best_move``) and a side whose clock runs out
    loses the game (``termination`` ``"time forfeit"``). A contestant
    without limits of its own plays on the clock: a player with
    ``takes_clock`` (``yinsh.engine.ugi_client.UgiEngine``) is given it
    (``clock=``), any other one ``time=clock.budget(side)``; one with its own
    limits keeps them, timed all the same.

    A player that raises ``yinsh.engine.child.PlayerError`` (a child
    process that crashed, hung or answered an illegal action: ``UgiEngine``,
    ``ExternalEngine``) loses that game (``termination`` ``"forfeit"``,
    ``GameResult.forfeit`` says why) and the match goes on.

    Ctrl-C stops the match: the result holds the games reported so far and
    ``interrupted`` is True. Raises ``ValueError`` for a bad number of games
    or workers or a bad clock, and whatever else a player or ``on_game``
    raises.
    """
    for name, value, low in (("games", games, 1), ("workers", workers, 1), ("max_actions", max_actions, 1),
                             ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    if clock is not None:
        try:
            seconds, increment = clock
            GameClock.start(2, seconds, increment)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"clock must be (seconds, increment): {exc}") from None
        clock = (float(seconds), float(increment))
    result = MatchResult(a.name, b.name, games, sprt=sprt, clock=clock)
    start = _Start(board.copy())
    specs = [_GameSpec(i, a, b, start, opening, seed, max_actions, keep_moves, clock) for i in range(games)]
    played = in_order(run_items(_play_game, specs, workers=workers, ray=ray, context=context))
    began = time.perf_counter()
    try:
        for game in played:
            result.games.append(game)
            if on_game is not None:
                on_game(game, result)
            if sprt is not None and result.decision is not None:
                break
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        if hasattr(played, "close"):
            played.close()                       # ends the worker processes
        result.seconds = time.perf_counter() - began
    return result


def game_records(result: MatchResult, board: Any, *, record: Any = None, **tags: str) -> list[Any]:
    """The games of result as records of the game's record module (default:
    found through board, ``yinsh.engine.hooks``): each is its actions from
    board (the match's start position), a tag per side naming its
    contestant (``White``, ``Black``), ``Round`` (the game's number), the
    result from the board (a forfeit's from the game: ``Termination``
    ``"forfeit"`` or ``"time forfeit"`` and ``Forfeit``, who and why,
    ``"Black (B): illegal move 'zz9'"``), ``TimeControl`` (``"10+0.1"``)
    for a match on a clock, and these tags. Raises ``ValueError`` when the
    match kept no moves."""
    if record is None:
        from yinsh import record as _record        # the format of every game
        record = _record
    names = side_names(board)
    out = []
    for game in result.games:
        if game.moves is None:
            raise ValueError("the match kept no moves (keep_moves=False)")
        final = board.copy()
        for move in game.moves:
            final.push(move)
        players = [result.a, result.b] if game.a_side == 0 else [result.b, result.a]
        given = {names[0]: players[0], names[1]: players[1], "Round": str(game.number)}
        if result.clock is not None:
            given["TimeControl"] = "{:g}+{:g}".format(*result.clock)
        if game.forfeit is not None and game.winner is not None and game.termination is not None:
            loser = 1 - game.winner
            who = "A" if loser == game.a_side else "B"
            given.update(Result=game.result, Termination=game.termination,
                         Forfeit=f"{names[loser]} ({who}): {game.forfeit}")
        given.update(tags)
        out.append(record.Game.from_board(final, **given))
    return out


# Matches of 2 to 4 seats -----------------------------------------------------------

@dataclass
class SeatedResult:
    """The games of a seated match (``run_seats``): ``places[g]`` lists the
    seats of game g in finishing order (the board's ``outcome().order``: the
    winner only when the game stops at the first finish; none for a draw),
    ``plies[g]`` its number of actions."""

    names: list[str]
    players: int
    variant: str
    places: list[list[int]] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.places)

    @property
    def wins(self) -> list[int]:
        """First places of each seat."""
        out = [0] * len(self.names)
        for order in self.places:
            if order:
                out[order[0]] += 1
        return out

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Seat's first-place rate and its 95% Wilson interval ``(rate, lo, hi)``."""
        w, n = self.wins[seat], self.games
        lo, hi = wilson(w, n)
        return (w / n if n else 0.0), lo, hi

    def by_name(self) -> dict[str, tuple[int, int, float, float, float]]:
        """Per seat name: ``(wins, seat-games, rate, lo, hi)`` pooled over
        the seats of that name."""
        out: dict[str, tuple[int, int, float, float, float]] = {}
        wins = self.wins
        for name in dict.fromkeys(self.names):
            seats = [k for k, n in enumerate(self.names) if n == name]
            w = sum(wins[k] for k in seats)
            n = self.games * len(seats)
            lo, hi = wilson(w, n)
            out[name] = (w, n, w / n if n else 0.0, lo, hi)
        return out

    def summary(self) -> str:
        """A short table: each seat's first places and rate with its interval."""
        variant = f", {self.variant}" if self.variant else ""
        lines = [f"{self.games} games, {self.players} players{variant}, seats rotated"]
        for k, name in enumerate(self.names):
            rate, lo, hi = self.win_rate(k)
            lines.append(f"seat {k} {name:<12} wins {self.wins[k]:5d}  {rate:6.1%}  (95% {lo:.1%}-{hi:.1%})")
        return "\n".join(lines)


Seat = Union[tuple[str, Callable[[int], Any]], Callable[[int], Any]]


def _seat(seat: Seat) -> tuple[str, Callable[[int], Any]]:
    if isinstance(seat, tuple):
        if len(seat) != 2 or not isinstance(seat[0], str) or not callable(seat[1]):
            raise TypeError("a seat is (name, factory) or a factory")
        return seat[0], seat[1]
    if not callable(seat):
        raise TypeError(f"a seat must be a player factory, not {type(seat).__name__}")
    return str(getattr(seat, "name", getattr(seat, "__name__", "player"))), seat


def _play_seated(start: _Start, factories: Sequence[Callable[[int], Any]], seed: int,
                 g: int) -> tuple[list[int], int]:
    """Game g of a seated match: the seats' finishing order and the number of actions."""
    board = start.new()
    colours = [int(c) for c in board.players]
    n = len(colours)
    seat_of = {colours[(k + g) % n]: k for k in range(n)}
    made = [f(seed * 7919 + g * 4 + k) for k, f in enumerate(factories)]
    dice = random.Random(seed * 1_000_003 + g)
    while not board.is_game_over():
        if _is_chance(board):
            board.throw(dice)
            continue
        moves = list(board.legal_moves)
        if len(moves) == 1:                     # forced: the player is not asked
            board.push(moves[0])
            continue
        board.push(made[seat_of[int(board.turn)]].best_move(board))
    outcome = board.outcome()
    placed = getattr(outcome, "order", None)
    if placed is None:
        placed = () if outcome is None or outcome.winner is None else (outcome.winner,)
    return [seat_of[int(c)] for c in placed], int(board.ply)


def _play_seated_star(args: tuple[Any, ...]) -> tuple[list[int], int]:
    return _play_seated(*args)


def run_seats(seats: Sequence[Seat], games: int, *, board: Any, seed: int = 0, workers: int = 1,
              ray: Optional[str] = None,
              on_game: Optional[Callable[[int, SeatedResult], None]] = None) -> SeatedResult:
    """Plays ``games`` games from ``board`` (copied for each game; one seat
    per colour in play, ``len(board.players)``) and returns the
    ``SeatedResult``.

    - A seat is a ``(name, factory)`` pair, or just a factory:
      ``factory(seed)`` makes a fresh player for a game (anything with
      ``best_move(board)``); the name defaults to the factory's ``name``.
    - Seats rotate: in game g seat k plays the ``(k + g) % n``-th colour of
      the turn order, so over every n games each seat plays each colour
      once (and moves first once).
    - Dice: game g throws with ``random.Random(seed * 1_000_003 + g)``; a
      forced action (one legal action) is played without asking the player.
    - ``workers=K`` plays K games at a time in worker processes, ``ray=...``
      as Ray tasks (the factories must pickle); the results are those of
      the serial run, in game order. ``on_game(g, result)`` is called after
      each game.

    Raises ``ValueError`` for a seat count other than the board's players,
    a negative number of games or workers below 1; ``TypeError`` for a seat
    that is not a factory.
    """
    named = [_seat(s) for s in seats]
    players = len(board.players)
    if len(named) != players:
        raise ValueError(f"need one seat per player (2, 3 or 4): {len(named)} seats for {players} players")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative int, not {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    result = SeatedResult([n for n, _ in named], players, str(getattr(board, "variant", "")))
    factories = [f for _, f in named]
    start = _Start(board.copy())
    tasks = [(start, factories, seed, g) for g in range(games)]
    outcomes = in_order(run_items(_play_seated_star, tasks, workers=workers, ray=ray))
    try:
        for g, (order, plies) in enumerate(outcomes):
            result.places.append(order)
            result.plies.append(plies)
            if on_game is not None:
                on_game(g, result)
    finally:
        outcomes.close()                        # ends the worker processes
    return result
