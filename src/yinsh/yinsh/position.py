"""Position strings: a compact, FEN-like text for everything the rules need.

Grammar (seven fields separated by single spaces)::

    <board> <side> <phase> <next> <removed> <passes> <variant>

``board``
    The rows of the board from row 11 (top) down to row 1, separated by
    ``/``; each row lists its points from column ``a`` towards ``k``:
    ``W`` white ring, ``B`` black ring, ``w`` white marker, ``b`` black
    marker, a number for that many empty points. Rows hold 4, 7, 8, 9, 10, 9,
    10, 9, 8, 7 and 4 points (row 11 first).
``side``
    ``w`` or ``b``: the side to act.
``phase``
    ``place``, ``move``, ``remove_row``, ``remove_ring`` or ``game_over``.
``next``
    In the two removal phases, ``w`` or ``b``: the side that moves once the
    pending removals are done (the opponent of the side that made the ring
    move). Otherwise ``-``.
``removed``
    ``<white>:<black>``: rings removed by each side.
``passes``
    Consecutive passes just made: ``0``, ``1`` (or ``2`` in a game ended by
    two passes).
``variant``
    ``standard`` (3 rings to win) or ``blitz`` (1 ring).

>>> from yinsh import Board
>>> Board().position()
'4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard'
"""
from __future__ import annotations

from typing import Optional

from yinsh.yinsh import _core, geometry
from yinsh.yinsh.enums import Phase
from yinsh.errors import InvalidPositionError
from yinsh.yinsh.variants import RINGS_TO_WIN, variant_name

PHASES = list(Phase)
SIDES = "wb"
PIECES = "WBwb"   # white ring, black ring, white marker, black marker
DIGITS = "0123456789"

#: The points of each row, top row (11) first, each from column a towards k.
ROWS: list[list[int]] = [
    sorted((p for p in geometry.POINTS if geometry.row(p) == r), key=geometry.column)
    for r in range(geometry.NUM_ROWS, 0, -1)
]


def format_position(board: _core.CoreBoard) -> str:
    """The position string of board."""
    s = board._state()
    bitboards = s[:4]
    rows = []
    for row in ROWS:
        text, empty = "", 0
        for p in row:
            piece = next((PIECES[i] for i, b in enumerate(bitboards) if b >> p & 1), None)
            if piece is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += piece
        rows.append(text + (str(empty) if empty else ""))
    phase = PHASES[s.phase]
    next_side = SIDES[1 - s.mover] if phase in (Phase.REMOVE_ROW, Phase.REMOVE_RING) else "-"
    return (f"{'/'.join(rows)} {SIDES[s.turn]} {phase.value} {next_side} "
            f"{s.removed_white}:{s.removed_black} {s.passes} {variant_name(s.rings_to_win)}")


def _parse_board(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != len(ROWS):
        raise InvalidPositionError(
            f"the board part has {len(rows)} rows separated by '/', not {len(ROWS)}")
    bitboards = [0, 0, 0, 0]
    for row_text, row in zip(rows, ROWS):
        row_number = geometry.row(row[0])
        i, points = 0, iter(row)
        count = 0
        while i < len(row_text):
            ch = row_text[i]
            if ch in DIGITS:
                j = i
                while j < len(row_text) and row_text[j] in DIGITS:
                    j += 1
                if row_text[i] == "0":
                    raise InvalidPositionError(f"row {row_number}: a number with a leading 0")
                if j - i > 2:
                    raise InvalidPositionError(
                        f"row {row_number}: the number {_shown(row_text[i:j])} is larger than a row")
                empty = int(row_text[i:j])
                count += empty
                for _ in range(min(empty, len(row))):
                    next(points, None)
                i = j
                continue
            if ch not in PIECES:
                raise InvalidPositionError(
                    f"row {row_number}: {ch!r} is not a piece (W, B rings; w, b markers) or a number")
            count += 1
            p = next(points, None)
            if p is not None:
                bitboards[PIECES.index(ch)] |= 1 << p
            i += 1
        if count != len(row):
            raise InvalidPositionError(
                f"row {row_number} describes {count} points, it has {len(row)}")
    return bitboards


def parse_position(text: str) -> tuple[int, int, int, int, int, int, int, int, int, int, int]:
    """The arguments of ``CoreBoard._set_state`` for a position string.

    Raises ``InvalidPositionError`` (a ``ValueError``) saying what is wrong
    for any ``str`` that is not a position string, ``TypeError`` for a
    non-str.
    """
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}: a position string")
    if not text.isascii():
        raise InvalidPositionError("a position string is ASCII text")
    fields = text.split()
    if len(fields) != 7:
        raise InvalidPositionError(
            f"a position string has 7 fields (board side phase next removed passes variant), "
            f"not {len(fields)}")
    board_text, side, phase_text, next_text, removed_text, passes_text, variant = fields
    rings_w, rings_b, markers_w, markers_b = _parse_board(board_text)
    if side not in SIDES:
        raise InvalidPositionError(f"the side to act is 'w' or 'b', not {_shown(side)}")
    turn = SIDES.index(side)
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise InvalidPositionError(
            f"unknown phase {_shown(phase_text)} (place, move, remove_row, remove_ring, game_over)") from None
    removing = phase in (Phase.REMOVE_ROW, Phase.REMOVE_RING)
    if removing:
        if next_text not in SIDES:
            raise InvalidPositionError(
                f"in phase {phase.value} the next field names the side that moves next, not {_shown(next_text)}")
        mover = 1 - SIDES.index(next_text)
    else:
        if next_text != "-":
            raise InvalidPositionError(f"the next field is '-' outside the removal phases, not {_shown(next_text)}")
        mover = 0
    digits = [_digit(x) for x in removed_text.split(":")]
    passes = _digit(passes_text)
    removed = [x for x in digits if x is not None]
    if len(removed) != len(digits) or passes is None:
        raise InvalidPositionError(
            f"removed is '<white>:<black>' and passes a number, not {_shown(removed_text)} "
            f"and {_shown(passes_text)}")
    if len(removed) != 2 or not all(0 <= x <= 5 for x in removed):
        raise InvalidPositionError(f"removed is '<white>:<black>' with counts 0 to 5, not {_shown(removed_text)}")
    if not 0 <= passes <= 2:
        raise InvalidPositionError(f"passes is 0, 1 or 2, not {passes}")
    if variant not in RINGS_TO_WIN:
        raise InvalidPositionError(f"unknown variant {_shown(variant)} ({', '.join(RINGS_TO_WIN)})")
    rings_to_win = RINGS_TO_WIN[variant]
    state = (rings_w, rings_b, markers_w, markers_b, turn, PHASES.index(phase), mover,
             passes, removed[0], removed[1], rings_to_win)
    _core.check_state(*state)     # the core's consistency check, which says what is wrong
    return state


def _digit(text: str) -> Optional[int]:
    """The value of one ASCII digit, else None (int() would also take signs,
    underscores, blanks, other scripts' digits and numbers of any length)."""
    return DIGITS.index(text) if len(text) == 1 and text in DIGITS else None


def _shown(text: str) -> str:
    """repr(text) for error messages, cut short for long texts."""
    shown = repr(text) if len(text) <= 40 else ""
    return shown if shown and len(shown) <= 60 else f"{text[:20]!r}... ({len(text)} characters)"
