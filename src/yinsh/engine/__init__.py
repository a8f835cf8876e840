"""The engine layer: searches and the code that drives them (analysis,
games against the engine, matches).

``yinsh.engine.api`` holds ``Engine`` and ``Analysis``; this package
re-exports them, so ``from yinsh.engine import Engine`` is the usual import.
"""
from yinsh.engine.api import DEFAULT_DEPTH, MAX_DEPTH, MAX_HASH_MB, WIN_SCORE, Analysis, Engine

__all__ = ["DEFAULT_DEPTH", "MAX_DEPTH", "MAX_HASH_MB", "WIN_SCORE", "Analysis", "Engine"]
