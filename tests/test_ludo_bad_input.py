"""Ludo: bad input raises clear errors (ValueError subclasses for any str,
TypeError for other types) and never changes or corrupts the board."""
import doctest
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import ludo
from yinsh.ludo import IllegalMoveError, InvalidMoveError, InvalidPositionError, Move
from yinsh.ludo.position import parse_position

from ludo_helpers import NEW4, after, random_board

MOVE_PHASE = "3G9/13/13/13 5/5/5/5 0000 G 64 standard -"       # 3-13 or s-4


def unchanged(board, position, ply):
    assert board.position() == position and board.ply == ply and board._is_ok()

# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", " ", "r", "r7", "r0", "r-1", "r66", "rr6", "6", "s", "s-", "-3", "3", "3-", "s-3-", "s--3",
    "s-3-4", "x", "e5", "e5-e9", "pass", "f", "f-f", "s-s", "3-s", "f-3", "R 6",
    "é", "s\u20133", "s\u22123",
])
def test_garbage_actions_are_invalid(text):
    board = ludo.Board(MOVE_PHASE)
    for call in (board.push_str, board.parse_move, Move.from_str):
        with pytest.raises(InvalidMoveError, match=r"^invalid move '.*': "):
            call(text)
    unchanged(board, MOVE_PHASE, 0)


@pytest.mark.parametrize("text, why", [
    ("52-3", "'52' is not a field"), ("3-52", "'52' is not a field"), ("99-f", "'99' is not a field"),
    ("s-100", "'100' is not a field"), ("123456789-1", "'123456789' is not a field"),
    ("h6-f", "'h6' is not a home field"), ("h0-h1", "'h0' is not a home field"),
    ("h1-h9", "'h9' is not a home field"), ("03-5", "no leading zero"), ("3-05", "no leading zero"),
    ("f-3", "is a target only"), ("3-s", "is a source only"),
    ("r7", "a throw is r1..r6"), ("r0", "a throw is r1..r6"),
])
def test_fields_off_the_track_are_invalid_and_say_why(text, why):
    with pytest.raises(InvalidMoveError, match=why):
        Move.from_str(text)


def test_a_move_in_a_throw_phase():
    board = ludo.Board("3G9/13/13/13 5/5/5/5 0000 G - standard -")
    for text in ("3-7", "s-1", "3-4"):
        with pytest.raises(IllegalMoveError, match="a move in a throw phase: Green must throw the die first"):
            board.push_str(text)
    board.push_str("r6")
    with pytest.raises(IllegalMoveError, match="must throw the die again"):
        board.push_str("3-9")
    unchanged(board, "3G9/13/13/13 5/5/5/5 0000 G 6 standard -", 1)


def test_a_throw_in_a_move_phase():
    board = ludo.Board(MOVE_PHASE)
    for d in range(1, 7):
        with pytest.raises(IllegalMoveError, match="a throw in a move phase: Green has thrown 6 4 "
                                                   "and must move with the total 10"):
            board.push(Move.throw(d))
    with pytest.raises(IllegalMoveError, match="a throw in a move phase"):
        board.throw(random.Random(1))
    assert not board.is_legal(Move.throw(3)) and Move.throw(3) not in board.legal_moves
    unchanged(board, MOVE_PHASE, 0)


