# The Python boundary of the rules (_board.pyx): Move, LegalMoves and
# CoreBoard, which hold the native state, and the text of actions.
from yinsh.yinsh._position cimport Position
from yinsh._core_board cimport CoreBoardBase, MoveBase
from yinsh.bitboard cimport u128

cdef class Move(MoveBase):        # its code: yinsh/_core_board.pxd
    pass

cdef class CoreBoard(CoreBoardBase):     # the action stack: yinsh/_core_board.pxd
    cdef Position pos
    cdef int _push_code(self, int code) except -1

cdef Move make_move(int code)                  # the Move of a packed action
cdef str move_text(int code)                   # its text: e5, e5-e9, xe5-e9, xa2, pass
cdef object bitboard_to_int(u128 b)
cdef int bitboard_from_int(object x, u128* out) except -1   # InvalidPositionError unless 0 <= x < 2**128
cdef str problem_message(const Position* p)      # what pos_check finds wrong, in words ("" if nothing)
