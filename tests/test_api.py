"""The Python API contract: names and behaviour that users and acceptance
tests rely on."""
import copy
import pickle

import pytest

import yinsh
from yinsh import BLACK, WHITE, Board, Move, MoveKind, Phase

from helpers import PLACEMENTS, placed

def test_new_board():
    board = Board()
    assert board.turn == WHITE and board.turn == yinsh.WHITE
    assert board.phase == Phase.PLACE and board.phase == "place"
    assert board.variant == "standard" and board.rings_to_win == 3
    assert board.rings_removed(WHITE) == 0 and board.rings_removed(BLACK) == 0
    assert board.rings_removed("white") == 0 and board.rings("Black") == []
    with pytest.raises(ValueError):
        board.rings_removed("red")
    assert board.markers_in_pool() == 51
    assert not board.is_game_over() and board.result() == "*" and board.outcome() is None
    assert board.move_stack == []
    assert Board(variant="blitz").rings_to_win == 1
    with pytest.raises(ValueError, match="unknown variant"):
        Board(variant="speedy")


def test_legal_moves_view():
    board = placed()
    view = board.legal_moves
    assert len(view) == view.count() == 54 and bool(view)
    moves = list(view)
    assert len(moves) == len(set(moves)) == 54
    assert all(isinstance(m, Move) for m in moves)
    assert Move.from_str("h6-h10") in view
    assert Move.from_str("h6-g7") not in view
    with pytest.raises(TypeError, match="push_str"):   # text is not silently "not in"
        "h6-h10" in view
    board.push(moves[0])
    assert len(view) == board.legal_moves.count()   # the view is live


def test_push_pop_parse_move_stack():
    board = placed()
    before = board.position()
    move = board.parse_move("H6-H10")
    assert str(move) == "h6-h10" and board.position() == before
    board.push(move)
    assert board.turn == BLACK and board.move_stack[-1] == move
    assert board.pop() == move and board.position() == before
    assert board.push_str("h11-e8") == Move.from_str("h11-e8")
    assert [str(m) for m in board.move_stack] == PLACEMENTS + ["h11-e8"]
    with pytest.raises(IndexError):
        Board().pop()


def test_copy_is_independent():
    board = placed()
    clone = board.copy()
    assert clone == board and clone.move_stack == board.move_stack
    clone.push_str("h6-h10")
    assert clone != board and len(board.move_stack) == 10
    assert copy.copy(board) == board
    bare = board.copy(stack=False)
    assert bare.move_stack == [] and bare.position() == board.position()
    clone.clear_stack()
    assert clone.move_stack == [] and clone.ply == 0 and clone.position() != board.position()


def test_move_values():
    m = Move.from_str("e5-e9")
    assert str(m) == "e5-e9" and m.kind == MoveKind.MOVE
    assert (m.from_point, m.to_point) == (yinsh.E5, yinsh.E9)
    assert eval(repr(m), {"yinsh": yinsh}) == m
    assert hash(m) == hash(Move.from_str("E5-E9"))
    assert Move.from_str("xe9-e5") == Move.from_str("xe5-e9") == Move.remove_row(yinsh.E9, yinsh.E5)
    assert str(Move.from_str("xe9-e5")) == "xe5-e9"
    assert Move.from_str("xa2").kind == MoveKind.REMOVE_RING and Move.from_str("xa2").to_point is None
    assert Move.from_str("e5").kind == MoveKind.PLACE and Move.from_str("e5").from_point is None
    assert str(Move.from_str(" PASS ")) == "pass" and Move.pass_move().kind == MoveKind.PASS
    assert Move.place(yinsh.E5) == Move.from_str("e5")
    assert Move.move(yinsh.E5, yinsh.E9) == m and Move.remove_ring(yinsh.A2) == Move.from_str("xa2")
    assert Move.from_code(m.code) == m
    assert pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(TypeError):
        Move()


def test_board_repr_pastes_back():
    board = placed()
    assert repr(board) == f"yinsh.Board({board.position()!r})"
    again = eval(repr(board), {"yinsh": yinsh})
    assert again.position() == board.position()


def test_diagram_has_coordinates_and_pieces():
    board = placed()
    text = str(board)
    assert text.splitlines()[0].split() == list("abcdefghijk")
    assert sum(text.count(ch) for ch in "WB") == 10
    assert text.count(".") == 75
    assert "11" in text and " 1 " in text
    uni = board.unicode()
    assert uni.count("◎") == 5 and uni.count("◉") == 5


def test_zobrist_hash_tracks_state():
    a, b = placed(), placed()
    assert a.zobrist_hash() == b.zobrist_hash()
    a.push_str("h6-h10")
    assert a.zobrist_hash() != b.zobrist_hash()
    a.pop()
    assert a.zobrist_hash() == b.zobrist_hash()
    # Same pieces, different variant or side: different hashes.
    assert Board().zobrist_hash() != Board(variant="blitz").zobrist_hash()


def test_perft_and_divide():
    board = placed()
    assert yinsh.perft(board, 0) == 1
    assert yinsh.perft(board, 1) == 54
    d = yinsh.divide(board, 2)
    assert len(d) == 54 and sum(d.values()) == 4705 and d["h11-e8"] == 75
    with pytest.raises(ValueError):
        yinsh.perft(board, -1)
    with pytest.raises(ValueError):
        yinsh.divide(board, 0)


def test_points():
    assert yinsh.parse_point("E5") == yinsh.E5
    assert yinsh.point_name(yinsh.K10) == "k10"
    assert len(yinsh.POINTS) == 85 and list(yinsh.POINTS) == sorted(yinsh.POINTS)
    with pytest.raises(ValueError):
        yinsh.point_name(0)        # a1 is not on the board
    with pytest.raises(ValueError):
        yinsh.point_name(10**6)


def test_errors_are_value_errors():
    for exc in (yinsh.InvalidMoveError, yinsh.IllegalMoveError, yinsh.InvalidPositionError):
        assert issubclass(exc, ValueError)
