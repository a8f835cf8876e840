# The compiled rules engine: tables, move generation, make, perft, and the
# two classes that carry it into Python (Move and CoreBoard).
#
# Points are bit indices c * 11 + (r - 1) of a 128-bit board (see bitboard.h).
# Actions are packed ints kind << 14 | from << 7 | to. Every function below
# the table section works on a Position struct and touches no Python object.
import operator
from collections import namedtuple

from libc.stdint cimport uint8_t, uint64_t, int8_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset

from yinsh.enums import MoveKind
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

# ---------------------------------------------------------------------------
# Tables, built once at import.
# ---------------------------------------------------------------------------

cdef int COL_LO[11]
cdef int COL_HI[11]
COL_LO[:] = [2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7]
COL_HI[:] = [5, 7, 8, 9, 10, 10, 11, 11, 11, 11, 10]

# Directions 0..5: (dc, dr) = (0,1) (1,0) (1,1) (0,-1) (-1,0) (-1,-1);
# direction d + 3 is the opposite of d; the axis of d is d % 3.
cdef int DC[6]
cdef int DR[6]
cdef int SHIFT[3]
DC[:] = [0, 1, 1, 0, -1, -1]
DR[:] = [1, 0, 1, -1, 0, -1]
SHIFT[:] = [1, 11, 12]

cdef BoardTables T


cdef const BoardTables* board_tables() noexcept nogil:
    return &T


# Zobrist keys.
cdef uint64_t PIECE_KEY[4][NUM_CELLS]      # white ring, black ring, white marker, black marker
cdef uint64_t FLIP_KEY[NUM_CELLS]
cdef uint64_t TURN_KEY[2]
cdef uint64_t PHASE_KEY[5]
cdef uint64_t MOVER_KEY[2]
cdef uint64_t REMOVED_KEY[2][8]
cdef uint64_t PASS_KEY[3]
cdef uint64_t VARIANT_KEY[8]

cdef list POINT_NAMES = [None] * NUM_CELLS  # name of each point, None off the board
cdef dict POINT_BY_NAME = {}
ALL_POINTS = []                              # the 85 points, ascending


cdef bint on_board(int c, int r) noexcept:
    return 0 <= c <= 10 and COL_LO[c] <= r <= COL_HI[c]


cdef uint64_t _zobrist_state = 0


cdef uint64_t splitmix64() noexcept:
    return rng_next(&_zobrist_state)


cdef void _build_tables():
    cdef int c, r, p, q, d, n, cc, rr, k
    memset(&T, 0, sizeof(T))
    memset(T.dir_of, -1, sizeof(T.dir_of))
    for p in range(NUM_CELLS):
        T.bit[p] = bb_bit(p)
    for c in range(11):
        for r in range(1, 12):
            if not on_board(c, r):
                continue
            p = c * 11 + r - 1
            T.valid |= T.bit[p]
            POINT_NAMES[p] = "abcdefghijk"[c] + str(r)
            POINT_BY_NAME[POINT_NAMES[p]] = p
            ALL_POINTS.append(p)
            for d in range(6):
                n = 0
                cc = c + DC[d]
                rr = r + DR[d]
                while on_board(cc, rr):
                    q = cc * 11 + rr - 1
                    T.ray[p][d][n] = q
                    T.ray_mask[p][d] |= T.bit[q]
                    n += 1
                    T.dir_of[p][q] = d
                    T.dist[p][q] = n
                    cc += DC[d]
                    rr += DR[d]
                T.ray_len[p][d] = n
    for k in range(4):
        for p in range(NUM_CELLS):
            PIECE_KEY[k][p] = splitmix64()
    for p in range(NUM_CELLS):
        FLIP_KEY[p] = PIECE_KEY[2][p] ^ PIECE_KEY[3][p]
    for k in range(2):
        TURN_KEY[k] = splitmix64()
        MOVER_KEY[k] = splitmix64()
        for p in range(8):
            REMOVED_KEY[k][p] = splitmix64()
    for k in range(5):
        PHASE_KEY[k] = splitmix64()
    for k in range(3):
        PASS_KEY[k] = splitmix64()
    for k in range(8):
        VARIANT_KEY[k] = splitmix64()


_build_tables()

# ---------------------------------------------------------------------------
# Position: hashing, consistency, rows.
# ---------------------------------------------------------------------------

cdef void pos_init(Position* p, int rings_to_win) noexcept nogil:
    memset(p, 0, sizeof(Position))
    p.rings_to_win = <uint8_t>rings_to_win
    p.phase = PH_PLACE
    p.turn = C_WHITE


cdef inline uint64_t state_key(const Position* p) noexcept nogil:
    cdef uint64_t k = (TURN_KEY[p.turn] ^ PHASE_KEY[p.phase] ^ PASS_KEY[p.passes]
                       ^ REMOVED_KEY[0][p.removed[0]] ^ REMOVED_KEY[1][p.removed[1]]
                       ^ VARIANT_KEY[p.rings_to_win])
    if p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING:
        k ^= MOVER_KEY[p.mover]
    return k


cdef uint64_t pos_hash(const Position* p) noexcept nogil:
    return p.key ^ state_key(p)


cdef inline uint64_t pieces_key(u128 b, int kind) noexcept nogil:
    cdef uint64_t k = 0
    cdef int q
    while b:
        q = bb_lsb(b)
        b &= b - 1
        k ^= PIECE_KEY[kind][q]
    return k


cdef uint64_t pos_hash_from_scratch(const Position* p) noexcept nogil:
    return (pieces_key(p.rings[0], 0) ^ pieces_key(p.rings[1], 1)
            ^ pieces_key(p.markers[0], 2) ^ pieces_key(p.markers[1], 3) ^ state_key(p))


