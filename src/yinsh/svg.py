"""Pictures of a board of any game: ``yinsh.svg.board(board)`` draws it with
its own game's module (``yinsh.yinsh.svg``, ``yinsh.insert.svg``,
``yinsh.ludo.svg``).

Every game's picture takes the same options, each meaning the same thing
(python-chess's ``chess.svg.board`` is the model; its ``lastmove`` and
``arrows`` are ``last_move`` and ``highlight`` here):

- ``size``: the width in pixels (a number, 16..10000; ``None``: the game's
  default, 480, Insert 400).
- ``coordinates``: the names of the places along the edges (Yinsh's and
  Insert's columns and rows, Ludo's field numbers).
- ``orientation``: the side drawn at the bottom (Yinsh ``WHITE``/``BLACK``,
  Insert ``WHITE``/``RED``: a half turn; Ludo: the colour whose corner is
  at the bottom left, by quarter turns; ``None`` for Ludo's usual picture).
- ``last_move``: mark the last action of the move stack.
- ``highlight``: places or moves to mark (Yinsh: points and actions; Insert:
  squares; Ludo: moves of the side to act, as arrows).
- ``targets``: a transparent shape over each place, for clicks.

Insert also takes ``allowed`` (shade the squares allowed now). A wrong type
is a ``TypeError``, a bad value a ``ValueError``, an option no game has a
``TypeError`` that lists them.

>>> import yinsh
>>> from yinsh import insert, ludo
>>> all(yinsh.svg.board(b).startswith("<svg") for b in (yinsh.Board(), insert.Board(), ludo.Board()))
True
>>> [len(yinsh.svg.board(b, orientation=None if b is l else 1, coordinates=False)) > 0
...  for l in [ludo.Board()] for b in (yinsh.Board(), insert.Board(), l)]
[True, True, True]
>>> yinsh.svg.board("e5")
Traceback (most recent call last):
TypeError: not a board of a known game: str
>>> yinsh.svg.board(ludo.Board(), lastmove=None)
Traceback (most recent call last):
...
TypeError: yinsh.ludo.svg.board takes no option 'lastmove' (its options: size, coordinates, last_move, highlight, orientation, targets)
"""
from __future__ import annotations

import inspect
import math
from typing import Any, Callable, Optional

from yinsh import games
from yinsh.game_kind import board_name

__all__ = ["board", "check_options", "check_size", "wrong_board", "Writer", "MIN_SIZE", "MAX_SIZE"]

#: The bounds of the pictures' width in pixels.
MIN_SIZE, MAX_SIZE = 16, 10000


def board(board: Any, **options: Any) -> str:
    """The SVG picture of ``board`` (a ``Board`` of Yinsh, Insert or Ludo),
    drawn by its game's ``svg.board`` with the keyword ``options`` (the
    module's list: ``size``, ``coordinates``, ``orientation``,
    ``last_move``, ``highlight``, ``targets``)."""
    game = games.of_board(board)
    draw = game.svg.board
    check_options(draw, f"{game.svg.__name__}.board", options)
    return str(draw(board, **options))


