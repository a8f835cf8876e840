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

from yinsh._core_board cimport CoreBoardBase, MoveBase
from yinsh.bits cimport ctz64, popcount64

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
cdef void do_place(IPos* p, const Layout* L, int bit) noexcept nogil

# ---------------------------------------------------------------------------
# The rules on bitboards, inline: the core, the searches (insert/_hooks.pxd)
# and the batched games (insert/_ml.pyx) share them.
# ---------------------------------------------------------------------------

cdef extern from *:
    """
    #define INSERT_VALID_BITS 0x3F3F3F3F3F3FULL
    #define INSERT_COLUMN_A 0x010101010101ULL
    """
    const uint64_t INSERT_VALID_BITS   # the bits of the 36 squares
    const uint64_t INSERT_COLUMN_A     # the bits of column a


cdef inline int ctz(uint64_t b) noexcept nogil:
    return ctz64(b)


cdef inline int popcount(uint64_t b) noexcept nogil:
    return popcount64(b)


cdef inline int bit_of_square(int sq) noexcept nogil:
    """The bit of a square number (r * 6 + c -> r * 8 + c)."""
    return sq + 2 * (sq // 6)


cdef inline int square_of_bit(int bit) noexcept nogil:
    """The square number of a bit of a square (r * 8 + c -> r * 6 + c)."""
    return bit - 2 * (bit >> 3)


cdef inline uint64_t line_through(int bit, int mark) noexcept nogil:
    """The line (rule 3) through bit along mark (MARK_V .. MARK_D), computed
    by shifts: a column, a row, or a diagonal filled 5 steps both ways."""
    cdef uint64_t x = 1ULL << bit
    cdef int s, k
    if mark == MARK_V:
        return INSERT_COLUMN_A << (bit & 7)
    if mark == MARK_H:
        return 0x3FULL << (bit & ~7)
    s = 9 if mark == MARK_U else 7
    for k in range(5):
        x |= ((x << s) | (x >> s)) & INSERT_VALID_BITS
    return x


cdef inline uint64_t axis_flips(uint64_t x, uint64_t own, uint64_t opp, int s) noexcept nogil:
    """The two enemy rings just beyond the ends of own's run through x along
    the axis of shift s, or 0 (rule 10). Off-board steps land on padding or
    past bit 63, which neither own nor opp holds."""
    cdef uint64_t a = x, e1, e2
    while (a << s) & own:
        a <<= s
    e1 = (a << s) & opp
    if not e1:
        return 0
    a = x
    while (a >> s) & own:
        a >>= s
    e2 = (a >> s) & opp
    if not e2:
        return 0
    return e1 | e2


cdef inline uint64_t insertion_flips(int bit, uint64_t own, uint64_t opp) noexcept nogil:
    """Rules 10-12: the rings that flip after a ring of own's colour went on
    bit (own already holds it). All four axes are judged on the same board."""
    cdef uint64_t x = 1ULL << bit
    return (axis_flips(x, own, opp, 1) | axis_flips(x, own, opp, 8)
            | axis_flips(x, own, opp, 9) | axis_flips(x, own, opp, 7))


cdef inline uint64_t five_starts(uint64_t m, int s) noexcept nogil:
    cdef uint64_t t = m & (m >> s)          # runs of 2
    t &= t >> (2 * s)                       # runs of 4
    return t & (m >> (4 * s))               # runs of 5


cdef inline bint has_five(uint64_t m) noexcept nogil:
    """Rule 13: five adjacent rings of m in a row, column or diagonal."""
    return (five_starts(m, 1) | five_starts(m, 8) | five_starts(m, 9) | five_starts(m, 7)) != 0


cdef inline int group_sizes(uint64_t m, int* out) noexcept nogil:
    """The sizes of m's orthogonally connected groups, largest first."""
    cdef int n = 0, size, i
    cdef uint64_t g, grown
    while m:
        g = m & (~m + 1)
        while True:
            grown = (g | (g << 1) | (g >> 1) | (g << 8) | (g >> 8)) & m
            if grown == g:
                break
            g = grown
        m ^= g
        size = popcount(g)
        i = n
        while i > 0 and out[i - 1] < size:
            out[i] = out[i - 1]
            i -= 1
        out[i] = size
        n += 1
    return n


cdef inline int group_winner(uint64_t white, uint64_t red) noexcept nogil:
    """Rule 14: I_WHITE, I_RED or I_DRAW by the sorted group sizes."""
    cdef int a[NUM_SQUARES]
    cdef int b[NUM_SQUARES]
    cdef int na = group_sizes(white, a), nb = group_sizes(red, b), i, x, y
    for i in range(na if na > nb else nb):
        x = a[i] if i < na else 0
        y = b[i] if i < nb else 0
        if x != y:
            return I_WHITE if x > y else I_RED
    return I_DRAW


cdef inline uint64_t place_rules(IPos* p, int bit, uint64_t line) noexcept nogil:
    """Rules 8-14 without the hash: places a ring of the side to place on
    bit (which must be allowed), flips, ends the game on a five or the 30th
    ring, else sets the allowed squares from line, the line of bit's mark.
    Returns the flipped rings (the caller updates p.key)."""
    cdef int us = p.turn, them = us ^ 1
    cdef uint64_t flips, empty, a
    p.rings[us] |= 1ULL << bit
    flips = insertion_flips(bit, p.rings[us], p.rings[them])
    p.rings[us] |= flips
    p.rings[them] ^= flips
    p.last = bit
    p.count += 1
    p.turn = them
    if has_five(p.rings[us]):
        p.end = I_END_FIVE
        p.winner = us
        p.allowed = 0
    elif p.count >= MAX_RINGS:
        p.end = I_END_GROUPS
        p.winner = group_winner(p.rings[0], p.rings[1])
        p.allowed = 0
    else:
        empty = INSERT_VALID_BITS & ~(p.rings[0] | p.rings[1])
        a = line & empty
        p.allowed = a if a else empty
    return flips
cdef uint64_t ipos_hash_from_scratch(const IPos* p, const Layout* L) noexcept nogil
cdef bint ipos_is_ok(const IPos* p, const Layout* L) noexcept nogil

cdef class Move(MoveBase):        # its code is its square number: yinsh/_core_board.pxd
    pass

cdef class CoreBoard(CoreBoardBase):     # the action stack (square numbers): yinsh/_core_board.pxd
    cdef IPos pos
    cdef Layout lay
    cdef int _push_bit(self, int bit) except -1
