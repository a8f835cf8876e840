"""Independent pure-Python reference implementation of the Ludo rules.

Written from shared/LUDO.md alone (the rule book beside the checkout); it
shares no code or data layout with any engine.  Used only as a test oracle
(differential testing) for a compiled implementation.  Standard library only.
It is meant to be obviously correct, not fast.

Model
-----
Every piece is stored as its *progress* (rule 3): -1 in the start corner,
0..50 on track field (E + p) mod 52, 51..55 on home field h(p - 50), 56 in the
finish.  A state is: the colours in play, the pieces of each colour, the
colour to act (None once the game is over), the throws of the current turn,
the variant and the finishing order.  It is a throw phase when the throws are
empty or end in a 6, otherwise a move phase.  Voids (6 6 6) and skips (no
valid move) happen automatically inside ``apply`` of the throw that causes
them; they are not actions and not plies.

Interpretations (where LUDO.md needed one; the most literal reading was chosen)
------------------------------------------------------------------------------
1. Action text.  A move is well formed iff it is ``<source>-<target>`` with
   source one of ``s``, ``0``..``51``, ``h1``..``h5`` and target one of
   ``0``..``51``, ``h1``..``h5``, ``f`` (the "Fields" bullet), because the
   rule book calls ``s-h1`` illegal rather than invalid.  So ``h3-2``,
   ``s-f``, ``3-3`` and ``5-h1`` are *illegal* (well formed, not allowed),
   while ``r7``, ``r0``, ``52-3``, ``h6-f``, ``h0-f``, ``f-3``, ``14``,
   ``03-5``, ``r06`` and text with any surrounding or inner whitespace are
   *invalid*.  Numbers have no leading zero ("no leading zero").
2. Position string.  Exactly seven fields separated by single spaces, no
   leading or trailing whitespace.  Every field must be written the way the
   rule book writes it (maximal runs, no run of length 0, no leading zeros,
   dice as the digits of the throws, ``-`` for empty dice / order / finished
   colour / no turn); letters in any case.  A non-maximal run (``4G44``,
   ``1111...``) is a malformed field, hence invalid.
3. Colours in play are exactly those whose `finished` character is a digit.
   A position may name any 2..4 of them (e.g. only Y and R); the turn order
   is always the clockwise order G Y B R restricted to the colours in play.
4. A piece may stand on its own entry field E (progress 0) in a position
   string: only "a piece on its own E - 1" is listed as invalid.  Play never
   puts it there (entering reaches progress 1..11), but from progress 0 it
   moves like any track piece.
5. "more than 4 pieces of a colour" counts track + home + finished (the start
   corner is what is left, 4 - track - home - finished).
6. "turn ... finished": the colour to act may not have 4 pieces in the
   finish.  A game that has not ended must have a colour to act.
7. "Ended game (rule 11)": standard - some colour has 4 pieces finished;
   places - at most one colour in play has fewer than 4 finished.  Together
   with the `order` rule (at most 1 in standard, at most all but one in
   places) the ended places game has exactly one colour left.
8. In *places* a colour that has finished is skipped by the turn order
   ("leaves the turn order"); in standard no colour is finished while the
   game goes on, so the question does not arise.
9. The move phase check ("a move phase without a valid move" is invalid) uses
   the same valid-move generator as play, so a parsed move phase always has
   legal actions.
10. The finish and the start corner are not fields anyone lands on: landing
    on ``f`` never captures; pieces in home columns are never captured
    (home columns are per colour, so no opponent can land there anyway).
11. perft(state, 0) = 1; perft(state, d) = sum over legal actions a of
    perft(state after a, d - 1); a finished game has no legal actions, so it
    contributes 0 for d >= 1.  Throws are plies; voids and skips are not.
12. Legal actions are returned sorted (throws r1..r6 in order; moves in a
    fixed order); the rule book fixes only the set.
13. Result: ``*`` while playing; standard: the winner; places: `order`
    followed by the one colour left.
14. After a 6 the side always throws again, even when no total could give it
    a valid move (e.g. its only piece left is on h5): whether the turn is
    skipped is decided only when the throws end with 1..5 (rule 5 "after a
    6 it throws again"; a skip needs a total T).
15. Home columns belong to one colour, so "a home field at most one (of its
    own colour)" means: a home field is empty or holds one piece of that
    colour; another colour's letter in a home column is a malformed field.
"""

from __future__ import annotations

import random
import re

