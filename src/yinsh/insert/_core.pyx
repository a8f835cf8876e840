# The compiled Insert rules: tables, layouts, placing a ring (insertion,
# five, groups), perft, random playouts, and the classes that carry them into
# Python (Move, LegalMoves and CoreBoard, the base of yinsh.insert.Board).
#
# Bitboards have 8 bits per row (see _core.pxd): square (column c, row r),
# both 0..5, is bit r * 8 + c; its public number is r * 6 + c. Both orders
# are row-major, so ascending bits are ascending square numbers. Every
# function between the tables and the Python boundary works on C structs
# and touches no Python object.
import itertools
import operator

from libc.stdint cimport uint8_t, uint64_t, int8_t
from libc.string cimport memcpy, memset


cimport cython

from yinsh._core_board cimport CoreBoardBase, LegalMovesBase, MoveBase
from yinsh._perft_state cimport PerftState, perft_state, perft_stopped
from yinsh._rng cimport rng_below, rng_next
from yinsh._signals cimport PerftStop, playout_poll, raise_pending, raise_stopped
from yinsh.bitboard cimport YINSH_DEBUG
from yinsh.bits cimport msb64, popcount64
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError, not_a_move

cdef enum:
    POLL_NODES = 4096        # perft nodes of depth >= 2 between Ctrl-C polls (~1 ms)
    POLL_PLIES = 65536       # random playout plies between polls (~1-2 ms)

# ---------------------------------------------------------------------------
# Tables, built once at import.
# ---------------------------------------------------------------------------

FILES = "abcdef"
MARK_LETTERS = "vhud"

cdef uint64_t VALID = 0                 # the bits of the 36 squares
cdef int8_t SQ_BIT[NUM_SQUARES]         # square number -> bit
cdef int8_t BIT_SQ[64]                  # bit -> square number, -1 for padding
cdef uint64_t LINE_OF[64][4]            # the line through a bit for each mark
cdef uint64_t RING_KEY[2][64]           # Zobrist keys: a white / red ring on a bit
cdef uint64_t FLIP_KEY[64]              # RING_KEY[0][b] ^ RING_KEY[1][b]
cdef uint64_t LAST_KEY[65]              # the last ring on bit b: LAST_KEY[b + 1]; [0] = none
cdef uint64_t MARK_KEY[NUM_SQUARES][4]
cdef uint8_t TILE_MARKS[4][4][9]        # tile, clockwise quarter turns, row * 3 + column
cdef uint8_t PERMS[24][4]               # the 24 orders of the tiles, lexicographic

# (column, row) step of each mark: v up a column, h along a row, u rising, d falling.
cdef int MARK_DC[4]
cdef int MARK_DR[4]
MARK_DC[:] = [0, 1, 1, 1]
MARK_DR[:] = [1, 0, 1, -1]

#: The four tiles of rule 4, rows top to bottom.
TILES = ("vhu dvh hud", "uvd hdv vhu", "duv vhu hdd", "hdv uuh dvu")

