"""Bad input raises clear ValueError subclasses and never changes the board."""
import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import Board, IllegalMoveError, InvalidMoveError, InvalidPositionError, Move

from helpers import board as make_board
from helpers import placed
from helpers import position
from yinsh.yinsh.actions import move_to_action
from yinsh.yinsh.position import parse_position

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


# ---------------------------------------------------------------------------
# Non-text where text is expected: a TypeError naming str, on every call.
# (A `str text` argument of the compiled core used to let None through, and
# the first call's TypeError was followed by reads of memory that is not a
# str: ValueError "character U+a865ea00 is not in range" on later calls.)
# ---------------------------------------------------------------------------

NOT_TEXT = [None, b"e5", bytearray(b"e5"), 5, 5.0, ["e5"], ("e5",), {"e5": 1}, object()]


def _text_entry_points(board):
    """(name, call) for every entry point that reads an action, point or
    position from text."""
    return [
        ("push_str", board.push_str),
        ("parse_move", board.parse_move),
        ("Move.from_str", Move.from_str),
        ("parse_point", yinsh.parse_point),
        ("parse_position", parse_position),
        ("Board", Board),
    ]


@pytest.mark.parametrize("value", NOT_TEXT, ids=lambda v: type(v).__name__)
def test_non_text_raises_type_error_every_time(value):
    b = placed()
    before = b.position()
    for name, call in _text_entry_points(b):
        if name == "Board" and value is None:
            continue                     # Board(None) is the documented new game
        for _ in range(5):               # the old fault showed from the second call on
            with pytest.raises(TypeError, match=f"expected str, not {type(value).__name__}"):
                call(value)
    assert b.position() == before and len(b.move_stack) == 10


def test_none_then_good_text_still_parses():
    b = placed()
    for _ in range(5):
        with pytest.raises(TypeError):
            b.push_str(None)
        with pytest.raises(TypeError):
            Move.from_str(None)
        with pytest.raises(TypeError):
            yinsh.parse_point(None)
        assert Move.from_str("h6-h10") == b.parse_move("h6-h10")
        assert yinsh.parse_point("e5") == yinsh.E5


def test_variant_names_must_be_text():
    for value in (None, 3, b"blitz", ["blitz"]):
        if value is not None:
            with pytest.raises(TypeError, match="expected str"):
                Board(variant=value)
        with pytest.raises(TypeError, match="expected str"):
            yinsh.BatchGames(2, variant=value)


def test_ml_move_parser_types():
    for value in (None, b"e5", 5, 5.0, ["e5"]):
        with pytest.raises(TypeError, match=f"not {type(value).__name__}"):
            move_to_action(value)
    with pytest.raises(InvalidMoveError):
        move_to_action("e\u0665")


# ---------------------------------------------------------------------------
# Any str: played, or the documented ValueError subclass, board unchanged.
# ---------------------------------------------------------------------------

ODD_TEXT = [
    "\x00", "e5\x00", "\x00e5", "e\x005", "\ud800", "e5\ud800", "\udfff-e5", "\U0010ffff",
    "e\u0665", "\u0665", "e\uff15", "\uff45\uff15", "\uff45\uff15-\uff45\uff19", "\u212a7",   # Kelvin sign K
    "e\u00b2", "e5\u2003", "\u3000e5", "e5\u00a0-e9", "e\U0001d7d3", "x" * 200_000,
    "e5" * 100_000, "5" * 200_000, "-" * 200_000, "e" + "5" * 200_000, "x" + "e5-" * 66_666,
    "\ud800" * 200_000, "\x00" * 200_000, " " * 200_000, "pass" + "\x00", "PASS\u0131",
]


@pytest.mark.parametrize("text", ODD_TEXT, ids=lambda t: repr(t[:12]) + f"/{len(t)}")
def test_odd_text_is_an_invalid_move(text):
    b = placed()
    before = b.position()
    for call in (b.push_str, b.parse_move, Move.from_str, yinsh.parse_point):
        with pytest.raises(InvalidMoveError) as info:
            call(text)
        assert len(str(info.value)) < 300           # long texts are cut short in messages
    assert b.position() == before and len(b.move_stack) == 10


def test_ascii_text_around_a_move_still_parses():
    assert Move.from_str(" \tXE9-E5\n") == Move.from_str("xe5-e9")
    assert yinsh.parse_point(" E5 ") == yinsh.E5


def test_str_subclasses_are_text():
    class Text(str):
        def strip(self):            # not called: the parser reads the characters
            raise AssertionError
    b = placed()
    assert b.push_str(Text("h6-h10")) == Move.from_str("h6-h10")
    assert yinsh.parse_point(Text("e5")) == yinsh.E5
    assert Board(Text(b.position())) == b


