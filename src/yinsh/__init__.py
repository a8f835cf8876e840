"""yinsh: a fast Yinsh engine library.

A compiled bitboard core (``yinsh._core``) under a small python-chess-like API:

>>> import yinsh
>>> board = yinsh.Board()
>>> board.push_str("e5")
Move.from_str('e5')
>>> yinsh.perft(board, 2)
6972
>>> yinsh.point_name(yinsh.E5)
'e5'
"""
try:
    from yinsh import _core
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError(
        "yinsh's compiled core (yinsh._core) is missing or failed to load; "
        "build it with `pip install .` (needs a C compiler): " + str(exc)
    ) from exc

from yinsh._version import __version__
from yinsh._core import POINTS, LegalMoves, Move, divide, parse_point, perft, point_name
from yinsh.board import Board, Outcome
from yinsh.enums import Color, MoveKind, Phase, Termination
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from yinsh.playouts import PlayoutStats, random_playouts
from yinsh.variants import RINGS_TO_WIN
from yinsh.actions import NUM_ACTIONS, action_to_move, move_to_action
from yinsh._ml import BatchGames
from yinsh import symmetries
from yinsh.engine import Analysis, Engine, Limit, Mate, MateGiven, Points, PovScore, Score
from yinsh import players
from yinsh import record, svg

WHITE = Color.WHITE
BLACK = Color.BLACK

# Named points, python-chess style: yinsh.E5 == yinsh.parse_point("e5").
for _p in POINTS:
    globals()[point_name(_p).upper()] = _p
del _p

__all__ = [
    "BLACK", "WHITE", "POINTS", "RINGS_TO_WIN",
    "Analysis", "Engine", "Limit", "Mate", "MateGiven", "Points", "PovScore", "Score", "players",
    "Board", "Color", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError",
    "LegalMoves", "Move", "MoveKind", "Outcome", "Phase", "Termination",
    "NUM_ACTIONS", "BatchGames", "action_to_move", "move_to_action", "symmetries",
    "PlayoutStats", "divide", "parse_point", "perft", "point_name", "random_playouts", "record", "svg",
]
