"""The engine API (python-chess's ``chess.engine`` shape): ``Limit``, the
scores, multipv and searchmoves, the analysis handle, keep_tables, the
tunables and their use by ``yinsh match`` and ``yinsh analyse``.

Nothing here asserts speed: the time bounds are generous latencies of
stopping (milliseconds in practice).
"""
import os
import pickle
import re
import signal
import sys
import threading
import time

import pytest

import yinsh
from yinsh import Engine, Limit, Mate, MateGiven, Points, PovScore, Score
from yinsh.cli import CommandError, main
from yinsh.cli.search import TunedEngineFactory, parse_player
from yinsh.engine import WIN_SCORE
from yinsh.engine.analysis_handle import AnalysisHandle
from yinsh.engine.params import params_table
from yinsh.engine.score import from_engine

from helpers import board

MIDGAME = "4/2w2w1/2bb4/4w4/3B2BWW1/4b1wbB/2W1w1WwB1/3w1bw1b/1wWwb1b1/wwwb3/bBb1 w move - 0:0 0 standard"
PLACED = "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7"
DOCS = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "search.md")


def placed() -> yinsh.Board:
    b = yinsh.Board()
    for text in PLACED.split():
        b.push_str(text)
    return b


# Limit ----------------------------------------------------------------------

def test_limit_values_repr_and_pickle():
    limit = Limit(depth=3, nodes=1000)
    assert (limit.depth, limit.time, limit.nodes) == (3, None, 1000)
    assert repr(limit) == "Limit(depth=3, nodes=1000)" and eval(repr(limit)) == limit
    assert pickle.loads(pickle.dumps(limit)) == limit and hash(limit) == hash(Limit(depth=3, nodes=1000))
    assert Limit(time=1).time == 1.0 and isinstance(Limit(time=1).time, float)
    assert not Limit().is_set() and Limit(time=0.5).as_dict() == {"time": 0.5}
    with pytest.raises(AttributeError):
        limit.depth = 4


@pytest.mark.parametrize("kwargs, error", [
    ({"depth": 0}, ValueError), ({"depth": 65}, ValueError), ({"depth": 2.0}, TypeError),
    ({"depth": True}, TypeError), ({"time": 0}, ValueError), ({"time": -1.0}, ValueError),
    ({"time": float("inf")}, ValueError), ({"time": float("nan")}, ValueError), ({"time": "1"}, TypeError),
    ({"nodes": 0}, ValueError), ({"nodes": 2 ** 63}, ValueError), ({"nodes": 1.5}, TypeError),
])
def test_limit_rejects_bad_values(kwargs, error):
    with pytest.raises(error):
        Limit(**kwargs)


def test_analyse_takes_a_limit_or_the_keywords_not_both():
    engine, b = Engine(hash_mb=1), placed()
    by_limit = engine.analyse(b, Limit(depth=3))
    assert engine.analyse(b, limit=Limit(depth=3)).pv == by_limit.pv
    assert engine.analyse(b, depth=3).pv == by_limit.pv and by_limit.depth == 3
    with pytest.raises(TypeError, match="not both"):
        engine.analyse(b, Limit(depth=3), depth=2)
    with pytest.raises(TypeError, match="Limit"):
        engine.analyse(b, 3)
    assert engine.best_move(b, Limit(depth=3)) == by_limit.best_move
    assert Engine(hash_mb=1, depth=2).analyse(b, Limit()).depth == 2     # Limit(): the engine's default


# Scores ---------------------------------------------------------------------

