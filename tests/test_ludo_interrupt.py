"""Ctrl-C (SIGINT) stops Ludo's long compiled calls within milliseconds:
perft, divide and random playouts raise the handler's exception (see
tests/test_interrupt.py for the method)."""
import sys

import pytest

from yinsh import ludo
from test_interrupt import MARGIN, Boom, _raise_boom, interrupted

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def test_perft_raises_keyboard_interrupt_at_once():
    board = ludo.Board()
    exc, latency = interrupted(lambda: ludo.perft(board, 18))            # hours without the interrupt
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert ludo.perft(board, 5) == 5226                                    # nothing left behind


def test_perft_raises_the_handlers_own_exception():
    exc, latency = interrupted(lambda: ludo.perft(ludo.Board(players=2), 18), handler=_raise_boom)
    assert type(exc) is Boom and latency < MARGIN


def test_divide_raises_keyboard_interrupt_at_once():
    exc, latency = interrupted(lambda: ludo.divide(ludo.Board(), 18))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN


def test_random_playouts_raise_keyboard_interrupt_at_once():
    exc, latency = interrupted(lambda: ludo.random_playouts(10**7, seed=3))   # a minute
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert ludo.random_playouts(10, seed=3).games == 10
