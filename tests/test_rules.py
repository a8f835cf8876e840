"""One test (at least) per rule of docs/rules.md (the specification
shared/RULES.md), named after the rule, on hand-built positions."""
import pytest

import yinsh
from yinsh import BLACK, WHITE, Board, IllegalMoveError, Phase, Termination

from helpers import board, names, position, texts

# A position where every ring of both sides is blocked: each ray of each ring
# runs over markers only, up to a ring or the edge (found by a search over ring
# placements; markers coloured so that no row exists).
BOTH_BLOCKED = ("bWBb/2wbb2/2bbwb2/2bw1bw2/b1wb2bb1b/wbb3wbb/bWwbbwbbBb/WWbwbbwBB/"
                "WwbbwbbB/bb3wb/b2b w move - 0:0 0 standard")
# The same with the marker on e1 taken away: only Black's ring on h4 can move.
WHITE_BLOCKED = ("bWBb/2wbb2/2bbwb2/2bw1bw2/b1wb2bb1b/wbb3wbb/bWwbbwbbBb/WWbwbbwBB/"
                 "WwbbwbbB/bb3wb/b3 w move - 0:0 0 standard")


# Board ----------------------------------------------------------------------

def test_board_85_points_in_listed_columns():
    expected = {"a": (2, 5), "b": (1, 7), "c": (1, 8), "d": (1, 9), "e": (1, 10), "f": (2, 10),
                "g": (2, 11), "h": (3, 11), "i": (4, 11), "j": (5, 11), "k": (7, 10)}
    want = {f"{c}{r}" for c, (lo, hi) in expected.items() for r in range(lo, hi + 1)}
    assert names(yinsh.POINTS) == want
    assert len(yinsh.POINTS) == 85
    for bad in ["a1", "f11", "k6", "l3", "e0", "a6", "k11"]:
        with pytest.raises(yinsh.InvalidMoveError):
            yinsh.parse_point(bad)


def test_board_three_line_directions_six_ways():
    # A lone ring on f6 slides along the column, the row and the diagonal, both ways.
    b = board("f6", "k7", park=True)
    moves = {m for m in texts(b) if m.startswith("f6-")}
    targets = {m[3:] for m in moves}
    assert {"f10", "f2", "b6", "j6", "b2", "j10"} <= targets      # the six ends
    assert "e7" not in targets and "g5" not in targets             # the other diagonal is no line
    assert len(moves) == 8 + 8 + 8


def test_board_half_turn_maps_board_onto_itself():
    for p in yinsh.POINTS:
        c, r = divmod(p, 11)
        assert (10 - c) * 11 + (12 - (r + 1)) - 1 in yinsh.POINTS
    assert yinsh.point_name(yinsh.F6) == "f6"


# Material -------------------------------------------------------------------

def test_material_five_rings_each_and_51_markers_in_a_common_pool():
    b = Board()
    assert b.markers_in_pool() == 51
    for text in "a2 k7 a3 k8 a4 k9 a5 k10 e5 g6".split():
        b.push_str(text)
    assert len(b.rings(WHITE)) == 5 and len(b.rings(BLACK)) == 5
    b.push_str("e5-e6")
    assert b.markers_in_pool() == 50 and b.markers(WHITE) == [yinsh.E5]
    b.push_str("g6-g7")
    assert b.markers_in_pool() == 49 and b.markers(BLACK) == [yinsh.G6]


# Phases: placement ----------------------------------------------------------

def test_placement_white_first_alternating_on_empty_points_until_ten():
    b = Board()
    assert b.phase == Phase.PLACE and b.turn == WHITE
    assert b.legal_moves.count() == 85
    b.push_str("e5")
    assert b.turn == BLACK and "e5" not in texts(b) and b.legal_moves.count() == 84
    with pytest.raises(IllegalMoveError, match="already holds a ring"):
        b.push_str("e5")
    for text in "f6 g7 h8 c3 d4 b2 c2 j7 j8".split():
        assert b.phase == Phase.PLACE
        b.push_str(text)
    assert b.phase == Phase.MOVE and b.turn == WHITE
    assert b.rings(WHITE) == sorted(yinsh.parse_point(x) for x in "e5 g7 c3 b2 j7".split())


