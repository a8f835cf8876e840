"""The search: wins, defence, hand-built tactics, transposition table,
determinism, limits and stop(); the simple players.

The tactical positions are described in docs/search.md ("Test positions").
"""
import threading
import time

import pytest

import yinsh
from yinsh import Engine, Move
from yinsh.yinsh import players
from yinsh.engine import WIN_SCORE

from helpers import board

# Midgame positions reached by engine self-play from random placements (the
# search bench uses the same kind of positions).
MIDGAMES = [
    "4/2w2w1/2bb4/4w4/3B2BWW1/4b1wbB/2W1w1WwB1/3w1bw1b/1wWwb1b1/wwwb3/bBb1 w move - 0:0 0 standard",
    "bbb1/b1bb3/bbwB4/bb4b2/bwwbwww3/1wBB1W1w1/1bw1WB2w1/WW6W/8/4B2/4 w move - 0:0 0 standard",
    "3b/2B1bww/4W1WB/2w3wbb/1w2WwB1b1/Wb1w4B/1bw1b5/Wb4w2/bb1wb3/Bw2b2/4 w move - 0:0 0 standard",
]


def opponent_can_win(b: yinsh.Board, us: int) -> bool:
    """Whether some sequence of actions from b reaches a win of the side
    other than us before us starts a new ring move (a brute-force oracle)."""
    if b.is_game_over():
        return b.outcome().winner == 1 - us
    if b.phase == "move" and b.turn == us:
        return False
    for m in list(b.legal_moves):
        b.push(m)
        found = opponent_can_win(b, us)
        b.pop()
        if found:
            return True
    return False


def losing_moves(b: yinsh.Board) -> set[str]:
    """The actions of b after which the opponent can win at once."""
    us, bad = b.turn, set()
    for m in list(b.legal_moves):
        b.push(m)
        if opponent_can_win(b, us):
            bad.add(str(m))
        b.pop()
    return bad


@pytest.fixture(scope="module")
def engine():
    return Engine(hash_mb=4)


# Wins -----------------------------------------------------------------------

def test_takes_the_win_by_removing_the_third_ring(engine):
    # White made its third row and now removes a ring: any removal wins at once.
    b = board("c7 f5 g8", "h5 i6 j8", "d5", "e5 f6", removed="2:0", phase="remove_ring", next_side="b")
    a = engine.analyse(b, depth=2)
    assert a.best_move.kind == yinsh.MoveKind.REMOVE_RING
    assert a.score == WIN_SCORE - 1 and a.mate == 1


def test_takes_the_win_by_a_ring_move_completing_the_row(engine):
    # White has removed 2 rings and has markers c3-c6: moving the ring off c7
    # leaves a marker there, the row c3-c7, and the third ring.
    b = board("c7 f5 g8", "h5 i6 j8", "c3 c4 c5 c6", "e5 f6", removed="2:0")
    a = engine.analyse(b, depth=3)
    assert a.best_move.from_point == yinsh.C7
    assert a.mate == 3
    assert [str(m) for m in a.pv[1:]][0] == "xc3-c7"
    line = b.copy()
    for m in a.pv:
        line.push(m)
    assert line.result() == "1-0"


def test_win_is_found_at_every_depth(engine):
    b = board("c7 f5 g8", "h5 i6 j8", "c3 c4 c5 c6", "e5 f6", removed="2:0")
    for depth in (1, 2, 4):
        assert engine.analyse(b, depth=depth).mate == 3


# Defence --------------------------------------------------------------------

# Black has removed 2 rings and has markers e3-e6 under White's marker e7.
# White's ring on f7 can make a row f3-f7 by jumping e7 (f7-d7), but that
# flips e7 and gives Black the row e3-e7 too: White removes first, then Black
# takes its third ring. Moving the ring off f7 any other way makes White's row
# safely (e.g. f7-d5). The greedy evaluation cannot tell the two apart.
TRAP = board("f7 a2 a3 a4 b1", "h3 i4 j5", "e7 f3 f4 f5 f6", "e3 e4 e5 e6", removed="0:2", park=False)

# Black has removed 2 rings, markers e3-e6 and its ring on e7: moving that
# ring makes Black's winning row. White must flip one of e3-e6 now; 5 of its
# 53 moves do.
BLOCK = board("d4 a2 a3 a4 b1", "e7 i4 j5", "", "e3 e4 e5 e6", removed="0:2", park=False)

