"""The search engine: ``Engine`` analyses a board, ``Analysis`` is its answer.

The searches are compiled per game (``yinsh.yinsh._search`` for Yinsh, rendered from
the templates in this package; docs/architecture.md): an alpha-beta (negamax
with principal variation search, iterative deepening, a transposition table,
Lazy SMP threads; docs/search.md) and an MCTS. ``Engine`` finds the searches
of a board's game through the registry (``yinsh.games.of_board``: the
game's ``GameKind.search(evaluation)``), so this module imports no game. Every action is one ply; scores are from the side to
act, and a win in N plies scores ``WIN_SCORE - N`` (``Analysis.relative``
is the same as a ``Score``: ``Points(n)`` or ``Mate(n)``).

The shape follows python-chess's ``chess.engine``: ``analyse(board,
Limit(...), multipv=N, searchmoves=[...])`` returns the answer,
``analysis(board, Limit(...))`` a handle that runs the search in a thread
and yields each finished iteration. ``Analysis`` is
``yinsh.engine.analysis``'s, the handle ``yinsh.engine.analysis_handle``'s,
a checked request ``yinsh.engine.request``'s (``yinsh.engine`` names the
first two).

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

import dataclasses
import os
import random
import threading
from types import ModuleType
from typing import Any, Callable, Optional, Sequence

from yinsh.engine import info as _info
from yinsh.engine import levels as _levels
from yinsh.engine import params as _params
from yinsh.engine import wdl as _wdl
from yinsh.engine.analysis import WIN_SCORE, Analysis, analysis_of
from yinsh.engine.analysis_handle import AnalysisHandle
from yinsh.engine.info import SearchInfo
from yinsh.engine.limit import Limit
from yinsh.engine.params import Param
from yinsh.engine.request import SearchRequest, action_codes

MAX_DEPTH: int = _info.MAX_SEARCH_DEPTH
"""The deepest iteration the search runs."""

ALGORITHMS = ("auto", "alphabeta", "mcts")
"""The ``algorithm`` values of an ``Engine``: ``"auto"`` (the default) is
the alpha-beta for a two-player game and the MCTS for more players (Ludo
with 3 or 4; ``algorithm_for``)."""

EVALUATIONS = ("auto", "classic", "learned")
"""The ``evaluation`` values of an ``Engine``: ``"auto"`` (the default:
the game's ``default_evaluation``, learned for Yinsh, classic for Insert
and Ludo), ``"classic"`` (the game's hand-written evaluation) and
``"learned"`` (a trained network, NNUE-style, where the game has one:
Yinsh and Insert; docs/search.md)."""

DEFAULT_EVALUATION = "auto"
"""The evaluation of an ``Engine()`` given none: each game's own default
(``Engine.evaluation_for``; ``yinsh bench`` names it on its first line)."""

MAX_THREADS = 256
"""The most search threads ``Engine`` accepts."""

MAX_HASH_MB = 65536
"""The largest transposition table ``Engine`` accepts, in MB."""

MAX_MULTIPV = 256
"""The most lines ``multipv`` asks for (fewer are reported when the
position has fewer root actions)."""

DEFAULT_DEPTH = 5
"""The depth searched when neither the call nor the engine sets a limit."""


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
    """The search ``Engine(algorithm="auto")`` runs on board: its game's
    rule (``GameKind.algorithm``: ``"alphabeta"`` for two players, the
    negamax needs two sides, ``"mcts"`` for more).

    >>> import yinsh
    >>> from yinsh import ludo
    >>> algorithm_for(yinsh.Board()), algorithm_for(ludo.Board(players=2)), algorithm_for(ludo.Board())
    ('alphabeta', 'alphabeta', 'mcts')
    """
    return str(Engine._game(board).algorithm(board))


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


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
    hand-written ``"classic"`` evaluation; ``"auto"`` (the default) is each
    game's ``default_evaluation`` (``evaluation_for``): the learned one for
    Yinsh, where it measured stronger (docs/nn.md), the classic one for
    Insert and Ludo. ``network`` (a path of a ``.nnue`` file, a
    ``yinsh.engine.network.Network`` or ``Layers``; with ``"auto"`` it makes the engine
    ``"learned"``) replaces the packaged network, checked at once
    (``yinsh.engine.network.NetworkError``, a ``ValueError``, for a bad
    file); searching a board of another game than the network's raises
    ``yinsh.engine.network.NetworkGameError`` (a ``NetworkError``).

    ``level`` (1..8, ``yinsh.engine.levels``; docs/levels.md) weakens the
    engine for people to beat: below 8 every search visits at most the
    level's nodes (the MCTS: playouts), searches the level's number of best
    lines, and ``best_move`` (``choose``) picks among them with the level's
    weakness, drawing from a generator seeded with ``seed`` (``None``: an
    unseeded one). Level 8, the default, is the full engine. With a seed
    and one thread a level plays the same games on every machine.

    Raises ``ValueError`` for a hash size outside 0..65536, a thread count
    outside 1..256, an unknown algorithm or evaluation, a level outside 1..8
    or a bad limit.

    >>> import yinsh
    >>> from yinsh import insert
    >>> learned = Engine(hash_mb=1, evaluation="learned")
    >>> learned.evaluation, learned.analyse(yinsh.Board(), depth=2).depth
    ('learned', 2)
    >>> Engine().evaluation, Engine().evaluation_for(yinsh.Board()), Engine().evaluation_for(insert.Board())
    ('auto', 'learned', 'classic')

    >>> from yinsh import ludo
    >>> board = ludo.Board(players=4)
    >>> _ = board.push_str("r6"), board.push_str("r3")
    >>> engine = Engine()
    >>> engine.algorithm, engine.algorithm_for(board), engine.analyse(board, nodes=300).algorithm
    ('auto', 'mcts', 'mcts')

    >>> beginner = Engine(level=1, seed=7)
    >>> beginner.best_move(yinsh.Board()) == Engine(level=1, seed=7).best_move(yinsh.Board())
    True
    >>> Engine(level=0)
    Traceback (most recent call last):
    ...
    ValueError: level must be between 1 and 8, not 0
    """

    def __init__(self, hash_mb: int = 16, threads: int = 1, algorithm: str = "auto", *,
                 depth: Optional[int] = None, time: Optional[float] = None,
                 nodes: Optional[int] = None, keep_tables: bool = False,
                 evaluation: str = DEFAULT_EVALUATION, network: Any = None,
                 level: int = _levels.MAX_LEVEL, seed: Optional[int] = None) -> None:
        self._level = _levels.check_level(level)
        if seed is not None:
            _check_int("seed", seed)
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
            if evaluation == "auto":
                evaluation = "learned"
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
        self._seed = seed
        self._rng = random.Random(seed)

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
        """``"auto"``, ``"classic"`` or ``"learned"`` (as given; see the class)."""
        return self._evaluation

    def evaluation_for(self, board: object) -> str:
        """The evaluation this engine searches board with (a board or a
        board class): ``"classic"`` or ``"learned"``; with ``"auto"``, the
        game's ``default_evaluation`` (classic for a game not registered)."""
        if self._evaluation != "auto":
            return self._evaluation
        return str(self._game(board).default_evaluation)

    @staticmethod
    def _game(board: object) -> Any:
        """The registered game (``yinsh.game_kind.GameKind``) of board (a board
        or a board class); ``TypeError`` for an object that is not a board
        of a registered game."""
        kind = board if isinstance(board, type) else type(board)
        from yinsh.games import of_board_class          # the registry; no game module
        try:
            return of_board_class(kind)
        except TypeError:
            raise TypeError(f"board must be a board of a registered game such as yinsh.Board, "
                            f"not {kind.__name__}") from None

    @property
    def network(self) -> Any:
        """The learned evaluation's network as given (a path, a
        ``yinsh.engine.network.Network`` or ``Layers``), or ``None``: the game's packaged one."""
        return self._network

    def algorithm_for(self, board: object) -> str:
        """The search this engine runs on board: ``"alphabeta"`` or
        ``"mcts"``; with ``"auto"``, the module's ``algorithm_for(board)``
        (for a board class, which has no players yet: the alpha-beta)."""
        return algorithm_for(board) if self._algorithm == "auto" else self._algorithm

    @property
    def level(self) -> int:
        """The level, 1..8 (8: the full engine; see the class)."""
        return self._level

    def level_for(self, board: object) -> _levels.Level:
        """The settings of this engine's level for board's game (a board or
        a board class): ``yinsh.engine.levels.levels_for``."""
        return _levels.levels_for(self._game(board))[self._level - 1]

    @property
    def seed(self) -> Optional[int]:
        """The seed of the level's choices (``None``: unseeded)."""
        return self._seed

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
        board class) with this engine's evaluation (``GameKind.search``;
        ``ValueError`` for an evaluation the game does not have)."""
        module: ModuleType = self._game(board).search(self.evaluation_for(board))
        return module

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
            extra = {} if self.evaluation_for(board) == "classic" else {"network": self._network}
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
        parameters and the game's evaluation weights (the classic
        evaluation's: the learned one has none); without, the search
        parameters of this engine's algorithm.

        >>> import yinsh
        >>> engine = yinsh.Engine(hash_mb=1)
        >>> engine.configure(lmr_depth=0)
        >>> p = engine.params()[0]
        >>> p.name, p.value, p.default, p.lo, p.hi
        ('lmr_depth', 0, 3, 0, 64)
        >>> "threat" in [p.name for p in yinsh.Engine(evaluation="classic").params(yinsh.Board)]
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
        weights (Yinsh's classic evaluation: ``threat=250``); ``params()`` lists them with their
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
        >>> engine = yinsh.Engine(hash_mb=1, evaluation="classic")
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
            if game is not None and self.evaluation_for(game) != "classic" and unknown[0] in {
                    p.name for p in Engine(hash_mb=0, evaluation="classic").params(game)}:
                hint = (f" ({unknown[0]!r} is a weight of the classic evaluation; this engine's is "
                        f"{self.evaluation_for(game)!r}: give evaluation='classic')")
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
             multipv: object, searchmoves: Optional[Sequence[Any]], copy: bool) -> SearchRequest:
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
        level = self.level_for(board)
        cap = level.cap(algorithm)
        if not limit.is_set():
            limit = self._limit if self._limit.is_set() else (
                Limit(nodes=cap) if cap else Limit() if algorithm == "mcts" else Limit(depth=DEFAULT_DEPTH))
        if cap and (limit.nodes is None or limit.nodes > cap):
            limit = Limit(limit.depth, limit.time, cap)
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
        codes = None if searchmoves is None else action_codes(module, board, searchmoves)
        if not (callable(is_chance) and is_chance()):
            lines = max(lines, level.lines)
        turn = getattr(board, "turn", None)
        players = player_count(board)
        if copy and hasattr(board, "copy"):
            board = board.copy()
        return SearchRequest(module, board, limit, lines, codes, turn, players, algorithm)

    def _run(self, job: SearchRequest, on_info: Optional[Callable[[Analysis], None]],
             stop: Optional[threading.Event] = None,
             running: Optional[threading.Event] = None) -> Analysis:
        """Runs a checked request in this thread. ``running`` is set while
        the search runs (after the stop flag is cleared), ``stop`` is
        checked after setting it: a handle's stop() is never lost nor sent
        to another caller's search."""
        module, board = job.module, job.board
        turn, players = job.turn, job.players
        game = self._game(board)
        context = _wdl.context_for(game, self.evaluation_for(board), job.algorithm, board, turn, players)
        if not module.legal_actions(board):
            score = module.evaluate_board(board, None if turn is None else int(turn))
            wdl = _wdl.final_wdl(game, board, context.seat) or context.wdl(score)
            return Analysis(None, score, turn=turn, players=players, algorithm=job.algorithm, wdl=wdl,
                            win_chances=context.chances(wdl))
        to_move = module.action_to_move
        algorithm = job.algorithm

        def convert(found: SearchInfo) -> Analysis:
            return analysis_of(found, to_move, turn, players, algorithm, context)

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
                    result = convert(raw)
                    last = finished[0]
                    if (last is not None and algorithm == "alphabeta" and not result.chance and result.pv
                            and (result.pv, result.score) != (last.pv, last.score)):
                        result = _partial(result, last)     # the unfinished iteration's move
                        if on_info is not None:
                            on_info(result)
                    self._last = result
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
        first; an engine below level 8 searches at least its level's lines,
        and at most its level's nodes). ``searchmoves``: the moves (``Move`` of the board's game; text
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
        """The move this engine plays: ``choose`` of what ``analyse`` finds
        (``None`` for a finished game, and at a chance node, where nothing
        is chosen: ``board.is_chance()``)."""
        return self.choose(board, self.analyse(board, limit, depth=depth, time=time, nodes=nodes))

    def choose(self, board: object, analysis: Analysis) -> Optional[Any]:
        """The move this engine plays in board after analysis (its search
        of board): the best move, or below level 8 the level's choice among
        the analysis's lines (``yinsh.engine.levels.choose``, with the
        engine's seeded generator: each call draws from it)."""
        level = self.level_for(board)
        if level.weakness == 0 or len(analysis.lines) < 2:
            return analysis.best_move
        return analysis.lines[_levels.choose(analysis.lines, level, self._rng)].best_move

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
                           self._keep_tables, dict(self._settings), self._evaluation, self._network,
                           self._level, self._seed, self._rng.getstate()))

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
        if self._evaluation != DEFAULT_EVALUATION:
            parts.append(f"evaluation={self._evaluation!r}")
        if self._network is not None:
            parts.append(f"network={self._network!r}")
        if self._level != _levels.MAX_LEVEL:
            parts.append(f"level={self._level}")
        if self._seed is not None:
            parts.append(f"seed={self._seed}")
        return f"Engine({', '.join(parts)})"


