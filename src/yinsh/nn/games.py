"""The games the learned evaluation knows, and what differs between them.

Every game's network has the same layers (docs/nn.md): ``features`` inputs
per perspective, two accumulators of ``HIDDEN`` (64), then 128 -> 32 -> 1.
What is the game's own: its input features (a module with ``FEATURES``,
``MAX_ACTIVE``, ``PAD``, ``active_features(board)``, ``position_key(board)``
and ``FEATURE_MAPS``, the features' images under the board's symmetries),
its board class, and its packaged network.

>>> nn_game("insert").features, nn_game("insert").max_active, nn_game("yinsh").features
(288, 72, 491)
>>> from yinsh import insert
>>> nn_game(insert.Board()).name, nn_game("yinsh").network_file
('insert', 'yinsh.nnue')
>>> nn_game("ludo")
Traceback (most recent call last):
...
ValueError: no learned evaluation for 'ludo' (it has one for: yinsh, insert)
"""
from __future__ import annotations

import dataclasses
import importlib
import os
from types import ModuleType
from typing import Any, Union

import numpy as np
import numpy.typing as npt

__all__ = ["NN_GAMES", "NNGame", "nn_game"]


@dataclasses.dataclass(frozen=True)
class NNGame:
    """A game's side of the learned evaluation (see the module)."""

    #: the game's name (``GameKind.name``; a network's ``meta["game"]``)
    name: str
    #: the number of input features per perspective
    features: int
    #: the most features active in one perspective (the overflow bound)
    max_active: int
    #: the module of the features (``yinsh.nn.features`` for Yinsh)
    features_module: str
    #: the board class, ``module:Class``
    board: str
    #: the package whose folder holds the packaged network
    package: str
    #: the trainer's bound on ``|W1|``: ``16 + max_active * w1_limit`` stays
    #: below ``32767 / 127`` (258) with room for the rounding
    w1_limit: float

    @property
    def pad(self) -> int:
        """The padding index of a batch of features (one past the last)."""
        return self.features

    @property
    def module(self) -> ModuleType:
        """The features module."""
        return importlib.import_module(self.features_module)

    @property
    def board_class(self) -> type:
        """The game's board class."""
        module, name = self.board.split(":")
        cls: type = getattr(importlib.import_module(module), name)
        return cls

    @property
    def feature_maps(self) -> npt.NDArray[np.int16]:
        """``(symmetries, features + 1)``: each feature's image under each
        symmetry of the board (``PAD`` maps to itself)."""
        maps: npt.NDArray[np.int16] = self.module.FEATURE_MAPS
        return maps

    @property
    def symmetries(self) -> int:
        """The number of the board's symmetries (12 for Yinsh, 8 for Insert)."""
        return int(self.feature_maps.shape[0])

    @property
    def network_file(self) -> str:
        """The packaged network's file name (and the trainer's output)."""
        return f"{self.name}.nnue"

    @property
    def packaged_network(self) -> str:
        """The path of the packaged network."""
        package = importlib.import_module(self.package)
        return os.path.join(os.path.dirname(str(package.__file__)), self.network_file)

    def active_features(self, board: Any) -> tuple[list[int], list[int]]:
        """The active features of board, White's (the first player's) and
        the other perspective's."""
        result: tuple[list[int], list[int]] = self.module.active_features(board)
        return result

    def position_key(self, board: Any) -> Any:
        """A hashable key equal exactly for equal positions."""
        return self.module.position_key(board)


#: The games with a learned evaluation, by name.
NN_GAMES: dict[str, NNGame] = {
    "yinsh": NNGame(name="yinsh", features=491, max_active=70,
                    features_module="yinsh.nn.features", board="yinsh.yinsh.board:Board",
                    package="yinsh.yinsh", w1_limit=3.4),
    "insert": NNGame(name="insert", features=288, max_active=72,
                     features_module="yinsh.nn.insert_features", board="yinsh.insert.board:Board",
                     package="yinsh.insert", w1_limit=3.3),
}


def nn_game(game: Union[str, "NNGame", Any]) -> NNGame:
    """The NNGame of a name, of a board (by its class), or itself.

    Raises ``ValueError`` for a game without a learned evaluation,
    ``TypeError`` for anything else.
    """
    if isinstance(game, NNGame):
        return game
    if isinstance(game, str):
        found = NN_GAMES.get(game)
        if found is None:
            raise ValueError(f"no learned evaluation for {game!r} (it has one for: "
                             f"{', '.join(NN_GAMES)})")
        return found
    for spec in NN_GAMES.values():
        if isinstance(game, spec.board_class):
            return spec
    name = getattr(type(game), "__module__", "")
    if name.startswith("yinsh."):
        raise ValueError(f"no learned evaluation for {type(game).__name__} of {name} (it has one "
                         f"for: {', '.join(NN_GAMES)})")
    raise TypeError(f"expected a game name or a board, not {type(game).__name__}")
