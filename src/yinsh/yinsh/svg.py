"""SVG pictures of a board: ``yinsh.svg.board(board)`` returns the markup.

The picture shows the 85 points and the lines between them, the coordinates
(columns ``a``..``k``, rows ``1``..``11``), the rings and markers of both
sides, the last action (the ring's path and the flipped markers of a ring
move, the markers of a removed row, the spot of a removed ring), optional
highlighted points and arrows, and at the side the rings each player has
removed and the markers left in the pool.

Every piece is an element whose ``class`` says what it is and whose
``data-point`` names its point, so programs (and the tests) can read a
picture back:

==================================  ==========================================
``class``                           what
==================================  ==========================================
``ring white`` / ``ring black``     a ring on the board (a ``<g>``)
``marker white`` / ``marker black`` a marker on the board (a ``<circle>``)
``last-move``                       the last action: a path (``<line>``,
                                    ``data-move``) or the placed ring's halo
``flipped``                         a marker flipped by the last ring move
``removed-row``                     a marker of the row the last action removed
``removed-ring``                    where the last action removed a ring
``highlight``                       a highlighted point (``<circle>``)
``arrow``                           a highlighted action (``<line>``)
``removed white`` / ``removed black`` a ring in the side panel; the taken ones
                                    have ``data-taken="1"``
``pool``                            the marker pool count (``data-count``)
``target``                          with ``targets=True``: a transparent disc
                                    over every point, on top of the rest, for
                                    a page to catch clicks (``data-point``)
==================================  ==========================================

>>> import yinsh
>>> b = yinsh.Board()
>>> _ = b.push_str("e5")
>>> text = yinsh.svg.board(b, size=300)
>>> text.startswith("<svg") and 'class="ring white" data-point="e5"' in text
True
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Union

from yinsh.svg import Writer
from yinsh.yinsh import _core, geometry
from yinsh.yinsh.enums import Color, MoveKind

if TYPE_CHECKING:
    from yinsh.yinsh.board import Board

__all__ = ["board", "DEFAULT_SIZE", "MIN_SIZE", "MAX_SIZE"]

#: Default width of the picture in pixels.
DEFAULT_SIZE = 480
MIN_SIZE, MAX_SIZE = 16, 10000          # the sizes (width in pixels) board() accepts

U = 40.0                      # distance between neighbouring points, in picture units
RING_R = 0.40 * U
MARKER_R = 0.26 * U
MARGIN = 0.9 * U
PANEL = 3.5 * U               # width of the side panel
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
SMALL = 0.7                   # scale of the rings in the side panel

COLORS = {
    "background": "#f3dfb2",
    "line": "#8b6b3d",
    "point": "#8b6b3d",
    "label": "#5a4020",
    "white": "#fbfbf6",
    "black": "#1d1d1d",
    "outline": "#1d1d1d",
    "last": "#d2402a",
    "highlight": "#2a7fd2",
}

Highlight = Union[int, str, "_core.Move"]


#: A point's place in the picture (``xy(p) -> (x, y)``).
_XY = Callable[[int], tuple[float, float]]


def _xy(p: int, flip: bool) -> tuple[float, float]:
    """Picture coordinates of point p, before the margins (y downwards)."""
    c, r = geometry.coords(geometry.half_turn(p) if flip else p)
    return c * U * math.sqrt(3) / 2, (8.0 - (r - c / 2)) * U


#: The maximal straight lines of the board, as (first, last) point pairs.
LINES = [(line[0], line[-1]) for line in geometry.LINES]


def _color_of(orientation: object) -> Color:
    if isinstance(orientation, str):
        try:
            return Color[orientation.upper()]
        except KeyError:
            raise ValueError(f"orientation must be white or black, not {orientation!r}") from None
    if orientation in (0, 1) and not isinstance(orientation, bool):
        return Color(orientation)
    raise ValueError(f"orientation must be yinsh.WHITE or yinsh.BLACK, not {orientation!r}")


def _as_highlight(item: object) -> tuple[str, Union[int, _core.Move]]:
    """('point', p) or ('move', Move) for one highlight item."""
    if isinstance(item, _core.Move):
        return "move", item
    if isinstance(item, int) and not isinstance(item, bool):
        _core.point_name(item)               # raises for a non-point
        return "point", item
    if isinstance(item, str):
        text = item.strip().lower()
        try:
            return "point", _core.parse_point(text)
        except ValueError:
            return "move", _core.Move.from_str(text)
    raise TypeError(f"highlight items are points, point names or moves, not {item!r}")


def board(board: "Board", *, size: Optional[float] = DEFAULT_SIZE,
          coordinates: bool = True, last_move: bool = True,
          highlight: Union[None, Highlight, Iterable[Highlight]] = None,
          orientation: object = Color.WHITE, targets: bool = False) -> str:
    """The SVG picture of board, as a string.

    - ``size``: the width in pixels (the height follows the board's shape).
    - ``coordinates``: letters ``a``..``k`` under the columns and numbers
      ``1``..``11`` left of the rows.
    - ``last_move``: mark the last action of the move stack (a ring move's
      path and flipped markers, a removed row, a removed ring, a placement).
    - ``highlight``: points (ints or names like ``"e5"``) drawn as blue
      circles, and actions (``Move`` or text like ``"e5-e9"``) drawn as blue
      arrows (ring moves, rows) or circles (placements, ring removals); a
      list of them, one of them, or a string of them separated by spaces.
    - ``orientation``: the side at the bottom, ``yinsh.WHITE`` (row 1 at the
      bottom) or ``yinsh.BLACK`` (the board turned half round); ``"white"``
      and ``"black"`` work too.
    - ``targets``: a transparent disc (``class="target"``) over every point,
      so a page can tell which point a click or tap meant.

    Raises ``ValueError`` for a bad size, orientation or highlight,
    ``TypeError`` for a size that is not a number.

    >>> import yinsh
    >>> b = yinsh.Board()
    >>> for t in "e5 f6 g7 h8 i9 j10 k7 k10 a2 a5 e5-e9".split():
    ...     _ = b.push_str(t)
    >>> picture = yinsh.svg.board(b, highlight=["f6-f2", "a3"])
    >>> picture.count('class="ring '), picture.count('class="marker ')
    (10, 1)
    >>> 'class="last-move" data-move="e5-e9"' in picture
    True
    >>> yinsh.svg.board(b, targets=True).count('class="target"')
    85
    """
    if not isinstance(board, _core.CoreBoard):
        from yinsh.svg import wrong_board
        raise wrong_board(board, "yinsh", "yinsh.yinsh.svg.board")
    from yinsh.svg import check_size
    size = check_size(size, DEFAULT_SIZE)
    flip = _color_of(orientation) == Color.BLACK
    if isinstance(highlight, str):
        highlight = highlight.split()
    elif isinstance(highlight, (int, _core.Move)):
        highlight = [highlight]
    items = [_as_highlight(h) for h in (highlight or ())]

    state = board._state()
    rings_w, rings_b, markers_w, markers_b = state[:4]
    removed = state[8:10]
    rings_to_win = state[10]

    width = 8 * U * math.sqrt(3) / 2 + 2 * U + 2 * MARGIN + PANEL
    height = 9 * U + 2 * U + 2 * MARGIN
    ox, oy = MARGIN + U, MARGIN + U

    def xy(p: int) -> tuple[float, float]:
        x, y = _xy(p, flip)
        return x + ox, y + oy

    svg = Writer()
    svg.start(size, width, height, 0.3 * U, COLORS["background"])

    # Lines and points.
    svg.open("g", class_="grid", stroke=COLORS["line"], stroke_width=1.2, stroke_linecap="round")
    for p, q in LINES:
        (x1, y1), (x2, y2) = xy(p), xy(q)
        svg.add("line", x1=x1, y1=y1, x2=x2, y2=y2)
    svg.close("g")
    svg.open("g", class_="points", fill=COLORS["point"])
    for p in geometry.POINTS:
        x, y = xy(p)
        svg.add("circle", cx=x, cy=y, r=2.2)
    svg.close("g")

    if coordinates:
        _draw_coordinates(svg, xy)

    previous = _previous(board) if last_move else None

    # Markers, then rings (a ring sits over its point).
    for color, bits in ((Color.WHITE, markers_w), (Color.BLACK, markers_b)):
        for p in geometry.points_of(bits):
            x, y = xy(p)
            svg.add("circle", class_=f"marker {color.label}", data_point=_core.point_name(p),
                    cx=x, cy=y, r=MARKER_R, fill=COLORS[color.label],
                    stroke=COLORS["outline"], stroke_width=1.5)
    for color, bits in ((Color.WHITE, rings_w), (Color.BLACK, rings_b)):
        for p in geometry.points_of(bits):
            _draw_ring(svg, xy(p), color, f"ring {color.label}", p)

    if previous is not None:
        _draw_last(svg, xy, previous, state, board.move_stack[-1])
    for kind, value in items:
        _draw_highlight(svg, xy, kind, value)

    _draw_panel(svg, width, removed, rings_to_win, 51 - bin(markers_w).count("1")
                - bin(markers_b).count("1"), Color(state[4]), state[5] == 4, board)
    if targets:
        svg.open("g", class_="targets", fill="#000000", fill_opacity=0)
        for p in geometry.POINTS:
            x, y = xy(p)
            svg.add("circle", class_="target", data_point=_core.point_name(p), cx=x, cy=y,
                    r=0.48 * U)
        svg.close("g")
    svg.close("svg")
    return svg.text()


def _draw_ring(svg: Writer, at: tuple[float, float], color: Color, cls: str,
               p: Optional[int], scale: float = 1.0, **extra: object) -> None:
    x, y = at
    svg.open("g", class_=cls, data_point=None if p is None else _core.point_name(p), **extra)
    svg.add("circle", cx=x, cy=y, r=RING_R * scale, fill="none", stroke=COLORS["outline"],
            stroke_width=9 * scale)
    if color == Color.WHITE:
        svg.add("circle", cx=x, cy=y, r=RING_R * scale, fill="none", stroke=COLORS["white"],
                stroke_width=6 * scale)
    svg.close("g")


def _draw_coordinates(svg: Writer, xy: _XY) -> None:
    svg.open("g", class_="coordinates", fill=COLORS["label"], font_family=FONT,
             font_size=0.36 * U, text_anchor="middle", dominant_baseline="central")
    columns: dict[int, list[int]] = {}
    rows: dict[int, list[int]] = {}
    for p in geometry.POINTS:
        c, r = geometry.coords(p)
        columns.setdefault(c, []).append(p)
        rows.setdefault(r, []).append(p)
    for c, pts in columns.items():
        ends = sorted((min(pts), max(pts)), key=lambda p: xy(p)[1])
        x, y = _beyond(xy(ends[1]), xy(ends[0]), 0.75 * U)       # below the lower end
        svg.add("text", geometry.COLUMN_LETTERS[c], class_="coordinate", x=x, y=y)
    for r, pts in rows.items():
        ends = sorted((min(pts), max(pts)), key=lambda p: xy(p)[0])
        x, y = _beyond(xy(ends[0]), xy(ends[1]), 0.7 * U)        # left of the left end
        svg.add("text", str(r), class_="coordinate", x=x, y=y)
    svg.close("g")


def _beyond(a: tuple[float, float], b: tuple[float, float], dist: float) -> tuple[float, float]:
    """The point dist past a on the line from b through a."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    n = math.hypot(dx, dy) or 1.0
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def _previous(board: "_core.CoreBoard") -> Optional[_core.BoardState]:
    """The state before the last action on board's stack, or None."""
    if board.ply == 0:
        return None
    before = board.copy()
    before.pop()
    return before._state()


def _draw_last(svg: Writer, xy: _XY, before: _core.BoardState, after: _core.BoardState,
               move: "_core.Move") -> None:
    kind = move.kind
    color = COLORS["last"]
    if kind == MoveKind.PLACE:
        assert move.to_point is not None              # a placement has a point
        x, y = xy(move.to_point)
        svg.add("circle", class_="last-move", data_move=str(move), cx=x, cy=y, r=RING_R + 7,
                fill="none", stroke=color, stroke_width=2.5)
    elif kind == MoveKind.MOVE:
        assert move.from_point is not None and move.to_point is not None
        _arrow(svg, xy(move.from_point), xy(move.to_point), color, "last-move", str(move))
        flips = (before[2] & after[3]) | (before[3] & after[2])
        for p in geometry.points_of(flips):
            x, y = xy(p)
            svg.add("circle", class_="flipped", data_point=_core.point_name(p), cx=x, cy=y,
                    r=MARKER_R * 0.45, fill=color)
    elif kind == MoveKind.REMOVE_ROW:
        gone = (before[2] | before[3]) & ~(after[2] | after[3])
        side = "white" if before[2] & gone else "black"
        assert move.from_point is not None and move.to_point is not None
        (x1, y1), (x2, y2) = xy(move.from_point), xy(move.to_point)
        svg.add("line", class_="last-move", data_move=str(move), x1=x1, y1=y1, x2=x2, y2=y2,
                stroke=color, stroke_width=3, stroke_dasharray="6 4", stroke_linecap="round")
        for p in geometry.points_of(gone):
            x, y = xy(p)
            svg.add("circle", class_=f"removed-row {side}", data_point=_core.point_name(p),
                    cx=x, cy=y, r=MARKER_R, fill="none", stroke=color, stroke_width=2,
                    stroke_dasharray="4 3")
    elif kind == MoveKind.REMOVE_RING:
        ring = move.from_point
        assert ring is not None                       # a ring removal has its point
        p = ring
        side = "white" if before[0] >> p & 1 else "black"
        x, y = xy(p)
        svg.add("circle", class_=f"removed-ring {side}", data_point=_core.point_name(p),
                data_move=str(move), cx=x, cy=y, r=RING_R, fill="none", stroke=color,
                stroke_width=3, stroke_dasharray="6 4")


def _arrow(svg: Writer, a: tuple[float, float], b: tuple[float, float], color: str,
           cls: str, text: str) -> None:
    """A line from a to b with an arrow head at b."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (x2 - ux * RING_R * 0.6, y2 - uy * RING_R * 0.6)
    svg.add("line", class_=cls, data_move=text, x1=x1, y1=y1, x2=tip[0], y2=tip[1],
            stroke=color, stroke_width=4, stroke_linecap="round", opacity=0.85)
    h = 0.28 * U
    left = (tip[0] - ux * h - uy * h * 0.6, tip[1] - uy * h + ux * h * 0.6)
    right = (tip[0] - ux * h + uy * h * 0.6, tip[1] - uy * h - ux * h * 0.6)
    svg.add("polygon", class_=f"{cls}-head", fill=color, opacity=0.85,
            points=" ".join(f"{Writer.value(px)},{Writer.value(py)}" for px, py in (tip, left, right)))


def _draw_highlight(svg: Writer, xy: _XY, kind: str, value: Union[int, _core.Move]) -> None:
    color = COLORS["highlight"]
    if isinstance(value, _core.Move):         # kind == "move"
        if value.kind in (MoveKind.MOVE, MoveKind.REMOVE_ROW):
            assert value.from_point is not None and value.to_point is not None
            _arrow(svg, xy(value.from_point), xy(value.to_point), color, "arrow", str(value))
            return
        if value.kind == MoveKind.PASS:
            return                            # nothing on the board to point at
        point = value.to_point if value.kind == MoveKind.PLACE else value.from_point
        assert point is not None              # a placement or a ring removal has one
        p = point
    else:
        p = value
    x, y = xy(p)
    svg.add("circle", class_="highlight", data_point=_core.point_name(p), cx=x, cy=y,
            r=RING_R + 4, fill=color, fill_opacity=0.25, stroke=color, stroke_width=2.5)


def _draw_panel(svg: Writer, width: float, removed: tuple[int, int], rings_to_win: int,
                pool: int, turn: Color, over: bool, board: "Board") -> None:
    x0 = width - PANEL + 0.5 * U             # clear of the rings on column k
    svg.open("g", class_="panel", font_family=FONT, font_size=0.34 * U,
             fill=COLORS["label"])
    y = MARGIN + 0.4 * U
    for color in (Color.WHITE, Color.BLACK):
        svg.add("text", f"{color.label.capitalize()} removed", x=x0, y=y)
        y += 0.8 * U
        for i in range(max(rings_to_win, removed[color])):
            at = (x0 + SMALL * RING_R + 4 + i * (2 * SMALL * RING_R + 9), y)
            if i < removed[color]:
                _draw_ring(svg, at, color, f"removed {color.label}", None, SMALL, data_taken="1")
            else:
                svg.add("circle", class_=f"removed {color.label}", data_taken="0", cx=at[0],
                        cy=at[1], r=SMALL * RING_R, fill="none", stroke=COLORS["line"],
                        stroke_width=1.5, stroke_dasharray="4 4")
        y += 1.2 * U
    svg.add("text", f"Pool: {pool}", class_="pool", data_count=pool, x=x0, y=y)
    y += 0.8 * U
    status = f"Result {board.result()}" if over else f"{turn.label.capitalize()} to act"
    svg.add("text", status, class_="status", x=x0, y=y)
    svg.close("g")
