"""Command-line argument helpers shared by every command of the library:
``yinsh`` and its subcommands (``yinsh.cli``), the web server's options
(``yinsh serve``) and the trainer's (``yinsh.nn.config``). They hold
nothing of any game or layer, so any layer may import them.

>>> positive_float("0.5")
0.5
>>> positive_float("-1")
Traceback (most recent call last):
argparse.ArgumentTypeError: must be a positive number: -1
"""
from __future__ import annotations

import argparse
import math
from typing import Callable, Optional

__all__ = ["CommandError", "Parser", "int_in", "nonnegative_int", "positive_int", "positive_float"]


class CommandError(Exception):
    """A user error: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (see --help)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def int_in(lo: Optional[int] = None, hi: Optional[int] = None) -> Callable[[str], int]:
    """An argparse type: a whole number between lo and hi (inclusive; no
    bound on a side given as None). Its errors are one-line usage errors.

    >>> depth = int_in(1, 64)
    >>> depth("12")
    12
    >>> depth("65")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be between 1 and 64, not 65
    >>> int_in(0)("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must not be negative: -1
    """
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
        if lo is not None and hi is not None:
            if not lo <= value <= hi:
                raise argparse.ArgumentTypeError(f"must be between {lo} and {hi}, not {value}")
        elif lo is not None and value < lo:
            raise argparse.ArgumentTypeError(f"must not be negative: {value}" if lo == 0
                                             else f"must be at least {lo}, not {value}")
        elif hi is not None and value > hi:
            raise argparse.ArgumentTypeError(f"must be at most {hi}, not {value}")
        return value

    convert.__name__ = f"int_in({lo}, {hi})"
    return convert


#: An argparse type: a whole number, 0 or more.
nonnegative_int = int_in(0)
#: An argparse type: a whole number, 1 or more.
positive_int = int_in(1)


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text}")
    return value
