"""The games the learned evaluation knows, as the trainer sees them.

Every game's network has the same layers (docs/nn.md): ``features`` inputs
per perspective, two accumulators of ``HIDDEN`` (64), then 128 -> 32 -> 1.
What is the game's own is its part ``"features"`` (``yinsh.parts.features``:
the input features, their images under the board's symmetries, the bound
on ``W1``, the packaged network), which the registry (``yinsh.games``)
gives: a game has a learned evaluation if it has that part. ``NNGame`` is
one game's part seen as the trainer uses it, ``NN_GAMES`` the registry's
games that have one, ``nn_game`` the one of a name or a board.

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
from types import ModuleType
from typing import Any, Hashable, Iterator, Union

import numpy as np
import numpy.typing as npt

from yinsh import games
from yinsh.engine.network import learned_game, learned_games
from yinsh.game_kind import GameKind
from yinsh.parts.features import Features

__all__ = ["NN_GAMES", "NNGame", "nn_game"]


@dataclasses.dataclass(frozen=True)
class NNGame:
    """A game's side of the learned evaluation (see the module): its
    description's part ``"features"``."""

    #: the registered game
    kind: GameKind

    @property
    def name(self) -> str:
        """The game's name (``GameKind.name``; a network's ``meta["game"]``)."""
        return self.kind.name

    @property
    def module(self) -> Features:
        """The features (the part ``"features"``: a module of the game's package)."""
        features: Features = self.kind.part("features")
        return features

    @property
    def features_module(self) -> str:
        """The name of the features' module (``yinsh.yinsh.features`` for Yinsh)."""
        module = self.module
        return module.__name__ if isinstance(module, ModuleType) else type(module).__module__

    @property
    def features(self) -> int:
        """The number of input features per perspective."""
        return self.module.FEATURES

    @property
    def max_active(self) -> int:
        """The most features active in one perspective (the overflow bound)."""
        return self.module.MAX_ACTIVE

    @property
    def pad(self) -> int:
        """The padding index of a batch of features (one past the last)."""
        return self.module.PAD

    @property
    def w1_limit(self) -> float:
        """The trainer's bound on ``|W1|``: ``16 + max_active * w1_limit``
        stays below ``32767 / 127`` (258) with room for the rounding."""
        return self.module.W1_LIMIT

    @property
    def board_class(self) -> type:
        """The game's board class."""
        cls: type = self.kind.board_class
        return cls

    @property
    def feature_maps(self) -> npt.NDArray[np.int16]:
        """``(symmetries, features + 1)``: each feature's image under each
        symmetry of the board (``PAD`` maps to itself)."""
        return self.module.FEATURE_MAPS

    @property
    def symmetries(self) -> int:
        """The number of the board's symmetries (12 for Yinsh, 8 for Insert)."""
        return int(self.feature_maps.shape[0])

    @property
    def network_file(self) -> str:
        """The trainer's output file name (``<game>.nnue``, the packaged
        network's name)."""
        return f"{self.name}.nnue"

    @property
    def packaged_network(self) -> str:
        """The path of the packaged network."""
        return self.module.NETWORK

    def active_features(self, board: Any) -> tuple[list[int], list[int]]:
        """The active features of board, White's (the first player's) and
        the other perspective's."""
        return self.module.active_features(board)

    def position_key(self, board: Any) -> Hashable:
        """A hashable key equal exactly for equal positions."""
        return self.module.position_key(board)


class _LearnedGames(games.GameView[NNGame]):
    """``NN_GAMES``: the registry's games with a learned evaluation, by
    name, as ``NNGame`` (one per registration of the game)."""

    def __init__(self) -> None:
        super().__init__(NNGame)

    def __getitem__(self, name: str) -> NNGame:
        if name not in self:
            raise KeyError(name)
        return super().__getitem__(name)

    def __iter__(self) -> Iterator[str]:
        return iter(learned_games())

    def __len__(self) -> int:
        return len(learned_games())

    def __contains__(self, name: object) -> bool:
        return name in learned_games()


#: The games with a learned evaluation, by name.
NN_GAMES = _LearnedGames()


def nn_game(game: Union[str, NNGame, Any]) -> NNGame:
    """The NNGame of a name, of a board (by its class), or itself.

    Raises ``ValueError`` for a game without a learned evaluation,
    ``TypeError`` for anything else.
    """
    if isinstance(game, NNGame):
        return game
    if isinstance(game, str):
        return NN_GAMES[learned_game(game).name]
    try:
        kind = games.of_board(game)
    except TypeError:
        raise TypeError(f"expected a game name or a board, not {type(game).__name__}") from None
    if not kind.has_part("features"):
        raise ValueError(f"no learned evaluation for {type(game).__name__} of "
                         f"{type(game).__module__} (it has one for: {', '.join(learned_games())})")
    return NN_GAMES[kind.name]
