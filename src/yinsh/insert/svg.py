"""SVG pictures of an Insert board: ``insert.svg.board(board)`` returns the
markup (``Board._repr_svg_`` shows it in notebooks).

The picture shows the 6x6 board of four 3x3 tiles, every square's mark as a
stroke in its direction, the coordinates, the white and red rings, the last
ring placed, the squares the side to place may use now (the allowed line),
the rings the last action flipped, optional highlighted squares, and a
status line.

Every element says what it is with its ``class`` and names its square with
``data-square``, so programs (and the tests) can read a picture back:

==================================  ==========================================
``class``                           what
==================================  ==========================================
``tile``                            a 3x3 tile (``<rect>``, ``data-quadrant``
                                    ``Q1``..``Q4``)
``mark v`` / ``h`` / ``u`` / ``d``  a square's mark (``<line>``)
``ring white`` / ``ring red``       a ring on the board (a ``<g>``)
``allowed``                         an empty square the side to place may use
``last-move``                       the last ring placed (``data-move``)
``flipped``                         a ring the last action flipped
``highlight``                       a highlighted square
``status``                          the side to place, or the result
``target``                          with ``targets=True``: a transparent
                                    square on top of the rest, for a page to
                                    catch clicks (``data-square``)
==================================  ==========================================

>>> from yinsh import insert
>>> b = insert.Board()
>>> _ = b.push_str("c3")
>>> text = insert.svg.board(b, size=300)
>>> text.startswith("<svg") and 'class="ring white" data-square="c3"' in text
True
>>> text.count('class="allowed"')            # c3 is marked v: column c
5
"""
from __future__ import annotations

from typing import Iterable, Optional, Union

from yinsh.insert import _core
from yinsh.insert.enums import Color
from yinsh.insert.diagram import side_at_bottom
from yinsh.svg import Writer

__all__ = ["board", "DEFAULT_SIZE", "MIN_SIZE", "MAX_SIZE"]

#: Default width of the picture in pixels.
DEFAULT_SIZE = 400
MIN_SIZE, MAX_SIZE = 16, 10000          # the sizes (width in pixels) board() accepts

U = 60.0                      # side of a square, in picture units
MARGIN = 0.6 * U              # room for the coordinates
STATUS = 0.7 * U              # height of the status line under the board
RING_R = 0.30 * U
RING_W = 0.13 * U
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

COLORS = {
    "background": "#efe6d2",
    "tile": ("#d9c7a3", "#cdb88f"),          # alternate tiles
    "tile_edge": "#6b5434",
    "grid": "#a48b62",
    "mark": "#8a7250",
    "label": "#4a3a22",
    "white": "#fbfbf6",
    "red": "#c8272d",
    "outline": "#262018",
    "allowed": "#2a7fd2",
    "last": "#1d1d1d",
    "flipped": "#f2b632",
    "highlight": "#2ab34a",
}

Square = Union[int, str]