cdef list SQUARE_NAMES = [FILES[sq % 6] + str(sq // 6 + 1) for sq in range(NUM_SQUARES)]
cdef dict SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


cdef void _build_tables():
    global VALID
    cdef int r, c, sq, b, m, cc, rr, t, k, i, j
    cdef uint64_t state = 0x1A5E7C0DE5EED
    cdef uint8_t cur[9]
    cdef uint8_t nxt[9]
    cdef uint8_t swap[4]
    swap[:] = [MARK_H, MARK_V, MARK_D, MARK_U]
    memset(SQ_BIT, -1, sizeof(SQ_BIT))
    memset(BIT_SQ, -1, sizeof(BIT_SQ))
    memset(LINE_OF, 0, sizeof(LINE_OF))
    for r in range(6):
        for c in range(6):
            sq = r * 6 + c
            b = r * 8 + c
            SQ_BIT[sq] = b
            BIT_SQ[b] = sq
            VALID |= 1ULL << b
    for sq in range(NUM_SQUARES):
        b = SQ_BIT[sq]
        for m in range(4):
            LINE_OF[b][m] = 1ULL << b
            for k in (1, -1):
                cc = sq % 6 + k * MARK_DC[m]
                rr = sq // 6 + k * MARK_DR[m]
                while 0 <= cc < 6 and 0 <= rr < 6:
                    LINE_OF[b][m] |= 1ULL << (rr * 8 + cc)
                    cc += k * MARK_DC[m]
                    rr += k * MARK_DR[m]
    for t in range(4):
        text = TILES[t].replace(" ", "")
        for i in range(9):
            cur[i] = MARK_LETTERS.index(text[i])
        for k in range(4):
            for i in range(9):
                TILE_MARKS[t][k][i] = cur[i]
            # a clockwise quarter turn: (i, j) -> (j, 2 - i), v <-> h, u <-> d (rule 5)
            for i in range(3):
                for j in range(3):
                    nxt[j * 3 + 2 - i] = swap[cur[i * 3 + j]]
            memcpy(cur, nxt, 9)
    for k, order in enumerate(itertools.permutations(range(4))):
        for i in range(4):
            PERMS[k][i] = order[i]
    for k in range(2):
        for b in range(64):
            RING_KEY[k][b] = rng_next(&state)
    for b in range(64):
        FLIP_KEY[b] = RING_KEY[0][b] ^ RING_KEY[1][b]
    LAST_KEY[0] = 0
    for b in range(64):
        LAST_KEY[b + 1] = rng_next(&state)
    for sq in range(NUM_SQUARES):
        for m in range(4):
            MARK_KEY[sq][m] = rng_next(&state)


_build_tables()

# ---------------------------------------------------------------------------
# Layouts (rules 4-7).
# ---------------------------------------------------------------------------

cdef void layout_from_marks(Layout* L, const uint8_t* marks, int number) noexcept nogil:
    """Fills L from the mark of each square (by square number)."""
    cdef int sq, b
    memset(L.line, 0, sizeof(L.line))
    L.key = 0
    for sq in range(NUM_SQUARES):
        b = SQ_BIT[sq]
        L.mark[sq] = marks[sq]
        L.line[b] = LINE_OF[b][marks[sq]]
        L.key ^= MARK_KEY[sq][marks[sq]]
    L.number = number


cdef void layout_build(Layout* L, int number) noexcept nogil:
    """The layout with this number (0..6143): P = number >> 8 picks the order
    of the tiles in Q1..Q4, the low byte their quarter turns (rule 6)."""
    cdef uint8_t marks[NUM_SQUARES]
    cdef int p = number >> 8, q = number & 255, k, tile, turns, top, left, i, j
    for k in range(4):
        tile = PERMS[p][k]
        turns = (q >> (2 * k)) & 3
        top = 5 if k < 2 else 2            # Q1, Q2 hold rows 6-4; Q3, Q4 rows 3-1
        left = 0 if k % 2 == 0 else 3      # Q1, Q3 columns a-c; Q2, Q4 d-f
        for i in range(3):
            for j in range(3):
                marks[(top - i) * 6 + left + j] = TILE_MARKS[tile][turns][i * 3 + j]
    layout_from_marks(L, marks, number)

# ---------------------------------------------------------------------------
# Rules on bitboards.
# ---------------------------------------------------------------------------

cdef void ipos_init(IPos* p, const Layout* L) noexcept nogil:
    """The empty board of layout L, White to place anywhere."""
    memset(p, 0, sizeof(IPos))
    p.allowed = VALID
    p.last = -1
    p.turn = I_WHITE
    p.key = L.key


cdef inline void set_allowed(IPos* p, const Layout* L) noexcept nogil:
    """Rule 9: the empty squares of the last ring's line, or every empty
    square when that line is full (or the board is empty)."""
    cdef uint64_t empty = VALID & ~(p.rings[0] | p.rings[1])
    cdef uint64_t a = L.line[p.last] & empty if p.last >= 0 else 0
    p.allowed = a if a else empty


cdef void do_place(IPos* p, const Layout* L, int bit) noexcept nogil:
    """Places a ring of the side to place on bit, which must be allowed
    (place_rules, _core.pxd), and updates the hash."""
    cdef int us = p.turn, q
    cdef uint64_t f
    p.key ^= RING_KEY[us][bit] ^ LAST_KEY[p.last + 1] ^ LAST_KEY[bit + 1]
    f = place_rules(p, bit, L.line[bit])
    while f:
        q = ctz(f)
        f &= f - 1
        p.key ^= FLIP_KEY[q]


cdef inline uint64_t pieces_key(uint64_t b, int colour) noexcept nogil:
    cdef uint64_t k = 0
    while b:
        k ^= RING_KEY[colour][ctz(b)]
        b &= b - 1
    return k


cdef uint64_t ipos_hash_from_scratch(const IPos* p, const Layout* L) noexcept nogil:
    return pieces_key(p.rings[0], 0) ^ pieces_key(p.rings[1], 1) ^ LAST_KEY[p.last + 1] ^ L.key


cdef bint ipos_is_ok(const IPos* p, const Layout* L) noexcept nogil:
    """Whether p is a consistent position of layout L (the debug check)."""
    cdef uint64_t rings = p.rings[0] | p.rings[1], expect
    cdef int placer = p.turn ^ 1
    if (p.rings[0] & p.rings[1]) or (rings & ~VALID) or popcount64(rings) != p.count:
        return False
    if p.count > MAX_RINGS or p.turn != (p.count & 1) or p.key != ipos_hash_from_scratch(p, L):
        return False
    if p.count == 0:
        if p.last != -1 or p.end != I_END_NONE:
            return False
    elif p.last < 0 or p.last >= 64 or not (p.rings[placer] >> p.last) & 1:
        return False
    if has_five(p.rings[p.turn]):
        return False
    if p.end == I_END_FIVE:
        return p.winner == placer and has_five(p.rings[placer]) and p.allowed == 0
    if has_five(p.rings[placer]):
        return False
    if p.end == I_END_GROUPS:
        return (p.count == MAX_RINGS and p.allowed == 0
                and p.winner == group_winner(p.rings[0], p.rings[1]))
    if p.end != I_END_NONE or p.count >= MAX_RINGS:
        return False
    expect = VALID & ~rings
    if p.last >= 0 and L.line[p.last] & expect:
        expect &= L.line[p.last]
    return p.allowed == expect

# ---------------------------------------------------------------------------
# perft and random playouts.
# ---------------------------------------------------------------------------

cdef uint64_t perft_leaves(const IPos* p, const Layout* L, int depth, PerftState* st) noexcept nogil:
    """Leaf count of the action tree of the given depth, the last level bulk
    counted (the number of allowed squares). Polls for Ctrl-C every
    POLL_NODES nodes of depth >= 2; once a handler raised, st.interrupted is
    set and 0 is returned."""
    cdef uint64_t b, total = 0
    cdef IPos child
    if depth <= 0:
        return 1
    if depth == 1:
        return popcount64(p.allowed)
    if perft_stopped(st, POLL_NODES):
        return 0
    b = p.allowed
    while b:
        child = p[0]
        do_place(&child, L, ctz(b))
        b &= b - 1
        total += perft_leaves(&child, L, depth - 1, st)
        if st.interrupted:
            return 0
    return total


cdef inline int nth_bit(uint64_t b, uint64_t k) noexcept nogil:
    """The bit of the k-th (from 0, ascending) set bit of b."""
    while k:
        b &= b - 1
        k -= 1
    return ctz(b)


cdef int playout(IPos* p, const Layout* L, uint64_t* rng) noexcept nogil:
    """Places rings on uniformly random allowed squares until the game ends
    (at most 30 rings); returns the number of plies. Each ply draws
    rng_below(n) for the n allowed squares and takes that one in ascending
    order of square."""
    cdef int plies = 0
    while p.end == I_END_NONE:
        do_place(p, L, nth_bit(p.allowed, rng_below(rng, popcount64(p.allowed))))
        plies += 1
    return plies


def _random_playouts(CoreBoard start not None, int n, uint64_t seed, bint random_layout,
                     int[::1] plies not None, int[::1] layouts not None,
                     long long[:, ::1] counts not None):
    """Plays n games; plies[i] gets game i's length, layouts[i] its layout
    number (-1: start's marks are no layout), counts[winner (0 white, 1 red,
    2 draw), end reason (1 five, 2 groups)] the tallies. With random_layout
    each game starts on the empty board of a layout drawn with
    rng_below(6144) from the same generator, else from start's position."""
    if n < 0 or plies.shape[0] < n or layouts.shape[0] < n or counts.shape[0] < 3 or counts.shape[1] < 3:
        raise ValueError("bad playout buffers")
    if not random_layout and start.pos.end != I_END_NONE:
        raise ValueError("the game is already over")
    cdef uint64_t rng = seed
    cdef Layout L = start.lay
    cdef IPos p
    cdef int i, since_poll = 0
    cdef bint interrupted = False
    with nogil:
        for i in range(n):
            if random_layout:
                layout_build(&L, <int>rng_below(&rng, NUM_LAYOUTS))
                ipos_init(&p, &L)
            else:
                p = start.pos
            plies[i] = playout(&p, &L, &rng)
            layouts[i] = L.number
            counts[p.winner, p.end] += 1
            if playout_poll(&since_poll, plies[i], POLL_PLIES):
                interrupted = True
                break
    if interrupted:
        raise_pending()


def _random_layout_number(uint64_t seed):
    """The layout number a new game draws with this seed (rule 7): the
    first rng_below(6144) of splitmix64 seeded with seed."""
    cdef uint64_t rng = seed
    return <int>rng_below(&rng, NUM_LAYOUTS)

# ---------------------------------------------------------------------------
# Python boundary: squares, Move, LegalMoves, CoreBoard.
# ---------------------------------------------------------------------------

SQUARES = tuple(range(NUM_SQUARES))

#: Whether this core was built with YINSH_DEBUG=1 (a consistency check after every push).
DEBUG = bool(YINSH_DEBUG)


cdef str _checked_text(object text):
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}")
    return <str>text


cdef str _shown(str text):
    """repr(text) for error messages, cut short for long texts."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:20]!r}... ({len(text)} characters)"


cdef int _parse_square(object text) except -1:
    """The square number of text: a column a-f and a row 1-6, any case,
    surrounding whitespace ignored."""
    cdef str raw = _checked_text(text)
    cdef object sq = SQUARE_BY_NAME.get(raw.strip().lower())
    if sq is None:
        raise InvalidMoveError(f"{_shown(raw)} is not a square (a column a-f and a row 1-6, like c4)")
    return sq


cdef int _parse_move_square(object text) except -1:
    """The square of the action text names (as ``_parse_square``), with the
    error of a move: ``invalid move 'g7': ...``."""
    cdef str raw = _checked_text(text)
    cdef object sq = SQUARE_BY_NAME.get(raw.strip().lower())
    if sq is None:
        raise InvalidMoveError(f"invalid move {_shown(raw)}: not a square (a column a-f and a row "
                               f"1-6, like c4)")
    return sq


cdef int _check_square(object square) except -1:
    """square as an int 0..35 (any integer type), or InvalidMoveError."""
    if isinstance(square, bool) or not hasattr(type(square), "__index__"):
        raise TypeError(f"a square is an int 0..35 (like insert.C4), not {type(square).__name__}"
                        + (": for a name use parse_square(text)" if isinstance(square, str) else ""))
    cdef object s = operator.index(square)
    if not 0 <= s < NUM_SQUARES:
        raise InvalidMoveError(f"{square!r} is not a square number (0..35)")
    return s


def square_name(square):
    """The name of a square number: ``square_name(0) == "a1"``,
    ``square_name(35) == "f6"``. Raises ``InvalidMoveError`` (a
    ``ValueError``) for an int that is not 0..35."""
    return SQUARE_NAMES[_check_square(square)]


def parse_square(text):
    """The number (0..35, ``row * 6 + column``) of the square named by text.

    Raises ``InvalidMoveError`` (a ``ValueError``) for text that is not a
    square and ``TypeError`` for a non-str.

    >>> parse_square(" C4 "), parse_square("a1"), parse_square("f6")
    (20, 0, 35)
    """
    return _parse_square(text)


cdef list MOVES = []


@cython.auto_pickle(False)
cdef class Move(MoveBase):
    """One action: placing a ring on a square. A frozen value; ``str`` is
    the square's name.

    >>> m = Move.from_str("C4")
    >>> m, str(m), m.square
    (yinsh.insert.Move.from_str('c4'), 'c4', 20)
    >>> Move("c4") == m == Move(20)
    True
    """

    def __cinit__(self, *args, **kwargs):
        self.code = -1

    def __init__(self, square):
        """``Move("c4")`` or ``Move(20)`` (the square number)."""
        if self.code != -1:
            raise TypeError("a Move is a frozen value")
        self.code = _parse_move_square(square) if isinstance(square, str) else _check_square(square)

    @staticmethod
    def from_str(text):
        """Parses a square name (case-insensitive, surrounding whitespace
        ignored). Raises ``InvalidMoveError`` for any other str, ``TypeError``
        for a non-str."""
        return MOVES[_parse_move_square(text)]

    @staticmethod
    def from_square(square):
        """The move placing a ring on square (0..35)."""
        return MOVES[_check_square(square)]

    @property
    def name(self):
        """The square's name, ``"c4"``."""
        return SQUARE_NAMES[self.code]

    @property
    def square(self):
        """The square number (0..35; the Move's code)."""
        return self.code

    cdef str _text(self):
        return SQUARE_NAMES[self.code]

    cdef str _public_name(self):
        return "yinsh.insert.Move"


cdef Move _new_move(int sq):
    cdef Move m = Move.__new__(Move)
    m.code = sq
    return m


for _sq in range(NUM_SQUARES):
    MOVES.append(_new_move(_sq))
del _sq


cdef inline Move _move(int sq):
    return <Move>MOVES[sq]


cdef int _move_square(object move, str where) except -1:
    """move.square for a Move, else a TypeError that points text to push_str."""
    if isinstance(move, Move):
        return (<Move>move).code
    raise not_a_move(where, "insert", move)


cdef object _squares_of(uint64_t b):
    """The square numbers of bitboard b as an int with bit (square) set."""
    cdef object out = 0
    while b:
        out |= (<object>1) << BIT_SQ[ctz(b)]
        b &= b - 1
    return out


cdef uint64_t _bits_of(object squares) except? 0:
    """The bitboard of an int with bit s set for each square number s."""
    if not isinstance(squares, int) or squares < 0 or squares >> NUM_SQUARES:
        raise InvalidPositionError(f"{squares!r} is not a set of the 36 squares")
    cdef uint64_t b = 0
    cdef int sq
    for sq in range(NUM_SQUARES):
        if squares >> sq & 1:
            b |= 1ULL << SQ_BIT[sq]
    return b


def line_name(square, mark):
    """A name for the line (rule 3) through square along mark: ``"column
    c"``, ``"row 5"``, ``"rising diagonal a3-d6"``, ``"falling diagonal
    a6-f1"``.

    >>> line_name(parse_square("c5"), "v"), line_name(parse_square("a6"), "u")
    ('column c', 'rising diagonal a6')
    """
    cdef int sq = _check_square(square)
    cdef int m = MARK_LETTERS.index(mark)
    if m == MARK_V:
        return f"column {FILES[sq % 6]}"
    if m == MARK_H:
        return f"row {sq // 6 + 1}"
    cdef uint64_t line = LINE_OF[SQ_BIT[sq]][m]
    cdef int lo = BIT_SQ[ctz(line)], hi = BIT_SQ[msb64(line)]
    kind = "rising diagonal" if m == MARK_U else "falling diagonal"
    if lo == hi:
        return f"{kind} {SQUARE_NAMES[lo]}"
    if m == MARK_D:                     # name it from its top left end
        return f"{kind} {SQUARE_NAMES[hi]}-{SQUARE_NAMES[lo]}"
    return f"{kind} {SQUARE_NAMES[lo]}-{SQUARE_NAMES[hi]}"


def line_squares(square, mark):
    """The square numbers of the line (rule 3) through square along mark
    (``"v"``, ``"h"``, ``"u"`` or ``"d"``), ascending."""
    cdef int sq = _check_square(square)
    if not isinstance(mark, str) or len(mark) != 1 or mark not in MARK_LETTERS:
        raise ValueError(f"a mark is one of v, h, u, d, not {mark!r}")
    cdef uint64_t b = LINE_OF[SQ_BIT[sq]][MARK_LETTERS.index(mark)]
    out = []
    while b:
        out.append(BIT_SQ[ctz(b)])
        b &= b - 1
    return out


cdef int _check_layout(object number) except -1:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"a layout number is an int 0..{NUM_LAYOUTS - 1}, not {type(number).__name__}")
    if not 0 <= number < NUM_LAYOUTS:
        raise ValueError(f"layout {number} is not a layout number (0..{NUM_LAYOUTS - 1})")
    return number


