# The Python boundary of the rules (_board.pyx): Move, LegalMoves and
# CoreBoard, which hold the native state, and the text of actions.
from yinsh.yinsh._position cimport Position
from yinsh.bitboard cimport u128

cdef class Move:
    cdef readonly int code

cdef class CoreBoard:
    cdef Position pos
    cdef Position* _history      # the position before each action of the stack
    cdef int* _codes             # the actions of the stack
    cdef int _ply
    cdef int _capacity
    cdef int _reserve(self, int n) except -1
    cdef int _push_code(self, int code) except -1
    cdef Move _pop_move(self)

cdef Move make_move(int code)                  # the Move of a packed action
cdef str move_text(int code)                   # its text: e5, e5-e9, xe5-e9, xa2, pass
cdef object bitboard_to_int(u128 b)
cdef int bitboard_from_int(object x, u128* out) except -1   # InvalidPositionError unless 0 <= x < 2**128
cdef str problem_message(const Position* p)      # what pos_check finds wrong, in words ("" if nothing)
