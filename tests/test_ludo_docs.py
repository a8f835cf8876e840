"""The examples of docs/ludo.md run as doctests, and its figures are the
pictures its commands draw."""
import doctest
from pathlib import Path

from yinsh import ludo

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_examples_of_the_ludo_page():
    failures, attempted = doctest.testfile(str(DOCS / "ludo.md"), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted > 10 and failures == 0


def test_figures_are_up_to_date():
    board = ludo.Board("11R1/2G10/3B3Y5/G7B2R1 5/3Y1/5/4R 2110 G - standard -")
    for text in "r6 r5 39-50".split():
        board.push_str(text)
    assert (DOCS / "img" / "ludo-capture.svg").read_text() == ludo.svg.board(board)
    board = ludo.Board("2B2R2R4/13/2BB1Y7/5R7 5/5/2B2/5 1100 B 661 standard -")
    assert (DOCS / "img" / "ludo-six-six-one.svg").read_text() == ludo.svg.board(board, size=400)
