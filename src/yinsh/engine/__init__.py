"""The engine layer: searches and the code that drives them (analysis,
games against the engine, matches).

``yinsh.engine.api`` holds ``Engine`` and ``Analysis``; this package
re-exports them, so ``from yinsh.engine import Engine`` is the usual import.
``yinsh.engine.session`` (a game being played: turns, engine replies, undo,
save) and ``yinsh.engine.match`` (matches: openings, Wilson, Elo, SPRT,
worker processes) are imported by name; they know no game's rules
(``yinsh.engine.hooks`` finds a game's record module through its board).
"""
from yinsh.engine.api import DEFAULT_DEPTH, MAX_DEPTH, MAX_HASH_MB, WIN_SCORE, Analysis, Engine

__all__ = ["DEFAULT_DEPTH", "MAX_DEPTH", "MAX_HASH_MB", "WIN_SCORE", "Analysis", "Engine"]
