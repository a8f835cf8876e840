"""One test per numbered rule of shared/INSERT.md (named after it), plus the
notation. Expected values are worked out from the rule text in the comments.

Hand-made positions use one mark on every square (H, V, U, D of
insert_helpers), so the allowed line of the last ring is its row, column or
diagonal; the ring count fixes the side to place and `last` is a ring of the
other colour.
"""
import itertools

import pytest

from yinsh import insert
from reference import insert_ref

from insert_helpers import D, H, L0, U, V, board, names, position, texts


def rings(b, color):
    return set(names(b.rings(color)))


# ============================================================== board ======

def test_rule_1_36_squares_columns_a_to_f_rows_1_to_6_a1_bottom_left():
    assert len(insert.SQUARES) == 36
    assert {insert.square_name(s) for s in insert.SQUARES} == {f + r for f in "abcdef" for r in "123456"}
    assert insert.parse_square("a1") == insert.A1 == 0 and insert.F6 == 35
    assert len(insert.Board().legal_moves) == 36
    b = insert.Board()
    b.push_str("a1")
    # the last row of the rings field is row 1, read from column a
    assert b.position().split()[0] == "6/6/6/6/6/W5"
    b = insert.Board()
    b.push_str("f6")
    assert b.position().split()[0] == "5W/6/6/6/6/6"
    # the diagram has row 6 on top and a1 at the bottom left
    lines = str(insert.Board()).splitlines()
    assert lines[1].split()[0] == "6" and lines[-3].split()[0] == "1"


def test_rule_2_each_square_carries_a_mark_v_h_u_d():
    b = insert.Board()                       # layout 0: row 1 is hdddvu, row 6 vhuuvd
    assert [b.mark(f + "1") for f in "abcdef"] == list("hdddvu")
    assert [b.mark(f + "6") for f in "abcdef"] == list("vhuuvd")
    # the direction of each mark: v vertical, h horizontal, u rising (c+1, r+1), d falling (c+1, r-1)
    assert names(insert._core.line_squares(insert.C3, "v")) == ["c1", "c2", "c3", "c4", "c5", "c6"]
    assert names(insert._core.line_squares(insert.C3, "h")) == ["a3", "b3", "c3", "d3", "e3", "f3"]
    assert names(insert._core.line_squares(insert.C3, "u")) == ["a1", "b2", "c3", "d4", "e5", "f6"]
    assert names(insert._core.line_squares(insert.C3, "d")) == ["e1", "d2", "c3", "b4", "a5"]


def test_rule_3_line_runs_edge_to_edge_through_the_square_itself_included():
    line = insert._core.line_squares
    assert names(line(insert.A6, "u")) == ["a6"]                         # 1 square
    assert names(line(insert.F1, "u")) == ["f1"]
    assert names(line(insert.A1, "d")) == ["a1"]
    assert len(line(insert.A6, "d")) == 6 and len(line(insert.B6, "d")) == 5
    assert len(line(insert.E1, "u")) == 2 and len(line(insert.D1, "u")) == 3
    for sq in insert.SQUARES:                   # every line holds its square, as the reference's does
        for m in "vhud":
            assert sq in line(sq, m) and 1 <= len(line(sq, m)) <= 6
            assert sorted(names(line(sq, m))) == insert_ref.line_of(insert.square_name(sq), m)
    # in play: the whole line, both ways from the square
    b = board(["......", "......", "..R...", "......", "......", "W....."], D, "c4")
    assert set(names(b.allowed_line())) == {"a6", "b5", "d3", "e2", "f1"}
    # f1's u line is f1 alone, and it is full: any empty square
    b = board(["......", "......", "......", "......", "......", "W....R"], U, "f1")
    assert len(b.allowed_line()) == 34