cdef inline u128 row_starts(u128 m, int s) noexcept nogil:
    """Points that start 5 markers of m in a line with shift s (lowest end)."""
    return m & (m >> s) & (m >> (2 * s)) & (m >> (3 * s)) & (m >> (4 * s))


cdef bint has_row(u128 m) noexcept nogil:
    return (row_starts(m, 1) | row_starts(m, 11) | row_starts(m, 12)) != 0


cdef inline u128 segment(int f, int t) noexcept nogil:
    """The points from f to t, both included (f and t on one line)."""
    cdef int d = T.dir_of[f][t]
    return T.bit[f] | (T.ray_mask[f][d] ^ T.ray_mask[t][d])


cdef bint pos_is_ok(const Position* p) noexcept nogil:
    cdef u128 rings = p.rings[0] | p.rings[1]
    cdef u128 markers = p.markers[0] | p.markers[1]
    cdef int side
    if (p.rings[0] & p.rings[1]) or (p.markers[0] & p.markers[1]) or (rings & markers):
        return False
    if (rings | markers) & ~T.valid:
        return False
    if p.turn > 1 or p.mover > 1 or p.phase > PH_GAME_OVER or p.passes > 2:
        return False
    if p.rings_to_win < 1 or p.rings_to_win > RINGS_PER_SIDE:
        return False
    if p.removed[0] > RINGS_PER_SIDE or p.removed[1] > RINGS_PER_SIDE:
        return False
    if bb_popcount(markers) != p.markers_on_board or p.markers_on_board > MARKERS_TOTAL:
        return False
    if p.key ^ state_key(p) != pos_hash_from_scratch(p):
        return False
    if p.phase == PH_PLACE:
        return (markers == 0 and p.removed[0] == 0 and p.removed[1] == 0
                and bb_popcount(rings) == p.placed and p.placed < 2 * RINGS_PER_SIDE
                and bb_popcount(p.rings[0]) - bb_popcount(p.rings[1]) == p.turn)
    if p.placed != 2 * RINGS_PER_SIDE:
        return False
    for side in range(2):
        if bb_popcount(p.rings[side]) + p.removed[side] != RINGS_PER_SIDE:
            return False
        if p.removed[side] > p.rings_to_win:
            return False
    if p.phase == PH_MOVE:
        return (not has_row(p.markers[0]) and not has_row(p.markers[1])
                and p.removed[0] < p.rings_to_win and p.removed[1] < p.rings_to_win
                and p.markers_on_board < MARKERS_TOTAL and p.passes < 2)
    if p.phase == PH_REMOVE_ROW:
        return (has_row(p.markers[p.turn]) and p.passes == 0
                and (p.turn == p.mover or not has_row(p.markers[p.mover])))
    if p.phase == PH_REMOVE_RING:
        return p.rings[p.turn] != 0 and p.passes == 0
    return p.end_reason != END_NONE

# ---------------------------------------------------------------------------
# Move generation.
# ---------------------------------------------------------------------------

cdef inline int nearest(u128 b, int d) noexcept nogil:
    """The point of b nearest to the start of a ray in direction d."""
    return bb_lsb(b) if d < 3 else bb_msb(b)


cdef inline int landing(int first, int d, u128 rings, u128 markers) noexcept nogil:
    """Where a ring moving in direction d lands after jumping the marker run
    that starts on first (the nearest piece on its ray), or -1: no landing if
    first is a ring, or the run reaches the edge or a ring."""
    cdef u128 beyond
    if rings & T.bit[first]:
        return -1
    beyond = T.ray_mask[first][d] & ~markers
    if not beyond:
        return -1
    first = nearest(beyond, d)
    return -1 if rings & T.bit[first] else first


cdef int count_ring_moves(const Position* p) noexcept nogil:
    """The number of ring moves, from ray masks: the empty points before the
    nearest piece on each ray, plus the landing after a marker run."""
    cdef u128 rings = p.rings[0] | p.rings[1]
    cdef u128 markers = p.markers[0] | p.markers[1]
    cdef u128 occupied = rings | markers
    cdef u128 b = p.rings[p.turn], hit
    cdef int n = 0, sq, d, first
    while b:
        sq = bb_lsb(b)
        b &= b - 1
        for d in range(6):
            hit = T.ray_mask[sq][d] & occupied
            if not hit:
                n += T.ray_len[sq][d]
                continue
            first = nearest(hit, d)
            n += T.dist[sq][first] - 1 + (landing(first, d, rings, markers) >= 0)
    return n


cdef inline u128 ray_destinations(int sq, int d, u128 rings, u128 markers) noexcept nogil:
    """The points where the ring on sq can move in direction d."""
    cdef u128 slide = T.ray_mask[sq][d]
    cdef u128 hit = slide & (rings | markers)
    cdef int first, q
    if hit:
        first = nearest(hit, d)
        slide ^= T.ray_mask[first][d] ^ T.bit[first]
        q = landing(first, d, rings, markers)
        if q >= 0:
            slide |= T.bit[q]
    return slide


cdef inline int gen_ring_moves(const Position* p, int* out) noexcept nogil:
    """Writes the ring moves to out (the moves count_ring_moves counts)."""
    cdef u128 rings = p.rings[0] | p.rings[1]
    cdef u128 markers = p.markers[0] | p.markers[1]
    cdef u128 b = p.rings[p.turn], slide
    cdef int n = 0, sq, d, q
    while b:
        sq = bb_lsb(b)
        b &= b - 1
        for d in range(6):
            slide = ray_destinations(sq, d, rings, markers)
            while slide:
                q = bb_lsb(slide)
                slide &= slide - 1
                out[n] = pack_move(K_MOVE, sq, q)
                n += 1
    return n


