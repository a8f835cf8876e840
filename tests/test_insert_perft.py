"""Insert perft: INSERT.md's counts and tests/data/insert.perft, from the
compiled core (and the small depths from the reference as well)."""
import pytest

from yinsh import insert
from reference import insert_ref

from perft_data import read_game

CASES = read_game("insert")


def test_insert_md_counts_layout_0():
    board = insert.Board()
    assert [insert.perft(board, d) for d in range(5)] == [1, 36, 207, 1065, 5042]


def test_the_data_holds_insert_md_counts():
    case = next(c for c in CASES if c.id == "start-layout-0")
    assert {d: case.counts[d] for d in range(1, 5)} == {1: 36, 2: 207, 3: 1065, 4: 5042}
    assert insert.Board(case.pos).layout == 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_core_perft(case):
    board = insert.Board(case.pos)
    assert board.position() == case.pos
    for depth, nodes in sorted(case.counts.items()):
        got = insert.perft(board, depth)
        assert got == nodes, f"{case.id} depth {depth}: {got} != {nodes}"
        if depth >= 1:
            split = insert.divide(board, depth)
            assert sum(split.values()) == nodes
            assert list(split) == [str(m) for m in board.legal_moves]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_reference_perft_small_depths(case):
    game = insert_ref.InsertGame.from_position(case.pos)
    for depth, nodes in sorted(case.counts.items()):
        if depth <= 3:
            assert insert_ref.perft(game, depth) == nodes


def test_divide_matches_the_reference():
    board = insert.Board(layout=1234)
    for text in ("a1", "a2"):
        if text in {str(m) for m in board.legal_moves}:
            board.push_str(text)
    game = insert_ref.InsertGame.from_position(board.position())
    assert insert.divide(board, 3) == insert_ref.divide(game, 3)


def test_perft_leaves_the_board_alone_and_checks_depth():
    board = insert.Board(layout=77)
    board.push_str("d4")
    before = (board.position(), board.zobrist_hash(), board.move_stack)
    insert.perft(board, 5)
    insert.divide(board, 4)
    assert (board.position(), board.zobrist_hash(), board.move_stack) == before
    for bad in (-1, 65):
        with pytest.raises(ValueError):
            insert.perft(board, bad)
    with pytest.raises(ValueError):
        insert.divide(board, 0)
    with pytest.raises(TypeError):
        insert.perft("not a board", 2)
    ended = insert.Board("WRWWRW/1RW1RW/RRWWWW/RRW1WR/W1RWW1/W1RW1R "
                         "hvdvhu/vuhdvh/dhuhud/hdvvhu/uuhuvd/dvuudh r c5")
    ended.push_str("a5")                          # a five with the 30th ring
    assert [insert.perft(ended, d) for d in range(4)] == [1, 0, 0, 0]
    assert insert.divide(ended, 3) == {}


def test_perft_deep_layout_0():
    """Depth 8 of layout 0 checked by summing the core's depth-7 divide over
    the depth-1 children (two routes to the same count)."""
    board = insert.Board()
    total = insert.perft(board, 7)
    assert total == sum(insert.divide(board, 7).values())
    by_child = 0
    for move in board.legal_moves:
        board.push(move)
        by_child += insert.perft(board, 6)
        board.pop()
    assert by_child == total
