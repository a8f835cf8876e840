# The board's layout for compiled modules (yinsh/geometry.py is the same for
# Python, exported from the tables that _tables.pyx builds with these
# helpers). This is the one place that turns a column and a row into a point.
#
# A point is a cell of the 11 x 11 grid of (column c = 0..10 for a..k, row
# r = 1..11): point_at(c, r) = c * 11 + (r - 1), the bit of that point in a
# 128-bit board (bitboard.h). 85 cells are points: the hexagon of radius 5
# around f6 without its 6 corners (on_board).
#
# Directions 0..5 are the steps (dc, dr) = (0,1) (1,0) (1,1) (0,-1) (-1,0)
# (-1,-1); direction d + 3 is the opposite of d, and the axis of d is d % 3.
# One step along axis a adds axis_shift(a) = 1, 11 or 12 to a point (a
# column, a row, a diagonal): a line of 5 markers of a bitboard m starting at
# its lowest point p is  m & m >> s & m >> 2s & m >> 3s & m >> 4s  at bit p.

cdef enum:
    NUM_COLUMNS = 11          # a..k
    NUM_ROWS = 11             # 1..11
    NUM_CELLS = 121           # the grid; point numbers are below this
    NUM_POINTS = 85
    NUM_DIRECTIONS = 6
    NUM_AXES = 3
    MAX_RAY = 10              # the most points after a point in one direction
    LINE_LENGTH = 5           # markers in a row

cdef enum:
    SHIFT_COLUMN = 1          # axis 0: up a column (row + 1)
    SHIFT_ROW = NUM_ROWS      # axis 1: along a row (column + 1)
    SHIFT_DIAGONAL = NUM_ROWS + 1   # axis 2: both + 1


cdef inline int point_at(int column, int row) noexcept nogil:
    """The point (cell) of column 0..10 and row 1..11."""
    return column * NUM_ROWS + row - 1


cdef inline int column_of(int p) noexcept nogil:
    return p // NUM_ROWS


cdef inline int row_of(int p) noexcept nogil:
    return p % NUM_ROWS + 1


cdef inline bint on_board(int column, int row) noexcept nogil:
    """Whether (column, row) is one of the 85 points."""
    cdef int x = column - 5, y = row - 6, d = x - y
    if x < 0:
        x = -x
    if y < 0:
        y = -y
    if d < 0:
        d = -d
    if x > 5 or y > 5 or d > 5:
        return False                            # outside the hexagon
    return not (x * y * d == 0 and (x == 5 or y == 5 or d == 5))   # its corners


cdef inline int axis_shift(int axis) noexcept nogil:
    """What one step along axis 0, 1 or 2 adds to a point: 1, 11 or 12."""
    return SHIFT_COLUMN if axis == 0 else (SHIFT_ROW if axis == 1 else SHIFT_DIAGONAL)


cdef inline int direction_axis(int d) noexcept nogil:
    return d - 3 if d >= 3 else d


cdef inline int opposite(int d) noexcept nogil:
    return d - 3 if d >= 3 else d + 3


cdef inline int direction_dc(int d) noexcept nogil:
    """The column step of direction d."""
    cdef int a = direction_axis(d)
    cdef int dc = 0 if a == 0 else 1
    return -dc if d >= 3 else dc


cdef inline int direction_dr(int d) noexcept nogil:
    """The row step of direction d."""
    cdef int a = direction_axis(d)
    cdef int dr = 0 if a == 1 else 1
    return -dr if d >= 3 else dr
