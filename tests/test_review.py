"""The game review (``yinsh.engine.review``) and ``yinsh review``."""
from __future__ import annotations

import json
import os
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import yinsh
from yinsh import games, record
from yinsh.engine.review import (CLASSES, THRESHOLDS, Review, action_accuracy, chart, classify,
                                 review_game)

ROOT = Path(__file__).resolve().parent.parent


def mover_value(engine: yinsh.Engine, board: Any, move: Any, depth: int) -> float:
    """The mover's win chance after move, by a search of the position after it."""
    mover = board.turn
    after = board.copy()
    after.push(move)
    a = engine.analyse(after, depth=depth)
    assert a.wdl is not None
    e = a.wdl.expectation()
    return e if after.turn == mover else 1.0 - e


def planted_game() -> tuple[Any, int]:
    """A blitz Yinsh game of the engine against itself in which, at the
    first position from ply 20 where one action throws the game away (the
    engine's own analysis gives the mover at most 5% after it, and more
    than 30% after its best), that action is played; then three more engine
    actions. Returns the board and the planted action's ply (from 1)."""
    engine = yinsh.Engine(hash_mb=1)
    for seed in range(20):
        rng = random.Random(seed)
        board = yinsh.Board(variant="blitz")
        while board.ply < 10:
            board.push(rng.choice(list(board.legal_moves)))
        while not board.is_game_over() and board.ply < 60:
            if board.ply >= 20 and len(board.legal_moves) > 1:
                values = {m: mover_value(engine, board, m, 3) for m in board.legal_moves}
                worst = min(values, key=values.__getitem__)
                if values[worst] <= 0.05 and max(values.values()) > 0.3:
                    board.push(worst)
                    ply = board.ply
                    for _ in range(3):
                        if board.is_game_over():
                            break
                        board.push(engine.best_move(board, depth=2))
                    return board, ply
            board.push(engine.best_move(board, depth=2))
    raise AssertionError("no position with a losing action found")


@pytest.fixture(scope="module")
def planted() -> tuple[Any, int, Review]:
    board, ply = planted_game()
    review = review_game(yinsh.Board(variant="blitz"), list(board.move_stack), depth=3)
    return board, ply, review


def test_planted_blunder_flagged_at_its_ply(planted: tuple[Any, int, Review]) -> None:
    board, ply, review = planted
    assert len(review.actions) == board.ply and review.complete
    action = review.actions[ply - 1]
    assert action.ply == ply and action.action == str(board.move_stack[ply - 1])
    assert action.judgement in ("blunder", "mistake"), action
    assert action.loss >= 0.2 and action.best is not None and action.best != action.action
    assert action.best_line and action.best_line[0] == action.best
    assert review.flagged()[-1].ply >= ply
    assert action in review.flagged()
    # the mover's chance by the side that acts: a position's two sides' chances sum to 1
    for k, a in enumerate(review.actions):
        assert a.win_before == pytest.approx(review.chances[k][a.seat])
        assert a.win_after == pytest.approx(review.chances[k + 1][a.seat])
        assert sum(review.chances[k]) == pytest.approx(1.0)
    side = action.side
    assert review.counts[side][action.judgement] >= 1
    accuracy = review.accuracy
    assert all(value is not None and 0.0 <= value <= 100.0 for value in accuracy.values())
    assert accuracy[side] is not None and accuracy[side] < 100.0


def test_best_actions_lose_nothing(planted: tuple[Any, int, Review]) -> None:
    _, _, review = planted
    for a in review.actions:
        if a.judgement in ("best", "forced", "chance"):
            assert a.loss == 0.0 and a.best is None and a.best_line == []
        else:
            assert a.loss == pytest.approx(max(0.0, a.win_before - a.win_after))
            assert a.judgement == classify(a.loss)


