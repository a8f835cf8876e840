"""Engine levels (issue 50): ``Engine(level=N, seed=S)``, the levels of each
game (``levels.json``), the weakness-weighted choice, and the levels in
``yinsh match``, ``yinsh play`` and the UGI engine."""
from __future__ import annotations

import io
import json
import pickle
import random
import subprocess
import sys
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import games, insert, ludo
from yinsh.cli.search import parse_player
from yinsh.engine import Engine
from yinsh.engine.levels import LEVELS, MAX_LEVEL, Level, check_level, choose, levels_for
from yinsh.engine.match import EngineFactory, run_match, Contestant
from yinsh.engine.session import Seat, Session
from yinsh.engine.wdl import Wdl, game_file


def midgame() -> yinsh.Board:
    board = yinsh.Board()
    for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7 e10-h10".split():
        board.push_str(text)
    return board


def play(white: Engine, black: Engine, board: object) -> list[str]:
    session = Session(board, [Seat(white, name="white"), Seat(black, name="black")])
    session.advance()
    return [str(move) for move in session.board.move_stack]


@pytest.mark.parametrize("bad", [0, 9, -1, 100])
def test_a_level_outside_1_to_8_is_a_value_error(bad: int) -> None:
    with pytest.raises(ValueError, match="level must be between 1 and 8"):
        Engine(level=bad)


@pytest.mark.parametrize("bad", ["3", 3.0, True, None])
def test_a_level_that_is_not_an_int_is_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="level must be an int"):
        Engine(level=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be an int"):
        Engine(level=3, seed="x")  # type: ignore[arg-type]


def test_level_8_is_the_full_engine() -> None:
    board = midgame()
    full, eight = Engine(hash_mb=1).analyse(board, depth=3), Engine(hash_mb=1, level=8).analyse(board, depth=3)
    assert (full.best_move, full.nodes, len(full.lines)) == (eight.best_move, eight.nodes, 1)
    assert Engine().level == 8 and repr(Engine(level=8)) == repr(Engine())


@pytest.mark.parametrize("game,board", [("yinsh", midgame), ("insert", insert.Board)])
def test_a_level_searches_at_most_its_nodes_and_its_lines(game: str, board: type) -> None:
    position = board()
    for level in levels_for(games.get(game))[3:7]:           # caps of 1000 nodes and more
        assert level.nodes is not None
        analysis = Engine(hash_mb=1, level=level.number).analyse(position, nodes=10**7)
        assert analysis.nodes <= level.nodes * 1.05          # the search checks its limit now and then
        assert len(analysis.lines) == min(level.lines, position.legal_moves.count())
        fewer = Engine(hash_mb=1, level=level.number).analyse(position, nodes=500)
        assert fewer.nodes < analysis.nodes                      # a smaller limit still holds


def test_the_mcts_is_capped_at_the_levels_playouts() -> None:
    board = ludo.Board(players=4)
    rng = random.Random(3)
    while board.is_chance() or board.legal_moves.count() < 2:
        board.push(rng.choice(list(board.legal_moves)))
    level = Engine(level=2).level_for(board)
    analysis = Engine(level=2, seed=1).analyse(board, nodes=10**6)
    assert analysis.algorithm == "mcts" and level.playouts is not None
    assert analysis.nodes <= level.playouts
    assert Engine(level=2, seed=1).best_move(board) in board.legal_moves


def test_a_seeded_level_plays_the_same_game_and_other_seeds_other_games() -> None:
    board = yinsh.Board(variant="blitz")
    first = play(Engine(hash_mb=1, level=2, seed=5), Engine(hash_mb=1, level=3, seed=6), board.copy())
    again = play(Engine(hash_mb=1, level=2, seed=5), Engine(hash_mb=1, level=3, seed=6), board.copy())
    assert first == again
    others = {tuple(play(Engine(hash_mb=1, level=2, seed=s), Engine(hash_mb=1, level=3, seed=s + 1),
                         board.copy())) for s in range(7, 10)}
    assert tuple(first) not in others or len(others) > 1


def test_a_level_plays_one_of_its_best_lines() -> None:
    board = midgame()
    engine = Engine(hash_mb=1, level=1, seed=2)
    analysis = engine.analyse(board)
    best = [line.best_move for line in analysis.lines]
    picks = {engine.choose(board, analysis) for _ in range(60)}
    assert picks <= set(best) and len(picks) > 1           # a weak level varies among them
    master = Engine(hash_mb=1, level=7)
    assert {master.choose(board, analysis) for _ in range(20)} == {analysis.best_move}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=8), st.integers(1, 8), st.integers(0, 2**32))
def test_choose_picks_among_the_levels_lines_and_the_best_without_weakness(
        wins: list[int], number: int, seed: int) -> None:
    lines = [SimpleNamespace(wdl=Wdl(w, 0, 1000 - w)) for w in sorted(wins, reverse=True)]
    level = LEVELS[number - 1]
    index = choose(lines, level, random.Random(seed))
    assert 0 <= index < min(len(lines), level.lines)
    assert choose(lines, Level(9, "x", None, None, 4, 0), random.Random(seed)) == 0


