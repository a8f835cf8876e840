"""SVG pictures of a Ludo board: ``yinsh.ludo.svg.board(board)`` returns the markup.

The picture is the cross-shaped board of ``yinsh.ludo.geometry`` in the four
colours: the 52 track fields (numbered, the entry fields in their colour),
the home columns, the start corners with the pieces waiting in them, the
finish in the centre (a triangle a colour, with its finished pieces), the
pieces, and below the board whose turn it is and the dice thrown this turn.
The last move's source and target are outlined.

Every element a program may want to read back has a ``class`` and data
attributes:

===============================  ===========================================
``class``                        what
===============================  ===========================================
``field`` (``entry``)            a track field (``data-field`` 0..51), an
                                 entry field also has ``entry``
``home <colour>``                a home field (``data-place`` h1..h5)
``corner <colour>``              a start corner
``finish <colour>``              a colour's triangle of the finish
``piece <colour>``               a piece (``data-place``: ``s``, a field,
                                 ``h1``..``h5`` or ``f``)
``die``                          a die thrown this turn (``data-value``)
``last-move``                    an outline of the last move's source or
                                 target (``data-place``)
``status``                       the line saying whose turn it is
``arrow``                        a highlighted move, from its source to its
                                 target (``data-move``)
``target``                       with ``targets=True``: a transparent shape
                                 over each place the side to act can name
                                 (``data-place``: ``s``, a field, ``h1``..
                                 ``h5``, ``f``), for a page to catch clicks
===============================  ===========================================

>>> from yinsh import ludo
>>> b = ludo.Board()
>>> for text in "r6 r3 s-3".split():
...     _ = b.push_str(text)
>>> text = ludo.svg.board(b, size=300)
>>> text.startswith("<svg") and 'class="piece green" data-place="3"' in text
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional, Union
from xml.sax.saxutils import escape

from yinsh.ludo._core import Move
from yinsh.ludo.diagram import quarter_turns, status
from yinsh.ludo.enums import Color
from yinsh.ludo.geometry import CORNER_XY, FINISH_XY, HOME_XY, SIZE, SLOTS_XY, TRACK_XY

if TYPE_CHECKING:
    from yinsh.ludo.board import Board

__all__ = ["board", "DEFAULT_SIZE", "MIN_SIZE", "MAX_SIZE", "COLORS"]

#: Default width of the picture in pixels.
DEFAULT_SIZE = 480
MIN_SIZE, MAX_SIZE = 16, 10000          # the sizes (width in pixels) board() accepts

U = 40.0                       # a cell, in picture units
MARGIN = 0.5 * U
PANEL = 2.0 * U                # the strip below the board: status and dice
PIECE_R = 0.34 * U
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

#: the fill of each colour and of its light tint (fields, corners)
COLORS = {
    "green": ("#2e9e48", "#bfe5c8"),
    "yellow": ("#e9b714", "#f8e7a6"),
    "blue": ("#2f6fd0", "#bcd2f3"),
    "red": ("#d63a2f", "#f4c0bb"),
}
BACKGROUND = "#fbf8ef"
LINE = "#6b5a45"
LAST = "#111111"
ARROW = "#2a5fd2"


def _turn_back(x: float, y: float, angle: int, cx: float, cy: float) -> tuple[float, float]:
    """The point that the picture's rotation by angle (degrees clockwise,
    a multiple of 90) about the board's centre brings to where (x, y) is
    about the field's centre (cx, cy) before it: a field's number stays in
    the field's top left corner as seen."""
    dx, dy = x - cx, y - cy
    for _ in range(angle // 90 % 4):
        dx, dy = dy, -dx                      # a quarter turn back
    return cx + dx, cy + dy


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _cell(xy: tuple[int, int]) -> tuple[float, float]:
    """The top left corner of cell xy in picture units."""
    return MARGIN + xy[0] * U, MARGIN + xy[1] * U


def _centre(xy: tuple[int, int]) -> tuple[float, float]:
    x, y = _cell(xy)
    return x + U / 2, y + U / 2


def _rect(xy: tuple[int, int], cls: str, fill: str, extra: str = "") -> str:
    x, y = _cell(xy)
    return (f'<rect class="{cls}"{extra} x="{_num(x)}" y="{_num(y)}" width="{_num(U)}" '
            f'height="{_num(U)}" fill="{fill}" stroke="{LINE}" stroke-width="1"/>')


def _piece(cx: float, cy: float, color: Color, place: str, r: float = PIECE_R) -> str:
    fill = COLORS[color.label][0]
    return (f'<g class="piece {color.label}" data-place="{place}">'
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{fill}" '
            f'stroke="#1d1d1d" stroke-width="2"/>'
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.45)}" fill="#ffffff" '
            f'fill-opacity="0.55"/></g>')


