"""perft counts of tests/data/*.perft, from the core and from the reference."""
import random

import pytest

import yinsh
from perft_data import CASES
from reference import RefGame
from reference import perft as reference_perft


def core_board(case) -> yinsh.Board:
    if case.moves is None:
        return yinsh.Board(case.pos)
    board = yinsh.Board(variant=case.pos.split()[-1])
    for text in case.moves:
        board.push_str(text)
    assert board.position() == case.pos, "the moves do not lead to pos"
    return board


def reference_game(case) -> RefGame:
    if case.moves is not None:
        game = RefGame(case.pos.split()[-1])
        for text in case.moves:
            game.apply(text)
        return game
    board = yinsh.Board(case.pos)
    assert board.phase == "move", "pos-only cases must be movement positions"
    names = lambda points: [yinsh.point_name(p) for p in points]  # noqa: E731
    return RefGame.from_position(
        names(board.rings(yinsh.WHITE)), names(board.rings(yinsh.BLACK)),
        names(board.markers(yinsh.WHITE)), names(board.markers(yinsh.BLACK)),
        turn=board.turn.label, variant=board.variant,
        removed_white=board.rings_removed(yinsh.WHITE), removed_black=board.rings_removed(yinsh.BLACK))


def divide_report(board, depth) -> str:
    return "\n".join(f"{m}: {n}" for m, n in sorted(yinsh.divide(board, depth).items()))


def test_public_crosscheck_is_in_the_data():
    case = next(c for c in CASES if c.id == "crosscheck")
    assert case.moves == "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split()
    assert case.counts == {1: 54, 2: 4705, 3: 240259, 4: 18886483}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_core_perft(case):
    board = core_board(case)
    for depth, nodes in sorted(case.counts.items()):
        got = yinsh.perft(board, depth)
        assert got == nodes, f"{case.id} depth {depth}: {got} != {nodes}\n{divide_report(board, depth)}"
        if depth >= 1:
            assert sum(yinsh.divide(board, depth).values()) == nodes


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_reference_perft(case):
    game = reference_game(case)
    for depth, nodes in sorted(case.counts.items()):
        if depth <= 3:
            assert reference_perft(game, depth) == nodes, f"{case.id} depth {depth}"


@pytest.mark.slow
def test_reference_perft_depth_4_crosscheck():
    case = next(c for c in CASES if c.id == "crosscheck")
    assert reference_perft(reference_game(case), 4) == case.counts[4]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@pytest.mark.parametrize("threads", [2, 3])
def test_perft_threads_give_the_same_counts(case, threads):
    """perft and divide split over threads (at the root, or deeper when the
    root has few actions) count what one thread counts."""
    board = core_board(case)
    for depth, nodes in sorted(case.counts.items()):
        if nodes > 50_000_000:
            continue
        assert yinsh.perft(board, depth, threads=threads) == nodes, f"{case.id} depth {depth}"
        if depth >= 1:
            assert yinsh.divide(board, depth, threads=threads) == yinsh.divide(board, depth)


def test_perft_threads_split_below_a_forced_root():
    """A root with one action (a forced row removal) is split further down."""
    case = next(c for c in CASES if c.id == "random-row")
    board = core_board(case)
    assert yinsh.perft(board, 1) == 1
    assert yinsh.perft(board, 4, threads=8) == case.counts[4]
    assert yinsh.divide(board, 4, threads=8) == yinsh.divide(board, 4)
    one = yinsh.Board("4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 standard")
    assert yinsh.perft(one, 0, threads=4) == 1 and yinsh.perft(one, 1, threads=4) == 85


@pytest.mark.parametrize("threads", [0, -1, 257])
def test_perft_threads_out_of_range(threads):
    with pytest.raises(ValueError, match="threads must be between 1 and 256"):
        yinsh.perft(yinsh.Board(), 2, threads=threads)
    with pytest.raises(ValueError, match="threads must be between 1 and 256"):
        yinsh.divide(yinsh.Board(), 2, threads=threads)


def test_perft_2_counts_each_child_on_random_games():
    """perft's depth-2 count of the movement phase (perft2_ring_moves, which
    counts the children's actions without making them) against pushing each
    action and counting the child's, on every position of seeded random
    games: rows of either side, flips, the end of the pool, passes."""
    rng = random.Random(28)
    positions = 0
    for variant in ("standard", "blitz"):
        for _ in range(25):
            board = yinsh.Board(variant=variant)
            while not board.is_game_over():
                expected = 0
                for move in list(board.legal_moves):
                    board.push(move)
                    expected += len(board.legal_moves)
                    board.pop()
                assert yinsh.perft(board, 2) == expected, board.position()
                positions += 1
                board.push(rng.choice(list(board.legal_moves)))
    assert positions > 2000