# Phases: movement -----------------------------------------------------------

def test_movement_marker_on_start_point_pool_loses_one():
    b = board("e3", "k7")
    b.push_str("e3-e7")
    assert b.markers(WHITE) == [yinsh.E3]
    assert yinsh.E7 in b.rings(WHITE) and yinsh.E3 not in b.rings(WHITE)
    assert b.markers_in_pool() == 50 and b.turn == BLACK


def test_movement_slide_over_empty_points_stop_on_any():
    b = board("e3", "k7")
    assert {f"e3-e{r}" for r in range(4, 11)} | {"e3-e2", "e3-e1"} <= texts(b)


def test_movement_must_jump_whole_marker_run_and_stop_right_after():
    b = board("e3", "k7", white_markers="e5", black_markers="e6")
    legal = {m for m in texts(b) if m.startswith("e3-e")}
    assert {"e3-e4", "e3-e7"} <= legal
    assert "e3-e8" not in legal and "e3-e5" not in legal and "e3-e6" not in legal
    with pytest.raises(IllegalMoveError, match="must stop on e7"):
        b.push_str("e3-e8")
    with pytest.raises(IllegalMoveError, match="cannot land on the marker"):
        b.push_str("e3-e6")


def test_movement_never_passes_or_lands_on_a_ring():
    b = board("e3", "e6 k7")
    legal = {m for m in texts(b) if m.startswith("e3-e")}
    assert "e3-e5" in legal and "e3-e6" not in legal and "e3-e7" not in legal
    with pytest.raises(IllegalMoveError, match="ring on e6"):
        b.push_str("e3-e8")


def test_movement_jump_reaching_the_edge_gives_no_destination():
    b = board("e6", "k7", white_markers="e8", black_markers="e9 e10")
    assert "e6-e7" in texts(b)
    assert not any(m.startswith("e6-e") and m[4:] in ("8", "9", "10") for m in texts(b))


def test_movement_jumped_markers_flip():
    b = board("e1", "k7", white_markers="e2 e4", black_markers="e3")
    b.push_str("e1-e5")
    assert names(b.markers(WHITE)) == {"e1", "e3"}
    assert names(b.markers(BLACK)) == {"e2", "e4"}
    b.pop()
    assert names(b.markers(WHITE)) == {"e2", "e4"} and names(b.markers(BLACK)) == {"e3"}


def test_movement_only_rings_with_a_destination_are_picked():
    b = Board(WHITE_BLOCKED)
    b.push_str("pass")
    assert texts(b) == {"h4-e1"}      # Black's other rings have no destination


# Row resolution -------------------------------------------------------------

def test_row_resolution_five_same_colour_markers_make_a_row_rings_do_not_count():
    # Four white markers and a ring do not make a row ...
    b = board("f7", "k7", white_markers="f3 f4 f5 f6")
    assert b.phase == Phase.MOVE
    # ... until the ring leaves its marker behind.
    b.push_str("f7-g7")
    assert b.phase == Phase.REMOVE_ROW and b.turn == WHITE
    assert texts(b) == {"xf3-f7"}
    b.push_str("xf3-f7")
    assert b.phase == Phase.REMOVE_RING and b.markers(WHITE) == [] and b.markers_in_pool() == 51
    assert texts(b) == {f"x{p}" for p in names(b.rings(WHITE))}
    b.push_str("xg7")
    assert b.rings_removed(WHITE) == 1 and b.turn == BLACK and b.phase == Phase.MOVE


def test_row_resolution_mixed_colours_are_no_row():
    b = board("f7", "k7", white_markers="f3 f4 f6", black_markers="f5")
    b.push_str("f7-g7")
    assert b.phase == Phase.MOVE and b.turn == BLACK


def test_row_resolution_run_of_6_holds_two_rows():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 f8")
    b.push_str("f7-g7")
    assert texts(b) == {"xf3-f7", "xf4-f8"}
    b.push_str("xf4-f8")
    assert names(b.markers(WHITE)) == {"f3"}


