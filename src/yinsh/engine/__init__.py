"""The engine layer: searches and the code that drives them (analysis,
games against the engine, matches). It imports no game: a board names its
game's compiled search module (``Board.search_module``), rendered for that
game from the templates here (docs/architecture.md).

``yinsh.engine.api`` holds ``Engine`` and ``Analysis``; this package
re-exports them, so ``from yinsh.engine import Engine`` is the usual import.
``yinsh.engine.session`` (a game being played: turns, engine replies, undo,
save) and ``yinsh.engine.match`` (matches: openings, Wilson, Elo, SPRT,
worker processes) are imported by name; they know no game's rules
(``yinsh.engine.hooks`` finds a game's record module through its board).
``yinsh.engine.info`` has ``SearchInfo`` (what the compiled searches return),
``yinsh.engine.params`` the tunables (``Param``).
"""
from yinsh.engine.api import (ALGORITHMS, DEFAULT_DEPTH, MAX_DEPTH, MAX_HASH_MB, MAX_THREADS, WIN_SCORE,
                              Analysis, Engine)
from yinsh.engine.info import SearchInfo
from yinsh.engine.params import Param

__all__ = ["ALGORITHMS", "DEFAULT_DEPTH", "MAX_DEPTH", "MAX_HASH_MB", "MAX_THREADS", "WIN_SCORE",
           "Analysis", "Engine", "Param", "SearchInfo"]
