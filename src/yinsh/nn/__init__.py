"""yinsh.nn: a learned NNUE-style evaluation for Yinsh and Insert (issue 28, docs/nn.md).

* ``yinsh.nn.games``: the games with a learned evaluation and what differs
  between them (``nn_game``): each game's part ``"features"``
  (``yinsh.parts.features``; Yinsh's ``yinsh.yinsh.features``, Insert's
  ``yinsh.insert.features``);
* ``yinsh.nn.features``: the active input features of many boards at once;
* the integer network, its ``.nnue`` file and its checks are
  ``yinsh.engine.network``'s (the engine reads the network it plays; this
  package names ``Network``, ``load``, ``save``, ``check`` and
  ``random_network`` too);
* ``yinsh.nn.reference``: the integer forward pass in NumPy (the reference
  the compiled inference equals).

>>> import yinsh
>>> from yinsh.nn import evaluate, random_network
>>> isinstance(evaluate(random_network(0), yinsh.Board()), int)
True
"""
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

