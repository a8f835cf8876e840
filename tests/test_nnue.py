"""The learned evaluation in the compiled core (yinsh.yinsh._search_learned).

- The compiled forward pass equals yinsh.nn.reference's score, bit for bit,
  on 10,000 positions of random games, for seeded random networks with
  weights large enough to hit every clamp and shift negative sums, and for
  the packaged network.
- The accumulators updated incrementally by copy-make equal a refresh from
  scratch along random walks through every phase (placement, rows, ring
  removals, the end of the game).
- Engine(evaluation="learned") plays legal games to the end, stops on
  Ctrl-C and stop(), pickles, and refuses bad settings and other games.
"""
from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import threading

import numpy as np
import pytest

import yinsh
from yinsh import insert, ludo
from yinsh.engine.api import EVALUATIONS
from yinsh.engine import network as nn_network
from yinsh.nn import reference
from yinsh.yinsh import _search_learned as learned
from yinsh.yinsh.enums import Phase

from helpers import check_compiled_equals_reference, compiled_scores, game_positions
from test_interrupt import MARGIN, interrupted

PACKAGED = os.path.join(os.path.dirname(yinsh.yinsh.__file__), "yinsh.nnue")

# (seed, scale): scale 1 stays mostly inside the clamps; 8, 30 and 100 drive
# accumulators and second-layer sums past both ends and make many sums negative
NETWORKS = [(1, 1.0), (2, 8.0), (3, 30.0), (4, 100.0)]


def random_positions(count: int, seed: int) -> list[yinsh.Board]:
    """count positions (none finished) of random games, every phase."""
    return game_positions(lambda rng: yinsh.Board(variant=rng.choice(["standard", "blitz"])),
                          count, seed)


@pytest.fixture(scope="module")
def positions() -> list[yinsh.Board]:
    boards = random_positions(10_000, 28)
    phases = {board.phase for board in boards}
    assert {Phase.PLACE, Phase.MOVE, Phase.REMOVE_ROW, Phase.REMOVE_RING} <= phases
    return boards


@pytest.fixture(scope="module")
def inputs(positions):
    return reference.features_batch(positions)


@pytest.mark.parametrize("seed, scale", NETWORKS)
def test_compiled_evaluation_equals_the_reference(positions, inputs, seed, scale):
    check_compiled_equals_reference(learned, nn_network.random_network(seed, scale), positions, inputs)


def test_large_networks_reach_the_clamps_and_negative_shifts(positions, inputs):
    net = nn_network.random_network(4, 100.0)
    acc = reference.accumulators_batch(net, inputs[0][:2000])
    assert (acc < 0).any() and (acc > 127).any()
    x = np.clip(acc, 0, 127).astype(np.int64)
    stm = inputs[1][:2000].astype(np.int64)
    own, opp = x[np.arange(len(x)), stm], x[np.arange(len(x)), 1 - stm]
    sums = np.concatenate([own, opp], axis=1) @ net.l2_weight.astype(np.int64) + net.l2_bias
    assert (sums < 0).any() and (sums >> 6 > 127).any()


def test_the_packaged_network_and_the_module_functions(positions, inputs):
    net = nn_network.load(PACKAGED)
    expected = reference.evaluate_batch(net, inputs)
    assert (compiled_scores(learned, None, positions) == expected).all()
    assert (compiled_scores(learned, PACKAGED, positions[:500]) == expected[:500]).all()
    for board, score in zip(positions[:300], expected[:300]):
        assert learned.evaluate_board(board) == score
        assert learned.evaluate_board(board, 1 - int(board.turn)) == -score


def test_two_searchers_keep_their_own_networks(positions):
    a = learned.AlphaBeta(hash_mb=0, network=nn_network.random_network(1))
    b = learned.AlphaBeta(hash_mb=0, network=nn_network.random_network(2))
    boards = positions[::100]
    assert [a.evaluate(x) for x in boards] != [b.evaluate(x) for x in boards]
    assert a.evaluate(boards[5]) == reference.evaluate(nn_network.random_network(1), boards[5])


def start_boards() -> list[yinsh.Board]:
    """Starts of the walks: new games of both variants and positions of
    random games in every phase (a pending row, a ring to remove, near the
    end)."""
    boards = [yinsh.Board(), yinsh.Board(variant="blitz")]
    rng = random.Random(5)
    wanted = {Phase.PLACE: 3, Phase.MOVE: 6, Phase.REMOVE_ROW: 6, Phase.REMOVE_RING: 6}
    while any(wanted.values()):
        board = yinsh.Board(variant=rng.choice(["standard", "blitz"]))
        while not board.is_game_over():
            if wanted.get(board.phase, 0) and rng.random() < 0.2:
                wanted[board.phase] -= 1
                boards.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
    return boards