def test_json_fields(planted: tuple[Any, int, Review]) -> None:
    _, ply, review = planted
    data = json.loads(json.dumps(review.to_json()))
    assert {"actions", "accuracy", "counts", "settings", "sides", "game", "start", "complete",
            "chances"} <= set(data)
    assert data["game"] == "yinsh" and data["sides"] == ["white", "black"]
    assert data["settings"]["depth"] == 3 and data["settings"]["keep_tables"] is True
    assert data["settings"]["thresholds"] == dict(THRESHOLDS)
    entry = data["actions"][ply - 1]
    assert {"ply", "action", "side", "win_before", "win_after", "best", "best_line", "class"} <= set(entry)
    assert entry["ply"] == ply and entry["class"] in ("blunder", "mistake")
    assert isinstance(entry["action"], str) and isinstance(entry["best"], str)
    assert set(data["accuracy"]) == {"white", "black"}
    assert all(set(c) == set(CLASSES) for c in data["counts"].values())
    assert len(data["chances"]) == len(data["actions"]) + 1


def test_pickles(planted: tuple[Any, int, Review]) -> None:
    _, _, review = planted
    copy = pickle.loads(pickle.dumps(review))
    assert copy == review and copy.to_json() == review.to_json()


def test_chart(planted: tuple[Any, int, Review]) -> None:
    _, ply, review = planted
    picture = chart(review)
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert f'data-ply="{ply}"' in picture and "??" in picture and "<title>" in picture
    assert "#0072B2" in picture                # Okabe-Ito's blue, the first side's line
    import xml.dom.minidom
    xml.dom.minidom.parseString(picture)       # well-formed
    with pytest.raises(ValueError):
        chart(review, width=10)


def test_forced_actions_and_throws() -> None:
    """Ludo: every throw is `chance`, every only legal action `forced`."""
    rng = random.Random(3)
    start = games.get("ludo").start_board({"Players": "2"})
    board = start.copy()
    actions = []
    while len(actions) < 40 and not board.is_game_over():
        move = rng.choice(list(board.legal_moves))
        actions.append(move)
        board.push(move)
    review = review_game(start, actions, depth=1)
    board = start.copy()
    kinds = set()
    for a, move in zip(review.actions, actions):
        if board.is_chance():
            assert a.judgement == "chance" and a.loss == 0.0, a
        elif len(board.legal_moves) == 1:
            assert a.judgement == "forced", a
        else:
            assert a.judgement in ("best", "good", "inaccuracy", "mistake", "blunder")
        kinds.add(a.judgement)
        board.push(move)
    assert {"chance", "forced"} <= kinds
    assert all(review.counts[side]["chance"] > 0 for side in review.sides)


def test_four_players_by_the_mcts() -> None:
    rng = random.Random(5)
    start = games.get("ludo").start_board({"Players": "4"})
    board = start.copy()
    actions = []
    for _ in range(12):
        move = rng.choice(list(board.legal_moves))
        actions.append(move)
        board.push(move)
    review = review_game(start, actions, nodes=60)
    assert review.settings["algorithm"] == "mcts" and len(review.sides) == 4
    assert all(sum(c) == pytest.approx(1.0, abs=1e-3) for c in review.chances)
    assert "stroke-dasharray" in review.svg()      # a line per side, told apart by dashes


