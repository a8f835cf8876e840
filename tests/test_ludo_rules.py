"""One or more tests for each numbered rule of LUDO.md (shared/LUDO.md),
named after it. Every expected value was worked out by hand from the rule
text: fields 0..12 / 13..25 / 26..38 / 39..51 are the four groups of the
position string; entry fields E: G 0, Y 13, B 26, R 39; progress p is on
track field (E + p) mod 52 for p <= 50, on h(p - 50) for 51..55, 56 is the
finish."""
import random

import pytest

from yinsh import ludo
from yinsh.ludo import BLUE, GREEN, RED, YELLOW, IllegalMoveError, InvalidPositionError

from ludo_helpers import NEW2, NEW3, NEW4, THROWS, after, legal, pos, random_game

# ---------------------------------------------------------------------------
# Rule 1: colours, turn order, 2/3/4 players
# ---------------------------------------------------------------------------


def test_rule_1_new_games_name_their_colours():
    assert ludo.Board().position() == NEW4
    assert ludo.Board(players=3).position() == NEW3
    assert ludo.Board(players=2).position() == NEW2
    assert ludo.Board(players=2, variant="places").position() == "13/13/13/13 5/5/5/5 0-0- G - places -"
    assert ludo.Board().players == [GREEN, YELLOW, BLUE, RED]
    assert ludo.Board(players=3).players == [GREEN, YELLOW, BLUE]
    assert ludo.Board(players=2).players == [GREEN, BLUE]          # opposite corners
    assert [str(c) for c in ludo.Board().players] == ["green", "yellow", "blue", "red"]
    for color in ludo.Board().players:
        assert ludo.Board().pieces(color) == ["s"] * 4            # four pieces each


@pytest.mark.parametrize("players, turns", [(4, "GYBRGY"), (3, "GYBGYB"), (2, "GBGBGB")])
def test_rule_1_turn_order_is_clockwise_from_green(players, turns):
    # Nobody has a piece out, so a 1 has no valid move: the turn is skipped
    # (rule 5) and passes to the next colour in play.
    board = ludo.Board(players=players)
    seen = []
    for _ in turns:
        seen.append(board.turn.letter)
        board.push_str("r1")
    assert "".join(seen) == turns


def test_rule_1_any_two_to_four_colours():
    board = pos("13/13/13/13 5/5/5/5 -0-0 Y - standard -")      # Yellow and Red only
    assert board.players == [YELLOW, RED]
    board.push_str("r2")
    assert board.turn == RED
    board.push_str("r2")
    assert board.turn == YELLOW
    board = pos("13/13/13/13 5/5/5/5 0-00 G - standard -")      # all but Yellow
    order = []
    for _ in range(4):
        order.append(board.turn)
        board.push_str("r5")
    assert order == [GREEN, BLUE, RED, GREEN]


@pytest.mark.parametrize("text, why", [
    ("13/13/13/13 5/5/5/5 0--- G - standard -", "fewer than 2 colours"),
    ("13/13/13/13 5/5/5/5 ---- - - standard -", "fewer than 2 colours"),
    ("13/13/13/1R11 5/5/5/5 0-0- G - standard -", "red, which is not in play"),
    ("13/13/13/13 5/5/5/R4 0-0- G - standard -", "red, which is not in play"),
])
def test_rule_1_invalid_colour_sets(text, why):
    with pytest.raises(InvalidPositionError, match=why):
        ludo.Board(text)

# ---------------------------------------------------------------------------
# Rule 2: start corner, track 0..51 (51 followed by 0), home column, finish
# ---------------------------------------------------------------------------


def test_rule_2_where_pieces_are():
    # Green: one on field 5, one on h2, one finished, so one in the corner.
    board = pos("5G7/13/13/13 1G3/5/5/5 1-0- G - standard -")
    assert board.progress(GREEN) == [-1, 5, 52, 56]
    assert board.pieces(GREEN) == ["s", "5", "h2", "f"]
    assert (board.in_start(GREEN), board.finished(GREEN)) == (1, 1)
    assert board.in_start(BLUE) == 4 and board.pieces(BLUE) == ["s"] * 4
    assert board.piece_at(5) == GREEN and board.piece_at(6) is None


def test_rule_2_track_wraps_from_51_to_0():
    # Yellow on field 50 is at progress 50 - 13 = 37; a 3 takes it to
    # progress 40, field 13 + 40 = 53 = 1 (mod 52).
    board = after("13/13/13/11Y1 5/5/5/5 0000 Y - standard -", "r3")
    assert legal(board) == {"50-1"}
    board.push_str("50-1")
    assert board.position() == "1Y11/13/13/13 5/5/5/5 0000 B - standard -"

