"""The search engine: ``Engine`` analyses a board, ``Analysis`` is its answer.

The searches are compiled per game (``yinsh.yinsh._search`` for Yinsh, rendered from
the templates in this package; docs/architecture.md): an alpha-beta (negamax
with principal variation search, iterative deepening, a transposition table,
Lazy SMP threads; docs/search.md) and an MCTS. ``Engine`` finds the searches
of a board's game through its class attribute ``search_module``, so this
module imports no game. Every action is one ply; scores are from the side to
act, and a win in N plies scores ``WIN_SCORE - N`` (``Analysis.relative``
is the same as a ``Score``: ``Points(n)`` or ``Mate(n)``).

The shape follows python-chess's ``chess.engine``: ``analyse(board,
Limit(...), multipv=N, searchmoves=[...])`` returns the answer,
``analysis(board, Limit(...))`` a handle that runs the search in a thread
and yields each finished iteration.

>>> import yinsh
>>> board = yinsh.Board()
>>> for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split():
...     _ = board.push_str(text)
>>> engine = yinsh.Engine(hash_mb=4)
>>> analysis = engine.analyse(board, yinsh.Limit(depth=3))
>>> analysis.depth, analysis.best_move in board.legal_moves, analysis.pv[0] == analysis.best_move
(3, True, True)
>>> board.ply                          # the board is not changed
10
>>> with engine.analysis(board, yinsh.Limit(depth=4), multipv=2) as handle:
...     depths = [info.depth for info in handle]
>>> depths, len(handle.wait().lines)
([1, 2, 3, 4], 2)
"""
from __future__ import annotations

import importlib
import queue
import threading
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Iterator, Optional, Sequence

from yinsh.engine import info as _info
from yinsh.engine import params as _params
from yinsh.engine.info import SearchInfo
from yinsh.engine.limit import Limit
from yinsh.engine.params import Param
from yinsh.engine.score import PovScore, Score, from_engine

WIN_SCORE: int = _info.WIN_SCORE
"""The score of a won position; a win in N plies scores ``WIN_SCORE - N``."""

MAX_DEPTH: int = _info.MAX_SEARCH_DEPTH
"""The deepest iteration the search runs."""

ALGORITHMS = ("auto", "alphabeta", "mcts")
"""The ``algorithm`` values of an ``Engine``: ``"auto"`` (the default) is
the alpha-beta for a two-player game and the MCTS for more players (Ludo
with 3 or 4; ``algorithm_for``)."""

EVALUATIONS = ("classic", "learned")
"""The ``evaluation`` values of an ``Engine``: ``"classic"`` (the default,
the game's hand-written evaluation) and ``"learned"`` (a trained network,
NNUE-style, where the game has one: Yinsh; docs/search.md)."""

MAX_THREADS = 256
"""The most search threads ``Engine`` accepts."""

MAX_HASH_MB = 65536
"""The largest transposition table ``Engine`` accepts, in MB."""

MAX_MULTIPV = 256
"""The most lines ``multipv`` asks for (fewer are reported when the
position has fewer root actions)."""

DEFAULT_DEPTH = 5
"""The depth searched when neither the call nor the engine sets a limit."""

_POLL = 0.05     # seconds between checks of a waiting thread (so Ctrl-C is seen at once)


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

    ``lines``: with ``multipv=N``, the N best root actions, best first, each
    an ``Analysis`` of its own line (``multipv`` 1..N, no ``lines`` of its
    own); the analysis itself is that of line 1. Without multipv ``lines``
    holds the one line (empty for a finished game).

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
    >>> a = Engine().analyse(ludo.Board(players=2), depth=4)
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


def player_count(board: object) -> int:
    """The number of sides of board: ``len(board.players)`` when the board
    has them, else 2.

    >>> import yinsh
    >>> from yinsh import ludo
    >>> player_count(yinsh.Board()), player_count(ludo.Board(players=3))
    (2, 3)
    """
    players = getattr(board, "players", None)      # the colours in play (the board protocol)
    return len(players) if isinstance(players, (list, tuple)) else 2


def algorithm_for(board: object) -> str:
    """The search ``Engine(algorithm="auto")`` runs on board: ``"alphabeta"``
    for two players (the negamax needs two sides), ``"mcts"`` for more.

    >>> import yinsh
    >>> from yinsh import ludo
    >>> algorithm_for(yinsh.Board()), algorithm_for(ludo.Board(players=2)), algorithm_for(ludo.Board())
    ('alphabeta', 'alphabeta', 'mcts')
    """
    return "alphabeta" if player_count(board) <= 2 else "mcts"


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


