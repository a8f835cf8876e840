"""Property tests (hypothesis): push/pop, hashing, position strings, legality."""
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import Board, Move

from helpers import random_board

ALL_MOVES = [Move.place(p) for p in yinsh.POINTS] + [Move.remove_ring(p) for p in yinsh.POINTS] + \
    [Move.move(a, b) for a in yinsh.POINTS for b in yinsh.POINTS] + \
    [Move.pass_move()]


boards = st.builds(random_board, st.integers(0, 10**6), st.integers(0, 160),
                   st.sampled_from(["standard", "blitz"]))


@settings(max_examples=150, deadline=None)
@given(boards)
def test_push_then_pop_restores_everything(board):
    position, key, stack = board.position(), board.zobrist_hash(), board.move_stack
    for move in board.legal_moves:
        board.push(move)
        assert board._is_ok()
        assert board.pop() == move
        assert board.position() == position
        assert board.zobrist_hash() == key
        assert board.move_stack == stack


@settings(max_examples=150, deadline=None)
@given(boards)
def test_incremental_hash_equals_hash_from_scratch(board):
    assert board.zobrist_hash() == board._hash_from_scratch()
    for move in board.legal_moves:
        child = board.copy(stack=False)
        child.push(move)
        assert child.zobrist_hash() == child._hash_from_scratch()


@settings(max_examples=150, deadline=None)
@given(boards)
def test_position_string_round_trip(board):
    text = board.position()
    again = Board(text)
    assert again.position() == text
    assert again.zobrist_hash() == board.zobrist_hash()
    assert again == board
    assert sorted(map(str, again.legal_moves)) == sorted(map(str, board.legal_moves))


@settings(max_examples=100, deadline=None)
@given(boards)
def test_generated_equals_accepted(board):
    """Every generated action is accepted by push; every action push accepts
    is generated (over all placements, ring removals, passes, ring moves and
    the rows of the generated set and their neighbours)."""
    generated = set(board.legal_moves)
    for move in generated:
        assert board.is_legal(move)
    candidates = set(ALL_MOVES)
    for p in yinsh.POINTS:
        for q in yinsh.POINTS:
            if p < q and (q - p) in (4, 44, 48):
                candidates.add(Move.remove_row(p, q))
    accepted = {m for m in candidates if board.is_legal(m)}
    assert accepted == generated
    position = board.position()
    for move in candidates - generated:
        try:
            board.push(move)
        except yinsh.IllegalMoveError:
            pass
        else:
            raise AssertionError(f"push accepted {move}")
    assert board.position() == position


@settings(max_examples=60, deadline=None)
@given(boards, st.integers(1, 2))
def test_perft_equals_counting_by_pushing(board, depth):
    def count(b, d):
        if d == 0:
            return 1
        total = 0
        for m in b.legal_moves:
            b.push(m)
            total += count(b, d - 1)
            b.pop()
        return total
    assert yinsh.perft(board, depth) == count(board, depth)


position_alphabet = st.sampled_from(list("WBwb0123456789/ -:") + ["place", "move", "remove_row",
                                                                   "remove_ring", "game_over",
                                                                   "standard", "blitz", " w ", " b "])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(position_alphabet, max_size=60).map("".join)))
def test_any_text_as_position_raises_only_invalid_position(text):
    try:
        board = Board(text)
    except yinsh.InvalidPositionError:
        return
    assert board._is_ok() and Board(board.position()).position() == board.position()


@settings(max_examples=300, deadline=None)
@given(boards, st.one_of(st.text(max_size=12), st.from_regex(r"x?[a-l][0-9]{1,2}(-[a-l][0-9]{1,2})?",
                                                              fullmatch=True)))
def test_any_text_as_action_is_played_or_rejected_cleanly(board, text):
    position, stack, legal = board.position(), board.move_stack, set(board.legal_moves)
    try:
        move = board.push_str(text)
    except (yinsh.InvalidMoveError, yinsh.IllegalMoveError):
        assert board.position() == position and board.move_stack == stack
        return
    assert move in legal and board.move_stack == stack + [move]
