"""Insert position strings: ``<rings> <marks> <turn> <last>``.

- rings: rows 6 down to 1, ``/`` between rows; each row from ``a`` to ``f``:
  ``W`` (white ring), ``R`` (red ring), or a digit 1..6 for that many empty
  squares (no two digits side by side, no ``0``);
- marks: rows 6 down to 1, ``/`` between rows, six of ``v h u d`` each;
- turn: ``w`` or ``r``, the side to place next (``w`` exactly when the number
  of rings is even);
- last: the square of the last ring placed, ``-`` exactly when the board is
  empty.

Reading is case-insensitive and takes any whitespace between fields;
writing uses the case above and one space.

>>> text = "6/2R3/6/2W3/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu w c5"
>>> white, red, marks, last = parse_position(text.upper())
>>> white == 1 << 14, red == 1 << 26, marks[:6], last       # c3 is square 14, c5 square 26
(True, True, 'hdddvu', 26)
"""
from __future__ import annotations

from typing import Optional

from yinsh.errors import InvalidPositionError
from yinsh.insert import _core

__all__ = ["parse_position", "format_position", "layout_of_marks", "marks_field"]

FILES = "abcdef"
MAX_RINGS = 30

_LAYOUT_BY_MARKS: dict[str, int] = {}


def layout_of_marks(marks: str) -> Optional[int]:
    """The layout number whose marks are marks (36 letters by square number,
    or a marks field), or None. No two layout numbers share their marks.

    >>> layout_of_marks("vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu")
    0
    """
    if not _LAYOUT_BY_MARKS:
        for number in range(6144):
            _LAYOUT_BY_MARKS[_core.layout_marks(number)] = number
    field = marks if "/" in marks else marks_field(marks)
    return _LAYOUT_BY_MARKS.get(field)


def marks_field(marks: str) -> str:
    """The marks field of 36 mark letters given by square number."""
    return "/".join(marks[r * 6:r * 6 + 6] for r in range(5, -1, -1))


def _row_name(k: int) -> str:
    return f"row {6 - k}"