def test_scores_format_compare_and_negate():
    assert [str(s) for s in (Points(350), Points(-20), Points(0), Mate(3), Mate(-4), Mate(0), MateGiven)] == \
        ["+350", "-20", "0", "win 3", "loss 4", "loss 0", "win 0"]
    ordered = [Mate(0), Mate(-1), Mate(-9), Points(-WIN_SCORE), Points(-5), Points(0), Points(7),
               Mate(20), Mate(2), MateGiven]
    assert sorted(reversed(ordered)) == ordered
    for s in ordered:
        assert -(-s) == s and isinstance(s, Score)
        assert pickle.loads(pickle.dumps(s)) == s and eval(repr(s)) == s
    assert pickle.loads(pickle.dumps(MateGiven)) is MateGiven
    assert -Mate(3) == Mate(-3) and -Mate(0) is MateGiven and -Points(5) == Points(-5)
    assert Mate(3) != Points(3) and Points(3) == Points(3) and len({Points(3), Points(3), Mate(3)}) == 2
    assert Mate(3).mate() == 3 and Mate(-4).mate() == -4 and Points(1).mate() is None
    assert Mate(3).is_mate() and not Points(1).is_mate() and MateGiven.is_mate()
    assert Points(12).score() == 12 and Mate(2).score() is None
    assert Mate(2).score(mate_score=100) == 98 and Mate(-2).score(mate_score=100) == -98
    with pytest.raises(TypeError):
        Points(1.5)
    with pytest.raises(TypeError):
        Points(1) < 3


def test_engine_scores_convert_both_ways():
    for raw in (0, 250, -30_000, WIN_SCORE - 1, WIN_SCORE - 3, -(WIN_SCORE - 4), WIN_SCORE, -WIN_SCORE):
        assert from_engine(raw).score(mate_score=WIN_SCORE) == raw
    assert from_engine(WIN_SCORE - 3) == Mate(3) and from_engine(-(WIN_SCORE - 4)) == Mate(-4)


def test_pov_score_flips_for_the_other_side():
    pov = PovScore(Mate(3), yinsh.BLACK)
    assert pov.turn == 1 and type(pov.turn) is int
    assert pov.relative == pov.black() == pov.pov(yinsh.BLACK) == Mate(3)
    assert pov.white() == pov.pov(0) == Mate(-3)
    assert (-pov).black() == Mate(-3) and str(pov) == "win 3" and pov.is_mate()
    assert pickle.loads(pickle.dumps(pov)) == pov
    four = PovScore(Points(10), 2, players=4)
    assert four.pov(2) == Points(10)
    with pytest.raises(ValueError):
        four.pov(0)
    with pytest.raises(TypeError):
        PovScore(10, 0)


def test_analysis_scores_from_a_search():
    # White removes a ring after its third row: every removal wins at once.
    b = board("c7 f5 g8", "h5 i6 j8", "d5", "e5 f6", removed="2:0", phase="remove_ring", next_side="b")
    a = Engine(hash_mb=1).analyse(b, depth=2)
    assert a.turn == yinsh.WHITE and a.relative == Mate(1)
    assert a.pov_score.white() == Mate(1) and a.pov_score.black() == Mate(-1)
    quiet = Engine(hash_mb=1).analyse(yinsh.Board(MIDGAME), depth=2)
    assert quiet.relative == Points(quiet.score) and quiet.pov_score.white() == Points(quiet.score)
    assert pickle.loads(pickle.dumps(a)) == a


# multipv and searchmoves ------------------------------------------------------

def test_multipv_gives_distinct_moves_best_first():
    b = yinsh.Board(MIDGAME)
    engine = Engine(hash_mb=4)
    a = engine.analyse(b, depth=3, multipv=4)
    moves = [line.best_move for line in a.lines]
    assert len(moves) == 4 and len(set(moves)) == 4 and all(m in b.legal_moves for m in moves)
    assert [line.multipv for line in a.lines] == [1, 2, 3, 4]
    scores = [line.relative for line in a.lines]
    assert scores == sorted(scores, reverse=True)
    assert a.best_move == moves[0] and a.pv == a.lines[0].pv and a.lines[1].pv[0] == moves[1]
    # searches to depth 4 are exact alpha-beta: the first line has the single-line score
    assert a.score == engine.analyse(b, depth=3).score
    assert len(engine.analyse(b, depth=2).lines) == 1
    for bad, error in ((0, ValueError), (1000, ValueError), ("2", TypeError)):
        with pytest.raises(error):
            engine.analyse(b, depth=1, multipv=bad)


