"""Ludo position strings (LUDO.md): seven fields, one space apart.

    <track> <home> <finished> <turn> <dice> <variant> <order>

========  ====================================================================
track     fields 0..51 in four groups of 13 (from 0, 13, 26, 39), ``/``
          between them: ``G`` ``Y`` ``B`` ``R`` a piece, a number a run of
          empty fields (maximal runs, never across a ``/``)
home      the home columns of G, Y, B, R (h1 to h5), ``/`` between them,
          written the same way with the column's own letter
finished  four characters for G Y B R: pieces in the finish (0..4), ``-``
          for a colour not in play; the start corner holds the rest
turn      the colour to act, ``-`` once the game is over
dice      this turn's throws: ``-``, ``4``, ``6``, ``63``, ``66``, ``661``
variant   ``standard`` or ``places``
order     the colours that finished, in order, or ``-``
========  ====================================================================

Parsing is case-insensitive and checks that the position could occur (the
consistency check of the compiled core); output is canonical, so
``Board(board.position()).position() == board.position()``.

>>> state = parse_position("3G9/13/13/13 5/5/5/5 0000 Y - standard -")
>>> state.pm[0] == 1 << 3, state.turn, state.players
(True, 1, 15)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from yinsh.errors import InvalidPositionError

if TYPE_CHECKING:
    from yinsh.ludo._core import CoreBoard

__all__ = ["ParsedPosition", "parse_position", "format_position", "VARIANTS", "NO_TURN"]

LETTERS = "GYBR"
#: The variants' names (the ``<variant>`` field of a position string).
VARIANTS = ("standard", "places")
NO_TURN = 4                     # the core's turn once the game is over
GROUP = 13                      # track fields per group
HOME = 5                        # fields of a home column


class ParsedPosition(NamedTuple):
    """The arguments of ``CoreBoard._set_state`` that a string gives."""

    pm: tuple[int, int, int, int]
    finished: tuple[int, int, int, int]
    players: int
    turn: int
    dice: tuple[int, ...]
    variant: int
    order: tuple[int, ...]


def _shown(text: str) -> str:
    shown = repr(text) if len(text) <= 40 else ""
    return shown if shown and len(shown) <= 60 else f"{text[:20]!r}... ({len(text)} characters)"


def _cells(group: str, size: int, letters: str, what: str) -> list[str]:
    """The cells of one group: a letter or "" (empty); InvalidPositionError
    unless the group is written canonically (maximal runs, no zeros)."""
    cells: list[str] = []
    i = 0
    while i < len(group):
        ch = group[i]
        if "1" <= ch <= "9":
            j = i + 1
            while j < len(group) and "0" <= group[j] <= "9":
                j += 1
            if j - i > 2 or int(group[i:j]) > size - len(cells):
                raise InvalidPositionError(f"{what}: more than {size} fields in {_shown(group)}")
            cells.extend([""] * int(group[i:j]))        # digits run on: a run is maximal
            i = j
            continue
        if ch in letters:
            cells.append(ch)
        elif ch in LETTERS:
            raise InvalidPositionError(f"{what}: a piece of {ch} cannot stand there")
        else:
            raise InvalidPositionError(f"{what}: unexpected {_shown(ch)} in {_shown(group)} "
                                       f"(expected {', '.join(letters)} or a number 1..{size})")
        if len(cells) > size:
            raise InvalidPositionError(f"{what}: more than {size} fields in {_shown(group)}")
        i += 1
    if len(cells) != size:
        raise InvalidPositionError(f"{what}: {len(cells)} fields, not {size}, in {_shown(group)}")
    return cells


def _groups(text: str, what: str) -> list[str]:
    groups = text.split("/")
    if len(groups) != 4:
        raise InvalidPositionError(f"the {what} needs four groups separated by '/', not {len(groups)}")
    return groups


def parse_position(text: str) -> ParsedPosition:
    """The state a position string describes.

    Raises ``InvalidPositionError`` (a ``ValueError``) for any ``str`` that
    is not a position string or whose position could not occur (the message
    says why), ``TypeError`` for a non-str. The final consistency checks
    (order, turn, dice, a move phase with a valid move) are the compiled
    core's, run when a board takes the state.
    """
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}: a position string")
    if not text.isascii():
        raise InvalidPositionError("a position string is ASCII text")
    fields = text.split(" ")
    if len(fields) != 7:
        raise InvalidPositionError(
            f"a position string has 7 fields one space apart "
            f"(track home finished turn dice variant order), not {len(fields)}")
    track_s, home_s, fin_s, turn_s, dice_s, variant_s, order_s = (f.upper() for f in fields)

    # finished: the colours in play
    if len(fin_s) != 4 or any(ch not in "01234-" for ch in fin_s):
        raise InvalidPositionError(f"finished: {_shown(fields[2])} is not four characters 0..4 or -")
    players = sum(1 << c for c, ch in enumerate(fin_s) if ch != "-")
    finished = tuple(0 if ch == "-" else int(ch) for ch in fin_s)

    pm = [0, 0, 0, 0]
    for g, group in enumerate(_groups(track_s, "track")):
        for i, x in enumerate(_cells(group, GROUP, LETTERS, f"track group {g + 1}")):
            if x:
                c = LETTERS.index(x)
                field = GROUP * g + i
                q = (field - GROUP * c) % 52
                if q == 51:
                    raise InvalidPositionError(
                        f"a piece of {x} on field {field}, its own E - 1 (its pieces never go there)")
                pm[c] |= 1 << q
    for c, group in enumerate(_groups(home_s, "home")):
        for k, x in enumerate(_cells(group, HOME, LETTERS[c], f"home column of {LETTERS[c]}")):
            if x:
                pm[c] |= 1 << (51 + k)

    if turn_s == "-":
        turn = NO_TURN
    elif len(turn_s) == 1 and turn_s in LETTERS:
        turn = LETTERS.index(turn_s)
    else:
        raise InvalidPositionError(f"turn: {_shown(fields[3])} is not G, Y, B, R or -")

    if dice_s == "-":
        dice: tuple[int, ...] = ()
    elif 1 <= len(dice_s) <= 3 and all("1" <= ch <= "6" for ch in dice_s):
        dice = tuple(int(ch) for ch in dice_s)
    else:
        raise InvalidPositionError(f"dice: {_shown(fields[4])} is not - or 1 to 3 throws 1..6")

    variant_l = variant_s.lower()
    if variant_l not in VARIANTS:
        raise InvalidPositionError(f"variant: {_shown(fields[5])} is not standard or places")

    if order_s == "-":
        order: tuple[int, ...] = ()
    elif (1 <= len(order_s) <= 4 and all(ch in LETTERS for ch in order_s)
          and len(set(order_s)) == len(order_s)):
        order = tuple(LETTERS.index(ch) for ch in order_s)
    else:
        raise InvalidPositionError(f"order: {_shown(fields[6])} is not - or distinct letters G Y B R")

    return ParsedPosition((pm[0], pm[1], pm[2], pm[3]), (finished[0], finished[1], finished[2], finished[3]),
                          players, turn, dice, VARIANTS.index(variant_l), order)


def format_position(board: CoreBoard) -> str:
    """The position string of board (written by the compiled core)."""
    return board._position()
