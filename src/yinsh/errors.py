"""Exceptions raised by yinsh. All of them are ``ValueError`` subclasses."""


class InvalidMoveError(ValueError):
    """Text that is not an action of the notation (``e5``, ``e5-e9``,
    ``xe5-e9``, ``xa2``, ``pass``), or a point that is not on the board."""


class IllegalMoveError(ValueError):
    """A well-formed action that the position does not allow; the message
    says why."""


class InvalidPositionError(ValueError):
    """A position string that is malformed or describes an impossible
    position."""
