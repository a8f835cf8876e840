# The compiled Ludo rules (shared/LUDO.md): the position and its consistency
# check, perft, random playouts, and the classes that carry them into Python
# (Move, LegalMoves, CoreBoard). Move generation and make are inline in
# _core.pxd; the model and the action ids are described there.
#
# Two integer forms of an action:
#   * the action id (0..62, _core.pxd): relative to the mover; what the core,
#     the search and machine learning use;
#   * the Move code: the notation, independent of any position:
#     source << 6 | target, with the place codes below (0..51 track fields,
#     52..56 h1..h5, 57 s, 58 f); a throw r<d> is 63 << 6 | d.
import operator

from collections import namedtuple
from importlib import import_module

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset


cimport cython

from yinsh._core_board cimport CoreBoardBase, LegalMovesBase, MoveBase
from yinsh._perft_state cimport PerftState, perft_state, perft_stopped
from yinsh._signals cimport PerftStop, playout_poll, raise_pending, raise_stopped

from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError, not_a_move
from yinsh.ludo.enums import Color, MoveKind

cdef enum:
    P_H1 = 52              # place codes: h1..h5 are 52..56
    P_S = 57               # the start corner (a source only)
    P_F = 58               # the finish (a target only)
    P_R = 63               # the source code of a throw
    NUM_CODES = 4096
    PERFT_POLL_NODES = 2048     # perft nodes of depth >= 2 between polls (about a millisecond)
    PLAYOUT_POLL_PLIES = 16384  # playout plies between polls

cdef list PLACE_NAMES = [str(f) for f in range(TRACK)] + [f"h{k}" for k in range(1, 6)] + ["s", "f"]
cdef dict PLACE_BY_NAME = {name: i for i, name in enumerate(PLACE_NAMES)}
cdef tuple COLORS = tuple(Color)
cdef tuple KINDS = (MoveKind.THROW, MoveKind.ENTER, MoveKind.MOVE)
cdef object PM_LIMIT = 2 ** 56          # progress masks hold bits 0..55

# ---------------------------------------------------------------------------
# The position: a new game, the key from scratch, the consistency check.
# ---------------------------------------------------------------------------

cdef int PLAYER_MASK[5]
PLAYER_MASK[:] = [0, 0, 0b0101, 0b0111, 0b1111]     # 2: G B, 3: G Y B, 4: all (rule 1)


cdef void pos_new(LudoPos* p, int players, int variant) noexcept nogil:
    """A new game of 2, 3 or 4 players: every piece in its corner, Green to throw."""
    cdef int c
    memset(p, 0, sizeof(LudoPos))
    p.players = <uint8_t>PLAYER_MASK[players]
    p.active = p.players
    p.variant = <uint8_t>variant
    for c in range(4):
        if (p.players >> c) & 1:
            p.start[c] = PIECES
    p.turn = C_GREEN
    p.phase = PH_THROW
    p.key = pieces_key(p)


cdef uint64_t pieces_key(const LudoPos* p) noexcept nogil:
    """The Zobrist key of the pieces, from scratch (p.key is kept equal to it)."""
    cdef uint64_t k = 0, b
    cdef int c
    for c in range(4):
        b = p.pm[c]
        while b:
            k ^= LUDO_KEYS[KEY_PIECE + 56 * c + ludo_lsb(b)]
            b &= b - 1
        k ^= LUDO_KEYS[KEY_FIN + 5 * c + (p.fin[c] if p.fin[c] <= PIECES else 0)]
    return k


cdef uint64_t track_mask(int c, uint64_t pm) noexcept nogil:
    """The track fields of colour c's pieces with the progress bits pm."""
    cdef uint64_t out = 0, b = pm & ((1ULL << (LAST_TRACK + 1)) - 1)
    while b:
        out |= 1ULL << track_field(c, ludo_lsb(b))
        b &= b - 1
    return out


