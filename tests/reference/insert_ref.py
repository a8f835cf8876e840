"""Independent pure-Python reference implementation of the Insert rules.

Written from shared/INSERT.md alone; it shares no code or data layout with any
engine.  Used only as a test oracle (differential testing) for a compiled
implementation.  Standard library only; clear rather than fast.

Rule numbers below are those of INSERT.md.

Interpretations (where INSERT.md needed one; the most literal reading was
chosen):

1. Five (rule 13) is looked for over the whole board, not only on the lines
   through the placed ring: "five or more adjacent squares of one row, column
   or diagonal hold the placer's rings".  So a five completed through a
   flipped ring on a line not through the placed ring counts.
2. Insertion (rule 10) flips only the two rings just beyond the ends of the
   placer's run; a run touching the board edge on either side flips nothing
   on that axis.  Axes are judged on the board right after the placement
   (rule 11); since two axes through X share only X, the order of the four
   axes can never matter.
3. A placement that makes a five wins even when it is the 30th ring: rule 13
   ("wins at once") is applied before rule 14 ("placed without a five").
4. Group lists (rule 14) of a colour with no ring on the board are empty; the
   comparison pads the shorter list with zeros, so [6, 6] loses to [6, 6, 6].
5. Action text: "surrounding spaces" is read as surrounding whitespace (the
   same characters as the position-string separators: str.strip()).  Only
   the exact forms <a-f><1-6> are squares (case-insensitive), so `a01`,
   `c 4`, `-` and the empty string are invalid.  A square that is occupied,
   off the allowed line, or played after the game has ended is illegal.
6. Position string: fields are split on any run of whitespace and leading or
   trailing whitespace is ignored; exactly four fields are required, so a
   fifth field is invalid like a missing one ("Four fields").  A rings row
   may contain only W, R (any case) and the digits 1..6 (7, 8, 9 and 0 are
   malformed).  Marks may be any of v/h/u/d on every square: a position need
   not come from a layout number (from_position games have layout None).
7. A position whose non-turn colour has a five is a finished game won by that
   colour, whatever the ring count; otherwise a position with 30 rings is a
   finished game scored by groups.  The turn field of a finished position
   still follows the ring-count parity.
8. The direction for the next ring is taken from the mark of `last` in the
   position (or of the last placement), not from its current colour.  If that
   line has no empty square, every empty square is allowed (rule 9).
9. Rule 7's seeded generator is Python's random.Random(seed): new_game(seed)
   uses randrange(6144) for the layout.  random_game draws its layout (when
   none is given) and then its actions from the same Random(seed).
10. After the game is over legal_actions() is empty and result() is "1-0",
    "0-1" or "1/2-1/2"; before, it is "*".
11. A colour's supply (rule 8) is 15 minus its placements (White has placed
    ceil(n/2) of the n rings on the board, Red floor(n/2)); flips never
    change it, and with at most 30 rings it never runs out.
12. perft counts depth 1 in bulk (len(legal_actions())), which is the same
    number by definition; divide gives the per-action counts.
"""

from __future__ import annotations

import itertools
import random

__all__ = [
    "FILES",
    "RANKS",
    "SQUARES",
    "TILES",
    "LAYOUT_COUNT",
    "InsertGame",
    "InvalidActionError",
    "IllegalActionError",
    "InvalidPositionError",
    "rotate_tile",
    "layout_rows",
    "layout_marks",
    "line_of",
    "parse_square",
    "new_game",
    "perft",
    "divide",
    "random_game",
    "replay",
]

# ---------------------------------------------------------------------------
# Board (rules 1-3)
# ---------------------------------------------------------------------------

FILES = "abcdef"
RANKS = "123456"
# a1, a2, ..., a6, b1, ..., f6 (also plain string order)
SQUARES = [f + r for f in FILES for r in RANKS]

# the four axes (rule 10) and the direction of each mark (rule 2)
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
MARK_STEP = {"h": (1, 0), "v": (0, 1), "u": (1, 1), "d": (1, -1)}


def _xy(square: str) -> tuple[int, int]:
    """(column 0..5, row 0..5) of a square name; a1 is (0, 0)."""
    return FILES.index(square[0]), RANKS.index(square[1])


def _name(x: int, y: int) -> str | None:
    """Square name of (x, y), or None off the board."""
    if 0 <= x < 6 and 0 <= y < 6:
        return FILES[x] + RANKS[y]
    return None


def _step(square: str, dx: int, dy: int) -> str | None:
    x, y = _xy(square)
    return _name(x + dx, y + dy)


def line_of(square: str, mark: str) -> list[str]:
    """Rule 3: every square, edge to edge, through ``square`` in the direction
    of ``mark``, itself included (sorted in SQUARES order)."""
    dx, dy = MARK_STEP[mark]
    out = {square}
    for sx, sy in ((dx, dy), (-dx, -dy)):
        s = _step(square, sx, sy)
        while s is not None:
            out.add(s)
            s = _step(s, sx, sy)
    return sorted(out)


