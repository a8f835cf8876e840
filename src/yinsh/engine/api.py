"""The search engine: ``Engine`` analyses a board, ``Analysis`` is its answer.

The searches are compiled per game (``yinsh._search`` for Yinsh, rendered from
the templates in this package; docs/architecture.md): an alpha-beta (negamax
with principal variation search, iterative deepening, a transposition table,
Lazy SMP threads; docs/search.md) and an MCTS. ``Engine`` finds the searches
of a board's game through its class attribute ``search_module``, so this
module imports no game. Every action is one ply; scores are from the side to
act, and a win in N plies scores ``WIN_SCORE - N``.

>>> import yinsh
>>> board = yinsh.Board()
>>> for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split():
...     _ = board.push_str(text)
>>> engine = yinsh.Engine(hash_mb=4)
>>> analysis = engine.analyse(board, depth=3)
>>> analysis.depth, analysis.best_move in board.legal_moves, analysis.pv[0] == analysis.best_move
(3, True, True)
>>> board.ply                          # the board is not changed
10
"""
from __future__ import annotations

import importlib
import math
import threading
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Optional

from yinsh.engine import info as _info
from yinsh.engine.info import SearchInfo

WIN_SCORE: int = _info.WIN_SCORE
"""The score of a won position; a win in N plies scores ``WIN_SCORE - N``."""

MAX_DEPTH: int = _info.MAX_SEARCH_DEPTH
"""The deepest iteration the search runs."""

ALGORITHMS = ("alphabeta", "mcts")
"""The searches an ``Engine`` can run."""

MAX_THREADS = 256
"""The most search threads ``Engine`` accepts."""

MAX_HASH_MB = 65536
"""The largest transposition table ``Engine`` accepts, in MB."""

DEFAULT_DEPTH = 5
"""The depth searched when neither the call nor the engine sets a limit."""


@dataclass(frozen=True)
class Analysis:
    """What a search found (also the record passed to ``on_info`` after each
    finished iteration).

    ``best_move`` is ``None`` (and ``pv`` empty) only for a finished game.
    ``score`` is from the side to act in the analysed position: 10000 is a
    removed ring, ``WIN_SCORE - N`` a win in N plies, ``-(WIN_SCORE - N)`` a
    loss in N plies. ``nps`` is nodes per second, ``time`` seconds.
    """

    best_move: Optional[Any]
    score: int
    pv: list[Any] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0
    nps: int = 0
    time: float = 0.0
    seldepth: int = 0

    @property
    def move(self) -> Optional[Any]:
        """The same as ``best_move``."""
        return self.best_move

    @property
    def nodes_per_second(self) -> int:
        """The same as ``nps``."""
        return self.nps

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


def _check_limit(name: str, value: object, kind: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, kind):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")