cdef int pos_problem(const LudoPos* p) noexcept nogil:
    """R_OK if the position is consistent, else why not (an R_ code, with
    the colour concerned in bits 8..10). The one statement of what a
    position may be: position strings are checked with it, and debug builds
    check it after every action pushed."""
    cdef int c, i, n, done = 0, seen = 0, last
    cdef uint64_t all_occ = 0
    cdef bint ended
    if p.players & ~15 or ludo_popcount(p.players) < 2:
        return R_PLAYERS
    if p.variant > V_PLACES or p.norder > 4 or p.ndice > 3 or p.phase > PH_OVER or p.turn > NO_COLOR:
        return R_INTERNAL
    for c in range(4):
        if not (p.players >> c) & 1:
            if p.pm[c] or p.occ[c] or p.fin[c] or p.start[c]:
                return R_NOT_IN_PLAY | c << 8
            continue
        if p.pm[c] >> (FINISH):
            return R_INTERNAL | c << 8
        n = ludo_popcount(p.pm[c]) + p.fin[c]
        if n > PIECES:
            return R_TOO_MANY | c << 8
        if p.start[c] != PIECES - n or p.occ[c] != track_mask(c, p.pm[c]) or all_occ & p.occ[c]:
            return R_INTERNAL | c << 8
        all_occ |= p.occ[c]
        if p.fin[c] == PIECES:
            done |= 1 << c
    for i in range(p.norder):
        c = p.order[i]
        if c > 3 or (seen >> c) & 1:
            return R_ORDER
        seen |= 1 << c
    if seen != done:
        return R_ORDER
    if p.norder > (1 if p.variant == V_STANDARD else ludo_popcount(p.players) - 1):
        return R_ORDER_COUNT
    if p.active != p.players & ~done:
        return R_INTERNAL
    if p.variant == V_STANDARD:
        ended = p.norder >= 1
    else:
        ended = ludo_popcount(p.players) - p.norder <= 1
    if ended:
        if p.turn != NO_COLOR or p.ndice:
            return R_ENDED_TURN
        if p.phase != PH_OVER or p.total:
            return R_INTERNAL
    else:
        if p.turn == NO_COLOR:
            return R_NO_TURN
        if not (p.players >> p.turn) & 1:
            return R_TURN_NOT_IN_PLAY | p.turn << 8
        if (done >> p.turn) & 1:
            return R_TURN_FINISHED | p.turn << 8
    n = 0
    for i in range(3):
        if i < p.ndice:
            if p.dice[i] < 1 or p.dice[i] > 6:
                return R_INTERNAL
            n += p.dice[i]
        elif p.dice[i]:
            return R_INTERNAL
    if p.ndice == 3 and p.dice[0] == 6 and p.dice[1] == 6 and p.dice[2] == 6:
        return R_DICE_666
    for i in range(p.ndice - 1):
        if p.dice[i] != 6:
            return R_DICE_NON6
    if n != p.total:
        return R_INTERNAL
    if not ended:
        last = p.dice[p.ndice - 1] if p.ndice else 6
        if p.phase != (PH_THROW if last == 6 else PH_MOVE):
            return R_INTERNAL
        if p.phase == PH_MOVE and count_actions(p) == 0:
            return R_NO_MOVE
    if p.key != pieces_key(p):
        return R_INTERNAL
    return R_OK


cdef dict PROBLEMS = {
    R_PLAYERS: "fewer than 2 colours in play",
    R_NOT_IN_PLAY: "pieces of {color}, which is not in play",
    R_TOO_MANY: "more than 4 pieces of {color}",
    R_ORDER: "the order is not exactly the colours with 4 pieces finished, in some order",
    R_ORDER_COUNT: "too many colours in the order (at most 1 in standard, all but one in places)",
    R_ENDED_TURN: "the game has ended, so the turn and the dice must be '-'",
    R_NO_TURN: "the turn is '-' but the game goes on",
    R_TURN_NOT_IN_PLAY: "the turn is {color}'s, which is not in play",
    R_TURN_FINISHED: "the turn is {color}'s, which has finished",
    R_DICE_666: "the dice 666 (three sixes void the turn: they are never a position)",
    R_DICE_NON6: "a throw other than 6 before the last throw",
    R_NO_MOVE: "a move phase without a valid move (the turn would have been skipped)",
    R_INTERNAL: "the state is not consistent",
}


def problem_text(int problem):
    """The sentence for a pos_problem answer (empty for R_OK)."""
    if problem == R_OK:
        return ""
    return PROBLEMS[problem & 255].format(color=COLORS[(problem >> 8) & 3])

# ---------------------------------------------------------------------------
# perft.
# ---------------------------------------------------------------------------

cdef uint64_t perft_leaves(const LudoPos* p, int depth, PerftState* st) noexcept nogil:
    """The number of action sequences of the given depth (throws are plies;
    leaves bulk counted). Polls for a signal every PERFT_POLL_NODES nodes
    of depth 2 or more; once one is raised, st.interrupted is set and 0 is
    returned."""
    cdef int moves[MAX_ACTIONS]
    cdef int n, i
    cdef uint64_t total = 0
    cdef LudoPos child
    if depth <= 1:
        return <uint64_t>count_actions(p) if depth == 1 else 1
    if perft_stopped(st, PERFT_POLL_NODES):
        return 0
    n = gen_actions(p, moves)
    for i in range(n):
        child = p[0]
        do_action(&child, moves[i])
        total += perft_leaves(&child, depth - 1, st)
        if st.interrupted:
            return 0
    return total




def perft(CoreBoard board not None, int depth, PerftStop stop=None):
    """The number of action sequences of length depth from board: every
    action (throws included) is one ply; voids and skips are not actions.
    The GIL is released; Ctrl-C raises ``KeyboardInterrupt``, and ``stop``
    (a ``PerftStop``: the count on several threads of ``yinsh.ludo.perft``)
    stops it too.

    Raises ``ValueError`` if depth is negative or above 64.

    >>> from yinsh import ludo
    >>> [ludo.perft(ludo.Board(), d) for d in range(1, 6)]
    [6, 36, 191, 996, 5226]
    """
    if depth < 0 or depth > 64:
        raise ValueError(f"perft depth must be between 0 and 64, not {depth}")
    cdef LudoPos p = board.pos
    cdef uint64_t n
    cdef PerftState st = perft_state(PERFT_POLL_NODES, NULL)
    if stop is not None:
        st.stop = &stop.flag
    with nogil:
        n = perft_leaves(&p, depth, &st)
    if st.interrupted:
        raise_stopped()
    return n



