"""The learned evaluation's input features of many boards at once, padded
into one array (the training set, the reference, the trainer).

Each game's features are its part ``"features"`` (``yinsh.parts.features``:
Yinsh's in ``yinsh.yinsh.features``, Insert's in ``yinsh.insert.features``);
this module batches those of any game with one (``yinsh.nn.games``).

>>> import yinsh
>>> board = yinsh.Board()
>>> _ = board.push_str("e5")                 # White places a ring on e5
>>> batch = active_features_batch([yinsh.Board(), board])
>>> batch.shape, batch.dtype, batch[1, 0, :3].tolist() == [yinsh.E5, 488, 491]
((2, 2, 70), dtype('int16'), True)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from yinsh.nn.games import nn_game

__all__ = ["active_features_batch", "pad"]


def pad(active: Sequence[int], out: npt.NDArray[np.int16], padding: int) -> None:
    """Writes active into the row out, then padding (the game's ``PAD``) to its end.

    >>> row = np.zeros(4, dtype=np.int16)
    >>> pad([3, 7], row, 9)
    >>> row.tolist()
    [3, 7, 9, 9]
    """
    n = len(active)
    if n > out.shape[0]:
        raise ValueError(f"{n} active features, more than the {out.shape[0]} columns")
    out[:n] = active
    out[n:] = padding


def active_features_batch(boards: Sequence[Any]) -> npt.NDArray[np.int16]:
    """The active features of many boards of one game (one of
    ``yinsh.nn.games``): an ``int16`` array of shape
    ``(len(boards), 2, max_active)``, ``[i, c]`` the features of board ``i``
    in perspective ``c`` (the first player 0, the other 1), ascending,
    padded with the game's ``PAD``. No board: Yinsh's shape.

    >>> import yinsh
    >>> from yinsh import insert
    >>> active_features_batch([]).shape, active_features_batch([insert.Board()]).shape
    ((0, 2, 70), (1, 2, 72))
    """
    game = nn_game(boards[0] if len(boards) else "yinsh")
    out = np.empty((len(boards), 2, game.max_active), dtype=np.int16)
    for i, board in enumerate(boards):
        if nn_game(board) is not game:
            raise ValueError(f"boards of several games: {game.name} and {nn_game(board).name}")
        white, black = game.active_features(board)
        pad(white, out[i, 0], game.pad)
        pad(black, out[i, 1], game.pad)
    return out

