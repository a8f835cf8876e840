"""Bad input raises clear ValueError subclasses and never changes the board."""
import pytest

import yinsh
from yinsh import Board, IllegalMoveError, InvalidMoveError, InvalidPositionError, Move

from helpers import board as make_board
from helpers import placed
from helpers import position

@pytest.mark.parametrize("text", [
    "", " ", "e", "5", "e55", "ee5", "e5-", "-e5", "e5--e9", "e5-e9-e10", "x", "xx5", "xe5-",
    "passs", "pas", "e5 e9", "e5_e9", "z9", "é5", "e5-e9x", "x-e5", "e+5", "0", "e05x", "\x00",
])
def test_garbage_text_is_invalid(text):
    b = placed()
    before = b.position()
    with pytest.raises(InvalidMoveError):
        b.push_str(text)
    with pytest.raises(InvalidMoveError):
        Move.from_str(text)
    assert b.position() == before and len(b.move_stack) == 10


@pytest.mark.parametrize("text", ["a1", "f11", "k6", "l3", "e0", "a1-a2", "xk6", "xe0-e4", "e11"])
def test_points_off_the_board_are_invalid(text):
    with pytest.raises(InvalidMoveError, match="not a point"):
        Move.from_str(text)


def test_wrong_types():
    b = placed()
    with pytest.raises(TypeError):
        b.push("h6-h10")
    with pytest.raises(TypeError):
        b.push(None)
    with pytest.raises(TypeError):
        b.push_str(5)
    with pytest.raises(TypeError):
        Board(42)
    with pytest.raises(InvalidMoveError):
        Move.place(0)
    with pytest.raises(InvalidMoveError):
        Move.move(-1, 10**30)
    for code in (-1, 0, 1 << 40, 2**31 - 1, 10**30):
        with pytest.raises(InvalidMoveError):
            Move.from_code(code)
    with pytest.raises(TypeError):
        Move.place("e5")


def test_moving_the_opponents_ring_is_illegal():
    b = placed()
    with pytest.raises(IllegalMoveError, match="White has no ring on g6"):
        b.push_str("g6-g7")
    assert len(b.move_stack) == 10


def test_illegal_ring_moves_say_why():
    b = placed()
    before = b.position()
    for text, why in [("h6-i8", "not on one line"), ("h6-h6", "must move"),
                      ("g8-g11", "ring on g11"), ("e5", "must move a ring"),
                      ("xh6", "must move a ring"), ("xe5-e9", "must move a ring"),
                      ("pass", "may not pass")]:
        with pytest.raises(IllegalMoveError, match=why):
            b.push_str(text)
        with pytest.raises(IllegalMoveError):
            b.parse_move(text)
        assert b.position() == before


def test_removing_a_non_row_is_illegal():
    b = make_board("f7", "k7", white_markers="f3 f4 f5 f6")
    b.push_str("f7-g7")
    before = b.position()
    for text in ["xf2-f6", "xf4-f8", "xf3-f6", "xf3-j7", "xa2"]:
        with pytest.raises(IllegalMoveError):
            b.push_str(text)
        assert b.position() == before
    b.push_str("xf3-f7")
    with pytest.raises(IllegalMoveError, match="Black has no ring|White has no ring"):
        b.push_str("xk7")           # Black's ring, White must remove its own
    with pytest.raises(IllegalMoveError):
        b.push_str("xf3-f7")


def test_acting_after_the_game_is_over():
    b = make_board("f7", "k7", white_markers="f3 f4 f5 f6", variant="blitz")
    for text in ["f7-g7", "xf3-f7", "xg7"]:
        b.push_str(text)
    assert b.is_game_over()
    for text in ["a2-a3", "pass", "e5", "xa2"]:
        with pytest.raises(IllegalMoveError, match="game is over"):
            b.push_str(text)


GOOD = position("e5 a2 a3 a4 a5", "k7 k8 k9 k10 j11", "e6", "e7")


@pytest.mark.parametrize("text,why", [
    ("", "7 fields"),
    ("garbage", "7 fields"),
    (GOOD.rsplit(" ", 1)[0], "7 fields"),                                      # truncated
    (GOOD + " extra", "7 fields"),
    (GOOD.replace("standard", "speedy"), "unknown variant"),
    (GOOD.replace(" w move", " x move"), "side to act"),
    (GOOD.replace(" move ", " dance "), "unknown phase"),
    (GOOD.replace("0:0", "0-0"), "removed"),
    (GOOD.replace("0:0", "9:0"), "0 to 5"),
    (GOOD.replace(" - 0:0 0 ", " - 0:0 7 "), "passes"),
    (GOOD.replace(" - 0:0", " w 0:0"), "next field"),
    ("4/7/8/9/10/9/10/9/8/7 w place - 0:0 0 standard", "rows"),
    ("5/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard", "row 11"),
    ("4/7/8/9/10/9/10/9/8/7/3Q w place - 0:0 0 standard", "not a piece"),
    ("4/7/8/9/10/9/10/9/8/7/04 w place - 0:0 0 standard", "leading 0"),
    ("4/7/8/9/10/9/10/9/8/7/4 b place - 0:0 0 standard", "not black's turn"),
    ("W3/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard", "not white's turn"),
    ("w3/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard", "no markers"),
    (position("e5 a2 a3 a4", "k7 k8 k9 k10 j11"), "5 rings"),
    (position("e5 a2 a3 a4 a5 b1", "k7 k8 k9 k10 j11"), "more than 5"),
    (position("e5 a2 a3 a4 a5", "k7 k8 k9 k10 j11", "f2 f3 f4 f5 f6"), "row of white"),
    (position("e5 a2 a3 a4 a5", "k7 k8 k9 k10 j11", "e6", phase="remove_row", next_side="b"),
     "no row"),
    (position("e5 a2 a3 a4 a5", "k7 k8 k9 k10 j11", phase="game_over"), "game_over needs"),
    (position("a2 a3", "k7 k8 k9 k10 j11", removed="3:0"), "must be game_over"),
    (position("a2 a3", "k7 k8", removed="3:3", phase="game_over"), "both sides"),
    (position("e5 a2 a3 a4 a5", "k7 k8 k9 k10 j11", passes=2), "two passes"),
])
def test_bad_position_strings(text, why):
    with pytest.raises(InvalidPositionError, match=why):
        Board(text)


def test_more_than_51_markers():
    names = [yinsh.point_name(p) for p in yinsh.POINTS]
    rings_w, rings_b = names[:5], names[5:10]
    markers = names[10:62]
    white = [m for i, m in enumerate(markers) if i % 2]
    black = [m for i, m in enumerate(markers) if not i % 2]
    with pytest.raises(InvalidPositionError, match="only 51"):
        Board(position(rings_w, rings_b, white, black))


def test_contradictory_variant_argument():
    with pytest.raises(InvalidPositionError, match="standard variant"):
        Board(GOOD, variant="blitz")


def test_failed_set_up_leaves_no_half_board():
    with pytest.raises(InvalidPositionError):
        Board("4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0")
