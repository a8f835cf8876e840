"""Self-checks of the pure-Python reference rules (tests/reference/yinsh_ref.py).

Rule references are to docs/rules.md (which follows the specification shared/RULES.md).
"""

from __future__ import annotations

import os
import re
import time

import pytest

from .yinsh_ref import (
    POINTS,
    IllegalActionError,
    InvalidActionError,
    RefGame,
    divide,
    perft,
    random_game,
    replay,
)

# --- an independent description of the board, written out from RULES.md ----

COLS = "abcdefghijk"
RANGES = {"a": (2, 5), "b": (1, 7), "c": (1, 8), "d": (1, 9), "e": (1, 10),
          "f": (2, 10), "g": (2, 11), "h": (3, 11), "i": (4, 11), "j": (5, 11),
          "k": (7, 10)}
DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)]


def on_board(c: int, r: int) -> bool:
    if not 0 <= c < 11:
        return False
    lo, hi = RANGES[COLS[c]]
    return lo <= r <= hi


def cr(name: str) -> tuple[int, int]:
    return COLS.index(name[0]), int(name[1:])


def name(c: int, r: int) -> str:
    return f"{COLS[c]}{r}"


def line_points(p: str) -> set[str]:
    """All points on the three lines through p (p included)."""
    c0, r0 = cr(p)
    out = {p}
    for dc, dr in DIRS:
        c, r = c0 + dc, r0 + dr
        while on_board(c, r):
            out.add(name(c, r))
            c, r = c + dc, r + dr
    return out


def slow_destinations(g: RefGame, color: str) -> set[str]:
    """Ring moves by direct coordinate stepping (second implementation)."""
    pcs = g.pieces()
    rings = pcs["white_rings"] | pcs["black_rings"]
    markers = pcs["white_markers"] | pcs["black_markers"]
    out = set()
    for p in pcs[f"{color}_rings"]:
        c0, r0 = cr(p)
        for dc, dr in DIRS:
            c, r = c0 + dc, r0 + dr
            seen_marker = False
            while on_board(c, r):
                q = name(c, r)
                if q in rings:
                    break
                if q in markers:
                    seen_marker = True
                else:
                    out.add(f"{p}-{q}")
                    if seen_marker:
                        break
                c, r = c + dc, r + dr
    return out


ACTION_RE = re.compile(r"^(pass|[a-k]\d+|[a-k]\d+-[a-k]\d+|x[a-k]\d+-[a-k]\d+|x[a-k]\d+)$")
PERFT_PLACEMENTS = "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split()


def play(g: RefGame, *actions: str) -> RefGame:
    for a in actions:
        g.apply(a)
    return g


# ---------------------------------------------------------------- board ------

def test_board_has_85_points_with_rules_column_ranges():
    expected = [name(c, r) for c in range(11)
                for r in range(RANGES[COLS[c]][0], RANGES[COLS[c]][1] + 1)]
    assert len(expected) == 85
    assert POINTS == expected
    assert len(RefGame().legal_actions()) == 85
    assert set(RefGame().legal_actions()) == set(expected)


def test_board_half_turn_symmetry_about_f6():
    pts = set(POINTS)
    for p in POINTS:
        c, r = cr(p)
        assert name(10 - c, 12 - r) in pts
    assert name(10 - 5, 12 - 6) == "f6"


@pytest.mark.parametrize("text", ["a1", "f11", "k6", "l3", "e0", "e05", "e", "5e",
                                  "e5-", "x", "pas", "e5 e9", ""])
def test_invalid_text_raises_invalid_action_error(text):
    g = RefGame()
    with pytest.raises(InvalidActionError):
        g.apply(text)
    assert issubclass(InvalidActionError, ValueError)


def test_illegal_actions_raise_illegal_action_error():
    g = RefGame()
    for text in ["pass", "e5-e9", "xe5", "xe5-e9", "xe5-e8", "xe5-f7", "e5-e5"]:
        with pytest.raises(IllegalActionError):
            g.apply(text)
    g.apply("E5")
    with pytest.raises(IllegalActionError):
        g.apply("e5")  # occupied
    assert issubclass(IllegalActionError, ValueError)
    assert g.history == ["e5"]


