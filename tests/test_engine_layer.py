"""The engine layer: the game interface, the alpha-beta and the MCTS compiled
from one source for every game (docs/architecture.md).

Two clients are tested: Yinsh (``yinsh.yinsh._search``) and the toy dice race
(``yinsh.toys.dice``, 2-4 players with a chance actor), whose pure-Python
rules are the oracle for the chance nodes (a brute-force expectimax below).
"""
from __future__ import annotations

import math
import random
import threading
import time

import pytest

import yinsh
from yinsh import games
from yinsh.yinsh import _search
from yinsh.engine import Engine
from yinsh.engine.info import SearchInfo, WIN_SCORE
from yinsh.engine.params import Param
from yinsh.toys import dice
from yinsh.toys.dice import GAMBLE, STEP, Position
from yinsh.toys.dice import _search as dice_search

from helpers import board

MIDGAMES = [
    "4/2w2w1/2bb4/4w4/3B2BWW1/4b1wbB/2W1w1WwB1/3w1bw1b/1wWwb1b1/wwwb3/bBb1 w move - 0:0 0 standard",
    "bbb1/b1bb3/bbwB4/bb4b2/bwwbwww3/1wBB1W1w1/1bw1WB2w1/WW6W/8/4B2/4 w move - 0:0 0 standard",
]
# White has removed 2 rings, markers c3-c6 and its ring on c7: a win in 3.
WIN_IN_3 = board("c7 f5 g8", "h5 i6 j8", "c3 c4 c5 c6", "e5 f6", removed="2:0")


def codes(board_) -> list[int]:
    return [m.code for m in board_.legal_moves]


# The game interface ----------------------------------------------------------

@pytest.mark.parametrize("moves, depth", [("", 2), ("h6 g6 g8 c6 e10 f8 g11 e9 h11 d7", 3)])
def test_yinsh_hooks_perft_matches_the_core(moves, depth):
    b = yinsh.Board()
    for text in moves.split():
        b.push_str(text)
    assert _search.perft(b, depth) == yinsh.perft(b, depth)
    assert _search.legal_actions(b) == codes(b)


def test_yinsh_hooks_perft_in_removal_phases():
    b = yinsh.Board(MIDGAMES[0])
    assert _search.perft(b, 3) == yinsh.perft(b, 3)