# ---------------------------------------------------------------------------
# Tiles and layouts (rules 4-7)
# ---------------------------------------------------------------------------

# rows top to bottom
TILES = {
    1: ("vhu", "dvh", "hud"),
    2: ("uvd", "hdv", "vhu"),
    3: ("duv", "vhu", "hdd"),
    4: ("hdv", "uuh", "dvu"),
}
_SWAP = {"v": "h", "h": "v", "u": "d", "d": "u"}
LAYOUT_COUNT = 6144


def rotate_tile(tile, turns: int = 1) -> tuple[str, str, str]:
    """Rule 5: ``turns`` clockwise quarter turns; (i, j) -> (j, 2 - i), with
    v/h and u/d swapped on every turn."""
    rows = [list(r) for r in tile]
    for _ in range(turns):
        new = [[""] * 3 for _ in range(3)]
        for i in range(3):
            for j in range(3):
                new[j][2 - i] = _SWAP[rows[i][j]]
        rows = new
    return tuple("".join(r) for r in rows)


def _check_layout(layout) -> int:
    if isinstance(layout, bool) or not isinstance(layout, int):
        raise ValueError(f"layout must be an int, not {layout!r}")
    if not 0 <= layout < LAYOUT_COUNT:
        raise ValueError(f"layout {layout} not in 0..{LAYOUT_COUNT - 1}")
    return layout


