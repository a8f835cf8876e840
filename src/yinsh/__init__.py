"""yinsh: fast engines for the board games Yinsh, Insert and Ludo.

Each game is a subpackage of the same shape (``yinsh.yinsh``, ``yinsh.insert``,
``yinsh.ludo``: a compiled core, a ``Board``, positions, actions, pictures,
players); the engine (``yinsh.engine``), records, the command line, the web
page, scale-out and the RL environments are shared by all of them
(docs/architecture.md). Yinsh, the first game, is also at the top level:
``yinsh.Board`` is ``yinsh.yinsh.Board``.

>>> import yinsh
>>> board = yinsh.Board()
>>> board.push_str("e5")
yinsh.Move.from_str('e5')
>>> yinsh.perft(board, 2)
6972
>>> yinsh.point_name(yinsh.E5)
'e5'
>>> from yinsh import insert, ludo
>>> insert.perft(insert.Board(), 2), ludo.Board(players=4).turn
(207, <Color.GREEN: 0>)
"""
import sys as _sys
from typing import TYPE_CHECKING

from yinsh._version import __version__
from yinsh import lazy as _lazy
from yinsh import yinsh as _yinsh
from yinsh.yinsh import (BLACK, POINTS, RINGS_TO_WIN, WHITE, Board, Color, LegalMoves, Move,
                         MoveKind, Outcome, Phase, Termination, divide, parse_point, perft,
                         point_name)
from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError
from yinsh.yinsh.points import *  # noqa: F401,F403   yinsh.E5: not in __all__ nor dir()

if TYPE_CHECKING:
    from yinsh import engine, record, svg
    from yinsh.engine import Analysis, Engine, Limit, Mate, MateGiven, Points, PovScore, Score, Wdl
    from yinsh.yinsh import (NUM_ACTIONS, BatchGames, PlayoutStats, action_to_move,
                             move_to_action, players, random_playouts, symmetries)

# `yinsh._core`, the name of the Yinsh core before the games became
# subpackages, still imports: it is the module `yinsh.yinsh._core`. This
# one old path stays on purpose: the project's contract names it (programs
# written against the first layout import it), unlike the shims removed.
_core = _yinsh._core
_sys.modules.setdefault("yinsh._core", _core)

__all__ = [
    # the Yinsh game (yinsh.yinsh)
    "BLACK", "WHITE", "POINTS", "RINGS_TO_WIN",
    "Board", "Color", "LegalMoves", "Move", "MoveKind", "Outcome", "Phase", "Termination",
    "NUM_ACTIONS", "BatchGames", "action_to_move", "move_to_action", "symmetries", "players",
    "PlayoutStats", "divide", "parse_point", "perft", "point_name", "random_playouts",
    # shared by every game
    "IllegalMoveError", "InvalidActionError", "InvalidMoveError", "InvalidPositionError",
    "Analysis", "Engine", "Limit", "Mate", "MateGiven", "Points", "PovScore", "Score", "Wdl",
    "record", "svg",
]


#: The names of the Yinsh API that load numpy or the engine (``yinsh.yinsh``
#: imports them on first use), and those of the engine: ``import yinsh``
#: loads neither.
_YINSH_NAMES = ("NUM_ACTIONS", "BatchGames", "PlayoutStats", "action_to_move", "move_to_action",
                "players", "random_playouts", "symmetries")
_ENGINE_NAMES = ("Analysis", "Engine", "Limit", "Mate", "MateGiven", "Points", "PovScore", "Score", "Wdl")


#: The names of ``_YINSH_NAMES`` and ``_ENGINE_NAMES``, the shared modules
#: ``yinsh.engine``, ``yinsh.record`` and ``yinsh.svg``, the other games
#: (``yinsh.insert``, ``yinsh.ludo``, so their reprs paste back after
#: ``import yinsh``) and the modules of every game's boards
#: (``yinsh.protocol``, ``yinsh.diagram``), imported when first asked for.
__getattr__ = _lazy.attributes(globals(), {"yinsh.yinsh": _YINSH_NAMES, "yinsh.engine": _ENGINE_NAMES},
                               ("engine", "record", "svg", "insert", "ludo", "protocol", "diagram"))[0]


def __dir__() -> list[str]:
    """The public API, without the 85 point constants (they are in
    ``dir(yinsh.yinsh)``)."""
    return sorted(__all__ + ["__version__", "insert", "ludo", "yinsh", "engine", "protocol",
                             "diagram"])
