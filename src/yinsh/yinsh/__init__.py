"""yinsh.yinsh: the game Yinsh on a compiled bitboard core.

The Yinsh API, which ``import yinsh`` also offers at its top level
(``yinsh.Board`` is ``yinsh.yinsh.Board``):

>>> import yinsh
>>> from yinsh.yinsh import Board, perft
>>> Board is yinsh.Board, perft(Board(), 1)
(True, 85)
"""
from typing import TYPE_CHECKING

from yinsh.errors import missing_core as _missing_core

try:
    from yinsh.yinsh import _core
except ImportError as exc:  # pragma: no cover - depends on the install
    raise _missing_core("yinsh.yinsh._core", "core", exc) from exc

from yinsh.yinsh._core import POINTS, LegalMoves, Move, parse_point, point_name
from yinsh.counting import counters as _counters
from yinsh import lazy as _lazy
from yinsh.yinsh.board import Board, Outcome
from yinsh.yinsh.enums import Color, MoveKind, Phase, Termination
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from yinsh.yinsh.variants import RINGS_TO_WIN

if TYPE_CHECKING:
    from yinsh.yinsh import players, svg, symmetries
    from yinsh.yinsh._ml import BatchGames
    from yinsh.yinsh.actions import NUM_ACTIONS, action_to_move, move_to_action
    from yinsh.yinsh.playouts import PlayoutStats, random_playouts

perft, divide = _counters("yinsh", _core.CoreBoard, _core.perft, _core.divide, native_threads=True,
                          public="yinsh")

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


#: The names of the arrays for machine learning (they load numpy), of the
#: playouts (numpy too) and the modules of pictures, players (the engine),
#: symmetries and those two: imported when first asked for, so that
#: ``import yinsh`` loads only the board.
_ARRAY_NAMES = ("NUM_ACTIONS", "action_to_move", "move_to_action")
_PLAYOUT_NAMES = ("PlayoutStats", "random_playouts")
_MODULES = ("symmetries", "players", "svg", "actions", "playouts")


__getattr__, __dir__ = _lazy.attributes(globals(), {
    "yinsh.yinsh.actions": _ARRAY_NAMES, "yinsh.yinsh.playouts": _PLAYOUT_NAMES,
    "yinsh.yinsh._ml": ("BatchGames",)}, _MODULES)