def test_row_resolution_run_of_7_holds_three_rows():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 f8 f9")
    b.push_str("f7-g7")
    assert texts(b) == {"xf3-f7", "xf4-f8", "xf5-f9"}
    b.push_str("xf5-f9")
    assert names(b.markers(WHITE)) == {"f3", "f4"}
    b.push_str("xa2")
    assert b.turn == BLACK and b.phase == Phase.MOVE   # f3 f4 no longer a row


def test_row_resolution_intersecting_rows_are_alternatives():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 b7 c7 d7 e7")
    b.push_str("f7-g8")
    assert texts(b) == {"xf3-f7", "xb7-f7"}
    b.push_str("xb7-f7")
    b.push_str("xa2")
    # f3..f6 is broken: the turn passes.
    assert b.phase == Phase.MOVE and b.turn == BLACK and b.rings_removed(WHITE) == 1


def test_row_resolution_separate_rows_must_all_be_removed():
    # f7 leaves a marker (row f3-f7) and the jumped g7 flips to white (row g3-g7).
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 g3 g4 g5 g6", black_markers="g7")
    b.push_str("f7-h7")
    assert texts(b) == {"xf3-f7", "xg3-g7"}
    b.push_str("xg3-g7")
    b.push_str("xa2")
    assert b.phase == Phase.REMOVE_ROW and b.turn == WHITE and texts(b) == {"xf3-f7"}
    b.push_str("xf3-f7")
    b.push_str("xa3")
    assert b.rings_removed(WHITE) == 2 and b.turn == BLACK and b.phase == Phase.MOVE


def test_row_resolution_mover_first_then_opponent():
    # White's move makes a white row (f3-f7) and, by flipping g7, a black row (g3-g7).
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 g7", black_markers="g3 g4 g5 g6")
    b.push_str("f7-h7")
    assert b.turn == WHITE and texts(b) == {"xf3-f7"}
    b.push_str("xf3-f7")
    b.push_str("xa2")
    assert b.turn == BLACK and b.phase == Phase.REMOVE_ROW and texts(b) == {"xg3-g7"}
    b.push_str("xg3-g7")
    b.push_str("xk7")
    # After the opponent's removals it is the opponent's (Black's) turn to move.
    assert b.turn == BLACK and b.phase == Phase.MOVE
    assert b.rings_removed(WHITE) == 1 and b.rings_removed(BLACK) == 1


def test_row_resolution_opponent_row_made_by_mover_without_own_row():
    b = board("f7", "k7", white_markers="g7", black_markers="g3 g4 g5 g6")
    b.push_str("f7-h7")
    assert b.turn == BLACK and b.phase == Phase.REMOVE_ROW and texts(b) == {"xg3-g7"}
    b.push_str("xg3-g7")
    b.push_str("xk8")
    assert b.turn == BLACK and b.phase == Phase.MOVE


# Winning --------------------------------------------------------------------

def test_winning_third_ring_wins_at_once():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6", removed="2:0")
    b.push_str("f7-g7")
    b.push_str("xf3-f7")
    b.push_str("xg7")
    assert b.is_game_over() and b.result() == "1-0"
    assert b.outcome().termination == Termination.RINGS and b.outcome().winner == WHITE
    assert b.legal_moves.count() == 0 and not b.legal_moves
    with pytest.raises(IllegalMoveError, match="game is over"):
        b.push_str("xa2")


def test_winning_mover_wins_race_of_simultaneous_third_rows():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 g7", black_markers="g3 g4 g5 g6",
              removed="2:2")
    b.push_str("f7-h7")
    b.push_str("xf3-f7")
    b.push_str("xh7")
    assert b.result() == "1-0" and b.outcome().reason == Termination.RINGS
    assert yinsh.parse_point("g3") in b.markers(BLACK)    # Black's row was never resolved


def test_winning_even_with_own_rows_left():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6 g3 g4 g5 g6", black_markers="g7",
              removed="2:0")
    b.push_str("f7-h7")
    b.push_str("xf3-f7")
    b.push_str("xa2")
    assert b.result() == "1-0"


def test_winning_blitz_variant_one_ring():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6", variant="blitz")
    assert b.variant == "blitz" and b.rings_to_win == 1
    b.push_str("f7-g7")
    b.push_str("xf3-f7")
    b.push_str("xa2")
    assert b.result() == "1-0"
    assert Board(variant="blitz").position().endswith("blitz")


