"""Independent pure-Python reference rules of Yinsh, the differential-test oracle."""

from .yinsh_ref import (  # noqa: F401
    IllegalActionError,
    InvalidActionError,
    RefGame,
    divide,
    perft,
    random_game,
    replay,
)
