"""Where things are on the drawn Ludo board: the one place for the layout.

The board is the usual cross on a 15 x 15 grid (column x, row y, y
downwards): four arms of 3 x 6 cells around a 3 x 3 centre (the finish), and
a 6 x 6 start corner in each corner of the grid. Going clockwise from the
top left, the corners belong to Green, Yellow, Blue and Red (the turn order).

Each arm carries 13 track fields: its two outer lines and the cell at its
end. Colour c's entry field E = 13 c is the first field of the arm next to
its corner (clockwise), beside the arm's end cell, which is its E - 2 (its
last track field); the middle line of that arm is its home column, h1 at the
outer end, h5 next to the centre. Each quarter of the board is the previous
one turned a quarter clockwise.

>>> TRACK_XY[0], TRACK_XY[12], TRACK_XY[13], TRACK_XY[50], HOME_XY[0][0]
((1, 6), (8, 0), (8, 1), (0, 7), (1, 7))
"""
from __future__ import annotations

__all__ = ["SIZE", "TRACK_XY", "HOME_XY", "CORNER_XY", "SLOTS_XY", "FINISH_XY", "turn", "field_at"]

SIZE = 15                      # cells a side


def turn(xy: tuple[int, int], quarters: int) -> tuple[int, int]:
    """xy turned clockwise about the centre by quarters * 90 degrees."""
    x, y = xy
    for _ in range(quarters % 4):
        x, y = SIZE - 1 - y, x
    return x, y


# Green's quarter: its entry arm runs right along row 6 to the top arm, up
# that arm's left line, across its end, and down to Yellow's entry (8, 1).
_GREEN_FIELDS = [(1, 6), (2, 6), (3, 6), (4, 6), (5, 6),
                 (6, 5), (6, 4), (6, 3), (6, 2), (6, 1), (6, 0),
                 (7, 0), (8, 0)]

#: the cell of each track field 0..51
TRACK_XY: tuple[tuple[int, int], ...] = tuple(
    turn(xy, q) for q in range(4) for xy in _GREEN_FIELDS)

#: ``HOME_XY[c][k - 1]``: the cell of colour c's home field ``h<k>``
HOME_XY: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(turn((k, 7), c) for k in range(1, 6)) for c in range(4))

#: the top left cell of each colour's 6 x 6 start corner
CORNER_XY: tuple[tuple[int, int], ...] = ((0, 0), (9, 0), (9, 9), (0, 9))

#: ``SLOTS_XY[c]``: the four cells of colour c's corner where its waiting pieces stand
SLOTS_XY: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((x0 + dx, y0 + dy) for dy in (2, 3) for dx in (2, 3)) for x0, y0 in CORNER_XY)

#: ``FINISH_XY[c]``: the centre cell on colour c's side (where its home column ends)
FINISH_XY: tuple[tuple[int, int], ...] = tuple(turn((6, 7), c) for c in range(4))

_FIELD_AT = {xy: f for f, xy in enumerate(TRACK_XY)}


def field_at(xy: tuple[int, int]) -> int | None:
    """The track field on cell xy, or None.

    >>> field_at((1, 6)), field_at((7, 7))
    (0, None)
    """
    return _FIELD_AT.get(xy)