__all__ = [
    "COLOURS",
    "ENTRY",
    "LudoState",
    "InvalidActionError",
    "IllegalActionError",
    "InvalidPositionError",
    "new_game",
    "parse_position",
    "perft",
    "divide",
    "random_game",
    "replay",
]

# ---------------------------------------------------------------------------
# Constants from LUDO.md
# ---------------------------------------------------------------------------

COLOURS = "GYBR"  # rule 1: turn order, clockwise
ENTRY = {"G": 0, "Y": 13, "B": 26, "R": 39}  # rule 3
PLAYERS = {4: "GYBR", 3: "GYB", 2: "GB"}  # rule 1
VARIANTS = ("standard", "places")

TRACK = 52  # rule 2: fields 0..51
START = -1  # progress of a piece in its start corner
LAST_TRACK = 50  # progress 0..50 is on the track
FINISH = 56  # progress 56 is the finish; 51..55 the home column


class InvalidActionError(ValueError):
    """Action text not of one of the notation's forms."""


class IllegalActionError(ValueError):
    """A well-formed action that is not allowed in this state."""


class InvalidPositionError(ValueError):
    """A position string that is malformed or describes an impossible state."""


# ---------------------------------------------------------------------------
# Action text
# ---------------------------------------------------------------------------

_NUM = r"(?:0|[1-9][0-9]?)"  # no leading zero; range checked below
_THROW_RE = re.compile(r"r([1-6])")
_MOVE_RE = re.compile(r"(s|h[1-5]|" + _NUM + r")-(f|h[1-5]|" + _NUM + r")")


