"""Self-checks of the pure-Python Insert reference (tests/reference/insert_ref.py).

Rule numbers are those of shared/INSERT.md (beside the checkout).  Every
expected value below was worked out by hand from the rule text (the working is
in the comments), not by running the reference, except where a comment says a
number is a regression value of the reference.

Conventions of the hand-made positions: the ring count fixes the side to
place (White exactly when it is even) and `last` must be a ring of the other
colour; H, V and U are mark fields with the same mark on every square, so the
allowed line of `last` is its row (H), its column (V) or its rising diagonal (U).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .insert_ref import (
    SQUARES,
    TILES,
    IllegalActionError,
    InsertGame,
    InvalidActionError,
    InvalidPositionError,
    divide,
    layout_marks,
    layout_rows,
    line_of,
    new_game,
    perft,
    random_game,
    replay,
    rotate_tile,
)

H = "/".join(["hhhhhh"] * 6)
V = "/".join(["vvvvvv"] * 6)
U = "/".join(["uuuuuu"] * 6)
L0 = "vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvu"       # layout 0, from INSERT.md
EMPTY = "6/6/6/6/6/6"


def pos(rings: str, marks: str, turn: str, last: str) -> InsertGame:
    return InsertGame.from_position(f"{rings} {marks} {turn} {last}")


def rings_of(g: InsertGame) -> str:
    return g.position().split()[0]


# =============================================================== board ======

def test_rule_1_36_squares_a1_bottom_left():
    names = {f + r for f in "abcdef" for r in "123456"}
    assert len(SQUARES) == 36 and set(SQUARES) == names
    assert len(InsertGame().legal_actions()) == 36
    # a1 is the first square of the last (bottom) row of the position string
    g = InsertGame()
    g.apply("a1")
    assert g.position() == f"6/6/6/6/6/W5 {L0} r a1"
    # f6 is the last square of the first (top) row
    g = InsertGame()
    g.apply("f6")
    assert g.position() == f"5W/6/6/6/6/6 {L0} r f6"


def test_rule_2_marks_and_their_directions():
    m = layout_marks(0)
    # layout 0 rows 6..1 `vhuuvd dvhhdv hudvhu duvhdv vhuuuh hdddvu`
    assert (m["a6"], m["f6"], m["a1"], m["f1"], m["c3"], m["c5"]) == ("v", "d", "h", "u", "v", "h")
    assert set(m.values()) == {"v", "h", "u", "d"}
    # the four directions through c3: column, row, rising (/), falling (\)
    assert line_of("c3", "v") == ["c1", "c2", "c3", "c4", "c5", "c6"]
    assert line_of("c3", "h") == ["a3", "b3", "c3", "d3", "e3", "f3"]
    assert line_of("c3", "u") == ["a1", "b2", "c3", "d4", "e5", "f6"]
    assert line_of("c3", "d") == ["a5", "b4", "c3", "d2", "e1"]
    # and they steer play: a first ring on c3 with each mark everywhere
    for mark, expected in [("v", "c1 c2 c4 c5 c6"), ("h", "a3 b3 d3 e3 f3"),
                           ("u", "a1 b2 d4 e5 f6"), ("d", "a5 b4 d2 e1")]:
        marks = "/".join([mark * 6] * 6)
        g = pos(EMPTY, marks, "w", "-")
        g.apply("c3")
        assert g.legal_actions() == expected.split(), mark


def test_rule_3_lines_edge_to_edge_diagonals_1_to_6():
    assert line_of("a6", "u") == ["a6"]            # the example of rule 3
    assert line_of("f1", "u") == ["f1"]
    assert line_of("a1", "d") == ["a1"] and line_of("f6", "d") == ["f6"]
    assert line_of("b3", "u") == ["a2", "b3", "c4", "d5", "e6"]
    assert line_of("a3", "d") == ["a3", "b2", "c1"]
    assert line_of("b1", "d") == ["a2", "b1"]
    assert line_of("a1", "u") == ["a1", "b2", "c3", "d4", "e5", "f6"]
    assert line_of("f6", "h") == ["a6", "b6", "c6", "d6", "e6", "f6"]
    # the line holds the square itself: a u-mark on a6 leaves no empty square on
    # the line after a6 is taken, so rule 9 allows every other square
    g = pos(EMPTY, U, "w", "-")
    g.apply("a6")
    assert len(g.legal_actions()) == 35
    # diagonal lengths: every length 1..6 occurs, twice per direction except 6
    lengths = sorted(len(line_of(f + "1", "u")) for f in "abcdef")
    assert lengths == [1, 2, 3, 4, 5, 6]


def test_rule_4_tiles_and_layout_0():
    assert TILES == {1: ("vhu", "dvh", "hud"), 2: ("uvd", "hdv", "vhu"),
                     3: ("duv", "vhu", "hdd"), 4: ("hdv", "uuh", "dvu")}
    for t in TILES.values():
        assert set("".join(t)) == {"v", "h", "u", "d"}
    allm = "".join("".join(t) for t in TILES.values())
    assert all(allm.count(c) == 9 for c in "vhud")
    # layout 0: T1 T2 on top (rows 6-4), T3 T4 below, no turns
    assert layout_rows(0) == ["vhu" + "uvd", "dvh" + "hdv", "hud" + "vhu",
                              "duv" + "hdv", "vhu" + "uuh", "hdd" + "dvu"]


def test_rule_5_clockwise_quarter_turn():
    assert rotate_tile(TILES[1]) == ("vuh", "dhv", "uvd")         # INSERT.md
    # by hand: (i, j) -> (j, 2 - i) with v<->h, u<->d
    assert rotate_tile(TILES[1], 2) == ("duh", "hvd", "uhv")      # = half turn, no swap
    assert rotate_tile(TILES[2], 1) == ("hvd", "vuh", "dhu")
    # three turns = one counter-clockwise turn: (i, j) -> (2 - j, i), swapped
    assert rotate_tile(TILES[4], 3) == ("hvd", "udh", "vdu")
    for t in TILES.values():
        assert rotate_tile(t, 4) == t
        assert rotate_tile(t, 0) == t


def test_rule_6_layout_numbers():
    # q1 = 1: T1 turned once in Q1, the rest as layout 0
    assert layout_rows(1) == ["vuhuvd", "dhvhdv", "uvdvhu", "duvhdv", "vhuuuh", "hdddvu"]
    assert layout_rows(2)[:3] == ["duhuvd", "hvdhdv", "uhvvhu"]       # q1 = 2
    # q2 = 1 (L = 4): T2 turned once in Q2 = hvd vuh dhu
    assert layout_rows(4) == ["vhuhvd", "dvhvuh", "huddhu", "duvhdv", "vhuuuh", "hdddvu"]
    # P = 1: T1 T2 T4 T3 -> T4 in Q3, T3 in Q4 (INSERT.md)
    assert layout_rows(256) == ["vhuuvd", "dvhhdv", "hudvhu", "hdvduv", "uuhvhu", "dvuhdd"]
    # P = 6: the 7th order in lexicographic order is T2 T1 T3 T4
    assert layout_rows(6 * 256)[0] == "uvd" + "vhu"
    # L = 6143: P = 23 (T4 T3 T2 T1), 255 = 3 + 4*3 + 16*3 + 64*3: all turned 3
    # times; by hand T4'''= hvd udh vdu, T3'''= hdu dvu uhv, T2'''= uhd huv dvh,
    # T1'''= dvu vhd huv
    assert layout_rows(6143) == ["hvdhdu", "udhdvu", "vduuhv",
                                 "uhddvu", "huvvhd", "dvhhuv"]
    # every layout: 6 rows of 6 marks, each quadrant with all four marks
    for L in range(6144):
        rows = layout_rows(L)
        assert len(rows) == 6 and all(len(r) == 6 for r in rows)
        for r0 in (0, 3):
            for c0 in (0, 3):
                quad = "".join(rows[r0 + i][c0:c0 + 3] for i in range(3))
                assert set(quad) == set("vhud")
    for bad in (-1, 6144, 1.0, "0", True):
        with pytest.raises(ValueError):
            InsertGame(bad)


def test_rule_7_seeded_layout_and_default_layout_0():
    assert InsertGame().layout == 0
    assert InsertGame().position() == f"{EMPTY} {L0} w -"
    assert new_game(123).layout == new_game(123).layout
    layouts = {new_game(s).layout for s in range(40)}
    assert all(0 <= L < 6144 for L in layouts)
    assert len(layouts) > 30                       # uniform over 6144 values
    g = new_game(7)
    assert g.position().split()[1] == "/".join(layout_rows(g.layout))
    assert g.rings == {} and g.turn == "w"


# ================================================================ play ======

def test_rule_8_white_first_alternate_15_each_supply_never_refills():
    g = InsertGame()
    assert g.turn == "w" and g.supply("w") == 15 and g.supply("r") == 15
    g.apply("c3")
    assert g.turn == "r" and g.rings == {"c3": "w"}
    g.apply("c5")
    assert g.turn == "w" and g.rings == {"c3": "w", "c5": "r"}
    assert g.supply("w") == 14 and g.supply("r") == 14
    # c5 is on its own line (row 5) but occupied: illegal
    with pytest.raises(IllegalActionError):
        g.apply("c5")
    # W.W: Red's b1 flips two White rings; supplies only count placements
    g = pos("R5/6/6/6/6/W1W3", H, "r", "c1")
    assert (g.supply("w"), g.supply("r")) == (13, 14)   # 3 rings: W, R, W placed
    g.apply("b1")
    assert g.ring_count("w") == 0 and g.ring_count("r") == 4
    assert (g.supply("w"), g.supply("r")) == (13, 13)
    # a full game places exactly 15 of each colour
    done = random_game(5)
    if done.end_reason == "groups":
        assert done.supply("w") == 0 and done.supply("r") == 0


def test_rule_9_direction_from_the_last_ring():
    g = InsertGame()
    assert len(g.legal_actions()) == 36                     # first ring anywhere
    g.apply("c3")                                            # c3 is v: column c
    assert g.legal_actions() == ["c1", "c2", "c4", "c5", "c6"]
    with pytest.raises(IllegalActionError):
        g.apply("d3")
    g.apply("c5")                                            # c5 is h: row 5
    assert g.legal_actions() == ["a5", "b5", "d5", "e5", "f5"]


def test_rule_9_full_line_allows_any_empty_square():
    # layout 0: f6 is d, its line is f6 alone -> 35 squares
    g = InsertGame()
    g.apply("f6")
    assert len(g.legal_actions()) == 35
    # row 1 full (no five), last f1 with an h mark: any of the 30 empty squares
    g = pos("6/6/6/6/6/WRWRWR", H, "w", "f1")
    acts = g.legal_actions()
    assert len(acts) == 30 and not any(a.endswith("1") for a in acts)
    # one empty square on the line: that square only
    g = pos("6/6/6/6/6/WRW1WR", H, "r", "e1")
    assert g.legal_actions() == ["d1"]


def test_rule_9_direction_is_the_mark_of_the_last_placement_after_flips():
    # Red's b1 flips a1, c1 (rule 10); White then follows b1's mark (row 1)
    g = pos("R5/6/6/6/6/W1W3", H, "r", "c1")
    g.apply("b1")
    assert g.last == "b1" and g.legal_actions() == ["d1", "e1", "f1"]
    # same rings with V marks: b1's column
    # same rings, b1 marked v (column b), c1 still h (row 1)
    g = pos("R5/6/6/6/6/W1W3", "hhhhhh/hhhhhh/hhhhhh/hhhhhh/hhhhhh/hvhhhh", "r", "c1")
    assert g.legal_actions() == ["b1", "d1", "e1", "f1"]
    g.apply("b1")
    assert g.marks["b1"] == "v"
    assert g.legal_actions() == ["b2", "b3", "b4", "b5", "b6"]


def test_rule_10_flip_between_enemy_rings_w_dot_w():
    # INSERT.md: with P = red, W.W -> WRW -> RRR
    g = pos("R5/6/6/6/6/W1W3", H, "r", "c1")
    flips = g.apply("b1")
    assert sorted(flips) == ["a1", "c1"]
    assert g.position() == f"R5/6/6/6/6/RRR3 {H} w b1"
    assert not g.is_over()


def test_rule_10_flip_run_wrr_dot_rw():
    # INSERT.md: WRR.RW -> WRRRRW -> RRRRRR (which is also a five, rule 13)
    g = pos("6/6/6/6/6/WRR1RW", H, "r", "a1")
    assert g.legal_actions() == ["d1"]
    assert sorted(g.apply("d1")) == ["a1", "f1"]
    assert rings_of(g) == "6/6/6/6/6/RRRRRR"


def test_rule_10_vertical_and_diagonal_insertions():
    # column c: W(c1) . R(c3) W(c4); Red on c2: run c2-c3 between c1 and c4
    g = pos("6/6/2W3/2R3/6/2W3", V, "r", "c4")
    assert g.legal_actions() == ["c2", "c5", "c6"]
    assert sorted(g.apply("c2")) == ["c1", "c4"]
    assert g.position() == f"6/6/2R3/2R3/2R3/2R3 {V} w c2"
    # rising diagonal: W(b2) . W(d4); Red on c3
    g = pos("6/6/3W2/6/1W4/5R", U, "r", "b2")
    assert g.legal_actions() == ["a1", "c3", "e5", "f6"]
    assert sorted(g.apply("c3")) == ["b2", "d4"]
    assert g.position() == f"6/6/3R2/2R3/1R4/5R {U} w c3"
    # White inserts too: R . R on row 4 with White to place
    g = pos("6/6/R1R3/6/6/W4W", H, "w", "c4")
    assert sorted(g.apply("b4")) == ["a4", "c4"]
    assert rings_of(g) == "6/6/WWW3/6/6/W4W"


def test_rule_10_both_ends_must_exist_and_hold_enemy_rings():
    # run reaching the edge: .RW, Red on a1 -> no square beyond a1
    g = pos("W5/6/6/6/6/1RW3", H, "r", "c1")
    assert g.apply("a1") == []
    assert rings_of(g) == "W5/6/6/6/6/RRW3"
    # enemy on one side, empty on the other: W. . with Red on b1
    g = pos("R4W/6/6/6/6/W5", H, "r", "a1")
    assert g.apply("b1") == []
    assert rings_of(g) == "R4W/6/6/6/6/WR4"
    # own ring beyond one end is part of the run, not a flank: W.RR (edge after)
    g = pos("W4R/6/6/6/6/2W1RR", H, "r", "c1")
    assert g.apply("d1") == []
    assert rings_of(g) == "W4R/6/6/6/6/2WRRR"


def test_rule_11_four_axes_at_once_up_to_8_flips():
    # White on all 8 neighbours of c3; Red places c3: every axis flips 2
    g = pos("5R/6/1WWW2/1W1W2/1WWW2/6", H, "r", "b3")
    assert g.legal_actions() == ["a3", "c3", "e3", "f3"]
    flips = g.apply("c3")
    assert sorted(flips) == ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
    assert g.position() == f"5R/6/1RRR2/1RRR2/1RRR2/6 {H} w c3"
    assert not g.is_over()


def test_rule_11_axes_judged_independently():
    # d4 empty: the rising axis b2-c3-d4 has no enemy beyond, the other three flip
    g = pos("R4R/6/1WW3/1W1W2/1WWW2/6", H, "r", "b3")
    flips = g.apply("c3")
    assert sorted(flips) == ["b3", "b4", "c2", "c4", "d2", "d3"]
    assert rings_of(g) == "R4R/6/1RR3/1RRR2/1WRR2/6"


def test_rule_12_flanking_is_not_insertion():
    # INSERT.md: RWW. -> RWWR flips nothing
    g = pos("W4W/6/6/6/6/RWW3", H, "r", "c1")
    assert g.apply("d1") == []
    assert rings_of(g) == "W4W/6/6/6/6/RWWR2"


def test_rule_12_only_the_two_rings_next_to_the_run_flip():
    # WW.RW: Red on c1 -> run c1-d1, flips b1 and e1; a1 stays White
    g = pos("R5/6/6/6/6/WW1RW1", H, "r", "a1")
    assert g.legal_actions() == ["c1", "f1"]
    assert sorted(g.apply("c1")) == ["b1", "e1"]
    assert rings_of(g) == "R5/6/6/6/6/WRRRR1"
    assert not g.is_over()                               # four, not five


def test_rule_12_no_chain_reaction():
    # Red on b2 flips a2 and c2 (row 2).  c2 then stands between White c1 and
    # c3 in column c, and a chain reaction would flip them: it must not.
    # b2's other axes: column b1/b3 empty; rising a1 empty; falling a3 empty.
    g = pos("5R/6/6/2W3/W1W3/2W3", H, "r", "a2")
    flips = g.apply("b2")
    assert sorted(flips) == ["a2", "c2"]
    assert rings_of(g) == "5R/6/6/2W3/RRR3/2W3"
    assert g.rings["c1"] == "w" and g.rings["c3"] == "w"


def test_rule_13_five_by_placement_wins_at_once():
    # column c: R c1-c4, White c6; Red on c5 makes c1-c5 (c6 flanks nothing)
    g = pos("2W3/6/2R3/2R3/2R3/WWR3", V, "r", "c6")
    assert g.legal_actions() == ["c5"]
    assert g.apply("c5") == []
    assert g.is_over() and g.result() == "0-1" and g.end_reason == "five"
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError):
        g.apply("a6")
    # White five on row 1 (f1 Red beyond, edge on the other side: no flip)
    g = pos("R5/6/6/6/6/WWWW1R", H, "w", "f1")
    g.apply("e1")
    assert g.result() == "1-0" and g.end_reason == "five"
    # a diagonal five: a1-d4 Red, e5 placed (f6 White, no square beyond a1)
    g = pos("WW3W/6/3R2/2R3/1R4/R5", U, "r", "f6")
    assert g.legal_actions() == ["e5"]
    g.apply("e5")
    assert g.result() == "0-1"


def test_rule_13_flipped_rings_count():
    # WRR.RW -> RRRRRR: a five made by the two flipped rings
    g = pos("6/6/6/6/6/WRR1RW", H, "r", "a1")
    g.apply("d1")
    assert g.is_over() and g.result() == "0-1" and g.end_reason == "five"


def test_rule_13_five_anywhere_on_the_board_through_a_flipped_ring():
    # Red on b1 flips a1 and c1; c1 completes the column c1-c5, a line that
    # does not pass through b1.  (b1's rising axis b1-c2 has no square beyond b1.)
    g = pos("5W/2R3/2R3/2R3/2R3/W1W3", H, "r", "a1")
    assert sorted(g.apply("b1")) == ["a1", "c1"]
    assert g.is_over() and g.result() == "0-1"


def test_rule_13_gaps_and_fours_are_not_fives():
    # RR.R.R, Red on c1 (column c from c6): RRRR.R is four and a gap
    g = pos("2W3/6/6/6/6/RR1R1R", V, "r", "c6")
    assert g.legal_actions() == ["c1", "c2", "c3", "c4", "c5"]
    assert g.apply("c1") == []
    assert rings_of(g) == "2W3/6/6/6/6/RRRR1R"
    assert not g.is_over() and g.result() == "*"


def test_rule_13_five_beats_group_scoring_on_the_30th_ring():
    # 29 rings; Red's f2 (the 30th, only square of column f) makes f2-f6.
    # By groups White would win: W [8, 4, 4, 1] against R [5, 4, 4].
    rings = "WWWW1R/WWWW1R/RRRR1R/WWWW1R/RRRR2/WWWW1W"
    g = pos(rings, V, "r", "f1")
    assert g.legal_actions() == ["f2"]
    assert g.apply("f2") == []
    assert g.ring_count() == 30
    assert g.result() == "0-1" and g.end_reason == "five"
    # the same board loaded: the five decides even with 30 rings down
    g = pos("WWWW1R/WWWW1R/RRRR1R/WWWW1R/RRRR1R/WWWW1W", V, "w", "f2")
    assert g.is_over() and g.result() == "0-1" and g.end_reason == "five"
    assert g.group_sizes("w") == [8, 4, 4, 1] and g.group_sizes("r") == [5, 4, 4]


# Stripes with column d empty: rows never hold 4 rings in a run, diagonals are
# cut by column d, and no column repeats a colour more than twice: no fives.
DRAW_BOARD = "WWW1RR/RRR1WW/WWW1RR/RRR1WW/WWW1RR/RRR1WW"


def test_rule_14_thirtieth_ring_ends_game_equal_lists_draw():
    # 29 rings (W 15, R 14), a1 empty; Red places a1 (no flip: a1's row, column
    # and rising axes have no square beyond a1, the falling axis is a1 alone).
    g = pos("WWW1RR/RRR1WW/WWW1RR/RRR1WW/WWW1RR/1RR1WW", H, "r", "e1")
    assert g.legal_actions() == ["a1", "d1"]
    assert g.apply("a1") == []
    assert g.position() == f"{DRAW_BOARD} {H} w a1"
    # groups: each colour 3 triples and 3 pairs -> [3, 3, 3, 2, 2, 2] each
    assert g.group_sizes("w") == [3, 3, 3, 2, 2, 2]
    assert g.group_sizes("r") == [3, 3, 3, 2, 2, 2]
    assert g.is_over() and g.result() == "1/2-1/2" and g.end_reason == "groups"
    assert g.legal_actions() == [] and 36 - g.ring_count() == 6
    with pytest.raises(IllegalActionError):
        g.apply("d1")


def test_rule_14_largest_group_decides_not_ring_count():
    # W: a5-c4 block 6, a2-c2 3, e4-f4 2, e1-f1 2 -> [6, 3, 2, 2] (13 rings)
    # R: e6-f5 4, e3-f2 4, triples on rows 6, 3, 1 -> [4, 4, 3, 3, 3] (17 rings)
    g = pos("RRR1RR/WWW1RR/WWW1WW/RRR1RR/WWW1RR/RRR1WW", H, "w", "a6")
    assert g.group_sizes("w") == [6, 3, 2, 2]
    assert g.group_sizes("r") == [4, 4, 3, 3, 3]
    assert g.is_over() and g.result() == "1-0" and g.end_reason == "groups"


def test_rule_14_second_largest_breaks_a_tie():
    # W: a6-c5 6, e6-f5 4, a2-c2 3, e3-f3 2, e1-f1 2; R: a4-c3 6, a1-c1 3, e4-f4 2, e2-f2 2
    g = pos("WWW1WW/WWW1WW/RRR1RR/RRR1WW/WWW1RR/RRR1WW", H, "w", "a1")
    assert g.group_sizes("w") == [6, 4, 3, 2, 2]
    assert g.group_sizes("r") == [6, 3, 2, 2]
    assert g.result() == "1-0"
    # colours swapped: Red wins the same way
    g = pos("RRR1RR/RRR1RR/WWW1WW/WWW1RR/RRR1WW/WWW1RR", H, "w", "a6")
    assert g.group_sizes("r") == [6, 4, 3, 2, 2]
    assert g.result() == "0-1"


def test_rule_14_missing_element_counts_as_zero():
    # 2x3 blocks: R a6-c5, d4-f3, a2-c1; W d6-f5, a4-c3; d2-f1 empty
    # W [6, 6] = [6, 6, 0] < R [6, 6, 6]
    g = pos("RRRWWW/RRRWWW/WWWRRR/WWWRRR/RRR3/RRR3", L0, "w", "f4")
    assert g.group_sizes("w") == [6, 6] and g.group_sizes("r") == [6, 6, 6]
    assert g.result() == "0-1" and g.end_reason == "groups"


def test_rule_14_loaded_30_ring_draw_and_a_colour_without_rings():
    g = pos(DRAW_BOARD, H, "w", "a1")
    assert g.is_over() and g.result() == "1/2-1/2"
    g = pos("6/6/6/6/6/WRR1RW", H, "r", "a1")
    g.apply("d1")
    assert g.group_sizes("w") == [] and g.group_sizes("r") == [6]


# ============================================================ notation ======

@pytest.mark.parametrize("text", ["g1", "a0", "c", "c4-c5", "", "  ", "a10", "a01",
                                  "1a", "c 4", "aa", "z9", "c4c5", "-"])
def test_notation_invalid_text(text):
    with pytest.raises(InvalidActionError):
        InsertGame().apply(text)
    assert issubclass(InvalidActionError, ValueError)


def test_notation_case_spaces_and_illegal_squares():
    g = InsertGame()
    g.apply("  C3 ")
    assert g.history == ["c3"] and g.last == "c3"
    with pytest.raises(IllegalActionError):
        g.apply("c3")           # occupied
    with pytest.raises(IllegalActionError):
        g.apply("a1")           # not on column c
    g.apply("\tC5\n")
    assert g.history == ["c3", "c5"]
    assert issubclass(IllegalActionError, ValueError)


def test_notation_results():
    assert InsertGame().result() == "*"
    results = {random_game(s).result() for s in range(40)}
    assert results <= {"1-0", "0-1", "1/2-1/2"} and len(results) >= 2


# ===================================================== position string ======

EXAMPLE = f"6/2R3/6/2W3/6/6 {L0} w c5"      # INSERT.md: layout 0 after c3 c5


def test_position_example_from_insert_md():
    g = replay(["c3", "c5"])
    assert g.position() == EXAMPLE
    assert InsertGame.from_position(EXAMPLE).position() == EXAMPLE
    h = InsertGame.from_position(EXAMPLE)
    assert h.legal_actions() == g.legal_actions() == ["a5", "b5", "d5", "e5", "f5"]
    assert InsertGame().position() == f"{EMPTY} {L0} w -"
    assert InsertGame.from_position(f"{EMPTY} {L0} w -").legal_actions() == SQUARES


@pytest.mark.parametrize("text", [
    f"6/2r3/6/2w3/6/6 {L0} w c5",
    f"6/2R3/6/2W3/6/6 {L0.upper()} W C5",
    f"  6/2R3/6/2W3/6/6\t{L0}   w\nc5  ",
])
def test_position_case_and_whitespace_insensitive(text):
    assert InsertGame.from_position(text).position() == EXAMPLE


@pytest.mark.parametrize("text", [
    f"{EMPTY} {L0} w",                                # field missing
    f"{EMPTY} {L0} w - x",                            # a fifth field
    "",
    f"6/6/6/6/6 {L0} w -",                            # 5 rows
    f"6/6/6/6/6/6/6 {L0} w -",
    f"7/6/6/6/6/6 {L0} w -",                          # digit 7
    f"33/6/6/6/6/6 {L0} w -",                         # two adjacent digits
    f"6/6/6/6/6/0W5 {L0} r a1",                       # a 0
    f"5/6/6/6/6/6 {L0} w -",                          # sums to 5
    f"6/6/6/6/6/W6 {L0} r a1",                        # sums to 7
    f"6/6/6/6/6/X5 {L0} r a1",                        # bad letter
    f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddvx w -",
    f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh/hdddv w -",
    f"6/6/6/6/6/6 vhuuvd/dvhhdv/hudvhu/duvhdv/vhuuuh w -",
    f"{EMPTY} {L0} b -",                              # turn not w/r
    f"{EMPTY} {L0} r -",                              # turn vs ring count
    f"6/6/6/6/6/W5 {L0} w a1",
    f"6/6/6/6/6/W5 {L0} r -",                         # - with rings
    f"6/6/6/6/6/W5 {L0} r b1",                        # last without a ring
    f"{EMPTY} {L0} w a1",
    f"6/6/6/6/6/WR4 {L0} w a1",                       # last of turn's colour
    f"6/6/6/6/6/W5 {L0} r g1",                        # last not a square
    f"6/6/6/6/6/W5 {L0} r a0",
    f"W5/W5/6/6/6/RRRRR1 {L0} r a6",                  # five of turn's colour
    f"WWRRWW/RRWWRR/WWRRWW/RRWWRR/WWRRWW/R5 {L0} r a2",   # 31 rings
])
def test_position_invalid(text):
    with pytest.raises(InvalidPositionError):
        InsertGame.from_position(text)
    assert issubclass(InvalidPositionError, ValueError)


def test_position_valid_edge_cases():
    g = pos("6/6/6/6/6/WR4", L0, "w", "b1")
    assert g.turn == "w" and not g.is_over()
    # the other colour's five: game over at load, that colour wins
    g = pos("6/6/6/6/6/RRRRRR", H, "w", "d1")
    assert g.is_over() and g.result() == "0-1" and g.legal_actions() == []
    assert perft(g, 1) == 0


def test_position_round_trip_along_random_games():
    for seed in range(10):
        g = random_game(seed)
        h = InsertGame(g.layout)
        for a in g.history:
            h.apply(a)
            text = h.position()
            back = InsertGame.from_position(text)
            assert back.position() == text
            assert back.legal_actions() == h.legal_actions()
            assert back.result() == h.result()
        assert h.position() == g.position()


# =============================================================== perft ======
#
# Depth 2 from an empty board, by hand: after the first ring on X the second
# goes on the other squares of X's line: 5 for a v or h mark, len(diagonal) - 1
# for u or d, or any of 35 squares when the diagonal is X alone (rule 9).  The
# rising diagonal through column c, row r (a = 1) holds 6 - |c - r| squares,
# the falling one 6 - |c + r - 7|.
#
# Layout 0 (`vhuuvd dvhhdv hudvhu duvhdv vhuuuh hdddvu`): 18 squares are v/h
# -> 90.  u: c6 2, d6 3, b4 3, f4 3, b3 4, c2 4, d2 3, e2 2, f1 35 -> 59.
# d: f6 35, a5 4, e5 2, c4 5, a3 2, e3 4, b1 1, c1 2, d1 3 -> 58.  90+59+58 = 207,
# as INSERT.md says.
# Layout 1 changes Q1 only: vhu/dvh/hud gives 5+5+2 + 4+5+5 + 5+3+5 = 39,
# vuh/dhv/uvd gives 5+1+5 + 4+5+5 + 2+5+5 = 37 -> 207 - 39 + 37 = 205.
# Layout 4 changes Q2 only: uvd/hdv/vhu gives 3+5+35 + 5+2+5 + 5+5+3 = 68,
# hvd/vuh/dhu gives 5+5+35 + 5+5+5 + 4+5+3 = 72 -> 207 - 68 + 72 = 211.
# Layout 6143 (`hvdhdu udhdvu vduuhv uhddvu huvvhd dvhhuv`): 18 v/h -> 90;
# u: f6 5, a5 1, f5 4, c4 4, d4 5, a3 3, f3 2, b2 5, e1 1 -> 30;
# d: c6 3, e6 1, b5 5, d5 3, b4 4, c3 4, d3 5, f2 4, a1 35 -> 64; 184.
# Depth 1 from any empty board is 36.  Depth 3 for layout 0 (1065) and depth
# 4 (5042) are INSERT.md's; the other depth-3 values are regression values of
# this reference.

START_PERFT = {
    0: [36, 207, 1065],
    1: [36, 205, 1047],
    4: [36, 211, 1113],
    6143: [36, 184, 919],
}


@pytest.mark.parametrize("layout", sorted(START_PERFT))
def test_perft_from_layout_starts(layout):
    g = InsertGame(layout)
    for depth, nodes in enumerate(START_PERFT[layout], start=1):
        assert perft(g, depth) == nodes, (layout, depth)
    assert perft(g, 0) == 1


def test_perft_layout_0_depth_4_from_insert_md():
    assert perft(InsertGame(0), 4) == 5042
    assert sum(divide(InsertGame(0), 3).values()) == 1065


def full_perft(g: InsertGame, depth: int) -> int:
    """perft without bulk counting, through a position-string round trip."""
    if depth == 0:
        return 1
    total = 0
    for a in g.legal_actions():
        h = g.copy()
        h.apply(a)
        total += full_perft(InsertGame.from_position(h.position()), depth - 1)
    return total


def test_perft_applying_every_leaf_via_position_strings():
    assert full_perft(InsertGame(0), 3) == 1065
    assert full_perft(InsertGame(6143), 2) == 184


def test_perft_of_a_finished_game_is_zero():
    g = random_game(3)
    assert g.is_over()
    assert perft(g, 0) == 1 and perft(g, 1) == 0 and perft(g, 2) == 0
    with pytest.raises(ValueError):
        perft(g, -1)


def read_perft_data():
    path = Path(__file__).resolve().parent.parent / "data" / "insert.perft"
    cases = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cases.append({"id": value, "counts": {}})
        elif key == "pos":
            cases[-1]["pos"] = value
        elif key == "perft":
            d, n = value.split()
            cases[-1]["counts"][int(d)] = int(n)
        else:
            raise ValueError(line)
    return cases


def test_perft_data_file_small_depths():
    cases = read_perft_data()
    assert len(cases) >= 8
    byid = {c["id"]: c for c in cases}
    assert byid["start-layout-0"]["counts"][4] == 5042
    for c in cases:
        g = InsertGame.from_position(c["pos"])
        assert g.position() == c["pos"]
        for depth, nodes in sorted(c["counts"].items()):
            if nodes <= 1200:
                assert perft(g, depth) == nodes, (c["id"], depth)


# ======================================================== random games ======

def slow_allowed(g: InsertGame) -> set[str]:
    """Rule 9 by coordinate arithmetic (a second implementation)."""
    empty = {s for s in SQUARES if s not in g.rings}
    if g.last is None:
        return empty
    c0, r0 = "abcdef".index(g.last[0]), int(g.last[1])
    m = g.marks[g.last]
    if m == "v":
        line = {g.last[0] + str(r) for r in range(1, 7)}
    elif m == "h":
        line = {f + g.last[1] for f in "abcdef"}
    elif m == "u":
        line = {"abcdef"[c] + str(r0 + c - c0) for c in range(6) if 1 <= r0 + c - c0 <= 6}
    else:
        line = {"abcdef"[c] + str(r0 - c + c0) for c in range(6) if 1 <= r0 - c + c0 <= 6}
    return (line & empty) or empty


def slow_flips(g: InsertGame, sq: str, colour: str) -> set[str]:
    """Rule 10 by reading each axis as a string (a second implementation)."""
    other = "r" if colour == "w" else "w"
    c0, r0 = "abcdef".index(sq[0]), int(sq[1])
    out = set()
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        cells = []
        for k in range(-6, 7):
            c, r = c0 + k * dc, r0 + k * dr
            if 0 <= c < 6 and 1 <= r <= 6:
                s = "abcdef"[c] + str(r)
                cells.append((k, s, colour if s == sq else g.rings.get(s, ".")))
        text = "".join(x[2] for x in cells)
        i = [x[0] for x in cells].index(0)
        lo = i
        while lo > 0 and text[lo - 1] == colour:
            lo -= 1
        hi = i
        while hi < len(text) - 1 and text[hi + 1] == colour:
            hi += 1
        if lo > 0 and hi < len(text) - 1 and text[lo - 1] == other == text[hi + 1]:
            out |= {cells[lo - 1][1], cells[hi + 1][1]}
    return out


def test_random_games_end_with_a_legal_result():
    for seed in range(40):
        g = random_game(seed)
        assert g.layout is not None and 0 <= g.layout < 6144
        h = InsertGame(g.layout)
        for a in g.history:
            assert not h.is_over()
            assert set(h.legal_actions()) == slow_allowed(h)
            assert a in h.legal_actions()
            mover = h.turn
            expected_flips = slow_flips(h, a, mover)
            before = dict(h.rings)
            flips = h.apply(a)
            assert set(flips) == expected_flips
            changed = {s for s in h.rings if before.get(s) != h.rings[s]}
            assert changed == {a} | expected_flips
            assert not h.has_five(h.turn)          # the opponent never gains a five
        assert h.position() == g.position()
        assert g.is_over() and g.result() in ("1-0", "0-1", "1/2-1/2")
        assert 1 <= len(g.history) <= 30 and g.ring_count() == len(g.history)
        if g.end_reason == "five":
            winner = "w" if g.result() == "1-0" else "r"
            assert winner != g.turn and g.has_five(winner)
        else:
            assert g.end_reason == "groups" and g.ring_count() == 30
            assert not g.has_five("w") and not g.has_five("r")
        assert g.legal_actions() == []


def test_random_games_are_reproducible():
    a, b = random_game(11), random_game(11)
    assert (a.layout, a.history) == (b.layout, b.history)
    assert replay(a.history, a.layout).position() == a.position()
    # a record may start from a position string instead of a layout number
    first = replay(a.history[:1], a.layout).position()
    assert replay(a.history[1:], first).position() == a.position()
    c = random_game(11, layout=0)
    assert c.layout == 0
    rng = random.Random(0)
    layouts = {random_game(rng.randrange(10**9)).layout for _ in range(10)}
    assert len(layouts) >= 8