def divide(CoreBoard board not None, int depth):
    """perft split by the first action: ``{action text: count}``.

    Raises ``ValueError`` if depth is below 1 or above 64.

    >>> from yinsh import ludo
    >>> ludo.divide(ludo.Board(), 2)["r6"]
    6
    """
    if depth < 1 or depth > 64:
        raise ValueError(f"divide depth must be between 1 and 64, not {depth}")
    cdef int moves[MAX_ACTIONS]
    cdef int n = gen_actions(&board.pos, moves), i
    cdef LudoPos child
    cdef uint64_t count
    cdef PerftState st = perft_state(PERFT_POLL_NODES, NULL)
    result = {}
    for i in range(n):
        child = board.pos
        do_action(&child, moves[i])
        with nogil:
            count = perft_leaves(&child, depth - 1, &st)
        if st.interrupted:
            raise_pending()
        result[_code_text(code_of_action(&board.pos, moves[i]))] = count
    return result

# ---------------------------------------------------------------------------
# Random playouts.
# ---------------------------------------------------------------------------

ctypedef struct PlayoutTally:
    int plies
    int throws
    int voids
    int skips
    int captures


cdef void playout(LudoPos* p, uint64_t* rng, PlayoutTally* t) noexcept nogil:
    """Plays uniformly random actions (a fair die; a uniform choice among the
    valid moves) until the game ends, counting into t. A game ends with
    probability 1; no random game comes near 2**31 plies."""
    cdef int a, corner
    while not is_over(p):
        a = random_action(p, rng)
        t.plies += 1
        if a < A_ENTER:
            t.throws += 1
            do_throw(p, a + 1)
            if p.ndice == 0:                       # the turn ended with the throw
                if a + 1 == 6:
                    t.voids += 1
                else:
                    t.skips += 1
        else:
            corner = p.start[0] + p.start[1] + p.start[2] + p.start[3] - (a == A_ENTER)
            do_move(p, a)
            if p.start[0] + p.start[1] + p.start[2] + p.start[3] != corner:
                t.captures += 1


def _random_playouts(CoreBoard start not None, int n, uint64_t seed,
                     int[::1] plies not None, int[::1] throws not None,
                     long long[:, ::1] places not None, long long[::1] counts not None):
    """Plays n games from start with the PRNG seeded by seed: plies[i] and
    throws[i] get game i's length and throws, places[colour, place] counts
    the finishing places (standard: the winner only), counts gets the voids,
    skips and captures of all the games."""
    if (n < 0 or plies.shape[0] < n or throws.shape[0] < n or places.shape[0] < 4
            or places.shape[1] < 4 or counts.shape[0] < 3):
        raise ValueError("bad playout buffers")
    if start.pos.phase == PH_OVER:
        raise ValueError("the game is already over")
    cdef uint64_t rng = seed
    cdef LudoPos p
    cdef PlayoutTally t
    cdef int i, k, since_poll = 0
    cdef bint interrupted = False
    with nogil:
        for i in range(n):
            p = start.pos
            memset(&t, 0, sizeof(t))
            playout(&p, &rng, &t)
            plies[i] = t.plies
            throws[i] = t.throws
            counts[0] += t.voids
            counts[1] += t.skips
            counts[2] += t.captures
            for k in range(p.norder):
                places[p.order[k], k] += 1
            if p.variant == V_PLACES and p.active:
                places[ludo_lsb(p.active), p.norder] += 1      # the side left is last
            if playout_poll(&since_poll, t.plies, PLAYOUT_POLL_PLIES):
                interrupted = True
                break
    if interrupted:
        raise_pending()

# ---------------------------------------------------------------------------
# Move codes: the notation as ints.
# ---------------------------------------------------------------------------

cdef inline int place_code(int c, int q) noexcept nogil:
    """The place code of colour c's progress q (0..56)."""
    if q <= LAST_TRACK:
        return track_field(c, q)
    return P_H1 + q - 51 if q < FINISH else P_F


cdef int code_of_action(const LudoPos* p, int a) noexcept nogil:
    """The Move code of the legal action id a."""
    cdef int c = p.turn, s
    if a < A_ENTER:
        return P_R << 6 | (a + 1)
    if a == A_ENTER:
        return P_S << 6 | place_code(c, p.total - 6)
    s = a - A_MOVE
    return place_code(c, s) << 6 | place_code(c, s + p.total)


cdef int source_progress(int c, int src) noexcept nogil:
    """Colour c's progress at the source place code src: -1 for the start
    corner, -2 where none of its pieces can stand (its E - 1, the finish)."""
    cdef int q
    if src == P_S:
        return -1
    if src < TRACK:
        q = progress_on(c, src)
        return q if q <= LAST_TRACK else -2
    if src < P_S:
        return 51 + src - P_H1
    return -2


cdef int action_of_code(const LudoPos* p, int code) noexcept nogil:
    """The legal action id the Move code names here, or -1 if it is not
    legal (wrong phase, no such piece, a target other than the total gives,
    an invalid move)."""
    cdef int src = code >> 6, dst = code & 63, c, q, a
    if src == P_R:
        return A_THROW + dst - 1 if p.phase == PH_THROW and 1 <= dst <= 6 else -1
    if p.phase != PH_MOVE:
        return -1
    c = p.turn
    q = source_progress(c, src)
    if q == -1:
        a = A_ENTER
        if p.total < 7 or place_code(c, p.total - 6) != dst:
            return -1
    elif q >= 0:
        a = A_MOVE + q
        if q + p.total > FINISH or place_code(c, q + p.total) != dst:
            return -1
    else:
        return -1
    return a if is_legal_action(p, a) else -1

