"""The float model the trainer fits, and its quantisation into the integer
``Network`` (docs/nn.md), in NumPy (the trainer runs the same model in JAX).

::

    a_c = clamp(W1 x_c + b1, 0, 1)             (x_c: the active features of c)
    h   = clamp(W2 [a_stm, a_opp] + b2, 0, 1)
    o   = W3 h + b3                            (sigmoid(o): the side to act's expected result)

The weights stay within ``LIMITS`` (the trainer clips after every step), so
the quantised network is exact to the format: ``|W2|, |W3| <= 127 / 64``
(``int8``), and ``|b1| + 70 * max |W1| < 32767 / 127`` (no ``int16``
accumulator overflows; 70 is Yinsh's ``max_active``, each game of
``yinsh.nn.games`` has its own and its own bound on ``W1``: ``limits``).

>>> params = init_params(0)
>>> net = quantise(params)
>>> from yinsh.nn.reference import evaluate
>>> import yinsh
>>> board = yinsh.Board()
>>> _ = board.push_str("e5")
>>> from yinsh.nn.features import active_features_batch
>>> float_score = 2000 * float(forward(params, active_features_batch([board]), [1])[0])
>>> evaluate(net, board), round(float_score)      # the rounding of small W2 entries shows
(780, 732)
"""
from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from yinsh.nn.games import NNGame, nn_game
from yinsh.engine.network import (HIDDEN, L2, OUT_SCALE, SCORE_SCALE, Network, NetworkError,
                                  check, default_meta)

__all__ = ["LIMITS", "PARAMS", "float_score", "forward", "init_params", "limits", "params_of",
           "quantise"]

#: The float parameters by name, with their shapes (Yinsh's; ``params_of``).
PARAMS: dict[str, tuple[int, ...]] = {
    "w1": (491, HIDDEN), "b1": (HIDDEN,), "w2": (2 * HIDDEN, L2), "b2": (L2,),
    "w3": (L2,), "b3": (),
}
#: The largest magnitude of each clipped parameter: 16 + 70 * 3.4 = 254 < 32767 / 127
#: (258), with room for the rounding; 127 / 64 for the int8 layers.
LIMITS: dict[str, float] = {"w1": 3.4, "b1": 16.0, "w2": 127 / 64, "w3": 127 / 64}

Params = dict[str, npt.NDArray[np.float32]]
GameLike = Union[str, NNGame]


def params_of(game: GameLike) -> dict[str, tuple[int, ...]]:
    """The float parameters' shapes of game's model.

    >>> params_of("insert")["w1"]
    (288, 64)
    """
    return {**PARAMS, "w1": (nn_game(game).features, HIDDEN)}


def limits(game: GameLike) -> dict[str, float]:
    """The clipping bounds of game's parameters (``LIMITS`` with the game's
    bound on ``W1``: ``16 + max_active * w1 < 258``).

    >>> limits("yinsh") == LIMITS, limits("insert")["w1"]
    (True, 3.3)
    """
    return {**LIMITS, "w1": nn_game(game).w1_limit}


def init_params(seed: int, game: GameLike = "yinsh") -> Params:
    """Fresh parameters (seeded) of game's model: small first-layer
    weights, so that the ~40 active features of a position start the
    accumulators inside 0..1.

    >>> sorted(init_params(0)), init_params(0)["w1"].shape, init_params(0, "insert")["w1"].shape
    (['b1', 'b2', 'b3', 'w1', 'w2', 'w3'], (491, 64), (288, 64))
    """
    rng = np.random.default_rng(seed)
    return {
        "w1": rng.normal(0.0, 0.05, params_of(game)["w1"]).astype(np.float32),
        "b1": np.full(PARAMS["b1"], 0.25, np.float32),
        "w2": rng.normal(0.0, 1.0 / np.sqrt(2 * HIDDEN), PARAMS["w2"]).astype(np.float32),
        "b2": np.full(PARAMS["b2"], 0.1, np.float32),
        "w3": rng.normal(0.0, 1.0 / np.sqrt(L2), PARAMS["w3"]).astype(np.float32),
        "b3": np.zeros(PARAMS["b3"], np.float32),
    }


def forward(params: Any, features: npt.ArrayLike, stm: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The float output ``o`` of many positions (features ``(N, 2, K)``
    padded with ``PAD``, stm ``(N,)``), in float64: ``2000 * o`` is the
    float model's score."""
    feats = np.asarray(features, dtype=np.intp)
    sides = np.asarray(stm, dtype=np.intp)
    w1 = np.concatenate([np.asarray(params["w1"], np.float64), np.zeros((1, HIDDEN))])
    a = np.clip(w1[feats].sum(axis=2) + np.asarray(params["b1"], np.float64), 0.0, 1.0)
    rows = np.arange(len(sides))
    x = np.concatenate([a[rows, sides], a[rows, 1 - sides]], axis=1)
    h = np.clip(x @ np.asarray(params["w2"], np.float64) + np.asarray(params["b2"], np.float64),
                0.0, 1.0)
    out: npt.NDArray[np.float64] = (h @ np.asarray(params["w3"], np.float64)
                                    + float(np.asarray(params["b3"])))
    return out


def quantise(params: Any, meta: Optional[dict[str, Any]] = None) -> Network:
    """The integer network of params (``l1`` by 127, ``l2``/``l3`` weights by
    64, their biases by 127 * 64, rounded to nearest), with meta over
    ``default_meta()`` of ``meta["game"]`` (Yinsh if meta names none);
    ``NetworkError`` if params break ``limits`` so far that the network
    breaks the format's bounds.

    >>> quantise(init_params(0)).l1_bias[:3].tolist()
    [32, 32, 32]
    """
    meta = dict(meta or {})
    game = nn_game(meta.pop("game", "yinsh"))
    p = {name: np.asarray(params[name], np.float64) for name in PARAMS}
    for name, shape in params_of(game).items():
        if p[name].shape != shape:
            raise ValueError(f"{name} has shape {p[name].shape}, expected {shape}")

    def rounded(x: npt.NDArray[np.float64], scale: float, dtype: Any) -> Any:
        info = np.iinfo(dtype)
        values = np.rint(x * scale)
        if values.size and (values.min() < -info.max or values.max() > info.max):
            raise NetworkError(f"a weight of {scale} * {values.max():g} does not fit {np.dtype(dtype)} "
                               f"(the trainer's LIMITS keep it in range)")
        return values.astype(dtype)

    network = Network(
        l1_weight=rounded(p["w1"], 127, np.int16), l1_bias=rounded(p["b1"], 127, np.int16),
        l2_weight=rounded(p["w2"], 64, np.int8), l2_bias=rounded(p["b2"], OUT_SCALE, np.int32),
        l3_weight=rounded(p["w3"], 64, np.int8),
        l3_bias=np.array(rounded(p["b3"], OUT_SCALE, np.int32), dtype=np.int32),
        meta=default_meta(game, **meta),
    )
    check(network)
    return network


def float_score(params: Any, features: npt.ArrayLike, stm: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The float model's scores in engine units (``2000 * o``)."""
    return SCORE_SCALE * forward(params, features, stm)
