# Declarations of the compiled Insert rules (yinsh.insert._core), for modules
# that cimport it (an engine, batched games).
#
# The 36 squares live in a 64-bit bitboard with 8 bits per row: square
# (column c = 0..5 for a..f, row r = 0..5 for 1..6) is bit r * 8 + c, so bits
# 6 and 7 of every row are padding that no ring ever occupies. A step along a
# row, a column or a diagonal is a shift (1, 8, 9, 7); a step off the side of
# the board lands on a padding bit (or off the 64 bits), which no ring set
# holds, so runs, insertions and fives are shift-and-mask without wrap-around.
# Public square numbers (Move.square, insert.C4, action ids) are r * 6 + c
# (a1 = 0, b1 = 1, ..., f6 = 35).
from libc.stdint cimport uint8_t, uint64_t, int8_t

cdef enum:
    I_WHITE = 0
    I_RED = 1
    I_DRAW = 2

# Why a game ended.
cdef enum:
    I_END_NONE = 0
    I_END_FIVE = 1
    I_END_GROUPS = 2

# Marks (rule 2), in the order of the letters "vhud".
cdef enum:
    MARK_V = 0
    MARK_H = 1
    MARK_U = 2
    MARK_D = 3

cdef enum:
    NUM_SQUARES = 36
    RINGS_EACH = 15
    MAX_RINGS = 30
    NUM_LAYOUTS = 6144

# The marks of a board and what follows from them; constant during a game,
# so positions (copied at every node) do not carry it.
ctypedef struct Layout:
    uint64_t line[64]          # by bit: the line (rule 3) of the square's mark
    uint8_t mark[NUM_SQUARES]  # by square number: MARK_V .. MARK_D
    uint64_t key               # Zobrist key of the marks
    int number                 # the layout number, -1 for marks of no layout

ctypedef struct IPos:
    uint64_t rings[2]          # white, red
    uint64_t allowed           # where the side to place may place; 0 once over
    uint64_t key               # Zobrist key: rings, last square, marks
    int8_t last                # bit of the last ring placed, -1 on an empty board
    uint8_t turn               # I_WHITE or I_RED: the side to place
    uint8_t count              # rings on the board
    uint8_t winner             # I_WHITE, I_RED or I_DRAW once over
    uint8_t end                # I_END_*

cdef void layout_build(Layout* L, int number) noexcept nogil
cdef void layout_from_marks(Layout* L, const uint8_t* marks, int number) noexcept nogil
cdef void ipos_init(IPos* p, const Layout* L) noexcept nogil
cdef uint64_t insertion_flips(int bit, uint64_t own, uint64_t opp) noexcept nogil
cdef bint has_five(uint64_t m) noexcept nogil
cdef int group_winner(uint64_t white, uint64_t red) noexcept nogil
cdef void do_place(IPos* p, const Layout* L, int bit) noexcept nogil
cdef uint64_t ipos_hash_from_scratch(const IPos* p, const Layout* L) noexcept nogil
cdef bint ipos_is_ok(const IPos* p, const Layout* L) noexcept nogil

cdef class Move:
    cdef readonly int square

cdef class CoreBoard:
    cdef IPos pos
    cdef Layout lay
    cdef IPos _history[MAX_RINGS]      # the position before each action of the stack
    cdef uint8_t _squares[MAX_RINGS]   # the square numbers of the stack's actions
    cdef int _ply                      # a game has at most 30 actions in all
    cdef int _push_bit(self, int bit) except -1
