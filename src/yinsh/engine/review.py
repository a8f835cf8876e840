"""A game review: every action of a game judged by the engine's win chances.

``review_game(board, actions)`` searches every position of a game once (the
position after action k is the one before action k+1) with one
``Engine(keep_tables=True)``, reads each search as win chances
(``Analysis.wdl``, docs/search.md "Win/draw/loss") and judges each action
by what it lost of its side's win chance. The result, a ``Review``, has
for every action (``ReviewedAction``):

- ``win_before``: the mover's win chance before it, by the search of the
  position before it (the value of the engine's best action there);
- ``win_after``: the mover's win chance after it, by the search of the
  position after it. Each chance is read from the side that acts in that
  position, converted to the mover's (a Yinsh side may act twice in a
  row: its row and ring removals are actions of their own). With two sides
  it is the expectation of the win/draw/loss (a draw counts half), with 3
  or 4 (Ludo) ``Analysis.win_chances`` of the mover's seat;
- ``loss = max(0, win_before - win_after)`` (0 for the engine's own choice,
  a forced action and a throw of the dice);
- ``best`` and ``best_line``: the engine's action and line, when it is not
  the action played;
- ``judgement`` (``"class"`` in the JSON), by ``classify``:

  ============== =====================================================
  ``best``       the engine's own choice
  ``good``       another action that lost less than 10 points
  ``inaccuracy`` lost 10 points of win chance or more (``THRESHOLDS``)
  ``mistake``    lost 20 points or more
  ``blunder``    lost 30 points or more
  ``forced``     the only legal action (not judged)
  ``chance``     a throw of the dice (Ludo; not judged)
  ============== =====================================================

Each side gets the count of each class and an ``accuracy`` from 0 to 100:
the mean over its judged actions (not forced, not chance) of lichess's
per-move accuracy, ``103.1668 * exp(-0.04354 * loss) - 3.1669`` with the
loss in points (0..100) of win chance, clamped to 0..100
(``action_accuracy``); ``None`` for a side without a judged action.

>>> import yinsh
>>> from yinsh.engine.review import review_game
>>> board = yinsh.Board(variant="blitz")
>>> review = review_game(board, "e5 f6 g7 h8 i9 j10".split(), depth=2)
>>> [(a.ply, a.side, a.action) for a in review.actions[:2]]
[(1, 'white', 'e5'), (2, 'black', 'f6')]
>>> all(0 <= a.win_before <= 1 and a.judgement in CLASSES for a in review.actions)
True
>>> sorted(review.accuracy), review.complete, len(review.chances)
(['black', 'white'], True, 7)
>>> review.to_json()["actions"][0]["class"] in CLASSES
True
"""
from __future__ import annotations

import math
import time as _time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence
from xml.sax.saxutils import escape

from yinsh import games
from yinsh.engine.analysis import Analysis
from yinsh.engine.api import Engine
from yinsh.engine.limit import Limit

__all__ = ["Review", "ReviewedAction", "Reviewer", "review_game", "classify", "action_accuracy", "chart",
           "CLASSES", "JUDGED", "THRESHOLDS", "DEFAULT_NODES", "DEFAULT_PLAYOUTS"]

#: The classes of an action, best to worst, then the two that are not judged.
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder", "forced", "chance")
#: The classes that count for a side's accuracy (a choice was made).
JUDGED = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The least loss of win chance (0..1) of each flagged class, worst first.
THRESHOLDS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
#: The default limit of a review's searches with the alpha-beta: nodes a position.
DEFAULT_NODES = 100_000
#: The default limit of a review's searches with the MCTS (Ludo with 3 or 4
#: players): playouts a position.
DEFAULT_PLAYOUTS = 2_000


