"""Ctrl-C (SIGINT) stops Insert's long compiled calls (perft, divide,
random playouts) within milliseconds; see tests/test_interrupt.py for the
method."""
import sys

import pytest

from yinsh import insert

from test_interrupt import MARGIN, Boom, _raise_boom, interrupted

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def test_perft_raises_keyboard_interrupt_at_once():
    board = insert.Board()                           # depth 16: far more than hours
    exc, latency = interrupted(lambda: insert.perft(board, 16))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert insert.perft(board, 4) == 5042            # nothing left behind


def test_perft_raises_the_handlers_own_exception():
    board = insert.Board(layout=5000)
    exc, latency = interrupted(lambda: insert.perft(board, 16), handler=_raise_boom)
    assert type(exc) is Boom and latency < MARGIN


def test_divide_raises_keyboard_interrupt_at_once():
    board = insert.Board()
    exc, latency = interrupted(lambda: insert.divide(board, 16))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN


def test_random_playouts_raise_keyboard_interrupt_at_once():
    exc, latency = interrupted(lambda: insert.random_playouts(10**9, seed=3, layout="random"))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert insert.random_playouts(10, seed=3).games == 10