def layout_rows(layout: int) -> list[str]:
    """Rule 6: the marks of layout ``layout`` as six strings, rows 6 down to 1,
    each from column a to f."""
    _check_layout(layout)
    p, q = divmod(layout, 256)
    order = sorted(itertools.permutations((1, 2, 3, 4)))[p]   # tiles in Q1..Q4
    turns = [q % 4, (q // 4) % 4, (q // 16) % 4, (q // 64) % 4]
    t = [rotate_tile(TILES[order[k]], turns[k]) for k in range(4)]
    # Q1 = a4-c6 (top left), Q2 = d4-f6, Q3 = a1-c3, Q4 = d1-f3
    top = [t[0][i] + t[1][i] for i in range(3)]       # rows 6, 5, 4
    bottom = [t[2][i] + t[3][i] for i in range(3)]    # rows 3, 2, 1
    return top + bottom


def _marks_from_rows(rows) -> dict[str, str]:
    marks = {}
    for k, row in enumerate(rows):           # k = 0 is row 6
        for x, m in enumerate(row):
            marks[FILES[x] + RANKS[5 - k]] = m
    return marks


def layout_marks(layout: int) -> dict[str, str]:
    """square -> mark of layout ``layout``."""
    return _marks_from_rows(layout_rows(layout))


def new_game(seed) -> "InsertGame":
    """Rule 7: a new game on a layout drawn uniformly with Random(seed)."""
    return InsertGame(random.Random(seed).randrange(LAYOUT_COUNT))


# ---------------------------------------------------------------------------
# Errors and notation
# ---------------------------------------------------------------------------


class InvalidActionError(ValueError):
    """Action text that is not a square."""


class IllegalActionError(ValueError):
    """A square that is not allowed now."""


class InvalidPositionError(ValueError):
    """A position string that is malformed or invalid."""


def _square_or_none(text: str) -> str | None:
    t = text.lower()
    if len(t) == 2 and t[0] in FILES and t[1] in RANKS:
        return t
    return None


def parse_square(text) -> str:
    """Notation: case-insensitive, surrounding whitespace ignored; lower case."""
    if not isinstance(text, str):
        raise InvalidActionError(f"not a square: {text!r}")
    sq = _square_or_none(text.strip())
    if sq is None:
        raise InvalidActionError(f"not a square: {text!r}")
    return sq


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------

COLOURS = ("w", "r")
_PIECE = {"w": "W", "r": "R"}
_COLOUR = {"W": "w", "R": "r"}


def _other(colour: str) -> str:
    return "r" if colour == "w" else "w"


class InsertGame:
    """An Insert game: marks, rings, last placed square, history, result."""

    RINGS_EACH = 15
    MAX_RINGS = 30

    def __init__(self, layout: int = 0):
        self.layout = _check_layout(layout)
        self.marks = layout_marks(layout)        # square -> v/h/u/d
        self.rings: dict[str, str] = {}          # square -> "w"/"r"
        self.last: str | None = None
        self.history: list[str] = []
        self._result = "*"
        self.end_reason: str | None = None       # "five" or "groups"

    # ------------------------------------------------------------- state --

    def copy(self) -> "InsertGame":
        g = InsertGame.__new__(InsertGame)
        g.layout = self.layout
        g.marks = dict(self.marks)
        g.rings = dict(self.rings)
        g.last = self.last
        g.history = list(self.history)
        g._result = self._result
        g.end_reason = self.end_reason
        return g

    @property
    def turn(self) -> str:
        """Rule 8: White places first, then they alternate, so White is to
        place exactly when the number of rings on the board is even."""
        return "w" if len(self.rings) % 2 == 0 else "r"

    def ring_count(self, colour: str | None = None) -> int:
        if colour is None:
            return len(self.rings)
        return sum(1 for c in self.rings.values() if c == colour)

    def supply(self, colour: str) -> int:
        """Rings not yet placed: placements never depend on flips."""
        n = len(self.rings)
        placed = (n + 1) // 2 if colour == "w" else n // 2
        return self.RINGS_EACH - placed

    def is_over(self) -> bool:
        return self._result != "*"

    def result(self) -> str:
        return self._result

    # ------------------------------------------------------------ lines --

    def line(self, square: str) -> list[str]:
        """Rule 3: the line of ``square`` through its mark."""
        return line_of(square, self.marks[square])

    def allowed_squares(self) -> list[str]:
        """Rule 9 (empty after the game has ended)."""
        if self.is_over():
            return []
        empty = [s for s in SQUARES if s not in self.rings]
        if self.last is None:
            return empty
        on_line = [s for s in self.line(self.last) if s not in self.rings]
        return on_line if on_line else empty

    def legal_actions(self) -> list[str]:
        return sorted(self.allowed_squares())

    # ------------------------------------------------------ five, groups --

    def fives(self, colour: str) -> list[list[str]]:
        """Every window of 5 adjacent squares along a row, column or diagonal
        that holds rings of ``colour`` only."""
        out = []
        for s in SQUARES:
            for dx, dy in AXES:
                window = [s]
                while len(window) < 5:
                    nxt = _step(window[-1], dx, dy)
                    if nxt is None:
                        break
                    window.append(nxt)
                if len(window) == 5 and all(self.rings.get(q) == colour for q in window):
                    out.append(window)
        return out

    def has_five(self, colour: str) -> bool:
        return bool(self.fives(colour))

    def group_sizes(self, colour: str) -> list[int]:
        """Rule 14: sizes of the orthogonally connected groups, largest first."""
        seen: set[str] = set()
        sizes = []
        for s in SQUARES:
            if self.rings.get(s) != colour or s in seen:
                continue
            size = 0
            stack = [s]
            seen.add(s)
            while stack:
                q = stack.pop()
                size += 1
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    n = _step(q, dx, dy)
                    if n is not None and n not in seen and self.rings.get(n) == colour:
                        seen.add(n)
                        stack.append(n)
            sizes.append(size)
        return sorted(sizes, reverse=True)

    def group_winner(self) -> str:
        """Rule 14 comparison: "w", "r" or "draw"."""
        a = self.group_sizes("w")
        b = self.group_sizes("r")
        n = max(len(a), len(b))
        a = a + [0] * (n - len(a))
        b = b + [0] * (n - len(b))
        for x, y in zip(a, b):
            if x != y:
                return "w" if x > y else "r"
        return "draw"

    def _finish_by_groups(self) -> None:
        winner = self.group_winner()
        self._result = {"w": "1-0", "r": "0-1", "draw": "1/2-1/2"}[winner]
        self.end_reason = "groups"

    def _finish_by_five(self, colour: str) -> None:
        self._result = "1-0" if colour == "w" else "0-1"
        self.end_reason = "five"

    # ------------------------------------------------------------ moves --

    def insertion_flips(self, square: str, colour: str) -> list[str]:
        """Rules 10-12: the rings that flip after ``colour`` placed on
        ``square`` (the board already holds the new ring, no flip yet)."""
        enemy = _other(colour)
        flips = []
        for dx, dy in AXES:
            ends = []
            for sx, sy in ((dx, dy), (-dx, -dy)):
                s = square
                while True:
                    nxt = _step(s, sx, sy)
                    if nxt is None or self.rings.get(nxt) != colour:
                        break
                    s = nxt
                ends.append(_step(s, sx, sy))    # just beyond this end
            if all(e is not None and self.rings.get(e) == enemy for e in ends):
                flips.extend(ends)
        return flips

    def apply(self, action) -> list[str]:
        """Place a ring of the side to move on the square ``action``; returns
        the squares of the rings that flipped."""
        square = parse_square(action)
        if self.is_over():
            raise IllegalActionError(f"{square}: the game is over")
        if square not in self.allowed_squares():
            raise IllegalActionError(f"{square}: not allowed now")
        colour = self.turn
        self.rings[square] = colour                         # rule 8
        flips = self.insertion_flips(square, colour)        # rules 10, 11
        for s in flips:                                      # rule 12: no more
            self.rings[s] = colour
        self.last = square
        self.history.append(square)
        if self.has_five(colour):                           # rule 13
            self._finish_by_five(colour)
        elif len(self.rings) == self.MAX_RINGS:             # rule 14
            self._finish_by_groups()
        return flips

    # ---------------------------------------------------------- position --

    def position(self) -> str:
        rows = []
        for k in range(6):
            y = 5 - k
            text, run = "", 0
            for x in range(6):
                c = self.rings.get(FILES[x] + RANKS[y])
                if c is None:
                    run += 1
                    continue
                if run:
                    text += str(run)
                    run = 0
                text += _PIECE[c]
            if run:
                text += str(run)
            rows.append(text)
        marks = "/".join(
            "".join(self.marks[FILES[x] + RANKS[5 - k]] for x in range(6)) for k in range(6))
        return f"{'/'.join(rows)} {marks} {self.turn} {self.last or '-'}"

    @classmethod
    def from_position(cls, text: str) -> "InsertGame":
        def bad(why: str) -> InvalidPositionError:
            return InvalidPositionError(f"{why}: {text!r}")

        if not isinstance(text, str):
            raise bad("not a string")
        fields = text.split()
        if len(fields) != 4:
            raise bad("need four fields")
        f_rings, f_marks, f_turn, f_last = fields

        rings: dict[str, str] = {}
        rows = f_rings.upper().split("/")
        if len(rows) != 6:
            raise bad("rings: need 6 rows")
        for k, row in enumerate(rows):
            y = 5 - k
            x = 0
            prev_digit = False
            for ch in row:
                if ch in "WR":
                    if x >= 6:
                        raise bad("rings: row too long")
                    rings[FILES[x] + RANKS[y]] = _COLOUR[ch]
                    x += 1
                    prev_digit = False
                elif ch in "123456":
                    if prev_digit:
                        raise bad("rings: two adjacent digits")
                    x += int(ch)
                    prev_digit = True
                else:
                    raise bad(f"rings: bad character {ch!r}")
            if x != 6:
                raise bad("rings: row does not add up to 6")

        mrows = f_marks.lower().split("/")
        if len(mrows) != 6 or any(len(r) != 6 or any(c not in "vhud" for c in r)
                                  for r in mrows):
            raise bad("marks: need 6 rows of 6 of v h u d")
        marks = _marks_from_rows(mrows)

        turn = f_turn.lower()
        if turn not in COLOURS:
            raise bad("turn must be w or r")

        last_text = f_last.lower()
        if last_text == "-":
            last = None
        else:
            last = _square_or_none(last_text)
            if last is None:
                raise bad("last: not a square or -")

        if len(rings) > cls.MAX_RINGS:
            raise bad("more than 30 rings")
        if turn != ("w" if len(rings) % 2 == 0 else "r"):
            raise bad("turn does not match the ring count")
        if last is None and rings:
            raise bad("last is - with rings on the board")
        if last is not None and last not in rings:
            raise bad("last names a square without a ring")
        if last is not None and rings[last] == turn:
            raise bad("last names a ring of the colour to place")

        g = cls.__new__(cls)
        g.layout = None
        g.marks = marks
        g.rings = rings
        g.last = last
        g.history = []
        g._result = "*"
        g.end_reason = None
        if g.has_five(turn):
            raise bad("a five of the colour to place")
        if g.has_five(_other(turn)):
            g._finish_by_five(_other(turn))
        elif len(rings) == cls.MAX_RINGS:
            g._finish_by_groups()
        return g

    def __str__(self) -> str:
        return self.position()


# ---------------------------------------------------------------------------
# perft, random games, replay
# ---------------------------------------------------------------------------


def perft(game: InsertGame, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``game``.

    perft(g, 0) = 1; perft(g, d) = sum of perft(g after a, d - 1) over legal
    a; an ended game has no legal actions (0 for d > 0).  Depth 1 is counted
    in bulk (the number of legal actions), the same number by definition.
    """
    if depth < 0:
        raise ValueError("depth must be >= 0")
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


def divide(game: InsertGame, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each legal action (depth >= 1)."""
    out = {}
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        out[a] = perft(g, depth - 1)
    return out


def random_game(seed, layout: int | None = None) -> InsertGame:
    """A finished game of uniformly random legal actions from Random(seed);
    the layout is drawn from the same generator when not given (rule 7)."""
    rng = random.Random(seed)
    if layout is None:
        layout = rng.randrange(LAYOUT_COUNT)
    g = InsertGame(layout)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return g


def replay(actions, start: int | str = 0) -> InsertGame:
    """A game record replayed: ``start`` is a layout number or a start
    position string (Notation: "its layout number (or start position
    string) and its list of actions"); ``actions`` are applied in order."""
    g = InsertGame.from_position(start) if isinstance(start, str) else InsertGame(start)
    for a in actions:
        g.apply(a)
    return g