@pytest.mark.parametrize("seed, scale", [(1, 1.0), (4, 100.0), (None, None)])
def test_incremental_accumulators_equal_a_refresh(seed, scale):
    net = None if seed is None else nn_network.random_network(seed, scale)
    total = 0
    for i, board in enumerate(start_boards()):
        for walk_seed in range(4):
            total += learned.accumulator_walk(board, 1000 * i + walk_seed, 2500, net)
    assert total == len(start_boards()) * 4 * 2500


def test_walks_reach_the_end_of_games():
    """Lines from late positions end games (rings removed to the win): the
    walk checks the state after the last action too."""
    rng = random.Random(9)
    ends = 0
    for _ in range(30):
        board = yinsh.Board(variant="blitz")
        line = []
        while not board.is_game_over():
            line.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
        if line:
            ends += 1
            assert learned.accumulator_walk(line[-1], ends, 50) == 50    # the ending move, many times
    assert ends == 30


def test_the_walk_refuses_a_finished_game_and_bad_arguments():
    rng = random.Random(3)
    board = yinsh.Board(variant="blitz")
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    with pytest.raises(ValueError, match="over"):
        learned.accumulator_walk(board, 1, 10)
    with pytest.raises(ValueError, match="steps"):
        learned.accumulator_walk(yinsh.Board(), 1, -1)
    with pytest.raises(TypeError):
        learned.accumulator_walk(insert.Board(), 1, 10)
    with pytest.raises(TypeError):
        learned.accumulator_walk(yinsh.Board(), 1, 10, network=3)


# The engine -------------------------------------------------------------------

def test_learned_engine_plays_legal_games_to_the_end():
    for seed, algorithm in [(1, "alphabeta"), (2, "alphabeta"), (3, "mcts")]:
        engine = yinsh.Engine(hash_mb=2, algorithm=algorithm, evaluation="learned")
        board = yinsh.Board(variant="blitz")
        rng = random.Random(seed)
        for _ in range(4):                                     # a varied opening
            board.push(rng.choice(list(board.legal_moves)))
        while not board.is_game_over():
            limit = {"nodes": 60} if algorithm == "mcts" else {"depth": 2}
            analysis = engine.analyse(board, **limit)
            assert analysis.best_move in board.legal_moves
            board.push(analysis.best_move)
        assert board.result() in ("1-0", "0-1", "1/2-1/2")