# ---------------------------------------------------------------------------
# Python boundary: text, Move, LegalMoves, CoreBoard.
# ---------------------------------------------------------------------------

cdef str _code_text(int code):
    cdef int src = code >> 6, dst = code & 63
    if src == P_R:
        return f"r{dst}"
    return PLACE_NAMES[src] + "-" + PLACE_NAMES[dst]


cdef bint _code_ok(object code):
    """Whether code (a Python int) is the code of some action of the notation."""
    cdef int src, dst
    if not (0 <= code < NUM_CODES):
        return False
    src, dst = code >> 6, code & 63
    if src == P_R:
        return 1 <= dst <= 6
    return src <= P_S and dst <= P_F and dst != P_S


cdef list MOVES = [None] * NUM_CODES      # the Move of each code (a frozen value, shared)
cdef dict CODE_BY_TEXT = {}               # canonical text -> code


cdef str _checked_text(object text):
    """text itself if it is a str (or a subclass); else TypeError."""
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}")
    return <str>text


cdef str _shown(str text):
    """repr(text) for error messages, cut short for long texts."""
    cdef str shown = repr(text) if len(text) <= 40 else ""
    if shown and len(shown) <= 60:
        return shown
    return f"{text[:20]!r}... ({len(text)} characters)"


cdef str _why_invalid(str raw, str s):
    """Why s (the lower-cased raw) is not an action of the notation."""
    cdef str shown = _shown(raw)
    cdef list parts
    forms = "r1..r6, s-<to>, <from>-<to>, <from>-h<k>, h<k>-h<j>, <from>-f"
    if s.startswith("r") and "-" not in s:
        return f"invalid move {shown}: a throw is r1..r6"
    parts = s.split("-")
    if len(parts) != 2:
        return f"invalid move {shown}: expected {forms}"
    for part, where in zip(parts, ("source", "target")):
        if part in PLACE_BY_NAME:
            if part == "s" and where == "target":
                return f"invalid move {shown}: s (the start corner) is a source only"
            if part == "f" and where == "source":
                return f"invalid move {shown}: f (the finish) is a target only"
            continue
        if part.isdigit() and part.isascii():
            if len(part) > 1 and part[0] == "0":
                return f"invalid move {shown}: fields have no leading zero"
            return f"invalid move {shown}: {_shown(part)} is not a field (the track is 0..51)"
        if part.startswith("h"):
            return f"invalid move {shown}: {_shown(part)} is not a home field (h1..h5)"
        return f"invalid move {shown}: {_shown(part)} is not a place (s, 0..51, h1..h5, f)"
    return f"invalid move {shown}: expected {forms}"


cdef int _parse_code(object text) except -1:
    """The Move code that text names; TypeError for a non-str,
    InvalidMoveError for any str that is not an action of the notation."""
    cdef str raw = _checked_text(text)
    cdef object code
    if not raw.isascii():
        raise InvalidMoveError(f"invalid move {_shown(raw)}: the notation is ASCII")
    code = CODE_BY_TEXT.get(raw.strip().lower())
    if code is None:
        raise InvalidMoveError(_why_invalid(raw, raw.strip().lower()))
    return code


cdef int _move_code(object move, str where) except -1:
    """move.code if move is a Move, else a TypeError that points text to
    push_str / parse_move."""
    if isinstance(move, Move):
        return (<Move>move).code
    raise not_a_move(where, "ludo", move)


