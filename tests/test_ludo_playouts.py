"""ludo.random_playouts: seeded whole games in C, replayed move by move by
the reference."""
import numpy as np
import pytest

from yinsh import ludo
from reference import ludo_ref

MASK = 2**64 - 1


def splitmix64(state: int) -> tuple[int, int]:
    """The core's PRNG (rng_next in yinsh/_core.pxd), in Python."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


@pytest.mark.parametrize("players, variant", [(4, "standard"), (3, "places"), (2, "standard"), (2, "places")])
def test_playouts_are_legal_games_replayed_by_the_reference(players, variant):
    """Replays the first games with the same PRNG over the same action order
    (legal_moves lists the action ids ascending; a throw is the die 1 + a
    number below 6, a single valid move takes no number), checks every
    action with the reference and compares the counts."""
    n = 6
    stats = ludo.random_playouts(n, seed=99, players=players, variant=variant)
    state = 99
    places = {c: [0] * players for c in stats.players}
    throws = captures = voids = skips = 0
    for i in range(n):
        board, game = ludo.Board(players=players, variant=variant), ludo_ref.new_game(players, variant)
        while not board.is_game_over():
            moves = list(board.legal_moves)
            if board.is_chance() or len(moves) > 1:
                state, z = splitmix64(state)
                move = moves[(z * len(moves)) >> 64]
            else:
                move = moves[0]
            assert str(move) in game.legal_actions()
            waiting = sum(board.in_start(c) for c in board.players) - (move.source == "s")
            board.push(move)
            game.apply(str(move))
            if move.is_throw():
                throws += 1
                if not board.dice:                         # the throw ended the turn
                    voids += move.die == 6
                    skips += move.die != 6
            elif sum(board.in_start(c) for c in board.players) > waiting:
                captures += 1
        assert game.is_over() and board.ply == stats.plies[i]
        assert board.result() == game.result()
        for k, letter in enumerate(board.result()):
            places[ludo.Color.of(letter)][k] += 1
    assert stats.places == {c: tuple(p) for c, p in places.items()}
    assert (stats.captures, stats.voids, stats.skips, int(stats.throws.sum())) == \
        (captures, voids, skips, throws)


def test_same_seed_same_games_other_seed_other_games():
    a, b, c = (ludo.random_playouts(300, seed=s) for s in (11, 11, 12))
    assert a == b and not np.array_equal(a.plies, c.plies)


def test_counts_add_up():
    stats = ludo.random_playouts(500, seed=3)
    assert stats.games == 500 == sum(stats.wins.values())
    assert stats.players == ludo.COLORS and stats.variant == "standard"
    assert all(p[1:] == (0, 0, 0) for p in stats.places.values())      # standard: only a winner
    assert stats.plies.shape == (500,) and stats.plies.dtype == np.int32
    assert (stats.throws <= stats.plies).all() and (stats.throws * 2 > stats.plies).all()
    assert stats.mean_plies == pytest.approx(stats.plies.mean())
    # a game needs at least 4 entries of a six and a move to finish each piece
    assert stats.plies.min() >= 4 * 3 + 4
    assert stats["wins"] == {str(c): n for c, n in stats.wins.items()}


def test_places_counts_every_place():
    stats = ludo.random_playouts(300, seed=5, players=3, variant="places")
    assert stats.players == (ludo.GREEN, ludo.YELLOW, ludo.BLUE)
    for k in range(3):
        assert sum(p[k] for p in stats.places.values()) == 300
    for c in stats.players:
        assert sum(stats.places[c]) == 300


def test_from_a_position():
    board = ludo.Board(players=3)
    board.push_str("r6")
    by_board = ludo.random_playouts(50, seed=4, position=board)
    by_text = ludo.random_playouts(50, seed=4, position=board.position())
    assert by_board == by_text and board.ply == 1
    assert by_board.players == (ludo.GREEN, ludo.YELLOW, ludo.BLUE)


@pytest.mark.parametrize("kwargs, error", [
    ({"n": -1}, ValueError), ({"n": 1.5}, TypeError), ({"n": "3"}, TypeError), ({"n": 1, "seed": -1}, ValueError),
    ({"n": 1, "seed": 2**64}, ValueError), ({"n": 1, "seed": 1.0}, TypeError),
    ({"n": 1, "position": "nonsense"}, ludo.InvalidPositionError),
    ({"n": 1, "variant": "speedy"}, ValueError), ({"n": 1, "players": 5}, ValueError),
    ({"n": 1, "players": "4"}, TypeError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        ludo.random_playouts(**kwargs)


def test_a_finished_game_cannot_be_played_out():
    with pytest.raises(ValueError, match="over"):
        ludo.random_playouts(1, position="13/13/13/13 5/5/5/5 4-0- - - places G")
    assert ludo.random_playouts(0).games == 0
