# Declarations of the compiled rules engine, for modules that cimport it
# (the search cimports the position, move generation and make functions).
from libc.stdint cimport uint8_t, uint64_t, int8_t

cdef extern from "bitboard.h" nogil:
    ctypedef unsigned long long u128   # really unsigned __int128
    bint YINSH_DEBUG
    u128 bb_bit(int i)
    uint64_t bb_lo(u128 b)
    uint64_t bb_hi(u128 b)
    u128 bb_make(uint64_t lo, uint64_t hi)
    int popcount64(uint64_t x)
    int bb_popcount(u128 b)
    int bb_lsb(u128 b)
    int bb_msb(u128 b)

# Sides.
cdef enum:
    C_WHITE = 0
    C_BLACK = 1
    C_DRAW = 2

# Phases.
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
    NUM_CELLS = 121        # the 11 x 11 grid; 85 of its cells are points
    MAX_MOVES = 256        # more than any position can have
    RINGS_PER_SIDE = 5
    MARKERS_TOTAL = 51

# Board geometry, built once at import of the core and shared (read-only)
# with the modules that cimport it: board_tables() returns it.
ctypedef struct BoardTables:
    u128 valid                          # the 85 points
    u128 bit[NUM_CELLS]                 # bit[p] == 1 << p
    u128 ray_mask[NUM_CELLS][6]         # the points after p in direction d
    int8_t ray[NUM_CELLS][6][10]        # the same, nearest first
    int8_t ray_len[NUM_CELLS][6]
    int8_t dir_of[NUM_CELLS][NUM_CELLS] # the direction from p to q, -1 if none
    int8_t dist[NUM_CELLS][NUM_CELLS]   # steps from p to q along dir_of

ctypedef struct Position:
    u128 rings[2]
    u128 markers[2]
    uint64_t key           # Zobrist key of the pieces only
    uint8_t turn           # side to act
    uint8_t phase
    uint8_t mover          # side that made the ring move being resolved
    uint8_t passes         # consecutive passes
    uint8_t removed[2]     # rings removed by each side
    uint8_t rings_to_win
    uint8_t placed         # rings placed so far
    uint8_t markers_on_board
    uint8_t winner         # C_WHITE, C_BLACK or C_DRAW once the game is over
    uint8_t end_reason

cdef inline int move_kind(int m) noexcept nogil:
    return m >> 14

cdef inline int move_from(int m) noexcept nogil:
    return (m >> 7) & 127

cdef inline int move_to(int m) noexcept nogil:
    return m & 127

cdef inline int pack_move(int kind, int frm, int to) noexcept nogil:
    return (kind << 14) | (frm << 7) | to

# A small, fast, seedable PRNG (splitmix64), the same on every machine.
cdef inline uint64_t rng_next(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)

# A uniform integer in [0, n), n > 0 (Lemire's multiply-shift, no division).
cdef inline uint64_t rng_below(uint64_t* state, uint64_t n) noexcept nogil:
    return <uint64_t>((<u128>rng_next(state) * <u128>n) >> 64)

cdef const BoardTables* board_tables() noexcept nogil
cdef void pos_init(Position* p, int rings_to_win) noexcept nogil
cdef uint64_t pos_hash(const Position* p) noexcept nogil
cdef uint64_t pos_hash_from_scratch(const Position* p) noexcept nogil
cdef bint pos_is_ok(const Position* p) noexcept nogil
cdef bint has_row(u128 markers) noexcept nogil
cdef int gen_moves(const Position* p, int* out) noexcept nogil
cdef int count_moves(const Position* p) noexcept nogil
cdef int count_ring_moves(const Position* p) noexcept nogil
cdef bint is_legal(const Position* p, int m) noexcept nogil
cdef void do_move(Position* p, int m) noexcept nogil

# Ctrl-C in long loops without the GIL: poll signal_raised() about every
# millisecond of work; when it returns true, unwind at once and, holding the
# GIL again, call raise_pending() (it raises the handler's exception).
cdef bint signal_raised() noexcept nogil
cdef int raise_pending() except -1

cdef enum:
    PERFT_POLL = 256       # perft nodes of depth >= 2 between polls
    PLAYOUT_POLL = 4096    # random playout plies between polls

ctypedef struct PerftState:
    int countdown          # nodes of depth >= 2 until the next poll
    int interrupted        # a signal handler raised: perft is abandoned

cdef uint64_t perft_leaves(const Position* p, int depth, PerftState* st) noexcept nogil

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
