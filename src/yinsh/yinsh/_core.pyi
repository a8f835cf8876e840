"""Type stubs of the compiled rules core (``_core.pyx``): perft, playouts,
and the Python boundary of ``_board.pyx`` under the names ``_core`` has
always had."""
from yinsh.yinsh._board import BoardState as BoardState
from yinsh.yinsh._board import CoreBoard as CoreBoard
from yinsh.yinsh._board import LegalMoves as LegalMoves
from yinsh.yinsh._board import Move as Move
from yinsh.yinsh._board import check_state as check_state
from yinsh.yinsh._board import parse_point as parse_point
from yinsh.yinsh._board import point_name as point_name
from yinsh.yinsh.enums import MoveKind as MoveKind
from yinsh.errors import IllegalMoveError as IllegalMoveError
from yinsh.errors import InvalidMoveError as InvalidMoveError
from yinsh.errors import InvalidPositionError as InvalidPositionError

ALL_POINTS: list[int]
#: The 85 points of the board, as numbers (``point_name`` and ``parse_point`` convert).
POINTS: tuple[int, ...]
PORTABLE_BITBOARD: bool

def perft(board: CoreBoard, depth: int, threads: int = 1) -> int: ...
def divide(board: CoreBoard, depth: int, threads: int = 1) -> dict[str, int]: ...
def bitboard_has_row(markers: int) -> bool: ...
def _bitboard_points(bitboard: int) -> list[int]: ...
def _bitboard_ops(a: int, b: int, n: int) -> dict[str, int | bool]: ...
def _random_playouts(start: CoreBoard, n: int, seed: int, plies: object, counts: object) -> None: ...