def test_a_finished_game_is_scored_without_loading_the_packaged_network():
    """An engine given its own network scores a finished game by its result
    and never loads the packaged network (a fresh process: the module keeps
    the packaged one once loaded)."""
    script = """
import random, yinsh
from yinsh.engine import network
loaded = []
real = network.read_layers              # what the engine reads a network file with
network.read_layers = lambda path, *a, **k: loaded.append(str(path)) or real(path, *a, **k)
board, rng = yinsh.Board(variant="blitz"), random.Random(3)
while not board.is_game_over():
    board.push(rng.choice(list(board.legal_moves)))
engine = yinsh.Engine(evaluation="learned", network=network.random_network(1), hash_mb=1)
analysis = engine.analyse(board, depth=2)
assert analysis.best_move is None and "the game is over" in str(analysis), analysis
print(loaded)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_learned_engine_settings_are_checked():
    assert EVALUATIONS == ("auto", "classic", "learned")
    assert yinsh.Engine().evaluation == "auto"              # each game's default: Yinsh's is learned
    assert yinsh.Engine().evaluation_for(yinsh.Board) == "learned"
    with pytest.raises(TypeError, match="classic"):
        yinsh.Engine(evaluation=1)
    with pytest.raises(ValueError, match="classic, learned"):
        yinsh.Engine(evaluation="neural")
    with pytest.raises(ValueError, match="evaluation='learned'"):
        yinsh.Engine(evaluation="classic", network=PACKAGED)
    assert yinsh.Engine(network=PACKAGED).evaluation == "learned"         # auto with a network: learned
    with pytest.raises(nn_network.NetworkError):
        yinsh.Engine(evaluation="learned", network=os.path.join(os.path.dirname(__file__), "test_nnue.py"))
    with pytest.raises(TypeError):
        yinsh.Engine(evaluation="learned", network=42)
    with pytest.raises(ValueError, match="ludo has no 'learned' evaluation"):
        yinsh.Engine(evaluation="learned").analyse(ludo.Board(players=2), depth=1)


def test_learned_engine_params_list_only_what_it_uses():
    names = {p.name for p in yinsh.Engine(evaluation="learned").params(yinsh.Board)}
    assert {"order_row", "order_block", "order_flip", "order_exact", "value_scale"} <= names
    assert not names & {"ring", "threat", "flip", "marker", "tempo"}
    engine = yinsh.Engine(hash_mb=1, evaluation="learned")
    engine.configure(yinsh.Board, order_flip=0)
    assert {p.name: p.value for p in engine.params(yinsh.Board)}["order_flip"] == 0
    assert engine.analyse(yinsh.Board(), depth=2).depth == 2


def test_learned_engine_and_analysis_pickle(tmp_path):
    path = tmp_path / "other.nnue"
    nn_network.save(nn_network.random_network(7), path)
    engine = yinsh.Engine(hash_mb=1, evaluation="learned", network=path, depth=2)
    analysis = engine.analyse(yinsh.Board())
    again = pickle.loads(pickle.dumps(engine))
    assert again.evaluation == "learned" and again.network == str(path)

    def same(a, b):                                          # all but the clock
        return (a.pv, a.score, a.nodes, a.depth) == (b.pv, b.score, b.nodes, b.depth)

    assert same(again.analyse(yinsh.Board()), analysis)
    assert pickle.loads(pickle.dumps(analysis)) == analysis
    assert "evaluation='learned'" in repr(engine)
    with_object = yinsh.Engine(hash_mb=1, evaluation="learned", network=nn_network.random_network(7), depth=2)
    assert same(pickle.loads(pickle.dumps(with_object)).analyse(yinsh.Board()), analysis)
    packaged = yinsh.Engine(hash_mb=1, evaluation="learned", depth=2).analyse(yinsh.Board())
    assert not same(packaged, analysis)                      # the other network did count


def test_learned_search_stops_on_ctrl_c_and_stop():
    board = yinsh.Board()
    engine = yinsh.Engine(hash_mb=16, evaluation="learned")
    depth_3 = threading.Event()

    def on_info(a):
        if a.depth == 3:
            depth_3.set()

    exc, latency = interrupted(lambda: engine.analyse(board, depth=40, on_info=on_info),
                               delay=0.05, after=depth_3)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert exc.analysis is not None and exc.analysis.best_move in board.legal_moves
    with engine.analysis(board, depth=40) as handle:
        first = next(iter(handle))
        handle.stop()
        final = handle.wait()
    assert first.depth >= 1 and final.best_move in board.legal_moves


# The command line ----------------------------------------------------------------

def test_cli_analyse_play_and_match_take_the_evaluation(capsys):
    from yinsh.cli import main
    assert main(["analyse", "--evaluation", "learned", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("bestmove ")
    assert main(["analyse", "--evaluation", "learned", "--network", PACKAGED, "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == out.splitlines()[-1]    # the same network
    assert main(["analyse", "--game", "ludo", "--evaluation", "learned", "--depth", "2"]) == 2
    assert "ludo has no 'learned' evaluation" in capsys.readouterr().err
    assert main(["analyse", "--network", PACKAGED, "--depth", "2"]) == 0       # auto: a network makes it learned
    assert capsys.readouterr().out.splitlines()[-1] == out.splitlines()[-1]
    assert main(["analyse", "--depth", "2"]) == 0                               # Yinsh's default: learned
    assert capsys.readouterr().out.splitlines()[-1] == out.splitlines()[-1]
    assert main(["analyse", "--evaluation", "classic", "--network", PACKAGED, "--depth", "2"]) == 2
    assert "evaluation='learned'" in capsys.readouterr().err
    assert main(["analyse", "--evaluation", "learned", "--network", __file__, "--depth", "2"]) == 2
    assert "not a network file" in capsys.readouterr().err
    assert main(["match", "engine:depth=1,evaluation=learned", "engine:depth=1,evaluation=classic",
                 "--games", "2", "--variant", "blitz"]) == 0
    assert "W/D/L (A)" in capsys.readouterr().out
    assert main(["match", "engine:depth=1,evaluation=learned,threat=3", "random"]) == 2
    assert "threat is a weight of the classic evaluation" in capsys.readouterr().err
    assert main(["match", "engine:depth=1,evaluation=learned,order_flip=3", "random",
                 "--games", "2", "--variant", "blitz"]) == 0
    capsys.readouterr()


def test_match_factory_makes_learned_engines():
    from yinsh.cli.search import parse_player
    contestant = parse_player("engine:depth=1,evaluation=learned", {})
    assert contestant.make(1).evaluation == "learned"
    assert pickle.loads(pickle.dumps(contestant.make)) == contestant.make
    assert "evaluation='learned'" in repr(contestant.make)
    assert parse_player("engine:depth=1", {}).make(1).evaluation == "auto"
    assert parse_player("classic", {}).make(1).evaluation == "classic"          # the presets: classic
    assert parse_player("baseline:evaluation=classic", {}).make(1).evaluation == "classic"


def test_match_spec_takes_another_network(tmp_path, capsys):
    from yinsh.cli import main
    from yinsh.cli.search import parse_player
    path = str(tmp_path / "other.nnue")
    nn_network.save(nn_network.random_network(5), path)
    contestant = parse_player(f"engine:depth=1,evaluation=learned,network={path}", {})
    engine = contestant.make(1)
    board = yinsh.Board()
    for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split():
        board.push_str(text)
    other = yinsh.Engine(hash_mb=1, evaluation="learned", network=path)
    assert engine.searcher(board).evaluate(board) == other.searcher(board).evaluate(board)
    assert pickle.loads(pickle.dumps(contestant.make)) == contestant.make
    assert f"network={path!r}" in repr(contestant.make)
    assert parse_player(f"engine:depth=1,network={path}", {}).make(1).evaluation == "learned"
    assert main(["match", f"engine:depth=1,evaluation=classic,network={path}", "random"]) == 2
    assert "network= needs evaluation=learned" in capsys.readouterr().err
    assert main(["match", f"engine:depth=1,evaluation=learned,network={__file__}", "random"]) == 2
    assert "not a network file" in capsys.readouterr().err


PORTABLE_SCRIPT = """
import json, random, sys
sys.path.insert(0, {tests!r})
import yinsh
from yinsh.engine import network as nn_network
from yinsh.yinsh import _search_learned as learned
from yinsh.insert import _search_learned as insert_learned
from yinsh.insert import Board as InsertBoard
from helpers import compiled_scores, game_positions
boards = game_positions(lambda rng: yinsh.Board(), 1500, 5)
inserts = game_positions(lambda rng: InsertBoard(layout=rng.randrange(1000)), 1500, 6)
walks = [learned.accumulator_walk(board, seed, 400, nn_network.random_network(4, 100.0))
         for seed, board in enumerate(boards[::300])]