cdef inline int gen_bits(u128 b, int kind, int* out) noexcept nogil:
    cdef int n = 0, q
    while b:
        q = bb_lsb(b)
        b &= b - 1
        out[n] = pack_move(kind, q, q)
        n += 1
    return n


cdef int gen_moves(const Position* p, int* out) noexcept nogil:
    """Writes every legal action to out and returns how many."""
    cdef int n = 0, axis, s, q
    cdef u128 b
    if p.phase == PH_MOVE:
        n = gen_ring_moves(p, out)
        if n == 0:
            out[0] = pack_move(K_PASS, 0, 0)
            n = 1
    elif p.phase == PH_PLACE:
        n = gen_bits(T.valid & ~(p.rings[0] | p.rings[1]), K_PLACE, out)
    elif p.phase == PH_REMOVE_ROW:
        for axis in range(3):
            s = SHIFT[axis]
            b = row_starts(p.markers[p.turn], s)
            while b:
                q = bb_lsb(b)
                b &= b - 1
                out[n] = pack_move(K_ROW, q, q + 4 * s)
                n += 1
    elif p.phase == PH_REMOVE_RING:
        n = gen_bits(p.rings[p.turn], K_RING, out)
    return n


cdef int count_moves(const Position* p) noexcept nogil:
    """The number of legal actions, without generating them."""
    cdef int n
    cdef u128 m
    if p.phase == PH_MOVE:
        n = count_ring_moves(p)
        return n if n else 1
    if p.phase == PH_PLACE:
        return 85 - p.placed
    if p.phase == PH_REMOVE_ROW:
        m = p.markers[p.turn]
        return bb_popcount(row_starts(m, 1)) + bb_popcount(row_starts(m, 11)) + bb_popcount(row_starts(m, 12))
    if p.phase == PH_REMOVE_RING:
        return bb_popcount(p.rings[p.turn])
    return 0


cdef bint is_legal(const Position* p, int m) noexcept nogil:
    """Whether the packed action m is legal (any int is accepted)."""
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m)
    if m < 0 or kind < K_PLACE or kind > K_PASS or f >= NUM_CELLS or t >= NUM_CELLS:
        return False
    if kind == K_PLACE:
        return (p.phase == PH_PLACE and f == t and (T.valid & T.bit[t]) != 0
                and ((p.rings[0] | p.rings[1]) & T.bit[t]) == 0)
    if kind == K_MOVE:
        return (p.phase == PH_MOVE and (p.rings[p.turn] & T.bit[f]) != 0 and T.dir_of[f][t] >= 0
                and (ray_destinations(f, T.dir_of[f][t], p.rings[0] | p.rings[1],
                                      p.markers[0] | p.markers[1]) & T.bit[t]) != 0)
    if kind == K_ROW:
        return (p.phase == PH_REMOVE_ROW and f < t and T.dir_of[f][t] >= 0
                and T.dist[f][t] == 4 and (segment(f, t) & ~p.markers[p.turn]) == 0)
    if kind == K_RING:
        return p.phase == PH_REMOVE_RING and f == t and (p.rings[p.turn] & T.bit[f]) != 0
    return p.phase == PH_MOVE and f == 0 and t == 0 and count_ring_moves(p) == 0

# ---------------------------------------------------------------------------
# Making actions.
# ---------------------------------------------------------------------------

cdef inline void end_by_score(Position* p, int reason) noexcept nogil:
    p.phase = PH_GAME_OVER
    p.end_reason = reason
    if p.removed[0] > p.removed[1]:
        p.winner = C_WHITE
    elif p.removed[1] > p.removed[0]:
        p.winner = C_BLACK
    else:
        p.winner = C_DRAW


cdef inline void start_turn(Position* p, int side) noexcept nogil:
    p.turn = side
    p.mover = 0
    if p.markers_on_board >= MARKERS_TOTAL:
        end_by_score(p, END_POOL)
    else:
        p.phase = PH_MOVE


cdef inline void after_removals(Position* p) noexcept nogil:
    """Next step once the side to act has removed a row and a ring."""
    cdef int us = p.turn, them = us ^ 1
    if has_row(p.markers[us]):
        p.phase = PH_REMOVE_ROW
    elif us == p.mover and has_row(p.markers[them]):
        p.phase = PH_REMOVE_ROW
        p.turn = them
    else:
        start_turn(p, p.mover ^ 1)