def layout_marks(number):
    """The marks of layout number (0..6143) as the marks field of a position
    string: rows 6 down to 1, each from a to f, ``/`` between rows.

    >>> layout_marks(0)
    'vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu'
    """
    cdef Layout L
    layout_build(&L, _check_layout(number))
    return "/".join("".join(MARK_LETTERS[L.mark[r * 6 + c]] for c in range(6)) for r in range(5, -1, -1))


def has_five_squares(squares):
    """Whether the squares of an int (bit s for square number s) hold five
    in a row, column or diagonal."""
    return has_five(_bits_of(squares))


def group_sizes_of(squares):
    """The sizes of the orthogonally connected groups of the squares of an
    int (bit s for square number s), largest first."""
    cdef int sizes[NUM_SQUARES]
    cdef int n = group_sizes(_bits_of(squares), sizes), i
    return [sizes[i] for i in range(n)]


cdef class LegalMoves(LegalMovesBase):
    """Lazy view of a board's legal actions: iterate (ascending squares),
    ``len``, ``count()``, ``in`` and ``bool``; nothing is built until asked.
    ``in`` takes a ``Move`` and raises ``TypeError`` for anything else, text
    included (``board.parse_move(text)`` checks text)."""


cdef str _colour_name(int c):
    return "white" if c == I_WHITE else "red"


