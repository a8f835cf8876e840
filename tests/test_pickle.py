"""Pickling and copying: boards (with their move stack), moves, analyses,
outcomes, playout statistics and game records round-trip to equal objects."""
import copy
import multiprocessing
import pickle

import pytest

import yinsh
from yinsh import Board, Move
from yinsh.record import Game

from helpers import board as make_board
from helpers import placed, random_board

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _pickled(obj, protocol):
    return pickle.loads(pickle.dumps(obj, protocol))


COPIERS = [pytest.param(lambda o, p=p: _pickled(o, p), id=f"pickle{p}") for p in PROTOCOLS] + [
    pytest.param(copy.deepcopy, id="deepcopy"), pytest.param(copy.copy, id="copy")]


def _boards():
    """Boards in every phase and variant, with and without a move stack."""
    boards = [Board(), Board(variant="blitz"), placed()]
    for seed, plies in [(1, 30), (2, 80), (3, 400), (4, 400), (5, 57)]:
        boards.append(random_board(seed, plies))
        boards.append(random_board(seed, plies, "blitz"))
    started = make_board("f7", "k7", white_markers="f3 f4 f5 f6")     # a stack from a position string
    started.push_str("f7-g7")                                           # a row to remove
    boards.append(started)
    no_stack = random_board(6, 40)
    no_stack.clear_stack()
    no_stack.push(next(iter(no_stack.legal_moves)))
    boards.append(no_stack)
    return boards


def _same_board(a, b):
    assert type(a) is type(b)
    assert a == b and a.position() == b.position() and a.zobrist_hash() == b.zobrist_hash()
    assert a.move_stack == b.move_stack and a.ply == b.ply
    assert (a.variant, a.phase, a.turn, a.consecutive_passes()) == \
        (b.variant, b.phase, b.turn, b.consecutive_passes())
    assert a.outcome() == b.outcome() and a._state() == b._state() and b._is_ok()


@pytest.mark.parametrize("copier", COPIERS)
def test_boards_round_trip_with_their_stack(copier):
    for board in _boards():
        again = copier(board)
        assert again is not board
        _same_board(board, again)
        while board.ply:                       # pop() works on the copy, back to the start
            assert again.pop() == board.pop()
            _same_board(board, again)
        with pytest.raises(IndexError):
            again.pop()


@pytest.mark.parametrize("copier", COPIERS)
def test_copies_are_independent(copier):
    board = placed()
    again = copier(board)
    again.push_str("h6-h10")
    assert board.ply == 10 and again.ply == 11 and board != again


def test_pickle_is_compact_text_not_memory():
    board = random_board(7, 120)
    data = pickle.dumps(board)
    assert len(data) < 1500                          # no history of raw positions
    assert Board().position().encode() in data       # the start, as a position string
    assert " ".join(map(str, board.move_stack)).encode() in data


def test_unpickling_checks_the_actions():
    board = placed()
    func, (cls, start, moves), state = board.__reduce__()
    assert cls is Board and moves.split() == [str(m) for m in board.move_stack]
    assert start == Board().position() and state is None
    with pytest.raises(yinsh.IllegalMoveError):
        func(cls, start, moves + " e5")          # a tampered stack is rejected, not trusted


class TaggedBoard(Board):
    """A subclass with attributes of its own."""


@pytest.mark.parametrize("copier", COPIERS[:-1])
def test_subclasses_keep_type_and_attributes(copier):
    board = TaggedBoard()
    board.push_str("e5")
    board.note = {"seen": [1, 2]}
    again = copier(board)
    _same_board(board, again)
    assert again.note == board.note and again.note is not board.note


@pytest.mark.parametrize("copier", COPIERS)
def test_moves(copier):
    for text in ("e5", "e5-e9", "xe5-e9", "xa2", "pass"):
        move = Move.from_str(text)
        again = copier(move)
        assert again == move and hash(again) == hash(move) and str(again) == text


@pytest.mark.parametrize("copier", COPIERS)
def test_outcome_analysis_and_playout_stats(copier):
    ended = random_board(3, 400)
    assert ended.outcome() is not None
    assert copier(ended.outcome()) == ended.outcome()
    analysis = yinsh.Engine(hash_mb=1).analyse(placed(), depth=2)
    again = copier(analysis)
    assert again == analysis and again.pv == analysis.pv and again.best_move == analysis.best_move
    stats = yinsh.random_playouts(20, seed=3)
    again = copier(stats)
    assert again == stats and again.as_dict() == stats.as_dict()


@pytest.mark.parametrize("copier", COPIERS)
def test_game_records(copier):
    board = random_board(8, 60)
    game = Game.from_board(board, White="Ada", Black="Bo")
    game.comments.append((3, "a comment"))
    again = copier(game)
    assert again == game and again.tags == game.tags and again.comments == game.comments
    _same_board(game.board, again.board)


# Sent through processes: the pool pickles the boards out and the results back.

def _perft_and_play(board):
    count = yinsh.perft(board, 2)
    moves = list(board.legal_moves)
    if moves:
        board.push(moves[len(moves) // 2])
    return count, board


def test_boards_through_a_process_pool():
    boards = [placed(), random_board(11, 40), random_board(12, 75, "blitz"), random_board(13, 400)]
    expected = [yinsh.perft(b, 2) for b in boards]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_perft_and_play, boards)
    for board, want, (count, played) in zip(boards, expected, results):
        assert count == want
        assert isinstance(played, Board) and played._is_ok()
        assert played.move_stack[:board.ply] == board.move_stack
        if not board.is_game_over():
            assert played.ply == board.ply + 1
            assert played.pop() in board.legal_moves
        _same_board(played, board)