cdef void do_move(Position* p, int m) noexcept nogil:
    """Applies the packed action m, which must be legal."""
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m)
    cdef int us = p.turn, them = us ^ 1, d, q
    cdef u128 flips, seg
    if kind == K_MOVE:
        d = T.dir_of[f][t]
        flips = (T.ray_mask[f][d] ^ T.ray_mask[t][d] ^ T.bit[t]) & (p.markers[0] | p.markers[1])
        p.markers[0] ^= flips
        p.markers[1] ^= flips
        while flips:
            q = bb_lsb(flips)
            flips &= flips - 1
            p.key ^= FLIP_KEY[q]
        p.rings[us] ^= T.bit[f] | T.bit[t]
        p.markers[us] |= T.bit[f]
        p.key ^= PIECE_KEY[us][f] ^ PIECE_KEY[us][t] ^ PIECE_KEY[2 + us][f]
        p.markers_on_board += 1
        p.passes = 0
        p.mover = us
        if has_row(p.markers[us]):
            p.phase = PH_REMOVE_ROW
        elif has_row(p.markers[them]):
            p.phase = PH_REMOVE_ROW
            p.turn = them
        else:
            start_turn(p, them)
    elif kind == K_PLACE:
        p.rings[us] |= T.bit[t]
        p.key ^= PIECE_KEY[us][t]
        p.placed += 1
        p.turn = them
        if p.placed == 2 * RINGS_PER_SIDE:
            p.phase = PH_MOVE
    elif kind == K_ROW:
        seg = segment(f, t)
        p.markers[us] ^= seg
        p.markers_on_board -= 5
        p.key ^= pieces_key(seg, 2 + us)
        p.phase = PH_REMOVE_RING
    elif kind == K_RING:
        p.rings[us] ^= T.bit[f]
        p.key ^= PIECE_KEY[us][f]
        p.removed[us] += 1
        if p.removed[us] >= p.rings_to_win:
            p.phase = PH_GAME_OVER
            p.end_reason = END_RINGS
            p.winner = us
            p.mover = 0
        else:
            after_removals(p)
    elif kind == K_PASS:
        p.passes += 1
        if p.passes >= 2:
            p.turn = them
            end_by_score(p, END_BLOCKED)
        else:
            start_turn(p, them)

# ---------------------------------------------------------------------------
# Interrupts (Ctrl-C) in long loops that run without the GIL.
# ---------------------------------------------------------------------------

cdef extern from "Python.h":
    int PyErr_CheckSignals()                  # no except clause: the error stays pending
    unsigned long PyThread_get_thread_ident() nogil

import os
import threading

cdef unsigned long MAIN_THREAD = threading.main_thread().ident


def _after_fork_in_child():
    global MAIN_THREAD
    MAIN_THREAD = PyThread_get_thread_ident()    # the forking thread is the child's main thread


os.register_at_fork(after_in_child=_after_fork_in_child)


cdef bint signal_raised() noexcept nogil:
    """Runs the pending Python signal handlers and returns true when one
    raised (Ctrl-C: KeyboardInterrupt); the exception is then pending, and
    the caller must unwind at once and, holding the GIL again, call
    raise_pending() before any other Python call. Takes the GIL briefly, so
    long loops call it about every millisecond of work, not more often.
    Python runs signal handlers in the main thread only: elsewhere this
    returns false at once."""
    cdef int r
    if PyThread_get_thread_ident() != MAIN_THREAD:
        return False
    with gil:
        r = PyErr_CheckSignals()
    return r != 0


cdef int raise_pending() except -1:
    """Raises the exception that signal_raised left pending."""
    return -1

# ---------------------------------------------------------------------------
# perft.
# ---------------------------------------------------------------------------

