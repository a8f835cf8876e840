"""Bad input to the Insert API: every error is the right exception with a
message that says why, and leaves the board as it was."""
import doctest

import pytest

from yinsh import insert
from yinsh.insert import _core

from insert_helpers import H, L0, V, position

START = insert.Board().position()


def unchanged(board, before):
    assert board.position() == before[0] and board.move_stack == before[1]


@pytest.mark.parametrize("text", ["g1", "a0", "c", "c4-c5", "", "  ", "a7", "z9", "cc4", "4c",
                                  "c 4", "a01", "-", "pass", "xc4", "c4c5", "ｃ４", "c٤", "\x00",
                                  "c4" * 50])
def test_garbage_and_off_board_squares_are_invalid(text):
    board = insert.Board()
    with pytest.raises(insert.InvalidMoveError, match=r"^invalid move .*: not a square"):
        board.push_str(text)
    with pytest.raises(insert.InvalidMoveError):
        board.parse_move(text)
    with pytest.raises(insert.InvalidMoveError):
        insert.Move.from_str(text)
    with pytest.raises(insert.InvalidMoveError):
        insert.parse_square(text)
    assert board.ply == 0 and board.position() == START


def test_long_garbage_is_cut_short_in_the_message():
    with pytest.raises(insert.InvalidMoveError) as info:
        insert.Board().push_str("x" * 10000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("value", [None, 20, b"c4", 2.5, ["c4"], insert.Move("c4")])
def test_text_entry_points_need_a_str(value):
    board = insert.Board()
    for call in (board.push_str, board.parse_move, insert.Move.from_str, insert.parse_square):
        with pytest.raises(TypeError):
            call(value)


@pytest.mark.parametrize("value", ["c4", 20, None, b"c4"])
def test_push_needs_a_move(value):
    board = insert.Board()
    with pytest.raises(TypeError) as info:
        board.push(value)
    if isinstance(value, str):
        assert "push_str" in str(info.value)
    with pytest.raises(TypeError):
        board.is_legal(value)
    with pytest.raises(TypeError):
        value in board.legal_moves
    assert board.ply == 0


@pytest.mark.parametrize("value", [-1, 36, 100, 2**70])
def test_square_numbers_out_of_range(value):
    with pytest.raises(insert.InvalidMoveError):
        insert.Move(value)
    with pytest.raises(insert.InvalidMoveError):
        insert.square_name(value)
    with pytest.raises(TypeError):
        insert.Move(True)


def test_a_taken_square_is_illegal_and_says_so():
    board = insert.Board()
    board.push_str("c3")
    board.push_str("c5")                               # row 5 now
    board.push_str("a5")
    before = (board.position(), board.move_stack)
    with pytest.raises(insert.IllegalMoveError, match=r"c5: the square is taken \(a red ring is on it\)"):
        board.push_str("c5")
    with pytest.raises(insert.IllegalMoveError, match="taken"):
        board.push(insert.Move.from_str("a5"))
    unchanged(board, before)


def test_a_square_off_the_allowed_line_names_the_line():
    board = insert.Board()                             # layout 0
    board.push_str("c3")                               # c3: v
    with pytest.raises(insert.IllegalMoveError) as info:
        board.push_str("d4")
    message = str(info.value)
    assert "not on the allowed line" in message and "column c" in message and "c3" in message
    assert "c1 c2 c4 c5 c6" in message
    board.push_str("c4")                               # c4: d, the falling diagonal a6-f1
    with pytest.raises(insert.IllegalMoveError, match="falling diagonal a6-f1"):
        board.push_str("a1")
    b = insert.Board(position(["W.....", "......", "......", "......", "......", "R....."],
                              "/".join(["uuuuuu"] * 6), "a1"))
    with pytest.raises(insert.IllegalMoveError, match="rising diagonal a1-f6"):
        b.push_str("a2")
    b = insert.Board(position(["W.....", "......", "......", "......", "......", "R....."], H, "a1"))
    with pytest.raises(insert.IllegalMoveError, match="row 1"):
        b.push_str("a2")
    assert not b.is_legal(insert.Move("a2")) and insert.Move("b1") in b.legal_moves


def test_acting_after_the_end_is_illegal():
    board = insert.Board(position(["R.R.R.", "......", "......", "......", "......", "WWWW.R"], H, "f1"))
    board.push_str("e1")                               # five
    before = (board.position(), board.move_stack)
    for text in ("a2", "e2", "a1"):
        with pytest.raises(insert.IllegalMoveError, match=r"the game is over \(1-0, five in a row\)"):
            board.push_str(text)
        with pytest.raises(insert.IllegalMoveError, match="game is over"):
            board.push(insert.Move(text))
    unchanged(board, before)
    assert not board.legal_moves and len(board.legal_moves) == 0


def test_pop_and_peek_on_an_empty_stack():
    board = insert.Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


@pytest.mark.parametrize("text,why", [
    ("", "has 4 fields"),
    ("6/6/6/6/6/6", "has 4 fields"),
    (f"6/6/6/6/6/6 {L0} w", "has 4 fields"),
    (f"6/6/6/6/6/6 {L0} w - extra", "has 4 fields"),
    (f"6/6/6/6/6 {L0} w -", "needs 6 rows"),
    (f"6/6/6/6/6/6/6 {L0} w -", "needs 6 rows"),
    (f"6/6/6/6/6/7 {L0} w -", "'7' is not a run"),
    (f"6/6/6/6/6/06 {L0} w -", "'0' is not a run"),
    (f"6/6/6/6/6/33 {L0} w -", "two digits side by side"),
    (f"6/6/6/6/6/5 {L0} w -", "covers 5 squares, not 6"),
    (f"6/6/6/6/6/WWWWWWW {L0} w -", "covers 7 squares"),
    (f"6/6/6/6/6/5B {L0} w -", "'B' is not W, R or a digit"),
    (f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh w -", "marks field needs 6 rows"),
    (f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvx w -", "is not six of v, h, u, d"),
    (f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddv w -", "is not six of v, h, u, d"),
    (f"6/6/6/6/6/6 {L0} x -", "turn field must be w or r"),
    (f"6/6/6/6/6/6 {L0} white -", "turn field must be w or r"),
    (f"6/6/6/6/6/6 {L0} w g7", "last field must be a square"),
    (f"6/6/6/6/6/6 {L0} w c4", "holds no ring"),
    # contradictions
    (f"WWWWRR/RRRRWW/WWWWRR/RRRRWW/WWWWRR/RRRRW1 {L0} r a1", "35 rings"),
    (f"RRWWRW/WR1WWR/R1RRWW/RWRRRR/1WWR2/WRWWWW {L0} w a6", "31 rings"),
    (f"6/6/6/6/6/W5 {L0} w a1", "turn field says w but 1 rings"),
    (f"6/6/6/6/6/WR4 {L0} r b1", "turn field says r but 2 rings"),
    (f"6/6/6/6/6/WR4 {L0} w -", "last field is '-' but 2 rings"),
    (f"6/6/6/6/6/WR4 {L0} w a1", "holds a white ring, but the last ring was placed by red"),
    (f"6/6/6/6/6/WRW3 {L0} r b1", "holds a red ring, but the last ring was placed by white"),
    (f"6/6/6/6/6/WR4 {L0} w c1", "names c1, which holds no ring"),
    (f"R5/6/6/6/RRRR2/WWWWW1 {L0} w a6", "white, the side to place, has five in a row"),
    (f"6/6/6/6/WWWW2/RRRRR1 {L0} r a2", "red, the side to place, has five in a row"),
    (f"6/6/6/6/WWWWW1/RRRRR1 {L0} w a1", "white, the side to place, has five in a row"),
])
def test_malformed_and_contradictory_position_strings(text, why):
    with pytest.raises(insert.InvalidPositionError, match=why):
        insert.Board(text)


def test_position_string_type_and_layout_arguments():
    with pytest.raises(TypeError):
        insert.Board(b"6/6/6/6/6/6")
    with pytest.raises(TypeError):
        insert.Board(123)
    with pytest.raises(ValueError):
        insert.Board(START, layout=0)
    for bad in (-1, 6144, 10**9):
        with pytest.raises(ValueError, match="layout"):
            insert.Board(layout=bad)
    for bad in ("0", 1.0, True, None.__class__):
        with pytest.raises(TypeError):
            insert.Board(layout=bad)
    for bad in (-1, 2**64, "7", 1.5):
        with pytest.raises(ValueError):
            insert.Board.random(seed=bad)
    with pytest.raises(ValueError):
        insert.layout_marks(6144)


def test_a_finished_position_string_reads_as_a_finished_game():
    # red has a five and white is to place: the game is over, red won
    b = insert.Board(f"W5/6/6/6/WWWW2/RRRRR1 {L0} w e1")
    assert b.is_game_over() and b.outcome() == insert.Outcome(insert.Termination.FIVE, insert.RED)
    assert not b.legal_moves
    # a five decides even with 30 rings down
    b = insert.Board("WRWWRW/1RW1RW/RRWWWW/RRW1WR/W1RWW1/W1RW1R "
                     "hvdvhu/vuhdvh/dhuhud/hdvvhu/uuhuvd/dvuudh r c5")
    b.push_str("a5")                                   # the 30th ring makes red's five
    again = insert.Board(b.position())
    assert again.outcome() == insert.Outcome(insert.Termination.FIVE, insert.RED)


def test_playout_arguments():
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(ValueError):
            insert.random_playouts(bad)
    for bad in (-1, 2**64, "1"):
        with pytest.raises(ValueError):
            insert.random_playouts(1, seed=bad)
    with pytest.raises(ValueError):
        insert.random_playouts(1, layout="any")
    with pytest.raises(ValueError):
        insert.random_playouts(1, layout=6144)
    with pytest.raises(ValueError):
        insert.random_playouts(1, layout=3, position=START)
    with pytest.raises(insert.InvalidPositionError):
        insert.random_playouts(1, position="nonsense")
    ended = insert.Board(f"W5/6/6/6/WWWW2/RRRRR1 {L0} w e1")
    with pytest.raises(ValueError, match="over"):
        insert.random_playouts(1, position=ended)


def test_core_entry_points_refuse_bad_state():
    board = insert.Board()
    with pytest.raises(insert.InvalidPositionError):
        board._set_position(1, 1, "v" * 36, 0, -1)                # two rings on a1
    with pytest.raises(insert.InvalidPositionError):
        board._set_position(1 << 36, 0, "v" * 36, -1, -1)         # off the board
    with pytest.raises(insert.InvalidPositionError):
        board._set_position(0, 0, "x" * 36, -1, -1)
    assert board.position() == START


def test_the_cores_examples():
    """The compiled core's docstring examples (pytest's doctest collection
    does not look into extension modules)."""
    failures, attempted = doctest.testmod(_core, optionflags=doctest.ELLIPSIS)
    assert attempted > 5 and failures == 0