def python_perft(p: Position, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(python_perft(p.apply(a), depth - 1) for a in p.legal_actions())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_hooks_match_the_python_rules(players):
    p = Position((0,) * players, target=4)
    for depth in range(7):
        assert dice_search.perft(p, depth) == python_perft(p, depth)
    assert dice_search.legal_actions(p.apply(GAMBLE)) == [10, 11, 13]


def test_search_modules_name_their_game():
    assert _search.GAME == "yinsh" and dice_search.GAME == "dice"
    assert _search.WIN_SCORE == dice_search.WIN_SCORE == WIN_SCORE
    assert games.get("yinsh").search("classic") is _search


def test_a_board_of_another_game_is_refused():
    with pytest.raises(TypeError):
        _search.AlphaBeta(1).search(Position(), 2)
    with pytest.raises(TypeError):
        dice_search.Mcts().search(yinsh.Board(), node_limit=10)
    with pytest.raises(TypeError):
        _search.legal_actions("h6")


# Alpha-beta: Yinsh -------------------------------------------------------------

def test_alphabeta_finds_the_forced_win():
    info = _search.AlphaBeta(4).search(WIN_IN_3, 4)
    assert isinstance(info, SearchInfo)
    assert info.score == WIN_SCORE - 3
    assert yinsh.Move.from_code(info.best).from_point == yinsh.C7
    line = WIN_IN_3.copy()
    for code in info.pv:
        line.push(yinsh.Move.from_code(code))
    assert line.result() == "1-0"


def test_alphabeta_reports_each_iteration():
    infos = []
    last = _search.AlphaBeta(4).search(yinsh.Board(MIDGAMES[0]), 4, callback=infos.append)
    assert [i.depth for i in infos] == [1, 2, 3, 4]
    assert (last.depth, last.lines) == (infos[-1].depth, infos[-1].lines)
    assert last.nodes >= infos[-1].nodes > 0 and last.seconds >= 0 and last.nps >= 0


def test_alphabeta_rejects_bad_arguments():
    ab = _search.AlphaBeta(1)
    b = yinsh.Board(MIDGAMES[0])
    for kwargs in ({"max_depth": 0}, {"max_depth": 65}, {"time_limit": -1.0},
                   {"time_limit": math.nan}, {"multipv": 0}, {"searchmoves": []},
                   {"searchmoves": [12345]}):
        with pytest.raises(ValueError):
            ab.search(b, **{"max_depth": 2, **kwargs})
    with pytest.raises(TypeError):
        ab.search(b, 2, searchmoves=["e5"])
    with pytest.raises(TypeError):
        ab.search(b, 2, callback=3)
    for bad in ({"hash_mb": -1}, {"threads": 0}, {"threads": 1000}):
        with pytest.raises(ValueError):
            _search.AlphaBeta(**bad)
    over = board("c7 f5 g8", "h5 i6 j8", "d5", "e5 f6", removed="2:0", phase="remove_ring", next_side="b")
    over.push_str("xc7")
    with pytest.raises(ValueError):
        ab.search(over, 2)


# multipv and searchmoves --------------------------------------------------------

def test_multipv_gives_distinct_root_moves_best_first():
    b = yinsh.Board(MIDGAMES[1])
    ab = _search.AlphaBeta(8)
    single = ab.search(b, 3)
    info = ab.search(b, 3, multipv=4)
    firsts = [pv[0] for _, pv in info.lines]
    scores = [score for score, _ in info.lines]
    assert len(info.lines) == 4 and len(set(firsts)) == 4
    assert scores == sorted(scores, reverse=True)
    assert scores[0] == single.score               # depth 3: exact alpha-beta
    # each line's score is its move's own value: searched alone, it scores the same
    for score, pv in info.lines:
        assert ab.search(b, 3, searchmoves=[pv[0]]).score == score
    # and no other move is better than the last line
    others = [c for c in codes(b) if c not in firsts]
    assert ab.search(b, 3, searchmoves=others).score <= scores[-1]


def test_multipv_is_capped_by_the_number_of_root_moves():
    b = yinsh.Board(MIDGAMES[1])
    two = codes(b)[:2]
    info = _search.AlphaBeta(1).search(b, 2, multipv=10, searchmoves=two)
    assert sorted(pv[0] for _, pv in info.lines) == sorted(two)


def test_searchmoves_restricts_the_root():
    b = yinsh.Board(MIDGAMES[0])
    allowed = codes(b)[-3:]
    for depth in (1, 3):
        info = _search.AlphaBeta(4).search(b, depth, searchmoves=allowed)
        assert info.best in allowed
    # a restricted search does not leave a wrong root entry behind (reuse)
    ab = _search.AlphaBeta(4)
    ab.search(b, 3, searchmoves=allowed)
    assert ab.search(b, 3, reuse=True).score == _search.AlphaBeta(4).search(b, 3).score


def test_the_table_can_be_kept_between_searches():
    b = yinsh.Board(MIDGAMES[0])
    ab = _search.AlphaBeta(8)
    first = ab.search(b, 5)
    again = ab.search(b, 5, reuse=True)
    assert again.nodes < first.nodes                 # the table answers most of it
    assert ab.search(b, 5).nodes == first.nodes      # by default it is cleared
    ab.clear()
    assert ab.hashfull() == 0


# Chance nodes (expectimax) on the dice race ----------------------------------

def test_expectimax_on_a_hand_made_position():
    # Player 0 at 7, player 1 at 9 (target 10): a step lets player 1 win
    # (-(WIN - 2)); a gamble wins with +3 (1/4, WIN - 2) and otherwise player 1
    # wins a ply later: 1/4 (WIN - 2) - 3/4 (WIN - 3) = -499998.25, rounded.
    p = Position((7, 9))
    for hash_mb in (0, 1):
        ab = dice_search.AlphaBeta(hash_mb)
        for depth in (3, 4, 6):
            info = ab.search(p, depth)
            assert info.best == GAMBLE and info.score == -499998
    assert dice_search.AlphaBeta(0).search(p, 1).best == STEP     # the evaluation alone


WIN = WIN_SCORE


def reference(p: Position, depth: int, ply: int, pov: int) -> int:
    """Expectimax by brute force, with the alpha-beta's conventions: every
    action and outcome a ply, a single choice costs no depth, a chance node
    is the rounded mean of its outcomes, a win in N plies is WIN - N."""
    a = p.actor()
    if a == dice.ACTOR_TERMINAL:
        return int(p.returns()[pov] * (WIN - ply))
    if depth <= 0:
        mine = p.positions[pov]
        return 100 * (mine - max(x for i, x in enumerate(p.positions) if i != pov))
    if a == dice.ACTOR_CHANCE:
        outs = p.outcomes()
        d = depth if len(outs) == 1 else depth - 1
        total = 0.0
        for o, prob in outs:
            total += prob * child(p.apply(o), pov, d, ply)
        return math.floor(total + 0.5)
    acts = p.legal_actions()
    d = depth if len(acts) == 1 else depth - 1
    return max(child(p.apply(m), pov, d, ply) for m in acts)


def child(c: Position, pov: int, depth: int, ply: int) -> int:
    a = c.actor()
    if a >= 0 and a != pov:
        return -reference(c, depth, ply + 1, a)
    return reference(c, depth, ply + 1, a if a >= 0 else pov)


def test_expectimax_matches_a_brute_force_oracle():
    rng = random.Random(7)
    for _ in range(40):
        p = Position((rng.randrange(10), rng.randrange(10)), turn=rng.randrange(2), target=10)
        for hash_mb in (0, 1):
            ab = dice_search.AlphaBeta(hash_mb)
            ab.configure(lmr_depth=0)                  # exact alpha-beta
            for depth in (1, 2, 3, 5):
                assert ab.search(p, depth).score == reference(p, depth, 0, p.turn), (p, depth)


def test_alphabeta_refuses_more_than_two_players():
    with pytest.raises(ValueError, match="two-player"):
        dice_search.AlphaBeta(1).search(Position((1, 2, 3)), 3)


def test_chance_roots_are_searched_and_refuse_choices():
    root = Position((1, 2)).apply(GAMBLE)
    for p, depth in ((root, 3), (Position((7, 9), turn=1, chance=True), 4)):
        info = dice_search.AlphaBeta(1).search(p, depth)
        assert info.chance == info.score == reference(p, depth, 0, p.turn)
        assert [line[1][0] for line in info.lines] == [a for a, _ in p.chance_outcomes()]
        assert info.probabilities == [q for _, q in p.chance_outcomes()] and info.best is None
    info = dice_search.Mcts().search(root, node_limit=500)
    assert info.chance is not None and len(info.lines) == 3 and info.best is None
    for search in (dice_search.AlphaBeta(1).search, dice_search.Mcts().search):
        with pytest.raises(ValueError, match="chance node"):
            search(root, searchmoves=[10])
        with pytest.raises(ValueError, match="chance node"):
            search(root, multipv=2, node_limit=100)


# MCTS ------------------------------------------------------------------------

def test_mcts_picks_the_winning_move_yinsh():
    info = _search.Mcts(seed=3).search(WIN_IN_3, node_limit=3000)
    assert yinsh.Move.from_code(info.best).from_point == yinsh.C7
    assert info.score > 900                          # it always wins from there


@pytest.mark.parametrize("positions, turn", [((9, 9), 0), ((9, 9, 0), 0), ((0, 9, 9, 9), 1)])
def test_mcts_picks_the_winning_move_with_several_players(positions, turn):
    info = dice_search.Mcts(seed=1).search(Position(positions, turn=turn), node_limit=2000)
    assert info.best == STEP
    values = dict((code, value) for code, _, value in info.visits)
    assert values[STEP] == 1.0 > values[GAMBLE]


def test_mcts_values_are_from_the_movers_view():
    # Three players; player 2 is far behind and moves: whatever it does, it
    # most likely loses (its values are near -1/2, the losers' share).
    info = dice_search.Mcts(seed=5).search(Position((8, 8, 0), turn=2), node_limit=3000)
    assert all(value < -0.3 for _, _, value in info.visits)
    info = dice_search.Mcts(seed=5).search(Position((8, 0, 0), turn=0), node_limit=3000)
    assert all(value > 0.5 for _, _, value in info.visits)


def test_mcts_respects_the_node_limit_and_counts_visits():
    b = yinsh.Board(MIDGAMES[0])
    for limit in (1, 7, 1500):
        info = _search.Mcts(seed=1).search(b, node_limit=limit)
        assert info.nodes == limit
        assert sum(v for _, v, _ in info.visits) == limit
    assert [c for c, _, _ in info.visits] == sorted(codes(b))


def test_mcts_is_deterministic_for_a_seed():
    b = yinsh.Board(MIDGAMES[1])
    first = _search.Mcts(seed=11).search(b, node_limit=2000, multipv=3)
    again = _search.Mcts(seed=11).search(b, node_limit=2000, multipv=3)
    other = _search.Mcts(seed=12).search(b, node_limit=2000, multipv=3)
    assert (first.lines, first.visits) == (again.lines, again.visits)
    assert first.visits != other.visits
    m = _search.Mcts(seed=11)
    m.search(yinsh.Board(MIDGAMES[0]), node_limit=500)
    assert m.search(b, node_limit=2000, multipv=3).visits == first.visits   # no reuse by default


def test_mcts_reuses_its_tree():
    p = Position((3, 4))
    m = dice_search.Mcts(seed=2)
    m.search(p, node_limit=4000)
    size = m.tree_size
    assert size > 100
    later = p.apply(STEP).apply(STEP)                  # our move and the reply
    kept = m.search(later, node_limit=1000, reuse=True)
    assert sum(v for _, v, _ in kept.visits) > 1000    # visits from the first search are kept
    fresh = dice_search.Mcts(seed=2).search(later, node_limit=1000)
    assert sum(v for _, v, _ in fresh.visits) == 1000
    unrelated = m.search(Position((0, 0)), node_limit=100, reuse=True)
    assert sum(v for _, v, _ in unrelated.visits) == 100  # not below the old root: a new tree


def test_mcts_reuse_on_yinsh_after_two_moves():
    b = yinsh.Board(MIDGAMES[0])
    m = _search.Mcts(seed=4)
    info = m.search(b, node_limit=3000)
    b.push(yinsh.Move.from_code(info.best))
    b.push(next(iter(b.legal_moves)))
    kept = m.search(b, node_limit=200, reuse=True)
    assert kept.nodes == 200 and kept.best in codes(b)


def test_mcts_multipv_searchmoves_and_time():
    b = yinsh.Board(MIDGAMES[0])
    allowed = codes(b)[:4]
    info = _search.Mcts(seed=1).search(b, node_limit=800, multipv=3, searchmoves=allowed)
    assert len(info.lines) == 3 and all(pv[0] in allowed for _, pv in info.lines)
    assert {c for c, _, _ in info.visits} == set(allowed)
    visits = [dict((c, v) for c, v, _ in info.visits)[pv[0]] for _, pv in info.lines]
    assert visits == sorted(visits, reverse=True)
    start = time.perf_counter()
    info = _search.Mcts().search(b, time_limit=0.1)
    assert time.perf_counter() - start < 0.4 and info.nodes > 0


def test_mcts_cut_off_playouts_use_the_evaluation():
    m = _search.Mcts(seed=1)
    m.configure(playout_plies=0)
    info = m.search(WIN_IN_3, node_limit=2000)
    assert yinsh.Move.from_code(info.best).from_point == yinsh.C7


def test_mcts_stop_from_another_thread():
    m = _search.Mcts(seed=1)
    b = yinsh.Board(MIDGAMES[0])
    timer = threading.Timer(0.1, m.stop)
    timer.start()
    start = time.perf_counter()
    info = m.search(b, node_limit=10 ** 9)
    assert time.perf_counter() - start < 1.0 and info.nodes < 10 ** 9
    m.clear_stop()
    assert m.search(b, node_limit=50).nodes == 50
    with pytest.raises(ValueError):
        _search.Mcts(threads=2)


# Threads (Lazy SMP) ------------------------------------------------------------

def test_threads_find_the_same_forced_win():
    for threads in (2, 3):
        info = _search.AlphaBeta(4, threads=threads).search(WIN_IN_3, 5)
        assert info.score == WIN_SCORE - 3
        assert yinsh.Move.from_code(info.best).from_point == yinsh.C7


def test_threads_survive_repeated_start_and_stop():
    ab = _search.AlphaBeta(2, threads=2)
    b = yinsh.Board(MIDGAMES[1])
    for i in range(12):
        ab.clear_stop()
        threading.Timer(0.002 * (i % 4), ab.stop).start()
        info = ab.search(b, 64)
        assert info.best in codes(b) and info.depth >= 1
    ab.clear_stop()
    info = ab.search(b, 4, node_limit=20000, time_limit=2.0)
    assert info.best in codes(b)


def test_threads_count_all_nodes():
    b = yinsh.Board(MIDGAMES[0])
    one = _search.AlphaBeta(8).search(b, 5)
    two = _search.AlphaBeta(8, threads=2).search(b, 5)
    assert two.depth == 5 and two.nodes > 0 and two.best in codes(b)
    assert abs(two.score) < WIN_SCORE // 2 and abs(one.score) < WIN_SCORE // 2


# Parameters ----------------------------------------------------------------

def test_params_list_search_tunables_and_weights():
    params = {p.name: p for p in _search.AlphaBeta(1).params()}
    assert all(isinstance(p, Param) for p in params.values())
    assert params["soft_time"].value == params["soft_time"].default == 0.6
    assert params["ring"].value == 10000 and params["aspiration_window"].default == 1000   # Yinsh's own default
    mcts = {p.name for p in _search.Mcts().params()}
    assert {"exploration", "playout_plies", "ring"} <= mcts and "lmr_depth" not in mcts


def test_configure_checks_ranges_and_changes_nothing_on_error():
    ab = _search.AlphaBeta(1)
    before = ab.params()
    for bad, error in (({"soft_time": 1.5}, ValueError), ({"lmr_depth": -1}, ValueError),
                       ({"no_such": 1}, ValueError), ({"ring": "10"}, TypeError),
                       ({"lmr_depth": 2.5}, ValueError), ({"poll_nodes": 1000}, ValueError),
                       ({"flip": True}, TypeError), ({"lmr_depth": 2, "threat": 10 ** 9}, ValueError)):
        with pytest.raises(error):
            ab.configure(**bad)
    assert ab.params() == before
    ab.configure(flip=200, lmr_depth=0, soft_time=0.5)
    values = {p.name: p.value for p in ab.params()}
    assert (values["flip"], values["lmr_depth"], values["soft_time"]) == (200, 0, 0.5)


def test_configure_changes_the_search():
    b = yinsh.Board(MIDGAMES[0])
    plain = _search.AlphaBeta(4).search(b, 5)
    ab = _search.AlphaBeta(4)
    ab.configure(lmr_depth=0)
    assert ab.search(b, 5).nodes > plain.nodes          # no reductions: more nodes
    ab = _search.AlphaBeta(4)
    ab.configure(ring=10000)                            # the default: nothing changes
    assert ab.search(b, 5).nodes == plain.nodes


# Engine (the Python API on top) -----------------------------------------------

def test_engine_runs_the_mcts_and_threads():
    b = yinsh.Board(MIDGAMES[0])
    a = Engine(algorithm="mcts").analyse(b, nodes=500)
    assert a.best_move in b.legal_moves and a.nodes == 500
    a = Engine(hash_mb=4, threads=2).analyse(b, depth=4)
    assert a.best_move in b.legal_moves and a.depth == 4
    with pytest.raises(ValueError):
        Engine(algorithm="minimax")
    with pytest.raises(ValueError):
        Engine(threads=0)


def test_engine_serves_boards_of_any_game():
    from yinsh.toys.dice.board import Board as DiceBoard
    from yinsh.toys.dice.game import DiceGame
    engine = Engine(hash_mb=1)
    with pytest.raises(TypeError, match="registered game"):      # the engine finds games in the registry
        engine.analyse(Position((7, 9)), depth=4)
    games.register(DiceGame())
    try:
        assert engine.analyse(DiceBoard("7/9 0 - 10"), depth=4).best_move == GAMBLE
    finally:
        games.unregister("dice")
    assert engine.analyse(yinsh.Board(MIDGAMES[0]), depth=2).best_move is not None
    engine.configure(aspiration=0)
    assert engine.searcher(yinsh.Board()).params()[5].value == 0
    with pytest.raises(ValueError):
        engine.configure(aspiration=3)


# Ctrl-C ----------------------------------------------------------------------

def test_ctrl_c_stops_the_mcts_and_the_threads():
    from test_interrupt import MARGIN, interrupted
    b = yinsh.Board(MIDGAMES[0])
    exc, latency = interrupted(lambda: _search.Mcts().search(b, node_limit=10 ** 9), delay=0.1)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    ab = _search.AlphaBeta(4, threads=2)
    exc, latency = interrupted(lambda: ab.search(b, 64), delay=0.1)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert ab.search(b, 2).depth == 2                       # the helpers were joined