# ---------------------------------------------------------------------------
# Rule 3: entry fields, progress, never onto E - 1
# ---------------------------------------------------------------------------


def test_rule_3_entry_fields():
    # 6 + 1 brings a piece in and moves it 1 on: E + 1 for each colour.
    board = ludo.Board()
    for target in ["s-1", "s-14", "s-27", "s-40"]:          # G 0, Y 13, B 26, R 39
        board.push_str("r6")
        board.push_str("r1")
        assert legal(board) == {target}
        board.push_str(target)
    assert board.position() == "1G11/1Y11/1B11/1R11 5/5/5/5 0000 G - standard -"
    assert [c.entry for c in ludo.COLORS] == [0, 13, 26, 39]


@pytest.mark.parametrize("text, throw, move", [
    # Green on 49 (progress 49) + 2 = 51 = h1: never onto field 51 (its E - 1)
    ("13/13/13/10G2 5/5/5/5 0-0- G - standard -", "r2", "49-h1"),
    # Green on 50 (progress 50, its last track field E - 2) + 1 = h1
    ("13/13/13/11G1 5/5/5/5 0-0- G - standard -", "r1", "50-h1"),
    # Yellow on 11 is progress (11 - 13) mod 52 = 50; + 1 = h1
    ("11Y1/13/13/13 5/5/5/5 0000 Y - standard -", "r1", "11-h1"),
    # Yellow on 10 is progress 49; + 2 = h1, not field 12 (Yellow's E - 1)
    ("10Y2/13/13/13 5/5/5/5 0000 Y - standard -", "r2", "10-h1"),
    # Blue on 24 is progress 50; + 5 = h5
    ("13/11B1/13/13 5/5/5/5 0-0- B - standard -", "r5", "24-h5"),
    # Red on 37 is progress 50; + 3 = h3
    ("13/13/11R1/13 5/5/5/5 0000 R - standard -", "r3", "37-h3"),
    # Yellow on 51 (progress 38) goes on round: + 4 = 42 = field 3
    ("13/13/13/12Y 5/5/5/5 0000 Y - standard -", "r4", "51-3"),
])
def test_rule_3_route_turns_into_the_home_column(text, throw, move):
    board = after(text, throw)
    assert legal(board) == {move}


@pytest.mark.parametrize("text", [
    "13/13/13/12G 5/5/5/5 0-0- G - standard -",    # G on 51
    "12Y/13/13/13 5/5/5/5 0000 G - standard -",    # Y on 12
    "13/12B/13/13 5/5/5/5 0-0- G - standard -",    # B on 25
    "13/13/12R/13 5/5/5/5 0000 G - standard -",    # R on 38
])
def test_rule_3_a_piece_on_its_own_e_minus_1_is_invalid(text):
    with pytest.raises(InvalidPositionError, match="its own E - 1"):
        ludo.Board(text)


def test_rule_3_other_colours_may_stand_on_another_colours_e_minus_1():
    board = pos("12G/13/13/12Y 5/5/5/5 0000 G - standard -")   # Y on 51, G on 12
    assert board.progress(GREEN) == [-1, -1, -1, 12]
    assert board.progress(YELLOW) == [-1, -1, -1, 38]


def test_rule_3_a_piece_may_stand_on_its_own_entry_field():
    board = after("G12/13/13/13 5/5/5/5 0-0- G - standard -", "r5")
    assert board.progress(GREEN)[-1] == 0 and legal(board) == {"0-5"}

# ---------------------------------------------------------------------------
# Rule 4: one piece a track field or home field; corner and finish any number
# ---------------------------------------------------------------------------


def test_rule_4_own_piece_blocks_a_track_field():
    # Green on 3 and 5, throw 2: 3-5 lands on Green's own piece; 5-7 is fine.
    board = after("3G1G7/13/13/13 5/5/5/5 0-0- G - standard -", "r2")
    assert legal(board) == {"5-7"}
    with pytest.raises(IllegalMoveError, match="own piece stands on 5"):
        board.push_str("3-5")


def test_rule_4_own_piece_blocks_a_home_field():
    # Green on h1 and h3, 2 finished; throw 2: h1-h3 blocked, h3-h5 fine.
    board = after("13/13/13/13 G1G2/5/5/5 2-0- G - standard -", "r2")
    assert legal(board) == {"h3-h5"}
    with pytest.raises(IllegalMoveError, match="own piece stands on h3"):
        board.push_str("h1-h3")