cdef uint64_t perft_leaves(const Position* p, int depth, PerftState* st) noexcept nogil:
    """Leaf count of the action tree of the given depth (bulk counted).
    Polls for a signal every PERFT_POLL nodes of depth 2 or more (about a
    millisecond); once one is raised, st.interrupted is set and the count
    is abandoned (0 is returned)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(p)
    st.countdown -= 1
    if st.countdown <= 0:
        st.countdown = PERFT_POLL
        if signal_raised():
            st.interrupted = 1
            return 0
    cdef int moves[MAX_MOVES]
    cdef int n = gen_moves(p, moves), i
    cdef uint64_t total = 0
    cdef Position child
    for i in range(n):
        child = p[0]
        do_move(&child, moves[i])
        total += perft_leaves(&child, depth - 1, st)
        if st.interrupted:
            return 0
    return total

# ---------------------------------------------------------------------------
# Python boundary: points, Move, CoreBoard.
# ---------------------------------------------------------------------------

def point_name(point):
    """The name of a point: ``point_name(parse_point("e5")) == "e5"``.

    Raises ``ValueError`` for an int that is not one of the 85 points.
    """
    return POINT_NAMES[_check_point(point)]


def parse_point(text):
    """The point named by text (``"e5"``, case-insensitive).

    Raises ``InvalidMoveError`` (a ``ValueError``) if no such point exists,
    ``TypeError`` if text is not a ``str``.

    >>> parse_point("E5") == parse_point("e5")
    True
    >>> parse_point(None)
    Traceback (most recent call last):
    ...
    TypeError: expected str, not NoneType
    """
    cdef str s = _checked_text(text)
    cdef object p = POINT_BY_NAME.get(s.strip().lower()) if s.isascii() else None
    if p is None:
        raise InvalidMoveError(f"{_shown(s)} is not a point of the board")
    return p


cdef str _checked_text(object text):
    """text itself if it is a str (or a subclass); else TypeError. Every
    entry point that reads text calls this before any str method: a ``str``
    typed argument lets None through, and Cython calls str methods on it
    without checking (reading memory that is not a str)."""
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}")
    return <str>text


cdef str _shown(object text):
    """repr(text) for error messages, cut short for long texts."""
    cdef str shown = repr(text) if len(text) <= 40 else ""
    if shown and len(shown) <= 60:
        return shown
    return f"{text[:20]!r}... ({len(text)} characters)"


cdef int _check_point(object point) except -1:
    """point as an int (any integer type), or InvalidMoveError."""
    cdef object p = operator.index(point)
    if not (0 <= p < NUM_CELLS) or POINT_NAMES[p] is None:
        raise InvalidMoveError(f"{point!r} is not a point of the board")
    return p


cdef Move _move(int code):
    cdef Move m = Move.__new__(Move)
    m.code = code
    return m


cdef str _move_text(int code):
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if kind == K_PLACE:
        return POINT_NAMES[t]
    if kind == K_MOVE:
        return POINT_NAMES[f] + "-" + POINT_NAMES[t]
    if kind == K_ROW:
        return "x" + POINT_NAMES[f] + "-" + POINT_NAMES[t]
    if kind == K_RING:
        return "x" + POINT_NAMES[f]
    return "pass"


cdef int _parse_move(object text) except -1:
    """The packed move that text names; TypeError for a non-str,
    InvalidMoveError for any str that is not an action of the notation."""
    cdef str raw = _checked_text(text)
    cdef str s, body
    cdef list parts
    cdef int a, b
    if not raw.isascii():
        raise InvalidMoveError(f"{_shown(raw)} is not an action: the notation is ASCII "
                               f"(e5, e5-e9, xe5-e9, xa2 or pass)")
    s = raw.strip().lower()
    if s == "pass":
        return pack_move(K_PASS, 0, 0)
    body = s[1:] if s.startswith("x") else s
    parts = body.split("-")
    if not body or len(parts) > 2 or not all(parts):
        raise InvalidMoveError(f"{_shown(raw)} is not an action (expected e5, e5-e9, xe5-e9, xa2 or pass)")
    for part in parts:
        if part not in POINT_BY_NAME:
            raise InvalidMoveError(f"{_shown(raw)} is not an action: {_shown(part)} is not a point of the board")
    a = POINT_BY_NAME[parts[0]]
    if len(parts) == 1:
        return pack_move(K_RING if s[0] == "x" else K_PLACE, a, a)
    b = POINT_BY_NAME[parts[1]]
    if s[0] == "x":
        return pack_move(K_ROW, min(a, b), max(a, b))
    return pack_move(K_MOVE, a, b)


cdef class Move:
    """One action (one ply), a frozen value.

    >>> m = Move.from_str("E5-E9")
    >>> m
    Move.from_str('e5-e9')
    >>> str(m), m.kind, point_name(m.from_point), point_name(m.to_point)
    ('e5-e9', <MoveKind.MOVE: 'move'>, 'e5', 'e9')
    >>> Move.from_str("xe9-e5") == Move.from_str("xe5-e9")
    True
    """

    def __init__(self, *args):
        raise TypeError("use Move.from_str(text) or Move.place / move / remove_row / remove_ring / pass_move")

    @staticmethod
    def from_str(text):
        """Parses the notation of docs/notation.md (case-insensitive,
        ASCII, surrounding blanks ignored).

        Raises ``InvalidMoveError`` (a ``ValueError``) for any ``str`` that is
        not an action, ``TypeError`` for anything else.

        >>> Move.from_str(" XA2 ")
        Move.from_str('xa2')
        >>> Move.from_str(b"e5")
        Traceback (most recent call last):
        ...
        TypeError: expected str, not bytes
        """
        return _move(_parse_move(text))

    @staticmethod
    def place(point):
        """Placing a ring on point."""
        cdef int p = _check_point(point)
        return _move(pack_move(K_PLACE, p, p))

    @staticmethod
    def move(from_point, to_point):
        """Moving the ring on from_point to to_point."""
        cdef int f = _check_point(from_point), t = _check_point(to_point)
        return _move(pack_move(K_MOVE, f, t))

    @staticmethod
    def remove_row(end1, end2):
        """Removing the row with these two end points (in either order)."""
        cdef int a = _check_point(end1), b = _check_point(end2)
        return _move(pack_move(K_ROW, min(a, b), max(a, b)))

    @staticmethod
    def remove_ring(point):
        """Removing one's own ring from point."""
        cdef int p = _check_point(point)
        return _move(pack_move(K_RING, p, p))

    @staticmethod
    def pass_move():
        """Passing (legal only when the side to move has no ring move)."""
        return _move(pack_move(K_PASS, 0, 0))

    @staticmethod
    def from_code(code):
        """The move with this packed code (``move.code``). Raises
        ``InvalidMoveError`` for an int that is not a move's code."""
        cdef object c = operator.index(code)
        if not (0 <= c < (K_PASS + 1) << 14) or not _code_ok(c):
            raise InvalidMoveError(f"{code!r} is not a move code")
        return _move(c)

    @property
    def kind(self):
        """The kind of action, a ``MoveKind``."""
        return _KINDS[move_kind(self.code)]

    @property
    def from_point(self):
        """Where a piece is taken from: the ring's start of a move, the first
        end of a row, the ring removed; None for placements and passes."""
        cdef int kind = move_kind(self.code)
        return move_from(self.code) if kind in (K_MOVE, K_ROW, K_RING) else None

    @property
    def to_point(self):
        """Where a piece goes: the placed ring's point, a move's destination,
        the second end of a row; None for ring removals and passes."""
        cdef int kind = move_kind(self.code)
        return move_to(self.code) if kind in (K_PLACE, K_MOVE, K_ROW) else None

    def __str__(self):
        return _move_text(self.code)

    def __repr__(self):
        return f"Move.from_str({_move_text(self.code)!r})"

    def __hash__(self):
        return self.code

    def __eq__(self, other):
        if isinstance(other, Move):
            return self.code == (<Move>other).code
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Move):
            return self.code < (<Move>other).code
        return NotImplemented

    def __reduce__(self):
        return (Move.from_str, (_move_text(self.code),))


cdef bint _code_ok(int code) noexcept:
    """Whether code is the canonical packing of some action."""
    cdef int kind = move_kind(code), f = move_from(code), t = move_to(code)
    if code < 0 or kind < K_PLACE or kind > K_PASS:
        return False
    if kind == K_PASS:
        return f == 0 and t == 0
    if POINT_NAMES[f] is None or POINT_NAMES[t] is None:
        return False
    if kind == K_PLACE or kind == K_RING:
        return f == t
    return f < t if kind == K_ROW else True


