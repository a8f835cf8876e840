"""Self-checks of the pure-Python Ludo reference (tests/reference/ludo_ref.py).

Rule numbers are those of shared/LUDO.md (beside the checkout).  Every expected
value below was worked out by hand from the rule text (the reasoning is in the
comments); the reference is never used to produce its own expectations.

Track groups of the position string: fields 0..12 / 13..25 / 26..38 / 39..51.
Entry fields E: G 0, Y 13, B 26, R 39; progress p is on track field (E + p) mod
52 for p <= 50, on h(p - 50) for 51..55, 56 is the finish.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .ludo_ref import (
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    LudoState,
    canonical_action,
    divide,
    new_game,
    parse_position,
    perft,
    random_game,
    replay,
)

THROWS = ["r1", "r2", "r3", "r4", "r5", "r6"]
NEW4 = "13/13/13/13 5/5/5/5 0000 G - standard -"
NEW3 = "13/13/13/13 5/5/5/5 000- G - standard -"
NEW2 = "13/13/13/13 5/5/5/5 0-0- G - standard -"


def pos(text: str) -> LudoState:
    g = parse_position(text)
    assert g.position() == text, "hand-written positions are canonical"
    return g


def after(text: str, actions: str) -> LudoState:
    g = pos(text)
    for a in actions.split():
        g.apply(a)
    return g


def legal(g: LudoState) -> set[str]:
    return set(g.legal_actions())


# ---------------------------------------------------------------------------
# Rule 1: colours, turn order, 2/3/4 players
# ---------------------------------------------------------------------------


def test_rule_1_new_games_name_their_colours():
    assert new_game(4).position() == NEW4
    assert new_game(3).position() == NEW3  # G Y B
    assert new_game(2).position() == NEW2  # G B, opposite corners
    assert new_game(2, "places").position() == "13/13/13/13 5/5/5/5 0-0- G - places -"


@pytest.mark.parametrize("players, turns", [
    (4, "GYBRGY"),
    (3, "GYBGYB"),
    (2, "GBGBGB"),
])
def test_rule_1_turn_order_clockwise(players, turns):
    # Nobody has a piece out, so a throw of 1 has no valid move: the turn is
    # skipped (rule 5) and passes to the next colour in play (rule 10).
    g = new_game(players)
    seen = []
    for _ in turns:
        seen.append(g.turn)
        g.apply("r1")
    assert "".join(seen) == turns


def test_rule_1_any_two_to_four_colours():
    # only Yellow and Red: Y -> R -> Y
    g = pos("13/13/13/13 5/5/5/5 -0-0 Y - standard -")
    g.apply("r2")
    assert g.turn == "R"
    g.apply("r2")
    assert g.turn == "Y"
    # G Y B R minus Yellow: G -> B -> R -> G
    g = pos("13/13/13/13 5/5/5/5 0-00 G - standard -")
    order = []
    for _ in range(4):
        order.append(g.turn)
        g.apply("r5")
    assert order == ["G", "B", "R", "G"]


@pytest.mark.parametrize("text", [
    "13/13/13/13 5/5/5/5 0--- G - standard -",     # one colour
    "13/13/13/13 5/5/5/5 ---- - - standard -",     # none
    "13/13/13/1R11 5/5/5/5 0-0- G - standard -",   # a Red piece, Red not in play
    "13/13/13/13 5/5/5/R4 0-0- G - standard -",    # in Red's home column
])
def test_rule_1_invalid_colour_sets(text):
    with pytest.raises(InvalidPositionError):
        parse_position(text)


# ---------------------------------------------------------------------------
# Rule 2: start corner, track 0..51 (51 followed by 0), home column, finish
# ---------------------------------------------------------------------------


def test_rule_2_where_pieces_are():
    # Green: one on field 5 (progress 5), one on h2 (progress 52), one finished,
    # and so 4 - 1 - 1 - 1 = 1 in the start corner.
    g = pos("5G7/13/13/13 1G3/5/5/5 1-0- G - standard -")
    assert sorted(g.pieces["G"]) == [-1, 5, 52, 56]
    assert g.in_corner("G") == 1 and g.finished("G") == 1
    assert g.in_corner("B") == 4


def test_rule_2_track_wraps_from_51_to_0():
    # Yellow on field 50 is at progress 50 - 13 = 37; a 3 takes it to
    # progress 40, field 13 + 40 = 53 = 1 (mod 52).
    g = after("13/13/13/11Y1 5/5/5/5 0000 Y - standard -", "r3")
    assert legal(g) == {"50-1"}
    g.apply("50-1")
    assert g.position() == "1Y11/13/13/13 5/5/5/5 0000 B - standard -"


# ---------------------------------------------------------------------------
# Rule 3: entry fields, progress, never onto E - 1
# ---------------------------------------------------------------------------


def test_rule_3_entry_fields():
    # 6 + 1 brings a piece in and moves it 1 on: E + 1 for each colour.
    g = new_game(4)
    for target in ["s-1", "s-14", "s-27", "s-40"]:  # G 0, Y 13, B 26, R 39
        g.apply("r6")
        g.apply("r1")
        assert g.legal_actions() == [target]
        g.apply(target)
    assert g.position() == "1G11/1Y11/1B11/1R11 5/5/5/5 0000 G - standard -"


@pytest.mark.parametrize("text, throw, move", [
    # Green on 49 (progress 49) + 2 = 51 = h1: never onto field 51 (= G's E - 1)
    ("13/13/13/10G2 5/5/5/5 0-0- G - standard -", "r2", "49-h1"),
    # Green on 50 (progress 50) + 1 = h1
    ("13/13/13/11G1 5/5/5/5 0-0- G - standard -", "r1", "50-h1"),
    # Yellow on 11 is progress (11 - 13) mod 52 = 50; + 1 = h1
    ("11Y1/13/13/13 5/5/5/5 0000 Y - standard -", "r1", "11-h1"),
    # Yellow on 10 is progress 49; + 2 = 51 = h1, not field 12 (Y's E - 1)
    ("10Y2/13/13/13 5/5/5/5 0000 Y - standard -", "r2", "10-h1"),
    # Blue on 24 is progress 50; + 5 = 55 = h5
    ("13/11B1/13/13 5/5/5/5 0-0- B - standard -", "r5", "24-h5"),
    # Red on 37 is progress 50; + 3 = 53 = h3
    ("13/13/11R1/13 5/5/5/5 0000 R - standard -", "r3", "37-h3"),
    # Yellow on 51 (progress 38) goes on round: + 4 = 42 = field 3
    ("13/13/13/12Y 5/5/5/5 0000 Y - standard -", "r4", "51-3"),
])
def test_rule_3_route_turns_into_home_column(text, throw, move):
    g = after(text, throw)
    assert g.legal_actions() == [move]


@pytest.mark.parametrize("text", [
    "13/13/13/12G 5/5/5/5 0-0- G - standard -",   # G on 51
    "12Y/13/13/13 5/5/5/5 0000 G - standard -",   # Y on 12
    "13/12B/13/13 5/5/5/5 0-0- G - standard -",   # B on 25
    "13/13/12R/13 5/5/5/5 0000 G - standard -",   # R on 38
])
def test_rule_3_piece_on_own_e_minus_1_is_invalid(text):
    with pytest.raises(InvalidPositionError):
        parse_position(text)


def test_rule_3_other_colours_may_stand_on_e_minus_1_of_another():
    # Yellow on 51 (Green's E - 1) and Green on 12 (Yellow's E - 1) are fine.
    pos("12G/13/13/12Y 5/5/5/5 0000 G - standard -")


# ---------------------------------------------------------------------------
# Rule 4: one piece per track field / home field; corner and finish any number
# ---------------------------------------------------------------------------


def test_rule_4_own_piece_blocks_track_field():
    # Green on 3 and 5, throw 2: 3-5 lands on Green's own piece; 5-7 is fine.
    g = after("3G1G7/13/13/13 5/5/5/5 0-0- G - standard -", "r2")
    assert legal(g) == {"5-7"}


def test_rule_4_own_piece_blocks_home_field():
    # Green on h1 and h3 (2 finished), throw 2: h1-h3 blocked, h3-h5 fine.
    g = after("13/13/13/13 G1G2/5/5/5 2-0- G - standard -", "r2")
    assert legal(g) == {"h3-h5"}


def test_rule_4_corner_and_finish_hold_any_number():
    g = pos("13/13/13/13 5/5/5/5 3-0- G - standard -")
    assert g.finished("G") == 3 and g.in_corner("G") == 1
    assert g.in_corner("B") == 4


def test_rule_4_home_column_holds_only_its_colour():
    with pytest.raises(InvalidPositionError):
        parse_position("13/13/13/13 B4/5/5/5 0-0- G - standard -")


# ---------------------------------------------------------------------------
# Rule 5: throws, total, one move, void, skip
# ---------------------------------------------------------------------------

ONE_G = "3G9/13/13/13 5/5/5/5 0000 G - standard -"  # Green on 3, rest in corners


def test_rule_5_non_six_ends_the_throws():
    g = after(ONE_G, "r4")
    assert g.phase() == "move" and not g.is_throw_phase()
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 G 4 standard -"
    assert g.legal_actions() == ["3-7"]


def test_rule_5_six_throws_again():
    g = after(ONE_G, "r6")
    assert g.is_throw_phase() and g.legal_actions() == THROWS
    assert g.position().split()[4] == "6"
    g.apply("r6")
    assert g.is_throw_phase() and g.legal_actions() == THROWS
    assert g.position().split()[4] == "66"


def test_rule_5_three_sixes_void_turn():
    # 6 6 6: nothing moves, Yellow is to throw.
    g = after(ONE_G, "r6 r6 r6")
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    assert g.legal_actions() == THROWS


def test_rule_5_total_is_the_sum_of_the_throws():
    # 6 + 6 + 3 = 15: Green 3 -> 18, or enter at progress 15 - 6 = 9.
    g = after(ONE_G, "r6 r6 r3")
    assert g.total() == 15
    assert legal(g) == {"3-18", "s-9"}
    # 6 + 2 = 8: 3 -> 11 or enter at 2
    assert legal(after(ONE_G, "r6 r2")) == {"3-11", "s-2"}


def test_rule_5_exactly_one_move_per_turn():
    g = after(ONE_G, "r6 r2 3-11")
    assert g.turn == "Y" and g.dice == []
    assert g.position() == "11G1/13/13/13 5/5/5/5 0000 Y - standard -"


def test_rule_5_skip_without_valid_move():
    # all in the corner, 5: nothing can move
    g = after(NEW4, "r5")
    assert g.position() == "13/13/13/13 5/5/5/5 0000 Y - standard -"
    # last piece on h5 (progress 55), 2 would overshoot: skipped
    g = after("13/13/13/13 4G/5/5/5 3-0- G - standard -", "r2")
    assert g.position() == "13/13/13/13 4G/5/5/5 3-0- B - standard -"
    # 6 + 3 = 9 overshoots too, and the corner is empty
    g = after("13/13/13/13 4G/5/5/5 3-0- G - standard -", "r6 r3")
    assert g.position() == "13/13/13/13 4G/5/5/5 3-0- B - standard -"


def test_rule_5_a_valid_move_must_be_made():
    # only one valid move: nothing else (no pass, no throw) is allowed
    g = after(ONE_G, "r4")
    assert g.legal_actions() == ["3-7"]
    for bad in ["r1", "r6", "3-8", "s-4"]:
        with pytest.raises(IllegalActionError):
            g.apply(bad)


# ---------------------------------------------------------------------------
# Rule 6: moving from p to p + T
# ---------------------------------------------------------------------------


def test_rule_6_exact_count_to_finish():
    # Green on h3 (progress 53): 3 finishes exactly, 4 would be 57 > 56.
    start = "13/13/13/13 2G2/5/5/5 0-0- G - standard -"
    assert after(start, "r3").legal_actions() == ["h3-f"]
    assert after(start, "r2").legal_actions() == ["h3-h5"]
    assert after(start, "r4").turn == "B"  # skipped (corner pieces need a 6)
    g = after(start, "r3 h3-f")
    assert g.position() == "13/13/13/13 5/5/5/5 1-0- B - standard -"


def test_rule_6_finish_straight_from_track():
    # Green on 49 (progress 49) + 7 = 56: 6 + 1 finishes from the track.
    g = after("13/13/13/10G2 5/5/5/5 3-0- G - standard -", "r6 r1")
    assert g.legal_actions() == ["49-f"]


def test_rule_6_occupied_home_field():
    # Green on 48 and h2: 4 takes 48 to progress 52 = h2 (occupied): invalid;
    # h2 + 4 = 56 finishes.
    g = after("13/13/13/9G3 1G3/5/5/5 0-0- G - standard -", "r4")
    assert legal(g) == {"h2-f"}
    # 3: 48 -> h1 (empty) and h2 -> h5
    g = after("13/13/13/9G3 1G3/5/5/5 0-0- G - standard -", "r3")
    assert legal(g) == {"48-h1", "h2-h5"}


def test_rule_6_home_moves_and_track_moves_with_big_totals():
    # Green on 20, total 6 + 6 + 5 = 17: 20 -> 37, or enter at 11
    g = after("13/7G5/13/13 5/5/5/5 0-0- G - standard -", "r6 r6 r5")
    assert legal(g) == {"20-37", "s-11"}


# ---------------------------------------------------------------------------
# Rule 7: entering
# ---------------------------------------------------------------------------


def test_rule_7_enter_needs_a_first_six():
    g = "13/7G5/13/13 5/5/5/5 0-0- G - standard -"  # Green on 20
    assert legal(after(g, "r4")) == {"20-24"}
    assert legal(after(g, "r6 r4")) == {"20-30", "s-4"}
    assert legal(after(g, "r6 r6 r2")) == {"20-34", "s-8"}  # 6 + 6 + 2: 6 + 2 past E


def test_rule_7_enter_lands_past_the_entry_field():
    # the rule book's example: 6 + 3 puts the piece on E + 3
    g = replay("r6 r3 s-3".split())
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    # Yellow: 6 + 3 -> 13 + 3 = 16
    assert after("13/13/13/13 5/5/5/5 0000 Y - standard -", "r6 r3").legal_actions() == ["s-16"]
    # Red with 6 + 6 + 5: progress 11 -> 39 + 11 = 50
    assert after("13/13/13/13 5/5/5/5 0000 R - standard -", "r6 r6 r5").legal_actions() == ["s-50"]


def test_rule_7_one_enter_action_for_the_whole_corner():
    g = after(NEW4, "r6 r2")
    assert g.legal_actions() == ["s-2"]  # four pieces wait, one action


def test_rule_7_own_piece_blocks_entering():
    # Green on 3: 6 + 3 would enter onto it; only 3 -> 12 remains.
    assert after(ONE_G, "r6 r3").legal_actions() == ["3-12"]


def test_rule_7_what_stands_on_e_does_not_matter():
    # Yellow on field 0 (Green's E), Green enters with 6 + 3 onto 3: allowed,
    # the Yellow piece stays.
    g = after("Y12/13/13/13 5/5/5/5 0000 G - standard -", "r6 r3")
    assert g.legal_actions() == ["s-3"]
    g.apply("s-3")
    assert g.position() == "Y2G9/13/13/13 5/5/5/5 0000 Y - standard -"
    # a Green piece on its own E (progress 0) does not block either
    g = after("G12/13/13/13 5/5/5/5 0-0- G - standard -", "r6 r3")
    assert legal(g) == {"s-3", "0-9"}


# ---------------------------------------------------------------------------
# Rule 8: passing over pieces
# ---------------------------------------------------------------------------


def test_rule_8_pass_over_pieces_on_track():
    # Green on 2 and 3, Yellow on 4, Blue on 5; throw 4: 2 -> 6 passes 3, 4, 5;
    # 3 -> 7 passes 4, 5, 6.
    g = after("2GGYB7/13/13/13 5/5/5/5 0000 G - standard -", "r4")
    assert legal(g) == {"2-6", "3-7"}


def test_rule_8_pass_over_pieces_in_home_column():
    # Green on h1 and h2, throw 3: h1 -> h4 passes h2; h2 -> h5.
    g = after("13/13/13/13 GG3/5/5/5 0000 G - standard -", "r3")
    assert legal(g) == {"h1-h4", "h2-h5"}


# ---------------------------------------------------------------------------
# Rule 9: capture
# ---------------------------------------------------------------------------


def test_rule_9_capture_sends_piece_to_its_corner():
    # Green on 10, Yellow on 14; 4 lands on Yellow.
    g = after("10G2/1Y11/13/13 5/5/5/5 0000 G - standard -", "r4 10-14")
    assert g.position() == "13/1G11/13/13 5/5/5/5 0000 Y - standard -"
    assert g.in_corner("Y") == 4


def test_rule_9_entry_field_is_not_safe():
    # Yellow on its own entry field 13; Green on 10 throws 3.
    g = after("10G2/Y12/13/13 5/5/5/5 0000 G - standard -", "r3")
    assert g.legal_actions() == ["10-13"]
    g.apply("10-13")
    assert g.position() == "13/G12/13/13 5/5/5/5 0000 Y - standard -"


def test_rule_9_capture_by_entering():
    # Yellow on 3, Green enters with 6 + 3.
    g = after("3Y9/13/13/13 5/5/5/5 0000 G - standard -", "r6 r3 s-3")
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"


def test_rule_9_capture_across_the_wrap():
    # Red on 49 (progress 10), Green on 2 (Red's route: 49 + 5 = 54 = 2 mod 52)
    g = after("2G10/13/13/10R2 5/5/5/5 0-00 R - standard -", "r5")
    assert g.legal_actions() == ["49-2"]
    g.apply("49-2")
    assert g.position() == "2R10/13/13/13 5/5/5/5 0-00 G - standard -"


def test_rule_9_home_columns_are_safe():
    # Yellow on its h1; Green 48 + 3 = progress 51 = Green's own h1.
    g = after("13/13/13/9G3 5/Y4/5/5 0000 G - standard -", "r3")
    assert g.legal_actions() == ["48-h1"]
    g.apply("48-h1")
    assert g.position() == "13/13/13/13 G4/Y4/5/5 0000 Y - standard -"


# ---------------------------------------------------------------------------
# Rule 10: next colour in play; no extra turn
# ---------------------------------------------------------------------------


def test_rule_10_no_extra_turn_for_capture():
    # Blue on 30 captures Red on 33 with a 3; Red plays next.
    g = after("13/13/4B2R5/13 5/5/5/5 0000 B - standard -", "r3 30-33")
    assert g.position() == "13/13/7B5/13 5/5/5/5 0000 R - standard -"


def test_rule_10_no_extra_turn_for_finish():
    g = after("13/13/13/13 4G/5/5/5 0000 G - standard -", "r1 h5-f")
    assert g.position() == "13/13/13/13 5/5/5/5 1000 Y - standard -"


def test_rule_10_turn_passes_after_void_and_skip():
    assert after(NEW3, "r6 r6 r6").turn == "Y"   # void
    assert after(NEW3, "r3").turn == "Y"         # skip
    assert after(NEW3, "r1 r1 r1").turn == "G"   # B -> G wraps round
    assert after(NEW2, "r1").turn == "B" and after(NEW2, "r1 r1").turn == "G"


def test_rule_10_places_skips_finished_colours():
    # 3 players, places, Yellow has finished (left the turn order)
    g = pos("13/13/13/13 5/5/5/5 040- G - places Y")
    g.apply("r1")
    assert g.turn == "B"
    g.apply("r1")
    assert g.turn == "G"


# ---------------------------------------------------------------------------
# Rule 11: the end
# ---------------------------------------------------------------------------


def test_rule_11_standard_first_to_finish_wins():
    g = after("13/13/13/13 4G/5/5/5 3000 G - standard -", "r1")
    assert g.legal_actions() == ["h5-f"]
    assert g.result() == "*"
    g.apply("h5-f")
    assert g.is_over() and g.result() == "G"
    assert g.position() == "13/13/13/13 5/5/5/5 4000 - - standard G"
    assert g.legal_actions() == [] and not g.is_throw_phase()
    assert g.phase() == "over"
    with pytest.raises(IllegalActionError):
        g.apply("r1")


def test_rule_11_places_game_goes_on():
    g = after("13/13/13/13 4G/5/5/5 3000 G - places -", "r1 h5-f")
    assert g.position() == "13/13/13/13 5/5/5/5 4000 Y - places G"
    assert g.result() == "*" and g.legal_actions() == THROWS


def test_rule_11_places_ends_with_one_side_left():
    # 2 players: the first finish leaves one side: it is last.
    g = after("13/13/13/13 4G/5/5/5 3-0- G - places -", "r1 h5-f")
    assert g.position() == "13/13/13/13 5/5/5/5 4-0- - - places G"
    assert g.result() == "GB"
    # 3 players, Green already out, Yellow finishes: Blue is left, last.
    g = after("13/13/13/13 5/4Y/5/5 430- Y - places G", "r1 h5-f")
    assert g.position() == "13/13/13/13 5/5/5/5 440- - - places GY"
    assert g.result() == "GYB"


def test_rule_11_ended_positions_parse():
    assert pos("13/13/13/13 5/5/5/5 4000 - - standard G").result() == "G"
    assert pos("13/13/13/13 5/5/5/5 4-0- - - places G").result() == "GB"
    assert pos("13/13/13/13 5/5/5/5 0444 - - places BYR").result() == "BYRG"


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["r7", "52-3", "h6-f", "f-3", "14", "r0", "r", "03-5",
                                  "s-", "-3", "3-", "h0-f", "s-s", "x-3", "", "r6 ", " r6",
                                  "r 6", "3 - 7", "r06", "100-3"])
def test_notation_invalid_actions(text):
    with pytest.raises(InvalidActionError):
        canonical_action(text)
    with pytest.raises(InvalidActionError):
        new_game(4).apply(text)


def test_notation_illegal_actions():
    with pytest.raises(IllegalActionError):
        new_game(4).apply("s-h1")  # well formed, not allowed
    g = replay(["r6", "r3"])
    with pytest.raises(IllegalActionError):
        g.apply("r3")  # a throw in a move phase
    for text in ["s-4", "s-f", "h3-2", "3-3", "s-h1"]:
        with pytest.raises(IllegalActionError):
            g.apply(text)


def test_notation_case_insensitive_input_lower_case_output():
    assert canonical_action("48-H3") == "48-h3"
    assert canonical_action("H3-F") == "h3-f"
    g = new_game(4)
    g.apply("R6")
    g.apply("r3")
    assert g.legal_actions() == ["s-3"]
    g.apply("S-3")
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"


def test_notation_record_with_skip_and_void():
    # r6 r3 s-3 (Green), r2 (Yellow skipped), r6 r6 r6 (Blue voided),
    # r4 (Red skipped): Green to throw again.
    g = replay("r6 r3 s-3 r2 r6 r6 r6 r4".split())
    assert g.position() == "3G9/13/13/13 5/5/5/5 0000 G - standard -"


def test_notation_all_move_forms():
    # Green on 14, 48 and h1, 1 in the corner; 6 + 1 = 7:
    # 14-21 (track), 48 + 7 = 55 -> h5 (into home), h1 (51) + 7 = 58 > 56 (no),
    # enter at 1.  6 + 6 + 1 = 13 would be 14-27, 48 -> 61 (no), s-7.
    g = "13/1G11/13/9G3 G4/5/5/5 0-0- G - standard -"
    assert legal(after(g, "r6 r1")) == {"14-21", "48-h5", "s-1"}
    # 2: 14-16, 48-50, h1-h3 (home to home)
    assert legal(after(g, "r2")) == {"14-16", "48-50", "h1-h3"}
    # 5: h1 (51) + 5 = 56: h1-f; 48 + 5 = 53: 48-h3
    assert legal(after(g, "r5")) == {"14-19", "48-h3", "h1-f"}


def test_notation_perft_of_the_rule_book():
    assert [perft(new_game(4), d) for d in range(1, 6)] == [6, 36, 191, 996, 5226]


# ---------------------------------------------------------------------------
# Position string
# ---------------------------------------------------------------------------

BOOK_POSITIONS = [
    "13/13/13/13 5/5/5/5 0000 G - standard -",
    "13/13/13/13 5/5/5/5 0-0- G - standard -",
    "3G9/13/13/13 5/5/5/5 0000 Y - standard -",
]


@pytest.mark.parametrize("text", BOOK_POSITIONS)
def test_position_round_trip_of_book_examples(text):
    assert parse_position(text).position() == text
    assert parse_position(text.lower()).position() == text
    assert parse_position(text.upper()).position() == text


def test_position_dice_forms():
    # '-', '4', '6', '63', '66', '661' (throw phase iff '-' or ending in 6)
    g = pos("3G9/13/13/13 5/5/5/5 0000 G 4 standard -")
    assert g.phase() == "move"
    for dice in ["-", "6", "66"]:
        assert pos(f"3G9/13/13/13 5/5/5/5 0000 G {dice} standard -").phase() == "throw"
    assert pos("13/13/13/13 5/5/5/5 0000 G 63 standard -").legal_actions() == ["s-3"]
    assert pos("13/13/13/13 5/5/5/5 0000 G 661 standard -").legal_actions() == ["s-7"]


@pytest.mark.parametrize("text", [
    # malformed fields
    "13/13/13/13 5/5/5/5 0000 G - standard",            # six fields
    "13/13/13/13 5/5/5/5 0000 G - standard - x",        # eight
    "13/13/13/13  5/5/5/5 0000 G - standard -",         # two spaces
    " 13/13/13/13 5/5/5/5 0000 G - standard -",
    "13/13/13/12 5/5/5/5 0000 G - standard -",          # 12 fields in a group
    "13/13/13/14 5/5/5/5 0000 G - standard -",
    "26/13/13 5/5/5/5 0000 G - standard -",             # runs never cross /
    "4G44/13/13/13 5/5/5/5 0000 G - standard -",        # not maximal
    "0G12/13/13/13 5/5/5/5 0000 G - standard -",        # empty run
    "3X9/13/13/13 5/5/5/5 0000 G - standard -",
    "13/13/13/13 5/5/5 0000 G - standard -",
    "13/13/13/13 6/5/5/5 0000 G - standard -",
    "13/13/13/13 5/5/5/5 5000 G - standard -",
    "13/13/13/13 5/5/5/5 000 G - standard -",
    "13/13/13/13 5/5/5/5 0000 X - standard -",
    "13/13/13/13 5/5/5/5 0000 G 7 standard -",
    "13/13/13/13 5/5/5/5 0000 G 0 standard -",
    "13/13/13/13 5/5/5/5 0000 G 6661 standard -",
    "13/13/13/13 5/5/5/5 0000 G - blitz -",
    "13/13/13/13 5/5/5/5 4000 - - standard X",
    "13/13/13/13 5/5/5/5 4400 - - places GG",
    # more than 4 pieces
    "GGG10/13/13/13 5/5/5/5 2000 G - standard -",
    "GG11/13/13/13 GGG2/5/5/5 0000 G - standard -",
    # order not exactly the colours with 4 finished
    "13/13/13/13 5/5/5/5 4000 - - standard -",
    "13/13/13/13 5/5/5/5 0000 G - standard G",
    "13/13/13/13 5/5/5/5 4400 - - standard GY",
    "13/13/13/13 5/5/5/5 4-4- - - places GB",
    "13/13/13/13 5/5/5/5 4400 Y - places G",
    # turn
    "13/13/13/13 5/5/5/5 0-0- Y - standard -",     # not in play
    "13/13/13/13 5/5/5/5 040- Y - places Y",       # finished
    "13/13/13/13 5/5/5/5 0000 - - standard -",     # '-' while playing
    "13/13/13/13 5/5/5/5 4000 Y - standard G",     # ended game with a turn
    "13/13/13/13 5/5/5/5 4-0- - 3 places G",       # ended game with dice
    # dice
    "13/13/13/13 5/5/5/5 0000 G 666 standard -",
    "3G9/13/13/13 5/5/5/5 0000 G 36 standard -",
    "3G9/13/13/13 5/5/5/5 0000 G 616 standard -",
    "13/13/13/13 5/5/5/5 0000 G 4 standard -",      # move phase, no valid move
    "13/13/13/13 4G/5/5/5 3000 G 2 standard -",     # h5 + 2 overshoots
])
def test_position_invalid(text):
    with pytest.raises(InvalidPositionError):
        parse_position(text)


def test_position_round_trip_of_random_games():
    for seed in range(6):
        players = 2 + seed % 3
        variant = "places" if seed % 2 else "standard"
        record, _ = random_game(seed, players, variant)
        g = new_game(players, variant)
        for i, a in enumerate(record):
            g.apply(a)
            if i % 7 == 0:
                text = g.position()
                assert parse_position(text).position() == text
                assert parse_position(text.lower()).legal_actions() == g.legal_actions()


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_start_small_depths(players):
    # depth 1: the six throws.
    # depth 2: after r1..r5 nobody can move (no 6 to enter): skipped, the next
    #   colour throws: 5 * 6; after r6 Green throws again: 6.  30 + 6 = 36.
    # depth 3: r1..r5 then any throw of the next colour: 5 * 6 * 6 = 180;
    #   r6 r1..r5: only s-<x> (one action): 5; r6 r6: throws again: 6.  191.
    # depth 4: r1..r5 (skip) leave the next colour at a fresh start: 5 * 191 =
    #   955; r6 r1..r5 s-x then the next colour's 6 throws: 30; r6 r6 r1..r5
    #   s-x: 5; r6 r6 r6 (void) then 6 throws: 6.  955 + 41 = 996.
    # None of this depends on which colours are in play: a colour's second
    # turn, or two pieces meeting, comes later (so 5226 at depth 5 for all).
    g = new_game(players)
    assert [perft(g, d) for d in range(1, 6)] == [6, 36, 191, 996, 5226]


def test_perft_two_players_meet_green_again_sooner():
    # 3 players: a colour with a piece out throws again at ply 6 at the
    # earliest (G r6 r1 s-1, Y, B, G), so only depth 7 can differ from 4
    # players; 2 players: G r6 r1 s-1, B r1, G r1 -> a move phase with one
    # move (1-2) where 4 players have Red's six throws: depth 6 differs.
    assert perft(new_game(3), 6) == perft(new_game(4), 6)
    assert perft(new_game(2), 6) < perft(new_game(4), 6)


def test_perft_near_the_end_by_hand():
    # Green: h5 and 3 finished; Blue all in its corner.
    g = pos("13/13/13/13 4G/5/5/5 3-0- G - standard -")
    # depth 1: 6 throws.
    # depth 2: r1 -> h5-f (1); r2..r5 skipped -> Blue's 6 throws (24);
    #   r6 -> 6 more throws.  1 + 24 + 6 = 31.
    # depth 3: r1 h5-f ends the game (0); r2..r5, any Blue throw -> 6 each
    #   (4 * 36 = 144: Blue's 1..5 skip to Green's throws, 6 throws again);
    #   r6 r1..r5: 7..11 overshoot h5, corner empty: skipped -> Blue throws
    #   (5 * 6); r6 r6 -> throws (6).  144 + 36 = 180.
    assert [perft(g, d) for d in (1, 2, 3)] == [6, 31, 180]
    assert divide(g, 2) == {"r1": 1, "r2": 6, "r3": 6, "r4": 6, "r5": 6, "r6": 6}


def test_perft_of_a_finished_game():
    g = pos("13/13/13/13 5/5/5/5 4000 - - standard G")
    assert perft(g, 0) == 1 and perft(g, 1) == 0 and perft(g, 3) == 0


def _perft_cases():
    path = Path(__file__).resolve().parent.parent / "data" / "ludo.perft"
    cases = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cases.append({"id": value, "moves": None, "counts": {}})
        elif key == "moves":
            cases[-1]["moves"] = value.split()
        elif key == "pos":
            cases[-1]["pos"] = value
        elif key == "perft":
            d, n = value.split()
            cases[-1]["counts"][int(d)] = int(n)
        else:
            raise AssertionError(f"unknown line {line!r}")
    return cases


PERFT_CASES = _perft_cases()


@pytest.mark.parametrize("case", PERFT_CASES, ids=lambda c: c["id"])
def test_perft_data_file(case):
    g = parse_position(case["pos"])
    assert g.position() == case["pos"]
    if case["moves"] is not None:
        players = sum(ch != "-" for ch in case["pos"].split()[2])
        h = replay(case["moves"], players, g.variant)
        assert h.position() == case["pos"], "the moves do not lead to pos"
    for depth, nodes in sorted(case["counts"].items()):
        if nodes <= 30_000:  # the deeper counts take seconds each here
            assert perft(g, depth) == nodes, f"{case['id']} depth {depth}"


def test_perft_data_file_has_the_book_counts():
    start = next(c for c in PERFT_CASES if c["id"] == "ludo-start-4")
    assert start["pos"] == NEW4
    assert [start["counts"][d] for d in range(1, 6)] == [6, 36, 191, 996, 5226]


# ---------------------------------------------------------------------------
# random games
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["standard", "places"])
def test_random_games_end_with_a_valid_result(players, variant):
    colours = {2: "GB", 3: "GYB", 4: "GYBR"}[players]
    t0 = time.time()
    for seed in range(4):
        record, g = random_game(seed, players, variant)
        assert g.is_over() and g.legal_actions() == []
        res = g.result()
        if variant == "standard":
            assert len(res) == 1 and res in colours and g.finished(res) == 4
            assert sum(g.finished(c) == 4 for c in colours) == 1
        else:
            assert sorted(res) == sorted(colours)
            assert all(g.finished(c) == 4 for c in res[:-1])
            assert g.finished(res[-1]) < 4
        # replaying the record gives the same end; the record is reproducible
        assert replay(record, players, variant).position() == g.position()
        assert random_game(seed, players, variant)[0] == record
    assert time.time() - t0 < 5