def test_multipv_beyond_the_legal_actions():
    b = board("c7 f5 g8", "h5 i6 j8", "d5", "e5 f6", removed="2:0", phase="remove_ring", next_side="b")
    a = Engine(hash_mb=1).analyse(b, depth=2, multipv=10)
    assert len(a.lines) == len(b.legal_moves) == 3


def test_searchmoves_restricts_the_root():
    b = yinsh.Board(MIDGAME)
    engine = Engine(hash_mb=4)
    best = engine.analyse(b, depth=3).best_move
    others = [m for m in b.legal_moves if m != best][:3]
    a = engine.analyse(b, depth=3, searchmoves=others)
    assert a.best_move in others
    with pytest.raises(TypeError, match=r"not text \('[a-k0-9x-]+'\): use board.parse_move"):
        engine.analyse(b, depth=3, searchmoves=[str(others[1])])          # text: as for push
    assert {line.best_move for line in engine.analyse(b, depth=2, searchmoves=others, multipv=5).lines} \
        == set(others)
    with pytest.raises(yinsh.IllegalMoveError):
        engine.analyse(b, depth=1, searchmoves=[yinsh.Move("e5")])    # a placement in the movement phase
    with pytest.raises(TypeError):
        engine.analyse(b, depth=1, searchmoves=[3])
    with pytest.raises(TypeError):
        engine.analyse(b, depth=1, searchmoves="c3-c4")
    with pytest.raises(ValueError):
        engine.analyse(b, depth=1, searchmoves=[])


def test_mcts_multipv_and_searchmoves():
    b = placed()
    engine = Engine(algorithm="mcts")
    a = engine.analyse(b, nodes=2000, multipv=2)
    assert a.algorithm == "mcts" and len(a.lines) == 2 and a.lines[0].best_move != a.lines[1].best_move
    assert -1000 <= a.score <= 1000 and a.relative == Points(a.score)
    some = list(b.legal_moves)[:2]
    assert engine.analyse(b, nodes=500, searchmoves=some).best_move in some


# The analysis handle -----------------------------------------------------------

def test_handle_yields_each_iteration_then_wait_returns_the_last():
    b = yinsh.Board(MIDGAME)
    engine = Engine(hash_mb=4)
    with engine.analysis(b, Limit(depth=5)) as handle:
        assert isinstance(handle, AnalysisHandle)
        infos = list(handle)
        final = handle.wait()
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5]
    assert final.depth == 5 and final.pv == infos[-1].pv and handle.info == final and handle.done
    assert list(handle) == []                               # an ended handle yields nothing more
    assert final.pv == engine.analyse(b, depth=5).pv        # the same search as analyse


def test_handle_searches_a_copy_of_the_board():
    b = placed()
    with Engine(hash_mb=4).analysis(b, depth=4) as handle:
        b.push(next(iter(b.legal_moves)))                   # the caller's board may change
        final = handle.wait()
    b.pop()
    assert final.best_move in b.legal_moves and b.ply == 10


def test_handle_stop_ends_the_search_quickly():
    b = placed()
    handle = Engine(hash_mb=16).analysis(b, Limit(depth=64))
    try:
        depths = []
        for info in handle:
            depths.append(info.depth)
            if info.depth >= 4:
                break
        assert depths == sorted(set(depths)) and depths[0] == 1
        time.sleep(0.05)
        t0 = time.perf_counter()
        handle.stop()
        final = handle.wait()
        assert time.perf_counter() - t0 < 0.2
        assert 4 <= final.depth < 64 and final.best_move in b.legal_moves
    finally:
        handle.stop()
        handle.wait()