class Engine:
    """A search engine for boards of any game of the library: the alpha-beta
    (``algorithm="alphabeta"``, a transposition table of ``hash_mb`` MB, 0:
    none, shared by ``threads`` threads) or the MCTS (``algorithm="mcts"``,
    one thread). ``depth``, ``time`` (seconds) and ``nodes`` are default
    limits for calls that set none; with no limit at all the alpha-beta
    searches to ``DEFAULT_DEPTH`` (the MCTS, which has no depth, plays its
    default number of playouts). A call's limits replace the defaults; when
    several are given the search stops at the first one reached.

    The compiled search object of a board's game (``searcher(board)``) has
    the tunables: ``params()`` and ``configure(**values)``; ``configure``
    here applies them to every game's searcher of this engine.

    Raises ``ValueError`` for a hash size outside 0..65536, a thread count
    outside 1..256, an unknown algorithm or a bad limit.
    """

    def __init__(self, hash_mb: int = 16, threads: int = 1, algorithm: str = "alphabeta", *,
                 depth: Optional[int] = None, time: Optional[float] = None,
                 nodes: Optional[int] = None) -> None:
        if isinstance(hash_mb, bool) or not isinstance(hash_mb, int):
            raise TypeError(f"hash_mb must be an int, not {type(hash_mb).__name__}")
        if not 0 <= hash_mb <= MAX_HASH_MB:
            raise ValueError(f"hash_mb must be between 0 and {MAX_HASH_MB}, not {hash_mb}")
        if isinstance(threads, bool) or not isinstance(threads, int):
            raise TypeError(f"threads must be an int, not {type(threads).__name__}")
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError(f"threads must be between 1 and {MAX_THREADS}, not {threads}")
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
        if algorithm == "mcts" and threads != 1:
            raise ValueError(f"the MCTS runs in one thread, not {threads}")
        self._limits = self._checked_limits(depth, time, nodes)
        self._hash_mb = hash_mb
        self._threads = threads
        self._algorithm = algorithm
        self._searchers: dict[str, Any] = {}
        self._settings: dict[str, Any] = {}
        self._searcher: Any = None               # the one of the running (or last) search
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: Optional[int] = None
        self._last: Optional[Analysis] = None

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
        """``"alphabeta"`` or ``"mcts"``."""
        return self._algorithm

    @staticmethod
    def _module(board: object) -> ModuleType:
        """The compiled search module of board's game."""
        name = getattr(type(board), "search_module", None)
        if not isinstance(name, str):
            raise TypeError(f"board must be a game board such as yinsh.Board, not {type(board).__name__}")
        return importlib.import_module(name)

    def searcher(self, board: object) -> Any:
        """The compiled search object (``AlphaBeta`` or ``Mcts``) this engine
        uses for board's game, created on first use. Raises ``TypeError``
        for an object that is not a game board."""
        module = self._module(board)
        found = self._searchers.get(module.__name__)
        if found is None:
            if self._algorithm == "mcts":
                found = module.Mcts()
            else:
                found = module.AlphaBeta(self._hash_mb, self._threads)
            if self._settings:
                found.configure(**self._settings)
            self._searchers[module.__name__] = found
        return found

    def configure(self, **values: Any) -> None:
        """Sets search tunables and evaluation weights by name on every
        game's searcher of this engine (now and created later); see
        ``searcher(board).params()`` for the names, defaults and ranges.
        Raises ``ValueError`` / ``TypeError`` for a bad name or value (for
        the searchers that exist; later ones check when created)."""
        for found in self._searchers.values():
            found.configure(**values)
        self._settings.update(values)

    @staticmethod
    def _checked_limits(depth: object, time: object, nodes: object) -> tuple[Any, Any, Any]:
        _check_limit("depth", depth, int)
        _check_limit("time", time, (int, float))
        _check_limit("nodes", nodes, int)
        if depth is not None and not 1 <= depth <= MAX_DEPTH:  # type: ignore[operator]
            raise ValueError(f"depth must be between 1 and {MAX_DEPTH}, not {depth}")
        if time is not None and not (time > 0 and math.isfinite(time)):  # type: ignore[operator,arg-type]
            raise ValueError(f"time must be a positive number of seconds, not {time}")
        if nodes is not None and not 1 <= nodes < 2 ** 63:  # type: ignore[operator]
            raise ValueError(f"nodes must be between 1 and 2**63 - 1, not {nodes}")
        return depth, time, nodes

    def analyse(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                nodes: Optional[int] = None,
                on_info: Optional[Callable[[Analysis], None]] = None) -> Analysis:
        """Searches board (which is not changed) and returns an ``Analysis``.

        Limits: ``depth`` (plies, 1..64), ``time`` (seconds), ``nodes``; the
        search stops at the first reached, or when ``stop()`` is called, and
        reports the last finished iteration (iteration 1 always finishes).
        ``on_info`` is called with an ``Analysis`` after each finished
        iteration. Without ``time`` the result and node count are the same
        on every run. The GIL is released while searching.

        Ctrl-C (SIGINT) while searching in the main thread stops the search
        within a few milliseconds and raises ``KeyboardInterrupt``; its
        attribute ``analysis`` holds the ``Analysis`` of the last finished
        iteration (``None`` if none finished), so nothing found is lost::

            try:
                analysis = engine.analyse(board, depth=30)
            except KeyboardInterrupt as exc:
                analysis = exc.analysis

        (In another thread signals are not seen: use ``stop()``.)

        Raises ``TypeError`` if board is not a game board (``yinsh.Board``),
        ``ValueError`` for a bad limit.
        """
        module = self._module(board)
        if on_info is not None and not callable(on_info):
            raise TypeError("on_info must be callable")
        depth, time, nodes = self._checked_limits(depth, time, nodes)
        if depth is None and time is None and nodes is None:
            depth, time, nodes = self._limits
            if depth is None and time is None and nodes is None:
                depth = DEFAULT_DEPTH
        if not module.legal_actions(board):
            turn = getattr(board, "turn", None)
            return Analysis(None, module.evaluate_board(board, int(turn) if turn is not None else None))
        to_move = module.action_to_move

        finished: list[Optional[Analysis]] = [None]   # the Analysis of the last finished iteration

        def report(found: SearchInfo) -> None:
            finished[0] = now = _analysis(found, to_move)
            if on_info is not None:
                on_info(now)

        searcher = self.searcher(board)
        try:
            with self._lock:
                self._searcher = searcher
                searcher.clear_stop()
                self._idle.clear()
                self._thread = threading.get_ident()
                try:
                    raw = searcher.search(board, depth or MAX_DEPTH, float(time or 0.0), nodes or 0,
                                          callback=report)
                    result = self._last = _analysis(raw, to_move)
                except KeyboardInterrupt:
                    self._last = finished[0]
                    raise
                finally:
                    self._thread = None
                    self._idle.set()
        except KeyboardInterrupt as exc:    # Ctrl-C: the caller keeps what was found
            exc.analysis = finished[0]  # type: ignore[attr-defined]
            raise
        return result

    def best_move(self, board: Any, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Optional[Any]:
        """The best move ``analyse`` finds (``None`` for a finished game)."""
        return self.analyse(board, depth=depth, time=time, nodes=nodes).best_move

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

    def __repr__(self) -> str:
        if self._algorithm == "mcts":
            return "Engine(algorithm='mcts')"
        if self._threads != 1:
            return f"Engine(hash_mb={self.hash_mb}, threads={self._threads})"
        return f"Engine(hash_mb={self.hash_mb})"


def _analysis(found: SearchInfo, to_move: Callable[[int], Any]) -> Analysis:
    pv = [to_move(c) for c in found.pv]
    return Analysis(pv[0] if pv else None, found.score, pv, found.depth, found.nodes, found.nps,
                    found.seconds, found.seldepth)