# White just made a row and removes a ring. Its ring on d7 is the only thing
# that stops Black's ring on f7 from jumping e7 (landing on d7), which would
# flip e7 and complete Black's winning row e3-e7. Every removal but xd7 holds.
RING_CHOICE = board("d7 a2 a3 a4 b1", "f7 i4 j5", "e7", "e3 e4 e5 e6", removed="0:2", park=False,
                    phase="remove_ring", next_side="b")


def test_avoids_a_move_that_lets_the_opponent_win_next(engine):
    bad = losing_moves(TRAP)
    assert "f7-d7" in bad
    for depth in (1, 2, 3, 4):
        a = engine.analyse(TRAP, depth=depth)
        assert str(a.best_move) not in bad
        assert a.pv[1].kind == yinsh.MoveKind.REMOVE_ROW      # and still takes a row


@pytest.mark.parametrize("name, b", [("block", BLOCK), ("ring_choice", RING_CHOICE)])
def test_finds_the_only_defences(engine, name, b):
    bad = losing_moves(b)
    moves = {str(m) for m in b.legal_moves}
    good = moves - bad
    assert bad and good and len(good) < len(moves)
    for depth in (1, 2, 3, 4):
        a = engine.analyse(b, depth=depth)
        assert str(a.best_move) in good, (name, depth, a)
        assert abs(a.score) < WIN_SCORE - 1000


def test_block_position_known_defences():
    assert {str(m) for m in BLOCK.legal_moves} - losing_moves(BLOCK) == {
        "a2-f7", "a3-f3", "b1-f5", "d4-f4", "d4-f6"}
    assert losing_moves(RING_CHOICE) == {"xd7"}


def test_sees_a_forced_loss(engine):
    # After a losing move the opponent's win is reported as a loss in N plies.
    b = TRAP.copy()
    b.push_str("f7-d7")
    a = engine.analyse(b, depth=3)
    assert a.mate is not None and a.mate < 0
    line = b.copy()
    while not line.is_game_over():
        line.push(engine.best_move(line, depth=3))
    assert line.result() == "0-1"


# Transposition table, determinism -------------------------------------------

@pytest.mark.parametrize("position", MIDGAMES)
def test_same_score_with_and_without_transposition_table(position):
    b = yinsh.Board(position)
    for depth in (1, 2, 3, 4):
        with_tt = Engine(hash_mb=8).analyse(b, depth=depth)
        without = Engine(hash_mb=0).analyse(b, depth=depth)
        assert with_tt.score == without.score
        assert with_tt.depth == without.depth == depth


def test_node_counts_are_deterministic():
    b = yinsh.Board(MIDGAMES[0])
    first = Engine(hash_mb=8).analyse(b, depth=4)
    e = Engine(hash_mb=8)
    for _ in range(2):
        again = e.analyse(b, depth=4)
        assert (again.nodes, again.score, again.pv) == (first.nodes, first.score, first.pv)
    capped = e.analyse(b, nodes=3000)
    again = Engine(hash_mb=8).analyse(b, nodes=3000)
    assert (again.nodes, again.depth, again.score, again.pv) == (
        capped.nodes, capped.depth, capped.score, capped.pv)


def test_node_limit_is_obeyed_after_the_first_iteration():
    b = yinsh.Board(MIDGAMES[1])
    a = Engine().analyse(b, nodes=5000)
    assert a.nodes <= 5000 + 1
    assert a.best_move in b.legal_moves


# Limits, on_info, the board -------------------------------------------------

def test_analysis_fields_and_board_unchanged(engine):
    b = yinsh.Board(MIDGAMES[2])
    before = b.position(), b.ply
    infos = []
    a = engine.analyse(b, depth=4, on_info=infos.append)
    assert (b.position(), b.ply) == before
    assert [i.depth for i in infos] == [1, 2, 3, 4]
    assert infos[-1].pv == a.pv and infos[-1].score == a.score
    assert isinstance(a, yinsh.Analysis) and isinstance(a.best_move, Move)
    assert a.pv[0] == a.best_move and all(isinstance(m, Move) for m in a.pv)
    assert a.depth == 4 and a.nodes > 0 and a.nps >= 0 and a.time >= 0
    assert engine.best_move(b, depth=4) == a.best_move
    line = b.copy()
    for m in a.pv:
        assert m in line.legal_moves
        line.push(m)


def test_placement_phase_is_searched(engine):
    b = yinsh.Board()
    a = engine.analyse(b, depth=2)
    assert a.best_move.kind == yinsh.MoveKind.PLACE


