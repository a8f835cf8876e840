"""The compiled Ludo core against the independent pure-Python reference
(tests/reference/ludo_ref.py) over seeded random games of 2, 3 and 4 players
in both variants: the same legal actions, turn and phase at every ply, the
same position strings, the same finishing order. The default run plays 360
games; the slow test 1,200 more (1,560 in all)."""
import random

import pytest

from yinsh import ludo
from reference import ludo_ref

from ludo_helpers import random_board

SETUPS = [(players, variant) for players in (2, 3, 4) for variant in ("standard", "places")]


def play_and_compare(seed: int, players: int, variant: str, every: int = 1) -> int:
    """Plays one random game on both; compares every ply (the position
    strings every ``every`` plies and at the end). Returns its length."""
    rng = random.Random(seed)
    board, game = ludo.Board(players=players, variant=variant), ludo_ref.new_game(players, variant)
    where = f"seed {seed}, {players} players, {variant}"
    while True:
        core = sorted(str(m) for m in board.legal_moves)
        assert core == sorted(game.legal_actions()), f"{where}, ply {board.ply}: {board.position()}"
        assert len(board.legal_moves) == len(core)
        assert board.is_chance() == game.is_throw_phase()
        assert (board.turn.letter if board.turn is not None else None) == game.turn
        if board.ply % every == 0:
            assert board.position() == game.position(), f"{where}, ply {board.ply}"
        if not core:
            break
        action = rng.choice(core)
        board.push_str(action)
        game.apply(action)
    assert board.is_game_over() and game.is_over()
    assert board.result() == game.result() and board.position() == game.position()
    assert "".join(c.letter for c in board.finishing_order) == "".join(game.order)
    return board.ply


@pytest.mark.parametrize("players, variant", SETUPS)
def test_random_games_match_the_reference(players, variant):
    for seed in range(60):
        play_and_compare(seed, players, variant, every=7)


@pytest.mark.slow
@pytest.mark.parametrize("players, variant", SETUPS)
def test_more_random_games_match_the_reference(players, variant):
    for seed in range(1000, 1200):
        play_and_compare(seed, players, variant, every=1)


@pytest.mark.parametrize("seed", range(24))
def test_positions_and_perft_match_the_reference(seed):
    """Random positions in all phases: the same position string parsed by
    both, the same perft to depth 3 and the same divide at depth 2."""
    players, variant = SETUPS[seed % len(SETUPS)]
    board = random_board(seed, random.Random(seed).randrange(20, 600), players, variant)
    game = ludo_ref.parse_position(board.position())
    assert game.position() == board.position()
    for depth in (1, 2, 3):
        assert ludo.perft(board, depth) == ludo_ref.perft(game, depth)
    if not board.is_game_over():
        assert ludo.divide(board, 2) == ludo_ref.divide(game, 2)


def test_games_of_only_two_or_three_named_colours_match_the_reference():
    """Positions may name any 2 to 4 colours (rule 1), e.g. only Yellow and Red."""
    for k, fin in enumerate(["-0-0", "00--", "-000", "0-00", "--00", "0--0"]):
        text = f"13/13/13/13 5/5/5/5 {fin} {'GYBR'[fin.index('0')]} - {('standard', 'places')[k % 2]} -"
        for seed in range(10):
            rng = random.Random(seed)
            board, game = ludo.Board(text), ludo_ref.parse_position(text)
            while not board.is_game_over():
                core = sorted(str(m) for m in board.legal_moves)
                assert core == sorted(game.legal_actions())
                action = rng.choice(core)
                board.push_str(action)
                game.apply(action)
            assert board.result() == game.result() and board.position() == game.position()