walks += [insert_learned.accumulator_walk(board, seed, 400, nn_network.random_network(4, 100.0, "insert"))
          for seed, board in enumerate(inserts[::300])]
print(json.dumps({{"kernels": [learned.simd_kernel(), insert_learned.simd_kernel()], "walks": walks,
                  "yinsh": compiled_scores(learned, nn_network.random_network(2, 8.0), boards).tolist(),
                  "insert": compiled_scores(insert_learned, nn_network.random_network(3, 8.0, "insert"),
                                            inserts).tolist()}}))
"""


def test_the_portable_and_the_dispatched_kernels_give_the_same_results():
    """src/yinsh/nnue_simd.h: the output layers and the incremental update
    run AVX2 code where the processor has it; YINSH_SIMD=portable forces the
    default build's code. Both processes score the same positions the same,
    and in both every incremental update of random walks (large weights, so
    the int16 sums wrap) equals a refresh (the in-process tests above compare
    the dispatched code with the NumPy reference)."""
    import json
    import subprocess
    import sys
    script = PORTABLE_SCRIPT.format(tests=os.path.dirname(os.path.abspath(__file__)))
    runs = {}
    for simd in ("portable", "auto"):
        env = dict(os.environ, YINSH_SIMD=simd)
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        runs[simd] = json.loads(done.stdout)
    assert runs["portable"]["kernels"] == ["portable", "portable"]
    assert set(runs["auto"]["kernels"]) <= {"avx2", "portable"}
    assert len(set(runs["auto"]["kernels"])) == 1
    assert runs["portable"]["yinsh"] == runs["auto"]["yinsh"]
    assert runs["portable"]["walks"] == runs["auto"]["walks"] == [400] * len(runs["auto"]["walks"])
    assert runs["portable"]["insert"] == runs["auto"]["insert"]
    assert len(set(runs["portable"]["yinsh"])) > 100 and len(set(runs["portable"]["insert"])) > 100