def _partial(result: Analysis, last: Analysis) -> Analysis:
    """result (a search's answer whose line is not that of its last finished
    iteration, ``last``) as the unfinished iteration's: one deeper than
    ``last``, marked ``partial``."""
    line = dataclasses.replace(result, depth=last.depth + 1, lines=[], partial=True)
    return dataclasses.replace(line, lines=[line])


def _checked_network(network: Any) -> Any:
    """network (a path, a ``yinsh.engine.network.Network`` or ``Layers``)
    checked now: a path as a ``str``, read once to check it
    (``NetworkError``; without numpy)."""
    from yinsh.engine import network as _network
    if isinstance(network, (_network.Network, _network.Layers)):
        _network.check(network)
        return network
    if not isinstance(network, (str, os.PathLike)):
        raise TypeError(f"network must be a path or a yinsh.engine.network.Network, not {type(network).__name__}")
    path = os.fspath(network)
    if not isinstance(path, str):
        raise TypeError("network must be a path (str), not bytes")
    _network.read_layers(path)
    return path


def _rebuild(hash_mb: int, threads: int, algorithm: str, limit: Limit, keep_tables: bool,
             settings: dict[str, Any], evaluation: str = "classic", network: Any = None,
             level: int = _levels.MAX_LEVEL, seed: Optional[int] = None, state: Any = None) -> Engine:
    engine = Engine(hash_mb, threads, algorithm, depth=limit.depth, time=limit.time, nodes=limit.nodes,
                    keep_tables=keep_tables, evaluation=evaluation, network=network, level=level, seed=seed)
    engine._settings.update(settings)
    if state is not None:
        engine._rng.setstate(state)
    return engine