def _finish_triangle(c: int) -> list[tuple[float, float]]:
    """The corners of colour c's triangle of the centre."""
    x0, y0 = _cell((6, 6))
    x1, y1 = x0 + 3 * U, y0 + 3 * U
    mid = (x0 + 1.5 * U, y0 + 1.5 * U)
    sides = [[(x0, y0), (x0, y1)],        # left: Green
             [(x1, y0), (x0, y0)],        # top: Yellow
             [(x1, y1), (x1, y0)],        # right: Blue
             [(x0, y1), (x1, y1)]]        # bottom: Red
    return sides[c] + [mid]


def _die(x: float, y: float, value: int, size: float) -> str:
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[value]
    step = size / 4
    dots = "".join(f'<circle cx="{_num(x + step * (1 + i))}" cy="{_num(y + step * (1 + j))}" '
                   f'r="{_num(size * 0.09)}" fill="#1d1d1d"/>' for i, j in pips)
    return (f'<g class="die" data-value="{value}"><rect x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(size)}" height="{_num(size)}" rx="{_num(size * 0.18)}" fill="#ffffff" '
            f'stroke="#1d1d1d" stroke-width="2"/>{dots}</g>')


def _last_move(b: Board) -> tuple[Optional[Color], Optional[str], Optional[str]]:
    """The mover and the source and target places of the last action (a
    move), or Nones."""
    if not b.ply:
        return None, None, None
    move = b.move_stack[-1]
    if move.is_throw():
        return None, None, None
    before = b.copy()
    before.pop()
    return before.turn, move.source, move.target


def _outline(xs: list[tuple[float, float]], place: str) -> str:
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in xs)
    return (f'<polygon class="last-move" data-place="{place}" points="{points}" fill="none" '
            f'stroke="{LAST}" stroke-width="4" stroke-dasharray="6 3"/>')


def _box(xy: tuple[int, int], w: int = 1, h: int = 1) -> list[tuple[float, float]]:
    x, y = _cell(xy)
    return [(x, y), (x + w * U, y), (x + w * U, y + h * U), (x, y + h * U)]


def _shape(color: Color, place: str) -> list[tuple[float, float]]:
    """The outline of place (``s``, a field, ``h1``..``h5``, ``f``) of color's pieces."""
    if place == "s":
        x, y = CORNER_XY[color]
        return _box((x + 1, y + 1), 4, 4)
    if place == "f":
        return _finish_triangle(color)
    if place[0] == "h":
        return _box(HOME_XY[color][int(place[1:]) - 1])
    return _box(TRACK_XY[int(place)])


def _middle(xs: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)


def _arrow(color: Color, move: Move) -> str:
    """A blue arrow from move's source to its target (color moves; not a throw)."""
    assert move.source is not None and move.target is not None
    (x1, y1), (x2, y2) = _middle(_shape(color, move.source)), _middle(_shape(color, move.target))
    dx, dy = x2 - x1, y2 - y1
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / n, dy / n
    h = 0.35 * U
    head = [(x2, y2), (x2 - ux * h - uy * h * 0.6, y2 - uy * h + ux * h * 0.6),
            (x2 - ux * h + uy * h * 0.6, y2 - uy * h - ux * h * 0.6)]
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in head)
    return (f'<g class="arrow" data-move="{move}" fill="{ARROW}" stroke="{ARROW}" opacity="0.8">'
            f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2 - ux * h)}" y2="{_num(y2 - uy * h)}" '
            f'stroke-width="6" stroke-linecap="round"/><polygon points="{points}"/></g>')