@dataclass
class _Job:
    """One checked search request."""

    module: ModuleType
    board: Any
    limit: Limit
    multipv: int
    codes: Optional[list[int]]
    turn: Any                    # the board's side to act (Yinsh: a Color, an int), or None
    players: int
    algorithm: str


class Engine:
    """A search engine for boards of any game of the library: the alpha-beta
    (``algorithm="alphabeta"``, a transposition table of ``hash_mb`` MB, 0:
    none, shared by ``threads`` threads) or the MCTS (``algorithm="mcts"``,
    one thread). The default ``algorithm="auto"`` follows the board's game:
    the alpha-beta for two players, the MCTS (in one thread, whatever
    ``threads`` says) for Ludo with 3 or 4 players (``algorithm_for``);
    ``Analysis.algorithm`` tells which one ran. ``depth``, ``time`` (seconds) and ``nodes`` are default
    limits for calls that set none; with no limit at all the alpha-beta
    searches to ``DEFAULT_DEPTH`` (the MCTS, which has no depth, plays its
    default number of playouts, and refuses a depth limit with
    ``ValueError`` rather than ignore it). A call's limits replace the defaults; when
    several are given the search stops at the first one reached.

    ``keep_tables=False`` (the default) clears the transposition table (the
    MCTS: the tree) before every search, so a search gives the same answer
    whatever came before; ``keep_tables=True`` keeps them from one call to
    the next (for playing a game: the next position's search starts from
    what the last one learnt; the MCTS reuses the subtree of the new root).
    ``clear()`` empties them (a new game).

    Tunables: ``params(board)`` lists them, ``configure(**values)`` sets
    them (see their docs and docs/search.md). An engine pickles as its
    settings (hash size, threads, algorithm, limits, tunables), with empty
    tables.

    ``evaluation="learned"`` scores positions with the game's trained
    network (NNUE-style, docs/search.md, "Learned evaluation"; Yinsh and
    Insert: searching a Ludo board raises ``ValueError``) instead of the
    hand-written ``"classic"`` evaluation; ``network`` (a path of a
    ``.nnue`` file or a ``yinsh.engine.network.Network``) replaces the
    packaged network, checked at once (``yinsh.engine.network.NetworkError``,
    a ``ValueError``, for a bad file); searching a board of another game
    than the network's raises ``yinsh.engine.network.NetworkGameError`` (a
    ``NetworkError``).

    Raises ``ValueError`` for a hash size outside 0..65536, a thread count
    outside 1..256, an unknown algorithm or evaluation or a bad limit.

    >>> import yinsh
    >>> learned = Engine(hash_mb=1, evaluation="learned")
    >>> learned.evaluation, learned.analyse(yinsh.Board(), depth=2).depth
    ('learned', 2)

    >>> from yinsh import ludo
    >>> board = ludo.Board(players=4)
    >>> _ = board.push_str("r6"), board.push_str("r3")
    >>> engine = Engine()
    >>> engine.algorithm, engine.algorithm_for(board), engine.analyse(board, nodes=300).algorithm
    ('auto', 'mcts', 'mcts')
    """

    def __init__(self, hash_mb: int = 16, threads: int = 1, algorithm: str = "auto", *,
                 depth: Optional[int] = None, time: Optional[float] = None,
                 nodes: Optional[int] = None, keep_tables: bool = False,
                 evaluation: str = "classic", network: Any = None) -> None:
        if not 0 <= _check_int("hash_mb", hash_mb) <= MAX_HASH_MB:
            raise ValueError(f"hash_mb must be between 0 and {MAX_HASH_MB}, not {hash_mb}")
        if not 1 <= _check_int("threads", threads) <= MAX_THREADS:
            raise ValueError(f"threads must be between 1 and {MAX_THREADS}, not {threads}")
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
        if algorithm == "mcts" and threads != 1:
            raise ValueError(f"the MCTS runs in one thread, not {threads}")
        if not isinstance(keep_tables, bool):
            raise TypeError(f"keep_tables must be a bool, not {type(keep_tables).__name__}")
        if not isinstance(evaluation, str):
            raise TypeError(f"evaluation must be a str ({' or '.join(map(repr, EVALUATIONS))}), "
                            f"not {type(evaluation).__name__}")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
        if network is not None:
            if evaluation != "learned":
                raise ValueError("network is the learned evaluation's: give evaluation='learned'")
            network = _checked_network(network)
        self._limit = Limit(depth, time, nodes)
        self._evaluation = evaluation
        self._network = network
        self._hash_mb = hash_mb
        self._threads = threads
        self._algorithm = algorithm
        self._keep_tables = keep_tables
        self._searchers: dict[str, Any] = {}
        self._settings: dict[str, Any] = {}
        self._searcher: Any = None               # the one of the running (or last) search
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: Optional[int] = None
        self._last: Optional[Analysis] = None

    # settings ---------------------------------------------------------------

    @property
    def hash_mb(self) -> int:
        """The size of the transposition table in MB."""
        return self._hash_mb

    @property
    def threads(self) -> int:
        """The number of search threads."""
        return self._threads

    @property
    def algorithm(self) -> str:
        """``"auto"``, ``"alphabeta"`` or ``"mcts"`` (as given)."""
        return self._algorithm

    @property
    def evaluation(self) -> str:
        """``"classic"`` or ``"learned"`` (see the class)."""
        return self._evaluation

    @property
    def network(self) -> Any:
        """The learned evaluation's network as given (a path, a
        ``yinsh.engine.network.Network``), or ``None``: the game's packaged one."""
        return self._network

    def algorithm_for(self, board: object) -> str:
        """The search this engine runs on board: ``"alphabeta"`` or
        ``"mcts"``; with ``"auto"``, the module's ``algorithm_for(board)``
        (for a board class, which has no players yet: the alpha-beta)."""
        return algorithm_for(board) if self._algorithm == "auto" else self._algorithm

    @property
    def keep_tables(self) -> bool:
        """Whether the tables are kept between searches (see the class)."""
        return self._keep_tables

    @property
    def limit(self) -> Limit:
        """The default limits (``Limit()``: none)."""
        return self._limit

    def _module(self, board: object) -> ModuleType:
        """The compiled search module of board's game (board may also be a
        board class) with this engine's evaluation: the board class's
        ``search_module`` for the classic one, else the game registry's
        (``GameKind.search_module``; ``ValueError`` for a game without it)."""
        kind = board if isinstance(board, type) else type(board)
        name = getattr(kind, "search_module", None)
        if not isinstance(name, str):
            raise TypeError(f"board must be a game board such as yinsh.Board, not {kind.__name__}")
        from yinsh.games import of_board_class          # the registry; no game module
        try:
            game = of_board_class(kind)
        except TypeError:                               # a board of a game not registered:
            game = None                                 # the search its class names
        if game is not None:
            return game.search(self._evaluation)
        if self._evaluation != "classic":
            raise ValueError(f"{kind.__name__} has no {self._evaluation!r} evaluation (its game is "
                             f"not registered)")
        return importlib.import_module(name)

    def _search_specs(self) -> tuple[_params.Spec, ...]:
        return {"mcts": _params.MCTS, "alphabeta": _params.ALPHABETA}.get(
            self._algorithm, _params.ALPHABETA + _params.MCTS)

    def searcher(self, board: object) -> Any:
        """The compiled search object (``AlphaBeta`` or ``Mcts``) this engine
        uses for board (a board, or a board class: then the alpha-beta
        unless the engine's algorithm is ``"mcts"``), created on first use.
        Raises ``TypeError`` for an object that is not a game board."""
        module = self._module(board)
        algorithm = self.algorithm_for(board)
        key = f"{module.__name__}/{algorithm}"
        found = self._searchers.get(key)
        if found is None:
            extra = {} if self._evaluation == "classic" else {"network": self._network}
            if algorithm == "mcts":
                found = module.Mcts(**extra)
            else:
                found = module.AlphaBeta(self._hash_mb, self._threads, **extra)
            known = {p.name for p in found.params()}
            mine = {k: v for k, v in self._settings.items() if k in known}
            if mine:
                found.configure(**mine)
            self._searchers[key] = found
        return found

    def params(self, game: object = None) -> list[Param]:
        """The tunables with their current values: each a ``Param`` (``name``,
        ``value``, ``default``, range ``lo``..``hi``, ``doc``). With a board
        (or board class), those of that game's searcher: the search
        parameters and the game's evaluation weights; without, the search
        parameters of this engine's algorithm.

        >>> import yinsh
        >>> engine = yinsh.Engine(hash_mb=1)
        >>> engine.configure(lmr_depth=0)
        >>> p = engine.params()[0]
        >>> p.name, p.value, p.default, p.lo, p.hi
        ('lmr_depth', 0, 3, 0, 64)
        >>> "threat" in [p.name for p in engine.params(yinsh.Board)]
        True
        """
        if game is not None:
            return list(self.searcher(game).params())
        specs = self._search_specs()
        current = _params.defaults(specs)
        current.update({k: v for k, v in self._settings.items() if k in current})
        return _params.listing(specs, current)

    def configure(self, game: object = None, /, **values: Any) -> None:
        """Sets tunables by name: the search parameters (``lmr_depth=0``,
        ``aspiration_window=200``, ...) and, for a game, its evaluation
        weights (Yinsh: ``threat=250``); ``params()`` lists them with their
        ranges and docs/search.md has the table. This is the tuning
        interface (``yinsh match engine:depth=3,lmr_depth=0`` uses it).

        The values apply to every game's searcher of this engine, now and
        created later. Every name and value is checked before anything
        changes: search parameters at once; other names against the
        searchers the engine has, or against the game of ``game`` (a board
        or board class) when given. Raises ``ValueError`` for an unknown
        name (the message lists the known ones) or a value out of range,
        ``TypeError`` for a value that is not a number.

        >>> import yinsh
        >>> engine = yinsh.Engine(hash_mb=1)
        >>> engine.configure(yinsh.Board, threat=250, lmr_depth=2)
        >>> engine.configure(lmr_depth=99)
        Traceback (most recent call last):
        ...
        ValueError: lmr_depth must be between 0 and 64, not 99
        """
        if game is not None:
            self.searcher(game)
        specs = {s.name: s for s in self._search_specs()}
        known = dict(specs)
        tables: list[Any] = list(self._searchers.values())
        names: set[str] = set()
        for found in tables:
            names.update(p.name for p in found.params())
        unknown = [k for k in values if k not in known and k not in names]
        if unknown:
            listed = sorted(set(known) | names)
            hint = "" if tables else " (a game's evaluation weights need the game: configure(board, ...))"
            raise ValueError(f"unknown parameter {unknown[0]!r}; known: {', '.join(listed)}{hint}")
        checked = _params.checked(self._search_specs(), {k: v for k, v in values.items() if k in specs})
        for found in tables:              # check everything on copies of the values first
            table = {p.name: p for p in found.params()}
            _params.checked([_params.Spec(p.name, p.default, p.lo, p.hi) for p in table.values()],
                            {k: v for k, v in values.items() if k in table})
        for found in tables:
            names = {p.name for p in found.params()}
            found.configure(**{k: v for k, v in values.items() if k in names})
        self._settings.update(values)
        self._settings.update(checked)

    def clear(self) -> None:
        """Empties the tables of every searcher (the transposition table,
        killers, history; the MCTS tree): a new game with ``keep_tables``."""
        for found in self._searchers.values():
            found.clear()

    # searching --------------------------------------------------------------

    def _job(self, board: Any, limit: Optional[Limit], depth: object, time: object, nodes: object,
             multipv: object, searchmoves: Optional[Sequence[Any]], copy: bool) -> _Job:
        """The request checked (in the caller's thread)."""
        module = self._module(board)
        if limit is not None:
            if not isinstance(limit, Limit):
                raise TypeError(f"limit must be a Limit, not {type(limit).__name__}")
            if depth is not None or time is not None or nodes is not None:
                raise TypeError("give either a Limit or the depth / time / nodes keywords, not both")
        else:
            limit = Limit(depth, time, nodes)   # type: ignore[arg-type]
        algorithm = self.algorithm_for(board)
        if not limit.is_set():
            limit = self._limit if self._limit.is_set() else (
                Limit() if algorithm == "mcts" else Limit(depth=DEFAULT_DEPTH))
        if algorithm == "mcts" and limit.depth is not None:
            why = (f"{player_count(board)} players are searched by the MCTS"
                   if player_count(board) > 2 else "this engine runs the MCTS")
            raise ValueError(f"a depth limit (depth={limit.depth}) cannot be honoured: {why}, which has "
                             f"no depth; limit it with nodes (playouts) or time")
        lines = _check_int("multipv", multipv)
        if not 1 <= lines <= MAX_MULTIPV:
            raise ValueError(f"multipv must be between 1 and {MAX_MULTIPV}, not {multipv}")
        is_chance = getattr(board, "is_chance", None)
        if callable(is_chance) and is_chance() and (lines > 1 or searchmoves is not None):
            which = "multipv" if lines > 1 else "searchmoves"
            raise ValueError(f"{which}: the position is a chance node (a throw of the dice); its "
                             f"analysis has one line per outcome, there are no moves to choose from")
        codes = None if searchmoves is None else self._codes(module, board, searchmoves)
        turn = getattr(board, "turn", None)
        players = player_count(board)
        if copy and hasattr(board, "copy"):
            board = board.copy()
        return _Job(module, board, limit, lines, codes, turn, players, algorithm)

    @staticmethod
    def _codes(module: ModuleType, board: Any, moves: Sequence[Any]) -> list[int]:
        """The action codes of searchmoves (moves of board's game); each
        must be legal. Text is a ``TypeError``, as for ``push`` (the README's
        one rule): ``board.parse_move(text)`` reads it."""
        if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
            raise TypeError(f"searchmoves must be a list of moves, not {type(moves).__name__}")
        by_move: dict[Any, int] = {}
        move_type: Optional[type] = None
        for code in module.legal_actions(board):
            move = module.action_to_move(code)
            move_type = type(move)
            by_move[move] = code
        codes: list[int] = []
        for move in moves:
            if isinstance(move, str):
                raise TypeError(f"searchmoves must hold moves, not text ({move[:40]!r}): "
                                f"use board.parse_move(text)")
            if move_type is None or not isinstance(move, move_type):
                raise TypeError(f"searchmoves must hold moves of the board's game, "
                                f"not {type(move).__name__}")
            code = by_move.get(move)
            if code is None:
                raise _illegal_error()(f"searchmoves: {move} is not a legal action in this position")
            if code not in codes:
                codes.append(code)
        if not codes and by_move:
            raise ValueError("searchmoves is empty")
        return codes

    def _run(self, job: _Job, on_info: Optional[Callable[[Analysis], None]],
             stop: Optional[threading.Event] = None,
             running: Optional[threading.Event] = None) -> Analysis:
        """Runs a checked request in this thread. ``running`` is set while
        the search runs (after the stop flag is cleared), ``stop`` is
        checked after setting it: a handle's stop() is never lost nor sent
        to another caller's search."""
        module, board = job.module, job.board
        turn, players = job.turn, job.players
        if not module.legal_actions(board):
            return Analysis(None, module.evaluate_board(board, None if turn is None else int(turn)),
                            turn=turn, players=players,
                            algorithm=job.algorithm)
        to_move = module.action_to_move
        algorithm = job.algorithm

        def convert(found: SearchInfo) -> Analysis:
            return _analysis(found, to_move, turn, players, algorithm)

        finished: list[Optional[Analysis]] = [None]   # the Analysis of the last finished iteration

        def report(found: SearchInfo) -> None:
            finished[0] = now = convert(found)
            if on_info is not None:
                on_info(now)

        searcher = self.searcher(board)
        limit = job.limit
        try:
            with self._lock:
                self._searcher = searcher
                searcher.clear_stop()
                if running is not None:
                    running.set()
                if stop is not None and stop.is_set():
                    searcher.stop()
                self._idle.clear()
                self._thread = threading.get_ident()
                try:
                    raw = searcher.search(board, limit.depth or MAX_DEPTH, float(limit.time or 0.0),
                                          limit.nodes or 0, multipv=job.multipv, searchmoves=job.codes,
                                          callback=report, reuse=self._keep_tables)
                    result = self._last = convert(raw)
                except KeyboardInterrupt:
                    self._last = finished[0]
                    raise
                finally:
                    if running is not None:
                        running.clear()
                    self._thread = None
                    self._idle.set()
        except KeyboardInterrupt as exc:    # Ctrl-C: the caller keeps what was found
            exc.analysis = finished[0]  # type: ignore[attr-defined]
            raise
        return result

    def analyse(self, board: Any, limit: Optional[Limit] = None, *, depth: Optional[int] = None,
                time: Optional[float] = None, nodes: Optional[int] = None,
                on_info: Optional[Callable[[Analysis], None]] = None, multipv: int = 1,
                searchmoves: Optional[Sequence[Any]] = None) -> Analysis:
        """Searches board (which is not changed) and returns an ``Analysis``.

        Limits: a ``Limit`` (``analyse(board, Limit(depth=6))``) or the
        keywords ``depth`` (plies, 1..64), ``time`` (seconds), ``nodes``, not
        both; none: the engine's defaults. The search stops at the first
        limit reached, or when ``stop()`` is called, and reports the last
        finished iteration (iteration 1 always finishes). ``multipv=N``: the
        N best root actions, each with its line (``Analysis.lines``, best
        first). ``searchmoves``: the moves (``Move`` of the board's game; text
        is a ``TypeError``, as for ``push``) the root may play. ``on_info`` is called with an
        ``Analysis`` after each finished iteration. Without ``time`` (and
        with one thread) the result and node count are the same on every
        run. The GIL is released while searching.

        Ctrl-C (SIGINT) while searching in the main thread stops the search
        within a few milliseconds and raises ``KeyboardInterrupt``; its
        attribute ``analysis`` holds the ``Analysis`` of the last finished
        iteration (``None`` if none finished), so nothing found is lost::

            try:
                analysis = engine.analyse(board, depth=30)
            except KeyboardInterrupt as exc:
                analysis = exc.analysis

        (In another thread signals are not seen: use ``stop()``, or
        ``analysis()`` which handles both.)

        Raises ``TypeError`` if board is not a game board (``yinsh.Board``)
        or for a Limit given with limit keywords, ``ValueError`` for a bad
        limit or multipv, ``IllegalMoveError`` (a ``ValueError``) for a
        searchmove that is not legal.

        >>> import yinsh
        >>> board = yinsh.Board()
        >>> for text in "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7".split():
        ...     _ = board.push_str(text)
        >>> a = yinsh.Engine(hash_mb=1).analyse(board, depth=3, multipv=3)
        >>> len(a.lines), [line.multipv for line in a.lines], a.lines[0].pv == a.pv
        (3, [1, 2, 3], True)
        >>> a.lines[0].relative >= a.lines[1].relative >= a.lines[2].relative
        True
        """
        if on_info is not None and not callable(on_info):
            raise TypeError("on_info must be callable")
        job = self._job(board, limit, depth, time, nodes, multipv, searchmoves, copy=False)
        return self._run(job, on_info)

    def analysis(self, board: Any, limit: Optional[Limit] = None, *, depth: Optional[int] = None,
                 time: Optional[float] = None, nodes: Optional[int] = None, multipv: int = 1,
                 searchmoves: Optional[Sequence[Any]] = None) -> AnalysisHandle:
        """Starts a search of board in a worker thread and returns its
        ``AnalysisHandle`` at once: iterate it for the ``Analysis`` of each
        finished iteration as it arrives, ``stop()`` it, ``wait()`` for the
        final ``Analysis``; a context manager (leaving the ``with`` stops the
        search and joins the thread). The search works on a copy of the
        board, which may then change. Arguments as for ``analyse``, checked
        here. One search runs at a time per engine: another call waits.

        Ctrl-C in the thread that iterates or waits stops the search, waits
        for the worker thread to end and raises ``KeyboardInterrupt`` with
        the attribute ``analysis`` (the last finished iteration).
        """
        job = self._job(board, limit, depth, time, nodes, multipv, searchmoves, copy=True)
        return AnalysisHandle(self, job)

    def best_move(self, board: Any, limit: Optional[Limit] = None, *, depth: Optional[int] = None,
                  time: Optional[float] = None, nodes: Optional[int] = None) -> Optional[Any]:
        """The best move ``analyse`` finds (``None`` for a finished game, and
        at a chance node, where nothing is chosen: ``board.is_chance()``)."""
        return self.analyse(board, limit, depth=depth, time=time, nodes=nodes).best_move

    def stop(self) -> Optional[Analysis]:
        """Stops a running ``analyse`` (call it from another thread, or from
        ``on_info``). Waits for the search to end (well under 50 ms) and
        returns its ``Analysis`` (the best move so far); returns ``None``
        when no search was running or when called from ``on_info``."""
        if self._idle.is_set() or self._searcher is None:
            return None
        self._searcher.stop()
        if self._thread == threading.get_ident():
            return None
        self._idle.wait(1.0)
        return self._last

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._hash_mb, self._threads, self._algorithm, self._limit,
                           self._keep_tables, dict(self._settings), self._evaluation, self._network))

    def __repr__(self) -> str:
        parts = []
        if self._algorithm != "mcts":
            parts.append(f"hash_mb={self.hash_mb}")
            if self._threads != 1:
                parts.append(f"threads={self._threads}")
        if self._algorithm != "auto":
            parts.append(f"algorithm={self._algorithm!r}")
        parts += [f"{k}={v!r}" for k, v in self._limit.as_dict().items()]
        if self._keep_tables:
            parts.append("keep_tables=True")
        if self._evaluation != "classic":
            parts.append(f"evaluation={self._evaluation!r}")
        if self._network is not None:
            parts.append(f"network={self._network!r}")
        return f"Engine({', '.join(parts)})"


