"""yinsh.nn: a learned NNUE-style evaluation for Yinsh and Insert (issue 28, docs/nn.md).

* ``yinsh.nn.games``: the games with a learned evaluation and what differs
  between them (``nn_game``);
* ``yinsh.nn.features``: the active input features of a Yinsh position
  (``yinsh.nn.insert_features``: of an Insert position);
* ``yinsh.nn.network``: the integer network, its ``.nnue`` file and its checks;
* ``yinsh.nn.reference``: the integer forward pass in NumPy (the reference
  the compiled inference equals).

>>> import yinsh
>>> from yinsh.nn import evaluate, random_network
>>> isinstance(evaluate(random_network(0), yinsh.Board()), int)
True
"""
from yinsh.nn.features import FEATURES, MAX_ACTIVE, PAD, active_features, active_features_batch
from yinsh.nn.games import NN_GAMES, NNGame, nn_game
from yinsh.nn.network import (Network, NetworkError, NetworkGameError, check, load, random_network,
                              save)
from yinsh.nn.reference import accumulators, evaluate, evaluate_batch, features_batch

__all__ = [
    "FEATURES", "MAX_ACTIVE", "NN_GAMES", "NNGame", "PAD", "Network", "NetworkError",
    "NetworkGameError", "accumulators", "nn_game",
    "active_features", "active_features_batch", "check", "evaluate", "evaluate_batch",
    "features_batch", "load", "random_network", "save",
]