def _targets(color: Color) -> list[str]:
    places = ["s", *(str(f) for f in range(len(TRACK_XY))), "h1", "h2", "h3", "h4", "h5", "f"]
    out = ['<g class="targets" fill="#000000" fill-opacity="0">']
    for place in places:
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in _shape(color, place))
        out.append(f'<polygon class="target" data-place="{place}" points="{points}"/>')
    out.append("</g>")
    return out


def board(b: Board, size: Optional[float] = DEFAULT_SIZE, *, coordinates: bool = True, last_move: bool = True,
          highlight: Optional[Iterable[Union[str, Move]]] = None, orientation: object = None,
          targets: bool = False) -> str:
    """The SVG picture of b, size pixels wide (16..10000), with the options
    of every game's picture:

    - ``coordinates``: the number of each track field, in its corner.
    - ``last_move``: outline the last move's source and target.
    - ``highlight``: moves of the side to act (``Move`` or text such as
      ``"s-3"``), drawn as arrows from source to target.
    - ``orientation``: the colour whose start corner is at the bottom left
      (the board turned by quarter turns; the numbers stay upright);
      ``None``, the default, is the usual picture (Green top left, Red
      bottom left).
    - ``targets``: a transparent shape over every place the side to act can
      name, so a page can tell which place a click meant (none when no side
      is to act).

    Raises ``TypeError`` for a size that is not a number or a b that is not a Ludo
    board, ``ValueError`` for a size out of range, a bad orientation or a
    highlight that is not a move of the side to act (``InvalidMoveError``,
    ``IllegalMoveError``).

    >>> from yinsh import ludo
    >>> b = ludo.Board()
    >>> for text in "r6 r3".split():
    ...     _ = b.push_str(text)
    >>> picture = board(b, highlight=["s-3"], targets=True)
    >>> picture.count('class="arrow" data-move="s-3"'), picture.count('class="target"')
    (1, 59)
    >>> 'rotate(90 ' in board(b, orientation=ludo.BLUE), board(b, coordinates=False).count("<text")
    (True, 1)
    """
    from yinsh.ludo.board import Board
    if not isinstance(b, Board):
        from yinsh.svg import wrong_board
        raise wrong_board(b, "ludo", "yinsh.ludo.svg.board")
    from yinsh.svg import check_size
    size = check_size(size, DEFAULT_SIZE)
    angle = 90 * quarter_turns(orientation)
    centre = _num(MARGIN + SIZE * U / 2)
    turn_open = (f'<g class="board" transform="rotate({angle} {centre} {centre})">' if angle
                 else '<g class="board">')
    if isinstance(highlight, (str, Move)):
        highlight = [highlight]
    arrows = [b.parse_move(m) if isinstance(m, str) else m for m in highlight or ()]
    width = 2 * MARGIN + SIZE * U
    height = width + PANEL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
           f'width="{_num(size)}" height="{_num(size * height / width)}" '
           f'viewBox="0 0 {_num(width)} {_num(height)}">',
           f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="{BACKGROUND}"/>']

    out.append(turn_open)
    # start corners
    for color in Color:
        dark, light = COLORS[color.label]
        x, y = _cell(CORNER_XY[color])
        out.append(f'<g class="corner {color.label}"><rect x="{_num(x)}" y="{_num(y)}" '
                   f'width="{_num(6 * U)}" height="{_num(6 * U)}" fill="{dark}" stroke="{LINE}"/>'
                   f'<rect x="{_num(x + U)}" y="{_num(y + U)}" width="{_num(4 * U)}" '
                   f'height="{_num(4 * U)}" rx="{_num(0.4 * U)}" fill="#ffffff"/>')
        for xy in SLOTS_XY[color]:
            cx, cy = _centre(xy)
            out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(PIECE_R + 3)}" '
                       f'fill="{light}" stroke="{dark}" stroke-width="2"/>')
        out.append("</g>")

    # track fields, home columns, finish
    for f, xy in enumerate(TRACK_XY):
        color = Color(f // 13)
        entry = f % 13 == 0
        fill = COLORS[color.label][1] if entry else "#ffffff"
        out.append(_rect(xy, "field entry" if entry else "field", fill, f' data-field="{f}"'))
        if coordinates:                   # in the field's top left corner as seen, upright
            cx, cy = _centre(xy)
            x, y = cx - U / 2 + 3, cy - U / 2 + 11
            if angle:
                x, y = _turn_back(x, y, angle, cx, cy)
            upright = f' transform="rotate({-angle} {_num(x)} {_num(y)})"' if angle else ""
            out.append(f'<text class="coordinate" x="{_num(x)}" y="{_num(y)}" font-family="{FONT}" '
                       f'font-size="10" fill="#8a7a66"{upright}>{f}</text>')
    for color in Color:
        for k, xy in enumerate(HOME_XY[color], start=1):
            out.append(_rect(xy, f"home {color.label}", COLORS[color.label][1], f' data-place="h{k}"'))
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in _finish_triangle(color))
        out.append(f'<polygon class="finish {color.label}" points="{points}" '
                   f'fill="{COLORS[color.label][0]}" stroke="{LINE}"/>')

    # pieces
    for color in b.players:
        waiting = b.in_start(color)
        for i, xy in enumerate(SLOTS_XY[color][:waiting]):
            out.append(_piece(*_centre(xy), color, "s"))
        for place in b.pieces(color):
            if place == "s" or place == "f":
                continue
            xy = HOME_XY[color][int(place[1:]) - 1] if place[0] == "h" else TRACK_XY[int(place)]
            out.append(_piece(*_centre(xy), color, place))
        done = b.finished(color)
        if done:
            # small pieces inside the triangle, from its outer side inwards
            tri = _finish_triangle(color)
            (ax, ay), (bx, by), (mx, my) = tri
            for i in range(done):
                t = (i + 1) / (done + 1)
                px, py = ax + (bx - ax) * t, ay + (by - ay) * t
                cx, cy = px + (mx - px) * 0.38, py + (my - py) * 0.38
                out.append(_piece(cx, cy, color, "f", r=PIECE_R * 0.6))

    # the last move
    mover, source, target = _last_move(b) if last_move else (None, None, None)
    if mover is not None:
        for place in (source or "", target or ""):
            out.append(_outline(_shape(mover, place), place))
    if b.turn is not None:
        out += [_arrow(b.turn, move) for move in arrows if not move.is_throw()]
    out.append("</g>")

    # status and dice
    y0 = MARGIN + SIZE * U + 0.25 * U
    turn = b.turn
    dot = COLORS[turn.label][0] if turn is not None else "#888888"
    out.append(f'<circle cx="{_num(MARGIN + 0.35 * U)}" cy="{_num(y0 + 0.55 * U)}" '
               f'r="{_num(0.3 * U)}" fill="{dot}" stroke="#1d1d1d" stroke-width="1.5"/>')
    out.append(f'<text class="status" x="{_num(MARGIN + 0.85 * U)}" y="{_num(y0 + 0.72 * U)}" '
               f'font-family="{FONT}" font-size="{_num(0.5 * U)}" fill="#1d1d1d">'
               f'{escape(status(b))}</text>')
    for i, value in enumerate(b.dice):
        out.append(_die(width - MARGIN - (3 - i) * 1.3 * U, y0, value, 1.1 * U))
    if targets and b.turn is not None and not b.is_game_over():
        out += [turn_open, *_targets(b.turn), "</g>"]
    out.append("</svg>")
    return "\n".join(out)
