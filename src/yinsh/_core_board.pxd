# The part of every game's CoreBoard that knows no game (_core_board.pyx):
# the action stack (the position before each action and the action's code,
# growable) and the Python boundary written once on it (push, push_str,
# parse_move, is_legal, pop, peek, move_stack, ply, copy) and LegalMoves'.
# A game's CoreBoard derives from CoreBoardBase, holds its position as a
# field, hands its address and size to _stack_init in its __cinit__, and
# overrides the cdef methods below marked "each game".

cdef class CoreBoardBase:
    cdef char* _history          # the position before each action of the stack, _pos_size bytes each
    cdef int* _codes             # the codes of the stack's actions (_move_of reads them)
    cdef int _ply
    cdef int _capacity
    cdef void* _pos              # the game's position, a field of the subclass
    cdef size_t _pos_size
    cdef int _stack_init(self, void* pos, size_t pos_size, int capacity) except -1
    cdef int _reserve(self, int n) except -1
    cdef int _record(self, int code) except -1
    cdef int _legal_action(self, int code) except -1
    # each game:
    cdef object _move_of(self, int code)                      # the Move of a code
    cdef int _code_of(self, object move, str where) except -1  # a Move's code; TypeError for a non-Move
    cdef int _parse(self, object text) except -1               # the code text names; InvalidMoveError
    cdef int _action_of(self, int code) except -2              # the action of a legal code, else -1
    cdef str _why(self, int code)                              # why the code is illegal here
    cdef int _play(self, int action, int code) except -1       # pushes a legal action (its _record)
    cdef list _legal_codes(self)                               # the legal codes, in the game's order
    cdef int _count_legal(self) except -1
    cdef bint _has_legal(self) except -1
    cdef int _copy_rest(self, CoreBoardBase other) except -1   # what a copy takes beyond the position

cdef class LegalMovesBase:
    cdef CoreBoardBase board

cdef class MoveBase:
    cdef readonly int code       # the game's code of the action (Yinsh's packed move, Insert's square, Ludo's Move code)
    # each game:
    cdef str _text(self)         # the notation
    cdef str _public_name(self)  # the class's public name in repr: yinsh.Move, yinsh.insert.Move, ...