cdef int _move_code(object move, str where) except -1:
    """move.code if move is a Move, else a TypeError that points text to
    push_str / parse_move."""
    if isinstance(move, Move):
        return (<Move>move).code
    if isinstance(move, str):
        raise TypeError(f"{where} expects a Move, not str ({_shown(move)}): for text "
                        f"use board.push_str(text) or board.parse_move(text)")
    raise TypeError(f"{where} expects a Move, not {type(move).__name__}")


_KINDS = (None, MoveKind.PLACE, MoveKind.MOVE, MoveKind.REMOVE_ROW, MoveKind.REMOVE_RING, MoveKind.PASS)


cdef class LegalMoves:
    """Lazy view of a board's legal actions: iterate, ``len``, ``count()``,
    ``in`` and ``bool``; nothing is generated until asked. ``in`` takes a
    ``Move`` (like ``push`` and ``is_legal``) and raises ``TypeError`` for
    anything else, text included.

    >>> from yinsh import Board
    >>> board = Board()
    >>> Move.from_str("e5") in board.legal_moves
    True
    >>> "e5" in board.legal_moves
    Traceback (most recent call last):
    ...
    TypeError: 'in legal_moves' expects a Move, not str ('e5'): for text use board.push_str(text) or board.parse_move(text)
    """

    cdef CoreBoard board

    def __cinit__(self, CoreBoard board):
        self.board = board

    def __iter__(self):
        cdef int codes[MAX_MOVES]
        cdef int n = gen_moves(&self.board.pos, codes), i
        return iter([_move(codes[i]) for i in range(n)])

    def __len__(self):
        return count_moves(&self.board.pos)

    def count(self):
        """The number of legal actions."""
        return count_moves(&self.board.pos)

    def __bool__(self):
        return self.board.pos.phase != PH_GAME_OVER

    def __contains__(self, move):
        """Whether move (a ``Move``) is legal. Raises ``TypeError`` for
        anything else, text included, rather than answering False: use
        ``board.parse_move(text)`` to check text."""
        return is_legal(&self.board.pos, _move_code(move, "'in legal_moves'"))

    def __repr__(self):
        return f"<LegalMoves ({', '.join(str(m) for m in self)})>"


cdef str _why_illegal(const Position* p, int m):
    """A sentence saying why the packed action m is illegal in p."""
    cdef int kind = move_kind(m), f = move_from(m), t = move_to(m), us = p.turn, i, q, d
    cdef str side = "White" if us == C_WHITE else "Black"
    cdef str text = _move_text(m)
    cdef u128 rings = p.rings[0] | p.rings[1]
    cdef u128 markers = p.markers[0] | p.markers[1]
    cdef bint jumped = False
    phase_need = {K_PLACE: PH_PLACE, K_MOVE: PH_MOVE, K_ROW: PH_REMOVE_ROW,
                  K_RING: PH_REMOVE_RING, K_PASS: PH_MOVE}[kind]
    if p.phase == PH_GAME_OVER:
        return f"{text}: the game is over"
    if p.phase != phase_need:
        expected = {PH_PLACE: "place a ring", PH_MOVE: "move a ring (or pass when blocked)",
                    PH_REMOVE_ROW: "remove a row", PH_REMOVE_RING: "remove one of its rings"}[p.phase]
        return f"{text}: {side} must {expected} now"
    if kind == K_PLACE:
        return f"{text}: {POINT_NAMES[t]} already holds a ring"
    if kind == K_RING:
        return f"{text}: {side} has no ring on {POINT_NAMES[f]}"
    if kind == K_PASS:
        return f"{text}: {side} has a ring move, so it may not pass"
    if kind == K_ROW:
        if T.dir_of[f][t] < 0 or T.dist[f][t] != 4:
            return f"{text}: {POINT_NAMES[f]} and {POINT_NAMES[t]} are not the ends of 5 points in a line"
        return f"{text}: the 5 points from {POINT_NAMES[f]} to {POINT_NAMES[t]} are not all {side.lower()} markers"
    if not p.rings[us] & T.bit[f]:
        return f"{text}: {side} has no ring on {POINT_NAMES[f]}"
    if f == t:
        return f"{text}: a ring must move"
    d = T.dir_of[f][t]
    if d < 0:
        return f"{text}: {POINT_NAMES[f]} and {POINT_NAMES[t]} are not on one line"
    for i in range(T.dist[f][t]):
        q = T.ray[f][d][i]
        if rings & T.bit[q]:
            return f"{text}: the ring cannot pass or land on the ring on {POINT_NAMES[q]}"
        if markers & T.bit[q]:
            if q == t:
                return f"{text}: the ring cannot land on the marker on {POINT_NAMES[t]}"
            jumped = True
            continue
        if jumped and q != t:
            return f"{text}: after jumping markers the ring must stop on {POINT_NAMES[q]}"
    return f"{text}: not a legal ring move"


