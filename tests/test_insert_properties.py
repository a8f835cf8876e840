"""Property tests (hypothesis) of the Insert board: push/pop restores exactly,
positions round-trip, the incremental hash equals the hash from scratch, and
the generated actions are exactly the accepted ones."""
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import insert
from reference import insert_ref

LAYOUTS = st.integers(0, 6143)
CHOICES = st.lists(st.integers(0, 10**6), max_size=30)


def play(layout: int, choices: list[int]) -> insert.Board:
    """The board after the actions the choices pick (index modulo the legal count)."""
    board = insert.Board(layout=layout)
    for c in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[c % len(moves)])
    return board


def snapshot(board: insert.Board) -> tuple:
    return (board.position(), board._state(), board.zobrist_hash(), board.move_stack,
            board.result(), board.layout, [str(m) for m in board.legal_moves])


@settings(max_examples=300, deadline=None)
@given(LAYOUTS, CHOICES)
def test_push_pop_restores_exactly(layout, choices):
    board = play(layout, choices)
    history = []
    while board.ply:
        history.append(snapshot(board))
        move = board.pop()
        assert board.is_legal(move)
        board.push(move)
        assert snapshot(board) == history[-1]
        board.pop()
    # and forward again through the same states
    replay = insert.Board(layout=layout)
    for state in reversed(history):
        replay.push(state[3][-1])
        assert snapshot(replay) == state


@settings(max_examples=300, deadline=None)
@given(LAYOUTS, CHOICES)
def test_position_round_trip(layout, choices):
    board = play(layout, choices)
    text = board.position()
    again = insert.Board(text)
    assert again.position() == text and again == board
    assert again.layout == board.layout == layout
    assert again.zobrist_hash() == board.zobrist_hash()
    assert again.outcome() == board.outcome()
    assert [str(m) for m in again.legal_moves] == [str(m) for m in board.legal_moves]
    # any case and any whitespace between the fields read the same
    assert insert.Board("\t " + "  \n ".join(text.swapcase().split()) + "  ") == board
    assert eval(repr(board), {"yinsh": yinsh}) == board


@settings(max_examples=300, deadline=None)
@given(LAYOUTS, CHOICES)
def test_incremental_hash_equals_hash_from_scratch(layout, choices):
    board = insert.Board(layout=layout)
    assert board.zobrist_hash() == board._hash_from_scratch()
    for c in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[c % len(moves)])
        assert board.zobrist_hash() == board._hash_from_scratch()
        assert board._is_ok()


@settings(max_examples=200, deadline=None)
@given(LAYOUTS, CHOICES)
def test_generated_actions_are_exactly_the_accepted_ones(layout, choices):
    board = play(layout, choices)
    legal = set(board.legal_moves)
    assert len(legal) == len(board.legal_moves) == board.legal_moves.count()
    assert set(board.allowed_line()) == {m.square for m in legal}
    for square in insert.SQUARES:
        move = insert.Move(square)
        assert (move in board.legal_moves) == (move in legal) == board.is_legal(move)
        copy = board.copy()
        try:
            copy.push(move)
            accepted = True
        except insert.IllegalMoveError:
            accepted = False
            assert copy.position() == board.position() and copy.ply == board.ply
        assert accepted == (move in legal)
        try:
            board.parse_move(str(move))
            parsed = True
        except insert.IllegalMoveError:
            parsed = False
        assert parsed == accepted


@settings(max_examples=100, deadline=None)
@given(LAYOUTS, CHOICES)
def test_the_reference_agrees_on_any_reached_position(layout, choices):
    board = play(layout, choices)
    game = insert_ref.InsertGame.from_position(board.position())
    assert {str(m) for m in board.legal_moves} == set(game.legal_actions())
    assert board.result() == game.result()
    assert insert.perft(board, 2) == insert_ref.perft(game, 2)