def test_handle_stop_before_the_search_starts_is_not_lost():
    engine = Engine(hash_mb=1)
    handle = engine.analysis(placed(), depth=64)
    handle.stop()
    t0 = time.perf_counter()
    final = handle.wait()
    assert time.perf_counter() - t0 < 0.2 and final.depth >= 1      # iteration 1 always finishes


def test_handle_raises_errors_of_the_search_when_waited():
    b = placed()
    with pytest.raises(ValueError):
        Engine(hash_mb=1).analysis(b, depth=0)                     # checked at once
    with pytest.raises(TypeError):
        Engine(hash_mb=1).analysis("not a board", depth=1)


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("how", ["iterate", "wait"])
def test_ctrl_c_stops_the_handle_and_keeps_the_last_iteration(how):
    b = placed()
    engine = Engine(hash_mb=16)
    handle = engine.analysis(b, depth=64)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt) as caught:
            if how == "iterate":
                for _ in handle:
                    pass
            else:
                handle.wait()
            time.sleep(5)            # pragma: no cover (the search runs to depth 64 for hours)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert handle.done                                      # the worker has ended
    found = caught.value.analysis
    assert found is not None and found.best_move in b.legal_moves and found.depth >= 1
    assert engine.analyse(b, depth=2).depth == 2            # the engine is free again


# keep_tables --------------------------------------------------------------------

def test_tables_are_cleared_by_default_and_kept_on_request():
    b = yinsh.Board(MIDGAME)
    fresh = Engine(hash_mb=16)
    first = fresh.analyse(b, depth=5)
    assert fresh.analyse(b, depth=5).nodes == first.nodes   # deterministic: tables cleared
    keeping = Engine(hash_mb=16, keep_tables=True)
    assert keeping.keep_tables and "keep_tables=True" in repr(keeping)
    assert keeping.analyse(b, depth=5).nodes == first.nodes
    again = keeping.analyse(b, depth=5)
    assert again.nodes < first.nodes and again.best_move in b.legal_moves
    keeping.clear()
    assert keeping.analyse(b, depth=5).nodes == first.nodes
    with pytest.raises(TypeError):
        Engine(keep_tables=1)


def test_mcts_keeps_its_tree_between_moves():
    b = placed()
    engine = Engine(algorithm="mcts", keep_tables=True)
    a = engine.analyse(b, nodes=3000)
    b.push(a.best_move)
    assert engine.analyse(b, nodes=500).best_move in b.legal_moves


# Parameters ---------------------------------------------------------------------

def test_params_and_configure_check_names_and_ranges():
    engine = Engine(hash_mb=1, evaluation="classic")
    names = [p.name for p in engine.params()]
    assert names[:3] == ["lmr_depth", "lmr_ply", "lmr_move"] and "threat" not in names
    p = {p.name: p for p in engine.params(yinsh.Board)}["threat"]
    assert (p.value, p.default) == (2085, 2085) and p.lo < 0 < p.hi and p.doc
    engine.configure(lmr_depth=0, soft_time=0.5)
    engine.configure(yinsh.Board(), threat=250)
    got = {p.name: p.value for p in engine.params(yinsh.Board)}
    assert (got["lmr_depth"], got["soft_time"], got["threat"]) == (0, 0.5, 250)
    with pytest.raises(ValueError, match="between 0 and 64"):
        engine.configure(lmr_depth=65)
    with pytest.raises(ValueError, match="unknown parameter 'lmr'; known: .*lmr_depth"):
        engine.configure(lmr=1)
    with pytest.raises(TypeError):
        engine.configure(lmr_depth="1")
    with pytest.raises(ValueError, match="power of two"):
        engine.configure(poll_nodes=1000)
    assert {p.name: p.value for p in engine.params()}["lmr_depth"] == 0     # nothing changed
    with pytest.raises(ValueError, match="need the game"):
        Engine(hash_mb=1, evaluation="classic").configure(threat=1)     # a game's weight without the game
    with pytest.raises(ValueError, match="a weight of the classic evaluation; this engine's is 'learned'"):
        Engine(hash_mb=1).configure(yinsh.Board, threat=1)             # Yinsh's default: learned