cdef class CoreBoard:
    """The native state of a board and its action stack. Use ``yinsh.Board``."""

    def __cinit__(self, *args, **kwargs):
        self._capacity = 64
        self._ply = 0
        self._history = <Position*>malloc(self._capacity * sizeof(Position))
        self._codes = <int*>malloc(self._capacity * sizeof(int))
        if self._history == NULL or self._codes == NULL:
            raise MemoryError()
        pos_init(&self.pos, 3)

    def __dealloc__(self):
        free(self._history)
        free(self._codes)

    cdef int _reserve(self, int n) except -1:
        """Makes room for a stack of n actions."""
        cdef int capacity = self._capacity
        cdef Position* h
        cdef int* c
        while capacity < n:
            capacity *= 2
        if capacity == self._capacity:
            return 0
        h = <Position*>realloc(self._history, capacity * sizeof(Position))
        if h == NULL:
            raise MemoryError()
        self._history = h
        c = <int*>realloc(self._codes, capacity * sizeof(int))
        if c == NULL:
            raise MemoryError()
        self._codes = c
        self._capacity = capacity
        return 0

    cdef int _push_code(self, int code) except -1:
        self._reserve(self._ply + 1)
        self._history[self._ply] = self.pos
        self._codes[self._ply] = code
        self._ply += 1
        do_move(&self.pos, code)
        if YINSH_DEBUG and not pos_is_ok(&self.pos):
            raise AssertionError(f"inconsistent position after {_move_text(code)}")
        return 0

    cdef Move _pop_move(self):
        if self._ply == 0:
            raise IndexError("pop from an empty move stack")
        self._ply -= 1
        self.pos = self._history[self._ply]
        return _move(self._codes[self._ply])

    def push(self, move):
        """Plays move, a ``Move``. Raises ``IllegalMoveError`` (saying why) if
        the position does not allow it; the board is then unchanged.

        ``push``, ``is_legal`` and ``in legal_moves`` take a ``Move`` and raise
        ``TypeError`` for anything else, text included: text goes through
        ``push_str`` or ``parse_move``, which say why it is not an action.

        >>> from yinsh import Board
        >>> board = Board()
        >>> board.push(Move.from_str("e5"))
        >>> board.is_legal(Move.from_str("e5")), board.is_legal(Move.from_str("f6"))
        (False, True)
        >>> board.push("f6")
        Traceback (most recent call last):
        ...
        TypeError: push expects a Move, not str ('f6'): for text use board.push_str(text) or board.parse_move(text)
        """
        cdef int code = _move_code(move, "push")
        if not is_legal(&self.pos, code):
            raise IllegalMoveError(_why_illegal(&self.pos, code))
        self._push_code(code)

    def pop(self):
        """Takes back the last action and returns it. Raises ``IndexError``
        on an empty move stack."""
        return self._pop_move()

    def push_str(self, text):
        """Parses text (a ``str`` in the notation), plays it and returns the
        ``Move``. Raises ``InvalidMoveError`` or ``IllegalMoveError`` (both
        ``ValueError``) for any str it does not play, ``TypeError`` for a
        non-str; the board is then unchanged."""
        cdef int code = _parse_move(text)
        if not is_legal(&self.pos, code):
            raise IllegalMoveError(_why_illegal(&self.pos, code))
        self._push_code(code)
        return _move(code)

    def parse_move(self, text):
        """The legal ``Move`` that text (a ``str``) names in this position.
        Raises ``InvalidMoveError`` or ``IllegalMoveError`` (both
        ``ValueError``), or ``TypeError`` for a non-str."""
        cdef int code = _parse_move(text)
        if not is_legal(&self.pos, code):
            raise IllegalMoveError(_why_illegal(&self.pos, code))
        return _move(code)

    def is_legal(self, move):
        """Whether move (a ``Move``) is legal here. Raises ``TypeError`` for
        anything else, text included (see ``push``)."""
        return is_legal(&self.pos, _move_code(move, "is_legal"))

    @property
    def legal_moves(self):
        """A lazy ``LegalMoves`` view of the legal actions."""
        return LegalMoves(self)

    @property
    def move_stack(self):
        """The actions played since the board was set up (a new list)."""
        return [_move(self._codes[i]) for i in range(self._ply)]

    @property
    def ply(self):
        """The number of actions on the move stack."""
        return self._ply

    def clear_stack(self):
        """Forgets the move stack, keeping the position."""
        self._ply = 0

    def copy(self, *, stack=True):
        """A copy of the board, with its move stack unless ``stack=False``."""
        cdef CoreBoard b = type(self).__new__(type(self))
        cdef int i
        b.pos = self.pos
        if stack:
            b._reserve(self._ply)
            memcpy(b._history, self._history, self._ply * sizeof(Position))
            memcpy(b._codes, self._codes, self._ply * sizeof(int))
            b._ply = self._ply
        return b

    def __copy__(self):
        return self.copy()

    def zobrist_hash(self):
        """A 64-bit hash of the position (pieces, side, phase, counts,
        variant), updated incrementally on every action."""
        return pos_hash(&self.pos)

    def _hash_from_scratch(self):
        return pos_hash_from_scratch(&self.pos)

    def _is_ok(self):
        return pos_is_ok(&self.pos)

    # Raw state, for the Python layer (position strings, pictures).

    @property
    def _turn_code(self):
        return self.pos.turn

    @property
    def _phase_code(self):
        return self.pos.phase

    @property
    def _markers_on_board(self):
        return self.pos.markers_on_board

    def _state(self):
        """The position as a ``BoardState`` of Python ints (bitboards as
        ints of bit c*11 + r-1; turn, phase, ... as the core's codes)."""
        cdef Position* p = &self.pos
        return BoardState(_to_int(p.rings[0]), _to_int(p.rings[1]), _to_int(p.markers[0]),
                _to_int(p.markers[1]), p.turn, p.phase, p.mover, p.passes,
                p.removed[0], p.removed[1], p.rings_to_win, p.winner, p.end_reason)

    def _set_state(self, rings_white, rings_black, markers_white, markers_black,
                   int turn, int phase, int mover, int passes,
                   int removed_white, int removed_black, int rings_to_win):
        """Sets the position (and clears the stack); raises
        ``InvalidPositionError`` if the result is not consistent."""
        cdef Position p
        pos_init(&p, 3)
        if not (0 <= turn <= 1 and 0 <= mover <= 1 and PH_PLACE <= phase <= PH_GAME_OVER
                and 0 <= passes <= 2 and 0 <= removed_white <= RINGS_PER_SIDE
                and 0 <= removed_black <= RINGS_PER_SIDE and 1 <= rings_to_win <= RINGS_PER_SIDE):
            raise InvalidPositionError("a field of the position is out of range")
        p.rings[0] = _from_int(rings_white)
        p.rings[1] = _from_int(rings_black)
        p.markers[0] = _from_int(markers_white)
        p.markers[1] = _from_int(markers_black)
        p.turn, p.phase, p.mover, p.passes = turn, phase, mover, passes
        p.removed[0], p.removed[1] = removed_white, removed_black
        p.rings_to_win = rings_to_win
        p.markers_on_board = bb_popcount(p.markers[0] | p.markers[1])
        p.placed = bb_popcount(p.rings[0] | p.rings[1]) if phase == PH_PLACE else 2 * RINGS_PER_SIDE
        if phase not in (PH_REMOVE_ROW, PH_REMOVE_RING):
            p.mover = 0
        p.key = pos_hash_from_scratch(&p) ^ state_key(&p)
        if phase == PH_GAME_OVER:
            for side in range(2):
                if p.removed[side] >= rings_to_win:
                    p.end_reason = END_RINGS
                    p.winner = side
            if p.end_reason == END_NONE:
                if passes == 2:
                    end_by_score(&p, END_BLOCKED)
                elif p.markers_on_board == MARKERS_TOTAL:
                    end_by_score(&p, END_POOL)
        if not pos_is_ok(&p):
            raise InvalidPositionError("the position is not consistent")
        self.pos = p
        self._ply = 0