def check_options(function: Callable[..., Any], name: str, options: dict[str, Any]) -> None:
    """A ``TypeError`` naming the option of options that function (called
    name in the message) does not take, and the options it does take."""
    parameters = list(inspect.signature(function).parameters.values())[1:]
    known = [p.name for p in parameters if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for option in options:
        if option not in known:
            raise TypeError(f"{name} takes no option {option!r} (its options: {', '.join(known)})")


def check_size(size: object, default: float) -> float:
    """The width of a picture: size (``None``: default); ``TypeError`` for
    a non-number, ``ValueError`` out of range."""
    if size is None:
        return default
    if isinstance(size, bool) or not isinstance(size, (int, float)):
        raise TypeError(f"size must be a number of pixels, not {type(size).__name__}")
    if not (math.isfinite(size) and MIN_SIZE <= size <= MAX_SIZE):
        raise ValueError(f"size must be a number of pixels between {MIN_SIZE} and {MAX_SIZE}, "
                         f"not {size!r}")
    return size


def wrong_board(board: object, name: str, function: str) -> TypeError:
    """The error of a game's picture function (``function``, its full name,
    in the game's svg module) given something that is not a board of that
    game (the game ``name``): for a board of another game it names the
    functions that draw it.

    >>> from yinsh import insert
    >>> print(wrong_board(insert.Board(), "yinsh", "yinsh.yinsh.svg.board"))
    yinsh.yinsh.svg.board: this is a yinsh.insert.Board; draw it with yinsh.insert.svg.board or yinsh.svg.board
    >>> print(wrong_board("e5", "yinsh", "yinsh.yinsh.svg.board"))
    yinsh.yinsh.svg.board: expected a yinsh.Board, not str
    """
    try:
        other = games.of_board(board)
    except TypeError:
        expected = board_name(games.GAMES[name]) if name in games.GAMES else f"board of {name}"
        return TypeError(f"{function}: expected a {expected}, not {type(board).__name__}")
    what = function.rpartition(".")[2]
    return TypeError(f"{function}: this is a {board_name(other)}; draw it with "
                     f"{other.svg.__name__}.{what} or yinsh.svg.{what}")


class Writer:
    """The SVG writer of the games' pictures: ``start`` the picture, ``open``
    and ``close`` a group, ``add`` an element, ``text()`` the markup. A
    keyword names an attribute (``class_`` is ``class``, ``stroke_width``
    ``stroke-width``); a ``None`` value leaves it out; numbers are written
    with at most two decimals (``Writer.value``).

    Most elements of a picture (a board's lines and marks, rings, targets)
    are the same in every picture, so each is written once and kept (a
    server draws many pictures); its key compares values by ``==``, so they
    are text and numbers, never bools (``True == 1``).

    >>> svg = Writer()
    >>> svg.start(100, 10, 5, 1, "#fff")
    >>> svg.add("circle", class_="ring", cx=2.5, cy=1 / 3, r=1, stroke_width=None)
    >>> svg.close("svg")
    >>> print(svg.text(), end="")
    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100" height="50" viewBox="0 0 10 5">
    <rect class="background" x="0" y="0" width="10" height="5" rx="1" fill="#fff"/>
    <circle class="ring" cx="2.5" cy="0.33" r="1"/>
    </svg>
    """

    def __init__(self) -> None:
        self.parts: list[str] = []

    def start(self, size: float, width: float, height: float, radius: float, background: object) -> None:
        """Opens the picture, size pixels wide, of width x height units, and
        draws its background (a rectangle with corners of radius)."""
        self.open("svg", xmlns="http://www.w3.org/2000/svg", version="1.1",
                  width=float(size), height=float(size * height / width),
                  viewBox=f"0 0 {self.value(width)} {self.value(height)}")
        self.add("rect", class_="background", x=0, y=0, width=width, height=height, rx=radius,
                 fill=background)

    def add(self, tag: str, text: Optional[str] = None, **attrs: object) -> None:
        """An element tag with its text (none: an empty element)."""
        key = (tag, text, *attrs.items())
        element = _ELEMENTS.get(key)
        if element is None:
            if text is None:
                element = f"<{tag} {_fields(attrs)}/>"
            else:
                element = f"<{tag} {_fields(attrs)}>{_escape(text)}</{tag}>"
            if len(_ELEMENTS) >= 20000:
                _ELEMENTS.clear()
            _ELEMENTS[key] = element
        self.parts.append(element)

    def open(self, tag: str, **attrs: object) -> None:
        """Opens the element tag (a group)."""
        self.parts.append(f"<{tag} {_fields(attrs)}>")

    def close(self, tag: str) -> None:
        """Closes the element tag."""
        self.parts.append(f"</{tag}>")

    def text(self) -> str:
        """The markup, one element a line."""
        return "\n".join(self.parts) + "\n"

    @staticmethod
    def value(value: object) -> str:
        """An attribute's text: a float with at most two decimals
        (``"0.33"``, ``"2"``), anything else as text, escaped."""
        if isinstance(value, float):
            text = _NUMBERS.get(value)
            if text is None:
                text = f"{value:.2f}".rstrip("0").rstrip(".")
                if value != 0:                      # -0.0 == 0.0 as keys, not as text
                    if len(_NUMBERS) >= 4096:
                        _NUMBERS.clear()
                    _NUMBERS[value] = text
            return text
        return _escape(str(value))


#: Each keyword's attribute name, the text of each number drawn (a picture
#: draws the same few hundred coordinates again and again) and each element.
_NAMES: dict[str, str] = {}
_NUMBERS: dict[float, str] = {}
_ELEMENTS: dict[tuple[object, ...], str] = {}


def _fields(attrs: dict[str, object]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        out.append(f'{name}="{Writer.value(value)}"')
    return " ".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
