"""yinsh.ludo: Ludo for 2 to 4 players (rules and notation: docs/ludo.md).

A compiled core (``yinsh.ludo._core``: move generation, make, perft, random
playouts in C) under the same API shape as Yinsh's:

>>> from yinsh import ludo
>>> board = ludo.Board()                    # 4 players; Board(players=2, variant="places")
>>> board.is_chance(), len(board.legal_moves)
(True, 6)
>>> for text in "r6 r3 s-3 r2".split():
...     _ = board.push_str(text)            # Yellow's r2 has no valid move: skipped
>>> board.turn, board.position()
(<Color.BLUE: 2>, '3G9/13/13/13 5/5/5/5 0000 B - standard -')
>>> ludo.perft(ludo.Board(), 5)
5226
"""
from typing import TYPE_CHECKING

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError
from yinsh._signals import PerftStop
from yinsh.ludo import _core
from yinsh.ludo._core import LegalMoves, Move
from yinsh.counting import counters as _counters
from yinsh import lazy as _lazy
from yinsh.ludo._core import _NUM_ACTIONS as NUM_ACTIONS
from yinsh.ludo.board import Board
from yinsh.ludo.enums import Color, MoveKind, Phase, Termination
from yinsh.ludo.outcome import Outcome
from yinsh.ludo import diagram, match, players, svg

if TYPE_CHECKING:
    from yinsh.ludo._ml import BatchGames, PLANE_NAMES, NUM_PLANES
    from yinsh.ludo.playouts import PlayoutStats, random_playouts

perft, divide = _counters("ludo", _core.CoreBoard, _core.perft, _core.divide, native_threads=False,
                          stop_flag=PerftStop, public=__name__)

#: Green (``Color.GREEN``), who starts.
GREEN = Color.GREEN
#: Yellow (``Color.YELLOW``), after Green in games of 3 or 4 players.
YELLOW = Color.YELLOW
#: Blue (``Color.BLUE``), across from Green (its opponent in a game of 2).
BLUE = Color.BLUE
#: Red (``Color.RED``), the fourth colour (in games of 4 players).
RED = Color.RED
#: The four colours in turn order (clockwise).
COLORS = (GREEN, YELLOW, BLUE, RED)

__all__ = [
    "GREEN", "YELLOW", "BLUE", "RED", "COLORS", "NUM_ACTIONS",
    "Board", "Color", "LegalMoves", "Move", "MoveKind", "Outcome", "Phase", "PlayoutStats",
    "Termination",
    "IllegalMoveError", "InvalidActionError", "InvalidMoveError", "InvalidPositionError",
    "diagram", "divide", "perft", "random_playouts", "svg",
    "BatchGames", "PLANE_NAMES", "NUM_PLANES", "match", "players",
]


#: The names of machine learning (``yinsh.ludo._ml``) and of the playouts
#: (they load numpy): imported when first asked for, so that the game
#: (boards, perft, pictures, players, the engine) works without numpy.
_ML_NAMES = ("BatchGames", "PLANE_NAMES", "NUM_PLANES")
_PLAYOUT_NAMES = ("PlayoutStats", "random_playouts")


__getattr__, __dir__ = _lazy.attributes(globals(), {
    "yinsh.ludo._ml": _ML_NAMES, "yinsh.ludo.playouts": _PLAYOUT_NAMES}, ("playouts",))
