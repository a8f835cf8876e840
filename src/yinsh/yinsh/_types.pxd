# The core's small types: sides, phases, why a game ended, action kinds, the
# packing of an action into an int, and the rules' counts.

# Sides.
cdef enum:
    C_WHITE = 0
    C_BLACK = 1
    C_DRAW = 2             # the winner field of a drawn game

# Phases: what the side to act does next.
cdef enum:
    PH_PLACE = 0
    PH_MOVE = 1
    PH_REMOVE_ROW = 2
    PH_REMOVE_RING = 3
    PH_GAME_OVER = 4

# Why a game ended.
cdef enum:
    END_NONE = 0
    END_RINGS = 1
    END_POOL = 2
    END_BLOCKED = 3

# Action kinds; an action is packed as kind << 14 | from << 7 | to.
cdef enum:
    K_PLACE = 1
    K_MOVE = 2
    K_ROW = 3
    K_RING = 4
    K_PASS = 5

cdef enum:
    MAX_MOVES = 256        # more than any position can have
    RINGS_PER_SIDE = 5
    MARKERS_TOTAL = 51


cdef inline int move_kind(int m) noexcept nogil:
    return m >> 14


cdef inline int move_from(int m) noexcept nogil:
    return (m >> 7) & 127


cdef inline int move_to(int m) noexcept nogil:
    return m & 127


cdef inline int pack_move(int kind, int frm, int to) noexcept nogil:
    return (kind << 14) | (frm << 7) | to