def test_after_the_game_is_over():
    board = after("13/13/13/13 4G/5/5/5 3000 G - standard -", "r1 h5-f")
    position = board.position()
    for text in ("r1", "r6", "s-1", "h5-f", "3-4"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            board.push_str(text)
    with pytest.raises(IllegalMoveError, match="throw: the game is over"):
        board.throw()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.push_action(0)
    unchanged(board, position, 2)


@pytest.mark.parametrize("text, why", [
    ("GGGGG8/13/13/13 5/5/5/5 0-0- G - standard -", "more than 4 pieces of green"),      # five pieces
    ("GGG10/13/13/13 GG3/5/5/5 0-0- G - standard -", "more than 4 pieces of green"),
    ("13/13/B12/13 5/5/5/5 0-0- G - standard -", None),                                   # fine: Blue on 26
    ("13/13/13/13 5/5/5/5 1-4- B - standard -", "exactly the colours with 4"),
    ("13/13/13/R12 5/5/5/5 0-0- G - standard -", "pieces of red, which is not in play"),   # colour not in play
    ("13/13/13/13 5/5/5/5 0-0- R - standard -", "red's, which is not in play"),
    ("13/13/13/13 5/5/5/5 0-0- G - standard R", "exactly the colours"),
    ("12Y/13/13/13 5/5/5/5 0000 G - standard -", "piece of Y on field 12, its own E - 1"),  # blocked field
    ("13/13/13/12G 5/5/5/5 0-0- G - standard -", "piece of G on field 51, its own E - 1"),
    ("13/13/13/13 5/5/5/5 0000 G 666 standard -", "the dice 666"),
    ("13/13/13/13 5/5/5/5 0000 G 6666 standard -", "dice"),
])
def test_impossible_positions(text, why):
    if why is None:
        assert ludo.Board(text).position() == text
        return
    with pytest.raises(InvalidPositionError, match=why):
        ludo.Board(text)

# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

NOT_TEXT = [None, b"r6", bytearray(b"r6"), 6, 6.0, ["r6"], ("r6",), {"r6": 1}, object()]


@pytest.mark.parametrize("value", NOT_TEXT, ids=lambda v: type(v).__name__)
def test_non_text_raises_type_error_every_time(value):
    board = ludo.Board(MOVE_PHASE)
    for call in (board.push_str, board.parse_move, Move.from_str, parse_position):
        for _ in range(3):
            with pytest.raises(TypeError, match=f"expected str, not {type(value).__name__}"):
                call(value)
    if value is not None:
        with pytest.raises(TypeError, match=f"expected str, not {type(value).__name__}"):
            ludo.Board(value)
    unchanged(board, MOVE_PHASE, 0)


@pytest.mark.parametrize("where, call", [
    ("push", lambda b, m: b.push(m)),
    ("is_legal", lambda b, m: b.is_legal(m)),
    ("'in legal_moves'", lambda b, m: m in b.legal_moves),
    ("move_to_action", lambda b, m: b.move_to_action(m)),
])
def test_text_where_a_move_is_expected(where, call):
    board = ludo.Board(MOVE_PHASE)
    with pytest.raises(TypeError, match=r"expects a yinsh\.ludo\.Move, not str \('3-13'\): for text use board.push_str"):
        call(board, "3-13")
    for value in (None, 5, b"3-13", Move.from_str("3-13").code):
        with pytest.raises(TypeError, match=rf"expects a yinsh\.ludo\.Move, not {type(value).__name__}"):
            call(board, value)
    with pytest.raises(TypeError, match=r"not a Yinsh move \(yinsh\.Move\)"):
        call(board, yinsh.Move.from_str("e5"))                 # Yinsh's Move
    unchanged(board, MOVE_PHASE, 0)
    assert call(board, Move.from_str("3-13")) in (None, True, 7 + 3)


def test_board_arguments():
    with pytest.raises(TypeError, match="expected int, not str"):
        ludo.Board(players="4")
    with pytest.raises(TypeError, match="expected int, not bool"):
        ludo.Board(players=True)
    with pytest.raises(TypeError, match="position string"):
        ludo.Board(4)
    with pytest.raises(TypeError, match="expected str, not int"):
        ludo.Board(variant=1)
    for players in (0, 1, 5, -4, 10**30):
        with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
            ludo.Board(players=players)
    with pytest.raises(ValueError, match="unknown variant 'blitz'"):
        ludo.Board(variant="blitz")


def test_action_ids():
    board = ludo.Board(MOVE_PHASE)
    for value in (-1, 63, 64, 10**30, -(10**30)):
        with pytest.raises(InvalidMoveError, match=r"^invalid action -?\d+: out of range \(0\.\.62\)$"):
            board.push_action(value)
    for value in (None, "7", 7.0, True, [7]):
        with pytest.raises(TypeError, match="expected int, not .*: an action id"):
            board.push_action(value)
    with pytest.raises(IllegalMoveError, match=r"illegal action 0 \(r1\): a throw in a move phase"):
        board.push_action(0)
    with pytest.raises(IllegalMoveError, match="illegal action 8: Green has no piece at progress 1"):
        board.push_action(8)
    unchanged(board, MOVE_PHASE, 0)
    board.push_action(np.int64(10))                            # 7 + 3: the piece on 3
    assert board.move_stack == [Move.from_str("3-13")]


def test_move_constructors():
    for value in (0, 7, -1, 10**30):
        with pytest.raises(InvalidMoveError):
            Move.throw(value)
    for value in ("6", 6.0, None):
        with pytest.raises(TypeError):
            Move.throw(value)
    for code in (-1, 4095, 4096, 63 << 6, (63 << 6) | 7, 58 << 6, 10**30):
        with pytest.raises(InvalidMoveError, match="not a move code"):
            Move.from_code(code)
    with pytest.raises(TypeError):
        Move()
    assert str(Move.from_code(0)) == "0-0"                     # well formed, never legal


def test_throw_takes_a_generator():
    board = ludo.Board()
    with pytest.raises(TypeError, match="numpy.random.Generator or random.Random"):
        board.throw("seed")
    with pytest.raises(TypeError):
        board.throw(42)
    assert board.ply == 0
    assert board.throw(np.random.default_rng(1)).is_throw()
    assert board.throw(random.Random(1)).is_throw() or board.is_game_over()


def test_pop_on_an_empty_stack():
    board = ludo.Board()
    with pytest.raises(IndexError):
        board.pop()
    board.push_str("r6")
    board.clear_stack()
    with pytest.raises(IndexError):
        board.pop()
    assert board.position() == "13/13/13/13 5/5/5/5 0000 G 6 standard -"


def test_set_state_checks_everything():
    board = ludo.Board(MOVE_PHASE)
    for args in [((1 << 56, 0, 0, 0), (0,) * 4, 15, 0, (), 0, ()),
                 ((0,) * 4, (5, 0, 0, 0), 15, 0, (), 0, ()),
                 ((0,) * 4, (0,) * 4, 16, 0, (), 0, ()),
                 ((0,) * 4, (0,) * 4, 15, 5, (), 0, ()),
                 ((0,) * 4, (0,) * 4, 15, 0, (7,), 0, ()),
                 ((0,) * 4, (0,) * 4, 15, 0, (6, 6, 6, 1), 0, ()),
                 ((0,) * 4, (0,) * 4, 15, 0, (), 2, ()),
                 ((0,) * 4, (0,) * 4, 15, 0, (), 0, (4,)),
                 ((1, 1 << 39, 0, 0), (0,) * 4, 15, 0, (), 0, ()),           # two pieces on field 0
                 ((-1, 0, 0, 0), (0,) * 4, 15, 0, (), 0, ())]:
        with pytest.raises(InvalidPositionError):
            board._set_state(*args)
    unchanged(board, MOVE_PHASE, 0)

# ---------------------------------------------------------------------------
# Any str
# ---------------------------------------------------------------------------

ODD_TEXT = [
    "\x00", "r6\x00", "\x00r6", "r\x006", "\ud800", "r6\ud800", "\udfff-3", "\U0010ffff",
    "r\u0666", "\u0666", "r\uff16", "\uff52\uff16", "s-\u0663", "\u0661\u0664-19", "s-\uff13",
    "r\u00b2", "r6\u2003", "\u3000r6", "s\u00a0-3", "r\U0001d7d4", "\u0130-3", "\u212a-3",
    "x" * 200_000, "r6" * 100_000, "6" * 200_000, "-" * 200_000, "s-" + "3" * 200_000,
    "1" * 199_999 + "-f", "\ud800" * 200_000, "\x00" * 200_000, " " * 200_000, "S-3\u0131",
]


@pytest.mark.parametrize("text", ODD_TEXT, ids=lambda t: repr(t[:12]) + f"/{len(t)}")
def test_odd_text_is_an_invalid_move(text):
    board = ludo.Board(MOVE_PHASE)
    for call in (board.push_str, board.parse_move, Move.from_str):
        with pytest.raises(InvalidMoveError) as info:
            call(text)
        assert len(str(info.value)) < 300                 # long texts are cut short
    unchanged(board, MOVE_PHASE, 0)


def _odd_positions():
    good = "3G9/13/13/13 1G3/5/5/5 1000 G 64 standard -"
    return [
        "", "\x00", "\ud800", good + "\x00", good.replace(" ", "\x00"), good.replace(" G ", " \ud800 "),
        good.replace("1000", "\u0661000"), good.replace("1000", "\uff11000"), good.replace("3G9", "\u0663G9"),
        good.replace("3G9", "3G\uff19"), good.replace(" 64 ", " \u0666\u0664 "),
        good.replace(" 64 ", " " + "6" * 5000 + " "), good.replace("3G9", "3G" + "9" * 200_000),
        good.replace("3G9", "1" + "0" * 5000), good.replace(" ", "\u2003"), good.replace(" ", "\u3000"),
        "/" * 200_000 + good[3:], good * 20_000, "x" * 200_000, " " * 200_000,
        good.replace("standard", "standard\u0131"), good.replace("standard", "st\u0430ndard"),
        good.replace("G 64", "\u0120 64"), good.replace("3G9", "3\u212a9"),
    ]


@pytest.mark.parametrize("text", _odd_positions(), ids=lambda t: repr(t[:12]) + f"/{len(t)}")
def test_odd_text_is_an_invalid_position(text):
    with pytest.raises(InvalidPositionError) as info:
        ludo.Board(text)
    assert len(str(info.value)) < 400


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.text(alphabet="rRsShHfF-0123456789 \x00\ud800\u0666\uff16\u212a",
                                      max_size=8))
