"""The 8 symmetries of the square board, for data augmentation.

With ``c`` the column (0..5 for a..f) and ``r`` the row (0..5 for 1..6):

* ``k`` = 0..3: ``k`` clockwise quarter turns, one turn being
  ``(c, r) -> (r, 5 - c)`` (0 is the identity, 2 the half turn);
* ``k`` = 4..7: the mirror ``(c, r) -> (5 - c, r)`` (left and right swap),
  then ``k - 4`` clockwise quarter turns.

A symmetry moves the squares *and turns their marks*: a mark is a direction,
so it is mapped as the vector of its line, ``v`` = (0, 1), ``h`` = (1, 0),
``u`` = (1, 1), ``d`` = (1, -1), up to its sign. A quarter turn maps
(x, y) to (y, -x): ``v`` and ``h`` swap, and so do ``u`` and ``d`` (rule 5
of INSERT.md turns a tile the same way); the mirror (x, y) -> (-x, y) keeps
``v`` and ``h`` and swaps ``u`` and ``d``. ``MARK_MAPS`` is derived that way
at import. Lines map onto lines, so the allowed line of the image of a
position is the image of its allowed line: transforming then generating the
legal actions equals generating then transforming.

>>> from yinsh import insert
>>> board = insert.Board()
>>> board.push_str("c3")                   # c3 is marked v
yinsh.insert.Move.from_str('c3')
>>> turned = transform_board(1, board)     # a quarter turn: c3 -> c4, v -> h
>>> turned.last_square == insert.C4, turned.mark("c4")
(True, 'h')
>>> [insert.square_name(s) for s in turned.allowed_line()]
['a4', 'b4', 'd4', 'e4', 'f4']
>>> sorted(transform_action(1, board.legal_actions()).tolist()) == turned.legal_actions().tolist()
True
>>> bool((transform_planes(1, board.planes()) == turned.planes()).all())
True
>>> turned.layout is not None          # a turn of the whole board is another layout
True
"""
from __future__ import annotations

from typing import TypeVar, Union

import numpy as np
import numpy.typing as npt

from yinsh.insert._core import CoreBoard, MARK_LETTERS, Move
from yinsh.insert._ml import NUM_ACTIONS, NUM_PLANES
from yinsh.insert.position import layout_of_marks

__all__ = [
    "NAMES", "NUM_SYMMETRIES", "SQUARE_MAPS", "MARK_MAPS",
    "inverse", "transform_action", "transform_board", "transform_mask", "transform_mark",
    "transform_move", "transform_planes", "transform_policy", "transform_square",
]

#: The number of symmetries of the square board (its rotations and reflections).
NUM_SYMMETRIES = 8

#: A short name for each symmetry index.
NAMES = tuple([f"turn{90 * k}" for k in range(4)] + [f"mirror_turn{90 * k}" for k in range(4)])

_VECTORS = ((0, 1), (1, 0), (1, 1), (1, -1))        # v, h, u, d: the direction of each mark


def _map_xy(k: int, x: float, y: float) -> tuple[float, float]:
    """Symmetry k of (x, y), taken from the centre of the board."""
    if k >= 4:
        x = -x
    for _ in range(k % 4):
        x, y = y, -x
    return x, y


def _build() -> tuple[np.ndarray, np.ndarray]:
    squares = np.zeros((NUM_SYMMETRIES, 36), dtype=np.int64)
    marks = np.zeros((NUM_SYMMETRIES, 4), dtype=np.int64)
    for k in range(NUM_SYMMETRIES):
        for sq in range(36):
            x, y = _map_xy(k, sq % 6 - 2.5, sq // 6 - 2.5)
            squares[k, sq] = int(round(y + 2.5)) * 6 + int(round(x + 2.5))
        for m, (dx, dy) in enumerate(_VECTORS):
            ex, ey = _map_xy(k, dx, dy)
            image = next(j for j, v in enumerate(_VECTORS) if v in ((ex, ey), (-ex, -ey)))
            marks[k, m] = image
        if sorted(squares[k]) != list(range(36)) or sorted(marks[k]) != [0, 1, 2, 3]:
            raise AssertionError(f"symmetry {k} is not a permutation")   # pragma: no cover
    return squares, marks


_SQUARES, _MARKS = _build()
#: ``SQUARE_MAPS[k, s]``: the image of square number ``s`` under symmetry k.
SQUARE_MAPS: np.ndarray = _SQUARES
SQUARE_MAPS.flags.writeable = False
#: ``MARK_MAPS[k, m]``: the image of mark ``m`` (0..3 for ``v h u d``) under symmetry k.
MARK_MAPS: np.ndarray = _MARKS
MARK_MAPS.flags.writeable = False
_SOURCES = np.argsort(SQUARE_MAPS, axis=1)          # _SOURCES[k, s']: the square that maps to s'

_INVERSE = tuple(
    next(j for j in range(NUM_SYMMETRIES) if (SQUARE_MAPS[j][SQUARE_MAPS[k]] == np.arange(36)).all()
         and (MARK_MAPS[j][MARK_MAPS[k]] == np.arange(4)).all())
    for k in range(NUM_SYMMETRIES))


def _check_k(k: object) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"a symmetry index must be an int, not {type(k).__name__}")
    if not 0 <= k < NUM_SYMMETRIES:
        raise ValueError(f"a symmetry index is 0..{NUM_SYMMETRIES - 1}, not {k}")
    return int(k)