@cython.auto_pickle(False)
cdef class Move(MoveBase):
    """One action (one ply), a frozen value: a throw ``r6``, an entry
    ``s-3``, or a move ``14-19``, ``48-h3``, ``h1-h4``, ``h3-f``.

    The same text names the same ``Move`` whoever plays it; the board
    checks it against the colour to act and the total thrown.

    >>> m = Move.from_str("48-H3")
    >>> m, str(m), m.kind, m.source, m.target
    (yinsh.ludo.Move.from_str('48-h3'), '48-h3', <MoveKind.MOVE: 'move'>, '48', 'h3')
    >>> Move.throw(6), Move.throw(6).die
    (yinsh.ludo.Move.from_str('r6'), 6)
    """

    def __cinit__(self, *args, **kwargs):
        self.code = -1

    def __init__(self, text):
        """``Move(text)`` is ``Move.from_str(text)`` (as in every game);
        ``Move.throw(d)`` is the throw of d.

        >>> Move(" s-3 ") == Move.from_str("s-3")
        True
        """
        if self.code != -1:
            raise TypeError("a Move is a frozen value")
        if not isinstance(text, str):
            raise TypeError(f"Move() takes the text of an action (like 's-3'), not "
                            f"{type(text).__name__}: for a throw use Move.throw(d)")
        self.code = _parse_code(text)

    @staticmethod
    def from_str(text):
        """Parses the notation of docs/ludo.md (case-insensitive, ASCII,
        surrounding blanks ignored).

        Raises ``InvalidMoveError`` (a ``ValueError``) for any ``str`` that
        is not an action, ``TypeError`` for anything else.

        >>> Move.from_str("S-3")
        yinsh.ludo.Move.from_str('s-3')
        >>> Move.from_str("52-3")
        Traceback (most recent call last):
        ...
        yinsh.errors.InvalidMoveError: invalid move '52-3': '52' is not a field (the track is 0..51)
        """
        return MOVES[_parse_code(text)]

    @staticmethod
    def throw(d):
        """The throw ``r<d>`` (d = 1..6). Raises ``InvalidMoveError`` for
        another int, ``TypeError`` for a non-int."""
        cdef object die = operator.index(d)
        if not (1 <= die <= 6):
            raise InvalidMoveError(f"{d!r} is not a throw of the die (1..6)")
        return MOVES[P_R << 6 | die]

    @staticmethod
    def from_code(code):
        """The move with this code (``move.code``). Raises
        ``InvalidMoveError`` for an int that is not a move's code."""
        cdef object c = operator.index(code)
        if not _code_ok(c):
            raise InvalidMoveError(f"{code!r} is not a move code")
        return MOVES[c]

    @property
    def kind(self):
        """``MoveKind.THROW``, ``ENTER`` or ``MOVE``."""
        cdef int src = self.code >> 6
        return KINDS[0 if src == P_R else 1 if src == P_S else 2]

    @property
    def die(self):
        """The number thrown (1..6), or None for a move."""
        return self.code & 63 if self.code >> 6 == P_R else None

    @property
    def source(self):
        """Where the piece comes from (``"s"``, ``"0"``..``"51"``,
        ``"h1"``..``"h5"``), or None for a throw."""
        return None if self.code >> 6 == P_R else PLACE_NAMES[self.code >> 6]

    @property
    def target(self):
        """Where the piece goes (``"0"``..``"51"``, ``"h1"``..``"h5"``,
        ``"f"``), or None for a throw."""
        return None if self.code >> 6 == P_R else PLACE_NAMES[self.code & 63]

    def is_throw(self):
        """Whether this is a throw of the die (a chance action)."""
        return self.code >> 6 == P_R

    cdef str _text(self):
        return _code_text(self.code)

    cdef str _public_name(self):
        return "yinsh.ludo.Move"


cdef void _build_moves():
    cdef int code
    cdef Move m
    for code in range(NUM_CODES):
        if _code_ok(code):
            m = Move.__new__(Move)
            m.code = code
            MOVES[code] = m
            CODE_BY_TEXT[_code_text(code)] = code


_build_moves()


cdef class LegalMoves(LegalMovesBase):
    """Lazy view of a board's legal actions: iterate, ``len``, ``count()``,
    ``in`` and ``bool``; nothing is generated until asked. In a throw phase
    they are the six throws ``r1``..``r6``; in a move phase the valid moves;
    none once the game is over. ``in`` takes a ``Move`` and raises
    ``TypeError`` for anything else, text included.

    >>> from yinsh import ludo
    >>> board = ludo.Board()
    >>> list(board.legal_moves)
    [yinsh.ludo.Move.from_str('r1'), yinsh.ludo.Move.from_str('r2'), yinsh.ludo.Move.from_str('r3'), yinsh.ludo.Move.from_str('r4'), yinsh.ludo.Move.from_str('r5'), yinsh.ludo.Move.from_str('r6')]
    >>> Move.from_str("r6") in board.legal_moves, Move.from_str("s-1") in board.legal_moves
    (True, False)
    """


cdef str _dice_text(const LudoPos* p):
    return " ".join(str(p.dice[i]) for i in range(p.ndice))


cdef str _game_over(const LudoPos* p):
    """``the game is over (GB, every side but one finished)``: the result
    and why, as every game says it."""
    cdef int i
    cdef str result = "".join(COLORS[p.order[i]].letter for i in range(p.norder))
    if p.variant == V_PLACES:
        result += "".join(COLORS[i].letter for i in range(4) if p.active >> i & 1)
        return f"the game is over ({result}, every side but one finished)"
    return f"the game is over ({result}, {COLORS[p.order[0]].label.capitalize()} finished)"


