"""yinsh.yinsh: the game Yinsh on a compiled bitboard core.

The Yinsh API, which ``import yinsh`` also offers at its top level
(``yinsh.Board`` is ``yinsh.yinsh.Board``):

>>> import yinsh
>>> from yinsh.yinsh import Board, perft
>>> Board is yinsh.Board, perft(Board(), 1)
(True, 85)
"""
try:
    from yinsh.yinsh import _core
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError(
        "yinsh's compiled core (yinsh.yinsh._core) is missing or failed to load; "
        "build it with `pip install .` (needs a C compiler): " + str(exc)
    ) from exc

from yinsh.yinsh._core import POINTS, LegalMoves, Move, parse_point, point_name
from yinsh.counting import counters as _counters
from yinsh.yinsh.board import Board, Outcome
from yinsh.yinsh.enums import Color, MoveKind, Phase, Termination
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from yinsh.yinsh.playouts import PlayoutStats, random_playouts
from yinsh.yinsh.variants import RINGS_TO_WIN
from yinsh.yinsh.actions import NUM_ACTIONS, action_to_move, move_to_action
from yinsh.yinsh._ml import BatchGames
from yinsh.yinsh import symmetries
from yinsh.yinsh import players
from yinsh.yinsh import svg

perft, divide = _counters("yinsh", _core.CoreBoard, _core.perft, _core.divide, native_threads=True)

#: The first player (``Color.WHITE``), who places the first ring.
WHITE = Color.WHITE
#: The second player (``Color.BLACK``).
BLACK = Color.BLACK

# Named points, python-chess style: yinsh.E5 == yinsh.parse_point("e5").
from yinsh.yinsh.points import *  # noqa: E402,F401,F403

__all__ = [
    "BLACK", "WHITE", "POINTS", "RINGS_TO_WIN",
    "players",
    "Board", "Color", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError",
    "LegalMoves", "Move", "MoveKind", "Outcome", "Phase", "Termination",
    "NUM_ACTIONS", "BatchGames", "action_to_move", "move_to_action", "symmetries",
    "PlayoutStats", "divide", "parse_point", "perft", "point_name", "random_playouts", "svg",
]