# ---------------------------------------------------------------- perft ------

def perft_position() -> RefGame:
    return play(RefGame(), *PERFT_PLACEMENTS)


def test_perft_position_is_white_to_move():
    g = perft_position()
    assert g.phase == "move" and g.turn == "white"
    assert g.markers_in_pool() == 51


def test_perft_depth_1():
    assert perft(perft_position(), 1) == 54


def test_perft_depth_2():
    g = perft_position()
    assert perft(g, 2) == 4705
    assert sum(divide(g, 2).values()) == 4705


def test_perft_depth_3():
    assert perft(perft_position(), 3) == 240259


def full_perft(g: RefGame, depth: int) -> int:
    """perft without bulk counting: every leaf action is applied too."""
    if depth == 0:
        return 1
    total = 0
    for a in g.legal_actions():
        h = g.copy()
        h.apply(a)
        total += full_perft(h, depth - 1)
    return total


def test_perft_depth_3_applying_every_leaf():
    assert full_perft(perft_position(), 3) == 240259


def test_perft_definition_small_cases():
    g = RefGame()
    assert perft(g, 0) == 1
    assert perft(g, 1) == 85
    assert perft(g, 2) == 85 * 84
    # a finished game has no children
    over = play(RefGame("blitz"), *random_game(3, "blitz"))
    assert over.is_over()
    assert perft(over, 0) == 1 and perft(over, 1) == 0 and perft(over, 2) == 0


# ------------------------------------------------------------ placement ------

def test_placement_alternates_then_white_moves():
    g = RefGame()
    for i, p in enumerate(PERFT_PLACEMENTS):
        assert g.phase == "place"
        assert g.turn == ("white" if i % 2 == 0 else "black")
        assert len(g.legal_actions()) == 85 - i
        g.apply(p)
    assert g.phase == "move" and g.turn == "white"
    pcs = g.pieces()
    assert pcs["white_rings"] == set(PERFT_PLACEMENTS[0::2])
    assert pcs["black_rings"] == set(PERFT_PLACEMENTS[1::2])
    assert pcs["white_markers"] == pcs["black_markers"] == set()


# ----------------------------------------------------------- ring moves ------

def test_move_puts_marker_on_start_and_flips_jumped_markers():
    g = RefGame.from_position(white_rings=["e2"], black_rings=["k10"],
                              white_markers=["e3", "e5"], black_markers=["e4"])
    assert g.markers_in_pool() == 48
    acts = g.legal_actions()
    assert "e2-e6" in acts
    assert "e2-e7" not in acts          # must stop right after the run
    assert "e2-e3" not in acts and "e2-e5" not in acts   # never on a marker
    g.apply("e2-e6")
    pcs = g.pieces()
    assert pcs["white_rings"] == {"e6"}
    assert pcs["white_markers"] == {"e2", "e4"}
    assert pcs["black_markers"] == {"e3", "e5"}
    assert g.markers_in_pool() == 47
    assert g.turn == "black" and g.phase == "move"


def test_empty_points_before_a_run_and_one_point_after():
    g = RefGame.from_position(white_rings=["e2"], black_rings=["k10"],
                              black_markers=["e5", "e6"])
    up = {a for a in g.legal_actions() if a.startswith("e2-e")}
    assert up == {"e2-e1", "e2-e3", "e2-e4", "e2-e7"}


def test_run_reaching_edge_gives_no_destination():
    # column e ends at e10: markers e7..e10 reach the edge
    g = RefGame.from_position(white_rings=["e6"], black_rings=["k10"],
                              white_markers=["e7", "e8"], black_markers=["e9", "e10"])
    acts = g.legal_actions()
    assert not any(a.startswith("e6-e") and int(a[4:]) > 6 for a in acts)
    assert "e6-e5" in acts


