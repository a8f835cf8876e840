"""The public Ludo API (issue 12's contract block and the rest of yinsh.ludo)."""
import random

import numpy as np
import pytest

import yinsh
from yinsh import ludo
from yinsh.ludo import BLUE, GREEN, RED, YELLOW, Move, Phase

from ludo_helpers import NEW4, after, random_game


def test_the_contract_block():
    board = ludo.Board()
    assert board.position() == NEW4
    board = ludo.Board(players=2, variant="places")
    assert board.players == [GREEN, BLUE] and board.variant == "places"
    board = ludo.Board("3G9/13/13/13 5/5/5/5 0000 Y - standard -")
    assert [str(m) for m in board.legal_moves] == ["r1", "r2", "r3", "r4", "r5", "r6"]
    assert board.is_chance()
    board.push_str("r6")
    board.push_str("r3")
    board.push_str("s-16")
    move = next(iter(board.legal_moves))
    board.push(move)
    assert board.pop() == move
    copy = board.copy()
    assert copy == board and copy is not board
    thrown = board.throw(rng=None)
    assert thrown.is_throw() and board.move_stack[-1] == thrown
    assert board.turn in (BLUE, RED) and str(GREEN) == "green" and f"{board.turn}" in ("blue", "red")
    assert board.players == [GREEN, YELLOW, BLUE, RED]
    assert not board.is_game_over() and board.result() == "*"
    assert ludo.Board(board.position()).position() == board.position()
    assert ludo.perft(ludo.Board(), 3) == 191
    stats = ludo.random_playouts(10, seed=1, players=4, variant="standard")
    assert stats.games == 10


def test_exports():
    for name in ludo.__all__:
        assert hasattr(ludo, name), name
    assert (ludo.GREEN, ludo.YELLOW, ludo.BLUE, ludo.RED) == tuple(ludo.Color) == ludo.COLORS
    assert [str(c) for c in ludo.COLORS] == ["green", "yellow", "blue", "red"]
    assert [c.letter for c in ludo.COLORS] == list("GYBR")
    assert ludo.Color.of("Yellow") is YELLOW and ludo.Color.of("b") is BLUE and ludo.Color.of(3) is RED
    for bad in ("purple", 4, True, None):
        with pytest.raises((ValueError, TypeError)):
            ludo.Color.of(bad)
    assert issubclass(ludo.IllegalMoveError, ValueError) and issubclass(ludo.InvalidPositionError, ValueError)
    assert ludo.NUM_ACTIONS == 63


def test_legal_moves_is_a_lazy_view():
    board = after(NEW4, "r6 r4")
    view = board.legal_moves
    assert len(view) == view.count() == 1 and bool(view) and Move.from_str("s-4") in view
    board.push_str("s-4")                                   # the view follows the board
    assert len(view) == 6 and Move.from_str("r1") in view and Move.from_str("s-4") not in view
    assert repr(view) == "<LegalMoves (r1, r2, r3, r4, r5, r6)>"


def test_turn_is_none_once_the_game_is_over_and_phase():
    board = after("13/13/13/13 4G/5/5/5 3-0- G - standard -", "r1")
    assert board.phase == Phase.MOVE == "move" and board.dice == (1,) and board.total == 1
    board.push_str("h5-f")
    assert board.turn is None and board.phase == Phase.GAME_OVER and board.winner() == GREEN
    assert board.finishing_order == [GREEN] and board.returns() == {GREEN: 1.0, BLUE: -1.0}
    assert ludo.Board().returns() == {c: 0.0 for c in ludo.COLORS}


@pytest.mark.parametrize("make", [lambda s: random.Random(s), lambda s: np.random.default_rng(s)])
def test_throw_is_uniform_and_reproducible(make):
    counts = {d: 0 for d in range(1, 7)}
    rng = make(5)
    board = ludo.Board()
    for _ in range(6000):
        move = board.throw(rng)
        counts[move.die] += 1
        board.pop()
    assert all(800 < n < 1200 for n in counts.values())
    a, b = ludo.Board(), ludo.Board()
    ra, rb = make(9), make(9)
    for _ in range(50):
        assert a.throw(ra) == b.throw(rb)
        if not a.is_chance():
            move = next(iter(a.legal_moves))
            a.push(move)
            b.push(move)


def test_throw_without_a_generator_uses_the_random_module():
    random.seed(3)
    first = [ludo.Board().throw() for _ in range(20)]
    random.seed(3)
    assert [ludo.Board().throw() for _ in range(20)] == first


