"""The integer forward pass of docs/nn.md in NumPy: the reference the
compiled inference must equal bit for bit.

::

    acc[c] = l1_bias + sum of l1_weight[f] over the active features f of c
    x      = clamp(acc[stm], 0, 127) ++ clamp(acc[1 - stm], 0, 127)
    y[k]   = clamp((l2_bias[k] + sum_i x[i] * l2_weight[i, k]) >> 6, 0, 127)
    out    = l3_bias + sum_k y[k] * l3_weight[k]
    score  = out * 2000 / 8128, truncated toward zero

>>> import yinsh
>>> from yinsh.engine.network import random_network
>>> net = random_network(0)
>>> board = yinsh.Board()
>>> _ = board.push_str("e5")
>>> score = evaluate(net, board)
>>> isinstance(score, int), score == int(evaluate_batch(net, features_batch([board]))[0])
(True, True)

The same for Insert, with a network of Insert's (``game="insert"``):

>>> from yinsh import insert
>>> net = random_network(0, game="insert")
>>> board = insert.Board(layout=17)
>>> _ = board.push_str("c3")
>>> evaluate(net, board) == int(evaluate_batch(net, features_batch([board]))[0])
True
>>> evaluate(random_network(0), board)            # a Yinsh network
Traceback (most recent call last):
...
yinsh.engine.network.NetworkGameError: a network of yinsh, not of insert
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from yinsh.nn.features import active_features_batch
from yinsh.nn.games import nn_game
from yinsh.engine.network import OUT_SCALE, SCORE_SCALE, Network, check

__all__ = ["accumulators", "accumulators_batch", "evaluate", "evaluate_batch", "features_batch",
           "truncated_score"]

Features = tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]


def truncated_score(out: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """``out * 2000 / 8128`` truncated toward zero, as C's integer ``/``.

    >>> truncated_score([8128, -8128, 5, -5, 4065, -4065]).tolist()
    [2000, -2000, 1, -1, 1000, -1000]
    """
    scaled = np.asarray(out, dtype=np.int64) * SCORE_SCALE
    result: npt.NDArray[np.int64] = np.sign(scaled) * (np.abs(scaled) // OUT_SCALE)
    return result


def accumulators(network: Network, board: Any) -> npt.NDArray[np.int32]:
    """The two accumulators of board (a Yinsh or an Insert board),
    ``[the first player's, the other's]``: an ``int32`` array of shape
    ``(2, 64)`` whose values fit ``int16`` (``check``).

    >>> import yinsh
    >>> from yinsh.engine.network import random_network
    >>> net = random_network(0)
    >>> acc = accumulators(net, yinsh.Board())
    >>> bool((acc[0] == net.l1_bias + net.l1_weight[488]).all()), acc.shape
    (True, (2, 64))
    """
    features = nn_game(board).active_features(board)
    weight = network.l1_weight.astype(np.int32)
    acc = np.empty((2, network.l1_bias.shape[0]), dtype=np.int32)
    for c in (0, 1):
        acc[c] = network.l1_bias.astype(np.int32) + weight[features[c]].sum(axis=0, dtype=np.int32)
    return acc


def _forward(network: Network, acc_stm: npt.NDArray[np.int32],
             acc_opp: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """The integer scores from the accumulators (each ``(N, 64)``)."""
    x = np.concatenate([np.clip(acc_stm, 0, 127), np.clip(acc_opp, 0, 127)], axis=1)
    y = x.astype(np.int64) @ network.l2_weight.astype(np.int64) + network.l2_bias.astype(np.int64)
    y = np.clip(y >> 6, 0, 127)                  # >> is arithmetic: floor division by 64
    out = y @ network.l3_weight.astype(np.int64) + np.int64(network.l3_bias)
    return truncated_score(out)


def evaluate(network: Network, board: Any) -> int:
    """The network's score of board, for the side to act, in the engine's
    units (``P(win) = sigmoid(score / 2000)``).

    Raises ``ValueError`` for a finished game or a board of a game without
    a learned evaluation, ``TypeError`` for a non-Board, ``NetworkError``
    for a network that breaks the format (``NetworkGameError`` for one of
    another game than board's).

    >>> import yinsh
    >>> from yinsh.engine.network import random_network
    >>> isinstance(evaluate(random_network(0), yinsh.Board()), int)
    True
    """
    check(network, nn_game(board))
    acc = accumulators(network, board)
    stm = int(board.turn)
    return int(_forward(network, acc[stm][None], acc[1 - stm][None])[0])


def features_batch(boards: Sequence[Any]) -> Features:
    """The inputs of ``evaluate_batch`` for boards (of one game): their
    padded active features ``(N, 2, max_active)`` and sides to act ``(N,)``."""
    stm = np.array([int(board.turn) for board in boards], dtype=np.int8)
    return active_features_batch(boards), stm


def accumulators_batch(network: Network,
                       features: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """The accumulators of many positions: features ``(N, 2, K)`` padded
    with ``PAD`` (the network's number of features: 491 for Yinsh; it
    contributes nothing), returns ``(N, 2, 64)``."""
    features = np.asarray(features)
    if features.dtype.kind not in "iu":
        raise TypeError(f"features must be integers, not {features.dtype}")
    if features.ndim != 3 or features.shape[1] != 2:
        raise ValueError(f"features must have shape (N, 2, K), not {features.shape}")
    count = network.l1_weight.shape[0]
    if features.size and (features.min() < 0 or features.max() > count):
        raise ValueError(f"feature indices must be in 0..{count} (the last is padding)")
    weight = np.concatenate([network.l1_weight.astype(np.int32),
                             np.zeros((1, network.l1_weight.shape[1]), dtype=np.int32)])
    acc: npt.NDArray[np.int32] = (weight[features.astype(np.intp)].sum(axis=2, dtype=np.int32)
                                  + network.l1_bias.astype(np.int32))
    return acc


def evaluate_batch(network: Network, inputs: Features) -> npt.NDArray[np.int64]:
    """The scores of many positions, ``inputs`` = ``(features, stm)`` as
    ``features_batch`` makes them (features ``(N, 2, K)`` padded with ``PAD``,
    stm ``(N,)`` of 0/1): an ``int64`` array ``(N,)``, each equal to
    ``evaluate`` of its board.

    >>> from yinsh.engine.network import random_network
    >>> import yinsh
    >>> evaluate_batch(random_network(0), features_batch([])).shape
    (0,)
    """
    check(network)
    features, stm_in = inputs
    stm = np.asarray(stm_in).astype(np.intp)
    if stm.shape != (np.shape(features)[0],) or (stm.size and not np.isin(stm, (0, 1)).all()):
        raise ValueError("stm must hold one 0 or 1 per position")
    acc = accumulators_batch(network, features)
    rows = np.arange(len(stm))
    return _forward(network, acc[rows, stm], acc[rows, 1 - stm])
