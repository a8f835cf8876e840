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

from yinsh.ludo.enums import Color
from yinsh.ludo.geometry import FINISH_XY, HOME_XY, SIZE, SLOTS_XY, TRACK_XY

if TYPE_CHECKING:
    from yinsh.ludo.board import Board

__all__ = ["draw", "status", "quarter_turns", "turned"]


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


def quarter_turns(orientation: object) -> int:
    """How many quarter turns clockwise bring the start corner of the
    colour ``orientation`` (a ``Color``, 0..3, a name or a letter) to the
    bottom left, where Red's is drawn; ``None`` is the usual drawing (0).
    ``ValueError`` for anything else.

    >>> from yinsh import ludo
    >>> [quarter_turns(c) for c in ludo.COLORS], quarter_turns(None)
    ([3, 2, 1, 0], 0)
    """
    if orientation is None:
        return 0
    try:
        color = Color.of(orientation)
    except (ValueError, TypeError):
        raise ValueError(f"orientation must be a colour of ludo.COLORS (or its name), the one "
                         f"drawn at the bottom left, not {orientation!r}") from None
    return (3 - int(color)) % 4


def turned(xy: tuple[int, int], turns: int) -> tuple[int, int]:
    """The cell xy of the grid turned turns quarter turns clockwise."""
    x, y = xy
    for _ in range(turns % 4):
        x, y = SIZE - 1 - y, x
    return x, y


#: the fields numbered at the ends of the arms, outside the cross
_LABELLED = (10, 11, 12, 23, 24, 25, 36, 37, 38, 49, 50, 51)


def draw(board: Board, unicode: bool = False, *, orientation: object = None,
         last_move: bool = True, coordinates: bool = True) -> str:
    """The text diagram of board (see the module docstring), with the
    options of every game's diagram:

    - ``unicode``: the pieces are coloured discs (🟢 🟡 🔵 🔴), the empty
      entry fields squares of their colour, the track ``·`` and the home
      columns ``∘``.
    - ``orientation``: the colour whose start corner is drawn at the bottom
      left (the board turned by quarter turns, as a player sits at it);
      ``None``, the default, is the usual drawing: Green's corner top left,
      Red's bottom left.
    - ``last_move``: the last move's places in brackets.
    - ``coordinates``: the numbers of the fields at the ends of the arms.

    Raises ``ValueError`` for a bad orientation.

    >>> from yinsh import ludo
    >>> board = ludo.Board(players=2)
    >>> for text in "r6 r3 s-3".split():
    ...     _ = board.push_str(text)
    >>> print(draw(board, unicode=True).splitlines()[7])
    51  ·  🟩 ·  · [🟢 ·           ·  ·  ·  ·  ·  ·  23
    >>> print(draw(board, orientation=ludo.GREEN).splitlines()[-4])
                         51 50 49
    """
    turns = quarter_turns(orientation)
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
    last = {turned(xy, turns) for xy in _last_places(board)} if last_move else set()
    if turns:
        plain = grid
        grid = [[" "] * SIZE for _ in range(SIZE)]
        for y, row in enumerate(plain):
            for x, symbol in enumerate(row):
                tx, ty = turned((x, y), turns)
                grid[ty][tx] = symbol
    # the numbers of the fields at the ends of the arms, outside the cross
    top, bottom, left, right = {}, {}, {}, {}
    for f in _LABELLED:
        x, y = turned(TRACK_XY[f], turns)
        if y == 0:
            top[x] = f"{f} "
        elif y == SIZE - 1:
            bottom[x] = f"{f} "
        elif x == 0:
            left[y] = f"{f} "
        else:
            right[y] = f" {f}"
    gutter = "   " if coordinates else ""
    lines = [(gutter + "".join(top.get(x, "   ") for x in range(SIZE))).rstrip()] if coordinates else []
    for y, row in enumerate(grid):
        cells = ("   " if symbol == " " else _cell(symbol, (x, y) in last, unicode)
                 for x, symbol in enumerate(row))
        side = (left.get(y, gutter), right.get(y, "")) if coordinates else ("", "")
        lines.append((side[0] + "".join(cells) + side[1]).rstrip())
    if coordinates:
        lines.append((gutter + "".join(bottom.get(x, "   ") for x in range(SIZE))).rstrip())
    letter = (lambda s: _UNICODE[s]) if unicode else (lambda s: s)
    lines.append(f"fields: 0 = {letter('g')} (Green's entry), clockwise; "
                 f"{letter('y')} 13, {letter('b')} 26, {letter('r')} 39")
    lines.append(status(board))
    lines.append(" | ".join(f"{letter(c.letter)}: {' '.join(board.pieces(c))}" for c in players))
    return "\n".join(lines)