def test_rings_block_moves():
    g = RefGame.from_position(white_rings=["e2"], black_rings=["e5", "f3", "c2"],
                              white_markers=["d2"])
    acts = set(g.legal_actions())
    assert {a for a in acts if a.startswith("e2-e")} == {"e2-e1", "e2-e3", "e2-e4"}
    # f3 is a ring right next to e2 on the diagonal: nothing that way
    assert not any(a in acts for a in ("e2-f3", "e2-g4", "e2-h5"))
    # marker d2 then ring c2: no destination to the left
    assert not any(a in acts for a in ("e2-d2", "e2-c2", "e2-b2"))
    assert acts == {"e2-e1", "e2-e3", "e2-e4", "e2-d1", "e2-f2", "e2-g2"}


def test_move_generation_matches_coordinate_stepping_on_random_games():
    for seed in range(5):
        g = RefGame()
        for a in random_game(seed):
            if g.phase == "move":
                ours = set(g.legal_actions()) - {"pass"}
                assert ours == slow_destinations(g, g.turn)
            g.apply(a)


# ----------------------------------------------------------------- rows ------

def test_run_of_six_gives_two_row_choices():
    g = RefGame.from_position(white_rings=["e6", "a2", "k10"], black_rings=["b1", "j11"],
                              white_markers=["e4", "e5", "e7", "e8", "e9"])
    g.apply("e6-f6")          # marker on e6: white run e4..e9 (6 markers)
    assert g.phase == "remove_row" and g.turn == "white"
    assert g.legal_actions() == ["xe4-e8", "xe5-e9"]
    g.apply("xE9-e5")         # endpoints in any order, any case
    assert g.history[-1] == "xe5-e9"
    assert g.phase == "remove_ring" and g.turn == "white"
    assert g.legal_actions() == ["xa2", "xf6", "xk10"]
    assert g.pieces()["white_markers"] == {"e4"}
    assert g.markers_in_pool() == 51 - 6 + 5
    g.apply("xa2")
    assert g.rings_removed("white") == 1
    assert g.phase == "move" and g.turn == "black"


def test_crossing_rows_are_alternatives():
    # column e3..e7 and row c5..g5 cross at e5, which gets the mover's marker
    g = RefGame.from_position(
        white_rings=["e5", "a2", "k10"], black_rings=["b1", "j11"],
        white_markers=["e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"])
    g.apply("e5-f6")
    assert g.legal_actions() == ["xc5-g5", "xe3-e7"]
    g.apply("xc5-g5")
    g.apply("xk10")
    assert g.phase == "move" and g.turn == "black"   # the column row is broken


def long_run_position(top: str) -> RefGame:
    """White column e1..e4 + e6..top, and a5..d5; the ring on e5 will move away."""
    top_row = int(top[1:])
    col = [f"e{r}" for r in range(1, top_row + 1) if r != 5]
    return RefGame.from_position(
        white_rings=["e5", "a2", "k10"], black_rings=["b1", "j11"],
        white_markers=col + ["a5", "b5", "c5", "d5"])


@pytest.mark.parametrize("row", ["xa5-e5", "xe1-e5", "xe3-e7", "xe5-e9"])
def test_run_of_nine_and_a_crossing_row(row):
    g = long_run_position("e9")
    g.apply("e5-f6")   # marker on e5: column e1..e9 (9) and row a5..e5
    assert g.turn == "white" and g.phase == "remove_row"
    assert g.legal_actions() == ["xa5-e5", "xe1-e5", "xe2-e6", "xe3-e7",
                                 "xe4-e8", "xe5-e9"]
    play(g, row, "xa2")
    # every choice breaks all the other windows (each holds e5)
    assert g.phase == "move" and g.turn == "black"


def test_rows_remaining_after_a_removal_must_be_removed():
    g = long_run_position("e10")
    g.apply("e5-f6")   # column e1..e10: ten white markers
    play(g, "xe1-e5")
    assert g.phase == "remove_ring"
    g.apply("xa2")
    assert g.turn == "white" and g.phase == "remove_row"
    assert g.legal_actions() == ["xe6-e10"]
    play(g, "xe6-e10", "xk10")
    assert g.rings_removed("white") == 2
    assert g.phase == "move" and g.turn == "black"
    assert g.markers_in_pool() == 51 - 4   # a5..d5 stay


