"""The contract API of issue 11 (yinsh.insert), as a user calls it."""
import copy

import numpy as np
import pytest

import yinsh
from yinsh import insert

from insert_helpers import L0, random_board


def test_contract_names():
    for name in ("Board", "Move", "WHITE", "RED", "Color", "perft", "divide", "random_playouts",
                 "InvalidMoveError", "IllegalMoveError", "InvalidPositionError", "Outcome",
                 "Termination", "PlayoutStats", "parse_square", "square_name", "svg", "LegalMoves"):
        assert hasattr(insert, name), name
    import yinsh
    assert insert.IllegalMoveError is yinsh.IllegalMoveError
    assert insert.InvalidMoveError is yinsh.InvalidMoveError
    assert insert.InvalidPositionError is yinsh.InvalidPositionError
    assert issubclass(insert.IllegalMoveError, ValueError)


def test_colours_print_as_white_and_red():
    assert str(insert.WHITE) == "white" and str(insert.RED) == "red"
    assert f"{insert.RED}" == "red" and insert.WHITE.other() is insert.RED
    assert insert.Color.of("red") is insert.RED and insert.Color.of("W") is insert.WHITE
    with pytest.raises(ValueError):
        insert.Color.of("black")


def test_new_boards():
    board = insert.Board()
    assert board.layout == 0 and board.turn == insert.WHITE and board.ply == 0
    assert board.position() == f"6/6/6/6/6/6 {L0} w -"
    assert insert.Board(layout=1234).layout == 1234
    assert insert.Board(layout=1234).marks() == insert.layout_marks(1234)
    r = insert.Board.random(seed=7)
    assert r.layout == insert.Board.random(7).layout and r.move_stack == []
    assert isinstance(insert.Board.random().layout, int)
    # a position string whose marks are a layout's reports that layout
    assert insert.Board(insert.Board(layout=4321).position()).layout == 4321
    assert insert.Board("6/6/6/6/6/6 vvvvvv/vvvvvv/vvvvvv/vvvvvv/vvvvvv/vvvvvv w -").layout is None


def test_legal_moves_view():
    board = insert.Board()
    view = board.legal_moves
    assert len(view) == view.count() == 36 and bool(view)
    assert list(view) == [insert.Move(s) for s in insert.SQUARES]
    assert insert.Move.from_str("c4") in view
    board.push_str("c3")
    assert len(view) == 5                            # lazy: it follows the board
    assert [str(m) for m in view] == ["c1", "c2", "c4", "c5", "c6"]
    assert "c1" in repr(view)


def test_push_pop_copy_move_stack():
    board = insert.Board()
    move = board.parse_move("c3")
    assert board.push(move) is None
    assert board.push_str("c5") == insert.Move.from_str("c5")
    assert board.move_stack == [insert.Move("c3"), insert.Move("c5")] and board.ply == 2
    assert board.peek() == insert.Move("c5")
    clone = board.copy()
    assert clone == board and clone.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == []
    assert board.pop() == insert.Move("c5") and board.turn == insert.RED
    assert clone.ply == 2
    assert copy.copy(board) == board


def test_move_values():
    m = insert.Move.from_str("C4")
    assert str(m) == "c4" and m.square == insert.C4 == 20 and m.name == "c4"
    assert repr(m) == "yinsh.insert.Move.from_str('c4')"
    assert insert.Move("c4") == m == insert.Move(20) == insert.Move.from_square(20)
    assert hash(m) == hash(insert.Move(20)) and insert.Move("a1") < m
    assert m != "c4"
    with pytest.raises(TypeError):                 # frozen: moves are shared values
        m.__init__("d4")
    with pytest.raises(AttributeError):
        m.square = 3
    assert insert.Move.from_str("c4").square == 20
    assert insert.parse_square("f6") == insert.F6 == 35 and insert.square_name(0) == "a1"


