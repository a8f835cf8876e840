# Declarations of the compiled Ludo rules (shared/LUDO.md), for modules that
# cimport them. The hot functions are `cdef inline ... noexcept nogil` here,
# so a search module that cimports this file inlines move generation and
# make; they read only the LudoPos struct and the constant tables of
# ludo/ludo.h.
#
# Model. A piece of colour c has a progress q (rule 3): 0..50 on track field
# (13 c + q) mod 52, 51..55 on home field h(q - 50), 56 in the finish; the
# pieces in the start corner and the finish are counts. Two pieces of one
# colour never share a progress 0..55 (rule 4: one piece a track field, one a
# home field, and q <-> field is one to one for q <= 50), so the pieces of c
# on the board are exactly the set bits of the 56-bit mask pm[c]. "Own piece
# on the target" is then one bit test of pm[c], for track and home alike.
#
# Actions (the fixed action space, also for machine learning): a small int
#     0..5    the throws r1..r6 (action d - 1)
#     6       enter a piece from the start corner (s-<to>)
#     7 + p   move the mover's piece at progress p (0..55) by the total
# 63 ids in all; in a move phase the target is given by the total, so the
# source alone names the move, and the ids read the same for every colour.
from libc.stdint cimport uint8_t, uint64_t

from yinsh._core_board cimport CoreBoardBase
from yinsh._rng cimport rng_below

cdef extern from "ludo/ludo.h" nogil:
    bint YINSH_DEBUG
    const uint64_t LUDO_KEYS[320]
    int ludo_popcount(uint64_t x)
    int ludo_lsb(uint64_t x)

# Colours (rule 1, in turn order); NO_COLOR is the turn of a finished game.
cdef enum:
    C_GREEN = 0
    C_YELLOW = 1
    C_BLUE = 2
    C_RED = 3
    NO_COLOR = 4

cdef enum:
    PIECES = 4             # pieces of a colour
    TRACK = 52             # track fields 0..51
    ARM = 13               # entry field of colour c: 13 c
    LAST_TRACK = 50        # the last progress on the track (E - 2)
    FINISH = 56            # the progress of the finish

# Phases.
cdef enum:
    PH_THROW = 0           # the side to act throws (dice empty or ending in 6)
    PH_MOVE = 1            # the side to act moves with the total
    PH_OVER = 2            # the game has ended

# Variants (rule 11).
cdef enum:
    V_STANDARD = 0
    V_PLACES = 1

# Action ids.
cdef enum:
    A_THROW = 0            # A_THROW + d - 1: the throw r<d>
    A_ENTER = 6
    A_MOVE = 7             # A_MOVE + p: the piece at progress p moves
    NUM_ACTIONS = 63
    MAX_ACTIONS = 8        # more than any position has (6 throws; at most 4 moves)

# Offsets into LUDO_KEYS (ludo.h).
cdef enum:
    KEY_PIECE = 0          # + 56 c + p: a piece of c at progress p (0..55)
    KEY_FIN = 224          # + 5 c + n: n pieces of c in the finish
    KEY_TURN = 244         # + turn (0..4)
    KEY_DICE = 249         # + 7 i + d: throw i of the turn was d
    KEY_VARIANT = 270      # + variant
    KEY_PLAYERS = 272      # + the mask of the colours in play
    KEY_ORDER = 288        # + 4 i + c: colour c finished i-th

# Why a position is inconsistent (pos_problem); 0 when it is fine. The
# colour concerned, if any, is in bits 8..10 of the answer.
cdef enum:
    R_OK = 0
    R_PLAYERS = 1          # fewer than 2 colours in play
    R_NOT_IN_PLAY = 2      # pieces of a colour that is not in play
    R_TOO_MANY = 3         # more than 4 pieces of a colour
    R_ORDER = 4            # order is not exactly the colours with 4 finished
    R_ORDER_COUNT = 5      # more than 1 winner (standard), every colour in order (places)
    R_ENDED_TURN = 6       # an ended game with a turn or dice
    R_NO_TURN = 7          # no colour to act while the game goes on
    R_TURN_NOT_IN_PLAY = 8
    R_TURN_FINISHED = 9
    R_DICE_666 = 10
    R_DICE_NON6 = 11       # a throw other than 6 before the last one
    R_NO_MOVE = 12         # a move phase without a valid move
    R_INTERNAL = 13        # fields that no position string gives (bits, key, phase, ...)

ctypedef struct LudoPos:
    uint64_t pm[4]         # bit p (0..55): a piece of colour c at progress p
    uint64_t occ[4]        # bit f (0..51): a piece of colour c on track field f
    uint64_t key           # Zobrist key of the pieces (pm and fin), incremental
    uint8_t start[4]       # pieces in each start corner
    uint8_t fin[4]         # pieces in each finish
    uint8_t order[4]       # the colours that finished, in order (norder of them)
    uint8_t dice[3]        # this turn's throws (ndice of them; 0 after)
    uint8_t ndice
    uint8_t total          # the sum of the throws
    uint8_t turn           # the colour to act, NO_COLOR once the game is over
    uint8_t phase
    uint8_t players        # bit c: colour c in play
    uint8_t active         # players still in the turn order (not finished)
    uint8_t norder
    uint8_t variant