def canonical_action(text: str) -> str:
    """The lower-case form of a well-formed action; InvalidActionError if not.

    Well formed: ``r1``..``r6``, or ``<source>-<target>`` with source in
    s, 0..51, h1..h5 and target in 0..51, h1..h5, f (interpretation 1).
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"not text: {text!r}")
    t = text.lower()
    if _THROW_RE.fullmatch(t):
        return t
    m = _MOVE_RE.fullmatch(t)
    if not m:
        raise InvalidActionError(f"invalid action {text!r}")
    for part in m.groups():
        if part.isdigit() and int(part) > 51:
            raise InvalidActionError(f"invalid action {text!r}: no field {part}")
    return t


# ---------------------------------------------------------------------------
# Progress <-> fields
# ---------------------------------------------------------------------------


def track_field(colour: str, p: int) -> int:
    """Track field of progress p (0..50) of colour (rule 3)."""
    assert 0 <= p <= LAST_TRACK
    return (ENTRY[colour] + p) % TRACK


def progress_of_field(colour: str, field: int) -> int:
    """Progress of track field ``field`` for ``colour``; 51 for its E - 1."""
    return (field - ENTRY[colour]) % TRACK


def square_name(colour: str, p: int) -> str:
    """Notation of where a piece of progress p stands (as source or target)."""
    if p == START:
        return "s"
    if p <= LAST_TRACK:
        return str(track_field(colour, p))
    if p < FINISH:
        return f"h{p - 50}"
    return "f"


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------


class LudoState:
    """A Ludo game state (see the module docstring for the model)."""

    def __init__(self, players: int = 4, variant: str = "standard"):
        if players not in PLAYERS:
            raise ValueError("players must be 2, 3 or 4")
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        self.colours: str = PLAYERS[players]
        self.pieces: dict[str, list[int]] = {c: [START] * 4 for c in self.colours}
        self.turn: str | None = self.colours[0]  # Green starts
        self.dice: list[int] = []
        self.variant: str = variant
        self.order: list[str] = []

    # --- basic queries -----------------------------------------------------

    def copy(self) -> "LudoState":
        g = LudoState.__new__(LudoState)
        g.colours = self.colours
        g.pieces = {c: list(v) for c, v in self.pieces.items()}
        g.turn = self.turn
        g.dice = list(self.dice)
        g.variant = self.variant
        g.order = list(self.order)
        return g

    def is_over(self) -> bool:
        return self.turn is None

    def is_throw_phase(self) -> bool:
        """Throws empty or ending in 6, and the game not over."""
        if self.is_over():
            return False
        return not self.dice or self.dice[-1] == 6

    def phase(self) -> str:
        if self.is_over():
            return "over"
        return "throw" if self.is_throw_phase() else "move"

    def total(self) -> int:
        """T, the sum of this turn's throws (rule 5)."""
        return sum(self.dice)

    def finished(self, colour: str) -> int:
        return self.pieces[colour].count(FINISH)

    def in_corner(self, colour: str) -> int:
        return self.pieces[colour].count(START)

    def occupant(self, field: int) -> str | None:
        """Colour of the piece on track field ``field`` (rule 4: at most one)."""
        found = [c for c in self.colours for p in self.pieces[c]
                 if 0 <= p <= LAST_TRACK and track_field(c, p) == field]
        assert len(found) <= 1, "two pieces on one track field"
        return found[0] if found else None

    def home_occupied(self, colour: str, k: int) -> bool:
        """Whether home field h<k> of ``colour`` holds its piece."""
        return (50 + k) in self.pieces[colour]

    def result(self) -> str:
        """``*`` while playing, else the colours in finishing order (rule 11)."""
        if not self.is_over():
            return "*"
        if self.variant == "standard":
            return "".join(self.order)
        left = [c for c in self.colours if c not in self.order]
        return "".join(self.order) + "".join(left)

    # --- move generation ---------------------------------------------------

    def valid_moves(self, colour: str | None = None, total: int | None = None) -> list[str]:
        """The valid moves (rules 6-7) of ``colour`` with total ``total``.

        Defaults: the side to act and this turn's total.  One ``s-<to>`` at
        most, however many pieces wait in the corner.
        """
        c = self.turn if colour is None else colour
        T = self.total() if total is None else total
        moves: list[str] = []
        # rule 6: pieces on the track or in the home column
        for p in sorted(set(self.pieces[c])):
            if p == START or p == FINISH:
                continue
            q = p + T
            if q > FINISH:
                continue  # the finish needs the exact count
            if FINISH > q > LAST_TRACK and self.home_occupied(c, q - 50):
                continue
            if q <= LAST_TRACK and self.occupant(track_field(c, q)) == c:
                continue
            moves.append(f"{square_name(c, p)}-{square_name(c, q)}")
        # rule 7: entering (the first throw was a 6)
        if T >= 7 and START in self.pieces[c]:
            q = T - 6
            if self.occupant(track_field(c, q)) != c:
                moves.append(f"s-{square_name(c, q)}")
        return moves

    def legal_actions(self) -> list[str]:
        if self.is_over():
            return []
        if self.is_throw_phase():
            return [f"r{d}" for d in range(1, 7)]
        return self.valid_moves()

    # --- applying actions ----------------------------------------------------

    def apply(self, action: str) -> None:
        """Play one action (a throw ``r<d>`` or a move), in place."""
        text = canonical_action(action)
        if text not in self.legal_actions():
            raise IllegalActionError(f"illegal action {action!r} in {self.position()}")
        if text[0] == "r":
            self._throw(int(text[1]))
        else:
            self._move(text)

    def _throw(self, d: int) -> None:
        self.dice.append(d)
        if self.dice == [6, 6, 6]:
            self._pass_turn()  # rule 5: three sixes void the turn
        elif d == 6:
            pass  # rule 5: after a 6 it throws again
        elif not self.valid_moves():
            self._pass_turn()  # rule 5: no valid move, the turn is skipped

    def _move(self, text: str) -> None:
        c = self.turn
        T = self.total()
        source = text.split("-")[0]
        if source == "s":
            i = self.pieces[c].index(START)
            q = T - 6  # rule 7
        else:
            i = next(j for j, p in enumerate(self.pieces[c])
                     if p not in (START, FINISH) and square_name(c, p) == source)
            q = self.pieces[c][i] + T  # rule 6
        # rule 9: capture on the landing track field
        if q <= LAST_TRACK:
            field = track_field(c, q)
            victim = self.occupant(field)
            if victim is not None and victim != c:
                vp = progress_of_field(victim, field)
                j = self.pieces[victim].index(vp)
                self.pieces[victim][j] = START
        self.pieces[c][i] = q
        # rule 11: the end
        if self.finished(c) == 4:
            self.order.append(c)
            if self.variant == "standard":
                self._end()
                return
            if len([x for x in self.colours if x not in self.order]) <= 1:
                self._end()
                return
        self._pass_turn()  # rule 10

    def _end(self) -> None:
        self.turn = None
        self.dice = []

    def _pass_turn(self) -> None:
        """Rule 10: the next colour in play, clockwise (skipping finished in places)."""
        self.dice = []
        i = COLOURS.index(self.turn)
        for k in range(1, 5):
            c = COLOURS[(i + k) % 4]
            if c in self.colours and c not in self.order:
                self.turn = c
                return
        raise AssertionError("no colour left to play")

    # --- position string -------------------------------------------------------

    def position(self) -> str:
        """The position string of LUDO.md."""
        cells = [""] * TRACK
        for c in self.colours:
            for p in self.pieces[c]:
                if 0 <= p <= LAST_TRACK:
                    cells[track_field(c, p)] = c
        track = "/".join(_runs(cells[13 * g: 13 * g + 13]) for g in range(4))
        homes = []
        for c in COLOURS:
            col = [""] * 5
            if c in self.colours:
                for p in self.pieces[c]:
                    if LAST_TRACK < p < FINISH:
                        col[p - 51] = c
            homes.append(_runs(col))
        home = "/".join(homes)
        fin = "".join(str(self.finished(c)) if c in self.colours else "-" for c in COLOURS)
        turn = self.turn or "-"
        dice = "".join(map(str, self.dice)) or "-"
        order = "".join(self.order) or "-"
        return f"{track} {home} {fin} {turn} {dice} {self.variant} {order}"

    def __repr__(self) -> str:
        return f"LudoState({self.position()!r})"


