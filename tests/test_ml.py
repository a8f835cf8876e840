"""The machine-learning interface: integer actions, masks, planes, symmetries
and batched games (issue 6, docs/ml.md)."""
from __future__ import annotations

import doctest
import pathlib
import random
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import BatchGames, Board, IllegalMoveError, InvalidMoveError
from yinsh.yinsh import symmetries
from yinsh.yinsh import _ml
from yinsh.yinsh.actions import (
    MOVE_BASE, NUM_ACTIONS, NUM_PLANES, PASS_ACTION, PLANE_NAMES, RING_BASE, ROW_BASE,
    InvalidActionError, action_kinds, action_to_move, move_to_action, place_action,
    point_index, remove_ring_action, ring_move_action, row_action, valid_actions,
)

from helpers import board as make_board

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "ml.md"

# From test_rules.py: White has no ring move (only Black's ring on h4 can move).
WHITE_BLOCKED = ("bWBb/2wbb2/2bbwb2/2bw1bw2/b1wb2bb1b/wbb3wbb/bWwbbwbbBb/WWbwbbwBB/"
                 "WwbbwbbB/bb3wb/b3 w move - 0:0 0 standard")


def random_game(seed: int, variant: str = "standard"):
    """The boards of one random game, from the empty board to its end (each a copy)."""
    rng = random.Random(seed)
    board = Board(variant=variant)
    boards = [board.copy(stack=False)]
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        boards.append(board.copy(stack=False))
    return boards


@pytest.fixture(scope="module")
def games():
    """Boards of a few random games, standard and blitz, with every phase."""
    boards = []
    for seed in range(16):
        boards += random_game(seed, "blitz" if seed % 3 == 2 else "standard")
    boards.append(Board(WHITE_BLOCKED))
    phases = {b.phase for b in boards}
    assert phases == set(yinsh.Phase)
    return boards


@pytest.fixture(scope="module")
def sample(games):
    """Every 7th board, and every board in a removal phase or at a pass."""
    return [b for i, b in enumerate(games)
            if i % 7 == 0 or b.phase in ("remove_row", "remove_ring") or "pass" in map(str, b.legal_moves)]


# The action space -------------------------------------------------------------

def test_layout_of_the_action_space():
    assert yinsh.NUM_ACTIONS == NUM_ACTIONS == 85 + 85 * 6 * 9 + 85 * 3 + 85 + 1 == 5016
    assert [place_action(p) for p in yinsh.POINTS] == list(range(85))
    assert MOVE_BASE == 85 and ROW_BASE == 85 + 4590 and RING_BASE == ROW_BASE + 255
    assert PASS_ACTION == NUM_ACTIONS - 1 == move_to_action("pass")
    assert move_to_action("a2") == 0 and move_to_action("k10") == 84
    assert move_to_action("xa2") == RING_BASE and move_to_action("xk10") == RING_BASE + 84
    # e5-e9: e5 is point index 32, direction 0 (row + 1), 4 steps.
    assert move_to_action("e5-e9") == MOVE_BASE + (32 * 6 + 0) * 9 + 3 == ring_move_action(yinsh.E5, 0, 4)
    assert move_to_action("e9-e5") == ring_move_action(yinsh.E9, 3, 4)
    assert move_to_action("e5-j5") == ring_move_action(yinsh.E5, 1, 5)
    assert move_to_action("j10-e5") == ring_move_action(yinsh.J10, 5, 5)
    # Rows: lower end and axis, whatever the order of the ends.
    assert move_to_action("xe5-e9") == move_to_action("xe9-e5") == ROW_BASE + 32 * 3 + 0 == row_action(yinsh.E5, 0)
    assert move_to_action("xe5-i5") == row_action(yinsh.E5, 1)
    assert move_to_action("xe5-i9") == row_action(yinsh.E5, 2)
    assert remove_ring_action(yinsh.E5) == RING_BASE + point_index(yinsh.E5)


