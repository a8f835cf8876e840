"""Ludo's machine-learning interface: action ids, masks, planes (decoded
back to the position), rewards and BatchGames (dice thrown inside)."""
import doctest
import random

import numpy as np
import pytest

from yinsh import ludo
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.ludo import _ml


def boards(n=80, seed=7):
    rng = random.Random(seed)
    for i in range(n):
        board = ludo.Board(players=(2, 3, 4)[i % 3], variant=("standard", "places")[i % 2])
        for _ in range(rng.randrange(0, 700)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        yield board


def test_mask_matches_legal_actions():
    for board in boards():
        assert np.flatnonzero(board.legal_action_mask()).tolist() == board.legal_actions().tolist()


def decode(planes, viewer, board):
    """The progress lists of the colours, read back from the planes."""
    out = {}
    for k in range(4):
        c = (viewer + k) % 4
        if c not in [int(x) for x in board.players]:
            assert not planes[k].any()
            continue
        progress = []
        for col in np.flatnonzero(planes[k, :57]):
            if col < 52:
                progress.append((col + 13 * viewer - 13 * c) % 52)
            else:
                progress.append(col - 52 + 51)
        start = int(round(planes[k, 57] * 4))
        finished = int(round(planes[4 + k, 0] * 4))
        out[c] = [-1] * start + sorted(progress) + [56] * finished
    return out


def test_planes_decode_to_the_position_from_every_view():
    for board in boards(40):
        for viewer in [int(c) for c in board.players]:
            planes = board.planes(perspective=viewer)
            assert planes.shape == (ludo.NUM_PLANES, 58) and planes.dtype == np.float32
            for c, progress in decode(planes, viewer, board).items():
                assert progress == board.progress(c)
            assert planes[15, 0] == (board.phase == ludo.Phase.MOVE)
            assert [round(planes[12 + i, 0] * 6) for i in range(3)] == list(board.dice) + [0] * (3 - len(board.dice))
        if board.turn is not None:
            assert (board.planes() == board.planes(perspective=board.turn)).all()


def test_planes_are_the_same_for_every_seat_in_a_rotated_position():
    # Green at its entry field + 3 and Yellow at its entry field + 3: each,
    # to act, sees itself on column 3 and the other on the track behind/ahead.
    green = ludo.Board("3G9/3Y9/13/13 5/5/5/5 0000 G - standard -")
    yellow = ludo.Board("3G9/3Y9/13/13 5/5/5/5 0000 Y - standard -")
    pg, py = green.planes(), yellow.planes()
    assert pg[0, 3] == py[0, 3] == 1.0
    assert pg[1, 16] == 1.0 and py[3, 42] == 1.0


def test_planes_out_and_bad_input():
    board = ludo.Board()
    out = np.empty((17, 58), np.float32)
    assert board.planes(out=out) is out
    with pytest.raises(TypeError):
        board.planes(out=[0])
    with pytest.raises(ValueError):
        board.planes(out=np.empty((17, 57), np.float32))
    with pytest.raises(ValueError):
        ludo.Board(players=2).planes(perspective="yellow")
    assert ludo.PLANE_NAMES[0] == "pieces_us" and len(ludo.PLANE_NAMES) == ludo.NUM_PLANES


def test_rewards():
    board = ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")
    assert board.rewards().tolist() == [1.0, 0.0, -1.0, 0.0]


def test_batch_plays_to_the_end_with_dice_inside():
    games = ludo.BatchGames(16, players=4, variant="places", seed=3)
    while not games.done.all():
        assert all(games.board(i).phase == ludo.Phase.MOVE for i in np.flatnonzero(~games.done))
        masks = games.legal_action_masks()
        assert (masks[:, :6] == 0).all()
        games.step_random()
    rewards = games.rewards
    assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-6)
    assert sorted(games.places[0].tolist()) == [1, 2, 3, 4]
    assert (games.to_play == -1).all() and (games.legal_action_masks() == 0).all()


def test_batch_is_seeded():
    a, b = ludo.BatchGames(8, players=2, seed=5), ludo.BatchGames(8, players=2, seed=5)
    for _ in range(30):
        assert (a.step_random() == b.step_random()).all()
    assert (a.planes() == b.planes()).all()


def test_batch_step_checks_every_action_first():
    games = ludo.BatchGames(4, players=3, seed=1)
    masks = games.legal_action_masks()
    good = masks.argmax(axis=1)
    before = games.planes()
    bad = good.copy()
    bad[2] = 99
    with pytest.raises(InvalidMoveError, match="game 2"):
        games.step(bad)
    illegal = good.copy()
    illegal[1] = 7 + 55
    with pytest.raises(IllegalMoveError, match="game 1"):
        games.step(illegal)
    assert (games.planes() == before).all() and (games.plies == 0).all()
    with pytest.raises(TypeError):
        games.step(good.astype(float))
    with pytest.raises(ValueError):
        games.step(good[:3])
    games.step(good)
    assert (games.plies == 1).all()


def test_batch_boards_and_reset():
    games = ludo.BatchGames(3, seed=2)
    games.step_random()
    board = games.board(1)
    assert (board.planes() == games.planes()[1]).all()
    games.set_board(0, ludo.Board(players=4))
    assert games.board(0).phase == ludo.Phase.MOVE
    games.reset()
    assert (games.plies == 0).all()
    with pytest.raises(IndexError):
        games.board(3)
    with pytest.raises(TypeError):
        games.board("0")


def test_batch_bad_arguments():
    with pytest.raises(ValueError):
        ludo.BatchGames(0)
    with pytest.raises(ValueError):
        ludo.BatchGames(2, players=5)
    with pytest.raises(ValueError):
        ludo.BatchGames(2, variant="blitz")
    with pytest.raises(TypeError):
        ludo.BatchGames(2, seed="x")
    with pytest.raises(TypeError):
        ludo.BatchGames(2.0)


def test_ml_docstrings():
    failures, attempted = doctest.testmod(_ml, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0


def test_batch_pickles():
    import pickle
    games = ludo.BatchGames(5, players=3, seed=4)
    for _ in range(20):
        games.step_random()
    again = pickle.loads(pickle.dumps(games))
    assert (again.planes() == games.planes()).all() and (again.plies == games.plies).all()
    assert (again.step_random() == games.step_random()).all()      # the generator travels too
