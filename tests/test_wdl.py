"""Win/draw/loss (yinsh.engine.wdl): the Wdl value, the games' stored
models, every analysis's wdl and win chances, and the refit script."""
from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import yinsh
from yinsh import games, insert, ludo
from yinsh.engine import wdl as W
from yinsh.engine.info import WIN_SCORE

ROOT = Path(__file__).resolve().parents[1]


def test_wdl_value_checks_sums_and_negates():
    w = yinsh.Wdl(620, 100, 280)
    assert (w.wins, w.draws, w.losses) == (620, 100, 280)
    assert w.expectation() == pytest.approx(0.67)
    assert -w == yinsh.Wdl(280, 100, 620) and -(-w) == w
    assert str(w) == "620/100/280"
    assert pickle.loads(pickle.dumps(w)) == w
    assert yinsh.engine.Wdl is yinsh.Wdl
    with pytest.raises(ValueError):
        yinsh.Wdl(500, 0, 499)
    with pytest.raises(ValueError):
        yinsh.Wdl(1001, 0, -1)
    with pytest.raises(TypeError):
        yinsh.Wdl(500.0, 0, 500)          # type: ignore[arg-type]
    with pytest.raises(TypeError):
        yinsh.Wdl(True, 0, 999)           # type: ignore[arg-type]


@pytest.mark.parametrize("key", [("yinsh", "classic"), ("yinsh", "learned"), ("insert", "classic"),
                                 ("ludo", "classic")])
def test_stored_models_load(key):
    game, evaluation = key
    kind = games.get(game)
    path = W.model_path(kind)
    assert path is not None and path.is_file(), path
    json.loads(path.read_text())
    players = 2
    model = W.model_for(kind, evaluation, "alphabeta", players)
    assert model is not None
    assert model.draws == (game == "yinsh")


def test_ludo_mcts_models_load():
    kind = games.get("ludo")
    for players in (3, 4):
        model = W.model_for(kind, "classic", "mcts", players)
        assert model is not None and not model.draws


@pytest.mark.parametrize("model", [W.WdlModel(True, (300.0, 100.0), (8000.0, -3000.0)),
                                   W.WdlModel(False, (0.0,), (400.0,))])
def test_model_sums_is_monotone_and_symmetric(model):
    for progress in (0.0, 0.3, 1.0):
        last = None
        for s in range(-40000, 40001, 500):
            w = model.wdl(s, progress)
            assert w.wins + w.draws + w.losses == 1000
            if last is not None:
                assert w.wins >= last.wins and w.losses <= last.losses
                assert w.expectation() >= last.expectation() - 1e-9
            last = w
            other = model.wdl(-s, progress)
            assert abs(other.wins - w.losses) <= 1 and abs(other.losses - w.wins) <= 1


def test_no_draw_game_has_no_draws():
    kind = games.get("insert")
    model = W.model_for(kind, "classic")
    assert model is not None and not model.draws
    assert model.wdl(0, 0.5) == yinsh.Wdl(500, 0, 500)


def test_proven_results():
    model = W.WdlModel(True, (300.0,), (8000.0,))
    assert W.wdl_of(WIN_SCORE - 3, model, 0.5) == yinsh.Wdl(1000, 0, 0)
    assert W.wdl_of(-(WIN_SCORE - 4), model, 0.5) == yinsh.Wdl(0, 0, 1000)
    assert W.wdl_of(WIN_SCORE - 3, None, 0.5) == yinsh.Wdl(1000, 0, 0)
    assert W.wdl_of(120, None, 0.5) is None               # a game without a model


def _yinsh_middle() -> yinsh.Board:
    board = yinsh.Board()
    for text in "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7".split():
        board.push_str(text)
    return board


@pytest.mark.parametrize("evaluation", ["classic", "learned"])
def test_every_yinsh_analysis_has_wdl(evaluation):
    engine = yinsh.Engine(hash_mb=1, evaluation=evaluation)
    infos = []
    a = engine.analyse(_yinsh_middle(), depth=3, multipv=3, on_info=infos.append)
    for x in [a] + a.lines + infos:
        assert x.wdl is not None and sum((x.wdl.wins, x.wdl.draws, x.wdl.losses)) == 1000
        assert len(x.win_chances) == 2
        assert sum(x.win_chances) == pytest.approx(1 - x.wdl.draws / 1000, abs=1e-6)
    assert a.lines[0].wdl.expectation() >= a.lines[2].wdl.expectation()
    assert pickle.loads(pickle.dumps(a)).wdl == a.wdl
    with engine.analysis(_yinsh_middle(), depth=2) as handle:
        assert all(info.wdl is not None for info in handle)


