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

__all__ = ["InvalidMoveError", "IllegalMoveError", "InvalidActionError", "InvalidPositionError",
           "illegal_action", "invalid_position"]


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


def illegal_action(action: int, exc: IllegalMoveError) -> IllegalMoveError:
    """The error of ``push_action(action)`` from the error of the action's
    move (``illegal move c3: why``): ``illegal action 14 (c3): why``.

    >>> print(illegal_action(14, IllegalMoveError("illegal move c3: the square is taken")))
    illegal action 14 (c3): the square is taken
    """
    move, _, why = str(exc).removeprefix("illegal move ").partition(": ")
    return IllegalMoveError(f"illegal action {action} ({move}): {why}")
