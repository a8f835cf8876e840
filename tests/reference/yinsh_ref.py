"""Independent pure-Python reference implementation of the Yinsh rules.

Used only as a test oracle (differential testing) for the compiled engine.
Written from the specification shared/RULES.md and shared/NOTATION.md alone
(the project's rule book, kept outside the repository; docs/rules.md and
docs/notation.md explain it); it shares no code or data layout with the engine.
Standard library only.

Interpretations of the rules (where the text needed one; the most literal
reading was chosen):

1. A ring move is legal iff the walk from the ring, in one of the six
   directions, reaches a destination: empty points before any marker are each
   a destination; once a marker has been met, the walk jumps the whole
   contiguous run of markers and the first empty point right after it is the
   only further destination (then the walk stops).  The walk stops without a
   destination on a ring or at the board edge (the walk never continues past a
   point that is off the board).  The new marker goes on the ring's start
   point; only the markers strictly between start and destination flip.
2. Rows: any 5 points consecutive on one line that all hold markers of one
   colour.  Every such 5-window is a separate `x<p>-<q>` choice, so a run of 6
   offers 2 choices, a run of 7 offers 3, and two crossing rows are 2 choices.
   After each row removal (5 markers back to the pool) the same player removes
   one of its own rings (any of them), then the rows are recomputed.
3. Resolution order after a ring move: the mover resolves while any row of its
   colour exists; then the opponent resolves while any row of its colour
   exists; then the mover's opponent starts a turn.  Since every row is always
   resolved before a turn starts, "rows the move created" is the same as "rows
   that exist" (removing markers never creates a row).
4. The first player whose removed-ring count reaches the target (3, blitz 1)
   wins at once, right after that ring removal, even if rows remain.
5. The marker-pool check is made only when a player should start a movement
   turn (after all rows are resolved): if the pool is empty the game ends
   ("pool"), scored by removed rings (more wins, equal draws).  Hence a ring
   move always has a marker available.  The check comes before the pass check.
6. Pass: `pass` is the only legal action at the start of a movement turn when
   the side to act has no legal ring move (never in the placement phase).  It
   is an ordinary action (one ply).  If the next player also has no ring move,
   its `pass` is played as an action too and that second consecutive pass
   ends the game ("blocked"), scored as in rule 5.  A ring move in between
   breaks the sequence.
7. The placement phase has exactly 10 plies (White, Black, ...); movement then
   starts with White.
8. After the game is over `turn` is None, `phase` is "game_over" and
   `legal_actions()` is empty.
9. Parsing: surrounding whitespace is stripped, letters are case-insensitive,
   row numbers must be written without leading zeros; a row may be named with
   its end points in either order.  Text that is not of one of the notation's
   forms (or names a point that does not exist) raises InvalidActionError; text
   of a valid form that is not allowed now raises IllegalActionError (both are
   ValueError subclasses).  So `xe5-e8` (ends not 5 apart) and `e5-e5` are
   illegal, not invalid: their form is right.
10. During row/ring removal `turn` is the resolving player (the mover, then
   the opponent), so the opponent of the mover can act twice in a row around
   its own removals (its removals, then its ring move).
11. perft counts depth 1 in bulk (len(legal_actions())), which equals the
   definition; `divide` gives per-root-action counts.
"""

from __future__ import annotations

import random
import re

__all__ = [
    "RefGame",
    "perft",
    "divide",
    "random_game",
    "replay",
    "canonical",
    "POINTS",
    "InvalidActionError",
    "IllegalActionError",
]

# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

COLUMNS = "abcdefghijk"
# inclusive row range of each column, from the rules (docs/rules.md, "The board")
COLUMN_ROWS = {
    "a": (2, 5), "b": (1, 7), "c": (1, 8), "d": (1, 9), "e": (1, 10),
    "f": (2, 10), "g": (2, 11), "h": (3, 11), "i": (4, 11), "j": (5, 11),
    "k": (7, 10),
}