def test_results_and_outcomes():
    board = insert.Board()
    assert not board.is_game_over() and board.result() == "*" and board.outcome() is None
    ended = random_board(3, 30)
    outcome = ended.outcome()
    assert ended.is_game_over() and ended.result() == outcome.result() in ("1-0", "0-1", "1/2-1/2")
    assert outcome.termination in (insert.Termination.FIVE, insert.Termination.GROUPS)
    assert outcome.reason == outcome.termination and str(outcome.termination) in ("five", "groups")


def test_allowed_line_and_board_queries():
    board = insert.Board()
    assert board.allowed_line() == list(range(36))
    board.push_str("c3")
    assert board.allowed_line() == [insert.C1, insert.C2, insert.C4, insert.C5, insert.C6]
    assert board.last_square == insert.C3 and board.mark("c3") == "v"
    assert board.line("c3") == [insert.C1, insert.C2, insert.C3, insert.C4, insert.C5, insert.C6]
    assert board.ring_at("c3") == insert.WHITE and board.ring_at(insert.C4) is None
    assert board.rings(insert.WHITE) == [insert.C3] and board.rings("red") == []
    assert board.rings_in_supply(insert.WHITE) == 14 and board.rings_in_supply(insert.RED) == 15
    assert board.group_sizes(insert.WHITE) == [1] and board.group_sizes(insert.RED) == []
    assert insert.Board().last_square is None


def test_perft_divide_and_hash():
    board = insert.Board()
    assert insert.perft(board, 3) == 1065
    split = insert.divide(board, 2)
    assert len(split) == 36 and sum(split.values()) == 207 and "c4" in split
    h = board.zobrist_hash()
    board.push_str("a1")
    assert board.zobrist_hash() != h
    board.pop()
    assert board.zobrist_hash() == h
    assert insert.Board(layout=1).zobrist_hash() != h      # the marks are part of the hash


def test_text_diagram_and_repr():
    board = insert.Board()
    board.push_str("c3")
    text = str(board)
    assert "a  b  c" in text and "W|" in text and "red to place" in text
    assert repr(board) == f"yinsh.insert.Board('6/6/6/2W3/6/6 {L0} r c3')"
    assert eval(repr(board), {"yinsh": yinsh}) == board


def test_random_playouts_stats():
    stats = insert.random_playouts(500, seed=1)
    assert stats.games == 500 == stats.white_wins + stats.red_wins + stats.draws
    assert sum(stats.by_reason.values()) == 500
    assert sum(stats.by_result_and_reason.values()) == 500
    assert stats.plies.dtype == np.int32 and stats.plies.shape == (500,)
    assert stats.plies.min() >= 5 and stats.plies.max() <= 30
    assert set(stats.layouts.tolist()) == {0}
    assert stats.wins == {insert.WHITE: stats.white_wins, insert.RED: stats.red_wins}
    assert stats["red_wins"] == stats.red_wins and 5 <= stats.mean_plies <= 30
    assert stats == insert.random_playouts(500, seed=1)
    assert stats != insert.random_playouts(500, seed=2)
    rnd = insert.random_playouts(500, seed=1, layout="random")
    assert len(set(rnd.layouts.tolist())) > 400
    fixed = insert.random_playouts(50, seed=1, layout=77)
    assert set(fixed.layouts.tolist()) == {77}
    mid = random_board(5, 10)
    from_pos = insert.random_playouts(50, seed=1, position=mid.position())
    assert from_pos == insert.random_playouts(50, seed=1, position=mid)
    assert from_pos.plies.max() <= 20
    assert insert.random_playouts(0).games == 0


def test_debug_consistency_check_is_wired():
    """The core asserts ipos_is_ok after every push in YINSH_DEBUG builds;
    in any build the check itself holds on every position of a game."""
    board = random_board(21, 30)
    while board.ply:
        assert board._is_ok()
        board.pop()
    assert board._is_ok()


def test_debug_builds_check_the_position_after_every_push():
    board = insert.Board()
    board._corrupt_hash()
    if insert._core.DEBUG:                      # YINSH_DEBUG=1 pip install -e .
        with pytest.raises(AssertionError, match="inconsistent position after a1"):
            board.push_str("a1")
    else:
        board.push_str("a1")
        assert not board._is_ok()