def test_rule_4_start_corner_and_finish_hold_any_number():
    board = pos("13/13/13/13 5/5/5/5 3-0- G - standard -")
    assert (board.finished(GREEN), board.in_start(GREEN), board.in_start(BLUE)) == (3, 1, 4)

# ---------------------------------------------------------------------------
# Rule 5: throws, voids, one move with the total, skips
# ---------------------------------------------------------------------------


def test_rule_5_after_a_six_the_side_throws_again():
    board = after(NEW4, "r6")
    assert board.is_chance() and board.turn == GREEN and board.dice == (6,)
    assert legal(board) == THROWS
    board.push_str("r6")
    assert board.is_chance() and board.turn == GREEN and board.dice == (6, 6)
    assert board.position() == "13/13/13/13 5/5/5/5 0000 G 66 standard -"


def test_rule_5_the_total_of_six_six_three_is_fifteen():
    board = after(NEW4, "r6 r6 r3")
    assert not board.is_chance() and board.total == 15
    assert legal(board) == {"s-9"}                   # enters with 6, moves 9 on (rule 7)


def test_rule_5_three_sixes_void_the_turn():
    board = after(NEW4, "r6 r6 r6")
    assert board.position() == "13/13/13/13 5/5/5/5 0000 Y - standard -"
    # also when a move would have been possible
    board = after("3G9/13/13/13 5/5/5/5 0000 G - standard -", "r6 r6 r6")
    assert board.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    assert [str(m) for m in board.move_stack] == ["r6", "r6", "r6"]
    with pytest.raises(InvalidPositionError, match="666"):
        ludo.Board("3G9/13/13/13 5/5/5/5 0000 G 666 standard -")


def test_rule_5_one_move_with_the_whole_total():
    # Green on 3 throws 6 4: the piece goes 10 at once (3-13), or a piece enters
    # on E + 4; the throws are not split (3-9 and 3-7 are illegal).
    board = after("3G9/13/13/13 5/5/5/5 0000 G - standard -", "r6 r4")
    assert legal(board) == {"3-13", "s-4"}
    for text in ("3-9", "3-7"):
        with pytest.raises(IllegalMoveError, match="with a total of 10 the piece on 3 goes to 13"):
            board.push_str(text)


def test_rule_5_a_valid_move_must_be_made():
    board = after("3G9/13/13/13 5/5/5/5 0000 G - standard -", "r2")
    assert legal(board) == {"3-5"} and not board.is_chance()
    with pytest.raises(ludo.InvalidMoveError):
        board.push_str("pass")                      # there is no passing
    with pytest.raises(IllegalMoveError, match="a throw in a move phase"):
        board.push_str("r4")


def test_rule_5_no_valid_move_skips_the_turn():
    board = after(NEW4, "r3")                       # no piece out, no six
    assert board.position() == "13/13/13/13 5/5/5/5 0000 Y - standard -"
    # the record of LUDO.md: Yellow's r2 is skipped, Blue voids, Red's r4 is skipped
    board = after(NEW4, "r6 r3 s-3 r2 r6 r6 r6 r4")
    assert board.position() == "3G9/13/13/13 5/5/5/5 0000 G - standard -"
    assert board.ply == 8 and board.result() == "*"


def test_rule_5_a_six_is_thrown_again_even_without_any_possible_move():
    # Green's only piece out is on h5: no total can move it except 1, but after
    # a 6 Green still throws again (the skip needs the total).
    board = after("13/13/13/13 4G/5/5/5 3-0- G - standard -", "r6")
    assert board.is_chance() and board.turn == GREEN

# ---------------------------------------------------------------------------
# Rule 6: moving a piece from p to p + T
# ---------------------------------------------------------------------------


def test_rule_6_the_finish_needs_the_exact_count():
    text = "13/13/13/13 2G2/5/5/5 2-0- G - standard -"      # Green: h3, 2 finished, 1 in the corner
    assert after(text, "r4").turn == BLUE                    # h3 + 4 overshoots: skipped
    assert legal(after(text, "r3")) == {"h3-f"}
    assert legal(after(text, "r2")) == {"h3-h5"}
    board = after(text, "r6 r4")                             # 10: only entering
    assert legal(board) == {"s-4"}
    with pytest.raises(IllegalMoveError, match="overshooting the finish: the piece on h3 needs exactly 3"):
        board.push_str("h3-f")


