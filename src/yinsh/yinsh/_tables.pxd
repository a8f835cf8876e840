# The board's tables and the Zobrist keys: built once, at the import of
# yinsh.yinsh._tables, and shared read-only by every compiled module.
#
# How other modules reach them: TABLES and KEYS are C variables of this
# module declared here, so a module that cimports them (directly, or through
# the inline rules functions of _position.pxd, _movegen.pxd, _make.pxd) gets
# from Cython, at its import, a static pointer to this module's copy; a use
# is then a load through that pointer, never a function call. The hot inline
# functions copy the pointer into a local (`cdef const BoardTables* T =
# &TABLES`), so that the compiler keeps it in a register across their stores
# to a Position. One copy (not one per module) keeps "built once" literal and
# the Zobrist keys identical everywhere by construction.
from libc.stdint cimport int8_t, uint64_t

from yinsh.bitboard cimport u128
from yinsh.yinsh.geometry cimport MAX_RAY, NUM_CELLS, NUM_DIRECTIONS

ctypedef struct BoardTables:
    u128 valid                                  # the 85 points
    u128 bit[NUM_CELLS]                         # bit[p] == 1 << p
    u128 ray_mask[NUM_CELLS][NUM_DIRECTIONS]    # the points after p in direction d
    int8_t ray[NUM_CELLS][NUM_DIRECTIONS][MAX_RAY]   # the same, nearest first
    int8_t ray_len[NUM_CELLS][NUM_DIRECTIONS]
    int8_t dir_of[NUM_CELLS][NUM_CELLS]         # the direction from p to q, -1 if none
    int8_t dist[NUM_CELLS][NUM_CELLS]           # steps from p to q along dir_of
    int8_t column[NUM_CELLS]                    # 0..10 for a..k, -1 off the board
    int8_t row[NUM_CELLS]                       # 1..11, -1 off the board

ctypedef struct ZobristKeys:
    uint64_t piece[4][NUM_CELLS]   # white ring, black ring, white marker, black marker
    uint64_t flip[NUM_CELLS]       # piece[2][p] ^ piece[3][p]: a marker turned over
    uint64_t turn[2]
    uint64_t phase[5]
    uint64_t mover[2]              # only in the removal phases
    uint64_t removed[2][8]
    uint64_t passes[3]
    uint64_t variant[8]            # by rings to win

cdef BoardTables TABLES
cdef ZobristKeys KEYS

# The same as &TABLES and &KEYS (the names the search has used).
cdef const BoardTables* board_tables() noexcept nogil
cdef const ZobristKeys* zobrist_keys() noexcept nogil
