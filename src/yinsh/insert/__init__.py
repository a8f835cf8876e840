"""yinsh.insert: the game Insert (DONUTS) on a compiled bitboard core.

Two players place rings on a 6x6 board of four 3x3 tiles whose squares
carry direction marks; each ring must go on the line that the last ring's
square points along; a ring inserted between two enemy rings flips them;
five in a row wins at once, and after 30 rings the largest groups decide.
docs/insert.md has the rules in short, the API and the position string.

>>> from yinsh import insert
>>> board = insert.Board()                 # layout 0, empty, White to place
>>> board.push_str("c3"), board.turn
(yinsh.insert.Move.from_str('c3'), <Color.RED: 1>)
>>> [insert.square_name(s) for s in board.allowed_line()]
['c1', 'c2', 'c4', 'c5', 'c6']
>>> insert.perft(insert.Board(), 4)
5042
>>> insert.C4 == insert.parse_square("c4") == 20
True
"""
from typing import TYPE_CHECKING

from yinsh.errors import missing_core as _missing_core

try:
    from yinsh.insert import _core
except ImportError as exc:  # pragma: no cover - depends on the install
    raise _missing_core("yinsh.insert._core", "Insert core", exc) from exc

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError
from yinsh._signals import PerftStop
from yinsh.insert._core import (SQUARES, TILES, LegalMoves, Move, layout_marks, line_name,
                                parse_square, square_name)
from yinsh.counting import counters as _counters
from yinsh import lazy as _lazy
from yinsh.insert.board import Board, Outcome
from yinsh.insert.enums import Color, Phase, Termination
from yinsh.insert import diagram, players, svg

if TYPE_CHECKING:
    from yinsh.insert import actions, symmetries
    from yinsh.insert._ml import BatchGames
    from yinsh.insert.actions import NUM_ACTIONS, action_to_move, move_to_action
    from yinsh.insert.playouts import PlayoutStats, random_playouts

perft, divide = _counters("insert", _core.CoreBoard, _core.perft, _core.divide,
                          native_threads=False, stop_flag=PerftStop, public=__name__)

#: The first player (``Color.WHITE``), who places the first ring.
WHITE = Color.WHITE
#: The second player (``Color.RED``).
RED = Color.RED

#: The number of layouts (rule 6): layout numbers are 0..6143.
NUM_LAYOUTS = 6144

# Named squares, python-chess style: insert.C4 == insert.parse_square("c4") == 20.
from yinsh.insert import squares
from yinsh.insert.squares import *  # noqa: E402,F401,F403

__all__ = [
    "WHITE", "RED", "SQUARES", "TILES", "NUM_LAYOUTS",
    "Board", "Color", "IllegalMoveError", "InvalidActionError", "InvalidMoveError",
    "InvalidPositionError",
    "LegalMoves", "Move", "Outcome", "Phase", "PlayoutStats", "Termination",
    "divide", "layout_marks", "line_name", "parse_square", "perft", "random_playouts",
    "square_name", "svg",
    "BatchGames", "NUM_ACTIONS", "action_to_move", "move_to_action", "actions", "diagram", "players",
    "symmetries", "squares",
]
__all__ += squares.__all__


#: The names of machine learning and of the playouts (they load numpy) and
#: their modules: imported when first asked for, so that the game (boards,
#: perft, pictures, players, the engine) works without numpy.
_ACTION_NAMES = ("NUM_ACTIONS", "action_to_move", "move_to_action")
_PLAYOUT_NAMES = ("PlayoutStats", "random_playouts")
_MODULES = ("actions", "symmetries", "playouts")


__getattr__, __dir__ = _lazy.attributes(globals(), {
    "yinsh.insert.actions": _ACTION_NAMES, "yinsh.insert.playouts": _PLAYOUT_NAMES,
    "yinsh.insert._ml": ("BatchGames",)}, _MODULES)