cdef str _why_illegal(const LudoPos* p, int code):
    """A sentence saying why the Move code is not legal in p."""
    cdef int src = code >> 6, dst = code & 63, c = p.turn, t = p.total, q, expected
    cdef str text = _code_text(code)
    if p.phase == PH_OVER:
        return f"{text}: {_game_over(p)}"
    who = COLORS[c].label.capitalize()
    if src == P_R:
        return (f"{text}: a throw in a move phase: {who} has thrown {_dice_text(p)} and must "
                f"move with the total {t}")
    if p.phase == PH_THROW:
        again = " again (after a 6)" if p.ndice else ""
        return f"{text}: a move in a throw phase: {who} must throw the die{again} first"
    q = source_progress(c, src)
    if q == -1:
        if t < 7:
            return f"{text}: no six to enter: entering needs a first throw of 6 (the throws are {_dice_text(p)})"
        if p.start[c] == 0:
            return f"{text}: {who} has no piece in its start corner"
        expected = place_code(c, t - 6)
        if dst != expected:
            return (f"{text}: with {_dice_text(p)} a piece enters on {PLACE_NAMES[expected]}, "
                    f"not {PLACE_NAMES[dst]}")
        return f"{text}: {who}'s own piece stands on {PLACE_NAMES[dst]}"
    if q == -2 or not (p.pm[c] >> q) & 1:
        return f"{text}: {who} has no piece on {PLACE_NAMES[src]}"
    if q + t > FINISH:
        return (f"{text}: overshooting the finish: the piece on {PLACE_NAMES[src]} needs exactly "
                f"{FINISH - q} to finish, and the total is {t}")
    expected = place_code(c, q + t)
    if dst != expected:
        return (f"{text}: with a total of {t} the piece on {PLACE_NAMES[src]} goes to "
                f"{PLACE_NAMES[expected]}, not {PLACE_NAMES[dst]}")
    if q + t < FINISH and (p.pm[c] >> (q + t)) & 1:
        return f"{text}: {who}'s own piece stands on {PLACE_NAMES[dst]}"
    return f"{text}: not a legal move"


cdef int _put_run(char* buf, int n, int run) noexcept:
    """Writes a run of empty fields (1..13) at buf[n]; returns the new length."""
    if run >= 10:
        buf[n] = 48 + run // 10
        n += 1
    if run:
        buf[n] = 48 + run % 10
        n += 1
    return n


cdef int _put_cells(char* buf, int n, const char* cells, int count) noexcept:
    """Writes count cells (a letter, or 0 for an empty field: runs of them
    as a number) at buf[n]; returns the new length."""
    cdef int run = 0, i
    for i in range(count):
        if cells[i]:
            n = _put_run(buf, n, run)
            run = 0
            buf[n] = cells[i]
            n += 1
        else:
            run += 1
    return _put_run(buf, n, run)


cdef str _position_text(const LudoPos* p):
    """The position string of LUDO.md (canonical)."""
    cdef char buf[160]
    cdef char cell[TRACK]
    cdef char home[5]
    cdef const char* letters = b"GYBR"
    cdef const char* variant = b"standard" if p.variant == V_STANDARD else b"places"
    cdef int n = 0, c, g, i
    cdef uint64_t b
    memset(cell, 0, TRACK)
    for c in range(4):
        b = p.pm[c] & ((1ULL << (LAST_TRACK + 1)) - 1)
        while b:
            cell[track_field(c, ludo_lsb(b))] = letters[c]
            b &= b - 1
    for g in range(4):                                   # the track, four groups of 13
        if g:
            buf[n] = 47                                  # '/'
            n += 1
        n = _put_cells(buf, n, cell + ARM * g, ARM)
    buf[n] = 32
    n += 1
    for c in range(4):                                   # the home columns
        if c:
            buf[n] = 47
            n += 1
        for i in range(5):
            home[i] = letters[c] if (p.pm[c] >> (51 + i)) & 1 else 0
        n = _put_cells(buf, n, home, 5)
    buf[n] = 32
    n += 1
    for c in range(4):                                   # finished
        buf[n] = 48 + p.fin[c] if (p.players >> c) & 1 else 45
        n += 1
    buf[n] = 32
    buf[n + 1] = letters[p.turn] if p.turn < NO_COLOR else 45
    buf[n + 2] = 32
    n += 3
    for i in range(p.ndice):                             # dice
        buf[n] = 48 + p.dice[i]
        n += 1
    if not p.ndice:
        buf[n] = 45
        n += 1
    buf[n] = 32
    n += 1
    i = 0
    while variant[i]:
        buf[n] = variant[i]
        n += 1
        i += 1
    buf[n] = 32
    n += 1
    for i in range(p.norder):                            # order
        buf[n] = letters[p.order[i]]
        n += 1
    if not p.norder:
        buf[n] = 45
        n += 1
    return buf[:n].decode("ascii")


cdef int _checked_action(object action) except -1:
    """action as an int 0..62; TypeError for a non-int (bools included),
    InvalidActionError for another int."""
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        raise TypeError(f"expected int, not {type(action).__name__}: an action id")
    a = operator.index(action)
    if not (0 <= a < NUM_ACTIONS):
        raise InvalidActionError(f"invalid action {action!r}: out of range (0..{NUM_ACTIONS - 1})")
    return a


cdef str _why_action(const LudoPos* p, int a):
    """A sentence saying why the action id a (0..62) is not legal in p."""
    cdef int c = p.turn, q, code
    cdef bint named = True          # whether code is the move the id means here
    if p.phase == PH_OVER:
        return f"illegal action {a}: {_game_over(p)}"
    if a < A_ENTER:
        code = P_R << 6 | (a + 1)
    elif p.phase == PH_THROW:
        code = P_S << 6
        named = False
    elif a == A_ENTER:
        code = P_S << 6 | (place_code(c, p.total - 6) if p.total >= 7 else 0)
        named = p.total >= 7
    else:
        q = a - A_MOVE
        if not (p.pm[c] >> q) & 1:
            return f"illegal action {a}: {COLORS[c].label.capitalize()} has no piece at progress {q}"
        code = place_code(c, q) << 6 | (P_F if q + p.total > FINISH else place_code(c, q + p.total))
    why = _why_illegal(p, code).split(": ", 1)[1]
    return f"illegal action {a} ({_code_text(code)}): {why}" if named else f"illegal action {a}: {why}"