def _odd_positions():
    good = GOOD
    board_part = good.split()[0]
    return [
        "\x00", "\ud800", good + "\x00", good.replace(" ", "\x00"), good.replace(" w ", " \ud800 "),
        good.replace("0:0", "\u0660:\u0660"), good.replace("0:0", "\uff10:\uff10"),
        good.replace(" - 0:0 0 ", " - 0:0 \u0660 "), good.replace("0:0", "0:+0"),
        good.replace("0:0", "0_0:0"), good.replace("0:0", "00:0"), good.replace(" - 0:0 0 ", " - 0:0 -0 "),
        good.replace(" - 0:0 0 ", " - 0:0 " + "0" * 5000 + " "),
        good.replace("0:0", "1" * 5000 + ":0"), good.replace(" ", "\u2003"), good.replace(" ", "\u3000"),
        board_part.replace("4", "\u0664", 1) + good[len(board_part):],
        board_part.replace("4", "\uff14", 1) + good[len(board_part):],
        board_part.replace("4", "9" * 200_000, 1) + good[len(board_part):],
        board_part.replace("4", "1" + "0" * 5000, 1) + good[len(board_part):],
        "/" * 200_000 + good[len(board_part):], good * 20_000, "x" * 200_000, " " * 200_000,
        good.replace("standard", "standard\u0131"), good.replace("standard", "STANDARD"),
        good.replace("move", "mov\u0435"),                          # Cyrillic e
    ]


@pytest.mark.parametrize("text", _odd_positions(), ids=lambda t: repr(t[:12]) + f"/{len(t)}")
def test_odd_text_is_an_invalid_position(text):
    with pytest.raises(InvalidPositionError) as info:
        Board(text)
    assert len(str(info.value)) < 400


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=30) | st.text(alphabet="abcdefghijkxpsXE-0123456789 \x00\ud800\u0665\uff15\u212a",
                                      max_size=12))
def test_any_str_parses_or_raises_invalid_move(text):
    b = placed()
    before = b.position()
    for call in (b.parse_move, Move.from_str, yinsh.parse_point):
        try:
            call(text)
        except (InvalidMoveError, IllegalMoveError):
            pass
    assert b.position() == before
    try:
        move = b.push_str(text)
    except (InvalidMoveError, IllegalMoveError):
        assert b.position() == before and len(b.move_stack) == 10
    else:
        assert text.isascii() and b.move_stack[-1] == move and len(b.move_stack) == 11


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(GOOD)), st.integers(0, 3), st.text(min_size=1, max_size=3))
def test_any_edit_of_a_position_string_parses_or_raises_invalid_position(at, cut, insert):
    text = GOOD[:at] + insert + GOOD[at + cut:]
    try:
        board = Board(text)
    except InvalidPositionError:
        return
    assert text.isascii() and board._is_ok()
    assert Board(board.position()).position() == board.position()


@settings(max_examples=200, deadline=None)
@given(st.none() | st.binary() | st.integers() | st.floats() | st.lists(st.text(max_size=3)))
def test_any_non_str_raises_type_error(value):
    b = placed()
    for name, call in _text_entry_points(b):
        if name == "Board" and value is None:
            continue
        with pytest.raises(TypeError, match="expected str"):
            call(value)
    assert len(b.move_stack) == 10


# ---------------------------------------------------------------------------
# One rule where a Move is expected: push, is_legal and `in legal_moves` take
# a Move; anything else, text included, is a TypeError (text points to
# push_str / parse_move) rather than False or a silent miss.
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("where,call", [
    ("push", lambda b, m: b.push(m)),
    ("is_legal", lambda b, m: b.is_legal(m)),
    ("in legal_moves", lambda b, m: m in b.legal_moves),
])
def test_text_where_a_move_is_expected(where, call):
    b = placed()
    before = b.position()
    with pytest.raises(TypeError, match=r"expects a yinsh\.Move, not str.*push_str\(text\) or board\.parse_move"):
        call(b, "h6-h10")
    for value in (None, 5, b"h6-h10", Move.from_str("h6-h10").code):
        with pytest.raises(TypeError, match=rf"expects a yinsh\.Move, not {type(value).__name__}"):
            call(b, value)
    assert b.position() == before and len(b.move_stack) == 10
    move = b.parse_move("h6-h10")
    assert call(b, move) in (None, True)


@pytest.mark.parametrize("module", ["_core", "_board"])
def test_core_docstrings(module):
    """The compiled core's examples (pytest's doctest collection skips .so
    modules): the type rules above as documented (Move, LegalMoves and
    CoreBoard are _board's, re-exported by _core)."""
    failures, attempted = doctest.testmod(getattr(yinsh.yinsh, module), optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0


def test_core_board_base_docstrings():
    """The examples of every game's CoreBoard base (``yinsh._core_board``:
    the action stack, Move's value behaviour), compiled too."""
    from yinsh import _core_board
    failures, attempted = doctest.testmod(_core_board, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0