def test_rule_6_finishing_from_the_track():
    # Green on 49 (progress 49) needs 7: 6 1 finishes it or enters a piece.
    board = after("13/13/13/10G2 5/5/5/5 0-0- G - standard -", "r6 r1")
    assert legal(board) == {"49-f", "s-1"}
    board.push_str("49-f")
    assert board.position() == "13/13/13/13 5/5/5/5 1-0- B - standard -"


def test_rule_6_home_fields_and_track_fields():
    # Green on 47 with 5: h2 (47 + 5 = 52); with 4: field 51 would be its
    # E - 1, so 51 = h1.
    assert legal(after("13/13/13/8G4 5/5/5/5 0-0- G - standard -", "r5")) == {"47-h2"}
    assert legal(after("13/13/13/8G4 5/5/5/5 0-0- G - standard -", "r4")) == {"47-h1"}
    assert legal(after("13/13/13/8G4 5/5/5/5 0-0- G - standard -", "r3")) == {"47-50"}

# ---------------------------------------------------------------------------
# Rule 7: entering with a first throw of 6
# ---------------------------------------------------------------------------


def test_rule_7_six_three_enters_on_e_plus_3():
    board = after(NEW4, "r6 r3")
    assert legal(board) == {"s-3"}                   # one s- however many pieces wait
    board.push_str("s-3")
    assert board.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    board = after(board.position(), "r6 r3")
    assert legal(board) == {"s-16"}                  # Yellow: 13 + 3


def test_rule_7_six_six_x_enters_on_e_plus_6_plus_x():
    assert legal(after(NEW4, "r6 r6 r2")) == {"s-8"}
    assert legal(after("13/13/13/13 5/5/5/5 0000 R - standard -", "r6 r6 r5")) == {"s-50"}


def test_rule_7_no_entry_onto_an_own_piece():
    board = after("3G9/13/13/13 5/5/5/5 0-0- G - standard -", "r6 r3")
    assert legal(board) == {"3-12"}
    with pytest.raises(IllegalMoveError, match="own piece stands on 3"):
        board.push_str("s-3")


def test_rule_7_what_stands_on_e_does_not_matter():
    board = after("G12/13/13/13 5/5/5/5 0-0- G - standard -", "r6 r2")    # own piece on E
    assert legal(board) == {"s-2", "0-8"}
    board = after("B12/13/13/13 5/5/5/5 0-0- G - standard -", "r6 r2")    # Blue on Green's E
    board.push_str("s-2")
    assert board.position() == "B1G10/13/13/13 5/5/5/5 0-0- B - standard -"


def test_rule_7_entering_needs_a_six_and_a_waiting_piece():
    board = after("5G7/13/13/13 5/5/5/5 0-0- G - standard -", "r3")
    with pytest.raises(IllegalMoveError, match="no six to enter"):
        board.push_str("s-3")
    board = after("G1G1G1G6/13/13/13 5/5/5/5 0-0- G - standard -", "r6 r3")
    assert legal(board) == {"0-9", "2-11", "4-13", "6-15"}
    with pytest.raises(IllegalMoveError, match="no piece in its start corner"):
        board.push_str("s-3")
    with pytest.raises(IllegalMoveError, match="enters on 3, not 4"):
        after(NEW4, "r6 r3").push_str("s-4")

# ---------------------------------------------------------------------------
# Rule 8: pieces pass over pieces
# ---------------------------------------------------------------------------


def test_rule_8_pieces_pass_over_any_pieces():
    # Green on 3 and 7, Yellow on 5: with 5, 3-8 passes over both.
    board = after("3G1Y1G5/13/13/13 5/5/5/5 0000 G - standard -", "r5")
    assert legal(board) == {"3-8", "7-12"}
    board.push_str("3-8")
    assert board.position() == "5Y1GG4/13/13/13 5/5/5/5 0000 Y - standard -"

# ---------------------------------------------------------------------------
# Rule 9: captures
# ---------------------------------------------------------------------------


def test_rule_9_landing_on_an_opponent_sends_it_home():
    board = after("3G4Y4/13/13/13 5/5/5/5 0000 G - standard -", "r5")
    assert legal(board) == {"3-8"}
    board.push_str("3-8")
    assert board.position() == "8G4/13/13/13 5/5/5/5 0000 Y - standard -"
    assert board.in_start(YELLOW) == 4


