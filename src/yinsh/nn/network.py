"""The integer network of the learned evaluation and its file (``*.nnue``),
under the path it had before the engine held it: ``yinsh.engine.network``
(the engine reads the network it plays; the trainer writes one).

>>> from yinsh.engine import network
>>> Network is network.Network, load is network.load
(True, True)
"""
from yinsh.engine.network import (ARRAYS, FORMAT, HIDDEN, L2, META_KEYS, OUT_SCALE, SCORE_SCALE,
                                  Network, NetworkError, NetworkGameError, arrays_of, check,
                                  default_meta, game_features, learned_game, learned_games, load,
                                  packaged_network, random_network, save)

__all__ = [
    "ARRAYS", "FORMAT", "HIDDEN", "L2", "META_KEYS", "NetworkError", "NetworkGameError",
    "OUT_SCALE", "SCORE_SCALE", "Network", "arrays_of", "check", "default_meta", "game_features",
    "learned_game", "learned_games", "load", "packaged_network", "random_network", "save",
]