def parse_position(text: str) -> tuple[int, int, str, int]:
    """Reads a position string: returns (white squares, red squares, marks,
    last), the squares as ints with bit s set for square number s, marks as
    36 letters by square number, last the square number of the last ring
    (-1 on an empty board).

    Raises ``InvalidPositionError`` (a ``ValueError``) saying what is wrong
    for a malformed string or an impossible position, ``TypeError`` for a
    non-str.
    """
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}: a position string")

    fields = text.split()
    if len(fields) != 4:
        raise InvalidPositionError(f"a position string has 4 fields separated by spaces "
                                   f"(rings marks turn last), not {len(fields)}")
    rings_field, marks_text, turn_text, last_text = fields

    # rings
    rows = rings_field.upper().split("/")
    if len(rows) != 6:
        raise InvalidPositionError(f"the rings field needs 6 rows separated by '/' (rows 6 to 1), found {len(rows)}")
    white = red = 0
    for k, row in enumerate(rows):
        r = 5 - k                          # row index 0..5 of row 6 - k
        c = 0
        previous_digit = False
        for ch in row:
            if ch in "WR":
                if c < 6:
                    if ch == "W":
                        white |= 1 << (r * 6 + c)
                    else:
                        red |= 1 << (r * 6 + c)
                c += 1
                previous_digit = False
            elif ch.isascii() and ch.isdigit():
                if ch == "0" or int(ch) > 6:
                    raise InvalidPositionError(f"rings field, {_row_name(k)} ({row!r}): {ch!r} is not a run of "
                              f"empty squares (1 to 6)")
                if previous_digit:
                    raise InvalidPositionError(f"rings field, {_row_name(k)} ({row!r}): two digits side by side")
                c += int(ch)
                previous_digit = True
            else:
                raise InvalidPositionError(f"rings field, {_row_name(k)} ({row!r}): {ch!r} is not W, R or a digit 1-6")
        if c != 6:
            raise InvalidPositionError(f"rings field, {_row_name(k)} ({row!r}) covers {c} squares, not 6")

    # marks
    mark_rows = marks_text.lower().split("/")
    if len(mark_rows) != 6:
        raise InvalidPositionError(f"the marks field needs 6 rows separated by '/' (rows 6 to 1), found {len(mark_rows)}")
    for k, row in enumerate(mark_rows):
        if len(row) != 6 or any(ch not in "vhud" for ch in row):
            raise InvalidPositionError(f"marks field, {_row_name(k)} ({row!r}) is not six of v, h, u, d")
    marks = "".join(mark_rows[5 - r] for r in range(6))

    # turn
    turn = turn_text.lower()
    if turn not in ("w", "r"):
        raise InvalidPositionError(f"the turn field must be w or r, not {turn_text!r}")

    # last
    last_name = last_text.lower()
    if last_name == "-":
        last = -1
    else:
        try:
            last = _core.parse_square(last_name)
        except ValueError:
            raise InvalidPositionError(f"the last field must be a square (like c5) or '-', not {last_text!r}") from None

    # contradictions
    count = bin(white).count("1") + bin(red).count("1")
    if count > MAX_RINGS:
        raise InvalidPositionError(f"{count} rings on the board: at most {MAX_RINGS} are ever placed")
    expected = "w" if count % 2 == 0 else "r"
    if turn != expected:
        raise InvalidPositionError(f"the turn field says {turn} but {count} rings are on the board: White places "
                  f"exactly when the number of rings is even, so it must be {expected}")
    if last < 0 and count:
        raise InvalidPositionError(f"the last field is '-' but {count} rings are on the board")
    if last >= 0:
        name = _core.square_name(last)
        if not (white | red) >> last & 1:
            raise InvalidPositionError(f"the last field names {name}, which holds no ring")
        mover_white = turn == "r"
        if bool(white >> last & 1) != mover_white:
            colour = "white" if white >> last & 1 else "red"
            raise InvalidPositionError(f"the last field names {name}, which holds a {colour} ring, but the last "
                      f"ring was placed by {'white' if mover_white else 'red'} "
                      f"({'red' if mover_white else 'white'} is to place)")
    to_place = white if turn == "w" else red
    if _core.has_five_squares(to_place):
        raise InvalidPositionError(f"{'white' if turn == 'w' else 'red'}, the side to place, has five in a row "
                  f"(the game ended when the five was made, with the other side to place)")
    return white, red, marks, last


def _rings_row(white: int, red: int) -> str:
    """The rings field's text of one row: white and red, its 6 squares' bits (a to f)."""
    text, run = "", 0
    for c in range(6):
        piece = "W" if white >> c & 1 else "R" if red >> c & 1 else ""
        if not piece:
            run += 1
            continue
        if run:
            text += str(run)
            run = 0
        text += piece
    return text + (str(run) if run else "")


#: Each row's text by ``white << 6 | red`` (made when first needed: positions are
#: formatted for every state a server sends).
_ROWS: dict[int, str] = {}


#: Position strings made, by (white, red, last, turn, marks), forgotten all
#: at once past 4,096: a server formats the position of each state it sends,
#: the same one several times.
_MADE: dict[tuple[int, int, int, int, str], str] = {}


def format_position(board: "_core.CoreBoard") -> str:
    """The canonical position string of a board."""
    white, red, _, last, turn, *_ = board._state()
    marks = board._marks()
    key = (white, red, last, turn, marks)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= 4096:
            _MADE.clear()
        made = _MADE[key] = _format(white, red, last, turn, marks)
    return made


def _format(white: int, red: int, last: int, turn: int, marks: str) -> str:
    rows = []
    for r in range(5, -1, -1):
        w, k = white >> 6 * r & 63, red >> 6 * r & 63
        text = _ROWS.get(w << 6 | k)
        if text is None:
            text = _ROWS[w << 6 | k] = _rings_row(w, k)
        rows.append(text)
    last_text = "-" if last < 0 else _core.square_name(last)
    return f"{'/'.join(rows)} {marks_field(marks)} {'wr'[turn]} {last_text}"
