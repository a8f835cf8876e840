"""Ludo property tests (hypothesis): push/pop restores everything, the
incremental hash equals the hash from scratch, position strings round-trip,
every generated action is accepted and every accepted one generated, action
ids and Moves agree, any text is played or rejected cleanly."""
import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from yinsh import ludo
from yinsh.ludo import IllegalMoveError, InvalidMoveError, InvalidPositionError, Move

from ludo_helpers import random_board

PLACES = ["s"] + [str(f) for f in range(52)] + [f"h{k}" for k in range(1, 6)] + ["f"]
#: every action of the notation: 6 throws and every well-formed source-target pair
ALL_MOVES = [Move.throw(d) for d in range(1, 7)] + [
    Move.from_str(f"{a}-{b}") for a in PLACES if a != "f" for b in PLACES if b != "s"]

boards = st.builds(random_board, st.integers(0, 10**6), st.integers(0, 900),
                   st.sampled_from([2, 3, 4]), st.sampled_from(["standard", "places"]))


@settings(max_examples=150, deadline=None)
@given(boards)
def test_push_then_pop_restores_everything(board):
    position, key, stack, state = board.position(), board.zobrist_hash(), board.move_stack, board._state()
    for move in board.legal_moves:
        board.push(move)
        assert board._is_ok(), board._problem()
        assert board.pop() == move
        assert board.position() == position and board.zobrist_hash() == key
        assert board.move_stack == stack and board._state() == state


@settings(max_examples=150, deadline=None)
@given(boards)
def test_incremental_hash_equals_hash_from_scratch(board):
    assert board.zobrist_hash() == board._hash_from_scratch()
    for move in board.legal_moves:
        child = board.copy(stack=False)
        child.push(move)
        assert child.zobrist_hash() == child._hash_from_scratch()
        assert child.zobrist_hash() == ludo.Board(child.position()).zobrist_hash()


@settings(max_examples=150, deadline=None)
@given(boards)
def test_position_string_round_trip(board):
    text = board.position()
    again = ludo.Board(text)
    assert again.position() == text and again == board
    assert again.zobrist_hash() == board.zobrist_hash()
    assert list(again.legal_moves) == list(board.legal_moves)
    assert ludo.Board(text.lower()).position() == text


@settings(max_examples=100, deadline=None)
@given(boards)
def test_generated_equals_accepted(board):
    generated = set(board.legal_moves)
    accepted = {m for m in ALL_MOVES if board.is_legal(m)}
    assert accepted == generated
    assert {m for m in ALL_MOVES if m in board.legal_moves} == generated
    position = board.position()
    for move in set(ALL_MOVES) - generated:
        try:
            board.push(move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"push accepted {move}")
    assert board.position() == position and len(board.legal_moves) == len(generated)


@settings(max_examples=100, deadline=None)
@given(boards)
def test_action_ids_and_moves_agree(board):
    actions = board.legal_actions().tolist()
    assert actions == sorted(actions) and len(actions) == len(board.legal_moves)
    assert [board.action_to_move(a) for a in actions] == list(board.legal_moves)
    assert [board.move_to_action(m) for m in board.legal_moves] == actions
    for a in range(ludo.NUM_ACTIONS):
        if a not in actions:
            try:
                board.push_action(a)
            except IllegalMoveError:
                continue
            raise AssertionError(f"push_action accepted {a}")
    for a in actions:
        child = board.copy()
        child.push_action(a)
        other = board.copy()
        other.push(board.action_to_move(a))
        assert child == other and child.move_stack == other.move_stack


@settings(max_examples=60, deadline=None)
@given(boards)
def test_copies_are_equal_and_independent(board):
    for again in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        assert again == board and again.move_stack == board.move_stack
        if again.legal_moves:
            again.push(next(iter(again.legal_moves)))
            assert again.ply == board.ply + 1


@settings(max_examples=200, deadline=None)
@given(boards, st.one_of(st.text(max_size=8),
                         st.from_regex(r"[rRsShHfF]?[0-9]{0,2}(-[sShHfF]?[0-9]{0,2})?", fullmatch=True)))
def test_any_text_as_action_is_played_or_rejected_cleanly(board, text):
    position, stack, legal = board.position(), board.move_stack, set(board.legal_moves)
    try:
        move = board.push_str(text)
    except (InvalidMoveError, IllegalMoveError):
        assert board.position() == position and board.move_stack == stack
        return
    assert move in legal and board.move_stack == stack + [move]


position_pieces = st.sampled_from(list("GYBRgybr0123456789/- ") + [
    "13", "5", "standard", "places", " G ", " - ", "0000", "0-0-", "13/13/13/13", "5/5/5/5"])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(position_pieces, max_size=40).map("".join)))
def test_any_text_as_position_raises_only_invalid_position(text):
    try:
        board = ludo.Board(text)
    except InvalidPositionError:
        return
    assert board._is_ok() and ludo.Board(board.position()).position() == board.position()
