"""Ludo perft: LUDO.md's counts, tests/data/ludo.perft (the reference's
table) and tests/data/ludo_midgames.perft (midgame positions, counted by the
reference) against the compiled perft; divide; perft by pushing."""
import pytest

from yinsh import ludo
from perft_data import read_game
from reference import ludo_ref

from ludo_helpers import random_board

CASES = read_game("ludo") + read_game("ludo_midgames")


def core_board(case) -> ludo.Board:
    if case.moves is None:
        return ludo.Board(case.pos)
    fin, variant = case.pos.split()[2], case.pos.split()[5]
    board = ludo.Board(players=4 - fin.count("-"), variant=variant)
    for text in case.moves:
        board.push_str(text)
    assert board.position() == case.pos, "the moves do not lead to pos"
    return board


def divide_report(board, depth) -> str:
    return "\n".join(f"{m}: {n}" for m, n in sorted(ludo.divide(board, depth).items()))


def test_the_perft_counts_of_ludo_md():
    board = ludo.Board()
    assert [ludo.perft(board, d) for d in range(6)] == [1, 6, 36, 191, 996, 5226]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_core_perft(case):
    board = core_board(case)
    assert ludo.Board(case.pos).position() == case.pos
    for depth, nodes in sorted(case.counts.items()):
        got = ludo.perft(board, depth)
        assert got == nodes, f"{case.id} depth {depth}: {got} != {nodes}\n{divide_report(board, depth)}"
        assert ludo.perft(ludo.Board(case.pos), depth) == nodes
        if depth >= 1 and not board.is_game_over():
            assert sum(ludo.divide(board, depth).values()) == nodes


@pytest.mark.parametrize("case", read_game("ludo_midgames"), ids=lambda c: c.id)
def test_reference_agrees_with_the_midgame_table(case):
    game = ludo_ref.replay(case.moves, 4 - case.pos.split()[2].count("-"), case.pos.split()[5])
    assert game.position() == case.pos
    for depth in (1, 2, 3, 4):
        assert ludo_ref.perft(game, depth) == case.counts[depth]


def test_divide_names_the_first_actions():
    board = ludo.Board()
    assert ludo.divide(board, 1) == {f"r{d}": 1 for d in range(1, 7)}
    board = ludo.Board("3G9/13/13/13 5/5/5/5 0000 G 64 standard -")
    assert ludo.divide(board, 1) == {"3-13": 1, "s-4": 1}
    assert set(ludo.divide(board, 3)) == {"3-13", "s-4"}


@pytest.mark.parametrize("depth", [-1, 65])
def test_perft_depth_out_of_range(depth):
    with pytest.raises(ValueError):
        ludo.perft(ludo.Board(), depth)
    with pytest.raises(ValueError):
        ludo.divide(ludo.Board(), depth if depth > 0 else 0)


def test_perft_takes_a_ludo_board():
    with pytest.raises(TypeError):
        ludo.perft("13/13/13/13 5/5/5/5 0000 G - standard -", 2)
    with pytest.raises(TypeError):
        ludo.perft(None, 2)


@pytest.mark.parametrize("seed", range(10))
def test_perft_equals_counting_by_pushing(seed):
    board = random_board(seed, 40 + 37 * seed, (2, 3, 4)[seed % 3], ("standard", "places")[seed % 2])

    def count(b, d):
        if d == 0:
            return 1
        total = 0
        for m in b.legal_moves:
            b.push(m)
            total += count(b, d - 1)
            b.pop()
        return total

    position = board.position()
    for depth in (1, 2, 3, 4):
        assert ludo.perft(board, depth) == count(board, depth)
    assert board.position() == position
