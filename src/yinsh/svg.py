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
from typing import Any, Callable

from yinsh import games
from yinsh.game_kind import board_name

__all__ = ["board", "check_options", "check_size", "wrong_board", "MIN_SIZE", "MAX_SIZE"]

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