# points as (column index, row number), in (column, row) sort order
COORDS: list[tuple[int, int]] = [
    (ci, r)
    for ci, col in enumerate(COLUMNS)
    for r in range(COLUMN_ROWS[col][0], COLUMN_ROWS[col][1] + 1)
]
POINTS: list[str] = [COLUMNS[c] + str(r) for c, r in COORDS]
INDEX: dict[tuple[int, int], int] = {cr: i for i, cr in enumerate(COORDS)}
NAME_INDEX: dict[str, int] = {name: i for i, name in enumerate(POINTS)}
N_POINTS = len(POINTS)  # 85

# six directions: column, row, diagonal; each with its opposite
DIRECTIONS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)]
FORWARD_DIRECTIONS = [(0, 1), (1, 0), (1, 1)]


def _ray(i: int, d: tuple[int, int]) -> tuple[int, ...]:
    """Points met walking from point i in direction d, stopping at the edge."""
    c, r = COORDS[i]
    out = []
    while True:
        c += d[0]
        r += d[1]
        j = INDEX.get((c, r))
        if j is None:
            return tuple(out)
        out.append(j)


RAYS: list[list[tuple[int, ...]]] = [[_ray(i, d) for d in DIRECTIONS] for i in range(N_POINTS)]

# every 5-window on a line: (first index, last index, the 5 indices).
# The first point is the one that sorts first by (column, row).
WINDOWS: list[tuple[int, int, tuple[int, ...]]] = []
for _i in range(N_POINTS):
    for _d in FORWARD_DIRECTIONS:
        _r = _ray(_i, _d)
        if len(_r) >= 4:
            _pts = (_i,) + _r[:4]
            WINDOWS.append((_i, _r[3], _pts))
WINDOW_POINTS: list[tuple[int, ...]] = [pts for _, _, pts in WINDOWS]
WINDOWS_BY_ENDS: dict[frozenset, tuple[int, ...]] = {
    frozenset((a, b)): pts for a, b, pts in WINDOWS
}

# cell contents
EMPTY, W_RING, B_RING, W_MARKER, B_MARKER = 0, 1, 2, 3, 4
WHITE, BLACK = "white", "black"
RING_OF = {WHITE: W_RING, BLACK: B_RING}
MARKER_OF = {WHITE: W_MARKER, BLACK: B_MARKER}
FLIP = {W_MARKER: B_MARKER, B_MARKER: W_MARKER}
OTHER = {WHITE: BLACK, BLACK: WHITE}

RINGS_TO_WIN = {"standard": 3, "blitz": 1}
TOTAL_MARKERS = 51
RINGS_PER_SIDE = 5


# ---------------------------------------------------------------------------
# Errors and parsing
# ---------------------------------------------------------------------------

class InvalidActionError(ValueError):
    """Text that is not an action in the notation."""


class IllegalActionError(ValueError):
    """A well-formed action that the current position does not allow."""


_PT = r"([a-k])([1-9]|1[01])"
_RE_PLACE = re.compile(rf"^{_PT}$")
_RE_MOVE = re.compile(rf"^{_PT}-{_PT}$")
_RE_ROW = re.compile(rf"^x{_PT}-{_PT}$")
_RE_RING = re.compile(rf"^x{_PT}$")


def _point(col: str, row: str, text: str) -> int:
    i = NAME_INDEX.get(col + row)
    if i is None:
        raise InvalidActionError(f"invalid action {text!r}: no point {col + row}")
    return i