def inverse(k: int) -> int:
    """The index of the symmetry that undoes symmetry k.

    >>> inverse(1), inverse(2), inverse(5)
    (3, 2, 5)
    """
    return _INVERSE[_check_k(k)]


def transform_square(k: int, square: int) -> int:
    """The image of a square number under symmetry k."""
    if isinstance(square, bool) or not isinstance(square, (int, np.integer)):
        raise TypeError(f"a square is an int 0..35, not {type(square).__name__}")
    if not 0 <= square < 36:
        raise ValueError(f"a square is 0..35, not {square}")
    return int(SQUARE_MAPS[_check_k(k), square])


def transform_mark(k: int, mark: str) -> str:
    """The image of a mark letter (``v h u d``) under symmetry k.

    >>> transform_mark(1, "v"), transform_mark(1, "u"), transform_mark(4, "u"), transform_mark(4, "h")
    ('h', 'd', 'd', 'h')
    """
    if not isinstance(mark, str) or len(mark) != 1 or mark not in MARK_LETTERS:
        raise ValueError(f"a mark is one of v, h, u, d, not {mark!r}")
    return MARK_LETTERS[MARK_MAPS[_check_k(k), MARK_LETTERS.index(mark)]]


def transform_move(k: int, move: Move) -> Move:
    """The image of a ``Move`` under symmetry k."""
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move, not {type(move).__name__}")
    return Move.from_square(int(SQUARE_MAPS[_check_k(k), move.square]))


def transform_action(k: int, action: Union[int, npt.ArrayLike]) -> Union[int, np.ndarray]:
    """The image of an action id, or of an int array of ids, under symmetry k.
    Raises ``ValueError`` for ids out of 0..35."""
    g = SQUARE_MAPS[_check_k(k)]
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action {action} is out of range (0..{NUM_ACTIONS - 1})")
        return int(g[action])
    arr = np.asarray(action)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers, not {arr.dtype.name}")
    if arr.size and (arr.min() < 0 or arr.max() >= NUM_ACTIONS):
        raise ValueError(f"actions must be in 0..{NUM_ACTIONS - 1}")
    out: np.ndarray = g[arr]
    return out


def transform_mask(k: int, mask: npt.ArrayLike) -> np.ndarray:
    """The image of any array whose last axis has ``NUM_ACTIONS`` (36)
    entries, one per action id (a legal mask, visit counts, logits):
    ``out[..., g(a)] = mask[..., a]``."""
    arr = np.asarray(mask)
    if arr.ndim == 0 or arr.shape[-1] != NUM_ACTIONS:
        raise ValueError(f"the last axis must have {NUM_ACTIONS} entries, not shape {arr.shape}")
    return arr[..., _SOURCES[_check_k(k)]]


#: Policies transform like masks.
transform_policy = transform_mask


def transform_planes(k: int, planes: npt.ArrayLike) -> np.ndarray:
    """The image of observation planes, shape ``(..., NUM_PLANES, 6, 6)``
    (one board or a batch): every plane's squares move, and the four mark
    planes are exchanged as the marks map."""
    k = _check_k(k)
    arr = np.asarray(planes)
    if arr.ndim < 3 or arr.shape[-3:] != (NUM_PLANES, 6, 6):
        raise ValueError(f"planes must have shape (..., {NUM_PLANES}, 6, 6), not {arr.shape}")
    flat = arr.reshape(arr.shape[:-2] + (36,))[..., _SOURCES[k]]
    out = flat.copy()
    for m in range(4):
        out[..., 2 + MARK_MAPS[k, m], :] = flat[..., 2 + m, :]
    return out.reshape(arr.shape)


_B = TypeVar("_B", bound=CoreBoard)


def transform_board(k: int, board: _B) -> _B:
    """A new board (of board's class, empty move stack) holding the image of
    board's position under symmetry k: rings, marks (moved and turned) and
    the last square. Its ``layout`` is the layout with those marks, if any
    (quarter turns of a layout are layouts; mirror images rarely are)."""
    k = _check_k(k)
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.insert.Board, not {type(board).__name__}")
    white, red, _, last, *_ = board._state()
    marks = board._marks()
    g = SQUARE_MAPS[k]
    new_marks = [""] * 36
    for sq in range(36):
        new_marks[g[sq]] = MARK_LETTERS[MARK_MAPS[k, MARK_LETTERS.index(marks[sq])]]
    text = "".join(new_marks)

    def moved(bits: int) -> int:
        return sum(1 << int(g[s]) for s in range(36) if bits >> s & 1)

    number = layout_of_marks(text)
    out = type(board)()
    out._set_position(moved(white), moved(red), text, int(g[last]) if last >= 0 else -1,
                      -1 if number is None else number)
    return out