def _squares(items: Union[None, Square, "_core.Move", Iterable[object]]) -> list[int]:
    if items is None:
        return []
    if isinstance(items, str):
        items = items.split()
    elif isinstance(items, (int, _core.Move)):
        items = [items]
    out = []
    for item in items:
        if isinstance(item, _core.Move):
            out.append(item.square)
        elif isinstance(item, str):
            out.append(_core.parse_square(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            _core.square_name(item)             # raises for a non-square
            out.append(item)
        else:
            raise TypeError(f"highlight items are squares (numbers or names) or moves, not {item!r}")
    return out


def board(board: "_core.CoreBoard", *, size: Optional[float] = DEFAULT_SIZE,
          coordinates: bool = True, last_move: bool = True, allowed: bool = True,
          highlight: Union[None, Square, "_core.Move", Iterable[object]] = None,
          orientation: object = Color.WHITE, targets: bool = False) -> str:
    """The SVG picture of an Insert board, as a string.

    - ``size``: the width in pixels (the height follows).
    - ``coordinates``: letters ``a``..``f`` under the columns, numbers
      ``1``..``6`` beside the rows.
    - ``last_move``: ring the last ring placed and mark the rings its action
      flipped (from the move stack; a board read from a position string
      rings the ``last`` square and knows no flips).
    - ``allowed``: shade the squares the side to place may use now (the
      empty squares of the last ring's line).
    - ``highlight``: squares (numbers, names, ``Move`` objects, or a string
      of names separated by spaces) drawn with a green frame.
    - ``orientation``: the side at the bottom, ``insert.WHITE`` (row 1 at
      the bottom) or ``insert.RED`` (the board turned half round);
      ``"white"`` and ``"red"`` work too.
    - ``targets``: a transparent square (``class="target"``) over every
      square, so a page can tell which square a click or tap meant.

    Raises ``ValueError`` for a bad size, highlight or orientation,
    ``TypeError`` for a size that is not a number or a board that is not an
    Insert board.

    >>> from yinsh import insert
    >>> b = insert.Board("6/6/6/6/6/WRR1RW hhhhhh/hhhhhh/hhhhhh/hhhhhh/hhhhhh/hhhhhh r f1")
    >>> _ = b.push_str("d1")                  # W R R . R W -> R R R R R R
    >>> picture = insert.svg.board(b, highlight="f6")
    >>> 'class="flipped" data-square="a1"' in picture, picture.count('class="ring red"')
    (True, 6)
    >>> insert.svg.board(b, targets=True).count('class="target"')
    36
    >>> turned = insert.svg.board(b, orientation=insert.RED)
    >>> turned != picture and turned.count('class="ring red"')
    6
    """
    if not isinstance(board, _core.CoreBoard):
        from yinsh.svg import wrong_board
        raise wrong_board(board, "insert", "yinsh.insert.svg.board")
    from yinsh.svg import check_size
    size = check_size(size, DEFAULT_SIZE)
    marked = _squares(highlight)
    flip = side_at_bottom(orientation) == Color.RED

    white, red, allowed_bits, last, turn, count, winner, end = board._state()
    marks = board._marks()
    width = 6 * U + 2 * MARGIN
    height = 6 * U + 2 * MARGIN + STATUS

    def corner(sq: int) -> tuple[float, float]:
        c, r = sq % 6, sq // 6
        if flip:
            c, r = 5 - c, 5 - r
        return MARGIN + c * U, MARGIN + (5 - r) * U

    def centre(sq: int) -> tuple[float, float]:
        x, y = corner(sq)
        return x + U / 2, y + U / 2

    svg = Writer()
    svg.start(size, width, height, 0.15 * U, COLORS["background"])

    # Tiles, grid and marks.
    for k, (col, top_row) in enumerate(((0, 5), (3, 5), (0, 2), (3, 2))):
        x, y = corner((top_row - 2) * 6 + col + 2 if flip else top_row * 6 + col)
        svg.add("rect", class_="tile", data_quadrant=f"Q{k + 1}", x=x, y=y, width=3 * U,
                height=3 * U, fill=COLORS["tile"][k in (1, 2)])
    svg.open("g", class_="grid", stroke=COLORS["grid"], stroke_width=1)
    for i in range(1, 6):
        if i == 3:
            continue
        svg.add("line", x1=MARGIN + i * U, y1=MARGIN, x2=MARGIN + i * U, y2=MARGIN + 6 * U)
        svg.add("line", x1=MARGIN, y1=MARGIN + i * U, x2=MARGIN + 6 * U, y2=MARGIN + i * U)
    svg.close("g")
    svg.open("g", class_="tile-edges", stroke=COLORS["tile_edge"], stroke_width=3, fill="none")
    svg.add("rect", x=MARGIN, y=MARGIN, width=6 * U, height=6 * U)
    svg.add("line", x1=MARGIN + 3 * U, y1=MARGIN, x2=MARGIN + 3 * U, y2=MARGIN + 6 * U)
    svg.add("line", x1=MARGIN, y1=MARGIN + 3 * U, x2=MARGIN + 6 * U, y2=MARGIN + 3 * U)
    svg.close("g")

    if allowed and not end:
        for sq in range(36):
            if allowed_bits >> sq & 1:
                x, y = corner(sq)
                svg.add("rect", class_="allowed", data_square=_core.square_name(sq),
                        x=x + 2, y=y + 2, width=U - 4, height=U - 4, fill=COLORS["allowed"],
                        fill_opacity=0.35, stroke=COLORS["allowed"], stroke_width=2)

    half = 0.36 * U
    steps = {"v": (0.0, -1.0), "h": (1.0, 0.0), "u": (0.7071, -0.7071), "d": (0.7071, 0.7071)}
    svg.open("g", class_="marks", stroke=COLORS["mark"], stroke_width=0.07 * U, stroke_linecap="round")
    for sq in range(36):
        m = marks[sq]
        (cx, cy), (dx, dy) = centre(sq), steps[m]
        svg.add("line", class_=f"mark {m}", data_square=_core.square_name(sq), data_mark=m,
                x1=cx - dx * half, y1=cy - dy * half, x2=cx + dx * half, y2=cy + dy * half)
    svg.close("g")

    if coordinates:
        svg.open("g", class_="coordinates", fill=COLORS["label"], font_family=FONT,
                 font_size=0.3 * U, text_anchor="middle", dominant_baseline="central")
        for c in range(6):
            svg.add("text", ("fedcba" if flip else "abcdef")[c], class_="coordinate", x=MARGIN + (c + 0.5) * U,
                    y=MARGIN + 6 * U + MARGIN / 2)
        for r in range(6):
            svg.add("text", str(6 - r if flip else r + 1), class_="coordinate", x=MARGIN / 2,
                    y=MARGIN + (5.5 - r) * U)
        svg.close("g")

    # Rings.
    for color, bits in ((Color.WHITE, white), (Color.RED, red)):
        for sq in range(36):
            if bits >> sq & 1:
                _draw_ring(svg, centre(sq), color, sq)

    if last_move and last >= 0:
        flips = board.last_flips() if board.ply and hasattr(board, "last_flips") else []
        for sq in flips:
            cx, cy = centre(sq)
            svg.add("circle", class_="flipped", data_square=_core.square_name(sq), cx=cx, cy=cy,
                    r=0.09 * U, fill=COLORS["flipped"], stroke=COLORS["outline"], stroke_width=1.5)
        cx, cy = centre(last)
        name = _core.square_name(last)
        svg.add("circle", class_="last-move", data_square=name, data_move=name, cx=cx, cy=cy,
                r=RING_R + RING_W / 2 + 0.06 * U, fill="none", stroke=COLORS["last"],
                stroke_width=2.5, stroke_dasharray="5 3")

    for sq in marked:
        x, y = corner(sq)
        svg.add("rect", class_="highlight", data_square=_core.square_name(sq), x=x + 3, y=y + 3,
                width=U - 6, height=U - 6, fill="none", stroke=COLORS["highlight"], stroke_width=4)

    if end:
        reason = "five in a row" if end == 1 else "groups"
        result = "1/2-1/2" if winner == 2 else ("1-0" if winner == 0 else "0-1")
        status = f"Result {result} ({reason})"
    else:
        status = f"{Color(turn).label.capitalize()} to place ({15 - count // 2} rings in supply)"
    svg.add("text", status, class_="status", x=MARGIN, y=MARGIN * 1.5 + 6 * U + STATUS / 2,
            fill=COLORS["label"], font_family=FONT, font_size=0.3 * U, dominant_baseline="central")
    if targets:
        svg.open("g", class_="targets", fill="#000000", fill_opacity=0)
        for sq in range(36):
            x, y = corner(sq)
            svg.add("rect", class_="target", data_square=_core.square_name(sq), x=x, y=y,
                    width=U, height=U)
        svg.close("g")
    svg.close("svg")
    return svg.text()


def _draw_ring(svg: Writer, at: tuple[float, float], color: Color, sq: int) -> None:
    x, y = at
    svg.open("g", class_=f"ring {color.label}", data_square=_core.square_name(sq))
    svg.add("circle", cx=x, cy=y, r=RING_R, fill="none", stroke=COLORS["outline"],
            stroke_width=RING_W + 3)
    svg.add("circle", cx=x, cy=y, r=RING_R, fill="none", stroke=COLORS[color.label],
            stroke_width=RING_W)
    svg.close("g")