def canonical(text: str) -> str:
    """Canonical form of an action text (does not check legality).

    Raises InvalidActionError if the text is not an action in the notation.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"invalid action {text!r}: not a string")
    t = text.strip().lower()
    if t == "pass":
        return "pass"
    m = _RE_PLACE.match(t)
    if m:
        return POINTS[_point(m[1], m[2], text)]
    m = _RE_MOVE.match(t)
    if m:
        a = _point(m[1], m[2], text)
        b = _point(m[3], m[4], text)
        return f"{POINTS[a]}-{POINTS[b]}"
    m = _RE_ROW.match(t)
    if m:
        a = _point(m[1], m[2], text)
        b = _point(m[3], m[4], text)
        # ends that do not span 5 points in a line are well-formed but never
        # legal (IllegalActionError from apply)
        a, b = min(a, b), max(a, b)  # index order is (column, row) order
        return f"x{POINTS[a]}-{POINTS[b]}"
    m = _RE_RING.match(t)
    if m:
        return "x" + POINTS[_point(m[1], m[2], text)]
    raise InvalidActionError(f"invalid action {text!r}")


# ---------------------------------------------------------------------------
# Game state
# ---------------------------------------------------------------------------

class RefGame:
    """A Yinsh game from the empty board.

    Attributes read through properties: ``turn`` ("white"/"black", None once the
    game is over) and ``phase`` ("place", "move", "remove_row", "remove_ring",
    "game_over").
    """

    __slots__ = ("variant", "target", "cells", "_turn", "_phase", "_mover",
                 "removed", "placed", "pool", "_last_pass", "_winner",
                 "_end_reason", "_legal", "history")

    def __init__(self, variant: str = "standard"):
        if variant not in RINGS_TO_WIN:
            raise ValueError(f"unknown variant {variant!r}")
        self.variant = variant
        self.target = RINGS_TO_WIN[variant]
        self.cells = [EMPTY] * N_POINTS
        self._turn: str | None = WHITE
        self._phase = "place"
        self._mover: str | None = None      # who made the last ring move
        self.removed = {WHITE: 0, BLACK: 0}
        self.placed = 0                     # rings placed so far (both sides)
        self.pool = TOTAL_MARKERS
        self._last_pass = False
        self._winner: str | None = None     # "white", "black" or "draw"
        self._end_reason: str | None = None
        self._legal: list[str] | None = None
        self.history: list[str] = []

    # ---- construction helpers ------------------------------------------
    @classmethod
    def from_position(cls, white_rings=(), black_rings=(), white_markers=(),
                      black_markers=(), turn: str = WHITE, variant: str = "standard",
                      removed_white: int = 0, removed_black: int = 0,
                      pool: int | None = None) -> "RefGame":
        """A movement-phase position at the start of ``turn``'s turn (for tests).

        The pool defaults to 51 minus the markers on the board.  The start-of-
        turn checks (empty pool) are applied.
        """
        g = cls(variant)
        for names, v in ((white_rings, W_RING), (black_rings, B_RING),
                         (white_markers, W_MARKER), (black_markers, B_MARKER)):
            for n in names:
                i = NAME_INDEX[n.lower()]
                if g.cells[i] != EMPTY:
                    raise ValueError(f"point {n} used twice")
                g.cells[i] = v
        n_markers = len(white_markers) + len(black_markers)
        g.pool = TOTAL_MARKERS - n_markers if pool is None else pool
        g.removed = {WHITE: removed_white, BLACK: removed_black}
        g.placed = 2 * RINGS_PER_SIDE
        g._start_turn(turn)
        return g

    def copy(self) -> "RefGame":
        g = RefGame.__new__(RefGame)
        g.variant = self.variant
        g.target = self.target
        g.cells = self.cells[:]
        g._turn = self._turn
        g._phase = self._phase
        g._mover = self._mover
        g.removed = dict(self.removed)
        g.placed = self.placed
        g.pool = self.pool
        g._last_pass = self._last_pass
        g._winner = self._winner
        g._end_reason = self._end_reason
        g._legal = self._legal  # never mutated in place, safe to share
        g.history = self.history[:]
        return g

    # ---- queries ----------------------------------------------------------
    @property
    def turn(self) -> str | None:
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    def is_over(self) -> bool:
        return self._phase == "game_over"

    def result(self) -> str:
        if self._winner is None:
            return "*"
        return {WHITE: "1-0", BLACK: "0-1", "draw": "1/2-1/2"}[self._winner]

    def end_reason(self) -> str | None:
        return self._end_reason

    def rings_removed(self, color: str) -> int:
        return self.removed[color]

    def markers_in_pool(self) -> int:
        return self.pool

    def pieces(self) -> dict[str, set[str]]:
        out = {"white_rings": set(), "black_rings": set(),
               "white_markers": set(), "black_markers": set()}
        keys = {W_RING: "white_rings", B_RING: "black_rings",
                W_MARKER: "white_markers", B_MARKER: "black_markers"}
        for i, v in enumerate(self.cells):
            if v != EMPTY:
                out[keys[v]].add(POINTS[i])
        return out

    def rows(self, color: str) -> list[str]:
        """Canonical names of every 5-window of ``color`` markers."""
        m = MARKER_OF[color]
        cells = self.cells
        return [f"x{POINTS[p]}-{POINTS[t]}" for p, q, r, s, t in WINDOW_POINTS
                if cells[p] == m and cells[q] == m and cells[r] == m
                and cells[s] == m and cells[t] == m]

    def _has_row(self, color: str) -> bool:
        m = MARKER_OF[color]
        cells = self.cells
        for p, q, r, s, t in WINDOW_POINTS:
            if (cells[p] == m and cells[q] == m and cells[r] == m
                    and cells[s] == m and cells[t] == m):
                return True
        return False

    def ring_moves(self, color: str) -> list[tuple[int, int]]:
        """(from, to) index pairs of every legal ring move of ``color``."""
        cells = self.cells
        ring = RING_OF[color]
        out = []
        for i in range(N_POINTS):
            if cells[i] != ring:
                continue
            for ray in RAYS[i]:
                jumped = False
                for j in ray:
                    v = cells[j]
                    if v == EMPTY:
                        out.append((i, j))
                        if jumped:
                            break
                    elif v == W_RING or v == B_RING:
                        break
                    else:
                        jumped = True
        return out

    def legal_actions(self) -> list[str]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[str]:
        ph = self._phase
        if ph == "game_over":
            return []
        if ph == "place":
            acts = [POINTS[i] for i in range(N_POINTS) if self.cells[i] == EMPTY]
        elif ph == "move":
            acts = [f"{POINTS[a]}-{POINTS[b]}" for a, b in self.ring_moves(self._turn)]
            if not acts:
                acts = ["pass"]
        elif ph == "remove_row":
            acts = self.rows(self._turn)
        elif ph == "remove_ring":
            ring = RING_OF[self._turn]
            acts = ["x" + POINTS[i] for i in range(N_POINTS) if self.cells[i] == ring]
        else:  # pragma: no cover
            raise AssertionError(ph)
        return sorted(set(acts))

    # ---- actions --------------------------------------------------------
    def apply(self, action: str) -> None:
        """Apply one action (notation text).

        Raises InvalidActionError for malformed text, IllegalActionError for an
        action not legal now (both subclasses of ValueError).
        """
        act = canonical(action)
        if self._legal is None:
            self._legal = self._generate()
        if act not in self._legal:
            why = "the game is over" if self.is_over() else f"not legal in phase {self._phase} for {self._turn}"
            raise IllegalActionError(f"illegal action {action!r}: {why}")
        self._legal = None
        self.history.append(act)
        ph = self._phase
        color = self._turn
        if ph == "place":
            self.cells[NAME_INDEX[act]] = RING_OF[color]
            self.placed += 1
            if self.placed == 2 * RINGS_PER_SIDE:
                self._start_turn(WHITE)
            else:
                self._turn = OTHER[color]
        elif ph == "move":
            if act == "pass":
                if self._last_pass:
                    self._finish_scored("blocked")
                else:
                    self._last_pass = True
                    self._start_turn(OTHER[color])
                return
            self._last_pass = False
            a_name, b_name = act.split("-")
            a, b = NAME_INDEX[a_name], NAME_INDEX[b_name]
            self._move_ring(a, b, color)
            self._mover = color
            self._continue_resolution()
        elif ph == "remove_row":
            a_name, b_name = act[1:].split("-")
            pts = WINDOWS_BY_ENDS[frozenset((NAME_INDEX[a_name], NAME_INDEX[b_name]))]
            for p in pts:
                self.cells[p] = EMPTY
            self.pool += 5
            self._phase = "remove_ring"
        elif ph == "remove_ring":
            self.cells[NAME_INDEX[act[1:]]] = EMPTY
            self.removed[color] += 1
            if self.removed[color] >= self.target:
                self._finish(color, "rings")
            else:
                self._continue_resolution()

    def _move_ring(self, a: int, b: int, color: str) -> None:
        cells = self.cells
        ca, ra = COORDS[a]
        cb, rb = COORDS[b]
        dc = (cb > ca) - (cb < ca)
        dr = (rb > ra) - (rb < ra)
        cells[a] = MARKER_OF[color]
        self.pool -= 1
        c, r = ca + dc, ra + dr
        while (c, r) != (cb, rb):
            j = INDEX[(c, r)]
            v = cells[j]
            if v == W_MARKER or v == B_MARKER:
                cells[j] = FLIP[v]
            c += dc
            r += dr
        cells[b] = RING_OF[color]

    def _continue_resolution(self) -> None:
        mover = self._mover
        if self._has_row(mover):
            self._turn = mover
            self._phase = "remove_row"
        elif self._has_row(OTHER[mover]):
            self._turn = OTHER[mover]
            self._phase = "remove_row"
        else:
            self._start_turn(OTHER[mover])

    def _start_turn(self, color: str) -> None:
        if self.pool <= 0:
            self._finish_scored("pool")
            return
        self._turn = color
        self._phase = "move"

    def _finish_scored(self, reason: str) -> None:
        w, b = self.removed[WHITE], self.removed[BLACK]
        self._finish(WHITE if w > b else BLACK if b > w else "draw", reason)

    def _finish(self, winner: str, reason: str) -> None:
        self._winner = winner
        self._end_reason = reason
        self._phase = "game_over"
        self._turn = None

    # ---- display ----------------------------------------------------------
    def __str__(self) -> str:
        sym = {EMPTY: ".", W_RING: "W", B_RING: "B", W_MARKER: "w", B_MARKER: "b"}
        lines = []
        for r in range(11, 0, -1):
            row = []
            for c in range(11):
                i = INDEX.get((c, r))
                row.append(" " if i is None else sym[self.cells[i]])
            lines.append(f"{r:>2} " + " ".join(row))
        lines.append("   " + " ".join(COLUMNS))
        lines.append(f"phase={self._phase} turn={self._turn} pool={self.pool} "
                     f"removed W{self.removed[WHITE]} B{self.removed[BLACK]} result={self.result()}")
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# perft and random games
# ---------------------------------------------------------------------------

def perft(game: RefGame, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``game``.

    perft(g, 0) = 1; perft(g, d) = sum of perft(g after a, d - 1) over legal a;
    a finished game has no legal actions (0 for d > 0).  Depth 1 is counted in
    bulk (the number of legal actions), which is the same number by definition.
    """
    if depth == 0:
        return 1
    acts = game.legal_actions()
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        g = game.copy()
        g.apply(a)
        total += perft(g, depth - 1)
    return total


def divide(game: RefGame, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each root action, keyed by action text."""
    out = {}
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        out[a] = perft(g, depth - 1)
    return out


def random_game(seed: int, variant: str = "standard", max_plies: int = 2000) -> list[str]:
    """Uniformly random legal actions from a new game until it ends (or max_plies)."""
    rng = random.Random(seed)
    g = RefGame(variant)
    actions: list[str] = []
    while not g.is_over() and len(actions) < max_plies:
        a = rng.choice(g.legal_actions())
        g.apply(a)
        actions.append(a)
    return actions


def replay(actions, variant: str = "standard") -> RefGame:
    """A new game with ``actions`` applied in order."""
    g = RefGame(variant)
    for a in actions:
        g.apply(a)
    return g
