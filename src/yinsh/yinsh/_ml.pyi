"""Type stubs of the compiled machine-learning layer (``_ml.pyx``)."""
from typing import Optional, SupportsIndex, Union

import numpy as np
import numpy.typing as npt

from yinsh.yinsh._core import CoreBoard, Move
from yinsh.yinsh.board import Board
from yinsh.errors import IllegalMoveError as IllegalMoveError
from yinsh.errors import InvalidActionError as InvalidActionError
from yinsh.errors import InvalidMoveError as InvalidMoveError
from yinsh.engine._batch_api import GameBatch as GameBatch

#: The number of action ids: an id is an int 0..NUM_ACTIONS-1 (docs/ml.md).
NUM_ACTIONS: int
#: The number of observation planes (``len(PLANE_NAMES)``).
NUM_PLANES: int
#: The first id of the ring placements (one per point).
PLACE_BASE: int
#: The first id of the ring moves (from point, direction, steps).
MOVE_BASE: int
#: The first id of the row removals (the row's lower end, its axis).
ROW_BASE: int
#: The first id of the ring removals (one per point).
RING_BASE: int
#: The id of the pass (the one action of a player who cannot move).
PASS_ACTION: int
#: The longest ring move, in points along a line.
MAX_DISTANCE: int
PLANE_NAMES: tuple[str, ...]
PERSPECTIVES: tuple[str, ...]
POINTS: tuple[int, ...]
RINGS_TO_WIN: dict[str, int]

def action_codes() -> npt.NDArray[np.int32]: ...
def action_to_move(action: SupportsIndex) -> Move: ...
def move_to_action(move: Union[Move, str]) -> int: ...
def legal_action_mask(board: CoreBoard) -> npt.NDArray[np.bool_]: ...
def legal_actions(board: CoreBoard) -> npt.NDArray[np.int64]: ...
def push_action(board: CoreBoard, action: SupportsIndex) -> None: ...
def planes(board: CoreBoard, out: Optional[npt.NDArray[np.float32]] = None,
           perspective: str = "side_to_act") -> npt.NDArray[np.float32]: ...

class BatchGames(GameBatch):
    def __init__(self, n: int, seed: Optional[int] = None, variant: str = "standard") -> None: ...
    def board(self, i: SupportsIndex) -> Board: ...
    def set_board(self, i: SupportsIndex, board: CoreBoard) -> None: ...
    @property
    def results(self) -> npt.NDArray[np.int8]: ...
    def planes(self, out: Optional[npt.NDArray[np.float32]] = None,
               perspective: str = "side_to_act") -> npt.NDArray[np.float32]: ...