def test_mate_is_certain():
    # a won position: the side to act removes its third ring
    engine = yinsh.Engine(hash_mb=1)
    board = yinsh.Board(variant="blitz")
    rng = random.Random(3)
    while not board.is_game_over():
        a = engine.analyse(board, depth=2)
        if a.mate is not None:
            assert a.wdl == (yinsh.Wdl(1000, 0, 0) if a.mate > 0 else yinsh.Wdl(0, 0, 1000))
            return
        board.push(rng.choice(list(board.legal_moves)) if board.ply < 10 else a.best_move)
    pytest.fail("no proven result found")


def test_finished_game_wdl():
    engine = yinsh.Engine(hash_mb=1)
    board = insert.Board.random(1)
    while not board.is_game_over():
        board.push(engine.best_move(board, depth=1))
    a = engine.analyse(board, depth=1)
    assert a.wdl in (yinsh.Wdl(1000, 0, 0), yinsh.Wdl(0, 0, 1000), yinsh.Wdl(0, 1000, 0))


def test_insert_analysis_has_wdl():
    a = yinsh.Engine(hash_mb=1).analyse(insert.Board.random(5), depth=3, multipv=2)
    assert all(x.wdl is not None and x.wdl.draws == 0 for x in [a] + a.lines)
    assert sum(a.win_chances) == pytest.approx(1.0)


def test_ludo_two_players_win_chances():
    a = yinsh.Engine(hash_mb=1).analyse(ludo.Board(players=2), depth=3)
    assert a.chance and a.wdl is not None
    assert all(line.wdl is not None for line in a.lines)
    assert len(a.win_chances) == 2 and sum(a.win_chances) == pytest.approx(1.0)


@pytest.mark.parametrize("players", [3, 4])
def test_ludo_mcts_win_chances(players):
    board = ludo.Board(players=players)
    rng = random.Random(players)
    engine = yinsh.Engine()
    for _ in range(30):                 # a throw, then moves
        if board.is_chance():
            board.throw(rng)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    a = engine.analyse(board, nodes=1500)
    assert a.algorithm == "mcts" and a.wdl is not None
    assert len(a.win_chances) == players and sum(a.win_chances) == pytest.approx(1.0, abs=1e-4)
    seat = list(board.players).index(board.turn)
    assert a.win_chances[seat] == pytest.approx(a.wdl.wins / 1000)
    assert all(0 <= c <= 1 for c in a.win_chances)


def test_mcts_without_model_reads_mean_result():
    assert W.mean_result_wdl(1000) == yinsh.Wdl(1000, 0, 0)
    assert W.mean_result_wdl(-1000, players=3) == yinsh.Wdl(0, 0, 1000)
    a = yinsh.Engine(algorithm="mcts").analyse(yinsh.Board(variant="blitz"), nodes=300)
    assert a.wdl is not None


def test_plugin_without_model_has_no_wdl(monkeypatch):
    kind = games.get("insert")
    monkeypatch.setattr(W, "model_for", lambda *args, **kwargs: None)
    a = yinsh.Engine(hash_mb=1).analyse(insert.Board.random(2), depth=2)
    assert a.wdl is None and a.win_chances == ()
    assert kind is not None


def test_cli_info_lines_show_wdl():
    from yinsh.cli.search import info_line
    a = yinsh.Engine(hash_mb=1).analyse(_yinsh_middle(), depth=2)
    line = info_line(a)
    assert f" wdl {a.wdl.wins} {a.wdl.draws} {a.wdl.losses} " in line


def test_refit_script_runs_end_to_end(tmp_path):
    out = tmp_path / "wdl.json"
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "wdl_fit.py"), "insert-classic",
                             "--games", "6", "--nodes", "300", "--data", str(tmp_path / "data"),
                             "--write", "--out", str(out)],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "| decile |" in result.stdout and "Brier" in result.stdout
    stored = json.loads(out.read_text())
    model = W.WdlModel.from_dict(stored["classic"])
    assert not model.draws and model.b[0] > 0