def test_two_disjoint_rows_both_resolved():
    # white ring h2 moves to h3? build: marker at d4 completes a4..e4? use a jump
    # that flips one black marker into the fifth white marker of a second row.
    g = RefGame.from_position(
        white_rings=["e4", "a2", "k10"], black_rings=["b1", "j11"],
        white_markers=["a4", "b4", "c4", "d4", "c5", "d5", "f5", "g5"],
        black_markers=["e5"])
    g.apply("e4-e6")  # marker e4 -> row a4..e4; e5 flips white -> row c5..g5
    assert g.turn == "white" and g.legal_actions() == ["xa4-e4", "xc5-g5"]
    g.apply("xc5-g5")
    assert g.phase == "remove_ring"
    g.apply("xa2")
    assert g.phase == "remove_row" and g.legal_actions() == ["xa4-e4"]
    g.apply("xa4-e4")
    g.apply("xe6")
    assert g.rings_removed("white") == 2
    assert g.phase == "move" and g.turn == "black"
    assert g.markers_in_pool() == 51


def test_mover_resolves_first_then_opponent_then_opponent_moves():
    g = RefGame.from_position(
        white_rings=["e4", "a2", "k10"], black_rings=["b1", "j11", "h3"],
        white_markers=["a4", "b4", "c4", "d4", "e5"],
        black_markers=["c5", "d5", "f5", "g5"])
    g.apply("e4-e6")  # white row a4..e4; e5 flips black -> black row c5..g5
    assert (g.turn, g.phase, g.legal_actions()) == ("white", "remove_row", ["xa4-e4"])
    g.apply("xa4-e4")
    g.apply("xk10")
    assert (g.turn, g.phase, g.legal_actions()) == ("black", "remove_row", ["xc5-g5"])
    g.apply("xc5-g5")
    assert g.legal_actions() == ["xb1", "xh3", "xj11"]
    g.apply("xh3")
    assert (g.turn, g.phase) == ("black", "move")
    assert g.rings_removed("white") == 1 and g.rings_removed("black") == 1


def test_opponent_only_row_is_resolved_by_opponent():
    g = RefGame.from_position(
        white_rings=["e4", "a2", "k10"], black_rings=["b1", "j11", "h3"],
        white_markers=["e5"], black_markers=["c5", "d5", "f5", "g5"])
    g.apply("e4-e6")
    assert (g.turn, g.phase, g.legal_actions()) == ("black", "remove_row", ["xc5-g5"])
    g.apply("xc5-g5")
    g.apply("xb1")
    assert (g.turn, g.phase) == ("black", "move")


# -------------------------------------------------------------- winning ------

def race_position(variant="standard", rw=2, rb=2) -> RefGame:
    return RefGame.from_position(
        white_rings=["e4", "a2", "k10"], black_rings=["b1", "j11", "h3"],
        white_markers=["a4", "b4", "c4", "d4", "e5"],
        black_markers=["c5", "d5", "f5", "g5"],
        variant=variant, removed_white=rw, removed_black=rb)


def test_mover_wins_race_of_simultaneous_third_rows():
    g = race_position()
    play(g, "e4-e6", "xa4-e4", "xa2")
    assert g.is_over() and g.result() == "1-0" and g.end_reason() == "rings"
    assert g.rings_removed("white") == 3 and g.legal_actions() == []
    assert g.phase == "game_over" and g.turn is None


def test_opponent_wins_during_its_resolution():
    g = race_position(rw=0, rb=2)
    play(g, "e4-e6", "xa4-e4", "xa2")
    assert not g.is_over() and g.turn == "black"
    play(g, "xc5-g5", "xh3")
    assert g.is_over() and g.result() == "0-1" and g.end_reason() == "rings"


def test_blitz_first_ring_wins():
    g = race_position("blitz", rw=0, rb=0)
    play(g, "e4-e6", "xa4-e4", "xk10")
    assert g.result() == "1-0" and g.end_reason() == "rings"


def test_result_star_while_playing():
    g = perft_position()
    assert g.result() == "*" and g.end_reason() is None and not g.is_over()


# ------------------------------------------------------------------ pool -----

