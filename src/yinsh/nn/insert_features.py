"""Insert's input features of the learned evaluation under their path of
before the game held them: ``yinsh.nn.insert_features.FEATURES`` is
``yinsh.insert.features.FEATURES`` (read through the registry,
``games.get("insert").part("features")``).

>>> from yinsh.insert import features
>>> from yinsh.nn import insert_features
>>> insert_features.active_features is features.active_features, insert_features.FEATURES
(True, 288)
"""
from __future__ import annotations

from typing import Any

from yinsh import games


def __getattr__(name: str) -> Any:
    """Insert's features (``FEATURES``, ``active_features``, ...) by their old path."""
    features = games.get("insert").part("features")
    if name.startswith("_") or not hasattr(features, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(features, name)