def test_interrupted_review_keeps_what_was_reviewed() -> None:
    board = yinsh.Board(variant="blitz")
    actions = "e5 f6 g7 h8 i9 j10".split()

    def stop(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        review_game(board, actions, depth=1, on_progress=stop)
    partial = info.value.review  # type: ignore[attr-defined]
    assert not partial.complete and [a.ply for a in partial.actions] == [1, 2]
    assert board.ply == 0                       # the board given is not changed


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        review_game(yinsh.Board(), ["e5", "zz"], depth=1)
    with pytest.raises(ValueError):
        review_game(games.get("ludo").start_board({"Players": "4"}), [], depth=2)


def test_classify_and_accuracy() -> None:
    assert [classify(x) for x in (0.0, 0.099, 0.1, 0.2, 0.3, 1.0)] == [
        "good", "good", "inaccuracy", "mistake", "blunder", "blunder"]
    values = [action_accuracy(x / 100) for x in range(101)]
    assert values[0] == 100.0 and values[-1] == 0.0
    assert all(0.0 <= v <= 100.0 for v in values) and values == sorted(values, reverse=True)


def small_record(tmp_path: Path) -> Path:
    board = games.get("insert").start_board({"Layout": "12"})
    engine = yinsh.Engine(hash_mb=1)
    for _ in range(8):
        board.push(engine.best_move(board, depth=1))
    path = tmp_path / "games.txt"
    record.write([record.Game.from_board(yinsh.Board(variant="blitz")), record.Game.from_board(board)],
                 path)
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "yinsh", "review", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_cli_end_to_end(tmp_path: Path) -> None:
    path = small_record(tmp_path)
    svg = tmp_path / "review.svg"
    done = run_cli(str(path), "--game", "2", "--depth", "2", "--json", "--svg", str(svg))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "insert" and len(data["actions"]) == 8 and data["complete"]
    assert data["settings"]["depth"] == 2 and set(data["accuracy"]) == {"white", "red"}
    assert svg.read_text().startswith("<svg")
    table = run_cli(str(path), "--index", "1", "--nodes", "2000")
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].startswith("Review of a insert game: 8 actions, nodes 2000")
    assert lines[2].split()[:2] == ["1", "white"]
    assert lines[-2].startswith("white: accuracy ") and lines[-1].startswith("red: accuracy ")
    empty = run_cli(str(path), "--depth", "1")           # game 1 has no action
    assert empty.returncode == 0 and "0 actions" in empty.stdout
    for bad, words in ((["--game", "3"], "there is no game 3"), (["--game", "ludo", "--index", "1"], "not allowed"),
                       (["--index", "1", "--game", "yinsh"], "not allowed"),
                       (["--game", "ludo"], "the record is a game of yinsh")):
        wrong = run_cli(str(path), *bad)
        assert wrong.returncode == 2 and words in wrong.stderr, (bad, wrong.stderr)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_cli_ctrl_c(tmp_path: Path) -> None:
    """Ctrl-C stops a long review at once: exit status 130, the actions
    reviewed so far printed."""
    path = small_record(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen([sys.executable, "-m", "yinsh", "review", str(path), "--game", "2",
                              "--depth", "40"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    assert child.stderr is not None
    seen = ""
    while "reviewing" not in seen:                    # the bar shows once the first search runs
        seen += child.stderr.read(1)
        assert seen or child.poll() is None
    time.sleep(0.5)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert time.perf_counter() - sent < 5.0
    assert child.returncode == 130, err
    assert "(interrupted)" in out.splitlines()[0] and "interrupted" in err


def test_docs_example() -> None:
    """docs/review.md's Python example runs as a doctest."""
    import doctest
    import re
    path = ROOT / "docs" / "review.md"
    python = "\n".join(re.findall(r"```python\n(>>>.*?)```", path.read_text(), re.S))
    test = doctest.DocTestParser().get_doctest(python, {}, "review.md", str(path), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert test.examples and runner.failures == 0


def test_docs_chart_is_the_commands() -> None:
    """docs/img/review.svg is a chart the command writes (its marks and legend)."""
    text = (ROOT / "docs" / "img" / "review.svg").read_text()
    assert text.startswith("<svg") and 'class="blunder"' in text and "White's win chance" in text


def test_reviewer_steps_give_review_games_review() -> None:
    from yinsh.engine.review import Reviewer
    board = yinsh.Board(variant="blitz")
    actions = "e5 f6 g7 h8".split()
    reviewer = Reviewer(board, actions, depth=2)
    progress = []
    while not reviewer.finished:
        reviewer.step()
        progress.append((reviewer.done, reviewer.total, reviewer.review.complete))
    assert progress == [(1, 5, False), (2, 5, False), (3, 5, False), (4, 5, False), (5, 5, True)]
    whole = review_game(board, actions, depth=2)
    assert [a.to_json() for a in reviewer.review.actions] == [a.to_json() for a in whole.actions]
    with pytest.raises(ValueError):
        reviewer.step()
