"""The board's geometry: points, their columns, rows and names, the six
directions and three axes, rays and lines.

The one place for the board's layout in Python (``geometry.pxd`` is the same
for compiled modules). Everything here comes from the core's tables
(``yinsh.yinsh._tables``, built once at import), not recomputed.

A point is an int: the cell ``column * 11 + (row - 1)`` of the 11 x 11 grid,
column 0..10 for ``a``..``k`` and row 1..11, which is also its bit in the
core's 128-bit boards (``bitboard >> p & 1``). 85 cells are points. Direction
``d`` (0..5) is the step ``DIRECTIONS[d]`` = (column step, row step);
direction ``d + 3`` is the opposite of ``d``, and ``d % 3`` its axis: a
column, a row or a diagonal, along which one step adds ``AXIS_SHIFTS[axis]``
(1, 11 or 12) to a point.

>>> from yinsh.yinsh import geometry
>>> e5 = geometry.point(4, 5)
>>> geometry.POINT_NAMES[e5], geometry.coords(e5), e5 in geometry.POINTS
('e5', (4, 5), True)
>>> len(geometry.POINTS), geometry.AXIS_SHIFTS, geometry.DIRECTIONS[:3]
(85, (1, 11, 12), ((0, 1), (1, 0), (1, 1)))
>>> [geometry.POINT_NAMES[q] for q in geometry.ray(e5, 0)]
['e6', 'e7', 'e8', 'e9', 'e10']
>>> geometry.direction(e5, geometry.point(4, 9)), geometry.distance(e5, geometry.point(4, 9))
(0, 4)
>>> geometry.POINT_NAMES[geometry.half_turn(e5)]
'g7'
"""
from __future__ import annotations

from typing import Iterable, Optional

from yinsh.yinsh import _tables

_T = _tables.export()

#: The cells of the grid: every point is below this.
NUM_CELLS: int = _T["cells"]
#: Column letters, ``COLUMN_LETTERS[column]``.
COLUMN_LETTERS = "abcdefghijk"
#: Column (0..10) and row (1..11) of each cell; -1 for cells that are not points.
COLUMN: tuple[int, ...] = _T["column"]
ROW: tuple[int, ...] = _T["row"]
#: The 85 points, ascending.
POINTS: tuple[int, ...] = _T["points"]
#: The bitboard of the 85 points.
VALID: int = _T["valid"]
NUM_COLUMNS = max(COLUMN) + 1
NUM_ROWS = max(ROW)
#: The name of each cell (``"e5"``), None for cells that are not points.
POINT_NAMES: tuple[Optional[str], ...] = tuple(
    COLUMN_LETTERS[c] + str(r) if c >= 0 else None for c, r in zip(COLUMN, ROW))
#: The point of each name (lower case).
POINT_BY_NAME: dict[str, int] = {POINT_NAMES[p]: p for p in POINTS}  # type: ignore[misc]

#: (column step, row step) of the directions 0..5.
DIRECTIONS: tuple[tuple[int, int], ...] = _T["directions"]
NUM_DIRECTIONS = len(DIRECTIONS)
#: What one step along axis 0 (a column), 1 (a row) or 2 (a diagonal) adds to a point.
AXIS_SHIFTS: tuple[int, ...] = _T["axis_shifts"]
NUM_AXES = len(AXIS_SHIFTS)
#: ``RAYS[p][d]``: the points after p in direction d, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = _T["rays"]
#: Markers in a row.
LINE_LENGTH = 5

_AT = {(COLUMN[p], ROW[p]): p for p in POINTS}


def is_point(p: object) -> bool:
    """Whether p is one of the 85 points (an int).

    >>> is_point(point(4, 5)), is_point(0), is_point("e5")
    (True, False, False)
    """
    return isinstance(p, int) and 0 <= p < NUM_CELLS and COLUMN[p] >= 0


def point(column: int, row: int) -> int:
    """The point of column 0..10 (``a``..``k``) and row 1..11.

    Raises ``ValueError`` if there is no such point.
    """
    try:
        return _AT[column, row]
    except (KeyError, TypeError):
        raise ValueError(f"column {column!r}, row {row!r} is not a point of the board") from None


def _checked(p: int) -> int:
    if not is_point(p):
        raise ValueError(f"{p!r} is not a point of the board")
    return p


def column(p: int) -> int:
    """The column of point p, 0..10 for ``a``..``k``. ``ValueError`` for a
    non-point, as in the functions below."""
    return COLUMN[_checked(p)]


def row(p: int) -> int:
    """The row of point p, 1..11."""
    return ROW[_checked(p)]


def coords(p: int) -> tuple[int, int]:
    """``(column, row)`` of point p."""
    return COLUMN[_checked(p)], ROW[p]


#: The centre of the board, f6.
CENTER = point(5, 6)


def half_turn(p: int) -> int:
    """The point opposite p through the centre (the board turned half round)."""
    c, r = coords(p)
    return _AT[2 * COLUMN[CENTER] - c, 2 * ROW[CENTER] - r]


def axis(direction: int) -> int:
    """The axis (0 column, 1 row, 2 diagonal) of a direction 0..5."""
    return direction % NUM_AXES


def opposite(direction: int) -> int:
    """The direction opposite to a direction 0..5."""
    return (direction + NUM_AXES) % NUM_DIRECTIONS


def ray(p: int, direction: int) -> tuple[int, ...]:
    """The points after p in a direction 0..5, nearest first."""
    return RAYS[_checked(p)][direction]


def _line_step(p: int, q: int) -> Optional[tuple[int, int]]:
    """The direction from p to q and the steps along it, None if they are
    not two points on one line."""
    if is_point(p) and is_point(q):
        for d, points in enumerate(RAYS[p]):
            if q in points:
                return d, points.index(q) + 1
    return None


def direction(p: int, q: int) -> Optional[int]:
    """The direction from point p to point q, None if they are not on one
    line (or are the same point)."""
    found = _line_step(p, q)
    return None if found is None else found[0]


def distance(p: int, q: int) -> Optional[int]:
    """The steps from p to q along their line, None if not on one line."""
    found = _line_step(p, q)
    return None if found is None else found[1]


#: The board's 33 lines, each a tuple of its points from its lower end:
#: every column, row and diagonal from edge to edge (4 to 10 points), in the
#: order of the axes and then of their lower ends.
LINES: tuple[tuple[int, ...], ...] = tuple(
    (p,) + RAYS[p][a] for a in range(NUM_AXES) for p in POINTS
    if not RAYS[p][a + NUM_AXES] and RAYS[p][a])
#: Every 5 points in a line (where a row of markers can be), lower end
#: first, in the order of the axes and then of their lower ends.
LINES_OF_FIVE: tuple[tuple[int, ...], ...] = tuple(
    (p,) + RAYS[p][a][:LINE_LENGTH - 1] for a in range(NUM_AXES) for p in POINTS
    if len(RAYS[p][a]) >= LINE_LENGTH - 1)


def points_of(bitboard: int) -> list[int]:
    """The points of a bitboard, ascending.

    >>> [POINT_NAMES[p] for p in points_of(bitboard([point(0, 2), point(4, 5)]))]
    ['a2', 'e5']
    """
    return [p for p in POINTS if bitboard >> p & 1]


def bitboard(points: Iterable[int]) -> int:
    """The bitboard of some points."""
    out = 0
    for p in points:
        out |= 1 << _checked(p)
    return out
