"""Insert's input features of the learned evaluation (docs/nn.md, "Insert"):
the game's part ``"features"`` (``yinsh.parts.features``).

A *perspective* is a colour ``c`` (0 White, 1 Red); "own" is ``c``, "opp"
``1 - c``. A position has, for each perspective, a short list of *active*
feature indices in ``0 .. FEATURES - 1``; ``s`` is a square number
(``r * 6 + c``: a1 = 0, f6 = 35), ``m`` a mark (0..3 for ``v h u d``):

==============  =====================================================
index           active when
==============  =====================================================
0 + s           an own ring on ``s``
36 + s          an opp ring on ``s``
72 + s          own is to place and may place on ``s`` (rule 9)
108 + s         opp is to place and may place on ``s``
144 + 4 s + m   ``s`` is marked ``m`` (the layout: the same in both
                perspectives, constant during a game)
==============  =====================================================

The rings and the allowed squares are at most 36 (the allowed squares are
empty), the marks 36: at most 72 features are active in a perspective.

>>> from yinsh import insert
>>> board = insert.Board(layout=0)
>>> _ = board.push_str("c3")                   # c3 is marked v: Red places in column c
>>> white, red = active_features(board)
>>> white[:6] == [insert.C3, ALLOWED_OPP + insert.C1, ALLOWED_OPP + insert.C2,
...               ALLOWED_OPP + insert.C4, ALLOWED_OPP + insert.C5, ALLOWED_OPP + insert.C6]
True
>>> white[6] == MARKS + 4 * insert.A1 + 1          # a1 is marked h (mark 1)
True
>>> red[:2] == [RING_OPP + insert.C3, ALLOWED_OWN + insert.C1], len(white), len(red)
(True, 42, 42)
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from yinsh.insert._core import MARK_LETTERS
from yinsh.insert.board import Board
from yinsh.insert.enums import Color, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ALLOWED_OPP", "ALLOWED_OWN", "FEATURES", "FEATURE_MAPS", "MARKS", "MAX_ACTIVE", "NETWORK",
    "PAD", "RING_OPP", "RING_OWN", "SQUARES", "W1_LIMIT", "active_features", "features_of",
    "position_key",
]

#: The squares of the board.
SQUARES = 36
#: ``RING_OWN + s``: an own ring on square ``s``.
RING_OWN = 0
#: ``RING_OPP + s``: an opponent's ring on square ``s``.
RING_OPP = SQUARES
#: ``ALLOWED_OWN + s``: own is to place and may place on ``s``.
ALLOWED_OWN = 2 * SQUARES
#: ``ALLOWED_OPP + s``: the opponent is to place and may place on ``s``.
ALLOWED_OPP = 3 * SQUARES
#: ``MARKS + 4 * s + m``: square ``s`` carries mark ``m`` (0..3: v, h, u, d).
MARKS = 4 * SQUARES
#: The number of features (288).
FEATURES = MARKS + 4 * SQUARES
#: The most features active in one perspective: 36 rings and allowed
#: squares (the allowed squares are empty), 36 marks.
MAX_ACTIVE = 72
#: The padding index of a batch (``yinsh.nn.features.active_features_batch``).
PAD = FEATURES
#: The trainer's bound on ``|W1|`` (``yinsh.parts.features``): 16 + 72 * 3.3 < 258.
W1_LIMIT = 3.3
#: The packaged network (``Engine(evaluation="learned")``).
NETWORK = os.path.join(os.path.dirname(__file__), "insert.nnue")


def features_of(rings: tuple[list[int], list[int]], allowed: list[int], marks: str, turn: int,
                perspective: int) -> list[int]:
    """The active features of one perspective, from the position's parts:
    ``rings[c]`` the squares of colour ``c``'s rings, ``allowed`` the squares
    the side to place (``turn``) may use, ``marks`` the 36 mark letters by
    square number. Ascending, no duplicates.

    >>> features_of(([0], [35]), [1, 2], "v" * 36, 1, 0)[:5]
    [0, 71, 109, 110, 144]
    """
    own, opp = perspective, 1 - perspective
    base = ALLOWED_OWN if turn == own else ALLOWED_OPP
    active = [RING_OWN + s for s in rings[own]] + [RING_OPP + s for s in rings[opp]]
    active += [base + s for s in allowed]
    active += [MARKS + 4 * s + MARK_LETTERS.index(m) for s, m in enumerate(marks)]
    return active


def _marks_by_square(field: str) -> str:
    """The marks field of a position string (rows 6 to 1) by square number."""
    return "".join(reversed(field.split("/")))


def active_features(board: Board) -> tuple[list[int], list[int]]:
    """The active feature indices of board for White's and for Red's
    perspective (ascending lists), read through the Board's public API.

    Raises ``TypeError`` for anything but a ``yinsh.insert.Board`` and
    ``ValueError`` for a game that is over (the evaluation never sees one).

    >>> from yinsh import insert
    >>> white, red = active_features(insert.Board(layout=0))
    >>> white == red, white[:2] == [ALLOWED_OWN, ALLOWED_OWN + 1], len(white)
    (False, True, 72)
    """
    if not isinstance(board, Board):
        raise TypeError(f"expected a yinsh.insert.Board, not {type(board).__name__}")
    if board.phase is Phase.GAME_OVER:
        raise ValueError("the game is over: a finished position has no features")
    rings = (board.rings(Color.WHITE), board.rings(Color.RED))
    allowed = board.allowed_line()
    marks = _marks_by_square(board.marks())
    turn = int(board.turn)
    return (features_of(rings, allowed, marks, turn, 0),
            features_of(rings, allowed, marks, turn, 1))


def position_key(board: Board) -> str:
    """What tells positions apart (the training set merges equal keys):
    the position string (rings, marks, side to place, last square).

    >>> from yinsh import insert
    >>> position_key(insert.Board(layout=0)) == insert.Board(layout=0).position()
    True
    """
    return board.position()


def _build_feature_maps() -> npt.NDArray[np.int16]:
    """(8, FEATURES + 1): the image of each feature index (and of ``PAD``)."""
    import numpy as np
    from yinsh.insert.symmetries import MARK_MAPS, NUM_SYMMETRIES, SQUARE_MAPS
    maps = np.tile(np.arange(FEATURES + 1, dtype=np.int16), (NUM_SYMMETRIES, 1))
    for block in (RING_OWN, RING_OPP, ALLOWED_OWN, ALLOWED_OPP):
        maps[:, block:block + SQUARES] = block + SQUARE_MAPS
    squares = np.repeat(np.arange(SQUARES), 4)
    marks = np.tile(np.arange(4), SQUARES)
    maps[:, MARKS:MARKS + 4 * SQUARES] = MARKS + 4 * SQUARE_MAPS[:, squares] + MARK_MAPS[:, marks]
    maps.flags.writeable = False
    return maps


#: ``FEATURE_MAPS[k, f]``: feature ``f`` of a position, as a feature of its
#: image under the board symmetry ``k`` (``yinsh.insert.symmetries``): square
#: features move with their square, a mark turns with the board (a quarter
#: turn swaps ``v``/``h`` and ``u``/``d``); ``PAD`` stays. Built on first use
#: (``__getattr__``): the engine reads this module without numpy.
FEATURE_MAPS: npt.NDArray[np.int16]


def __getattr__(name: str) -> object:
    """``FEATURE_MAPS``, built on first use (it needs numpy)."""
    if name == "FEATURE_MAPS":
        maps = globals()["FEATURE_MAPS"] = _build_feature_maps()
        return maps
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