def test_pool_empty_at_turn_start_ends_game():
    g = RefGame.from_position(white_rings=["e2", "a2"], black_rings=["k10"],
                              white_markers=["a4"], pool=1,
                              removed_white=1, removed_black=0)
    g.apply("e2-e3")
    assert g.markers_in_pool() == 0
    assert g.is_over() and g.end_reason() == "pool" and g.result() == "1-0"


def test_pool_empty_draw_on_equal_rings():
    g = RefGame.from_position(white_rings=["e2"], black_rings=["k10"], pool=1)
    g.apply("e2-e3")
    assert g.result() == "1/2-1/2" and g.end_reason() == "pool"


def test_last_marker_making_a_row_refills_pool_and_game_goes_on():
    g = RefGame.from_position(white_rings=["e6", "a2", "k10"], black_rings=["b1", "j11"],
                              white_markers=["e4", "e5", "e7", "e8"], pool=1)
    g.apply("e6-f6")
    assert g.markers_in_pool() == 0 and not g.is_over()
    play(g, "xe4-e8", "xa2")
    assert g.markers_in_pool() == 5
    assert g.phase == "move" and g.turn == "black"


# --------------------------------------------------------------- blocked -----

CORNERS = ["b1", "e1", "k7", "b7", "e10", "k10"]   # the six corners of the board


def blocked_position(white_rings, black_rings, full_points, **kw) -> RefGame:
    """Every point of ``full_points`` that is not a ring gets a marker; the
    colour pattern (c + 2r) mod 4 < 2 has no 5 equal markers in a line."""
    rings = set(white_rings) | set(black_rings)
    wm, bm = [], []
    for p in sorted(full_points - rings):
        c, r = cr(p)
        (wm if (c + 2 * r) % 4 < 2 else bm).append(p)
    g = RefGame.from_position(white_rings=white_rings, black_rings=black_rings,
                              white_markers=wm, black_markers=bm, **kw)
    assert g.rows("white") == [] and g.rows("black") == []
    return g


def test_pass_when_blocked_then_opponent_moves():
    white = ["b1", "e1", "b7"]
    full = set().union(*(line_points(p) for p in white))
    g = blocked_position(white, ["f6", "g6", "h6"], full, removed_white=2, removed_black=2)
    assert g.turn == "white" and g.legal_actions() == ["pass"]
    with pytest.raises(IllegalActionError):
        g.apply("b1-b2")
    g.apply("pass")
    assert g.turn == "black" and g.phase == "move" and not g.is_over()
    acts = g.legal_actions()
    assert "pass" not in acts and len(acts) > 0
    # pass, move, pass is not two passes in a row
    g.apply("h6-h5")
    assert g.turn == "white" and g.legal_actions() == ["pass"]
    g.apply("pass")
    assert not g.is_over() and g.turn == "black" and g.phase == "move"


def test_two_passes_in_a_row_end_the_game():
    full = set().union(*(line_points(p) for p in CORNERS))
    assert len(full) <= 60
    g = blocked_position(["b1", "k7", "e10"], ["e1", "b7", "k10"], full,
                         removed_white=2, removed_black=2)
    assert g.markers_in_pool() > 0
    assert g.legal_actions() == ["pass"]
    g.apply("pass")
    assert g.turn == "black" and g.legal_actions() == ["pass"] and not g.is_over()
    g.apply("pass")
    assert g.is_over() and g.end_reason() == "blocked" and g.result() == "1/2-1/2"

    g = blocked_position(["b1", "k7", "e10"], ["e1", "b7", "k10"], full,
                         removed_white=1, removed_black=2)
    play(g, "pass", "pass")
    assert g.end_reason() == "blocked" and g.result() == "0-1"


# ------------------------------------------------- notation / interface ------

def test_legal_actions_sorted_unique_and_canonical():
    g = perft_position()
    acts = g.legal_actions()
    assert acts == sorted(set(acts))
    assert all(ACTION_RE.match(a) for a in acts)


def test_copy_is_independent():
    g = perft_position()
    h = g.copy()
    h.apply(h.legal_actions()[0])
    assert g.pieces()["white_markers"] == set()
    assert g.markers_in_pool() == 51
    assert len(h.pieces()["white_markers"]) == 1
    assert g.legal_actions() != h.legal_actions()


