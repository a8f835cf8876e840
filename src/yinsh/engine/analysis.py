"""What a search found: ``Analysis``, the answer of ``Engine.analyse`` and
of each finished iteration of an ``Engine.analysis`` handle, made from what
the compiled searches return (``SearchInfo``). Scores are from the side to
act; a win in N plies scores ``WIN_SCORE - N``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from yinsh.engine import info as _info
from yinsh.engine.info import SearchInfo
from yinsh.engine.score import PovScore, Score, from_engine
from yinsh.engine.wdl import Wdl, WdlContext

__all__ = ["Analysis", "WIN_SCORE"]

WIN_SCORE: int = _info.WIN_SCORE
"""The score of a won position; a win in N plies scores ``WIN_SCORE - N``."""


@dataclass(frozen=True)
class Analysis:
    """What a search found (also the record passed to ``on_info`` and
    yielded by an ``analysis()`` handle after each finished iteration).

    ``best_move`` is ``None`` (and ``pv`` empty) only for a finished game
    and at a chance node (below).
    ``score`` is an int from the side to act in the analysed position
    (alpha-beta: 10000 is a removed ring in Yinsh, ``WIN_SCORE - N`` a win
    in N plies, ``-(WIN_SCORE - N)`` a loss in N plies; MCTS: the mean
    result of the best action times 1000, -1000 a sure loss, 1000 a sure
    win). ``relative`` is the same as a ``Score`` and ``pov_score`` as a
    ``PovScore`` (with ``turn``, the side to act as the board gives it:
    Yinsh's ``Color.WHITE``, an int; and ``players``, the
    number of sides: ``len(board.players)`` when the board has them, else
    2). ``nps`` is nodes per second, ``time`` seconds; ``algorithm`` the
    search that found it.

    ``partial``: the search stopped (out of time or nodes) inside iteration
    ``depth``, and that iteration's best root action so far (searched to
    ``depth`` and better than the actions searched before it there) and its
    line differ from the last finished iteration's: they are the answer (alpha-beta, one
    line; ``Engine.configure(partial_move=0)`` turns it off). Its ``score``
    is then a lower bound (UCI prints ``lowerbound``), ``lines`` hold it
    alone, and an ``analysis()`` handle or ``on_info`` gets it as the last
    ``Analysis`` after the finished iterations, so what is shown last is
    what is played.

    ``lines``: with ``multipv=N``, the N best root actions, best first, each
    an ``Analysis`` of its own line (``multipv`` 1..N, no ``lines`` of its
    own); the analysis itself is that of line 1. Without multipv ``lines``
    holds the one line (empty for a finished game).

    ``wdl``: the score as win/draw/loss chances per mille from the side to
    act (``yinsh.Wdl``; ``wdl.expectation()`` in 0..1), by the game's
    model for the evaluation (``yinsh.engine.wdl``); a proven result is
    1000/0/0 or 0/0/1000; ``None`` for a game that stores no model (a
    plugin), unless proven or searched by the MCTS. Each multipv line and
    each outcome's line has its own. ``win_chances``: every side's chance
    of winning, in turn order (the board's ``players``; Ludo's seats), in
    0..1: the side to act's ``wdl.wins / 1000``, the other's ``losses / 1000``
    with two players; with 3 or 4 (the MCTS) the rest is shared by the
    others' own mean results (they sum to 1). Empty without a ``wdl``.

    >>> import yinsh
    >>> a = yinsh.Engine().analyse(yinsh.Board(), depth=2)
    >>> a.wdl.wins + a.wdl.draws + a.wdl.losses, len(a.win_chances)
    (1000, 2)

    ``visits`` (MCTS only; empty for the alpha-beta and in ``lines``): every
    root action as ``(move, visits, mean value)``, in action-code order,
    the mean result of its playouts from the side to act in -1 .. 1. The
    visit counts are the usual policy target of self-play training.

    >>> import yinsh
    >>> a = yinsh.Engine(algorithm="mcts").analyse(yinsh.Board(variant="blitz"), nodes=2000)
    >>> len(a.visits), sum(n for _, n, _ in a.visits) <= a.nodes
    (85, True)
    >>> max(a.visits, key=lambda v: v[1])[0] == a.best_move
    True

    At a chance node (a throw of the dice: ``board.is_chance()``) nothing
    is chosen: ``chance`` is True, ``best_move`` is ``None``, ``pv`` empty,
    and ``score`` is the expected score (the outcomes' scores weighted by
    their probabilities) from the view of the side whose throw it is.
    ``lines`` has one ``Analysis`` per outcome, in the order of
    ``board.chance_outcomes()``: its ``outcome`` (the game's move, e.g.
    ``r6``) and ``probability``, its ``score``, its ``pv`` starting with the
    outcome, and its ``best_move`` the best reply after it (``None`` when
    the outcome leads to another throw, or ends the game):

    >>> from yinsh import ludo
    >>> a = yinsh.Engine().analyse(ludo.Board(players=2), depth=4)
    >>> a.chance, a.best_move, len(a.lines), str(a.lines[5].outcome), a.lines[5].probability
    (True, None, 6, 'r6', 0.16666666666666666)
    >>> a.score == round(sum(line.probability * line.score for line in a.lines))
    True
    """

    best_move: Optional[Any]
    score: int
    pv: list[Any] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0
    nps: int = 0
    time: float = 0.0
    seldepth: int = 0
    turn: Optional[int] = None
    multipv: int = 1
    lines: list[Analysis] = field(default_factory=list)
    algorithm: str = "alphabeta"
    players: int = 2
    visits: list[tuple[Any, int, float]] = field(default_factory=list)
    chance: bool = False
    outcome: Optional[Any] = None
    probability: Optional[float] = None
    partial: bool = False
    wdl: Optional[Wdl] = None
    win_chances: tuple[float, ...] = ()

    @property
    def move(self) -> Optional[Any]:
        """The same as ``best_move``."""
        return self.best_move

    @property
    def nodes_per_second(self) -> int:
        """The same as ``nps``."""
        return self.nps

    @property
    def relative(self) -> Score:
        """``score`` as a ``Score`` from the side to act: ``Mate(n)`` for a
        proven end, else ``Points(score)`` (for the MCTS: mean result times
        1000).

        >>> Analysis(None, WIN_SCORE - 3).relative, Analysis(None, -250).relative
        (Mate(+3), Points(-250))
        """
        return from_engine(self.score)

    @property
    def pov_score(self) -> PovScore:
        """``relative`` with the side it is relative to; ``pov_score.white()``
        is White's view. Always a ``PovScore`` (as python-chess's
        ``info["score"]``, so typed code needs no ``None`` check): an
        analysis without a side to act (a board with no ``turn``, such as a
        finished Ludo game) raises ``ValueError``, naming ``relative``.

        >>> Analysis(None, 350, turn=1).pov_score.white()
        Points(-350)
        >>> Analysis(None, 0).pov_score
        Traceback (most recent call last):
        ...
        ValueError: this analysis has no side to act (the board had no turn): its score is relative, Points(0)
        """
        if self.turn is None:
            raise ValueError(f"this analysis has no side to act (the board had no turn): its score "
                             f"is relative, {self.relative!r}")
        return PovScore(self.relative, self.turn, self.players)

    @property
    def mate(self) -> Optional[int]:
        """Plies to a proven end: N > 0 when the side to act wins in N plies,
        -N when it loses in N plies, ``None`` when the search proved neither.

        >>> Analysis(None, WIN_SCORE - 3).mate, Analysis(None, 250).mate
        (3, None)
        """
        if abs(self.score) <= _info.WIN_THRESHOLD:
            return None
        plies = WIN_SCORE - abs(self.score)
        return plies if self.score > 0 else -plies

    def score_text(self) -> str:
        """The score for people: ``win 3`` / ``loss 4`` (plies), else the
        number.

        >>> Analysis(None, -(WIN_SCORE - 4)).score_text(), Analysis(None, 120).score_text()
        ('loss 4', '120')
        """
        mate = self.mate
        if mate is None:
            return str(self.score)
        return f"win {mate}" if mate > 0 else f"loss {-mate}"

    def __str__(self) -> str:
        """One line for people: the depth (the MCTS: its playouts), the
        score (``Score``'s words) for the side to act by name, the best
        move, the start of the line, nodes and seconds rounded, and with
        ``multipv`` each line's move and score.

        >>> import yinsh
        >>> m = yinsh.Move.from_str
        >>> pv = [m(t) for t in "e5-e9 f6-f2 e9-e10 f2-f3 e10-d9 f3-f4 d9-c8 f4-f5 c8-c7".split()]
        >>> second = Analysis(m("e5-e8"), 80, [m("e5-e8")], 6, 34567, time=0.0007, multipv=2)
        >>> a = Analysis(pv[0], 120, pv, 6, 34567, 280000, 0.1234, 9, yinsh.WHITE,
        ...              lines=[Analysis(pv[0], 120, pv), second])
        >>> print(a)                                    # doctest: +NORMALIZE_WHITESPACE
        depth 6, score +120 for White, best e5-e9, pv e5-e9 f6-f2 e9-e10 f2-f3 e10-d9 f3-f4
        d9-c8 f4-f5 ..., 34,567 nodes in 0.12 s, 2 lines: e5-e9 +120, e5-e8 +80
        >>> print(second)
        line 2: depth 6, score +80, best e5-e8, pv e5-e8, 34,567 nodes in 0.7 ms
        >>> print(Analysis(m("e5-e9"), WIN_SCORE - 3, [m("e5-e9")], 4, 900, time=12.3, turn=yinsh.BLACK))
        depth 4, score win 3 for Black, best e5-e9, pv e5-e9, 900 nodes in 12 s
        >>> print(yinsh.Engine(algorithm="mcts").analyse(yinsh.Board(variant="blitz"), nodes=500))
        ... # doctest: +ELLIPSIS
        mcts, score ... for White, best ..., pv ..., 500 playouts in ...
        """
        side = _side_name(self.turn)
        head = "mcts" if self.algorithm == "mcts" else f"depth {self.depth}"
        if self.multipv > 1:
            head = f"line {self.multipv}: {head}"
        score = f"score {self.relative}" + (f" for {side}" if side else "")
        if self.chance:
            counted = "playouts" if self.algorithm == "mcts" else "nodes"
            listed = ", ".join(f"{line.outcome} {line.relative}" for line in self.lines)
            return (f"{head}, expected {score}, a throw: {listed}, "
                    f"{self.nodes:,} {counted} in {_seconds(self.time)}")
        if self.outcome is not None:
            head = f"{head}, after {self.outcome} (p {self.probability:.3g})"
            if self.best_move is None:
                return f"{head}, {score}, no choice follows"
        if self.best_move is None:
            return f"{head}, {score}, no move: the game is over"
        shown = " ".join(str(move) for move in self.pv[:_PV_SHOWN])
        more = " ..." if len(self.pv) > _PV_SHOWN else ""
        counted = "playouts" if self.algorithm == "mcts" else "nodes"
        text = (f"{head}, {score}, best {self.best_move}, pv {shown}{more}, "
                f"{self.nodes:,} {counted} in {_seconds(self.time)}")
        if len(self.lines) > 1:
            listed = ", ".join(f"{line.best_move} {line.relative}" for line in self.lines[:_LINES_SHOWN])
            more = ", ..." if len(self.lines) > _LINES_SHOWN else ""
            text += f", {len(self.lines)} lines: {listed}{more}"
        return text


_PV_SHOWN = 8        # moves of the principal variation in str(Analysis)
_LINES_SHOWN = 4     # multipv lines in str(Analysis)


def _side_name(turn: object) -> str:
    """A side by name (``White``, ``Green``: its ``label``), else ``side N``;
    empty without a side."""
    if turn is None:
        return ""
    label = getattr(turn, "label", None)
    return str(label).capitalize() if isinstance(label, str) else f"side {turn}"


def _seconds(t: float) -> str:
    """Seconds for people: ``12 s``, ``0.12 s``, ``0.7 ms``."""
    if t >= 10:
        return f"{t:.0f} s"
    if t >= 0.01:
        return f"{t:.2f} s"
    return f"{t * 1000:.1f} ms"


def analysis_of(found: SearchInfo, to_move: Callable[[int], Any], turn: Optional[int], players: int,
                algorithm: str, context: Optional[WdlContext] = None) -> Analysis:
    """The Analysis of what a compiled search returned (its action codes
    made moves with to_move); ``context`` turns its scores into ``wdl`` and
    ``win_chances`` (none without it)."""
    def rated(score: int) -> tuple[Optional[Wdl], tuple[float, ...]]:
        if context is None:
            return None, ()
        wdl = context.wdl(score)
        return wdl, context.chances(wdl, found.root_values)

    if found.chance is not None:
        return _chance_analysis(found, to_move, turn, players, algorithm, rated)
    lines = []
    for k, (score, codes) in enumerate(found.lines, 1):
        pv = [to_move(c) for c in codes]
        wdl, chances = rated(score)
        lines.append(Analysis(pv[0] if pv else None, score, pv, found.depth, found.nodes, found.nps,
                              found.seconds, found.seldepth, turn, k, [], algorithm, players,
                              wdl=wdl, win_chances=chances))
    first = lines[0] if lines else Analysis(None, found.score, [], found.depth, found.nodes, found.nps,
                                            found.seconds, found.seldepth, turn, 1, [], algorithm,
                                            players, wdl=rated(found.score)[0],
                                            win_chances=rated(found.score)[1])
    visits = [(to_move(code), n, value) for code, n, value in found.visits]
    return Analysis(first.best_move, first.score, first.pv, found.depth, found.nodes, found.nps,
                    found.seconds, found.seldepth, turn, 1, lines, algorithm, players, visits,
                    wdl=first.wdl, win_chances=first.win_chances)


def _chance_analysis(found: SearchInfo, to_move: Callable[[int], Any], turn: Optional[int], players: int,
                     algorithm: str,
                     rated: Callable[[int], tuple[Optional[Wdl], tuple[float, ...]]]) -> Analysis:
    """The Analysis of a chance root: no best move, the expected score, a
    line per outcome (its pv starts with the outcome, its best move is the
    reply after it, if a player acts next)."""
    lines = []
    for k, ((score, codes), probability) in enumerate(zip(found.lines, found.probabilities), 1):
        pv = [to_move(c) for c in codes]
        wdl, chances = rated(score)
        lines.append(Analysis(pv[1] if len(pv) > 1 else None, score, pv, found.depth, found.nodes, found.nps,
                              found.seconds, found.seldepth, turn, k, [], algorithm, players,
                              outcome=pv[0], probability=probability, wdl=wdl, win_chances=chances))
    visits = [(to_move(code), n, value) for code, n, value in found.visits]
    wdl, chances = rated(found.score)
    return Analysis(None, found.score, [], found.depth, found.nodes, found.nps, found.seconds,
                    found.seldepth, turn, 1, lines, algorithm, players, visits, chance=True,
                    wdl=wdl, win_chances=chances)