cdef str _result_text(const IPos* p):
    if p.end == I_END_NONE:
        return "*"
    if p.winner == I_DRAW:
        return "1/2-1/2"
    return "1-0" if p.winner == I_WHITE else "0-1"


cdef str _why_illegal(CoreBoard board, int sq):
    """A sentence saying why placing on sq is not allowed now."""
    cdef const IPos* p = &board.pos
    cdef int bit = SQ_BIT[sq], last
    cdef str name = SQUARE_NAMES[sq]
    cdef uint64_t line
    if p.end != I_END_NONE:
        reason = "five in a row" if p.end == I_END_FIVE else "all 30 rings placed"
        return f"{name}: the game is over ({_result_text(p)}, {reason})"
    if ((p.rings[0] | p.rings[1]) >> bit) & 1:
        return f"{name}: the square is taken (a {_colour_name(I_WHITE if (p.rings[0] >> bit) & 1 else I_RED)} ring is on it)"
    last = BIT_SQ[p.last]
    mark = MARK_LETTERS[board.lay.mark[last]]
    allowed = " ".join(SQUARE_NAMES[BIT_SQ[b]] for b in range(64) if (p.allowed >> b) & 1)
    return (f"{name}: not on the allowed line: the last ring went on {SQUARE_NAMES[last]} "
            f"(mark {mark}), so {_colour_name(p.turn)} must place on {line_name(last, mark)} "
            f"({allowed})")