# ---------------------------------------------------------------------------
# Geometry.
# ---------------------------------------------------------------------------

cdef inline int track_field(int c, int q) noexcept nogil:
    """The track field of colour c's progress q (0..50)."""
    cdef int f = q + ARM * c
    return f - TRACK if f >= TRACK else f

cdef inline int progress_on(int c, int f) noexcept nogil:
    """Colour c's progress on track field f (51 for its own E - 1)."""
    cdef int q = f - ARM * c
    return q + TRACK if q < 0 else q

# ---------------------------------------------------------------------------
# The game interface a search needs: whose turn (p.turn), chance nodes (a
# throw phase: the actions 0..5 each with probability 1/6), terminal nodes
# and their per-colour returns (pos_returns, below).
# ---------------------------------------------------------------------------

cdef inline bint is_chance(const LudoPos* p) noexcept nogil:
    """Whether the next action is a throw (each of r1..r6 with probability 1/6)."""
    return p.phase == PH_THROW

cdef inline bint is_over(const LudoPos* p) noexcept nogil:
    """Whether the game has ended (no legal actions)."""
    return p.phase == PH_OVER

# ---------------------------------------------------------------------------
# Move generation (rules 6-7).
# ---------------------------------------------------------------------------

cdef inline uint64_t move_sources(const LudoPos* p) noexcept nogil:
    """The progress bits of the mover's pieces with a valid move (rule 6):
    q = p + T is free of its own pieces (q <= 55) or the finish (q = 56)."""
    cdef uint64_t b = p.pm[p.turn]
    cdef int t = p.total
    cdef uint64_t land = 1ULL << (FINISH - t)          # the piece that finishes exactly
    return b & ((~(b >> t) & (land - 1)) | land)

cdef inline bint can_enter(const LudoPos* p) noexcept nogil:
    """Whether a piece may enter (rule 7): a first throw of 6, a piece in the
    corner, and no own piece on progress T - 6."""
    return (p.total >= 7 and p.start[p.turn] != 0
            and ((p.pm[p.turn] >> (p.total - 6)) & 1) == 0)

cdef inline int count_actions(const LudoPos* p) noexcept nogil:
    """The number of legal actions (6 throws, the valid moves, or 0)."""
    if p.phase == PH_THROW:
        return 6
    if p.phase == PH_MOVE:
        return ludo_popcount(move_sources(p)) + can_enter(p)
    return 0

cdef inline int gen_actions(const LudoPos* p, int* out) noexcept nogil:
    """Writes the legal action ids to out, ascending; returns how many."""
    cdef int n = 0, d
    cdef uint64_t b
    if p.phase == PH_THROW:
        for d in range(6):
            out[d] = A_THROW + d
        return 6
    if p.phase != PH_MOVE:
        return 0
    if can_enter(p):
        out[0] = A_ENTER
        n = 1
    b = move_sources(p)
    while b:
        out[n] = A_MOVE + ludo_lsb(b)
        b &= b - 1
        n += 1
    return n

cdef inline bint is_legal_action(const LudoPos* p, int a) noexcept nogil:
    """Whether the action id a (any int) is legal."""
    if a < 0 or a >= NUM_ACTIONS:
        return False
    if p.phase == PH_THROW:
        return a < A_ENTER
    if p.phase != PH_MOVE or a < A_ENTER:
        return False
    if a == A_ENTER:
        return can_enter(p)
    return ((move_sources(p) >> (a - A_MOVE)) & 1) != 0

# ---------------------------------------------------------------------------
# Making actions (copy-make: a search copies the struct and applies).
# ---------------------------------------------------------------------------

cdef inline void clear_dice(LudoPos* p, uint8_t phase) noexcept nogil:
    """The turn's throws gone, and phase next (a throw, or the game over)."""
    p.dice[0] = 0
    p.dice[1] = 0
    p.dice[2] = 0
    p.ndice = 0
    p.total = 0
    p.phase = phase


cdef inline void next_turn(LudoPos* p) noexcept nogil:
    """Rule 10: the turn passes clockwise to the next colour still in the
    turn order, which starts with a throw."""
    cdef int c = p.turn
    clear_dice(p, PH_THROW)
    c = (c + 1) & 3
    while not (p.active >> c) & 1:
        c = (c + 1) & 3
    p.turn = <uint8_t>c

cdef inline void end_game(LudoPos* p) noexcept nogil:
    clear_dice(p, PH_OVER)
    p.turn = NO_COLOR