def test_where_the_pieces_are():
    board = ludo.Board("5G7/13/Y12/13 1G3/3Y1/5/5 1100 G - standard -")
    assert board.pieces(GREEN) == ["s", "5", "h2", "f"] and board.progress("G") == [-1, 5, 52, 56]
    assert board.pieces(YELLOW) == ["s", "26", "h4", "f"] and board.progress(YELLOW) == [-1, 13, 54, 56]
    assert board.piece_at(26) == YELLOW and board.in_start("yellow") == 1 and board.finished(YELLOW) == 1
    assert ludo.Board(players=2).pieces(YELLOW) == [] and ludo.Board(players=2).progress(RED) == []
    for bad in (-1, 52):
        with pytest.raises(ValueError):
            board.piece_at(bad)
    with pytest.raises(TypeError):
        board.piece_at("5")


def test_zobrist_hash_covers_dice_turn_players_variant_and_order():
    hashes = {ludo.Board(text).zobrist_hash() for text in [
        NEW4, "13/13/13/13 5/5/5/5 0000 Y - standard -", "13/13/13/13 5/5/5/5 0000 G 6 standard -",
        "13/13/13/13 5/5/5/5 0000 G 66 standard -", "13/13/13/13 5/5/5/5 0000 G - places -",
        "13/13/13/13 5/5/5/5 000- G - standard -", "13/13/13/13 5/5/5/5 0-0- G - standard -",
        "3G9/13/13/13 5/5/5/5 0000 G 63 standard -", "3G9/13/13/13 5/5/5/5 0000 G 64 standard -",
        "13/13/13/13 5/5/5/5 4440 - - places GYB", "13/13/13/13 5/5/5/5 4440 - - places YGB",
        "13/13/13/13 5/5/5/5 1000 G - standard -", "13/13/13/13 G4/5/5/5 0000 G - standard -"]}
    assert len(hashes) == 13


def test_equality_repr_and_str():
    board = after(NEW4, "r6 r3 s-3")
    assert board == ludo.Board("3G9/13/13/13 5/5/5/5 0000 Y - standard -")      # stacks do not count
    assert board != ludo.Board() and board != "x"
    with pytest.raises(TypeError):
        hash(board)
    assert repr(board) == f"yinsh.ludo.Board({board.position()!r})"
    assert eval(repr(board), {"yinsh": yinsh}) == board
    text = str(board)
    assert "Yellow to throw" in text and "[G]" in text and "G: s s s 3" in text
    assert ludo.Board()._repr_svg_().startswith("<svg")


def test_action_ids():
    board = ludo.Board("3G9/13/13/13 5/5/5/5 0000 G 64 standard -")
    assert board.legal_actions().tolist() == [6, 10]                 # enter; the piece at progress 3
    assert board.action_to_move(6) == Move.from_str("s-4") and board.action_to_move(10) == Move.from_str("3-13")
    assert board.move_to_action(Move.from_str("3-13")) == 10
    yellow = ludo.Board("13/3Y9/13/13 5/5/5/5 0000 Y 64 standard -")               # the same, for Yellow
    assert yellow.legal_actions().tolist() == [6, 10] and yellow.action_to_move(10) == Move.from_str("16-26")
    assert ludo.Board().legal_actions().tolist() == list(range(6))
    end = random_game(3)
    assert end.legal_actions().tolist() == []


def test_moves_are_frozen_values():
    move = Move.from_str("h3-f")
    assert move is Move.from_str("H3-F") and hash(move) == move.code
    with pytest.raises(AttributeError):
        move.code = 3
    assert sorted([Move.from_str("r2"), Move.from_str("s-3"), Move.from_str("0-1")])[0] == Move.from_str("0-1")


def test_returns_sum_to_zero_and_follow_the_places():
    for seed in range(12):
        players, variant = (2, 3, 4)[seed % 3], ("standard", "places")[seed % 2]
        board = random_game(seed, players, variant)
        returns = board.returns()
        assert abs(sum(returns.values())) < 1e-12 and list(returns) == list(board.players)
        first = ludo.Color.of(board.result()[0])
        assert returns[first] == 1.0 and max(returns.values()) == 1.0
        if variant == "places":
            assert returns[ludo.Color.of(board.result()[-1])] == -1.0
            assert [returns[ludo.Color.of(x)] for x in board.result()] == sorted(returns.values(), reverse=True)