def params_table(params: Sequence[Param]) -> str:
    """A Markdown table of tunables (``Engine.params``): name, default,
    range, meaning; docs/search.md holds the ones of Yinsh's searches (a
    test checks that they match).

    >>> print(params_table(Engine(hash_mb=0).params()).splitlines()[2])
    | `lmr_depth` | 3 | 0..64 | late-move reductions from this remaining depth on (0: none) |
    """
    rows = ["| name | default | range | meaning |", "|---|---|---|---|"]
    for p in params:
        rows.append(f"| `{p.name}` | {p.default} | {p.lo}..{p.hi} | {p.doc} |")
    return "\n".join(rows) + "\n"


def _checked_network(network: Any) -> Any:
    """network (a path or a ``yinsh.engine.network.Network``) checked now: a
    path as a ``str``, loaded once to check it (``NetworkError``)."""
    import os
    from yinsh.engine import network as _network
    if isinstance(network, _network.Network):
        _network.check(network)
        return network
    if not isinstance(network, (str, os.PathLike)):
        raise TypeError(f"network must be a path or a yinsh.engine.network.Network, not {type(network).__name__}")
    path = os.fspath(network)
    if not isinstance(path, str):
        raise TypeError("network must be a path (str), not bytes")
    _network.load(path)
    return path