LudoState = namedtuple("LudoState", [
    "pm", "start", "finished", "turn", "dice", "variant", "players", "order", "phase"])
LudoState.__doc__ = """The raw state of a board, as Python ints: ``pm`` the progress bit masks
of the colours (bit q: a piece at progress q, 0..55), ``start`` and ``finished``
the counts per colour, ``turn`` (4 once the game is over), ``dice`` the throws
of this turn, ``variant`` (0 standard, 1 places), ``players`` (bit c: colour c
in play), ``order`` the colours that finished, ``phase`` (0 throw, 1 move, 2 over)."""


cdef class CoreBoard(CoreBoardBase):
    """The native state of a Ludo board and its action stack. Use
    ``yinsh.ludo.Board``.

    ``push``, ``is_legal`` and ``in legal_moves`` take a ``Move`` and
    raise ``TypeError`` for anything else, text included: text goes
    through ``push_str`` or ``parse_move``.

    >>> from yinsh import ludo
    >>> board = ludo.Board()
    >>> board.push(Move.from_str("r6"))
    >>> board.push("r3")
    Traceback (most recent call last):
    ...
    TypeError: push expects a yinsh.ludo.Move, not str ('r3'): for text use board.push_str(text) or board.parse_move(text)
    >>> board.push_str("r3"), board.push_str("s-3")
    (yinsh.ludo.Move.from_str('r3'), yinsh.ludo.Move.from_str('s-3'))
    >>> board.push_str("s-3")
    Traceback (most recent call last):
    ...
    yinsh.errors.IllegalMoveError: illegal move s-3: a move in a throw phase: Yellow must throw the die first
    """

    def __cinit__(self, *args, **kwargs):
        self._stack_init(&self.pos, sizeof(LudoPos), 64)
        pos_new(&self.pos, 4, V_STANDARD)

    cdef int _push_action(self, int action, int code) except -1:
        """Pushes the legal action id (whose Move code is code)."""
        cdef int problem
        self._record(code)
        do_action(&self.pos, action)
        if YINSH_DEBUG:
            problem = pos_problem(&self.pos)
            if problem:
                raise AssertionError(f"inconsistent position after {_code_text(code)}: "
                                     f"{problem_text(problem)}")
        return 0

    cdef object _move_of(self, int code):
        return MOVES[code]

    cdef int _code_of(self, object move, str where) except -1:
        return _move_code(move, where)

    cdef int _parse(self, object text) except -1:
        return _parse_code(text)

    cdef int _action_of(self, int code) except -2:
        return action_of_code(&self.pos, code)

    cdef str _why(self, int code):
        return _why_illegal(&self.pos, code)

    cdef int _play(self, int action, int code) except -1:
        return self._push_action(action, code)

    cdef list _legal_codes(self):
        cdef int actions[MAX_ACTIONS]
        cdef int n = gen_actions(&self.pos, actions), i
        return [code_of_action(&self.pos, actions[i]) for i in range(n)]

    cdef int _count_legal(self) except -1:
        return count_actions(&self.pos)

    cdef bint _has_legal(self) except -1:
        return self.pos.phase != PH_OVER

    @property
    def legal_moves(self):
        """A lazy ``LegalMoves`` view of the legal actions."""
        return LegalMoves(self)

    def is_chance(self):
        """Whether the next action is a throw of the die (a chance node:
        ``r1``..``r6``, each with probability 1/6). False once the game is
        over."""
        return is_chance(&self.pos)

    def zobrist_hash(self):
        """A 64-bit hash of the position: the pieces, the colour to act,
        this turn's throws, the colours in play, the finishing order and the
        variant. The pieces' part is updated incrementally."""
        return pos_hash(&self.pos)

    def _hash_from_scratch(self):
        return pieces_key(&self.pos) ^ state_key(&self.pos)

    def _is_ok(self):
        return pos_problem(&self.pos) == R_OK

    def _position(self):
        """The position string (``Board.position``)."""
        return _position_text(&self.pos)

    def _problem(self):
        """The consistency check's sentence, empty if the position is fine."""
        return problem_text(pos_problem(&self.pos))

    def _returns(self):
        """The returns of the four colours (``pos_returns``), a tuple."""
        cdef double out[4]
        pos_returns(&self.pos, out)
        return (out[0], out[1], out[2], out[3])

    # Action ids (see _core.pxd) -------------------------------------------

    def legal_actions(self):
        """The ids of the legal actions, an ascending int64 numpy array (as
        in every game): 0..5 the throws r1..r6, 6 entering, 7 + p moving
        the piece at progress p.

        >>> from yinsh import ludo
        >>> ludo.Board().legal_actions()
        array([0, 1, 2, 3, 4, 5])
        """
        np = import_module("numpy")         # the only use of numpy here: the rest works without
        return np.array(self._legal_action_list(), dtype=np.int64)

    def _legal_action_list(self):
        """The ids of the legal actions, ascending, as a list (no numpy)."""
        cdef int actions[MAX_ACTIONS]
        cdef int n = gen_actions(&self.pos, actions), i
        return [actions[i] for i in range(n)]

    def push_action(self, action):
        """Plays the action with this id. Raises ``IllegalMoveError`` (saying
        why) for an id the position does not allow, ``InvalidActionError``
        (an ``InvalidMoveError``) for an int outside 0..62, ``TypeError`` for a
        non-int; the board is then unchanged."""
        cdef int a = _checked_action(action)
        if not is_legal_action(&self.pos, a):
            raise IllegalMoveError(_why_action(&self.pos, a))
        self._push_action(a, code_of_action(&self.pos, a))

    def action_to_move(self, action):
        """The ``Move`` of the legal action id here. Raises
        ``IllegalMoveError`` if the action is not legal here."""
        cdef int a = _checked_action(action)
        if not is_legal_action(&self.pos, a):
            raise IllegalMoveError(_why_action(&self.pos, a))
        return MOVES[code_of_action(&self.pos, a)]

    def move_to_action(self, move):
        """The action id of the legal ``Move`` here. Raises
        ``IllegalMoveError`` (saying why) if it is not legal here."""
        cdef int code = _move_code(move, "move_to_action")
        cdef int a = action_of_code(&self.pos, code)
        if a < 0:
            raise IllegalMoveError("illegal move " + _why_illegal(&self.pos, code))
        return a

    # Raw state, for the Python layer (position strings, pictures) -----------

    @property
    def _turn_code(self):
        return self.pos.turn

    @property
    def _phase_code(self):
        return self.pos.phase

    def _state(self):
        """The position as a ``LudoState`` of Python ints and tuples."""
        cdef LudoPos* p = &self.pos
        return LudoState(tuple(p.pm[c] for c in range(4)), tuple(p.start[c] for c in range(4)),
                         tuple(p.fin[c] for c in range(4)), p.turn,
                         tuple(p.dice[i] for i in range(p.ndice)), p.variant, p.players,
                         tuple(p.order[i] for i in range(p.norder)), p.phase)

    def _set_state(self, pm, finished, int players, int turn, dice, int variant, order):
        """Sets the position (and clears the stack): pm and finished are 4
        ints each (progress bit masks, finished counts), players a mask,
        turn 0..3 or 4 (none), dice and order sequences of ints. Raises
        ``InvalidPositionError`` (saying why) if it is not a consistent
        position; the board is then unchanged."""
        cdef LudoPos p
        cdef int c, i, n, problem
        memset(&p, 0, sizeof(LudoPos))
        pm, finished, dice, order = tuple(pm), tuple(finished), tuple(dice), tuple(order)
        if (len(pm) != 4 or len(finished) != 4 or len(dice) > 3 or len(order) > 4
                or not 0 <= players < 16 or not 0 <= turn <= NO_COLOR or not 0 <= variant <= V_PLACES):
            raise InvalidPositionError("a field of the state is out of range")
        for c in range(4):
            if not (isinstance(pm[c], int) and 0 <= pm[c] < PM_LIMIT):
                raise InvalidPositionError("a field of the state is out of range")
            if not (isinstance(finished[c], int) and 0 <= finished[c] <= PIECES):
                raise InvalidPositionError("a field of the state is out of range")
        for x in dice:
            if not (isinstance(x, int) and 1 <= x <= 6):
                raise InvalidPositionError("a field of the state is out of range")
        for x in order:
            if not (isinstance(x, int) and 0 <= x <= 3):
                raise InvalidPositionError("a field of the state is out of range")
        p.players = <uint8_t>players
        p.variant = <uint8_t>variant
        p.turn = <uint8_t>turn
        for c in range(4):
            p.pm[c] = pm[c]
            p.fin[c] = finished[c]
            n = ludo_popcount(p.pm[c]) + p.fin[c]
            if (players >> c) & 1:
                if n > PIECES:
                    raise InvalidPositionError(problem_text(R_TOO_MANY | c << 8))
                p.start[c] = PIECES - n
                if p.fin[c] < PIECES:
                    p.active |= 1 << c
            p.occ[c] = track_mask(c, p.pm[c])
        for c in range(4):
            for i in range(c):
                if p.occ[c] & p.occ[i]:
                    field = ludo_lsb(p.occ[c] & p.occ[i])
                    raise InvalidPositionError(f"two pieces on track field {field}")
        for i in range(len(dice)):
            p.dice[i] = dice[i]
            p.total += dice[i]
        p.ndice = len(dice)
        for i in range(len(order)):
            p.order[i] = order[i]
        p.norder = len(order)
        if turn == NO_COLOR:
            p.phase = PH_OVER
        elif p.ndice and p.dice[p.ndice - 1] != 6:
            p.phase = PH_MOVE
        else:
            p.phase = PH_THROW
        p.key = pieces_key(&p)
        problem = pos_problem(&p)
        if problem:
            raise InvalidPositionError(problem_text(problem))
        self.pos = p
        self._ply = 0

    def _new_game(self, int players, int variant):
        """Sets a new game (and clears the stack)."""
        if not 2 <= players <= 4 or not 0 <= variant <= V_PLACES:
            raise ValueError("players must be 2, 3 or 4 and variant 0 or 1")
        pos_new(&self.pos, players, variant)
        self._ply = 0


_NUM_ACTIONS = NUM_ACTIONS
