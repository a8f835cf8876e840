"""The 12 symmetries of the board, for data augmentation.

With ``x = c - 5`` and ``y = r - 6`` (column ``c`` = 0..10 for a..k, row
``r``; ``f6`` is the origin), the 85 points are the lattice points with
``max(|x|, |y|, |x - y|) <= 5`` except the six corners ``(±5, 0)``,
``(0, ±5)``, ``±(5, 5)``, and the three line directions are ``(0, 1)``,
``(1, 0)`` and ``(1, 1)``. The rotation by 60 degrees
``(x, y) -> (x - y, x)`` and the reflection ``(x, y) -> (y, x)`` map that
norm, the corners and the set of line directions onto themselves, so all 12
elements of the hexagon's group map the board onto itself (checked at import):

* ``k`` = 0..5: the rotation by ``k`` times 60 degrees (0 is the identity,
  3 the half turn ``(c, r) -> (10 - c, 12 - r)``);
* ``k`` = 6..11: the reflection ``(c, r) -> (r - 1, c + 1)`` (across the
  line b2 .. j10 through f6, along direction 2), then rotation ``k - 6``.

A symmetry changes no colour, phase or count: only where things are. Every
function here applies symmetry ``k`` consistently, so generating then
transforming equals transforming then generating:

>>> import yinsh
>>> board = yinsh.Board()
>>> board.push_str("e5")
yinsh.Move.from_str('e5')
>>> turned = transform_board(3, board)          # the half turn
>>> turned.rings(yinsh.WHITE) == [yinsh.G7]
True
>>> a = yinsh.move_to_action("e5")
>>> yinsh.action_to_move(transform_action(3, a))
yinsh.Move.from_str('g7')
>>> import numpy as np
>>> bool((transform_mask(3, board.legal_action_mask()) == turned.legal_action_mask()).all())
True
>>> bool((transform_planes(3, board.planes()) == turned.planes()).all())
True

Off-board cells of the 11 x 11 grid stay where they are.
"""
from __future__ import annotations

from typing import Any, TypeVar, Union

import numpy as np
import numpy.typing as npt

from yinsh.yinsh import _core, geometry
from yinsh.yinsh._ml import NUM_ACTIONS, action_codes

__all__ = [
    "NAMES", "NUM_SYMMETRIES", "ACTION_MAPS", "POINT_MAPS",
    "inverse", "transform_action", "transform_board", "transform_mask",
    "transform_move", "transform_planes", "transform_point", "transform_policy",
    "transform_position",
]

#: The number of symmetries of the board (the hexagon's rotations and reflections).
NUM_SYMMETRIES = 12

#: A short name for each symmetry index.
NAMES = tuple([f"rotate{60 * k}" for k in range(6)] + [f"reflect_rotate{60 * k}" for k in range(6)])

#: A board type (transform_board returns the class it is given).
_B = TypeVar("_B", bound=_core.CoreBoard)


def _map_xy(k: int, x: int, y: int) -> tuple[int, int]:
    """Symmetry k of (x, y), the steps from the centre f6 in columns and rows."""
    if k >= 6:
        x, y = y, x
    for _ in range(k % 6):
        x, y = x - y, x
    return x, y


def _build_point_maps() -> npt.NDArray[np.int64]:
    """(12, 121): the image of every cell; off-board cells map to themselves."""
    cx, cy = geometry.coords(geometry.CENTER)
    maps = np.tile(np.arange(geometry.NUM_CELLS, dtype=np.int64), (NUM_SYMMETRIES, 1))
    for k in range(NUM_SYMMETRIES):
        for p in geometry.POINTS:
            c, r = geometry.coords(p)
            x, y = _map_xy(k, c - cx, r - cy)
            try:
                maps[k, p] = geometry.point(x + cx, y + cy)
            except ValueError:
                raise AssertionError(f"symmetry {k} maps a point off the board") from None
        for d in geometry.DIRECTIONS:
            if _map_xy(k, *d) not in geometry.DIRECTIONS:
                raise AssertionError(f"symmetry {k} does not keep the line directions")
    return maps


#: ``POINT_MAPS[k, p]``: the image of point (or grid cell) ``p`` under symmetry k.
POINT_MAPS = _build_point_maps()
POINT_MAPS.flags.writeable = False


def _build_action_maps() -> npt.NDArray[np.int64]:
    """(12, NUM_ACTIONS): the image of every action id; ids that name no
    action map to themselves."""
    codes = action_codes().astype(np.int64)
    named = np.flatnonzero(codes >= 0)
    kind, f, t = codes[named] >> 14, (codes[named] >> 7) & 127, codes[named] & 127
    id_of = np.full(8 << 14, -1, dtype=np.int64)       # action code -> id
    id_of[codes[named]] = named
    maps = np.tile(np.arange(NUM_ACTIONS, dtype=np.int64), (NUM_SYMMETRIES, 1))
    for k in range(NUM_SYMMETRIES):
        g = POINT_MAPS[k]
        f2, t2 = g[f], g[t]
        row = kind == 3                                # a row: lower end first
        f2, t2 = np.where(row, np.minimum(f2, t2), f2), np.where(row, np.maximum(f2, t2), t2)
        images = id_of[(kind << 14) | (f2 << 7) | t2]  # a pass has f = t = 0: it stays
        if (images < 0).any():
            raise AssertionError(f"symmetry {k} maps an action to no action")
        maps[k, named] = images
    return maps