def classify(loss: float, *, best: bool = False, forced: bool = False, chance: bool = False) -> str:
    """The class of an action that lost ``loss`` (0..1) of its side's win
    chance (see the module).

    >>> classify(0.04), classify(0.12), classify(0.25), classify(0.31), classify(0.5, best=True)
    ('good', 'inaccuracy', 'mistake', 'blunder', 'best')
    >>> classify(0.0, forced=True), classify(0.0, chance=True)
    ('forced', 'chance')
    """
    if chance:
        return "chance"
    if forced:
        return "forced"
    if best:
        return "best"
    for name, least in THRESHOLDS:
        if loss >= least - 1e-9:
            return name
    return "good"


def action_accuracy(loss: float) -> float:
    """The accuracy (0..100) of one action that lost ``loss`` (0..1) of win
    chance: lichess's curve, ``103.1668 * exp(-0.04354 * 100 * loss) -
    3.1669``, clamped to 0..100 and rounded to 2 decimals.

    >>> action_accuracy(0.0), action_accuracy(0.1), action_accuracy(0.3)
    (100.0, 63.58, 24.78)
    >>> action_accuracy(1.0)
    0.0
    """
    raw = 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, loss)) - 3.1669
    return round(min(100.0, max(0.0, raw)), 2)


@dataclass(frozen=True)
class ReviewedAction:
    """One action of a review (see the module): its ``ply`` (its number in
    the game, from 1), ``action`` (its text), ``side`` (the mover's name)
    and ``seat`` (its index in the board's ``players``), the mover's
    ``win_before`` and ``win_after`` (0..1), ``loss``, the engine's
    ``best`` action and ``best_line`` when different from the action
    played (``None`` and ``[]`` otherwise), and ``judgement`` (one of
    ``CLASSES``)."""

    ply: int
    action: str
    side: str
    seat: int
    win_before: float
    win_after: float
    loss: float
    best: Optional[str]
    best_line: list[str]
    judgement: str

    @property
    def flagged(self) -> bool:
        """Whether the action is an inaccuracy, a mistake or a blunder."""
        return self.judgement in ("inaccuracy", "mistake", "blunder")

    def to_json(self) -> dict[str, Any]:
        """The action's entry in ``Review.to_json()``."""
        return {"ply": self.ply, "action": self.action, "side": self.side,
                "win_before": round(self.win_before, 4), "win_after": round(self.win_after, 4),
                "loss": round(self.loss, 4), "best": self.best, "best_line": list(self.best_line),
                "class": self.judgement}