def test_rule_9_entry_fields_are_not_safe():
    # Yellow on its own entry field 13; Green lands there from 10 with 3.
    board = after("10G2/Y12/13/13 5/5/5/5 0000 G - standard -", "r3 10-13")
    assert board.position() == "13/G12/13/13 5/5/5/5 0000 Y - standard -"


def test_rule_9_entering_captures_too():
    board = after("3Y9/13/13/13 5/5/5/5 0000 G - standard -", "r6 r3 s-3")
    assert board.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"


def test_rule_9_home_columns_are_safe():
    # In whole random games, a piece in a home column never goes back.
    for seed in range(12):
        board = random_game(seed, players=(2, 3, 4)[seed % 3])
        stack = board.move_stack
        replay = ludo.Board(players=len(board.players))
        for move in stack:
            before = {c: [q for q in replay.progress(c) if q > 50] for c in replay.players}
            replay.push(move)
            for c in replay.players:
                after_ = [q for q in replay.progress(c) if q > 50]
                assert len(after_) >= len(before[c]) and sum(after_) >= sum(before[c])

# ---------------------------------------------------------------------------
# Rule 10: the turn passes clockwise, no extra turns
# ---------------------------------------------------------------------------


def test_rule_10_the_turn_passes_after_a_move():
    assert after(NEW4, "r6 r3 s-3").turn == YELLOW
    assert after(NEW2, "r6 r3 s-3").turn == BLUE


def test_rule_10_no_extra_turn_for_a_capture_or_a_finish():
    assert after("3G4Y4/13/13/13 5/5/5/5 0000 G - standard -", "r5 3-8").turn == YELLOW
    board = after("13/13/13/13 4G/5/5/5 2-0- G - standard -", "r1 h5-f")
    assert board.turn == BLUE and board.finished(GREEN) == 3


def test_rule_10_a_finished_colour_leaves_the_turn_order_in_places():
    board = after("13/13/13/13 4G/5/5/5 3000 G - places -", "r1 h5-f")
    assert board.finishing_order == [GREEN] and not board.is_game_over()
    seen = []
    for _ in range(6):
        seen.append(board.turn.letter)
        board.push_str("r1")                         # no piece out: skipped
    assert "".join(seen) == "YBRYBR"

# ---------------------------------------------------------------------------
# Rule 11: the end
# ---------------------------------------------------------------------------


def test_rule_11_standard_ends_with_the_first_side_home():
    board = after("13/13/13/13 4G/5/5/5 3000 G - standard -", "r1 h5-f")
    assert board.is_game_over() and board.result() == "G" and board.winner() == GREEN
    assert board.position() == "13/13/13/13 5/5/5/5 4000 - - standard G"
    assert board.turn is None and not board.is_chance()
    assert list(board.legal_moves) == [] and not board.legal_moves and board.legal_moves.count() == 0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.push_str("r1")
    assert ludo.perft(board, 1) == 0 and ludo.perft(board, 0) == 1
    assert board.returns() == {GREEN: 1.0, YELLOW: -1 / 3, BLUE: -1 / 3, RED: -1 / 3}


def test_rule_11_places_goes_on_until_one_side_is_left():
    board = after("13/13/13/13 4G/4Y/5/5 330- G - places -", "r1 h5-f")
    assert not board.is_game_over() and board.turn == YELLOW and board.result() == "*"
    board.push_str("r1")
    board.push_str("h5-f")
    assert board.is_game_over() and board.result() == "GYB"
    assert board.position() == "13/13/13/13 5/5/5/5 440- - - places GY"
    assert board.returns() == {GREEN: 1.0, YELLOW: 0.0, BLUE: -1.0}
    two = after("13/13/13/13 4G/5/5/5 3-0- G - places -", "r1 h5-f")
    assert two.result() == "GB" and two.position() == "13/13/13/13 5/5/5/5 4-0- - - places G"


def test_rule_11_every_random_game_ends_by_the_rule():
    for seed in range(12):
        players, variant = (2, 3, 4)[seed % 3], ("standard", "places")[seed % 2]
        board = random_game(seed, players, variant)
        result = board.result()
        finished = [c for c in board.players if board.finished(c) == 4]
        if variant == "standard":
            assert len(result) == 1 and finished == [ludo.Color.of(result)]
        else:
            assert sorted(result) == sorted(c.letter for c in board.players)
            assert len(finished) == players - 1 and ludo.Color.of(result[-1]) not in finished


def test_rules_random_games_keep_four_pieces_a_colour():
    rng = random.Random(4)
    board = ludo.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        for c in board.players:
            assert len(board.progress(c)) == 4
        assert board._is_ok()