cdef class CoreBoard(CoreBoardBase):
    """The native state of an Insert board, its marks and its action stack
    (square numbers; a game has at most 30 actions). Use
    ``yinsh.insert.Board``. ``push`` says why a square is not allowed: it is
    taken, it is off the allowed line, or the game is over."""

    def __cinit__(self, *args, **kwargs):
        self._stack_init(&self.pos, sizeof(IPos), MAX_RINGS)
        layout_build(&self.lay, 0)
        ipos_init(&self.pos, &self.lay)

    cdef int _push_bit(self, int bit) except -1:
        self._record(BIT_SQ[bit])
        do_place(&self.pos, &self.lay, bit)
        if YINSH_DEBUG and not ipos_is_ok(&self.pos, &self.lay):
            raise AssertionError(f"inconsistent position after {SQUARE_NAMES[BIT_SQ[bit]]}")
        return 0

    cdef object _move_of(self, int code):
        return MOVES[code]

    cdef int _code_of(self, object move, str where) except -1:
        return _move_square(move, where)

    cdef int _parse(self, object text) except -1:
        return _parse_move_square(text)

    cdef int _action_of(self, int code) except -2:
        cdef int bit = SQ_BIT[code]
        return bit if (self.pos.allowed >> bit) & 1 else -1

    cdef str _why(self, int code):
        return _why_illegal(self, code)

    cdef int _play(self, int action, int code) except -1:
        return self._push_bit(action)

    cdef list _legal_codes(self):
        cdef uint64_t b = self.pos.allowed
        out = []
        while b:
            out.append(BIT_SQ[ctz(b)])
            b &= b - 1
        return out

    cdef int _count_legal(self) except -1:
        return popcount64(self.pos.allowed)

    cdef bint _has_legal(self) except -1:
        return self.pos.allowed != 0

    @property
    def legal_moves(self):
        """A lazy ``LegalMoves`` view of the legal actions."""
        return LegalMoves(self)

    cdef int _copy_rest(self, CoreBoardBase other) except -1:
        (<CoreBoard>other).lay = self.lay
        return 0

    def zobrist_hash(self):
        """A 64-bit hash of the position (rings, last square, marks),
        updated incrementally on every action."""
        return self.pos.key

    def _hash_from_scratch(self):
        return ipos_hash_from_scratch(&self.pos, &self.lay)

    def _is_ok(self):
        return ipos_is_ok(&self.pos, &self.lay)

    def _corrupt_hash(self):
        """Spoils the hash (for the test of the debug check): a debug build
        then refuses the next push with an AssertionError."""
        self.pos.key ^= 1

    # Raw state, for the Python layer.

    @property
    def _turn_code(self):
        return self.pos.turn

    @property
    def _end_code(self):
        return self.pos.end

    @property
    def _winner_code(self):
        return self.pos.winner

    @property
    def _layout_number(self):
        return self.lay.number

    @property
    def _last_square(self):
        return BIT_SQ[self.pos.last] if self.pos.last >= 0 else -1

    @property
    def _count(self):
        return self.pos.count

    def _state(self):
        """(white squares, red squares, allowed squares) as ints with bit s
        for square number s, then last square (-1 none), turn, count, winner,
        end reason as the core's codes."""
        cdef IPos* p = &self.pos
        return (_squares_of(p.rings[0]), _squares_of(p.rings[1]), _squares_of(p.allowed),
                BIT_SQ[p.last] if p.last >= 0 else -1, p.turn, p.count, p.winner, p.end)

    def _marks(self):
        """The 36 marks as letters, by square number."""
        return "".join(MARK_LETTERS[self.lay.mark[sq]] for sq in range(NUM_SQUARES))

    def _set_layout(self, number):
        """A new game (empty board, empty stack) on layout number."""
        layout_build(&self.lay, _check_layout(number))
        ipos_init(&self.pos, &self.lay)
        self._ply = 0

    def _set_position(self, white, red, str marks not None, int last, int number):
        """Sets the position (and clears the stack): rings as ints of square
        bits, marks as 36 letters by square number, last square (-1 none),
        the layout number of the marks (-1 none). The rules decide the rest:
        turn from the ring count, the end of the game, the allowed squares.
        Raises ``InvalidPositionError`` for an inconsistent position."""
        cdef uint8_t m[NUM_SQUARES]
        cdef Layout L
        cdef IPos p
        cdef int sq
        if len(marks) != NUM_SQUARES or any(ch not in MARK_LETTERS for ch in marks):
            raise InvalidPositionError(f"marks must be 36 of v, h, u, d, not {marks!r}")
        for sq in range(NUM_SQUARES):
            m[sq] = MARK_LETTERS.index(marks[sq])
        if not -1 <= number < NUM_LAYOUTS:
            raise InvalidPositionError(f"{number} is not a layout number")
        layout_from_marks(&L, m, number)
        memset(&p, 0, sizeof(IPos))
        p.rings[0] = _bits_of(white)
        p.rings[1] = _bits_of(red)
        p.count = popcount64(p.rings[0] | p.rings[1])
        p.turn = p.count & 1
        if not -1 <= last < NUM_SQUARES:
            raise InvalidPositionError(f"{last} is not a square number")
        p.last = SQ_BIT[last] if last >= 0 else -1
        p.key = ipos_hash_from_scratch(&p, &L)
        if p.rings[0] & p.rings[1]:
            raise InvalidPositionError("a square holds two rings")
        if p.count > MAX_RINGS:
            raise InvalidPositionError(f"{p.count} rings on the board: at most {MAX_RINGS}")
        if (p.count == 0) != (p.last < 0):
            raise InvalidPositionError("the last square must be given exactly when rings are on the board")
        if p.last >= 0 and not (p.rings[p.turn ^ 1] >> p.last) & 1:
            raise InvalidPositionError(f"the last square {SQUARE_NAMES[last]} must hold a ring "
                                       f"of the side that placed last")
        if has_five(p.rings[p.turn]):
            raise InvalidPositionError(f"{_colour_name(p.turn)}, the side to place, has five in a row")
        if has_five(p.rings[p.turn ^ 1]):
            p.end = I_END_FIVE
            p.winner = p.turn ^ 1
        elif p.count == MAX_RINGS:
            p.end = I_END_GROUPS
            p.winner = group_winner(p.rings[0], p.rings[1])
        else:
            set_allowed(&p, &L)
        if not ipos_is_ok(&p, &L):
            raise InvalidPositionError("the position is not consistent")
        self.lay = L
        self.pos = p
        self._ply = 0




