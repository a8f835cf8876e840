"""The engine layer: searches and the code that drives them (analysis,
games against the engine, matches). It imports no game: it asks the
registry (``yinsh.games``) for a board's game, whose spec imports its
compiled search (``GameKind.search``), rendered for that game from the
templates here (docs/architecture.md).

``yinsh.engine.api`` holds ``Engine`` (with ``Analysis`` of
``yinsh.engine.analysis`` and ``AnalysisHandle`` of
``yinsh.engine.analysis_handle``), ``yinsh.engine.limit`` ``Limit``,
``yinsh.engine.score`` the scores (``Score``, ``Points``, ``Mate``,
``MateGiven``, ``PovScore``), ``yinsh.engine.wdl`` win/draw/loss (``Wdl``,
the games' models); this package re-exports them, so ``from
yinsh.engine import Engine, Limit`` is the usual import.
``yinsh.engine.session`` (a game being played: turns, engine replies, undo,
save) and ``yinsh.engine.match`` (matches: openings, worker processes; the
Wilson, Elo and SPRT statistics are ``yinsh.engine.match_stats``'s) are
imported by name; they know no game's rules (``yinsh.engine.hooks`` finds a
game's record module through its board).
``yinsh.engine.info`` has ``SearchInfo`` (what the compiled searches return),
``yinsh.engine.params`` the tunables (``Param``).
"""
from yinsh.engine.analysis import WIN_SCORE, Analysis
from yinsh.engine.analysis_handle import AnalysisHandle
from yinsh.engine.api import (ALGORITHMS, DEFAULT_DEPTH, EVALUATIONS, MAX_DEPTH, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS,
                              Engine, algorithm_for)
from yinsh.engine.info import SearchInfo
from yinsh.engine.limit import Limit
from yinsh.engine.params import Param
from yinsh.engine.score import Mate, MateGiven, Points, PovScore, Score
from yinsh.engine.wdl import Wdl

__all__ = ["ALGORITHMS", "DEFAULT_DEPTH", "EVALUATIONS", "MAX_DEPTH", "MAX_HASH_MB", "MAX_MULTIPV", "MAX_THREADS",
           "WIN_SCORE", "Analysis", "AnalysisHandle", "Engine", "Limit", "Mate", "MateGiven", "Param",
           "Points", "PovScore", "Score", "SearchInfo", "Wdl", "algorithm_for"]
