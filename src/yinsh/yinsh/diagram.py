"""Text diagrams of the hex board: ``str(board)``, ``board.unicode()`` and
``draw(board, ...)``.

The geometry is the one of ``yinsh.svg`` and of the real board: each column
(``a``..``k``) is a vertical line of points, two text lines apart, and each
neighbouring column is shifted by one text line, so a row (points with the
same number) runs down to the right, one line per column, and the third line
direction (column and row both +1) runs up to the right.

- Column letters are printed above and below the board, over each column.
- A row's number is printed at both ends of the row, where the row would go
  on: up-left of its first point and down-right of its last one, so a player
  who follows a row along either way finds its number.
- Pieces: ``W``/``B`` white/black rings, ``w``/``b`` white/black markers,
  ``.`` an empty point; the Unicode version draws rings as ``◎``/``◉`` (a
  circle around a centre) and markers as plain discs ``○``/``●``, ``·`` for
  an empty point. All of them are one column wide in a terminal.
- The last action of the move stack is marked: ``[ ]`` around its points (a
  placed ring; the start and end of a ring move; the five points of a
  removed row; the point of a removed ring) and ``( )`` around the markers
  that a ring move flipped.
- ``orientation=BLACK`` turns the board half round (row 11 and column ``k``
  nearest to the viewer's lower left), as Black sits at the board.

>>> import yinsh
>>> board = yinsh.Board()
>>> for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7 h6-h10".split():
...     _ = board.push_str(text)
>>> print(board)
    a   b   c   d   e   f   g   h   i   j   k
               10      11
            9       W       W
        8       .       .       W
    7       .       B       .       .
        .       .       .      [W]      .
    6       .       .       .       .       11
5       .       B       B       .       .
    .       B       .       W       .       .
4       .       .       .       .       .       10
    .       .       .       .       .       .
3       .       .       .       .       .       9
    .       .       .       B       .       .
2       .       .       .      [w]      .       8
    .       .       .       .       .       .
        .       .       .       .       .       7
    1       .       .       .       .       6
        .       .       .       .       .
            .       .       .       .       5
                .       .       .       4
                    .       .       3
                        1       2
    a   b   c   d   e   f   g   h   i   j   k
"""
from __future__ import annotations

from yinsh.yinsh import _core, geometry
from yinsh.yinsh.enums import Color, MoveKind

__all__ = ["draw", "render", "ASCII_PIECES", "UNICODE_PIECES"]

#: White ring, black ring, white marker, black marker, empty point.
ASCII_PIECES = "WBwb."
#: The same in Unicode: rings are a circle around a centre, markers plain discs.
UNICODE_PIECES = "◎◉○●·"

LETTERS = geometry.COLUMN_LETTERS
STEP = 4            # text columns between neighbouring board columns
LEFT = 4            # text column of the leftmost board column


def _screen(p: int, flip: bool) -> tuple[int, int]:
    """Text (x, y) of point p, y counted upwards."""
    c, r = geometry.coords(geometry.half_turn(p) if flip else p)
    return STEP * c + LEFT, 2 * (r - 1) - c


def _orientation(value: object) -> Color:
    if isinstance(value, bool):
        raise ValueError(f"orientation must be yinsh.WHITE or yinsh.BLACK, not {value!r}")
    try:
        return Color.of(value)
    except ValueError:
        raise ValueError(f"orientation must be yinsh.WHITE or yinsh.BLACK "
                         f"(or 'white'/'black'), not {value!r}") from None