def check_invariants(g: RefGame, placed: int):
    pcs = g.pieces()
    n_markers = len(pcs["white_markers"]) + len(pcs["black_markers"])
    assert n_markers + g.markers_in_pool() == 51
    if placed >= 10:
        assert len(pcs["white_rings"]) + g.rings_removed("white") == 5
        assert len(pcs["black_rings"]) + g.rings_removed("black") == 5
    all_pts = [p for s in pcs.values() for p in s]
    assert len(all_pts) == len(set(all_pts))


@pytest.mark.parametrize("variant", ["standard", "blitz"])
def test_random_games_invariants(variant):
    for seed in range(15):
        actions = random_game(seed, variant)
        g = RefGame(variant)
        for i, a in enumerate(actions):
            acts = g.legal_actions()
            assert acts == sorted(set(acts)) and acts
            assert all(ACTION_RE.match(x) for x in acts)
            assert a in acts
            kind = {"place": r"^[a-k]\d+$", "move": r"^([a-k]\d+-[a-k]\d+|pass)$",
                    "remove_row": r"^x[a-k]\d+-[a-k]\d+$",
                    "remove_ring": r"^x[a-k]\d+$"}[g.phase]
            assert all(re.match(kind, x) for x in acts)
            if seed < 3:   # every legal action applies without error
                for x in acts:
                    g.copy().apply(x)
            g.apply(a)
            check_invariants(g, min(i + 1, 10))
        assert g.is_over()
        assert g.legal_actions() == [] and g.result() != "*"
        assert g.end_reason() in ("rings", "pool", "blocked")
        target = 3 if variant == "standard" else 1
        w, b = g.rings_removed("white"), g.rings_removed("black")
        if g.end_reason() == "rings":
            assert max(w, b) == target
            assert g.result() == ("1-0" if w == target else "0-1")
        else:
            assert max(w, b) < target
            assert g.result() == ("1-0" if w > b else "0-1" if b > w else "1/2-1/2")
        with pytest.raises(IllegalActionError):
            g.apply("pass")


def test_random_game_is_deterministic_and_replays():
    a = random_game(42)
    assert a == random_game(42)
    g = replay(a)
    assert g.is_over() and g.history == a


# -------------------------------------------------- a real recorded game -----

# A sample game kept in the repository (tests/data/README.md).
SGF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                   "boardspace", "Y-DrMih-Dumbot-2026-02-23-1415.sgf")


def boardspace_actions(text: str) -> list[str]:
    """Translate a Boardspace Yinsh record into our action notation."""
    out, held = [], None
    for m in re.finditer(r"P[01]\[\d+ ([^\]]*)\]", text):
        w = m.group(1).split()
        pt = lambda k: (w[k] + w[k + 1]).lower()  # noqa: E731
        if w[0] == "place" and w[1] in ("wr", "br"):
            out.append(pt(2))
        elif w[0] == "place":
            held = pt(2)
        elif w[0] == "drop":
            out.append(f"{held}-{pt(2)}")
        elif w[0] == "move":
            out.append(f"{pt(1)}-{pt(3)}")
        elif w[0] == "remove" and w[1] in ("w", "b"):
            out.append(f"x{pt(2)}-{pt(4)}")
        elif w[0] == "remove":
            out.append(f"x{pt(2)}")
    return out


@pytest.mark.skipif(not os.path.exists(SGF), reason="record not available")
def test_boardspace_game_replays_to_white_win():
    with open(SGF, encoding="utf-8") as f:
        actions = boardspace_actions(f.read())
    g = RefGame()
    for a in actions:
        g.apply(a)
    assert g.is_over()
    assert g.result() == "1-0" and g.end_reason() == "rings"
    assert g.rings_removed("white") == 3 and g.rings_removed("black") == 1


def test_speed_of_legal_actions_and_random_game():
    t = time.perf_counter()
    for seed in range(10):
        random_game(seed)
    per_game = (time.perf_counter() - t) / 10
    assert per_game < 0.5
