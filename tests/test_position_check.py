"""The one consistency check of a position (pos_check in _position.pxd):
each of its problems is reached, through a position string where the
string can say it and through CoreBoard._set_state otherwise, and named in
the InvalidPositionError; position strings, _set_state and the debug
builds' check after every action are the same check."""
import random

import pytest

import yinsh
from yinsh.yinsh import _board, geometry
from yinsh.errors import InvalidPositionError
from yinsh.yinsh.position import parse_position

from helpers import PARKED_BLACK, PARKED_WHITE, position

PROBLEMS = _board.POSITION_PROBLEMS
RINGS_W, RINGS_B = " ".join(PARKED_WHITE), " ".join(PARKED_BLACK)
COLUMN_F = "f2 f3 f4 f5 f6"          # a row of five
NAMES = [geometry.POINT_NAMES[p] for p in geometry.POINTS]


def pool_position(phase="move"):
    """51 markers (16 white, 35 black), none in a row: white where
    (column + row) % 3 == 0."""
    rings = geometry.POINTS[:10]
    markers = [p for p in geometry.POINTS if p not in rings][:51]
    white = [geometry.POINT_NAMES[p] for p in markers if sum(geometry.coords(p)) % 3 == 0]
    black = [geometry.POINT_NAMES[p] for p in markers if sum(geometry.coords(p)) % 3 != 0]
    names = [geometry.POINT_NAMES[p] for p in rings]
    return position(names[:5], names[5:], white, black, phase=phase)


# (problem index, position string, the message it gives)
CASES = [
    (6, position(NAMES[:5], NAMES[5:10], NAMES[10:62:2], NAMES[11:62:2]),
     "52 markers on the board, there are only 51"),
    (7, position(RINGS_W + " e5", RINGS_B), "white has 6 rings on the board and 0 removed, more than 5"),
    (7, position(RINGS_W, "k7 k8 k9 k10", removed="0:2"),
     "black has 4 rings on the board and 2 removed, more than 5"),
    (8, position("e5", phase="place", black_markers="e6"),
     "the placement phase has no markers and no removed rings"),
    (9, position("e5", side="w", phase="place"),
     "1 white and 0 black rings placed, so it is not white's turn to place"),
    (9, position(RINGS_W, RINGS_B, phase="place", side="w"),
     "5 white and 5 black rings placed, so it is not white's turn to place"),
    (10, position("a2 a3 a4", RINGS_B),
     "after placement white must have 5 rings on the board or removed, not 3 + 0"),
    (11, position("a2 a3", "k7 k8", removed="3:3", phase="game_over"),
     "both sides have removed the rings needed to win"),
    (12, position("a2 a3 a4", RINGS_B, removed="2:0", phase="game_over", variant="blitz"),
     "white has removed more than the 1 rings that win"),
    (13, position(RINGS_W, RINGS_B, phase="game_over"),
     "game_over needs a side with the rings to win, two passes, or all 51 markers on the board"),
    (14, position(RINGS_W, "k7 k8", removed="0:3"), "black has won, so the phase must be game_over"),
    (15, position(RINGS_W, RINGS_B, COLUMN_F),
     "a row of white markers is on the board while the phase says a ring move is next"),
    (16, pool_position(), "all 51 markers are on the board, so the game is over"),
    (17, position(RINGS_W, RINGS_B, passes=2), "two passes end the game, so the phase must be game_over"),
    (18, position(RINGS_W, RINGS_B, COLUMN_F, phase="remove_row", next_side="b", passes=1),
     "passes must be 0 while rows are being removed"),
    (19, position(RINGS_W, RINGS_B, COLUMN_F, "g2 g3 g4 g5 g6", side="b", phase="remove_row",
                  next_side="b"),
     "white made the move and still has a row: it resolves before black"),
    (19, position(RINGS_W, RINGS_B, COLUMN_F, side="b", phase="remove_ring", next_side="b"),
     "white made the move and still has a row: it resolves before black"),
    (20, position(RINGS_W, RINGS_B, phase="remove_row", next_side="w", side="b"),
     "phase remove_row but black has no row to remove"),
]


def test_the_problems_are_named():
    assert PROBLEMS[0] == "the position is consistent"
    assert len(set(PROBLEMS)) == len(PROBLEMS) == 21
    assert PROBLEMS[1] == "a field of the position is out of range"


@pytest.mark.parametrize("problem,text,message", CASES, ids=lambda x: str(x)[:30])
def test_each_rule_is_reported_from_a_position_string(problem, text, message):
    with pytest.raises(InvalidPositionError) as info:
        parse_position(text)
    assert str(info.value) == message
    with pytest.raises(InvalidPositionError) as info:
        yinsh.Board(text)
    assert str(info.value) == f"invalid position {text!r}: {message}"


def test_every_rule_of_a_position_string_is_covered():
    """The problems a string can show (6 to 20) all have a case; 1 to 3 need
    _set_state (below); 4 and 5 (the fields the core derives from the pieces:
    counters, result, Zobrist key) are beyond the reach of Python, which
    only ever sets the pieces and the fields of a position string."""
    assert {problem for problem, _, _ in CASES} == set(range(6, 21))


def fields(**changes):
    """The _set_state arguments of the crosscheck position, changed."""
    names = ["rings_white", "rings_black", "markers_white", "markers_black", "turn", "phase",
             "mover", "passes", "removed_white", "removed_black", "rings_to_win"]
    values = dict(zip(names, parse_position(position(RINGS_W, RINGS_B))))
    values.update(changes)
    return [values[n] for n in names]


@pytest.mark.parametrize("changes,message", [
    ({"turn": 2}, PROBLEMS[1]),
    ({"rings_to_win": 0}, PROBLEMS[1]),
    ({"removed_white": 6}, PROBLEMS[1]),
    ({"phase": 300}, PROBLEMS[1]),
    ({"markers_white": 1 << yinsh.A2}, "two pieces on one point"),
    ({"markers_white": 1 << yinsh.E5, "markers_black": 1 << yinsh.E5}, "two pieces on one point"),
    ({"markers_black": 1}, "a piece on a cell that is not a point of the board"),
    ({"markers_black": 1 << 127}, "a piece on a cell that is not a point of the board"),
])
def test_the_fields_python_cannot_write_in_a_string(changes, message):
    board = yinsh.Board()
    with pytest.raises(InvalidPositionError) as info:
        board._set_state(*fields(**changes))
    assert str(info.value) == message
    assert board.position() == yinsh.Board().position()          # unchanged
    with pytest.raises(InvalidPositionError, match=message[:20]):
        _board.check_state(*fields(**changes))


def test_consistent_positions_pass_and_say_so():
    rng = random.Random(11)
    for _ in range(30):
        board = yinsh.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            assert board._is_ok() and board._problem() == ""
            again = yinsh.Board(board.position())
            assert again._is_ok() and again == board