def render(bitboards: tuple[int, int, int, int], pieces: str = ASCII_PIECES, *,
           flip: bool = False, marked: frozenset[int] = frozenset(), flipped: frozenset[int] = frozenset(),
           coordinates: bool = True) -> str:
    """The diagram of (white rings, black rings, white markers, black
    markers): ``marked`` points get ``[ ]``, ``flipped`` points ``( )``;
    ``flip`` turns the board half round."""
    cells: dict[tuple[int, int], str] = {}

    def put(x: int, y: int, text: str) -> None:
        for i, ch in enumerate(text):
            cells[x + i, y] = ch

    at = {p: _screen(p, flip) for p in geometry.POINTS}
    for p, (x, y) in at.items():
        kind = next((i for i, b in enumerate(bitboards) if b >> p & 1), 4)
        put(x, y, pieces[kind])
        if p in marked:
            put(x - 1, y, "[")
            put(x + 1, y, "]")
        elif p in flipped:
            put(x - 1, y, "(")
            put(x + 1, y, ")")
    ys = [y for _, y in at.values()]
    top, bottom = max(ys), min(ys)
    if coordinates:
        rows: dict[int, list[tuple[int, int]]] = {}
        for p, xy in at.items():
            rows.setdefault(geometry.row(p), []).append(xy)
        for r, points in rows.items():
            points.sort()
            label = str(r)
            (x0, y0), (x1, y1) = points[0], points[1]     # the left end and its neighbour
            lx, ly = 2 * x0 - x1, 2 * y0 - y1             # where the row would go on
            put(max(0, lx + 1 - len(label)), ly, label)    # ends on that spot (not off the left edge)
            (x0, y0), (x1, y1) = points[-1], points[-2]   # the right end
            rx, ry = 2 * x0 - x1, 2 * y0 - y1
            put(rx, ry, label)
        ys = [y for _, y in cells]
        top, bottom = max(ys) + 1, min(ys) - 1
        letters = LETTERS[::-1] if flip else LETTERS
        for c, letter in enumerate(letters):
            put(STEP * c + LEFT, top, letter)
            put(STEP * c + LEFT, bottom, letter)
    width = max(x for x, _ in cells) + 1
    lines = []
    for y in range(top, bottom - 1, -1):
        lines.append("".join(cells.get((x, y), " ") for x in range(width)).rstrip())
    return "\n".join(lines)


def last_action_marks(board: "_core.CoreBoard") -> tuple[frozenset[int], frozenset[int]]:
    """(points of the last action, markers it flipped) of board's move stack;
    both empty when the stack is empty or the last action was a pass."""
    if board.ply == 0 or not board.move_stack:
        return frozenset(), frozenset()
    move = board.move_stack[-1]
    before_board = board.copy()
    before_board.pop()
    before, after = before_board._state(), board._state()
    kind = move.kind
    if kind == MoveKind.PLACE:
        assert move.to_point is not None              # a placement has its point
        return frozenset([move.to_point]), frozenset()
    if kind == MoveKind.MOVE:
        flips = (before[2] & after[3]) | (before[3] & after[2])
        assert move.from_point is not None and move.to_point is not None
        return (frozenset([move.from_point, move.to_point]),
                frozenset(geometry.points_of(flips)))
    if kind == MoveKind.REMOVE_ROW:
        gone = (before[2] | before[3]) & ~(after[2] | after[3])
        return frozenset(geometry.points_of(gone)), frozenset()
    if kind == MoveKind.REMOVE_RING:
        assert move.from_point is not None            # a ring removal has its point
        return frozenset([move.from_point]), frozenset()
    return frozenset(), frozenset()


def draw(board: "_core.CoreBoard", *, unicode: bool = False, orientation: object = Color.WHITE,
         last_move: bool = True, coordinates: bool = True) -> str:
    """The text diagram of board.

    - ``unicode``: ``◎``/``◉`` rings and ``○``/``●`` markers instead of
      ``W``/``B`` and ``w``/``b``.
    - ``orientation``: the side the board is drawn for, ``yinsh.WHITE``
      (row 1 at the bottom, columns a..k left to right) or ``yinsh.BLACK``
      (turned half round: row 11 at the bottom, k..a); ``"white"`` and
      ``"black"`` work too.
    - ``last_move``: mark the last action with ``[ ]`` and the markers it
      flipped with ``( )``.
    - ``coordinates``: the column letters and row numbers.

    Raises ``ValueError`` for a bad orientation.

    >>> import yinsh
    >>> board = yinsh.Board()
    >>> _ = board.push_str("e5")
    >>> print(draw(board, orientation=yinsh.BLACK).splitlines()[0])
        k   j   i   h   g   f   e   d   c   b   a
    >>> "[W]" in str(board), "[W]" in draw(board, last_move=False)
    (True, False)
    """
    flip = _orientation(orientation) == Color.BLACK
    marked: frozenset[int] = frozenset()
    flipped: frozenset[int] = frozenset()
    if last_move:
        marked, flipped = last_action_marks(board)
    return render(board._state()[:4], UNICODE_PIECES if unicode else ASCII_PIECES, flip=flip,
                  marked=marked, flipped=flipped, coordinates=coordinates)