def _runs(cells: list[str]) -> str:
    """Letters for pieces, a number for each maximal run of empty cells."""
    out = []
    empty = 0
    for x in cells:
        if x:
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(x)
        else:
            empty += 1
    if empty:
        out.append(str(empty))
    return "".join(out)


_GROUP_TOKEN = re.compile(r"[1-9][0-9]*|[GYBR]")


def _parse_runs(text: str, size: int, letters: str, what: str) -> list[str]:
    """Inverse of _runs; malformed (InvalidPositionError) unless canonical."""
    cells: list[str] = []
    pos = 0
    prev_number = False
    while pos < len(text):
        m = _GROUP_TOKEN.match(text, pos)
        if not m:
            raise InvalidPositionError(f"malformed {what}: {text!r}")
        tok = m.group()
        if tok.isdigit():
            if prev_number:
                raise InvalidPositionError(f"{what}: runs of empty fields must be maximal: {text!r}")
            cells.extend([""] * int(tok))
            prev_number = True
        else:
            if tok not in letters:
                raise InvalidPositionError(f"{what}: letter {tok!r} not allowed here")
            cells.append(tok)
            prev_number = False
        if len(cells) > size:
            raise InvalidPositionError(f"{what}: more than {size} fields in {text!r}")
        pos = m.end()
    if len(cells) != size:
        raise InvalidPositionError(f"{what}: {len(cells)} fields, not {size}, in {text!r}")
    return cells