def test_rule_4_the_marks_come_from_four_tiles():
    assert insert.TILES == ("vhu dvh hud", "uvd hdv vhu", "duv vhu hdd", "hdv uuh dvu")
    rows = insert.layout_marks(0).split("/")          # layout 0: T1 T2 / T3 T4, no turns
    tiles = [t.split() for t in insert.TILES]
    assert rows[:3] == [tiles[0][i] + tiles[1][i] for i in range(3)]
    assert rows[3:] == [tiles[2][i] + tiles[3][i] for i in range(3)]
    # each tile holds all four marks; 9 of each over the board
    assert all(set(t.replace(" ", "")) == set("vhud") for t in insert.TILES)
    marks = insert.layout_marks(0).replace("/", "")
    assert all(marks.count(m) == 9 for m in "vhud")


def quarter_turn(tile: list[str]) -> list[str]:
    """Rule 5 by hand: (i, j) -> (j, 2 - i) and swap v/h, u/d."""
    swap = {"v": "h", "h": "v", "u": "d", "d": "u"}
    out = [[""] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(3):
            out[j][2 - i] = swap[tile[i][j]]
    return ["".join(r) for r in out]


def test_rule_5_clockwise_quarter_turn_moves_and_swaps_marks():
    assert quarter_turn("vhu dvh hud".split()) == "vuh dhv uvd".split()      # the rule's example
    # layout 1 turns the tile in Q1 (T1) once: a4-c6 read vuh dhv uvd
    rows = insert.layout_marks(1).split("/")
    assert [r[:3] for r in rows[:3]] == ["vuh", "dhv", "uvd"]
    # every tile, every quadrant, every number of turns
    tiles = [t.split() for t in insert.TILES]
    for k, turns in itertools.product(range(4), range(4)):
        rows = insert.layout_marks(turns << (2 * k)).split("/")
        tile = tiles[k]
        for _ in range(turns):
            tile = quarter_turn(tile)
        top, left = (0 if k < 2 else 3), (0 if k % 2 == 0 else 3)
        assert [r[left:left + 3] for r in rows[top:top + 3]] == tile, (k, turns)
    # four turns are the tile itself
    tile = tiles[2]
    for _ in range(4):
        tile = quarter_turn(tile)
    assert tile == tiles[2]


def test_rule_6_layout_numbers_pick_the_tile_order_and_the_turns():
    assert insert.layout_marks(0) == "vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu"   # the rule's layout 0
    tiles = [t.split() for t in insert.TILES]
    orders = sorted(itertools.permutations(range(4)))
    assert orders[1] == (0, 1, 3, 2) and orders[23] == (3, 2, 1, 0)
    # P = 1: T1 in Q1, T2 in Q2, T4 in Q3, T3 in Q4
    rows = insert.layout_marks(256).split("/")
    assert rows[3:] == [tiles[3][i] + tiles[2][i] for i in range(3)]
    # L mod 256 = q1 + 4 q2 + 16 q3 + 64 q4
    rows = insert.layout_marks(23 * 256 + 2 + 4 * 3 + 16 * 0 + 64 * 1).split("/")
    assert [r[:3] for r in rows[:3]] == quarter_turn(quarter_turn(tiles[3]))       # Q1: T4 twice
    assert [r[3:] for r in rows[:3]] == quarter_turn(quarter_turn(quarter_turn(tiles[2])))
    assert [r[:3] for r in rows[3:]] == tiles[1]                                    # Q3: T2 unturned
    assert [r[3:] for r in rows[3:]] == quarter_turn(tiles[0])                      # Q4: T1 once
    # all 6144 agree with the reference's layouts, and no two are the same
    seen = set()
    for number in range(6144):
        marks = insert.layout_marks(number)
        assert marks.split("/") == insert_ref.layout_rows(number)
        seen.add(marks)
        if number % 97 == 0:
            b = insert.Board(layout=number)
            assert b.layout == number and b.marks() == marks
    assert len(seen) == 6144
    for bad in (-1, 6144):
        with pytest.raises(ValueError):
            insert.Board(layout=bad)


def test_rule_7_a_new_game_draws_its_layout_from_a_seeded_generator():
    assert insert.Board().layout == 0                    # tests and perft: layout 0 by default
    assert insert.Board.random(seed=7).layout == insert.Board.random(seed=7).layout
    layouts = [insert.Board.random(seed=s).layout for s in range(3000)]
    assert all(0 <= n < 6144 for n in layouts)
    assert len(set(layouts)) > 2300                      # ~2,330 distinct expected from 3,000 uniform draws
    assert min(layouts) < 200 and max(layouts) > 5900
    halves = sum(n < 3072 for n in layouts)
    assert 1350 < halves < 1650
    b = insert.Board.random(seed=11)
    assert b.position().split()[0] == "6/6/6/6/6/6" and b.turn == insert.WHITE
    # playouts on random layouts draw them from the same generator
    stats = insert.random_playouts(5, seed=7, layout="random")
    assert stats.layouts[0] == insert.Board.random(seed=7).layout


# =============================================================== play ======

def test_rule_8_white_places_first_then_they_alternate_15_rings_each():
    b = insert.Board()
    assert b.turn == insert.WHITE
    assert b.rings_in_supply(insert.WHITE) == b.rings_in_supply(insert.RED) == 15
    order = []
    while not b.is_game_over():
        order.append(b.turn)
        b.push(next(iter(b.legal_moves)))
    assert order == [insert.WHITE, insert.RED] * (len(order) // 2) + [insert.WHITE] * (len(order) % 2)
    assert len(order) <= 30
    # flips change colours, not the supply
    b = board(["......", "......", "......", "......", "......", "W.W..R"], H, "c1")   # red to place
    assert b.rings_in_supply(insert.RED) == 14 and b.rings_in_supply(insert.WHITE) == 13
    b.push_str("b1")                                     # flips a1 and c1
    assert rings(b, insert.RED) == {"a1", "b1", "c1", "f1"} and rings(b, insert.WHITE) == set()
    assert b.rings_in_supply(insert.RED) == 13 and b.rings_in_supply(insert.WHITE) == 13
    # each action puts one ring of the placer's colour on an empty square
    b = insert.Board()
    b.push_str("d4")
    assert rings(b, insert.WHITE) == {"d4"} and b.ring_at("d4") == insert.WHITE
    with pytest.raises(insert.IllegalMoveError, match="taken"):
        insert.Board(b.position()).push_str("d4")


def test_rule_9_direction_the_line_of_the_last_rings_square():
    b = insert.Board()                                   # layout 0
    assert len(b.allowed_line()) == 36                   # the first ring goes anywhere
    b.push_str("c3")                                     # c3 is v: column c
    assert texts(b) == {"c1", "c2", "c4", "c5", "c6"}
    b.push_str("c5")                                     # c5 is h: row 5
    assert texts(b) == {"a5", "b5", "d5", "e5", "f5"}
    with pytest.raises(insert.IllegalMoveError, match="not on the allowed line.*row 5"):
        b.push_str("c4")
    # a full line: any empty square
    full = board(["..W...", "..R...", "..W...", "..R...", "..W...", "..R..."], V, "c1")
    assert full.turn == insert.WHITE and len(full.legal_moves) == 30
    assert set(full.allowed_line()) == set(insert.SQUARES) - {insert.parse_square(f"c{r}") for r in range(1, 7)}
    # after flips the direction still comes from the placed ring's square:
    # red b1 flips a1 and c1, and White must use column b (b1's mark)
    b = board(["......", "......", "......", "......", "......", "W.W..R"], H, "c1")
    b = insert.Board(b.position().replace(H, "/".join(["vvvvvv"] * 5 + ["hvhhhh"])))   # b1 v, c1 h
    b.push_str("b1")
    assert set(names(b.last_flips())) == {"a1", "c1"}
    assert texts(b) == {"b2", "b3", "b4", "b5", "b6"}


def test_rule_10_insertion_flips_the_two_enemy_rings_beyond_the_run():
    # W.W -> WRW -> RRR (red places b1)
    b = board(["R.....", "......", "......", "......", "......", "W.W..."], H, "c1")
    b.push_str("b1")
    assert rings(b, insert.RED) == {"a1", "b1", "c1", "a6"} and not b.rings(insert.WHITE)
    # WRR.RW -> WRRRRW -> RRRRRR (red places d1)
    b = board(["......", "......", "......", "......", "......", "WRR.RW"], H, "f1")
    assert b.turn == insert.RED
    b.push_str("d1")
    assert rings(b, insert.RED) == {f + "1" for f in "abcdef"}
    assert b.last_flips() == [insert.A1, insert.F1]
    # along a column and a diagonal too (marks play no part)
    b = board(["R.....", "..W...", "......", "..W...", "......", "......"], V, "c5")
    b.push_str("c4")                                      # red between c5 and c3: column c
    assert set(names(b.last_flips())) == {"c5", "c3"}
    b = board(["R.....", "......", "...W..", "......", ".W....", "......"], U, "b2")
    b.push_str("c3")                                      # red between b2 and d4: the rising diagonal
    assert set(names(b.last_flips())) == {"b2", "d4"}
    # a run touching the edge, or an empty or own square beyond an end, flips nothing
    b = board(["......", "......", "......", "......", "R.....", ".WWW.W"], H, "f1")
    assert b.turn == insert.RED
    b.push_str("a1")                                     # a1 is the edge: nothing beyond
    assert b.last_flips() == []
    b = board(["......", "......", "......", "......", "......", "WR.W.R"], H, "f1")
    b.push_str("e1")                                     # white run d1-e1: c1 beyond it is empty
    assert b.last_flips() == []
    # the run includes the placer's rings next to the new one: red b1 makes
    # the run a1-b1, which reaches the edge, so white c1 does not flip
    b = board(["......", "......", "......", "......", ".....R", "R.W..."], H, "c1")
    b.push_str("b1")
    assert b.last_flips() == []


def test_rule_11_axes_judged_right_after_the_placement_several_at_once():
    # red on d3 with white rings all round it: each of the four axes is
    # W . W around d3, so all eight neighbours flip at once
    rows = ["R.....",
            "......",
            "..WWW.",
            "..W.W.",
            "..WWW.",
            "......"]
    b = board(rows, H, "e3")                 # 9 rings: red to place; row 3 allows a3, b3, d3, f3
    assert b.turn == insert.RED and texts(b) == {"a3", "b3", "d3", "f3"}
    b.push_str("d3")
    assert set(names(b.last_flips())) == {"c4", "d4", "e4", "c3", "e3", "c2", "d2", "e2"}
    assert rings(b, insert.WHITE) == set() and len(b.rings(insert.RED)) == 10
    # the run is taken with the placed ring on the board: red b4 joins c4-d4
    # into one red run flanked by white a4 and e4
    b = board(["R.....", "......", "W.RRW.", "......", "......", "......"], H, "e4")
    assert b.turn == insert.RED
    b.push_str("b4")
    assert set(names(b.last_flips())) == {"a4", "e4"}
    # runs of several rings on all four axes at once: white c4 makes the runs
    # b4-d4, c3-c5, c4 and c4, flanked by red on every axis
    rows = ["W.R.W.",
            ".RWR..",
            "RW.WR.",
            ".RWR..",
            "W.R.W.",
            "......"]
    b = board(rows, V, "c6")                 # 16 rings: white to place; column c allows c4, c1
    assert texts(b) == {"c4", "c1"}
    b.push_str("c4")
    assert set(names(b.last_flips())) == {"a4", "e4", "c6", "c2", "b3", "d5", "b5", "d3"}
    # and the reference agrees on every action of that position
    start = insert.Board(position(rows, V, "c6"))
    for action in texts(start):
        game = insert_ref.InsertGame.from_position(start.position())
        flips = game.apply(action)
        c = start.copy()
        c.push_str(action)
        assert sorted(names(c.last_flips())) == sorted(flips) and c.position() == game.position()


def test_rule_12_flanking_is_not_insertion():
    # RWW. -> RWWR flips nothing: red ends a white run, it is not inside one
    b = board(["......", "......", "......", "......", "......", "RWW..."], H, "c1")
    assert b.turn == insert.RED and texts(b) == {"d1", "e1", "f1"}
    b.push_str("d1")
    assert b.last_flips() == [] and rings(b, insert.WHITE) == {"b1", "c1"}


def test_rule_12_no_chain_reaction():
    # red d2 sits between white d1 and d3 on column d: both flip. The flipped
    # d3 is then a red ring between white c3 and e3 on row 3, which a chain
    # reaction would flip too: they stay white.
    rows = ["RR....",
            "......",
            "...R..",
            "..WWW.",
            "......",
            "...W.."]
    b = board(rows, V, "d1")                 # 7 rings: red; d1's column allows d2, d5, d6
    assert texts(b) == {"d2", "d5", "d6"}
    b.push_str("d2")
    assert set(names(b.last_flips())) == {"d1", "d3"}
    assert rings(b, insert.WHITE) == {"c3", "e3"}
    assert rings(b, insert.RED) == {"a6", "b6", "d4", "d3", "d2", "d1"}


def test_rule_13_five_in_a_row_wins_at_once():
    # white e1 next to a1-d1
    b = board(["R.R.R.", "......", "......", "......", "......", "WWWW.R"], H, "f1")
    assert b.turn == insert.WHITE and texts(b) == {"e1"}
    b.push_str("e1")
    assert b.is_game_over() and b.result() == "1-0"
    assert b.outcome() == insert.Outcome(insert.Termination.FIVE, insert.WHITE)
    assert not b.legal_moves and b.allowed_line() == [] and len(b.rings(insert.WHITE)) == 5
    with pytest.raises(insert.IllegalMoveError, match="game is over"):
        b.push_str("a2")
    # six in a row counts, here on the rising diagonal a1-f6 (a6's u line is
    # a6 alone and full, so every empty square is allowed)
    b = board(["R....W", "....W.", "...W..", "......", ".W....", "W....."], U, "a6")
    assert len(b.legal_moves) == 30
    b.push_str("c3")
    assert b.outcome() == insert.Outcome(insert.Termination.FIVE, insert.WHITE)


def test_rule_13_a_five_made_by_flipped_rings_counts():
    # red d3 flips c3 and e3 (row 3); e3 completes red's column e1-e5, a line
    # that does not pass through d3
    rows = ["W.....",
            "....R.",
            "....R.",
            "..W.W.",
            "....R.",
            "....R."]
    b = board(rows, H, "c3")
    assert b.turn == insert.RED and not b.is_game_over()
    b.push_str("d3")
    assert set(names(b.last_flips())) == {"c3", "e3"}
    assert b.outcome() == insert.Outcome(insert.Termination.FIVE, insert.RED) and b.result() == "0-1"


def test_rule_13_a_five_with_the_30th_ring_is_a_five():
    # a random game's 29-ring position (layout 2931): red's 30th ring a5 makes a five
    b = insert.Board("WRWWRW/1RW1RW/RRWWWW/RRW1WR/W1RWW1/W1RW1R "
                     "hvdvhu/vuhdvh/dhuhud/hdvvhu/uuhuvd/dvuudh r c5")
    b.push_str("a5")
    assert len(b.rings(insert.WHITE)) + len(b.rings(insert.RED)) == 30
    assert b.outcome() == insert.Outcome(insert.Termination.FIVE, insert.RED)


def test_rule_13_the_opponent_never_has_a_five():
    from insert_helpers import random_board
    fives = 0
    for seed in range(300):
        b = random_board(seed, 30)
        while b.ply:
            # the side to place never has five in a row, at any ply
            assert not insert._core.has_five_squares(sum(1 << s for s in b.rings(b.turn)))
            b.pop()
        b = random_board(seed, 30)
        if b.outcome().termination == insert.Termination.FIVE:
            fives += 1
            assert b.outcome().winner == b.turn.other()
    assert fives > 50


def test_rule_14_groups_decide_after_the_30th_ring():
    cases = [
        # (rings field, white's groups, red's groups, result); found by a
        # search of 30-ring boards without a five, group sizes counted by hand
        ("WWRRRR/R1RW1W/RRWRWW/WWW1WR/WRRW1W/1WR1WW", [5, 4, 3, 2, 1, 1, 1], [5, 3, 3, 1, 1], "1-0"),
        ("W1RW1R/WWWR1R/RRRWR1/RRR1WR/WWWRRW/1WRWRW", [4, 4, 2, 1, 1, 1, 1], [6, 3, 2, 1, 1, 1, 1, 1], "0-1"),
        ("RRWWRW/WR2WR/R1RRWW/RWRRRR/1WWR2/WRWWWW", [7, 3, 2, 1, 1, 1], [7, 3, 2, 1, 1, 1], "1/2-1/2"),
        # equal as far as red's list goes: the missing elements count as 0
        ("RWRRWW/W1RRRW/RWRWWW/WWWRR1/WWRR1W/2RRW1", [6, 6, 1, 1, 1, 1], [6, 6, 1, 1], "1-0"),
    ]
    for field, white, red, result in cases:
        b = board_30(field)
        assert b.group_sizes(insert.WHITE) == white and b.group_sizes(insert.RED) == red
        assert b.is_game_over() and not b.legal_moves and b.result() == result
        assert b.outcome().termination == insert.Termination.GROUPS
        assert b.outcome().winner == {"1-0": insert.WHITE, "0-1": insert.RED, "1/2-1/2": None}[result]
        g = insert_ref.InsertGame.from_position(b.position())
        assert g.result() == result and g.end_reason == "groups"
    # in play: a random game's 29-ring position (layout 3893); red's a3 ends it
    b = insert.Board("RRRRWW/R2RRR/1RRR1R/1WWWWR/WWWW1R/WR1RWW "
                     "uhvhdu/vdhdvu/dvuuhv/duhhvd/hvdudh/uhvvdu r c3")
    assert not b.is_game_over()
    b.push_str("a3")
    assert b.outcome() == insert.Outcome(insert.Termination.GROUPS, insert.RED)
    assert b.group_sizes(insert.WHITE) == [9, 2, 2] and b.group_sizes(insert.RED) == [14, 1, 1, 1]
    # a square stays empty for every ring not placed: 6 here
    assert 36 - len(b.rings(insert.WHITE)) - len(b.rings(insert.RED)) == 6


def board_30(field: str) -> insert.Board:
    """The 30-ring position of a rings field (White to place), last = its
    first red ring."""
    for k, row in enumerate(field.split("/")):
        c = 0
        for ch in row:
            if ch == "R":
                return insert.Board(f"{field} {H} w {'abcdef'[c]}{6 - k}")
            c += int(ch) if ch.isdigit() else 1
    raise AssertionError("no red ring")


# =========================================================== notation ======

def test_notation_actions_are_squares_case_insensitive_spaces_ignored():
    b = insert.Board()
    assert b.push_str("  C4\t") == insert.Move.from_str("c4") and str(b.peek()) == "c4"
    for bad in ("g1", "a0", "c", "c4-c5", "", "a7", "cc4", "4c", "c 4", "a01", "-"):
        with pytest.raises(insert.InvalidMoveError):
            insert.Board().push_str(bad)
    with pytest.raises(insert.IllegalMoveError):
        b.push_str("c4")                                # illegal: taken


def test_notation_results_and_perft_zero():
    assert insert.Board().result() == "*"
    assert insert.perft(insert.Board(), 0) == 1
    ended = board_30("WWRRRR/R1RW1W/RRWRWW/WWW1WR/WRRW1W/1WR1WW")
    assert insert.perft(ended, 0) == 1 and insert.perft(ended, 1) == 0 and insert.perft(ended, 3) == 0


def test_position_string_example_of_insert_md():
    text = "6/2R3/6/2W3/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu w c5"
    b = insert.Board()
    b.push_str("c3")
    b.push_str("c5")
    assert b.position() == text
    again = insert.Board(text)
    assert again == b and again.layout == 0 and again.position() == text
