"""The text diagram of a Ludo board (``str(board)``), drawn like the SVG picture.

The cross of ``yinsh.ludo.geometry``, three characters a cell: ``.`` an empty
track field, ``g``/``y``/``b``/``r`` an empty entry field (E) of that colour,
``:`` an empty home field, ``G``/``Y``/``B``/``R`` a piece. The start corners
show their waiting pieces, the centre the pieces in each finish (``G2``).
The places of the last move are in brackets (``[G]``). Below: the field
numbers at the arm ends, whose turn it is, and where every piece is.
``draw(board, unicode=True)`` (``board.unicode()``) draws the pieces as
coloured discs.

>>> from yinsh import ludo
>>> board = ludo.Board(players=2)
>>> for text in "r6 r3 s-3".split():
...     _ = board.push_str(text)
>>> print(board)
                     10 11 12
                      .  .  .
                      .  :  y
          G  G        .  :  .
          G  .        .  :  .
                      .  :  .
                      .  :  .
51  .  g  .  . [G] .           .  .  .  .  .  .  23
50  .  :  :  :  :  :           :  :  :  :  :  .  24
49  .  .  .  .  .  .           .  .  .  .  b  .  25
                      .  :  .
                      .  :  .
                      .  :  .        B  B
                      .  :  .        B  B
                      r  :  .
                      .  .  .
                     38 37 36
fields: 0 = g (Green's entry), clockwise; y 13, b 26, r 39
Blue to throw
G: s s s 3 | B: s s s s
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from yinsh.ludo.geometry import FINISH_XY, HOME_XY, SIZE, SLOTS_XY, TRACK_XY

if TYPE_CHECKING:
    from yinsh.ludo.board import Board

__all__ = ["draw", "status"]


def status(board: Board) -> str:
    """Whose turn it is and what they do, in words.

    >>> from yinsh import ludo
    >>> status(ludo.Board("13/13/13/13 5/5/5/5 0-0- G 63 standard -"))
    'Green to move 9 (throws 6 3)'
    """
    turn = board.turn
    if turn is None:
        return f"game over: {board.result()}"
    name = turn.label.capitalize()
    dice = board.dice
    if board.is_chance():
        return f"{name} to throw" + (f" again (throws {' '.join(map(str, dice))})" if dice else "")
    return f"{name} to move {board.total} (throws {' '.join(map(str, dice))})"


def _last_places(board: Board) -> set[tuple[int, int]]:
    """The cells of the last move's source and target (none for a throw or
    an entry's corner and a finish)."""
    if not board.ply:
        return set()
    move = board.move_stack[-1]
    if move.is_throw():
        return set()
    before = board.copy()
    before.pop()
    color = before.turn
    assert color is not None
    cells = set()
    for place in (move.source, move.target):
        if place is None or place in ("s", "f"):
            continue
        if place.startswith("h"):
            cells.add(HOME_XY[color][int(place[1:]) - 1])
        else:
            cells.add(TRACK_XY[int(place)])
    return cells


#: the Unicode drawing of the diagram's symbols: pieces as coloured discs,
#: empty entry fields as squares of their colour (both two columns wide)
_UNICODE = {"G": "\U0001F7E2", "Y": "\U0001F7E1", "B": "\U0001F535", "R": "\U0001F534",
            "g": "\U0001F7E9", "y": "\U0001F7E8", "b": "\U0001F7E6", "r": "\U0001F7E5",
            ".": "\u00B7", ":": "\u2218"}


def _cell(symbol: str, last: bool, unicode: bool) -> str:
    """The three columns of one cell: a symbol (a piece, a field), or a
    colour letter and a count (a finish); brackets mark the last move."""
    if len(symbol) == 2:                                  # the finish: "G2"
        return (_UNICODE[symbol[0]] + symbol[1]) if unicode else symbol + " "
    if not unicode:
        return f"[{symbol}]" if last else f" {symbol} "
    drawn = _UNICODE[symbol]
    if symbol in ".:":
        return f"[{drawn}]" if last else f" {drawn} "
    return ("[" if last else " ") + drawn                # two columns wide


def draw(board: Board, unicode: bool = False) -> str:
    """The text diagram of board (see the module docstring); with
    ``unicode=True`` the pieces are coloured discs (🟢 🟡 🔵 🔴), the empty
    entry fields squares of their colour, the track ``·`` and the home
    columns ``∘``.

    >>> from yinsh import ludo
    >>> board = ludo.Board(players=2)
    >>> for text in "r6 r3 s-3".split():
    ...     _ = board.push_str(text)
    >>> print(draw(board, unicode=True).splitlines()[7])
    51  ·  🟩 ·  · [🟢 ·           ·  ·  ·  ·  ·  ·  23
    """
    grid = [[" "] * SIZE for _ in range(SIZE)]
    for f, (x, y) in enumerate(TRACK_XY):
        grid[y][x] = "gybr"[f // 13] if f % 13 == 0 else "."
    for c in range(4):
        for x, y in HOME_XY[c]:
            grid[y][x] = ":"
    players = board.players
    for color in players:
        progress = board.progress(color)
        waiting = progress.count(-1)
        for i, (x, y) in enumerate(SLOTS_XY[color]):
            grid[y][x] = color.letter if i < waiting else "."
        for q in progress:
            if 0 <= q <= 50:
                x, y = TRACK_XY[(q + color.entry) % 52]
                grid[y][x] = color.letter
            elif 51 <= q <= 55:
                x, y = HOME_XY[color][q - 51]
                grid[y][x] = color.letter
        if board.finished(color):
            x, y = FINISH_XY[color]
            grid[y][x] = f"{color.letter}{board.finished(color)}"
    last = _last_places(board)
    # the numbers of the fields at the ends of the arms, outside the cross
    left = {6: "51 ", 7: "50 ", 8: "49 "}
    right = {6: " 23", 7: " 24", 8: " 25"}
    lines = [" " * 3 + " " * 18 + "10 11 12"]
    for y, row in enumerate(grid):
        cells = ("   " if symbol == " " else _cell(symbol, (x, y) in last, unicode)
                 for x, symbol in enumerate(row))
        lines.append((left.get(y, "   ") + "".join(cells) + right.get(y, "")).rstrip())
    lines.append(" " * 3 + " " * 18 + "38 37 36")
    letter = (lambda s: _UNICODE[s]) if unicode else (lambda s: s)
    lines.append(f"fields: 0 = {letter('g')} (Green's entry), clockwise; "
                 f"{letter('y')} 13, {letter('b')} 26, {letter('r')} 39")
    lines.append(status(board))
    lines.append(" | ".join(f"{letter(c.letter)}: {' '.join(board.pieces(c))}" for c in players))
    return "\n".join(lines)