def perft(CoreBoard board not None, int depth, PerftStop stop=None):
    """The number of action sequences of length depth from board (perft(0)
    is 1; an ended game has none of length 1 or more); the last level is
    bulk counted. The GIL is released while counting; Ctrl-C stops it, and
    so does ``stop`` (a ``PerftStop``: the count on several threads of
    ``yinsh.insert.perft``).

    Raises ``ValueError`` if depth is negative or above 64.
    """
    if depth < 0 or depth > 64:
        raise ValueError(f"perft depth must be between 0 and 64, not {depth}")
    cdef IPos p = board.pos
    cdef Layout L = board.lay
    cdef uint64_t n
    cdef PerftState st = perft_state(POLL_NODES, NULL)
    if stop is not None:
        st.stop = &stop.flag
    with nogil:
        n = perft_leaves(&p, &L, depth, &st)
    if st.interrupted:
        raise_stopped()
    return n



def divide(CoreBoard board not None, int depth):
    """perft split by the first action: ``{square name: count}``, in
    ascending square order.

    Raises ``ValueError`` if depth is below 1 or above 64.
    """
    if depth < 1 or depth > 64:
        raise ValueError(f"divide depth must be between 1 and 64, not {depth}")
    cdef IPos child
    cdef Layout L = board.lay
    cdef uint64_t b = board.pos.allowed, count
    cdef int bit
    cdef PerftState st = perft_state(POLL_NODES, NULL)
    result = {}
    while b:
        bit = ctz(b)
        b &= b - 1
        child = board.pos
        do_place(&child, &L, bit)
        with nogil:
            count = perft_leaves(&child, &L, depth - 1, &st)
        if st.interrupted:
            raise_pending()
        result[SQUARE_NAMES[BIT_SQ[bit]]] = count
    return result