BoardState = namedtuple("BoardState", [
    "rings_white", "rings_black", "markers_white", "markers_black", "turn", "phase", "mover",
    "passes", "removed_white", "removed_black", "rings_to_win", "winner", "end_reason"])


cdef object _to_int(u128 b):
    return (<object>bb_hi(b) << 64) | <object>bb_lo(b)


cdef u128 _from_int(object x) except *:
    if not isinstance(x, int) or x < 0 or x >> 128:
        raise InvalidPositionError(f"{x!r} is not a 128-bit board")
    cdef uint64_t lo = x & 0xFFFFFFFFFFFFFFFF
    cdef uint64_t hi = x >> 64
    return bb_make(lo, hi)


def perft(CoreBoard board not None, int depth):
    """The number of action sequences of length depth from board (each
    action is one ply; leaves are bulk counted).

    Raises ``ValueError`` if depth is negative or above 64.
    """
    if depth < 0 or depth > 64:
        raise ValueError(f"perft depth must be between 0 and 64, not {depth}")
    cdef Position p = board.pos
    cdef uint64_t n
    cdef PerftState st = PerftState(PERFT_POLL, 0)
    with nogil:
        n = perft_leaves(&p, depth, &st)
    if st.interrupted:
        raise_pending()
    return n


def divide(CoreBoard board not None, int depth):
    """perft split by the first action: ``{action text: count}``.

    Raises ``ValueError`` if depth is below 1 or above 64.
    """
    if depth < 1 or depth > 64:
        raise ValueError(f"divide depth must be between 1 and 64, not {depth}")
    cdef int codes[MAX_MOVES]
    cdef int n = gen_moves(&board.pos, codes), i
    cdef Position child
    cdef uint64_t count
    cdef PerftState st = PerftState(PERFT_POLL, 0)
    result = {}
    for i in range(n):
        child = board.pos
        do_move(&child, codes[i])
        with nogil:
            count = perft_leaves(&child, depth - 1, &st)
        if st.interrupted:
            raise_pending()
        result[_move_text(codes[i])] = count
    return result


POINTS = tuple(ALL_POINTS)


def bitboard_has_row(markers):
    """Whether the markers of an int bitboard hold 5 in a line."""
    return has_row(_from_int(markers))

# ---------------------------------------------------------------------------
# Random playouts.
# ---------------------------------------------------------------------------

cdef int playout(Position* p, uint64_t* rng) noexcept nogil:
    """Plays uniformly random legal actions until the game ends; returns the
    number of plies. The game always ends: every ring move puts a marker from
    the pool of 51, and markers only return with a ring removal."""
    cdef int moves[MAX_MOVES]
    cdef int n, plies = 0
    while p.phase != PH_GAME_OVER:
        n = gen_moves(p, moves)
        do_move(p, moves[rng_below(rng, n)])
        plies += 1
    return plies


def _random_playouts(CoreBoard start not None, int n, uint64_t seed,
                     int[::1] plies not None, long long[:, ::1] counts not None):
    """Plays n games from start; plies[i] gets game i's length and
    counts[winner (0 white, 1 black, 2 draw), end reason (1..3)] the tallies."""
    if n < 0 or plies.shape[0] < n or counts.shape[0] < 3 or counts.shape[1] < 4:
        raise ValueError("bad playout buffers")
    if start.pos.phase == PH_GAME_OVER:
        raise ValueError("the game is already over")
    cdef uint64_t rng = seed
    cdef Position p
    cdef int i, since_poll = 0
    cdef bint interrupted = False
    with nogil:
        for i in range(n):
            p = start.pos
            plies[i] = playout(&p, &rng)
            counts[p.winner, p.end_reason] += 1
            since_poll += plies[i] + 1
            if since_poll >= PLAYOUT_POLL:     # about a millisecond of play
                since_poll = 0
                if signal_raised():
                    interrupted = True
                    break
    if interrupted:
        raise_pending()