def parse_position(text: str) -> LudoState:
    """Parse a position string (case-insensitive); InvalidPositionError if invalid."""
    if not isinstance(text, str):
        raise InvalidPositionError("not text")
    fields = text.split(" ")
    if len(fields) != 7:
        raise InvalidPositionError(f"need 7 fields one space apart: {text!r}")
    track_s, home_s, fin_s, turn_s, dice_s, variant_s, order_s = fields
    track_s, home_s, fin_s = track_s.upper(), home_s.upper(), fin_s.upper()
    turn_s, dice_s, order_s = turn_s.upper(), dice_s.upper(), order_s.upper()
    variant = variant_s.lower()

    # finished (and so the colours in play)
    if len(fin_s) != 4 or any(ch not in "01234-" for ch in fin_s):
        raise InvalidPositionError(f"malformed finished field {fin_s!r}")
    colours = "".join(c for c, ch in zip(COLOURS, fin_s) if ch != "-")
    finished = {c: int(ch) for c, ch in zip(COLOURS, fin_s) if ch != "-"}
    # track
    groups = track_s.split("/")
    if len(groups) != 4:
        raise InvalidPositionError("track needs four groups")
    cells: list[str] = []
    for g in groups:
        cells.extend(_parse_runs(g, 13, COLOURS, "track"))
    # home
    hgroups = home_s.split("/")
    if len(hgroups) != 4:
        raise InvalidPositionError("home needs four groups")
    homes = {c: _parse_runs(g, 5, c, f"home of {c}") for c, g in zip(COLOURS, hgroups)}
    # turn
    if turn_s not in ("-",) + tuple(COLOURS):
        raise InvalidPositionError(f"malformed turn {turn_s!r}")
    # dice
    if dice_s == "-":
        dice: list[int] = []
    elif re.fullmatch(r"[1-6]{1,3}", dice_s):
        dice = [int(ch) for ch in dice_s]
    else:
        raise InvalidPositionError(f"malformed dice {dice_s!r}")
    # variant
    if variant not in VARIANTS:
        raise InvalidPositionError(f"malformed variant {variant_s!r}")
    # order
    if order_s == "-":
        order: list[str] = []
    elif re.fullmatch(r"[GYBR]{1,4}", order_s) and len(set(order_s)) == len(order_s):
        order = list(order_s)
    else:
        raise InvalidPositionError(f"malformed order {order_s!r}")

    # --- the state it describes --------------------------------------------
    if len(colours) < 2:
        raise InvalidPositionError("fewer than 2 colours in play")
    pieces: dict[str, list[int]] = {c: [] for c in colours}
    for field, x in enumerate(cells):
        if not x:
            continue
        if x not in colours:
            raise InvalidPositionError(f"piece of {x}, not in play, on field {field}")
        p = progress_of_field(x, field)
        if p == 51:
            raise InvalidPositionError(f"piece of {x} on its own E - 1 (field {field})")
        pieces[x].append(p)
    for c in COLOURS:
        for k, x in enumerate(homes[c], start=1):
            if x:
                if c not in colours:
                    raise InvalidPositionError(f"piece of {c}, not in play, in its home column")
                pieces[c].append(50 + k)
    for c in colours:
        n = len(pieces[c]) + finished[c]
        if n > 4:
            raise InvalidPositionError(f"more than 4 pieces of {c}")
        pieces[c] += [FINISH] * finished[c] + [START] * (4 - n)
        pieces[c].sort()

    done = [c for c in colours if finished[c] == 4]
    if sorted(order, key=COLOURS.index) != done:
        raise InvalidPositionError("order is not exactly the colours with 4 finished")
    if variant == "standard" and len(order) > 1:
        raise InvalidPositionError("more than one winner in a standard game")
    if variant == "places" and len(order) > len(colours) - 1:
        raise InvalidPositionError("order has more than all but one colour")
    if variant == "standard":
        ended = len(done) >= 1
    else:
        ended = len(colours) - len(done) <= 1
    if ended:
        if turn_s != "-" or dice:
            raise InvalidPositionError("an ended game needs turn - and dice -")
    else:
        if turn_s == "-":
            raise InvalidPositionError("turn - while the game goes on")
        if turn_s not in colours:
            raise InvalidPositionError(f"turn {turn_s} not in play")
        if turn_s in done:
            raise InvalidPositionError(f"turn {turn_s} has finished")
    if dice == [6, 6, 6]:
        raise InvalidPositionError("dice 666")
    if any(d != 6 for d in dice[:-1]):
        raise InvalidPositionError("a non-6 before the last throw")

    g = LudoState.__new__(LudoState)
    g.colours = colours
    g.pieces = pieces
    g.turn = None if turn_s == "-" else turn_s
    g.dice = dice
    g.variant = variant
    g.order = order
    if g.phase() == "move" and not g.valid_moves():
        raise InvalidPositionError("a move phase without a valid move")
    return g


# ---------------------------------------------------------------------------
# Whole games, perft
# ---------------------------------------------------------------------------


def new_game(players: int = 4, variant: str = "standard") -> LudoState:
    return LudoState(players, variant)


def perft(state: LudoState, depth: int) -> int:
    """Number of action sequences of length ``depth`` (throws are plies)."""
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_actions():
        g = state.copy()
        g.apply(a)
        total += perft(g, depth - 1)
    return total


def divide(state: LudoState, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each root action, keyed by action text."""
    out = {}
    for a in state.legal_actions():
        g = state.copy()
        g.apply(a)
        out[a] = perft(g, depth - 1)
    return out


def replay(actions, players: int = 4, variant: str = "standard",
           start: LudoState | None = None) -> LudoState:
    """A new game (or a copy of ``start``) with ``actions`` applied in order."""
    g = new_game(players, variant) if start is None else start.copy()
    for a in actions:
        g.apply(a)
    return g


def random_game(seed: int, players: int = 4, variant: str = "standard",
                max_plies: int = 100_000) -> tuple[list[str], LudoState]:
    """Uniformly random legal actions (random throws, random moves) until the end.

    Returns the record and the final state.  ``max_plies`` is only a guard
    (a game ends with probability 1); reaching it raises RuntimeError.
    """
    rng = random.Random(seed)
    g = new_game(players, variant)
    record: list[str] = []
    while not g.is_over():
        if len(record) >= max_plies:
            raise RuntimeError("random game too long")
        a = rng.choice(g.legal_actions())
        g.apply(a)
        record.append(a)
    return record, g
