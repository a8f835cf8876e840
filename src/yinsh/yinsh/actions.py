"""The fixed integer action space, for machine learning (see docs/ml.md).

Every action of the notation has a stable id in ``range(NUM_ACTIONS)``. A
point's *index* is its rank in ``yinsh.POINTS`` (``a2`` is 0, ``k10`` is 84);
directions are numbered as in ``yinsh.yinsh.geometry``: 0 row + 1, 1 column + 1,
2 both + 1, 3 row - 1, 4 column - 1, 5 both - 1 (direction ``d + 3`` is the
opposite of ``d``, and the *axis* of a row is 0, 1 or 2, its direction from
its lower end).

============  =============  ==========================================
ids           kind           id of the action
============  =============  ==========================================
0 .. 84       place a ring   ``PLACE_BASE + index(p)``
85 .. 4674    move a ring    ``MOVE_BASE + (index(from) * 6 + d) * 9 + steps - 1``
4675 .. 4929  remove a row   ``ROW_BASE + index(lower end) * 3 + axis``
4930 .. 5014  remove a ring  ``RING_BASE + index(p)``
5015          pass           ``PASS_ACTION``
============  =============  ==========================================

Ids of ring moves and rows that would leave the board name no action; they
are never legal, and converting them raises ``InvalidActionError``.

The observation planes of ``Board.planes`` share this module's constants:
``NUM_PLANES`` (17) and ``PLANE_NAMES`` (their names, in order).

>>> import yinsh
>>> NUM_ACTIONS
5016
>>> move_to_action("e5-e9"), move_to_action("xe5-e9"), move_to_action("xa2")
(1816, 4771, 4930)
>>> action_to_move(1816)
yinsh.Move.from_str('e5-e9')
>>> ring_move_action(yinsh.E5, 0, 4), row_action(yinsh.E5, 0)
(1816, 4771)
>>> action_to_move(84 + 1 + 8)          # a2, direction 0, 9 steps: off the board
Traceback (most recent call last):
...
yinsh.errors.InvalidActionError: invalid action 93: it names no action (it would leave the board)
"""
from __future__ import annotations

import numpy as np

from yinsh.errors import InvalidActionError
from yinsh.yinsh import geometry
from yinsh.yinsh._ml import (
    MAX_DISTANCE, MOVE_BASE, NUM_ACTIONS, NUM_PLANES, PASS_ACTION, PLACE_BASE, PLANE_NAMES,
    RING_BASE, ROW_BASE, action_codes, action_to_move, move_to_action,
)

__all__ = [
    "MAX_DISTANCE", "MOVE_BASE", "NUM_ACTIONS", "NUM_PLANES", "PASS_ACTION", "PLACE_BASE",
    "PLANE_NAMES", "RING_BASE",
    "ROW_BASE", "InvalidActionError", "action_codes", "action_kinds", "action_to_move",
    "move_to_action", "place_action", "point_index", "remove_ring_action",
    "ring_move_action", "row_action", "valid_actions",
]

_INDEX = {p: i for i, p in enumerate(geometry.POINTS)}


def point_index(point: int) -> int:
    """The index (0..84) of a point in ``yinsh.POINTS``.

    Raises ``ValueError`` for an int that is not a point.
    """
    try:
        return _INDEX[point]
    except (KeyError, TypeError):
        raise ValueError(f"{point!r} is not a point of the board") from None


def place_action(point: int) -> int:
    """The id of placing a ring on point."""
    return PLACE_BASE + point_index(point)


def remove_ring_action(point: int) -> int:
    """The id of removing one's ring from point."""
    return RING_BASE + point_index(point)


def ring_move_action(point: int, direction: int, steps: int) -> int:
    """The id of moving the ring on point ``steps`` points (1..9) in
    ``direction`` (0..5). The id may name no action (off the board).

    Raises ``ValueError`` for a direction or step count out of range.
    """
    if not (0 <= direction < geometry.NUM_DIRECTIONS and 1 <= steps <= MAX_DISTANCE):
        raise ValueError(f"direction must be 0..5 and steps 1..{MAX_DISTANCE}, not {direction}, {steps}")
    return MOVE_BASE + (point_index(point) * geometry.NUM_DIRECTIONS + direction) * MAX_DISTANCE + steps - 1


def row_action(lower_end: int, axis: int) -> int:
    """The id of removing the row of 5 that starts at ``lower_end`` (its end
    with the smaller point) along ``axis`` (0..2). The id may name no action.

    Raises ``ValueError`` for an axis out of range.
    """
    if not 0 <= axis < geometry.NUM_AXES:
        raise ValueError(f"axis must be 0, 1 or 2, not {axis}")
    return ROW_BASE + point_index(lower_end) * geometry.NUM_AXES + axis


def valid_actions() -> np.ndarray:
    """A bool array of ``NUM_ACTIONS``: True for the ids that name an action
    (some position may allow them), False for the ids that leave the board.

    >>> int(valid_actions().sum())
    2142
    """
    return action_codes() >= 0


def action_kinds() -> np.ndarray:
    """An int8 array of ``NUM_ACTIONS``: the ``MoveKind`` number of each id
    (1 place, 2 move, 3 remove a row, 4 remove a ring, 5 pass; 0 for ids that
    name no action).

    >>> kinds = action_kinds()
    >>> int(kinds[0]), int(kinds[MOVE_BASE]), int(kinds[PASS_ACTION])
    (1, 2, 5)
    """
    codes = action_codes()
    return np.where(codes >= 0, codes >> 14, 0).astype(np.int8)