# Marker pool ----------------------------------------------------------------

def _full_board(removed: str) -> Board:
    """50 markers (coloured so that no row exists), White to move e5-e6."""
    rings_w, rings_b = ["e5", "a2", "a3", "a4", "a5"], ["k7", "k8", "k9", "k10", "j11"]
    nw = 5 - int(removed.split(":")[0])
    rings_w = rings_w[:nw]
    empty = {"e6"}
    others = [p for p in yinsh.POINTS
              if yinsh.point_name(p) not in set(rings_w + rings_b) | empty]
    markers = others[:50]
    white = [yinsh.point_name(p) for p in markers if sum(divmod(p, 11)) % 3 == 0]
    black = [yinsh.point_name(p) for p in markers if sum(divmod(p, 11)) % 3 != 0]
    return Board(position(rings_w, rings_b, white, black, removed=removed))


def test_marker_pool_empty_at_turn_start_ends_game_more_rings_wins():
    b = _full_board("1:0")
    assert b.markers_in_pool() == 1
    b.push_str("e5-e6")
    assert b.markers_in_pool() == 0
    assert b.is_game_over() and b.result() == "1-0"
    assert b.outcome().termination == Termination.MARKER_POOL


def test_marker_pool_empty_equal_rings_draw():
    b = _full_board("0:0")
    b.push_str("e5-e6")
    assert b.result() == "1/2-1/2" and b.outcome().winner is None


def test_marker_pool_rows_resolved_before_the_check():
    # The 51st marker makes a row; its 5 markers return to the pool, play goes on.
    b = board("f7", "k7", white_markers="f3 f4 f5 f6")
    assert b.markers_in_pool() == 47
    b.push_str("f7-g7")
    b.push_str("xf3-f7")
    b.push_str("xg7")
    assert not b.is_game_over() and b.markers_in_pool() == 51


# Blocked --------------------------------------------------------------------

def test_blocked_player_passes():
    b = Board(WHITE_BLOCKED)
    assert texts(b) == {"pass"}
    b.push_str("pass")
    assert b.turn == BLACK and b.phase == Phase.MOVE and b.consecutive_passes() == 1
    b.push_str("h4-e1")
    assert b.consecutive_passes() == 0 and b.turn == WHITE


def test_blocked_pass_only_without_ring_moves():
    b = board("e3", "k7")
    assert "pass" not in texts(b)
    with pytest.raises(IllegalMoveError, match="may not pass"):
        b.push_str("pass")


def test_blocked_two_passes_in_a_row_end_the_game():
    b = Board(BOTH_BLOCKED)
    b.push_str("pass")
    assert texts(b) == {"pass"}
    b.push_str("pass")
    assert b.is_game_over() and b.result() == "1/2-1/2"
    assert b.outcome().termination == Termination.BLOCKED


def test_blocked_two_passes_scored_by_rings_removed():
    # Nine blocked rings (White has removed one), found like BOTH_BLOCKED.
    b = Board("bbwB/bbwbWBB/bwbbWBBw/wbbwbWWbb/4bwbbwb/3wbbwbb/3bbw1bwb/2bwb2bb/1wbb3w/bbw4/b3 "
              "w move - 1:0 0 standard")
    b.push_str("pass")
    b.push_str("pass")
    assert b.result() == "1-0" and b.outcome().termination == Termination.BLOCKED


# Actions --------------------------------------------------------------------

def test_actions_each_is_one_ply():
    b = board("f7", "k7", white_markers="f3 f4 f5 f6")
    for text in ["f7-g7", "xf3-f7", "xg7"]:
        n = b.ply
        b.push_str(text)
        assert b.ply == n + 1
    assert [str(m) for m in b.move_stack] == ["f7-g7", "xf3-f7", "xg7"]
    # perft counts removal actions as plies: after f7-g7, depth 1 is the row removal.
    b2 = board("f7", "k7", white_markers="f3 f4 f5 f6")
    b2.push_str("f7-g7")
    assert yinsh.perft(b2, 1) == 1 and yinsh.perft(b2, 2) == 5
