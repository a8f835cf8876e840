"""The text diagram of an Insert board (``str(board)``, ``board.unicode()``).

Rows 6 (top) to 1, columns a to f, the four tiles apart; each square is its
ring (``W``, ``R``; ``.`` empty, ``*`` empty and allowed now) followed by
its mark (``|`` v, ``-`` h, ``/`` u, ``\\`` d); then a status line. With
``unicode=True`` the rings are ``○`` (White) and ``●`` (Red), the empty
squares ``·`` (``◌`` allowed) and the marks ``│ ─ ╱ ╲``.

>>> from yinsh import insert
>>> board = insert.Board()
>>> _ = board.push_str("c3")
>>> print(draw(board))
     a  b  c    d  e  f
  6  .| .- */   ./ .| .\\   6
  5  .\\ .| *-   .- .\\ .|   5
  4  .- ./ *\\   .| .- ./   4
<BLANKLINE>
  3  .\\ ./[W|   .- .\\ .|   3
  2  .| .- */   ./ ./ .-   2
  1  .- .\\ *\\   .\\ .| ./   1
     a  b  c    d  e  f
layout 0; last c3 (|: column c); red to place (5 allowed)
>>> print(draw(board, unicode=True).splitlines()[5])
  3  ·╲ ·╱[○│   ·─ ·╲ ·│   3
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from yinsh.insert import _core
from yinsh.insert.enums import Color

if TYPE_CHECKING:
    from yinsh.insert.board import Board

__all__ = ["draw", "status", "side_at_bottom", "MARK_SYMBOLS"]

#: the drawing of each mark in the ASCII diagram
MARK_SYMBOLS = {"v": "|", "h": "-", "u": "/", "d": "\\"}
#: the drawing of each mark in the Unicode diagram
_UNICODE_MARKS = {"v": "│", "h": "─", "u": "╱", "d": "╲"}
#: white ring, red ring, empty square, empty square allowed now
_ASCII_PIECES = ("W", "R", ".", "*")
_UNICODE_PIECES = ("○", "●", "·", "◌")


def status(board: Board, unicode: bool = False) -> str:
    """The diagram's last line: the layout, the last ring and the mark and
    line of its square, who places next (or the result).

    >>> from yinsh import insert
    >>> status(insert.Board(layout=5))
    'layout 5; white to place (36 allowed)'
    """
    white, red, allowed, last, turn, count, winner, end = board._state()
    parts = ["no layout" if board.layout is None else f"layout {board.layout}"]
    if last >= 0:
        mark = board._marks()[last]
        symbol = (_UNICODE_MARKS if unicode else MARK_SYMBOLS)[mark]
        parts.append(f"last {_core.square_name(last)} ({symbol}: "
                     f"{_core.line_name(last, mark)})")
    outcome = board.outcome()
    if outcome is None:
        parts.append(f"{Color(turn)} to place ({bin(allowed).count('1')} allowed)")
    else:
        parts.append(f"game over {outcome.result()} ({outcome.termination})")
    return "; ".join(parts)


def side_at_bottom(value: object) -> Color:
    """The colour of an ``orientation`` option (a ``Color``, 0/1,
    ``"white"``/``"red"``); ``ValueError`` for anything else."""
    try:
        return Color.of(value)
    except (ValueError, TypeError):
        raise ValueError(f"orientation must be insert.WHITE or insert.RED (or 'white'/'red'), "
                         f"not {value!r}") from None


def draw(board: Board, unicode: bool = False, *, orientation: object = Color.WHITE,
         last_move: bool = True, coordinates: bool = True) -> str:
    """The diagram of board (see the module docstring), with the options
    of every game's diagram:

    - ``unicode``: Unicode rings and marks.
    - ``orientation``: the side the board is drawn for: ``insert.WHITE``
      (row 1 at the bottom) or ``insert.RED`` (turned half round: row 6 at
      the bottom, columns f..a; a half turn keeps every mark's drawing).
    - ``last_move``: the last ring placed marked with ``[``.
    - ``coordinates``: the column letters and row numbers.

    Raises ``ValueError`` for a bad orientation.

    >>> from yinsh import insert
    >>> board = insert.Board()
    >>> _ = board.push_str("c3")
    >>> print(draw(board, orientation=insert.RED).splitlines()[3])
      3  .| .\\ .-  [W| ./ .\\   3
    >>> print(draw(board, last_move=False, coordinates=False).splitlines()[4])
      .\\ ./ W|   .- .\\ .|
    """
    flip = side_at_bottom(orientation) == Color.RED
    white, red, allowed, last = board._state()[:4]
    marks = board._marks()
    pieces = _UNICODE_PIECES if unicode else _ASCII_PIECES
    mark_symbols = _UNICODE_MARKS if unicode else MARK_SYMBOLS
    marked = last if last_move and board.move_stack else -1
    columns = range(5, -1, -1) if flip else range(6)
    rows = range(6) if flip else range(5, -1, -1)
    letters = ["abcdef"[c] for c in columns]
    header = f"     {'  '.join(letters[:3])}    {'  '.join(letters[3:])}"
    lines = [header] if coordinates else []
    for k, r in enumerate(rows):
        cells = []
        for c in columns:
            sq = r * 6 + c
            if white >> sq & 1:
                piece = pieces[0]
            elif red >> sq & 1:
                piece = pieces[1]
            else:
                piece = pieces[3] if allowed >> sq & 1 and last >= 0 else pieces[2]
            cells.append(("[" if sq == marked else " ") + piece + mark_symbols[marks[sq]])
        row = f"{''.join(cells[:3])}  {''.join(cells[3:])}"
        lines.append(f"  {r + 1} {row}   {r + 1}" if coordinates else f" {row}".rstrip())
        if k == 2:
            lines.append("")
    if coordinates:
        lines.append(header)
    lines.append(status(board, unicode))
    return "\n".join(lines)