cdef inline void do_throw(LudoPos* p, int d) noexcept nogil:
    """The side to act throws d (1..6); voids and skips happen here (rule 5)."""
    p.dice[p.ndice] = <uint8_t>d
    p.ndice += 1
    p.total += d
    if d == 6:
        if p.ndice == 3:
            next_turn(p)               # three sixes void the turn
    else:
        p.phase = PH_MOVE
        if move_sources(p) == 0 and not can_enter(p):
            next_turn(p)               # no valid move: the turn is skipped

cdef inline void do_move(LudoPos* p, int a) noexcept nogil:
    """The side to act makes the legal move a (rules 6-11)."""
    cdef int c = p.turn, q, s, f, o, r
    cdef uint64_t bit
    if a == A_ENTER:
        q = p.total - 6
        p.start[c] -= 1
    else:
        s = a - A_MOVE
        q = s + p.total
        p.pm[c] ^= 1ULL << s
        p.key ^= LUDO_KEYS[KEY_PIECE + 56 * c + s]
        if s <= LAST_TRACK:
            p.occ[c] ^= 1ULL << track_field(c, s)
    if q == FINISH:
        p.key ^= LUDO_KEYS[KEY_FIN + 5 * c + p.fin[c]] ^ LUDO_KEYS[KEY_FIN + 5 * c + p.fin[c] + 1]
        p.fin[c] += 1
        if p.fin[c] == PIECES:         # rule 11
            p.order[p.norder] = <uint8_t>c
            p.norder += 1
            p.active &= ~(1 << c)
            if p.variant == V_STANDARD or (p.active & (p.active - 1)) == 0:
                end_game(p)
                return
    else:
        p.pm[c] |= 1ULL << q
        p.key ^= LUDO_KEYS[KEY_PIECE + 56 * c + q]
        if q <= LAST_TRACK:
            f = track_field(c, q)
            bit = 1ULL << f
            if (p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3]) & bit:     # rule 9: a capture
                for o in range(4):
                    if p.occ[o] & bit:
                        r = progress_on(o, f)
                        p.occ[o] ^= bit
                        p.pm[o] ^= 1ULL << r
                        p.key ^= LUDO_KEYS[KEY_PIECE + 56 * o + r]
                        p.start[o] += 1
                        break
            p.occ[c] |= bit
    next_turn(p)

cdef inline void do_action(LudoPos* p, int a) noexcept nogil:
    """Applies the legal action id a."""
    if a < A_ENTER:
        do_throw(p, a - A_THROW + 1)
    else:
        do_move(p, a)

cdef inline uint64_t state_key(const LudoPos* p) noexcept nogil:
    """The Zobrist key of everything but the pieces: turn, dice, variant,
    colours in play, finishing order."""
    cdef uint64_t k = (LUDO_KEYS[KEY_TURN + p.turn] ^ LUDO_KEYS[KEY_VARIANT + p.variant]
                       ^ LUDO_KEYS[KEY_PLAYERS + p.players])
    cdef int i
    for i in range(p.ndice):
        k ^= LUDO_KEYS[KEY_DICE + 7 * i + p.dice[i]]
    for i in range(p.norder):
        k ^= LUDO_KEYS[KEY_ORDER + 4 * i + p.order[i]]
    return k

cdef inline uint64_t pos_hash(const LudoPos* p) noexcept nogil:
    """The 64-bit Zobrist hash of the position."""
    return p.key ^ state_key(p)

cdef inline int random_action(const LudoPos* p, uint64_t* rng) noexcept nogil:
    """A uniformly random legal action (the game must not be over): a throw
    of a fair die in a throw phase, else one of the valid moves."""
    cdef int moves[MAX_ACTIONS]
    cdef int n
    if p.phase == PH_THROW:
        return A_THROW + <int>rng_below(rng, 6)
    n = gen_actions(p, moves)
    return moves[rng_below(rng, n)] if n > 1 else moves[0]

cdef inline void pos_returns(const LudoPos* p, double* out) noexcept nogil:
    """Each colour's return in out[0..3]: 0 while the game goes on and for
    colours not in play; at the end, by finishing place k of n, 1 - 2k/(n-1)
    (+1 first ... -1 last); in a standard game the losers share the mean of
    the places after the winner, -1/(n-1). The returns sum to 0."""
    cdef int n = ludo_popcount(p.players), c, k
    for c in range(4):
        out[c] = 0.0
    if p.phase != PH_OVER:
        return
    for k in range(p.norder):
        out[p.order[k]] = 1.0 - 2.0 * k / (n - 1)
    for c in range(4):
        if (p.active >> c) & 1:          # in play and not finished
            out[c] = -1.0 if p.variant == V_PLACES else -1.0 / (n - 1)

# Not inline (the Python boundary and tests use them).
cdef uint64_t pieces_key(const LudoPos* p) noexcept nogil
cdef int pos_problem(const LudoPos* p) noexcept nogil
cdef void pos_new(LudoPos* p, int players, int variant) noexcept nogil

cdef class CoreBoard(CoreBoardBase):     # the action stack (Move codes): yinsh/_core_board.pxd
    cdef LudoPos pos
    cdef int _push_action(self, int action, int code) except -1
