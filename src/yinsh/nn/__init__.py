"""yinsh.nn: a learned NNUE-style evaluation for Yinsh (issue 28, docs/nn.md).

* ``yinsh.nn.features``: the active input features of a position;
* ``yinsh.nn.network``: the integer network, its ``.nnue`` file and its checks;
* ``yinsh.nn.reference``: the integer forward pass in NumPy (the reference
  the compiled inference equals).

>>> import yinsh
>>> from yinsh.nn import evaluate, random_network
>>> isinstance(evaluate(random_network(0), yinsh.Board()), int)
True
"""
from yinsh.nn.features import FEATURES, MAX_ACTIVE, PAD, active_features, active_features_batch
from yinsh.nn.network import Network, NetworkError, check, load, random_network, save
from yinsh.nn.reference import accumulators, evaluate, evaluate_batch, features_batch

__all__ = [
    "FEATURES", "MAX_ACTIVE", "PAD", "Network", "NetworkError", "accumulators",
    "active_features", "active_features_batch", "check", "evaluate", "evaluate_batch",
    "features_batch", "load", "random_network", "save",
]