def test_configured_engine_pickles_with_its_settings():
    engine = Engine(hash_mb=2, depth=3, keep_tables=True, evaluation="classic")
    engine.configure(yinsh.Board, threat=200, lmr_depth=1)
    copy = pickle.loads(pickle.dumps(engine))
    assert repr(copy) == repr(engine) == "Engine(hash_mb=2, depth=3, keep_tables=True, evaluation='classic')"
    got = {p.name: p.value for p in copy.params(yinsh.Board)}
    assert (got["threat"], got["lmr_depth"]) == (200, 1)
    b = placed()
    assert copy.analyse(b).pv == engine.analyse(b).pv


def test_a_game_can_have_its_own_defaults():
    # Yinsh's larger evaluation terms move its scores more between
    # iterations: a wider aspiration window (docs/search.md, fourth round)
    from yinsh import insert

    def window(board_type):
        return {p.name: p.default for p in Engine(hash_mb=0).params(board_type)}["aspiration_window"]

    assert (window(yinsh.Board), window(insert.Board)) == (1000, 300)


def test_configure_changes_the_search():
    b = yinsh.Board(MIDGAME)
    plain = Engine(hash_mb=4).analyse(b, depth=5)
    engine = Engine(hash_mb=4)
    engine.configure(lmr_depth=0)
    assert engine.analyse(b, depth=5).nodes != plain.nodes


def test_docs_parameter_tables_match_params():
    with open(DOCS, encoding="utf-8") as f:
        text = f.read()
    tables = dict(re.findall(r"<!-- params: (\w+) -->\n(.*?)<!-- end params -->", text, re.S))
    assert tables["alphabeta"] == params_table(Engine(hash_mb=0, evaluation="classic").params(yinsh.Board))
    assert tables["mcts"] == params_table(Engine(algorithm="mcts").params())


# yinsh match and yinsh analyse ------------------------------------------------------

def test_match_player_specs_take_parameters():
    player = parse_player("engine:depth=2,lmr_depth=0,threat=250,soft_time=0.5,evaluation=classic", {"depth": 3})
    assert player.limits == {"depth": 2} and isinstance(player.make, TunedEngineFactory)
    engine = player.make(1)
    got = {p.name: p.value for p in engine.params(yinsh.Board)}
    assert (got["lmr_depth"], got["threat"], got["soft_time"]) == (0, 250, 0.5)
    assert pickle.loads(pickle.dumps(player.make)) == player.make
    assert not isinstance(parse_player("engine:depth=2", {}).make, TunedEngineFactory)
    for spec, message in (("engine:lmr_depth=65", "between 0 and 64"), ("engine:lmr=0", "lmr_depth"),
                          ("engine:evaluation=classic,threat=x", "not a number"),
                          ("engine:threat=1", "a weight of the classic evaluation .*add evaluation=classic"),
                          ("engine:evaluation=classic,threat=1,threat=2", "twice"),
                          ("engine:poll_nodes=3", "power of two")):
        with pytest.raises(CommandError, match=message):
            parse_player(spec, {})


def test_match_command_with_parameters(capsys):
    assert main(["match", "engine:depth=1,lmr_depth=0,threat=250,evaluation=classic", "random", "--games", "2",
                 "--variant", "blitz"]) == 0
    assert "W/D/L (A)" in capsys.readouterr().out
    assert main(["match", "engine:depth=1,threat=1000000,evaluation=classic", "random"]) == 2   # before any game
    err = capsys.readouterr()
    assert "between" in err.err and "game 1" not in err.out