def test_an_engine_with_a_level_pickles_and_goes_on_with_its_choices() -> None:
    board = midgame()
    engine = Engine(hash_mb=1, level=1, seed=11)
    analysis = engine.analyse(board)
    engine.choose(board, analysis)
    copy = pickle.loads(pickle.dumps(engine))
    assert (copy.level, copy.seed, repr(copy)) == (1, 11, repr(engine))
    assert [engine.choose(board, analysis) for _ in range(10)] == [copy.choose(board, analysis) for _ in range(10)]
    factory = EngineFactory(4, level=3)
    assert pickle.loads(pickle.dumps(factory)) == factory and factory(9).seed == 9
    assert EngineFactory(4)(9).seed is None


@pytest.mark.parametrize("game", ["yinsh", "insert"])
def test_the_measured_ladder_meets_the_goals(game: str) -> None:
    """The levels.json written by benchmarks/levels.py: each level scored at
    least 0.6 against the level below, level 1 at least 0.9 against the
    random player, the Elo steps are within 70..350, and each interval
    holds its Elo."""
    levels = levels_for(games.get(game))
    elos = [level.elo for level in levels]
    assert all(elo is not None for elo in elos), "benchmarks/levels.py --write has not been run"
    path = game_file(games.get(game), "levels.json")
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    scores = [data["levels"][str(level.number)]["score"] for level in levels]
    assert scores[0] >= 0.9 and min(scores[1:]) >= 0.6, scores
    steps = [b - a for a, b in zip(elos, elos[1:])]             # type: ignore[operator]
    assert all(70 <= step <= 350 for step in steps), steps
    for level in levels:
        assert level.low is not None and level.low <= level.elo   # type: ignore[operator]
        assert level.high is None or level.elo <= level.high      # type: ignore[operator]


def test_match_takes_engine_level() -> None:
    contestant = parse_player("engine:level=2", {}, games.get("insert"))
    assert contestant.make(4).level == 2 and contestant.make(4).seed == 4
    # the match's default depth is not the user's: a level plays its own budget, a given limit holds
    assert parse_player("engine:level=2", {"depth": 3}, games.get("insert"), implicit=True).limits == {}
    assert parse_player("engine:level=2", {"depth": 3}, games.get("insert")).limits == {"depth": 3}
    assert parse_player("engine", {"depth": 3}, games.get("insert"), implicit=True).limits == {"depth": 3}
    tuned = parse_player("engine:level=3,evaluation=classic", {}, games.get("yinsh"))
    assert tuned.make(1).level == 3
    result = run_match(contestant, Contestant("random", insert.players.RandomPlayer), 4, board=insert.Board())
    assert len(result.games) == 4
    with pytest.raises(Exception, match="level: must be between 1 and 8"):
        parse_player("engine:level=0", {}, games.get("yinsh"))


def test_play_takes_a_level() -> None:
    out = subprocess.run([sys.executable, "-m", "yinsh", "play", "--game", "insert", "--level", "2"],
                         input="quit\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "(level 2, Novice, at most 1 s a move)" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "yinsh", "play", "--level", "9"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "--level: must be between 1 and 8, not 9" in bad.stderr
    ludo_seats = subprocess.run([sys.executable, "-m", "yinsh", "play", "--game", "ludo", "--level", "3"],
                                capture_output=True, text=True, timeout=60)
    assert ludo_seats.returncode == 2 and "--level is not an option of ludo play" in ludo_seats.stderr


def test_ugi_level_option() -> None:
    from yinsh.ugi.server import UgiServer
    out = io.StringIO()
    server = UgiServer(games.get("insert"), out)
    for line in ("setoption name Level value 1", "setoption name Seed value 3", "position startpos",
                 "go nodes 100000"):
        server.command(line)
    server.wait()
    server.command("setoption name Level value 0")
    lines = out.getvalue().splitlines()
    move = next(line for line in lines if line.startswith("bestmove")).split()[1]
    assert insert.Move.from_str(move) in insert.Board().legal_moves
    assert "info string error: setoption Level: must be between 1 and 8, not 0" in lines
    assert check_level(MAX_LEVEL) == 8


def _ladder_module() -> object:
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "levels.py"
    spec = importlib.util.spec_from_file_location("levels_ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DOCS = __import__("pathlib").Path(__file__).resolve().parents[1] / "docs" / "levels.md"


@pytest.mark.parametrize("game", ["yinsh", "insert"])
def test_docs_show_the_measured_tables(game: str) -> None:
    """docs/levels.md's tables are benchmarks/levels.py --table of each
    game's levels.json (run it after --write)."""
    assert _ladder_module().table(games.get(game)) in DOCS.read_text(encoding="utf-8")  # type: ignore[attr-defined]


def test_docs_examples_run() -> None:
    import doctest
    failures, attempted = doctest.testfile(str(DOCS), module_relative=False,
                                           optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failures == 0


def test_the_ladder_adds_rungs_and_their_intervals() -> None:
    ladder = _ladder_module().ladder                            # type: ignore[attr-defined]
    rungs = [(k, k + 1, 0.75, (100.0 + k, 50.0 + k, 150.0 + k)) for k in range(8)]
    table = ladder(rungs)
    assert table["1"] == {"elo": 100, "low": 50, "high": 150, "score": 0.75}
    assert table["2"]["elo"] == 201 and table["2"]["low"] == round(201 - 50 * 2 ** 0.5)
    rungs[0] = (0, 1, 1.0, (500.0, 300.0, float("inf")))       # level 1 won every game
    assert ladder(rungs)["8"]["high"] is None
