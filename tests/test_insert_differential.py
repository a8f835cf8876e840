"""Differential tests: the compiled Insert core against the independent
pure-Python reference (tests/reference/insert_ref.py, written from
shared/INSERT.md alone) over seeded random games on random layouts.

At every ply both sides must agree on the legal set, the whole position
string (rings, marks, turn, last), the side to place and the result; at the
end on the result and the reason. 300 games run by default, 2,000 (seeds
0..1999) under ``-m slow``.
"""
import random

import numpy as np
import pytest

from yinsh import insert
from reference import insert_ref

from insert_helpers import SplitMix64

REASONS = {"five": insert.Termination.FIVE, "groups": insert.Termination.GROUPS}


def play_both(seed: int) -> tuple[insert.Board, insert_ref.InsertGame]:
    """Game `seed`: its layout and actions drawn from random.Random(seed), as
    the reference's random_game(seed) draws them, played on both."""
    rng = random.Random(seed)
    layout = rng.randrange(6144)
    ref = insert_ref.InsertGame(layout)
    board = insert.Board(layout=layout)
    assert board.position() == ref.position()
    while True:
        legal = ref.legal_actions()
        assert {str(m) for m in board.legal_moves} == set(legal), (seed, board.position())
        assert len(board.legal_moves) == len(legal) and bool(board.legal_moves) == bool(legal)
        assert board.position() == ref.position()
        assert board.result() == ref.result()
        assert board.turn.letter == ref.turn
        if ref.is_over():
            break
        action = rng.choice(legal)
        flips = ref.apply(action)
        board.push_str(action)
        assert sorted(board.last_flips()) == sorted(insert.parse_square(s) for s in flips)
    assert board.is_game_over() and not board.legal_moves
    outcome = board.outcome()
    assert outcome.result() == ref.result()
    assert outcome.termination is REASONS[ref.end_reason]
    assert board.move_stack == [insert.Move.from_str(a) for a in ref.history]
    return board, ref


def check_games(seeds) -> dict:
    tally: dict = {}
    for seed in seeds:
        board, ref = play_both(seed)
        key = (ref.result(), ref.end_reason)
        tally[key] = tally.get(key, 0) + 1
    return tally


def test_300_random_games_agree_with_the_reference():
    tally = check_games(range(300))
    # both kinds of ending and all three results occur
    assert {reason for _, reason in tally} == {"five", "groups"}
    assert {result for result, _ in tally} >= {"1-0", "0-1"}


@pytest.mark.slow
def test_2000_random_games_agree_with_the_reference():
    tally = check_games(range(2000))
    assert {reason for _, reason in tally} == {"five", "groups"}


def test_drawn_games_agree_with_the_reference():
    """Draws are rare in random play (about 1 game in 4,000): the first three
    seeds that draw."""
    assert check_games([27412, 34462, 35147]) == {("1/2-1/2", "groups"): 3}


def test_same_games_as_the_references_random_game():
    for seed in range(20):
        board, _ = play_both(seed)
        game = insert_ref.random_game(seed)
        assert [str(m) for m in board.move_stack] == game.history
        assert board.layout == game.layout and board.result() == game.result()


def test_positions_read_back_by_both():
    """Midgame positions: the reference reads the core's string and the core
    the reference's, and the legal sets stay equal."""
    rng = random.Random(99)
    for seed in range(60):
        board = insert.Board(layout=rng.randrange(6144))
        for _ in range(rng.randrange(31)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        ref = insert_ref.InsertGame.from_position(board.position())
        again = insert.Board(ref.position())
        assert again == board and again.position() == board.position()
        assert {str(m) for m in again.legal_moves} == set(ref.legal_actions())
        assert again.result() == ref.result()


def replay_playouts(n: int, seed: int, random_layout: bool, layout: int = 0):
    """random_playouts' games replayed on the reference with the core's
    generator in Python: (plies, layouts, tally)."""
    rng = SplitMix64(seed)
    plies, layouts, tally = [], [], {}
    for _ in range(n):
        number = rng.below(6144) if random_layout else layout
        game = insert_ref.InsertGame(number)
        while not game.is_over():
            legal = game.legal_actions()                    # sorted by name: a1, a2, ..
            by_square = sorted(legal, key=insert.parse_square)   # the core's order: a1, b1, ..
            game.apply(by_square[rng.below(len(legal))])
        plies.append(len(game.history))
        layouts.append(number)
        key = ({"1-0": "white", "0-1": "red", "1/2-1/2": "draw"}[game.result()], REASONS[game.end_reason])
        tally[key] = tally.get(key, 0) + 1
    return plies, layouts, tally


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**64 - 1])
def test_random_playouts_are_the_references_games(seed):
    stats = insert.random_playouts(150, seed=seed, layout="random")
    plies, layouts, tally = replay_playouts(150, seed, True)
    assert stats.plies.tolist() == plies and stats.layouts.tolist() == layouts
    assert stats.by_result_and_reason == tally


def test_random_playouts_on_one_layout_are_the_references_games():
    stats = insert.random_playouts(100, seed=5, layout=4321)
    plies, layouts, tally = replay_playouts(100, 5, False, 4321)
    assert stats.plies.tolist() == plies and set(stats.layouts.tolist()) == {4321}
    assert stats.by_result_and_reason == tally
    assert np.array_equal(stats.layouts, np.full(100, 4321))