def test_cli_analyse_multipv(capsys):
    assert main(["analyse", "--moves", PLACED, "--depth", "3", "--multipv", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 * 3 + 1 and lines[-1].startswith("bestmove ")
    for depth in (1, 2, 3):
        block = lines[3 * (depth - 1):3 * depth]
        assert block[0].startswith(f"depth {depth} seldepth")
        assert [line.split()[:4] for line in block[1:]] == [["depth", str(depth), "multipv", "2"],
                                                           ["depth", str(depth), "multipv", "3"]]
        firsts = [line.split()[line.split().index("pv") + 1] for line in block]
        assert len(set(firsts)) == 3
    assert lines[-1].split()[1] == lines[-4].split()[lines[-4].split().index("pv") + 1]


def test_cli_analyse_threads_and_mcts(capsys):
    assert main(["analyse", "--moves", PLACED, "--depth", "3", "--threads", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("bestmove ")
    assert main(["analyse", "--moves", PLACED, "--nodes", "1500", "--algorithm", "mcts"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("bestmove ")
    assert main(["analyse", "--algorithm", "mcts", "--threads", "2"]) == 2
    with pytest.raises(SystemExit) as exited:
        main(["analyse", "--multipv", "0"])
    assert exited.value.code == 2


def test_docs_examples_of_the_python_api_run():
    """The examples of docs/search.md from its start to "Depth and score"
    run as one doctest (the later ones play matches and write files)."""
    import doctest
    with open(DOCS, encoding="utf-8") as f:
        text = f.read().split("## Depth and score")[0]
    python = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(python, {}, "search.md", DOCS, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10


def test_the_api_serves_another_game():
    """The toy dice game (yinsh.toys.dice), registered: no Yinsh import in the engine layer."""
    from yinsh import games
    from yinsh.toys.dice import GAMBLE, STEP
    from yinsh.toys.dice.board import Board as DiceBoard
    from yinsh.toys.dice.game import DiceGame
    games.register(DiceGame())
    try:
        position = DiceBoard("7/9 0 - 10")
        engine = Engine(hash_mb=1)
        a = engine.analyse(position, Limit(depth=4), multipv=2)
        assert a.best_move == GAMBLE and {line.best_move for line in a.lines} == {GAMBLE, STEP}
        assert engine.analyse(position, depth=4, searchmoves=[STEP]).best_move == STEP
        with engine.analysis(position, depth=3) as handle:
            assert [info.depth for info in handle] == [1, 2, 3]
        final = handle.wait()
        assert final.turn == position.turn and final.pov_score.pov(position.turn) == final.relative
    finally:
        games.unregister("dice")


# str(Analysis): a line for people ------------------------------------------------

def test_str_of_an_analysis_names_the_side_and_rounds():
    b = placed()
    a = Engine(hash_mb=1).analyse(b, depth=3, multipv=3)
    text = str(a)
    assert text.startswith(f"depth 3, score {a.relative} for White, best {a.best_move}, pv ")
    assert a.turn is yinsh.WHITE and repr(a).count("turn=<Color.WHITE: 0>") == 4   # a and its 3 lines
    assert re.search(r", [\d,]+ nodes in \d+(\.\d+)? m?s, 3 lines: ", text), text
    assert f"{a.nodes:,} nodes" in text and "\n" not in text and "Analysis(" not in text
    assert text.endswith(", ".join(f"{line.best_move} {line.relative}" for line in a.lines))
    assert pickle.loads(pickle.dumps(a)).turn is yinsh.WHITE


def test_str_of_an_analysis_of_other_games():
    from yinsh import insert, ludo
    four = ludo.Board()
    for text in ("r6", "r3"):
        four.push_str(text)
    assert re.fullmatch(r"mcts, score [+-]\d+ for Green, best s-3, pv s-3.*, 300 playouts in .*",
                        str(Engine().analyse(four, nodes=300)))
    assert " for White, best " in str(Engine(hash_mb=1).analyse(insert.Board(), depth=2))
    over = ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")
    assert str(Engine().analyse(over, nodes=10)).endswith("no move: the game is over")
