"""Ludo pickling and copying: boards (with their move stack), moves and
playout statistics round-trip, also through a process pool."""
import copy
import multiprocessing
import pickle

import pytest

from yinsh import ludo
from yinsh.ludo import Move

from ludo_helpers import NEW4, after, random_board, random_game

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _pickled(obj, protocol):
    return pickle.loads(pickle.dumps(obj, protocol))


COPIERS = [pytest.param(lambda o, p=p: _pickled(o, p), id=f"pickle{p}") for p in PROTOCOLS] + [
    pytest.param(copy.deepcopy, id="deepcopy"), pytest.param(copy.copy, id="copy")]


def _boards():
    """Boards of every kind: new, throw and move phases, ended, places, with
    and without a move stack, a stack that starts from a position string."""
    boards = [ludo.Board(), ludo.Board(players=2, variant="places"), after(NEW4, "r6 r6")]
    for seed, plies in [(1, 30), (2, 173), (3, 401)]:
        boards.append(random_board(seed, plies))
        boards.append(random_board(seed, plies, 3, "places"))
    boards.append(random_game(5, 2, "places"))
    boards.append(random_game(6, 4))
    started = ludo.Board("3G4Y4/13/13/13 5/5/5/5 0000 G - standard -")
    started.push_str("r5")
    started.push_str("3-8")                        # a capture
    boards.append(started)
    no_stack = random_board(7, 60)
    no_stack.clear_stack()
    no_stack.push(next(iter(no_stack.legal_moves)))
    boards.append(no_stack)
    return boards


def _same_board(a, b):
    assert type(a) is type(b)
    assert a == b and a.position() == b.position() and a.zobrist_hash() == b.zobrist_hash()
    assert a.move_stack == b.move_stack and a.ply == b.ply
    assert (a.turn, a.players, a.dice, a.variant, a.result()) == (b.turn, b.players, b.dice, b.variant, b.result())
    assert list(a.legal_moves) == list(b.legal_moves) and b._is_ok()


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
    board = after(NEW4, "r6 r3")
    again = copier(board)
    again.push_str("s-3")
    assert board.ply == 2 and again.ply == 3 and board != again


def test_pickle_is_compact_text():
    board = random_board(7, 300)
    data = pickle.dumps(board)
    assert len(data) < 3000
    assert ludo.Board().position().encode() in data
    assert " ".join(map(str, board.move_stack)).encode() in data


def test_unpickling_checks_the_actions():
    board = after(NEW4, "r6 r3")
    func, (cls, start, moves), state = board.__reduce__()
    assert cls is ludo.Board and moves == "r6 r3" and start == NEW4 and state is None
    with pytest.raises(ludo.IllegalMoveError):
        func(cls, start, moves + " r1")        # a tampered stack is rejected, not trusted


class TaggedBoard(ludo.Board):
    """A subclass with attributes of its own."""


@pytest.mark.parametrize("copier", COPIERS[:-1])
def test_subclasses_keep_type_and_attributes(copier):
    board = TaggedBoard(players=3)
    board.push_str("r6")
    board.note = {"seen": [1, 2]}
    again = copier(board)
    _same_board(board, again)
    assert again.note == board.note and again.note is not board.note


@pytest.mark.parametrize("copier", COPIERS)
def test_moves_colours_and_playout_stats(copier):
    for text in ("r6", "s-3", "14-19", "48-h3", "h1-h4", "h3-f"):
        move = Move.from_str(text)
        again = copier(move)
        assert again == move and hash(again) == hash(move) and str(again) == text
    assert copier(ludo.GREEN) is ludo.GREEN
    stats = ludo.random_playouts(20, seed=3, players=3, variant="places")
    again = copier(stats)
    assert again == stats and again.as_dict() == stats.as_dict()


# Sent through processes: the pool pickles the boards out and the results back.

def _perft_and_play(board):
    count = ludo.perft(board, 4)
    moves = list(board.legal_moves)
    if moves:
        board.push(moves[len(moves) // 2])
    return count, board


def test_boards_through_a_process_pool():
    boards = [ludo.Board(), random_board(11, 40, 2), random_board(12, 75, 3, "places"),
              random_board(13, 400), random_game(14, 2)]
    expected = [ludo.perft(b, 4) for b in boards]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_perft_and_play, boards)
    for board, want, (count, played) in zip(boards, expected, results):
        assert count == want
        assert isinstance(played, ludo.Board) and played._is_ok()
        assert played.move_stack[:board.ply] == board.move_stack
        if not board.is_game_over():
            assert played.ply == board.ply + 1
            assert played.pop() in board.legal_moves
        _same_board(played, board)
