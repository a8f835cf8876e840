"""yinsh.distributed with local worker processes: self-play shards for each
game, a killed worker, Ctrl-C and resume, batch analysis, the command line."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from distributed_helpers import JOBS, check_shards_replay, manifest, shard_hashes
from helpers import sigint_default
from yinsh import insert, record
from yinsh import cli
from yinsh.distributed import EngineSpec, ManifestError, load_shards, run_items, selfplay
from yinsh.distributed.analysis import analyse_games
from yinsh.distributed.backend import in_order
from yinsh.distributed.selfplay import Settings
from yinsh.engine import Engine


def _die_once(item):
    """Kills its own worker process the first time it sees item 3 (a marker
    file in the folder item[0] remembers that it did)."""
    folder, i = item
    marker = os.path.join(folder, "died")
    if i == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(9)
    return i * i


def _fails(i):
    if i == 2:
        raise KeyError("item two is bad")
    return i


def test_backend_runs_every_item_once_even_when_a_worker_dies(tmp_path):
    items = [(str(tmp_path), i) for i in range(8)]
    got = sorted(run_items(_die_once, items, workers=2))
    assert got == [(i, i * i) for i in range(8)]
    assert os.path.exists(tmp_path / "died")
    assert list(in_order(run_items(_fails, [0, 1], workers=2))) == [0, 1]
    with pytest.raises(KeyError, match="item two is bad"):
        list(run_items(_fails, list(range(5)), workers=2))
    with pytest.raises(ValueError, match="workers"):
        run_items(abs, [1], workers=0)


@pytest.mark.parametrize("game, engine, options", JOBS, ids=[j[0] for j in JOBS])
def test_selfplay_in_local_processes_matches_one_process_and_replays(tmp_path, game, engine, options):
    settings = Settings(game, 4, engine, games_per_shard=2, sample_plies=6, **options)
    kwargs = dict(games_per_shard=2, sample_plies=6, **options)
    one = selfplay(game, 4, engine, tmp_path / "one", **kwargs)
    two = selfplay(game, 4, engine, tmp_path / "two", workers=2, **kwargs)
    assert one.complete and two.complete and one.games == two.games == 4
    assert shard_hashes(tmp_path / "one") == shard_hashes(tmp_path / "two")
    data = manifest(tmp_path / "two")
    assert data["complete"] and data["settings"]["game"] == game and data["version"]
    check_shards_replay(tmp_path / "two", settings)


def test_a_killed_worker_is_replaced_and_every_game_is_played_once(tmp_path):
    out = tmp_path / "job"
    kwargs = dict(games_per_shard=1, sample_plies=10)
    killed = []

    def killer():
        while not killed:
            children = multiprocessing.active_children()
            shards = [f for f in os.listdir(out) if f.startswith("shard")] if out.exists() else []
            if children and shards:
                os.kill(children[0].pid, signal.SIGKILL)
                killed.append(len(shards))
            time.sleep(0.005)

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    report = selfplay("yinsh", 12, "alphabeta:depth=2", out, workers=2, **kwargs)
    thread.join(timeout=5)
    assert killed and killed[0] < 12 - 4                 # the worker held games when it died
    assert report.complete and report.games == 12
    check_shards_replay(out, Settings("yinsh", 12, "alphabeta:depth=2", **kwargs))
    serial = selfplay("yinsh", 12, "alphabeta:depth=2", tmp_path / "serial", **kwargs)
    assert serial.complete and shard_hashes(out) == shard_hashes(tmp_path / "serial")


def test_ctrl_c_then_the_same_command_gives_the_uninterrupted_job(tmp_path):
    out = tmp_path / "job"
    argv = ["--game", "yinsh", "--games", "16", "--engine", "alphabeta:depth=2",
            "--games-per-shard", "1", "--sample-plies", "10", "--workers", "2", "--quiet"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, "-m", "yinsh", "selfplay", *argv, "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             preexec_fn=sigint_default)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if (out / "manifest.json").exists() and manifest(out)["units"]:
            break
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert time.monotonic() - sent < 5
    assert "run the same command to resume" in err
    stopped = manifest(out)
    assert not stopped["complete"] and 0 < len(stopped["units"]) < 16
    assert cli.main(["selfplay", *argv, "--out", str(out)]) == 0
    assert manifest(out)["complete"]
    whole = tmp_path / "whole"
    assert cli.main(["selfplay", *argv, "--out", str(whole)]) == 0
    assert shard_hashes(out) == shard_hashes(whole) and len(shard_hashes(whole)) == 16
    assert not [f for f in os.listdir(out) if f.startswith(".tmp")]
    with pytest.raises(ManifestError, match="belongs to another job: games is 16 there, 17 here"):
        selfplay("yinsh", 17, "alphabeta:depth=2", out, games_per_shard=1, sample_plies=10)


def test_policy_targets_mcts_visits_and_alphabeta_softmax(tmp_path):
    selfplay("insert", 2, "mcts:nodes=200", tmp_path / "m", sample_plies=0)
    selfplay("insert", 2, "alphabeta:depth=2,temp=40", tmp_path / "a", sample_plies=0)
    m, a = load_shards(tmp_path / "m"), load_shards(tmp_path / "a")
    start = insert.Board(str(m["game_starts"][0]))
    analysis = Engine(algorithm="mcts").analyse(start, nodes=200)
    visits = np.zeros(len(start.legal_action_mask()))
    for move, n, _ in analysis.visits:
        visits[insert.move_to_action(move)] = n
    assert np.allclose(m["policy"][0], visits / visits.sum())
    start = insert.Board(str(a["game_starts"][0]))
    lines = Engine().analyse(start, depth=2, multipv=len(start.legal_actions())).lines
    scores = np.full(len(visits), -np.inf)
    for line in lines:
        scores[insert.move_to_action(line.best_move)] = line.score
    expected = np.exp((scores - scores.max()) / 40)
    assert np.allclose(a["policy"][0], expected / expected.sum(), atol=1e-6)
    assert a["action"][0] == insert.move_to_action(lines[0].best_move)    # no sampling: the best


def test_analyse_games_scores_every_action_and_resumes(tmp_path):
    path = tmp_path / "games.txt"
    games = [record.Game("d2 d3 e6 d6 i6 e10 k7 g10 f6 h7".split(), {"Variant": "blitz"}),
             record.Game(["c3", "c5", "e5"], {"Game": "insert", "Layout": "12"})]
    record.write(games, path)
    out = tmp_path / "out.jsonl"
    report, summaries = analyse_games([path], out, "alphabeta:depth=2", workers=2)
    assert report.complete and [s["actions"] for s in summaries] == [10, 3]
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    actions = [x for x in lines if x["type"] == "action"]
    assert [x["move"] for x in actions] == [str(m) for g in games for m in g.actions]
    for x in actions:
        assert x["drop"] == x["score"] - x["played_score"] and x["blunder"] == (x["drop"] >= 300)
        assert x["drop"] >= 0 or x["move"] != x["best"]
    again, _ = analyse_games([path], out, "alphabeta:depth=2")
    assert again.skipped == 2 and again.ran == 0
    assert cli.main(["analyse-games", str(path), "--out", str(tmp_path / "cli.jsonl"),
                     "--engine", "alphabeta:depth=2", "--workers", "1", "--quiet"]) == 0
    assert (tmp_path / "cli.jsonl").read_text() == out.read_text()


@pytest.mark.parametrize("argv, message", [
    (["selfplay", "--games", "0", "--out", "x"], "--games"),
    (["selfplay", "--games", "2", "--out", "x", "--engine", "mcts:depth=2"], "mcts takes nodes"),
    (["selfplay", "--games", "2", "--out", "x", "--engine", "alphabeta:time=1"], "a time limit"),
    (["selfplay", "--games", "2", "--out", "x", "--workers", "0"], "--workers"),
    (["selfplay", "--games", "2", "--game", "ludo", "--engine", "alphabeta:depth=1", "--out", "{tmp}/l"], "use an mcts engine"),
    (["selfplay", "--games", "2", "--game", "insert", "--players", "3", "--out", "{tmp}/i"],
     "a game of two"),
    (["analyse-games", "{tmp}/missing.txt", "--out", "{tmp}/o"], "No such file"),
])
def test_cli_bad_options(tmp_path, capsys, argv, message):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def _error_of(capsys, argv):
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    return err.strip().partition(": error: ")[2]


@pytest.mark.parametrize("case", ["missing", "folder", "unreadable", "bad record", "empty"])
def test_analyse_games_file_errors_are_worded_as_show_and_replay(tmp_path, capsys, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    good = tmp_path / "good.txt"
    good.write_text('[Game "insert"]\n[Layout "12"]\n\n1. c3 c5 *\n')
    name = {"missing": "missing.txt", "folder": "games", "unreadable": "locked.txt",
            "bad record": "bad.txt", "empty": "empty.txt"}[case]
    if case == "folder":
        (tmp_path / name).mkdir()
    elif case == "bad record":
        (tmp_path / name).write_text("1. zz9 *\n")
    elif case in ("empty", "unreadable"):
        (tmp_path / name).write_text("")
    if case == "unreadable":        # also as root, who may read any file
        real = record.read

        def read(path):
            if os.fspath(path) == name:
                raise PermissionError(13, "Permission denied", name)
            return real(path)
        monkeypatch.setattr(record, "read", read)
    expected = {"missing": f"cannot read {name}: No such file or directory",
                "folder": f"cannot read {name}: Is a directory",
                "unreadable": f"cannot read {name}: Permission denied",
                "bad record": f"{name}: line 1, turn 1 (White): ",
                "empty": f"{name}: no game in the file"}[case]
    words = [_error_of(capsys, ["replay", name]), _error_of(capsys, ["show", "--record", name]),
             _error_of(capsys, ["analyse-games", "good.txt", name, "--out", "o.jsonl", "--workers", "1",
                                "--quiet"])]
    assert words[0].startswith(expected) and words == [words[0]] * 3, words
    assert not (tmp_path / "o.jsonl.parts").exists()            # refused before any work


@pytest.mark.parametrize("command, out, words", [
    ("selfplay", "good.txt", "cannot write good.txt: Not a directory"),
    ("selfplay", "good.txt/sub", "cannot write good.txt/sub: Not a directory"),
    ("analyse-games", "folder", "cannot write folder: Is a directory"),
    ("analyse-games", "good.txt/o.jsonl", "cannot write good.txt/o.jsonl: Not a directory"),
])
def test_output_file_errors_name_the_file(tmp_path, capsys, monkeypatch, command, out, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.txt").write_text('[Game "insert"]\n[Layout "12"]\n\n1. c3 c5 *\n')
    (tmp_path / "folder").mkdir()
    argv = {"selfplay": ["selfplay", "--game", "insert", "--games", "1", "--engine", "alphabeta:depth=1",
                         "--out", out, "--workers", "1", "--quiet"],
            "analyse-games": ["analyse-games", "good.txt", "--out", out, "--workers", "1",
                              "--quiet"]}[command]
    assert _error_of(capsys, argv) == words


LOST = "3B/6B/7B/8B/9B/3W5/W3w5/W3w4/W3w3/W3w2/4 b move - 0:0 0 blitz"   # White threatens five
WINNING = LOST.replace(" b move", " w move")                              # White to make it


@pytest.mark.parametrize("text, engine, said", [
    (f'[Variant "blitz"]\n[Position "{LOST}"]\n\n1... j11-j10 *\n', "alphabeta:depth=4",
     "j11-j10 (best k9-d2 -2500, played loss 4)"),                       # into a lost game
    (f'[Variant "blitz"]\n[Position "{WINNING}"]\n\n1. a2-b2 *\n',
     "alphabeta:depth=3", "a2-b2 (best e6-e7 win 3, played +"),          # a win missed
])
def test_analyse_games_shows_proven_ends_as_mates(tmp_path, capsys, text, engine, said):
    path = tmp_path / "game.txt"
    path.write_text(text)
    out = tmp_path / "out.jsonl"
    assert cli.main(["analyse-games", str(path), "--out", str(out), "--engine", engine,
                     "--workers", "1", "--quiet"]) == 0
    printed = capsys.readouterr().out.splitlines()[0]
    assert said in printed and "drop" not in printed, printed
    action, summary = [json.loads(line) for line in out.read_text().splitlines()]
    assert abs(action["drop"]) > 990_000                    # the JSON keeps the engine's ints
    assert {k: summary["worst"][k] for k in ("score", "played_score", "drop")} == \
        {k: action[k] for k in ("score", "played_score", "drop")}


def test_engine_spec_round_trips():
    for text in ("alphabeta:depth=3,hash=4,temp=25,lines=8", "mcts:nodes=100,hash=1",
                 "alphabeta:depth=2,evaluation=learned", "mcts:nodes=50,evaluation=learned"):
        spec = EngineSpec.parse(text)
        assert EngineSpec.parse(str(spec)) == spec
    assert EngineSpec.parse("alphabeta:evaluation=learned").engine().evaluation == "learned"
    assert EngineSpec.parse("alphabeta:depth=1").evaluation == "classic"
    with pytest.raises(ValueError, match="evaluation must be one of auto, classic, learned"):
        EngineSpec.parse("alphabeta:evaluation=neural")


def test_guide_docs_scaling_md():
    import doctest
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "scaling.md")
    failures, attempted = doctest.testfile(path, module_relative=False,
                                           optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failures == 0


def test_analyse_games_reads_boardspace_sgf(tmp_path):
    path = os.path.join(os.path.dirname(__file__), "data", "boardspace", "Y-DrMih-Dumbot-2026-02-23-1415.sgf")
    report, summaries = analyse_games([path], tmp_path / "sgf.jsonl", "alphabeta:depth=1", workers=1)
    played = record.read(path)[0].actions
    lines = [json.loads(x) for x in (tmp_path / "sgf.jsonl").read_text().splitlines()]
    assert [x["move"] for x in lines if x["type"] == "action"] == [str(m) for m in played]
    assert summaries[0]["actions"] == len(played) and summaries[0]["file"] == path