def _rebuild(hash_mb: int, threads: int, algorithm: str, limit: Limit, keep_tables: bool,
             settings: dict[str, Any], evaluation: str = "classic", network: Any = None) -> Engine:
    engine = Engine(hash_mb, threads, algorithm, depth=limit.depth, time=limit.time, nodes=limit.nodes,
                    keep_tables=keep_tables, evaluation=evaluation, network=network)
    engine._settings.update(settings)
    return engine


def _illegal_error() -> type[ValueError]:
    from yinsh.errors import IllegalMoveError        # shared by every game; not a game module
    return IllegalMoveError


_END = object()      # the worker's last queue item


class AnalysisHandle:
    """A search running in a worker thread (``Engine.analysis``).

    - ``for info in handle:`` yields the ``Analysis`` of each finished
      iteration as it arrives (the MCTS: every 1024, 2048, 4096, ...
      playouts), the last one being the final answer; the loop ends with the
      search.
    - ``info``: the latest ``Analysis`` (``None`` before the first).
    - ``stop()``: asks the search to stop (it ends within milliseconds,
      after its first iteration); returns at once.
    - ``wait()``: waits for the end and returns the final ``Analysis``
      (an error of the search is raised here).
    - ``done``: whether the search has ended.
    - ``with engine.analysis(...) as handle:`` stops and joins on leaving.

    Ctrl-C (``KeyboardInterrupt``) while iterating or waiting stops the
    search, waits for the worker to end and is raised again with the
    attribute ``analysis`` (the last finished iteration). The worker polls
    with timeouts instead of ``Thread.join``, which on Python 3.11 can be
    left in a bad state by an interrupt. A handle does not pickle (it holds
    a thread); its ``Analysis`` records do.
    """

    def __init__(self, engine: Engine, job: _Job) -> None:
        self._engine = engine
        self._job = job
        self._queue: queue.Queue[Any] = queue.Queue()
        self._stop = threading.Event()
        self._running = threading.Event()
        self._done = threading.Event()
        self._info: Optional[Analysis] = None
        self._result: Optional[Analysis] = None
        self._error: Optional[BaseException] = None
        self._finished = False          # the iteration has seen _END
        self._searcher = engine.searcher(job.board)
        self._thread = threading.Thread(target=self._work, name="engine-analysis", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        delivered: list[Optional[Analysis]] = [None]

        def on_info(found: Analysis) -> None:
            delivered[0] = found
            self._queue.put(found)

        try:
            result = self._engine._run(self._job, on_info, self._stop, self._running)
            last = delivered[0]
            if last is None or (result.algorithm == "mcts" and result.nodes != last.nodes):
                self._queue.put(result)
            self._result = result
        except BaseException as exc:  # raised again in the waiting thread
            self._error = exc
        finally:
            self._queue.put(_END)
            self._done.set()

    @property
    def info(self) -> Optional[Analysis]:
        """The latest ``Analysis`` taken from the handle (by iteration or
        ``wait()``), else the latest the search reported."""
        return self._info

    @property
    def done(self) -> bool:
        """Whether the search has ended."""
        return self._done.is_set()

    def stop(self) -> None:
        """Asks the search to stop (safe from any thread); returns at once."""
        self._stop.set()
        if self._running.is_set():
            self._searcher.stop()

    def _join(self) -> None:
        """Waits for the worker to end, stopping it again on every poll."""
        while not self._done.wait(_POLL):
            self.stop()

    def _interrupted(self, exc: KeyboardInterrupt) -> KeyboardInterrupt:
        while True:
            try:
                self.stop()
                self._join()
                break
            except KeyboardInterrupt:      # another Ctrl-C while stopping: keep stopping
                continue
        self._drain()
        exc.analysis = self._info  # type: ignore[attr-defined]
        return exc

    def _drain(self) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is _END:
                self._finished = True
                return
            self._info = item

    def __iter__(self) -> Iterator[Analysis]:
        return self

    def __next__(self) -> Analysis:
        if self._finished:
            self._raise_error()
            raise StopIteration
        try:
            while True:
                try:
                    item = self._queue.get(timeout=_POLL)
                    break
                except queue.Empty:
                    continue
        except KeyboardInterrupt as exc:
            raise self._interrupted(exc) from None
        if item is _END:
            self._finished = True
            self._raise_error()
            raise StopIteration
        self._info = item
        return item  # type: ignore[no-any-return]

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def wait(self) -> Analysis:
        """Waits for the search to end and returns its final ``Analysis``
        (with no limit but ``stop()``, call ``stop()`` first)."""
        try:
            while not self._done.wait(_POLL):
                pass
        except KeyboardInterrupt as exc:
            raise self._interrupted(exc) from None
        self._drain()
        self._raise_error()
        assert self._result is not None
        self._info = self._result
        return self._result

    def __enter__(self) -> AnalysisHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.stop()
            self._join()
        except KeyboardInterrupt as interrupt:
            raise self._interrupted(interrupt) from None

    def __repr__(self) -> str:
        state = "done" if self.done else "running"
        depth = self._info.depth if self._info is not None else 0
        return f"<AnalysisHandle {state}, depth {depth}>"


def _analysis(found: SearchInfo, to_move: Callable[[int], Any], turn: Optional[int], players: int,
              algorithm: str) -> Analysis:
    if found.chance is not None:
        return _chance_analysis(found, to_move, turn, players, algorithm)
    lines = []
    for k, (score, codes) in enumerate(found.lines, 1):
        pv = [to_move(c) for c in codes]
        lines.append(Analysis(pv[0] if pv else None, score, pv, found.depth, found.nodes, found.nps,
                              found.seconds, found.seldepth, turn, k, [], algorithm, players))
    first = lines[0] if lines else Analysis(None, found.score, [], found.depth, found.nodes, found.nps,
                                            found.seconds, found.seldepth, turn, 1, [], algorithm,
                                            players)
    visits = [(to_move(code), n, value) for code, n, value in found.visits]
    return Analysis(first.best_move, first.score, first.pv, found.depth, found.nodes, found.nps,
                    found.seconds, found.seldepth, turn, 1, lines, algorithm, players, visits)


def _chance_analysis(found: SearchInfo, to_move: Callable[[int], Any], turn: Optional[int], players: int,
                     algorithm: str) -> Analysis:
    """The Analysis of a chance root: no best move, the expected score, a
    line per outcome (its pv starts with the outcome, its best move is the
    reply after it, if a player acts next)."""
    lines = []
    for k, ((score, codes), probability) in enumerate(zip(found.lines, found.probabilities), 1):
        pv = [to_move(c) for c in codes]
        lines.append(Analysis(pv[1] if len(pv) > 1 else None, score, pv, found.depth, found.nodes, found.nps,
                              found.seconds, found.seldepth, turn, k, [], algorithm, players,
                              outcome=pv[0], probability=probability))
    visits = [(to_move(code), n, value) for code, n, value in found.visits]
    return Analysis(None, found.score, [], found.depth, found.nodes, found.nps, found.seconds,
                    found.seldepth, turn, 1, lines, algorithm, players, visits, chance=True)
