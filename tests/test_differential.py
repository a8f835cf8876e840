"""The compiled core against the independent pure-Python reference over
seeded random games: the same legal actions at every ply, the same results
and the same final positions."""
import random

import pytest

import yinsh
from helpers import names
from reference import RefGame

GAMES = {"standard": 2000, "blitz": 400}
CHUNK = 200


def play_and_compare(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    board, game = yinsh.Board(variant=variant), RefGame(variant)
    while True:
        core = sorted(str(m) for m in board.legal_moves)
        assert core == game.legal_actions(), f"seed {seed} after {[str(m) for m in board.move_stack]}"
        assert board.legal_moves.count() == len(core)
        assert board.phase.value == game.phase
        if not core:
            break
        assert board.turn.label == game.turn
        action = rng.choice(core)
        board.push_str(action)
        game.apply(action)
    assert board.is_game_over() and game.is_over()
    assert board.result() == game.result()
    reasons = {"rings": "rings", "marker_pool": "pool", "blocked": "blocked"}
    assert reasons[board.outcome().termination.value] == game.end_reason()
    pieces = game.pieces()
    assert names(board.rings(yinsh.WHITE)) == pieces["white_rings"]
    assert names(board.rings(yinsh.BLACK)) == pieces["black_rings"]
    assert names(board.markers(yinsh.WHITE)) == pieces["white_markers"]
    assert names(board.markers(yinsh.BLACK)) == pieces["black_markers"]
    for color in (yinsh.WHITE, yinsh.BLACK):
        assert board.rings_removed(color) == game.rings_removed(color.label)
    assert board.markers_in_pool() == game.markers_in_pool()


@pytest.mark.parametrize("variant,start", [(v, s) for v, n in GAMES.items() for s in range(0, n, CHUNK)])
def test_random_games_match_reference(variant, start):
    for seed in range(start, start + CHUNK):
        play_and_compare(seed, variant)


def test_blocked_positions_match_reference():
    from test_rules import BOTH_BLOCKED, WHITE_BLOCKED
    for text in (WHITE_BLOCKED, BOTH_BLOCKED):
        board = yinsh.Board(text)
        game = RefGame.from_position(
            sorted(names(board.rings(yinsh.WHITE))), sorted(names(board.rings(yinsh.BLACK))),
            sorted(names(board.markers(yinsh.WHITE))), sorted(names(board.markers(yinsh.BLACK))))
        while game.legal_actions():
            assert sorted(str(m) for m in board.legal_moves) == game.legal_actions()
            action = game.legal_actions()[0]
            board.push_str(action)
            game.apply(action)
        assert board.result() == game.result()
