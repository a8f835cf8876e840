"""Exceptions raised by yinsh. All of them are ``ValueError`` subclasses.

Every game words them the same way (the games' boards, their action ids
and position strings): ``invalid move 'zz': ...`` for text that is not an
action, ``illegal move e5: ...`` for one the position does not allow,
``invalid action 9999: ...`` / ``illegal action 14 (c3): ...`` for action
ids, ``invalid position '...': ...`` for position strings; the part after
the colon says why.

>>> import yinsh
>>> yinsh.Board().push_str("e5-e6")
Traceback (most recent call last):
...
yinsh.errors.IllegalMoveError: illegal move e5-e6: White must place a ring now
>>> yinsh.insert.Board("6/6/6/6/6/6")
Traceback (most recent call last):
...
yinsh.errors.InvalidPositionError: invalid position '6/6/6/6/6/6': a position string has 4 fields separated by spaces (rings marks turn last), not 1
"""

import contextlib
import operator
from typing import Iterator, Optional

from yinsh import games
from yinsh.game_check import GameLoadError
from yinsh.game_kind import GameKind

__all__ = ["InvalidMoveError", "IllegalMoveError", "InvalidActionError", "InvalidPositionError",
           "action_id", "illegal_action", "invalid_position", "game_of", "not_a_move", "not_a_board", "missing_core",
           "reading_position"]


class InvalidMoveError(ValueError):
    """Text that is not an action of the game's notation (``e5``, ``e5-e9``,
    ``xe5-e9``, ``xa2``, ``pass`` in Yinsh), or a point that is not on the
    board."""


class IllegalMoveError(ValueError):
    """A well-formed action that the position does not allow; the message
    says why."""


class InvalidActionError(InvalidMoveError, IllegalMoveError):
    """An action id (the machine-learning interface) out of range or naming
    no action of the game: an ``InvalidMoveError`` and an
    ``IllegalMoveError``, so code catching either for ``push_action`` sees
    it."""


class InvalidPositionError(ValueError):
    """A position string that is malformed or describes an impossible
    position."""


