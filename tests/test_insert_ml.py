"""Insert's machine-learning interface: action ids, masks, observation
planes (decoded back to the position), the 8 symmetries of the square and
the compiled BatchGames."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from yinsh import insert
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.insert import actions, symmetries
from yinsh.insert.actions import InvalidActionError

from insert_helpers import random_board


def boards(n: int = 30):
    """Boards at every stage: empty, midgame, full or won (seeded)."""
    return [random_board(seed, (seed * 7) % 31) for seed in range(n)]


# Actions ---------------------------------------------------------------------

def test_action_ids_are_squares():
    assert insert.NUM_ACTIONS == 36
    for sq in range(36):
        assert insert.move_to_action(insert.action_to_move(sq)) == sq
        assert insert.move_to_action(insert.square_name(sq)) == sq
    for b in boards():
        ids = b.legal_actions()
        assert ids.dtype == np.int64 and ids.tolist() == sorted(m.square for m in b.legal_moves)
        mask = b.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (36,)
        assert np.flatnonzero(mask).tolist() == ids.tolist()


def test_push_action_is_push():
    b, c = insert.Board(layout=9), insert.Board(layout=9)
    for _ in range(12):
        a = int(b.legal_actions()[len(b.legal_actions()) // 2])
        b.push_action(a)
        c.push(insert.action_to_move(a))
        assert b == c and b.move_stack == c.move_stack


def test_bad_action_ids():
    b = insert.Board()
    for bad in (36, -1, 10**20):
        with pytest.raises(InvalidActionError):
            b.push_action(bad)
        with pytest.raises(InvalidActionError):
            insert.action_to_move(bad)
    assert issubclass(InvalidActionError, InvalidMoveError) and issubclass(InvalidActionError, IllegalMoveError)
    for bad in (1.0, "c4", True, None):
        with pytest.raises(TypeError):
            b.push_action(bad)
    b.push_action(14)                                  # c3, mark v
    with pytest.raises(IllegalMoveError, match="taken"):
        b.push_action(14)
    with pytest.raises(IllegalMoveError, match="not on the allowed line"):
        b.push_action(15)
    assert b.ply == 1
    with pytest.raises(TypeError):
        insert.move_to_action(3)
    with pytest.raises(InvalidMoveError):
        insert.move_to_action("g7")


# Planes ----------------------------------------------------------------------

def decode(planes: np.ndarray, perspective: int | None):
    """(white, red, marks, allowed, last, turn, count) from the planes."""
    flat = planes.reshape(actions.NUM_PLANES, 36)
    red_to_act = bool(flat[8, 0])
    us = (1 if red_to_act else 0) if perspective is None else perspective
    bits = [sum(1 << s for s in range(36) if flat[k, s]) for k in range(2)]
    rings = [bits[0], bits[1]] if us == 0 else [bits[1], bits[0]]
    marks = "".join("vhud"[int(np.argmax(flat[2:6, s]))] for s in range(36))
    assert (flat[2:6].sum(axis=0) == 1).all()
    allowed = sum(1 << s for s in range(36) if flat[6, s])
    last = int(np.argmax(flat[7])) if flat[7].any() else -1
    count = int(round(float(flat[9, 0]) * 30))
    assert (flat[8] == flat[8, 0]).all() and (flat[9] == flat[9, 0]).all()
    return rings[0], rings[1], marks, allowed, last, int(red_to_act), count


@pytest.mark.parametrize("perspective", ["side_to_act", "white", "red"])
def test_planes_determine_the_position(perspective):
    persp = {"side_to_act": None, "white": 0, "red": 1}[perspective]
    for b in boards():
        p = b.planes(perspective=perspective)
        assert p.shape == (10, 6, 6) and p.dtype == np.float32
        white, red, allowed, last, turn, count, _, _ = b._state()
        assert decode(p, persp) == (white, red, b._marks(), allowed, last, turn, count)


def test_plane_cells_are_rank_and_file():
    b = insert.Board()
    b.push_str("c4")                                   # square 20: row 4, column c
    p = b.planes(perspective="white")
    assert p[0, 3, 2] == 1.0 and p[7, 3, 2] == 1.0 and p[8].all()
    assert p[2 + "vhud".index(b.mark("c4")), 3, 2] == 1.0
    assert actions.PLANE_NAMES[6] == "allowed" and len(actions.PLANE_NAMES) == actions.NUM_PLANES


def test_planes_out_is_checked():
    b = insert.Board()
    out = np.empty((10, 6, 6), np.float32)
    assert b.planes(out=out) is out
    with pytest.raises(ValueError):
        b.planes(out=np.empty((10, 6, 6), np.float64))
    with pytest.raises(ValueError):
        b.planes(out=np.empty((9, 6, 6), np.float32))
    with pytest.raises(TypeError):
        b.planes(out=[0.0])
    with pytest.raises(ValueError, match="perspective"):
        b.planes(perspective="black")


# Symmetries ------------------------------------------------------------------

def test_mark_maps():
    turn, mirror = symmetries.MARK_MAPS[1], symmetries.MARK_MAPS[4]
    assert "".join("vhud"[m] for m in turn) == "hvdu"       # a quarter turn swaps v/h and u/d
    assert "".join("vhud"[m] for m in mirror) == "vhdu"     # the mirror swaps u/d
    assert symmetries.transform_square(1, insert.A1) == insert.A6   # clockwise: a1 goes up
    assert symmetries.transform_square(4, insert.A1) == insert.F1
    for k in range(8):
        j = symmetries.inverse(k)
        assert (symmetries.SQUARE_MAPS[j][symmetries.SQUARE_MAPS[k]] == np.arange(36)).all()


def test_quarter_turn_of_a_layout_is_a_layout():
    # rule 5 turns the tiles the way the whole board turns
    for number in (0, 1234, 6143):
        turned = symmetries.transform_board(1, insert.Board(layout=number))
        assert turned.layout is not None


@pytest.mark.parametrize("k", range(8))
def test_symmetry_of_legal_set_is_legal_set_of_symmetric_position(k):
    for b in boards(40):
        image = symmetries.transform_board(k, b)
        assert image.turn == b.turn and image.result() == b.result()
        assert sorted(symmetries.transform_action(k, b.legal_actions()).tolist()) == image.legal_actions().tolist()
        assert (symmetries.transform_mask(k, b.legal_action_mask()) == image.legal_action_mask()).all()
        assert (symmetries.transform_planes(k, b.planes()) == image.planes()).all()
        back = symmetries.transform_board(symmetries.inverse(k), image)
        assert back.position() == b.position()
        if b.ply and not b.is_game_over():          # playing commutes with the symmetry
            move = next(iter(b.legal_moves))
            after = b.copy()
            after.push(move)
            image.push(symmetries.transform_move(k, move))
            assert symmetries.transform_board(k, after).position() == image.position()


def test_symmetry_batches_and_errors():
    planes = np.stack([b.planes() for b in boards(5)])
    out = symmetries.transform_planes(3, planes)
    assert out.shape == planes.shape
    assert (out[2] == symmetries.transform_planes(3, planes[2])).all()
    with pytest.raises(ValueError):
        symmetries.transform_planes(1, np.zeros((3, 6, 6)))
    with pytest.raises(ValueError):
        symmetries.transform_mask(1, np.zeros(35))
    with pytest.raises(ValueError):
        symmetries.inverse(8)
    with pytest.raises(TypeError):
        symmetries.transform_board(0, "board")
    with pytest.raises(ValueError):
        symmetries.transform_action(0, 36)


# BatchGames ------------------------------------------------------------------

def test_batch_plays_like_boards():
    games = insert.BatchGames(16, seed=5)
    boards_ = [games.board(i) for i in range(16)]
    assert [b.layout for b in boards_] == games.layouts.tolist()
    while not games.done.all():
        masks = games.legal_action_masks()
        for i, b in enumerate(boards_):
            assert (masks[i] == b.legal_action_mask()).all()
        planes = games.planes()
        assert all((planes[i] == b.planes()).all() for i, b in enumerate(boards_))
        played = games.step_random()
        for i, b in enumerate(boards_):
            if played[i] >= 0:
                b.push_action(int(played[i]))
            assert games.board(i).position() == b.position()
    results = games.results
    for i, b in enumerate(boards_):
        assert results[i] == {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[b.result()]
        assert games.plies[i] == b.ply


def test_batch_is_reproducible_and_resets():
    a, b = insert.BatchGames(8, seed=3), insert.BatchGames(8, seed=3)
    for _ in range(40):
        assert (a.step_random(auto_reset=True) == b.step_random(auto_reset=True)).all()
    a.reset(2)
    assert a.plies[2] == 0 and not a.done[2]
    fixed = insert.BatchGames(3, seed=1, layout=42)
    assert fixed.layouts.tolist() == [42, 42, 42]
    fixed.reset()
    assert fixed.to_play.tolist() == [0, 0, 0]


def test_batch_step_is_checked_and_atomic():
    games = insert.BatchGames(3, seed=2, layout=0)
    games.step([14, 0, 35])                          # c3, a1, f6
    before = [games.board(i).position() for i in range(3)]
    with pytest.raises(IllegalMoveError, match="game 1"):
        games.step([20, 14, 29])                     # c4 ok in game 0; c3 is off a1's line
    with pytest.raises(InvalidActionError, match="game 2"):
        games.step([20, 1, 36])
    with pytest.raises(ValueError, match="shape"):
        games.step([1, 2])
    with pytest.raises(TypeError):
        games.step([1.0, 2.0, 3.0])
    assert [games.board(i).position() for i in range(3)] == before


def test_batch_set_board_and_bad_arguments():
    games = insert.BatchGames(2, seed=0)
    b = random_board(4, 9)
    games.set_board(1, b)
    assert games.board(1).position() == b.position() and games.board(-1) == b
    with pytest.raises(IndexError):
        games.board(2)
    with pytest.raises(TypeError):
        games.board("0")
    with pytest.raises(TypeError):
        games.set_board(0, "board")
    for bad in ({"n": 0}, {"n": 2, "layout": 6144}):
        with pytest.raises(ValueError):
            insert.BatchGames(**bad)
    with pytest.raises(TypeError):
        insert.BatchGames(2, seed="x")
    with pytest.raises(TypeError):
        insert.BatchGames(2, layout="0")


def test_batch_pickles():
    import pickle
    games = insert.BatchGames(5, seed=9)
    for _ in range(7):
        games.step_random()
    again = pickle.loads(pickle.dumps(games))
    assert [again.board(i).position() for i in range(5)] == [games.board(i).position() for i in range(5)]
    assert (again.plies == games.plies).all() and (again.layouts == games.layouts).all()
    assert (again.step_random(auto_reset=True) == games.step_random(auto_reset=True)).all()
    func, args = games.__reduce__()
    with pytest.raises(ValueError, match="not the data"):
        func(*args[:3], args[3][:-1], *args[4:])
    bad = bytearray(args[3])
    bad[0] ^= 0xFF                                      # a corrupt ring set
    with pytest.raises(ValueError, match="not the data"):
        func(*args[:3], bytes(bad), *args[4:])


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_batch_calls_poll_ctrl_c():
    from test_interrupt import MARGIN, interrupted
    games = insert.BatchGames(1 << 20, seed=1)

    def work():
        while True:
            games.step_random(auto_reset=True)

    exc, latency = interrupted(work)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