def test_time_limit(engine):
    b = yinsh.Board(MIDGAMES[0])
    start = time.perf_counter()
    a = engine.analyse(b, time=0.2)
    assert time.perf_counter() - start < 0.5
    assert a.best_move in b.legal_moves and a.depth >= 1


def test_game_over_board(engine):
    b = board("c7 f5 g8", "h5 i6 j8", "d5", "e5 f6", removed="2:0", phase="remove_ring", next_side="b")
    b.push_str("xc7")
    a = engine.analyse(b, depth=3)
    assert a.best_move is None and a.pv == []
    assert engine.best_move(b) is None


@pytest.mark.parametrize("kwargs, error", [
    ({"depth": 0}, ValueError), ({"depth": 65}, ValueError), ({"time": -1.0}, ValueError),
    ({"time": float("nan")}, ValueError), ({"nodes": 0}, ValueError), ({"depth": "3"}, TypeError),
    ({"depth": 2.5}, TypeError), ({"on_info": 3}, TypeError),
])
def test_bad_limits_raise(engine, kwargs, error):
    with pytest.raises(error):
        engine.analyse(yinsh.Board(), **kwargs)


def test_bad_arguments_raise():
    with pytest.raises(TypeError):
        Engine().analyse("not a board", depth=1)
    with pytest.raises(ValueError):
        Engine(hash_mb=-1)
    with pytest.raises(TypeError):
        Engine(hash_mb="16")


# stop() ---------------------------------------------------------------------

def test_stop_returns_within_50_ms_with_the_best_move_so_far():
    e = Engine(hash_mb=8)
    b = yinsh.Board(MIDGAMES[0])
    result = {}
    started = threading.Event()
    infos = []

    def on_info(info):
        infos.append(info)
        started.set()

    def run():
        result["analysis"] = e.analyse(b, depth=64, on_info=on_info)
        result["end"] = time.perf_counter()

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(5)
    time.sleep(0.2)                                   # the search runs without the GIL
    t0 = time.perf_counter()
    stopped = e.stop()
    elapsed = time.perf_counter() - t0
    thread.join(5)
    assert not thread.is_alive()
    assert elapsed < 0.05 and result["end"] - t0 < 0.05
    a = result["analysis"]
    assert stopped == a and a.best_move in b.legal_moves and 1 <= a.depth < 64
    last = infos[-1]                                  # the last finished iteration
    assert (a.depth, a.score, a.pv) == (last.depth, last.score, last.pv)
    assert e.stop() is None                           # nothing runs any more


# Players --------------------------------------------------------------------

def test_random_player_plays_legal_moves_reproducibly():
    def game(seed):
        b, p = yinsh.Board(), players.RandomPlayer(seed)
        for _ in range(30):
            m = p.best_move(b)
            assert m in b.legal_moves
            b.push(m)
        return b.move_stack
    assert game(3) == game(3)


def test_greedy_player_takes_a_row():
    b = board("c7 f5 g8", "h5 i6 j8", "c3 c4 c5 c6", "e5 f6", removed="0:0")
    m = players.greedy.best_move(b, depth=5)
    assert m.from_point == yinsh.C7
    assert players.by_name("greedy").best_move(b) == m


def test_players_reject_a_non_board():
    with pytest.raises(TypeError):
        players.random.best_move(None)
    with pytest.raises(ValueError):
        players.by_name("minimax")


# Command line ---------------------------------------------------------------

def test_cli_analyse_prints_iterations_then_the_best_move(capsys):
    from yinsh.cli import main
    assert main(["analyse", "--position", MIDGAMES[0], "--depth", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[:3]] == [["depth", "1"], ["depth", "2"], ["depth", "3"]]
    best = lines[-1].split()
    assert best[0] == "bestmove" and yinsh.Move.from_str(best[1]) in yinsh.Board(MIDGAMES[0]).legal_moves
    for bad in (["analyse", "--depth", "0"], ["analyse", "--position", MIDGAMES[0], "--nodes", "0"]):
        with pytest.raises(SystemExit) as info:           # a usage error (argparse)
            main(bad)
        assert info.value.code == 2


def test_cli_match_reports_score_and_elo(capsys):
    from yinsh.cli import main
    assert main(["match", "engine:depth=2", "random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "game 2/2" in out and "W/D/L (A): 2/0/0" in out and "Elo (A-B): +inf" in out
    assert main(["match", "engine:speed=9", "random"]) == 2
    assert main(["match", "alphazero", "random"]) == 2
