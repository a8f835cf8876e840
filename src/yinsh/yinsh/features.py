"""Yinsh's input features of the learned evaluation (docs/nn.md, issue 28):
the game's part ``"features"`` (``yinsh.parts.features``).

A *perspective* is a colour ``c`` (0 White, 1 Black); "own" is ``c``, "opp"
``1 - c``. A position has, for each perspective, a short list of *active*
feature indices in ``0 .. FEATURES - 1``:

============  =====================================================
index         active when
============  =====================================================
0 + p         an own ring on point ``p``
121 + p       an opp ring on point ``p``
242 + p       an own marker on point ``p``
363 + p       an opp marker on point ``p``
484, 485      own rings removed >= 1, >= 2
486, 487      opp rings removed >= 1, >= 2
488           the placement phase (both perspectives)
489           a removal is pending and own is to remove
490           a removal is pending and opp is to remove
============  =====================================================

Points are the library's grid numbers (``yinsh.POINTS``, 0..120).

>>> import yinsh
>>> board = yinsh.Board()
>>> _ = board.push_str("e5")                 # White places a ring on e5
>>> white, black = active_features(board)
>>> white == [yinsh.E5, PLACEMENT], black == [RING_OPP + yinsh.E5, PLACEMENT]
(True, True)
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

from yinsh.yinsh.board import Board
from yinsh.yinsh.enums import Color, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CELLS", "FEATURES", "MARKER_OPP", "MARKER_OWN", "MAX_ACTIVE", "OPP_REMOVES", "OWN_REMOVES",
    "PAD", "PLACEMENT", "REMOVED_OPP", "REMOVED_OWN", "RING_OPP", "RING_OWN",
    "FEATURE_MAPS", "NETWORK", "W1_LIMIT", "active_features", "features_of", "position_key",
    "transform_features",
]

#: The cells of the grid a point number ranges over (``yinsh.POINTS`` are 85 of them).
CELLS = 121
#: ``RING_OWN + p``: an own ring on point ``p``.
RING_OWN = 0
#: ``RING_OPP + p``: an opponent's ring on point ``p``.
RING_OPP = CELLS
#: ``MARKER_OWN + p``: an own marker on point ``p``.
MARKER_OWN = 2 * CELLS
#: ``MARKER_OPP + p``: an opponent's marker on point ``p``.
MARKER_OPP = 3 * CELLS
#: ``REMOVED_OWN + k`` is active when own has removed more than ``k`` rings (k = 0, 1).
REMOVED_OWN = 4 * CELLS
#: ``REMOVED_OPP + k`` is active when opp has removed more than ``k`` rings (k = 0, 1).
REMOVED_OPP = REMOVED_OWN + 2
#: Active in the placement phase, in both perspectives.
PLACEMENT = REMOVED_OPP + 2
#: Active when a removal (a row or a ring) is pending and own is the remover.
OWN_REMOVES = PLACEMENT + 1
#: Active when a removal is pending and opp is the remover.
OPP_REMOVES = PLACEMENT + 2
#: The number of features (491).
FEATURES = OPP_REMOVES + 1
#: The most features a position can have active in one perspective (10 rings,
#: 51 markers, 4 removal counts, 1 phase, 1 remover: 67, rounded up to the
#: 70 the network's overflow bound assumes).
MAX_ACTIVE = 70
#: The padding index of a batch of features (``yinsh.nn.features.active_features_batch``):
#: one past the last feature (a zero row appended to the first layer's weights
#: makes it contribute nothing).
PAD = FEATURES
#: The trainer's bound on ``|W1|`` (``yinsh.parts.features``): 16 + 70 * 3.4 = 254 < 258.
W1_LIMIT = 3.4
#: The packaged network (``Engine(evaluation="learned")``).
NETWORK = os.path.join(os.path.dirname(__file__), "yinsh.nnue")

_REMOVING = (Phase.REMOVE_ROW, Phase.REMOVE_RING)


def features_of(rings: tuple[Sequence[int], Sequence[int]],
                markers: tuple[Sequence[int], Sequence[int]],
                removed: tuple[int, int], phase: Phase, turn: int,
                perspective: int) -> list[int]:
    """The active features of one perspective, from the position's parts:
    ``rings[c]`` / ``markers[c]`` the points of colour ``c``'s rings and
    markers, ``removed[c]`` its removed rings, ``phase`` and ``turn`` (the side
    to act). Ascending, no duplicates.

    >>> features_of(([0], []), ([], [5]), (1, 2), Phase.MOVE, 0, 1)
    [121, 247, 484, 485, 486]
    """
    own, opp = perspective, 1 - perspective
    active = [RING_OWN + p for p in rings[own]] + [RING_OPP + p for p in rings[opp]]
    active += [MARKER_OWN + p for p in markers[own]] + [MARKER_OPP + p for p in markers[opp]]
    active += [REMOVED_OWN + k for k in range(min(removed[own], 2))]
    active += [REMOVED_OPP + k for k in range(min(removed[opp], 2))]
    if phase is Phase.PLACE:
        active.append(PLACEMENT)
    elif phase in _REMOVING:
        active.append(OWN_REMOVES if turn == own else OPP_REMOVES)
    return active


def active_features(board: Board) -> tuple[list[int], list[int]]:
    """The active feature indices of board for White's and for Black's
    perspective (ascending lists), read through the Board's public API.

    Raises ``TypeError`` for anything but a ``yinsh.Board`` and ``ValueError``
    for a game that is over (the evaluation never sees one).

    >>> import yinsh
    >>> active_features(yinsh.Board())
    ([488], [488])
    """
    if not isinstance(board, Board):
        raise TypeError(f"expected a yinsh.Board, not {type(board).__name__}")
    phase = board.phase
    if phase is Phase.GAME_OVER:
        raise ValueError("the game is over: a finished position has no features")
    white, black = Color.WHITE, Color.BLACK
    rings = (board.rings(white), board.rings(black))
    markers = (board.markers(white), board.markers(black))
    removed = (board.rings_removed(white), board.rings_removed(black))
    turn = int(board.turn)
    return (features_of(rings, markers, removed, phase, turn, 0),
            features_of(rings, markers, removed, phase, turn, 1))


def position_key(board: Board) -> int:
    """What tells positions apart (the training set merges equal keys): the
    Zobrist hash.

    >>> import yinsh
    >>> position_key(yinsh.Board()) == yinsh.Board().zobrist_hash()
    True
    """
    return int(board.zobrist_hash())


def _build_feature_maps() -> npt.NDArray[np.int16]:
    """(12, FEATURES + 1): the image of each feature index (and of ``PAD``)."""
    import numpy as np
    from yinsh.yinsh.symmetries import NUM_SYMMETRIES, POINT_MAPS
    maps = np.tile(np.arange(FEATURES + 1, dtype=np.int16), (NUM_SYMMETRIES, 1))
    for block in (RING_OWN, RING_OPP, MARKER_OWN, MARKER_OPP):
        maps[:, block:block + CELLS] = block + POINT_MAPS
    maps.flags.writeable = False
    return maps


#: ``FEATURE_MAPS[k, f]``: feature ``f`` of a position, as a feature of its
#: image under the board symmetry ``k`` (``yinsh.yinsh.symmetries``): point
#: features move with their point, the others (and ``PAD``) stay. Built on
#: first use (``__getattr__``): the engine reads this module without numpy.
FEATURE_MAPS: npt.NDArray[np.int16]


def _feature_maps() -> npt.NDArray[np.int16]:
    """``FEATURE_MAPS``, built by the first call."""
    maps: Optional[npt.NDArray[np.int16]] = globals().get("FEATURE_MAPS")
    if maps is None:
        maps = globals()["FEATURE_MAPS"] = _build_feature_maps()
    return maps


def __getattr__(name: str) -> object:
    """``FEATURE_MAPS``, built on first use (it needs numpy)."""
    if name == "FEATURE_MAPS":
        return _feature_maps()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def transform_features(k: int | npt.ArrayLike,
                       features: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """The features (any shape, padded or not) of the image of their
    position under symmetry ``k`` (0..11; or one ``k`` per leading row), the
    same as the features of the transformed board, up to order.

    >>> import yinsh
    >>> from yinsh.yinsh.symmetries import transform_board
    >>> board = yinsh.Board()
    >>> _ = board.push_str("e5")
    >>> turned = transform_features(3, active_features(board)[0])
    >>> sorted(turned.tolist()) == active_features(transform_board(3, board))[0]
    True
    """
    import numpy as np
    from yinsh.yinsh.symmetries import NUM_SYMMETRIES
    ks = np.asarray(k)
    if ks.dtype.kind not in "iu" or (ks.size and (ks.min() < 0 or ks.max() >= NUM_SYMMETRIES)):
        raise ValueError(f"symmetries are 0..{NUM_SYMMETRIES - 1}")
    indices = np.asarray(features)
    if indices.dtype.kind not in "iu":
        raise TypeError(f"features must be integers, not {indices.dtype}")
    if indices.size and (indices.min() < 0 or indices.max() > PAD):
        raise ValueError(f"feature indices must be in 0..{PAD} (the last is padding)")
    if ks.ndim:
        ks = ks.reshape(ks.shape + (1,) * (indices.ndim - ks.ndim))
    result: npt.NDArray[np.int16] = _feature_maps()[ks, indices]
    return result