def _shown(text: str, limit: int = 200) -> str:
    """repr(text) for an error message, cut short for a long text."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit // 2]!r}... ({len(text)} characters)"


def invalid_position(text: str, why: object) -> InvalidPositionError:
    """The error of a game's ``Board(text)``: ``invalid position '<text>':
    <why>``."""
    return InvalidPositionError(f"invalid position {_shown(text)}: {why}")


def missing_core(module: str, what: str, exc: ImportError) -> ImportError:
    """The error of a game's package whose compiled core (module, named
    ``what`` in the message) does not import (exc): how to build it.

    >>> print(missing_core("yinsh.insert._core", "Insert core", ImportError("not found")))
    yinsh's compiled Insert core (yinsh.insert._core) is missing or failed to load; build it with `pip install .` (needs a C compiler): not found
    """
    return ImportError(f"yinsh's compiled {what} ({module}) is missing or failed to load; "
                       f"build it with `pip install .` (needs a C compiler): {exc}")


@contextlib.contextmanager
def reading_position(text: str) -> Iterator[None]:
    """Around a game's ``Board(text)``: an ``InvalidPositionError`` of the
    reading (``why``) becomes ``invalid_position(text, why)``.

    >>> with reading_position("x"):
    ...     raise InvalidPositionError("one field, not 7")
    Traceback (most recent call last):
    ...
    yinsh.errors.InvalidPositionError: invalid position 'x': one field, not 7
    """
    try:
        yield
    except InvalidPositionError as exc:
        raise invalid_position(text, exc) from None


def action_id(action: object, count: int) -> int:
    """action as an action id 0..count-1: ``TypeError`` for a non-integer
    (bools included), ``InvalidActionError`` for an id out of range.

    >>> action_id(35, 36)
    35
    >>> action_id(36, 36)
    Traceback (most recent call last):
    ...
    yinsh.errors.InvalidActionError: invalid action 36: out of range (0..35)
    """
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        raise TypeError(f"expected int, not {type(action).__name__}: an action id")
    value = operator.index(action)  # type: ignore[arg-type]
    if not 0 <= value < count:
        raise InvalidActionError(f"invalid action {value}: out of range (0..{count - 1})")
    return value


def illegal_action(action: int, exc: IllegalMoveError) -> IllegalMoveError:
    """The error of ``push_action(action)`` from the error of the action's
    move (``illegal move c3: why``): ``illegal action 14 (c3): why``.

    >>> print(illegal_action(14, IllegalMoveError("illegal move c3: the square is taken")))
    illegal action 14 (c3): the square is taken
    """
    move, _, why = str(exc).removeprefix("illegal move ").partition(": ")
    return IllegalMoveError(f"illegal action {action} ({move}): {why}")


def _named(kind: GameKind) -> tuple[str, str]:
    """A game's name in messages and the prefix of its classes as ``import
    yinsh`` reaches them (its board's: ``yinsh.insert.``)."""
    from yinsh.game_kind import board_name
    return kind.title, board_name(kind).rpartition(".")[0] + "."


def game_of(value: object) -> Optional[tuple[str, str]]:
    """The game of a value of one of the registered games (``yinsh.games``),
    as (its name, the prefix of its classes), from the package of the
    value's class (that of the game's description); None for anything else.

    >>> import yinsh
    >>> game_of(yinsh.insert.Move.from_str("c4")), game_of(yinsh.Board()), game_of("e5")
    (('Insert', 'yinsh.insert.'), ('Yinsh', 'yinsh.'), None)
    """
    module = type(value).__module__
    for name in games.GAMES:
        try:
            kind = games.GAMES[name]
        except GameLoadError:                    # a broken plugin: not this value's game
            continue
        package = type(kind).__module__.rpartition(".")[0]
        if package and module.startswith(package + "."):
            return _named(kind)
    return None


def _wrong(where: str, game: str, what: str, value: object) -> TypeError:
    own_name, own_prefix = _named(games.get(game))
    other = game_of(value)
    if other is not None and other[0] != own_name:
        kind = "move" if what == "Move" else "board"
        article = "an" if other[0][0] in "AEIOU" else "a"
        return TypeError(f"{where} expects a {own_prefix}{what}, not {article} {other[0]} {kind} "
                         f"({other[1]}{what})")
    if isinstance(value, str):
        hint = ("for text use board.push_str(text) or board.parse_move(text)" if what == "Move"
                else "for a position use Board(text)")
        return TypeError(f"{where} expects a {own_prefix}{what}, not str ({_shown(value, 40)}): {hint}")
    return TypeError(f"{where} expects a {own_prefix}{what}, not {type(value).__name__}")


def not_a_move(where: str, game: str, value: object) -> TypeError:
    """The error of a game's ``push`` (``where``) given something that is
    not a move of that game (``game``: its name in the registry,
    ``yinsh.games``): it names the game of a move of another game, and points
    text to ``push_str``.

    >>> import yinsh
    >>> print(not_a_move("push", "yinsh", yinsh.insert.Move.from_str("a1")))
    push expects a yinsh.Move, not an Insert move (yinsh.insert.Move)
    >>> print(not_a_move("push", "ludo", "r6"))
    push expects a yinsh.ludo.Move, not str ('r6'): for text use board.push_str(text) or board.parse_move(text)
    """
    return _wrong(where, game, "Move", value)


def not_a_board(where: str, game: str, value: object) -> TypeError:
    """As ``not_a_move`` for a function that takes a board of one game
    (``perft``, ``divide``).

    >>> import yinsh
    >>> print(not_a_board("yinsh.perft", "yinsh", yinsh.insert.Board()))
    yinsh.perft expects a yinsh.Board, not an Insert board (yinsh.insert.Board)
    """
    return _wrong(where, game, "Board", value)
