"""The learned evaluation's input features of one game: the part
``"features"``.

A game with a learned evaluation (``evaluation="learned"``, docs/nn.md)
provides a module of its own package as this part (``yinsh.yinsh.features``,
``yinsh.insert.features``). Its network has the same layers as every
game's; what is the game's own is said here: the input features of a
position, their images under the board's symmetries, the trainer's bound
on the first layer's weights, and the packaged network. The engine reads a
network of the game with it (``yinsh.engine.network``), the trainer
builds its training set and model with it (``yinsh.nn``).

>>> from yinsh import games
>>> features = games.get("insert").part("features")
>>> isinstance(features, Features), features.FEATURES, features.MAX_ACTIVE, features.PAD
(True, 288, 72, 288)
>>> features.FEATURE_MAPS.shape, features.NETWORK.endswith("insert.nnue")
((8, 289), True)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Features"]


@runtime_checkable
class Features(Protocol):
    """What the part ``"features"`` of a game holds (see the module)."""

    #: the number of input features per perspective (the first layer's rows)
    FEATURES: int
    #: the most features active in one perspective: the bound the network's
    #: check assumes against the ``int16`` accumulator overflowing
    MAX_ACTIVE: int
    #: the padding index of a batch of features: one past the last
    #: (``FEATURES``), the index of a zero row of the first layer
    PAD: int
    #: ``FEATURE_MAPS[k, f]``: feature ``f`` of a position as a feature of its
    #: image under the board's symmetry ``k``, ``(symmetries, FEATURES + 1)``
    #: (``PAD`` maps to itself); the only member that needs numpy (the
    #: engine reads the others where there is none): a module may build it
    #: on first use
    FEATURE_MAPS: npt.NDArray[np.int16]
    #: the trainer's bound on ``|W1|``: ``16 + MAX_ACTIVE * W1_LIMIT`` stays
    #: below ``32767 / 127`` (258) with room for the rounding
    W1_LIMIT: float
    #: the path of the game's packaged network (``evaluation="learned"``
    #: without a network of one's own), a ``.nnue`` file beside the module
    NETWORK: str

    def active_features(self, board: Any) -> tuple[list[int], list[int]]:
        """The active features of board (ascending lists), in the first
        player's perspective and in the other's; ``TypeError`` for a board
        of another game, ``ValueError`` for a finished game."""

    def position_key(self, board: Any) -> Hashable:
        """What tells positions apart: a key equal exactly for equal
        positions (the training set merges equal keys)."""