def test_every_valid_id_is_one_action_and_back():
    valid = valid_actions()
    kinds = action_kinds()
    seen = set()
    for a in range(NUM_ACTIONS):
        if not valid[a]:
            assert kinds[a] == 0
            with pytest.raises(InvalidActionError):
                action_to_move(a)
            continue
        move = action_to_move(a)
        assert move_to_action(move) == a
        assert move_to_action(str(move)) == a
        assert kinds[a] == list(yinsh.MoveKind).index(move.kind) + 1
        seen.add(str(move))
    assert len(seen) == int(valid.sum())
    # Every geometrically possible action has an id: placements, removals,
    # moves to every point on a line, rows of 5 on every line.
    lines = {(p, q) for p in yinsh.POINTS for q in yinsh.POINTS
             if p != q and _on_one_line(p, q)}
    rows = {(p, q) for p, q in lines if p < q and _steps(p, q) == 4}
    assert int(valid.sum()) == 85 + len(lines) + len(rows) + 85 + 1


def _on_one_line(p, q):
    dc, dr = q // 11 - p // 11, q % 11 - p % 11
    return dc == 0 or dr == 0 or dc == dr


def _steps(p, q):
    return max(abs(q // 11 - p // 11), abs(q % 11 - p % 11))


def test_ids_of_moves_off_the_board_and_out_of_range_raise():
    for bad in (-1, NUM_ACTIONS, 10**30, -10**30):
        with pytest.raises(InvalidActionError):
            action_to_move(bad)
    with pytest.raises(InvalidActionError) as info:
        action_to_move(ring_move_action(yinsh.A2, 0, 9))     # a2 up 9 steps: off the board
    assert isinstance(info.value, InvalidMoveError) and isinstance(info.value, IllegalMoveError)
    for bad in (1.0, "3", None, True):
        with pytest.raises(TypeError):
            action_to_move(bad)
    assert action_to_move(np.int64(0)) == yinsh.Move.from_str("a2")
    with pytest.raises(InvalidActionError):
        move_to_action("e5-f7")                              # not on one line
    with pytest.raises(InvalidActionError):
        move_to_action("xe5-e8")                             # 4 points, not 5
    with pytest.raises(InvalidActionError):
        move_to_action("xe5-f7")
    with pytest.raises(InvalidActionError):
        move_to_action("e5-e5")
    with pytest.raises(InvalidMoveError):
        move_to_action("zz")
    with pytest.raises(TypeError):
        move_to_action(3)
    with pytest.raises(ValueError):
        ring_move_action(yinsh.E5, 6, 1)
    with pytest.raises(ValueError):
        row_action(yinsh.E5, 3)
    with pytest.raises(ValueError):
        point_index(0)                                       # a1 is no point


def test_id_move_bijection_over_random_games(games):
    for board in games:
        ids = set()
        for move in board.legal_moves:
            a = move_to_action(move)
            assert action_to_move(a) == move
            ids.add(a)
        assert len(ids) == board.legal_moves.count()


def test_mask_and_legal_actions_equal_the_legal_set_at_every_ply(games):
    for board in games:
        expected = sorted(move_to_action(m) for m in board.legal_moves)
        actions = board.legal_actions()
        mask = board.legal_action_mask()
        assert actions.dtype == np.int64 and mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
        assert actions.tolist() == expected                  # ascending
        assert np.flatnonzero(mask).tolist() == expected
        assert not mask[~valid_actions()].any()


def test_push_action_plays_the_move(games):
    for board in games[:40]:
        for a in board.legal_actions()[:5]:
            b1, b2 = board.copy(), board.copy()
            b1.push_action(int(a))
            b2.push(action_to_move(int(a)))
            assert b1 == b2 and b1.move_stack == b2.move_stack
    b = Board()
    b.push_action(np.int32(0))
    assert b.move_stack == [yinsh.Move.from_str("a2")]


@pytest.mark.parametrize("action, error", [
    (-1, InvalidActionError), (NUM_ACTIONS, InvalidActionError), (2**63, InvalidActionError),
    (93, InvalidActionError),                                 # a2 up 9 steps: no action
    (PASS_ACTION, IllegalMoveError),                         # placement phase
    (RING_BASE, IllegalMoveError), (MOVE_BASE, IllegalMoveError),
    ("e5", TypeError), (1.5, TypeError), (None, TypeError), (False, TypeError),
])
def test_push_action_rejects_and_leaves_the_board_unchanged(action, error):
    board = Board()
    board.push_str("e5")
    before = (board.position(), board.move_stack)
    with pytest.raises(error):
        board.push_action(action)
    assert (board.position(), board.move_stack) == before


def test_illegal_action_messages_say_why():
    board = Board()
    board.push_str("e5")
    with pytest.raises(IllegalMoveError, match="e5 already holds a ring"):
        board.push_action(move_to_action("e5"))
    with pytest.raises(IllegalMoveError, match=r"illegal action 5015 \(pass\)"):
        board.push_action(PASS_ACTION)
    with pytest.raises(IllegalMoveError, match="out of range"):
        board.push_action(-1)


def test_pass_action():
    board = Board(WHITE_BLOCKED)
    assert board.legal_actions().tolist() == [PASS_ACTION]
    board.push_action(PASS_ACTION)
    assert board.consecutive_passes() == 1
    assert PASS_ACTION not in board.legal_actions()


# Planes -----------------------------------------------------------------------

def _bitboard(plane):
    return sum(1 << p for p in yinsh.POINTS if plane.flat[p] == 1.0)


def decode(planes, perspective="side_to_act"):
    """The state fields (as ``Board._state()[:11]``) that planes describe."""
    f6 = yinsh.F6
    value = lambda k: float(planes[k].flat[f6])
    turn = int(value(10))
    us = turn if perspective == "side_to_act" else ("white", "black").index(perspective)
    rings, markers, removed = [0, 0], [0, 0], [0, 0]
    rings[us], rings[1 - us] = _bitboard(planes[0]), _bitboard(planes[1])
    markers[us], markers[1 - us] = _bitboard(planes[2]), _bitboard(planes[3])
    phase = [value(k) for k in range(5, 10)].index(1.0)
    rings_to_win = round(value(16) * 5)
    removed[us], removed[1 - us] = round(value(11) * rings_to_win), round(value(12) * rings_to_win)
    mover = 0
    if phase in (2, 3):
        mover = turn if value(14) == 1.0 else 1 - turn
    passes = round(value(15) * 2)
    return (rings[0], rings[1], markers[0], markers[1], turn, phase, mover, passes,
            removed[0], removed[1], rings_to_win)


def test_plane_layout():
    assert len(PLANE_NAMES) == NUM_PLANES == 17
    planes = Board().planes()
    assert planes.dtype == np.float32 and planes.shape == (NUM_PLANES, 11, 11)
    valid = np.zeros(121, np.float32)
    valid[list(yinsh.POINTS)] = 1
    assert (planes[PLANE_NAMES.index("valid_point")].ravel() == valid).all()
    assert (planes[PLANE_NAMES.index("phase_place")] == 1).all()
    assert (planes[PLANE_NAMES.index("markers_in_pool")] == 1).all()
    assert np.allclose(planes[PLANE_NAMES.index("rings_to_win")], 3 / 5)
    # Cell [k, c, r - 1] is the point of column c and row r.
    b = Board()
    b.push_str("c7")
    assert b.planes(perspective="white")[0, 2, 6] == 1 and b.planes(perspective="white").sum(axis=(1, 2))[0] == 1


def test_planes_decode_back_to_the_position(games):
    for board in games:
        state = board._state()[:11]
        for perspective in ("side_to_act", "white", "black"):
            decoded = decode(board.planes(perspective=perspective), perspective)
            if board.phase not in ("remove_row", "remove_ring"):
                decoded = decoded[:6] + (state[6],) + decoded[7:]
            assert decoded == state
        planes = board.planes()
        pool = (planes[PLANE_NAMES.index("markers_in_pool")]).flat[yinsh.F6]
        assert pool == np.float32(board.markers_in_pool() / 51)


def test_planes_perspectives(games):
    for board in games[::5]:
        white, black, side = (board.planes(perspective=p) for p in ("white", "black", "side_to_act"))
        swapped = black[[1, 0, 3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 11] + list(range(13, NUM_PLANES))]
        assert (swapped[:14] == white[:14]).all() and (swapped[15:] == white[15:]).all()
        assert (side == (white if board.turn == yinsh.WHITE else black)).all()


def test_planes_out_is_filled_and_checked():
    board = Board()
    board.push_str("e5")
    out = np.full((NUM_PLANES, 11, 11), 7.0, np.float32)
    assert board.planes(out=out) is out
    assert (out == board.planes()).all()
    for bad in (np.zeros((NUM_PLANES, 11, 11), np.float64), np.zeros((NUM_PLANES, 11, 12), np.float32),
                np.zeros((NUM_PLANES, 11, 22), np.float32)[:, :, ::2]):
        with pytest.raises(ValueError):
            board.planes(out=bad)
    frozen = np.zeros((NUM_PLANES, 11, 11), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        board.planes(out=frozen)
    with pytest.raises(TypeError):
        board.planes(out=[0.0] * 10)
    with pytest.raises(ValueError):
        board.planes(perspective="mine")


# Symmetries -------------------------------------------------------------------

def test_twelve_symmetries_form_the_hexagon_group():
    maps = symmetries.POINT_MAPS
    assert symmetries.NUM_SYMMETRIES == 12 and maps.shape == (12, 121)
    points = list(yinsh.POINTS)
    images = {tuple(maps[k, points]) for k in range(12)}
    assert len(images) == 12                                 # all distinct
    for k in range(12):
        assert sorted(maps[k, points]) == points             # permutations of the 85 points
        assert (maps[symmetries.inverse(k)][maps[k]] == np.arange(121)).all()
        for j in range(12):                                  # closed under composition
            assert tuple(maps[j][maps[k]][points]) in images
    # The half turn of RULES.md.
    for p in points:
        c, r = divmod(p, 11)
        assert maps[3, p] == (10 - c) * 11 + (12 - (r + 1)) - 1
    # Symmetries keep lines: neighbours stay neighbours.
    for k in range(12):
        for p in points:
            for q in points:
                if _on_one_line(p, q) and _steps(p, q) == 1:
                    assert _on_one_line(maps[k, p], maps[k, q]) and _steps(maps[k, p], maps[k, q]) == 1


def test_action_maps_are_permutations_that_keep_kinds():
    kinds = action_kinds()
    for k in range(12):
        table = symmetries.ACTION_MAPS[k]
        assert sorted(table) == list(range(NUM_ACTIONS))
        assert (kinds[table] == kinds).all()
        assert table[PASS_ACTION] == PASS_ACTION
    assert symmetries.transform_move(3, yinsh.Move.from_str("e5-e9")) == yinsh.Move.from_str("g7-g3")
    assert symmetries.transform_move(0, yinsh.Move.from_str("xb1-b5")) == yinsh.Move.from_str("xb1-b5")


def test_generating_then_transforming_equals_transforming_then_generating(sample):
    for board in sample:
        actions = board.legal_actions()
        mask = board.legal_action_mask()
        planes = board.planes()
        for k in range(12):
            image = symmetries.transform_board(k, board)
            assert image.phase == board.phase and image.turn == board.turn
            assert sorted(symmetries.transform_action(k, actions).tolist()) == image.legal_actions().tolist()
            assert (symmetries.transform_mask(k, mask) == image.legal_action_mask()).all()
            assert (symmetries.transform_planes(k, planes) == image.planes()).all()
            assert {str(symmetries.transform_move(k, m)) for m in board.legal_moves} == \
                {str(m) for m in image.legal_moves}
            back = symmetries.transform_board(symmetries.inverse(k), image)
            assert back == board
            # Playing commutes with the symmetry too.
            if len(actions):
                a = int(actions[len(actions) // 2])
                played, image_played = board.copy(), image.copy()
                played.push_action(a)
                image_played.push_action(symmetries.transform_action(k, a))
                assert symmetries.transform_board(k, played) == image_played


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 150), k=st.integers(0, 11),
       blitz=st.booleans())
def test_symmetry_commutes_on_random_positions(seed, plies, k, blitz):
    games = BatchGames(1, seed=seed, variant="blitz" if blitz else "standard")
    for _ in range(plies):
        games.step_random()
    board = games.board(0)
    image = symmetries.transform_board(k, board)
    assert sorted(symmetries.transform_action(k, board.legal_actions()).tolist()) == image.legal_actions().tolist()
    assert (symmetries.transform_mask(k, board.legal_action_mask()) == image.legal_action_mask()).all()
    assert (symmetries.transform_planes(k, board.planes()) == image.planes()).all()
    assert symmetries.transform_board(symmetries.inverse(k), image) == board
    state = board._state()[:11]
    decoded = decode(board.planes())
    if board.phase not in ("remove_row", "remove_ring"):
        decoded = decoded[:6] + (state[6],) + decoded[7:]
    assert decoded == state


def test_batched_transforms_and_bad_input():
    games = BatchGames(3, seed=4)
    for _ in range(12):
        games.step_random()
    planes, masks = games.planes(), games.legal_action_masks()
    for k in (1, 8):
        tp, tm = symmetries.transform_planes(k, planes), symmetries.transform_mask(k, masks)
        for i in range(3):
            image = symmetries.transform_board(k, games.board(i))
            assert (tp[i] == image.planes()).all() and (tm[i] == image.legal_action_mask()).all()
    policy = np.random.default_rng(0).random(NUM_ACTIONS)
    assert np.isclose(symmetries.transform_policy(5, policy).sum(), policy.sum())
    for bad in (-1, 12, 1.0, True):
        with pytest.raises(ValueError):
            symmetries.inverse(bad)
    with pytest.raises(ValueError):
        symmetries.transform_mask(0, np.zeros(10))
    with pytest.raises(ValueError):
        symmetries.transform_planes(0, np.zeros((3, 11)))
    with pytest.raises(ValueError):
        symmetries.transform_action(0, NUM_ACTIONS)
    with pytest.raises(ValueError):
        symmetries.transform_action(0, np.array([0, -1]))
    with pytest.raises(ValueError):
        symmetries.transform_point(0, 0)


# BatchGames -------------------------------------------------------------------

def test_batch_random_play_matches_boards():
    n = 8
    games = BatchGames(n, seed=11)
    boards = [Board() for _ in range(n)]
    steps = 0
    while not games.done.all():
        masks = games.legal_action_masks()
        assert masks.shape == (n, NUM_ACTIONS) and masks.dtype == np.bool_
        planes = games.planes()
        assert planes.shape == (n, NUM_PLANES, 11, 11) and planes.dtype == np.float32
        for i, board in enumerate(boards):
            assert (masks[i] == board.legal_action_mask()).all()
            assert (planes[i] == board.planes()).all()
        played = games.step_random()
        for i, board in enumerate(boards):
            if board.is_game_over():
                assert played[i] == -1
            else:
                assert board.legal_action_mask()[played[i]]
                board.push_action(int(played[i]))
            assert games.board(i) == board
        steps += 1
    results = games.results
    assert results.dtype == np.int8
    expected = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
    assert results.tolist() == [expected[b.result()] for b in boards]
    assert games.plies.tolist() == [b.ply for b in boards]
    assert not games.legal_action_masks().any()
    assert (games.step_random() == -1).all()


def test_batch_masks_and_random_steps_match_the_reference():
    # The independent pure-Python rules (tests/reference) as the oracle.
    from reference import RefGame
    n = 4
    games = BatchGames(n, seed=21)
    refs = [RefGame("standard") for _ in range(n)]
    while not games.done.all():
        masks = games.legal_action_masks()
        for i, ref in enumerate(refs):
            texts = {str(action_to_move(int(a))) for a in np.flatnonzero(masks[i])}
            assert texts == set(ref.legal_actions())
        played = games.step_random()
        for i, ref in enumerate(refs):
            if played[i] >= 0:
                ref.apply(str(action_to_move(int(played[i]))))
    expected = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
    assert games.results.tolist() == [expected[ref.result()] for ref in refs]


def test_batch_step_checks_every_action_before_playing():
    games = BatchGames(3, seed=5)
    games.step([move_to_action("e5"), move_to_action("a2"), move_to_action("k10")])
    assert [games.board(i).rings(yinsh.WHITE) for i in range(3)] == [[yinsh.E5], [yinsh.A2], [yinsh.K10]]
    assert games.to_play.tolist() == [1, 1, 1]
    before = [games.board(i).position() for i in range(3)]
    for actions, error in [([0, 1, move_to_action("k10")], IllegalMoveError),
                           ([0, 1, -1], InvalidActionError),
                           ([0, NUM_ACTIONS, 2], InvalidActionError),
                           ([0, 93, 2], InvalidActionError)]:
        with pytest.raises(error, match="game"):
            games.step(actions)
    assert [games.board(i).position() for i in range(3)] == before
    with pytest.raises(IllegalMoveError, match="game 0"):
        games.step([move_to_action("e5")] * 3)
    with pytest.raises(ValueError):
        games.step([0, 1])
    with pytest.raises(TypeError):
        games.step([0.0, 1.0, 2.0])
    assert [games.board(i).position() for i in range(3)] == before
    assert games.plies.tolist() == [1, 1, 1]


def test_batch_finished_games_ignore_actions_and_reset():
    games = BatchGames(2, seed=3, variant="blitz")
    while not games.done[0]:
        games.step_random()
    assert games.board(0).is_game_over() and games.board(0).variant == "blitz"
    result = games.board(0).result()
    assert games.results[0] == {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result]
    # The entry of a finished game is ignored, whatever it is.
    if not games.done[1]:
        games.step([-5, int(games.board(1).legal_actions()[0])])
    assert games.board(0).result() == result
    games.reset(0)
    assert games.board(0) == Board(variant="blitz") and games.plies[0] == 0 and not games.done[0]
    games.reset(-1)
    assert games.board(1) == Board(variant="blitz")
    with pytest.raises(IndexError):
        games.reset(2)
    with pytest.raises(TypeError):
        games.reset("0")
    games.set_board(1, Board(WHITE_BLOCKED))
    assert games.legal_action_masks()[1].nonzero()[0].tolist() == [PASS_ACTION]
    games.reset()
    assert (games.plies == 0).all()


def test_batch_auto_reset_keeps_every_game_playing():
    games = BatchGames(16, seed=2, variant="blitz")
    total = 0
    for _ in range(400):
        played = games.step_random(auto_reset=True)
        assert (played >= 0).all()
        total += len(played)
    assert total == 16 * 400


def test_batch_seed_makes_games_reproducible():
    a, b, c = BatchGames(4, seed=9), BatchGames(4, seed=9), BatchGames(4, seed=10)
    runs = [np.stack([g.step_random() for _ in range(30)]) for g in (a, b, c)]
    assert (runs[0] == runs[1]).all() and not (runs[0] == runs[2]).all()


def test_batch_constructor_and_out_checks():
    for bad in (0, -1, 2**25):
        with pytest.raises(ValueError):
            BatchGames(bad)
    with pytest.raises(ValueError):
        BatchGames(2, variant="huge")
    with pytest.raises(TypeError):
        BatchGames(2, seed="x")
    games = BatchGames(2, seed=None)
    assert len(games) == 2 and "n=2" in repr(games)
    out = np.ones((2, NUM_ACTIONS), np.bool_)
    assert games.legal_action_masks(out=out) is out and out.sum() == 2 * 85
    with pytest.raises(ValueError):
        games.legal_action_masks(out=np.zeros((3, NUM_ACTIONS), np.bool_))
    with pytest.raises(ValueError):
        games.legal_action_masks(out=np.zeros((2, NUM_ACTIONS), np.uint8))
    out = np.empty((2, NUM_PLANES, 11, 11), np.float32)
    assert games.planes(out=out, perspective="white") is out
    with pytest.raises(ValueError):
        games.planes(out=np.empty((2, NUM_PLANES, 11, 11), np.float16))
    with pytest.raises(ValueError):
        games.planes(perspective=None)
    with pytest.raises(IndexError):
        games.board(5)


def test_batch_runs_in_threads():
    # The GIL is released in the bulk loops: two threads step their own batches.
    batches = [BatchGames(64, seed=s) for s in range(2)]

    def play(games):
        for _ in range(200):
            games.step_random(auto_reset=True)
            games.legal_action_masks()

    threads = [threading.Thread(target=play, args=(g,)) for g in batches]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(int(g.plies.sum()) > 0 for g in batches)


# Documentation ----------------------------------------------------------------

def test_compiled_docstrings():
    failures, attempted = doctest.testmod(_ml, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0


def test_guide_docs_ml_md():
    failures, attempted = doctest.testfile(str(DOCS), module_relative=False,
                                           optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failures == 0