#: ``ACTION_MAPS[k, a]``: the id of the image of action ``a`` under symmetry k.
ACTION_MAPS = _build_action_maps()
ACTION_MAPS.flags.writeable = False

_INVERSE = tuple(
    next(j for j in range(NUM_SYMMETRIES)
         if (POINT_MAPS[j][POINT_MAPS[k]] == np.arange(geometry.NUM_CELLS)).all())
    for k in range(NUM_SYMMETRIES)
)
# gather indices: out[..., i] = x[..., _GATHER[k][i]]
_POINT_GATHER = POINT_MAPS[list(_INVERSE)]
_ACTION_GATHER = ACTION_MAPS[list(_INVERSE)]


def _check(k: int) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < NUM_SYMMETRIES:
        raise ValueError(f"a symmetry is an int in 0..{NUM_SYMMETRIES - 1}, not {k!r}")
    return int(k)


def inverse(k: int) -> int:
    """The symmetry that undoes symmetry k.

    >>> inverse(1), inverse(3), inverse(7)
    (5, 3, 7)
    """
    return _INVERSE[_check(k)]


def transform_point(k: int, point: int) -> int:
    """The image of a point.

    >>> import yinsh
    >>> yinsh.point_name(transform_point(3, yinsh.A2))
    'k10'

    Raises ``ValueError`` for a point that is not on the board.
    """
    if point not in geometry.POINTS:
        raise ValueError(f"{point!r} is not a point of the board")
    return int(POINT_MAPS[_check(k), point])


def transform_action(k: int, action: Union[int, npt.NDArray[np.integer[Any]]]
                     ) -> Union[int, npt.NDArray[np.int64]]:
    """The image of an action id, or of every id of an int array (same shape).

    Raises ``ValueError`` for ids outside ``range(NUM_ACTIONS)``.
    """
    table = ACTION_MAPS[_check(k)]
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range (0..{NUM_ACTIONS - 1})")
        return int(table[action])
    arr = np.asarray(action)
    if arr.dtype.kind not in "iu":
        raise ValueError(f"actions must be integers, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() >= NUM_ACTIONS):
        raise ValueError(f"actions must be in 0..{NUM_ACTIONS - 1}")
    image: npt.NDArray[np.int64] = table[arr]
    return image


def transform_move(k: int, move: _core.Move) -> _core.Move:
    """The image of a ``Move``.

    >>> import yinsh
    >>> transform_move(3, yinsh.Move.from_str("xe5-e9"))
    yinsh.Move.from_str('xg3-g7')
    """
    from yinsh.yinsh._ml import action_to_move, move_to_action
    return action_to_move(transform_action(k, move_to_action(move)))


def transform_mask(k: int, mask: np.ndarray) -> np.ndarray:
    """The image of a mask, policy or any array whose last axis is indexed by
    action id (shape ``(..., NUM_ACTIONS)``): ``out[..., transform_action(k,
    a)] == mask[..., a]``. Returns a new array.

    Raises ``ValueError`` for a last axis that is not ``NUM_ACTIONS`` long.
    """
    arr = np.asarray(mask)
    if arr.ndim == 0 or arr.shape[-1] != NUM_ACTIONS:
        raise ValueError(f"the last axis must have {NUM_ACTIONS} entries, not shape {arr.shape}")
    return arr[..., _ACTION_GATHER[_check(k)]]


#: Policies transform like masks.
transform_policy = transform_mask


def transform_planes(k: int, planes: np.ndarray) -> np.ndarray:
    """The image of planes of shape ``(..., C, 11, 11)`` (one board's planes,
    or a batch): every plane's cells move with the points. Returns a new
    array.

    Raises ``ValueError`` for a shape that does not end in ``(11, 11)``.
    """
    arr = np.asarray(planes)
    grid = (geometry.NUM_COLUMNS, geometry.NUM_ROWS)
    if arr.ndim < 2 or arr.shape[-2:] != grid:
        raise ValueError(f"planes must have shape (..., 11, 11), not {arr.shape}")
    flat = arr.reshape(arr.shape[:-2] + (geometry.NUM_CELLS,))
    return flat[..., _POINT_GATHER[_check(k)]].reshape(arr.shape)


def transform_board(k: int, board: _B) -> _B:
    """A new board (of the same class, with an empty move stack) holding the
    image of board's position."""
    table = POINT_MAPS[_check(k)]
    state = board._state()

    def image(bitboard: int) -> int:
        out = 0
        while bitboard:
            low = bitboard & -bitboard
            out |= 1 << int(table[low.bit_length() - 1])
            bitboard ^= low
        return out

    result = board.copy(stack=False)
    result._set_state(image(state[0]), image(state[1]), image(state[2]), image(state[3]),
                      *state[4:11])
    return result


#: Positions are boards: the same as ``transform_board``.
transform_position = transform_board
