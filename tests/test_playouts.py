"""random_playouts: seeded whole games in C."""
import numpy as np
import pytest

import yinsh
from yinsh import Termination

from helpers import placed
from reference import RefGame


def test_same_seed_same_games_other_seed_other_games():
    a, b, c = (yinsh.random_playouts(300, seed=s) for s in (11, 11, 12))
    assert a == b and not np.array_equal(a.plies, c.plies)


def test_counts_add_up():
    stats = yinsh.random_playouts(500, seed=3)
    assert stats.games == 500 == stats.white_wins + stats.black_wins + stats.draws
    assert sum(stats.by_reason.values()) == 500 == sum(stats.by_result_and_reason.values())
    assert stats.plies.shape == (500,) and stats.plies.dtype == np.int32
    # Placements alone are 10 plies; a game needs at least a few ring moves more.
    assert stats.plies.min() > 10 and stats.mean_plies == pytest.approx(stats.plies.mean())
    # Draws only happen at the pool or when blocked, never by rings.
    assert ("draw", Termination.RINGS) not in stats.by_result_and_reason
    assert stats["white_wins"] == stats.white_wins


MASK = 2**64 - 1


def splitmix64(state: int) -> tuple[int, int]:
    """The core's PRNG (rng_next in _rng.pxd), in Python."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def test_playouts_are_legal_games_replayed_by_the_reference():
    """Replays the first games with the same PRNG over the same action order
    (legal_moves lists the core's generation order), checks every action with
    the reference rules, and compares lengths and results."""
    stats = yinsh.random_playouts(5, seed=99)
    state, results = 99, {}
    for i in range(5):
        board, game = yinsh.Board(), RefGame()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            state, z = splitmix64(state)
            move = moves[(z * len(moves)) >> 64]
            assert str(move) in game.legal_actions()
            board.push(move)
            game.apply(str(move))
        assert board.ply == stats.plies[i] and game.is_over()
        outcome = board.outcome()
        key = ({yinsh.WHITE: "white", yinsh.BLACK: "black"}.get(outcome.winner, "draw"), outcome.termination)
        results[key] = results.get(key, 0) + 1
    assert results == stats.by_result_and_reason


def test_blitz_games_are_shorter_and_end_by_rings_more_often():
    standard = yinsh.random_playouts(400, seed=1)
    blitz = yinsh.random_playouts(400, seed=1, variant="blitz")
    assert blitz.mean_plies < standard.mean_plies
    assert blitz.by_reason[Termination.RINGS] > standard.by_reason[Termination.RINGS]


def test_from_a_position():
    board = placed()
    by_board = yinsh.random_playouts(50, seed=4, position=board)
    by_text = yinsh.random_playouts(50, seed=4, position=board.position())
    assert by_board == by_text
    assert by_board.plies.min() >= 1 and board.ply == 10       # the board is not changed


@pytest.mark.parametrize("kwargs,error", [
    ({"n": -1}, ValueError), ({"n": 1.5}, ValueError), ({"n": 1, "seed": -1}, ValueError),
    ({"n": 1, "seed": 2**64}, ValueError), ({"n": 1, "position": "nonsense"}, yinsh.InvalidPositionError),
    ({"n": 1, "variant": "speedy"}, ValueError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        yinsh.random_playouts(**kwargs)


def test_a_finished_game_cannot_be_played_out():
    from test_rules import BOTH_BLOCKED
    over = yinsh.Board(BOTH_BLOCKED)
    over.push_str("pass")
    over.push_str("pass")
    with pytest.raises(ValueError, match="over"):
        yinsh.random_playouts(1, position=over)
    assert yinsh.random_playouts(0).games == 0
