"""Insert's fixed integer action space, for machine learning (docs/insert.md).

An action is a square, and its id is the square number ``r * 6 + c``
(``a1`` 0, ``f1`` 5, ``a2`` 6, ``f6`` 35): ``NUM_ACTIONS`` is 36. Legal
actions come ascending (``board.legal_actions()``), masks are bool arrays of
36 (``board.legal_action_mask()``), ``board.push_action(a)`` plays one.

The observation planes of ``Board.planes`` are ``NUM_PLANES`` (10) planes of
6 x 6, cell ``[k, r, c]``, named by ``PLANE_NAMES``.

>>> from yinsh import insert
>>> NUM_ACTIONS, move_to_action("c4"), action_to_move(20)
(36, 20, yinsh.insert.Move.from_str('c4'))
>>> PLANE_NAMES[:3]
('rings_us', 'rings_them', 'mark_v')
>>> action_to_move(36)
Traceback (most recent call last):
...
yinsh.errors.InvalidActionError: invalid action 36: out of range (0..35)
"""
from __future__ import annotations

from yinsh.insert._core import Move, parse_square
from yinsh.errors import InvalidActionError, action_id
from yinsh.insert._ml import NUM_ACTIONS, NUM_PLANES, PLANE_NAMES

__all__ = ["NUM_ACTIONS", "NUM_PLANES", "PLANE_NAMES", "InvalidActionError",
           "action_to_move", "move_to_action"]


def action_to_move(action: int) -> Move:
    """The ``Move`` of an action id (0..35).

    Raises ``InvalidActionError`` (a ``ValueError``) for an id out of range,
    ``TypeError`` for a non-integer.
    """
    return Move.from_square(action_id(action, NUM_ACTIONS))


def move_to_action(move: object) -> int:
    """The action id of a ``Move`` or of a square's name (``"c4"``).

    Raises ``InvalidMoveError`` for text that is not a square, ``TypeError``
    for anything else than a ``Move`` or a ``str``.
    """
    if isinstance(move, str):
        return int(parse_square(move))
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move or a square's name, not {type(move).__name__}")
    return int(move.square)