def test_any_str_is_played_or_raises_and_leaves_the_board(text):
    board = ludo.Board(MOVE_PHASE)
    for call in (board.parse_move, Move.from_str):
        try:
            call(text)
        except (InvalidMoveError, IllegalMoveError):
            pass
    try:
        move = board.push_str(text)
    except (InvalidMoveError, IllegalMoveError):
        unchanged(board, MOVE_PHASE, 0)
    else:
        assert text.isascii() and board.move_stack == [move] and str(move) == text.lower()


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(MOVE_PHASE)), st.integers(0, 3), st.text(min_size=1, max_size=3))
def test_any_edit_of_a_position_string_parses_or_raises_invalid_position(at, cut, insert):
    text = MOVE_PHASE[:at] + insert + MOVE_PHASE[at + cut:]
    try:
        board = ludo.Board(text)
    except InvalidPositionError:
        return
    assert text.isascii() and board._is_ok()
    assert ludo.Board(board.position()).position() == board.position()


def test_rejected_actions_never_change_a_board():
    board = random_board(11, 300)
    for text in ["r1", "r6", "s-1", "0-1", "h1-f", "51-h1", "bad", "52-1"]:
        position, ply, key = board.position(), board.ply, board.zobrist_hash()
        try:
            board.push_str(text)
        except ValueError:
            assert (board.position(), board.ply, board.zobrist_hash()) == (position, ply, key)
        else:
            board.pop()


def test_core_docstrings():
    """The compiled core's examples (pytest's doctest collection skips .so
    modules)."""
    failures, attempted = doctest.testmod(ludo._core, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0
