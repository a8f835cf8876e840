"""yinsh.nn: a learned NNUE-style evaluation for Yinsh and Insert (issue 28, docs/nn.md).

* ``yinsh.nn.games``: the games with a learned evaluation and what differs
  between them (``nn_game``): each game's part ``"features"``
  (``yinsh.parts.features``; Yinsh's ``yinsh.yinsh.features``, Insert's
  ``yinsh.insert.features``);
* ``yinsh.nn.features``: the active input features of many boards at once;
* ``yinsh.nn.network``: the integer network, its ``.nnue`` file and its
  checks (``yinsh.engine.network``, where the engine reads it);
* ``yinsh.nn.reference``: the integer forward pass in NumPy (the reference
  the compiled inference equals).

Yinsh's ``FEATURES``, ``MAX_ACTIVE``, ``PAD`` and ``active_features`` are
here too (``yinsh.yinsh.features``'s, read through the registry).

>>> import yinsh
>>> from yinsh.nn import evaluate, random_network
>>> isinstance(evaluate(random_network(0), yinsh.Board()), int)
True
"""
from typing import Any

from yinsh import games as _games  # the registry (yinsh.nn.games is a module of this package)
from yinsh.engine.network import (Network, NetworkError, NetworkGameError, check, load,
                                  random_network, save)
from yinsh.nn.features import active_features_batch
from yinsh.nn.games import NN_GAMES, NNGame, nn_game
from yinsh.nn.reference import accumulators, evaluate, evaluate_batch, features_batch

__all__ = [
    "NN_GAMES", "NNGame", "Network", "NetworkError", "NetworkGameError", "accumulators", "nn_game",
    "active_features_batch", "check", "evaluate", "evaluate_batch", "features_batch", "load",
    "random_network", "save",
]

# Yinsh's features this package names (``from yinsh.nn import FEATURES``).
_YINSH_FEATURES = ("FEATURES", "MAX_ACTIVE", "PAD", "active_features")


def __getattr__(name: str) -> Any:
    """Yinsh's ``FEATURES``, ``MAX_ACTIVE``, ``PAD`` and ``active_features``."""
    if name in _YINSH_FEATURES:
        return getattr(_games.get("yinsh").part("features"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