@dataclass
class Review:
    """A game's review (see the module): ``game`` (the game's name),
    ``start`` (the start position's string), ``sides`` (each seat's name,
    in the order of the board's ``players``), ``actions`` (a
    ``ReviewedAction`` each, in order), ``chances`` (each searched
    position's win chance of every seat: ``chances[k]`` is the position
    after k actions), ``settings`` (the limits and the engine used),
    ``seconds`` (the time spent) and ``complete`` (False for a review
    stopped by Ctrl-C: it holds the actions reviewed until then). It
    pickles."""

    game: str
    start: str
    sides: tuple[str, ...]
    actions: list[ReviewedAction] = field(default_factory=list)
    chances: list[tuple[float, ...]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    complete: bool = True

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """Each side's count of each class (every class named, 0 included)."""
        counts = {side: {name: 0 for name in CLASSES} for side in self.sides}
        for a in self.actions:
            counts[a.side][a.judgement] += 1
        return counts

    @property
    def accuracy(self) -> dict[str, Optional[float]]:
        """Each side's accuracy, 0..100: the mean ``action_accuracy`` of
        its judged actions (``None`` without one)."""
        result: dict[str, Optional[float]] = {}
        for side in self.sides:
            losses = [a.loss for a in self.actions if a.side == side and a.judgement in JUDGED]
            result[side] = (round(sum(action_accuracy(x) for x in losses) / len(losses), 1)
                            if losses else None)
        return result

    def flagged(self) -> list[ReviewedAction]:
        """The inaccuracies, mistakes and blunders, in order."""
        return [a for a in self.actions if a.flagged]

    def to_json(self) -> dict[str, Any]:
        """The review as a JSON object (``json.dumps`` writes it): ``game``,
        ``start``, ``sides``, ``complete``, ``settings``, ``seconds``,
        ``actions`` (each ``ply``, ``action``, ``side``, ``win_before``,
        ``win_after``, ``loss``, ``best``, ``best_line``, ``class``),
        ``accuracy`` and ``counts`` (by side), and ``chances`` (every
        position's win chance of each side, by side)."""
        return {"game": self.game, "start": self.start, "sides": list(self.sides),
                "complete": self.complete, "settings": dict(self.settings),
                "seconds": round(self.seconds, 3),
                "actions": [a.to_json() for a in self.actions],
                "accuracy": self.accuracy, "counts": self.counts,
                "chances": [{side: round(c[k], 4) for k, side in enumerate(self.sides)}
                            for c in self.chances]}

    def svg(self, **options: Any) -> str:
        """The chart of the win chance over the game (``chart``)."""
        return chart(self, **options)


def _side_name(color: Any) -> str:
    return str(getattr(color, "label", color))


def _is_chance(board: Any) -> bool:
    is_chance = getattr(board, "is_chance", None)
    return bool(callable(is_chance) and is_chance())


def _seat_chances(analysis: Analysis, board: Any, seats: Sequence[Any]) -> tuple[float, ...]:
    """Every seat's win chance by a search of board: with two sides the
    expectation of the side to act's win/draw/loss and its complement, with
    more the search's ``win_chances``."""
    if analysis.wdl is None:
        raise ValueError(f"the game {games.of_board(board).name!r} has no win/draw/loss model "
                         f"(a wdl.json beside its game.py): its actions cannot be judged")
    seat = list(seats).index(board.turn) if board.turn in seats else 0
    if len(seats) == 2:
        mine = analysis.wdl.expectation()
        return (mine, 1.0 - mine) if seat == 0 else (1.0 - mine, mine)
    if len(analysis.win_chances) == len(seats):
        return tuple(float(x) for x in analysis.win_chances)
    mine = analysis.wdl.expectation()
    rest = (1.0 - mine) / (len(seats) - 1)
    return tuple(mine if k == seat else rest for k in range(len(seats)))


class Reviewer:
    """A review made one position at a time (``review_game`` steps one to
    the end): ``step()`` searches the next position and judges the action
    before it, so that a caller may search each position in a slot of its
    own (the web server's bounded searches), read the progress (``done``
    of ``total`` positions) between two, or stop (not step again;
    ``Engine.stop()`` from another thread ends the running search).
    ``review`` is the ``Review`` so far (``complete`` once ``finished``).
    Arguments as ``review_game``'s, and ``on_info``, given to each search
    (``Engine.analyse``'s: called after each finished iteration, it may
    call ``Engine.stop()``, so a stop asked for just before a search began
    is not lost); every action is checked here, before any search.

    >>> import yinsh
    >>> reviewer = Reviewer(yinsh.Board(variant="blitz"), ["e5", "f6"], depth=1)
    >>> reviewer.done, reviewer.total, reviewer.finished
    (0, 3, False)
    >>> reviewer.step()
    >>> reviewer.done, len(reviewer.review.actions), reviewer.review.complete
    (1, 0, False)
    >>> while not reviewer.finished:
    ...     reviewer.step()
    >>> len(reviewer.review.actions), reviewer.review.complete
    (2, True)
    """

    def __init__(self, board_start: Any, actions: Sequence[Any], engine: Optional[Engine] = None, *,
                 time: Optional[float] = None, depth: Optional[int] = None,
                 nodes: Optional[int] = None,
                 on_info: Optional[Callable[[Analysis], None]] = None) -> None:
        game = games.of_board(board_start)
        board = board_start.copy()
        self._seats = list(board.players)
        sides = tuple(_side_name(s) for s in self._seats)
        start = board.position()
        self._moves: list[Any] = []
        for action in actions:              # checked (and parsed) before any search
            if isinstance(action, str):
                self._moves.append(board.push_str(action))
            else:
                board.push(action)
                self._moves.append(action)
        self._board = board_start.copy()
        if engine is None:
            engine = Engine(keep_tables=True)
        if not isinstance(engine, Engine):
            raise TypeError(f"engine must be a yinsh.Engine, not {type(engine).__name__}")
        self.engine = engine
        limit = Limit(depth, time, nodes)
        if not limit.is_set():
            limit = engine.limit if engine.limit.is_set() else (
                Limit(nodes=DEFAULT_PLAYOUTS) if engine.algorithm_for(board) == "mcts"
                else Limit(nodes=DEFAULT_NODES))
        self._limit = limit
        self._on_info = on_info
        settings: dict[str, Any] = {**limit.as_dict(), "algorithm": engine.algorithm_for(board),
                                    "evaluation": engine.evaluation_for(board), "hash_mb": engine.hash_mb,
                                    "threads": engine.threads, "keep_tables": engine.keep_tables,
                                    "thresholds": {name: least for name, least in THRESHOLDS}}
        self.review = Review(game.name, start, sides, settings=settings, complete=False)
        #: The positions to search: the actions + 1.
        self.total = len(self._moves) + 1
        self._searched: list[tuple[Any, Analysis]] = []    # (board before, its analysis) per position
        self._interrupted = False

    @property
    def done(self) -> int:
        """The positions searched."""
        return len(self._searched)

    @property
    def finished(self) -> bool:
        """Whether every position is searched (or Ctrl-C ended the review)."""
        return self._interrupted or self.done == self.total

    def step(self) -> None:
        """Searches the next position and judges the action that led to it
        (``ValueError`` when ``finished``). Ctrl-C (``KeyboardInterrupt``)
        keeps what the search found and ends the review (``finished``,
        ``complete`` False)."""
        if self.finished:
            raise ValueError("the review is finished: every position is searched")
        k, board = self.done, self._board
        begun = _time.perf_counter()
        try:
            analysis = self.engine.analyse(board, self._limit, on_info=self._on_info)
        except KeyboardInterrupt as exc:
            self._interrupted = True
            found = getattr(exc, "analysis", None)
            if found is not None:            # the last finished iteration: nothing found is lost
                self._record(k, found)
            raise
        finally:
            self.review.seconds += _time.perf_counter() - begun
        self._record(k, analysis)
        if k < len(self._moves):
            board.push(self._moves[k])
        self.review.complete = self.finished

    def _record(self, k: int, analysis: Analysis) -> None:
        """Position k's search: its chances, and the judgement of action k - 1."""
        self._searched.append((self._board.copy(), analysis))
        self.review.chances.append(_seat_chances(analysis, self._board, self._seats))
        if k > 0:
            self._judge(k - 1)

    def _judge(self, k: int) -> None:
        """Action k (from 0): positions k and k + 1 are searched."""
        review, seats = self.review, self._seats
        before_board, before = self._searched[k]
        mover = before_board.turn
        seat = seats.index(mover) if mover in seats else 0
        move = self._moves[k]
        chance = _is_chance(before_board)
        forced = not chance and len(before_board.legal_moves) == 1
        is_best = not chance and before.best_move == move
        win_before = review.chances[k][seat]
        win_after = review.chances[k + 1][seat]
        loss = 0.0 if (chance or forced or is_best) else max(0.0, win_before - win_after)
        judgement = classify(loss, best=is_best, forced=forced, chance=chance)
        different = not (chance or forced or is_best) and before.best_move is not None
        review.actions.append(ReviewedAction(
            k + 1, str(move), _side_name(mover), seat, win_before, win_after, loss,
            str(before.best_move) if different else None,
            [str(m) for m in before.pv] if different else [], judgement))


def review_game(board_start: Any, actions: Sequence[Any], engine: Optional[Engine] = None, *,
                time: Optional[float] = None, depth: Optional[int] = None, nodes: Optional[int] = None,
                on_progress: Optional[Callable[[int, int], None]] = None) -> Review:
    """Reviews the game of ``actions`` (moves of the board's game, or their
    texts) played from ``board_start`` (a board of any game of the library,
    not changed): see the module.

    ``engine``: the engine that searches (default ``Engine(keep_tables=True)``,
    whose tables serve every position of the game); the limits (``time``
    in seconds, ``depth``, ``nodes``) are those of each position's search,
    by default the engine's own, else ``DEFAULT_NODES`` nodes (the MCTS:
    ``DEFAULT_PLAYOUTS`` playouts). ``on_progress(done, total)`` is called
    before the first search (``done`` 0) and after each position is
    searched (``total``: the number of positions, the actions + 1). To
    search one position at a time (and stop between two), use ``Reviewer``.

    Every action is checked before the first search (``ValueError``, e.g.
    ``IllegalMoveError``, for one that is not legal). Ctrl-C
    (``KeyboardInterrupt``) stops the review within the search's
    millisecond; the exception's attribute ``review`` is the ``Review`` of
    the actions reviewed until then (``complete`` False). Raises
    ``ValueError`` for a game without a win/draw/loss model and for a bad
    limit (a depth for the MCTS).
    """
    reviewer = Reviewer(board_start, actions, engine, time=time, depth=depth, nodes=nodes)
    try:
        if on_progress is not None:
            on_progress(0, reviewer.total)
        while not reviewer.finished:
            reviewer.step()
            if on_progress is not None:
                on_progress(reviewer.done, reviewer.total)
    except KeyboardInterrupt as exc:
        reviewer.review.complete = False
        exc.review = reviewer.review  # type: ignore[attr-defined]
        raise
    return reviewer.review


# The chart ------------------------------------------------------------------

#: The Okabe-Ito palette (readable with every common colour-vision deficiency).
OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000"}
#: How each flagged class is marked: colour, shape and label (chess's signs).
MARKS = {"inaccuracy": (OKABE_ITO["orange"], "circle", "?!"),
         "mistake": (OKABE_ITO["vermillion"], "square", "?"),
         "blunder": (OKABE_ITO["purple"], "triangle", "??")}
#: Each seat's line (colour, dashes) when every side is drawn (3 or 4 sides).
LINES = ((OKABE_ITO["blue"], ""), (OKABE_ITO["orange"], "6 3"), (OKABE_ITO["green"], "2 3"),
         (OKABE_ITO["black"], "8 3 2 3"))


def _shape(shape: str, x: float, y: float, r: float, colour: str) -> str:
    style = f'fill="{colour}" stroke="#000" stroke-width="1"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {style}/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {style}/>'
    points = f"{x:.1f},{y - 1.2 * r:.1f} {x + 1.1 * r:.1f},{y + 0.9 * r:.1f} {x - 1.1 * r:.1f},{y + 0.9 * r:.1f}"
    return f'<polygon points="{points}" {style}/>'


def chart(review: Review, *, width: int = 720, height: int = 280) -> str:
    """The SVG chart of a review: the first side's win chance (0..1) after
    each action (with 3 or 4 sides every side's, each its own colour and
    dashes), the inaccuracies, mistakes and blunders marked where they were
    played by a shape, a colour of the Okabe-Ito palette and chess's sign
    (``?!`` circle, ``?`` square, ``??`` triangle), and a legend. Each mark
    has a ``<title>`` (its ply, side, action and loss) and ``data-ply``.
    ``width`` and ``height`` in pixels (at least 200 and 120).

    >>> import yinsh
    >>> review = review_game(yinsh.Board(variant="blitz"), ["e5", "f6"], depth=1)
    >>> picture = chart(review)
    >>> picture.startswith("<svg") and "win chance" in picture
    True
    """
    if not (isinstance(width, int) and isinstance(height, int)) or width < 200 or height < 120:
        raise ValueError(f"the chart needs a width of 200 and a height of 120 pixels at least, "
                         f"not {width}x{height}")
    left, right, top, bottom = 44.0, 12.0, 28.0, 46.0
    plot_w, plot_h = width - left - right, height - top - bottom
    n = max(1, len(review.chances) - 1)

    def x_of(k: float) -> float:
        return left + plot_w * k / n

    def y_of(p: float) -> float:
        return top + plot_h * (1.0 - min(1.0, max(0.0, p)))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif" font-size="11">']
    many = len(review.sides) > 2
    first = review.sides[0] if review.sides else "?"
    what = "every side's win chance" if many else f"{first}'s win chance"
    out.append(f"<title>Review of a {escape(review.game)} game: {escape(what)} after each action</title>")
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>')
    out.append(f'<text x="{left:.0f}" y="16" font-size="12" font-weight="bold">'
               f'{escape(what.capitalize())}</text>')
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):        # the grid: 0, 25, 50, 75, 100 %
        y = y_of(p)
        dash = "" if p in (0.0, 1.0) else ' stroke-dasharray="3 3"'
        out.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{width - right:.1f}" y2="{y:.1f}" '
                   f'stroke="{"#555" if p == 0.5 else "#bbb"}"{dash}/>')
        out.append(f'<text x="{left - 5:.1f}" y="{y + 4:.1f}" text-anchor="end">{p:.0%}</text>')
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, n) if n / s <= 12)
    for k in range(0, n + 1, step):
        out.append(f'<text x="{x_of(k):.1f}" y="{top + plot_h + 14:.1f}" text-anchor="middle">{k}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 27:.1f}" text-anchor="middle">'
               f'actions played</text>')
    seats = range(len(review.sides)) if many else range(1)
    if review.chances:
        if not many:                             # the first side's area above and below 50 %
            points = " ".join(f"{x_of(k):.1f},{y_of(c[0]):.1f}" for k, c in enumerate(review.chances))
            end = x_of(len(review.chances) - 1)
            out.append(f'<polygon points="{x_of(0):.1f},{y_of(0.5):.1f} {points} {end:.1f},{y_of(0.5):.1f}" '
                       f'fill="{OKABE_ITO["sky"]}" fill-opacity="0.35"/>')
        for seat in seats:
            colour, dashes = LINES[seat % len(LINES)]
            points = " ".join(f"{x_of(k):.1f},{y_of(c[seat]):.1f}" for k, c in enumerate(review.chances))
            dash = f' stroke-dasharray="{dashes}"' if dashes else ""
            out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
                       f'{dash}><title>{escape(review.sides[seat])}</title></polyline>')
    for a in review.actions:                     # the flagged actions, where they were played
        if not a.flagged or a.ply >= len(review.chances):
            continue
        colour, shape, sign = MARKS[a.judgement]
        seat = a.seat if many else 0
        x, y = x_of(a.ply), y_of(review.chances[a.ply][seat])
        label = (f"ply {a.ply}, {a.side} {a.action}: {a.judgement}, win chance "
                 f"{a.win_before:.0%} to {a.win_after:.0%}" + (f", best {a.best}" if a.best else ""))
        out.append(f'<g class="{a.judgement}" data-ply="{a.ply}"><title>{escape(label)}</title>'
                   + _shape(shape, x, y, 5.0, colour)
                   + f'<text x="{x:.1f}" y="{y - 8:.1f}" text-anchor="middle" font-weight="bold">'
                     f'{escape(sign)}</text></g>')
    legend_y = height - 8.0
    x = left
    if many:
        for seat in seats:
            colour, dashes = LINES[seat % len(LINES)]
            dash = f' stroke-dasharray="{dashes}"' if dashes else ""
            out.append(f'<line x1="{x:.1f}" y1="{legend_y - 4:.1f}" x2="{x + 22:.1f}" y2="{legend_y - 4:.1f}" '
                       f'stroke="{colour}" stroke-width="2"{dash}/>')
            out.append(f'<text x="{x + 26:.1f}" y="{legend_y:.1f}">{escape(review.sides[seat])}</text>')
            x += 34 + 7 * len(review.sides[seat])
    for name, (colour, shape, sign) in MARKS.items():
        out.append(_shape(shape, x + 5, legend_y - 4, 4.5, colour))
        out.append(f'<text x="{x + 13:.1f}" y="{legend_y:.1f}">{sign} {name}</text>')
        x += 26 + 7 * (len(name) + len(sign))
    out.append("</svg>")
    return "\n".join(out) + "\n"
