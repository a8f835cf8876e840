"""Pickling and copying Insert boards (with their move stack and layout),
moves, outcomes and playout statistics; boards through a process pool."""
import copy
import multiprocessing
import pickle

import pytest

from yinsh import insert

from insert_helpers import random_board

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _pickled(obj, protocol):
    return pickle.loads(pickle.dumps(obj, protocol))


COPIERS = [pytest.param(lambda o, p=p: _pickled(o, p), id=f"pickle{p}") for p in PROTOCOLS] + [
    pytest.param(copy.deepcopy, id="deepcopy"), pytest.param(copy.copy, id="copy")]

NO_LAYOUT = "6/6/6/6/6/6 vvvvvv/hhhhhh/uuuuuu/dddddd/vhudvh/udvhud w -"


def _boards():
    boards = [insert.Board(), insert.Board(layout=6143), insert.Board.random(seed=3)]
    for seed, plies in [(1, 5), (2, 17), (3, 30), (4, 30), (5, 29)]:
        boards.append(random_board(seed, plies))
    started = insert.Board(random_board(6, 12).position())      # a stack from a position string
    started.push(next(iter(started.legal_moves)))
    boards.append(started)
    odd = insert.Board(NO_LAYOUT)                                 # marks of no layout
    odd.push_str("c3")
    odd.push_str("e1")
    boards.append(odd)
    return boards


def _same(a, b):
    assert type(a) is type(b)
    assert a == b and a.position() == b.position() and a.zobrist_hash() == b.zobrist_hash()
    assert a.move_stack == b.move_stack and a.ply == b.ply and a.layout == b.layout
    assert a.outcome() == b.outcome() and a._state() == b._state() and b._is_ok()


@pytest.mark.parametrize("copier", COPIERS)
def test_boards_round_trip_with_their_stack(copier):
    for board in _boards():
        again = copier(board)
        assert again is not board
        _same(board, again)
        while board.ply:
            assert again.pop() == board.pop()
            _same(board, again)
        with pytest.raises(IndexError):
            again.pop()


@pytest.mark.parametrize("copier", COPIERS)
def test_copies_are_independent(copier):
    board = random_board(8, 6)
    again = copier(board)
    again.push(next(iter(again.legal_moves)))
    assert board.ply == 6 and again.ply == 7 and board != again


def test_pickle_is_compact_text():
    board = random_board(7, 25)
    data = pickle.dumps(board)
    assert len(data) < 400
    start = board.copy()
    while start.ply:
        start.pop()
    assert start.position().encode() in data


def test_unpickling_checks_the_actions():
    board = random_board(9, 10)
    func, (cls, start, moves), state = board.__reduce__()
    assert cls is insert.Board and moves.split() == [str(m) for m in board.move_stack]
    taken = moves.split()[0]
    with pytest.raises(insert.IllegalMoveError):
        func(cls, start, moves + " " + taken)


class TaggedBoard(insert.Board):
    """A subclass with attributes of its own."""


@pytest.mark.parametrize("copier", COPIERS[:-1])
def test_subclasses_keep_type_and_attributes(copier):
    board = TaggedBoard(layout=99)
    board.push_str("e5")
    board.note = {"seen": [1, 2]}
    again = copier(board)
    _same(board, again)
    assert again.note == board.note and again.note is not board.note


@pytest.mark.parametrize("copier", COPIERS)
def test_moves_outcomes_and_stats(copier):
    for sq in (0, 20, 35):
        move = insert.Move(sq)
        again = copier(move)
        assert again == move and hash(again) == hash(move) and str(again) == str(move)
    ended = random_board(3, 30)
    assert copier(ended.outcome()) == ended.outcome()
    stats = insert.random_playouts(20, seed=3, layout="random")
    again = copier(stats)
    assert again == stats and again.as_dict() == stats.as_dict()
    assert copier(insert.RED) is insert.RED


def _perft_and_play(board):
    count = insert.perft(board, 3)
    moves = list(board.legal_moves)
    if moves:
        board.push(moves[len(moves) // 2])
    return count, board


def test_boards_through_a_process_pool():
    boards = [insert.Board(), random_board(11, 8), random_board(12, 20), random_board(13, 30),
              insert.Board(NO_LAYOUT)]
    expected = [insert.perft(b, 3) for b in boards]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_perft_and_play, boards)
    for board, want, (count, played) in zip(boards, expected, results):
        assert count == want
        assert isinstance(played, insert.Board) and played._is_ok()
        assert played.move_stack[:board.ply] == board.move_stack
        assert played.layout == board.layout
        if not board.is_game_over():
            assert played.ply == board.ply + 1
            assert played.pop() in board.legal_moves
        _same(played, board)
