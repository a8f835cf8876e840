"""The engine of another source tree in a child process (yinsh.engine.external).
The tree here is this checkout itself, built in place (the editable install
of the test command), so the child's searches must equal this process's at
fixed depth."""
from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from helpers import assert_gone

import yinsh
from yinsh.engine import external
from yinsh.engine.external import ExternalEngine, ExternalEngineError, ExternalEngineFactory
from yinsh.engine.match import Contestant, run_match
from yinsh.insert import Board as InsertBoard
from yinsh.yinsh.openings import random_placements

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(ROOT / "src" not in Path(yinsh.__file__).resolve().parents,
                                reason="needs the checkout built in place (pip install -e .)")


def midgame() -> yinsh.Board:
    board = yinsh.Board()
    for text in "e2 g4 f3 c3 i6 k7 g7 c4 h9 j8 e2-e6 c3-b3".split():
        board.push_str(text)
    return board


def finished() -> yinsh.Board:
    board = yinsh.Board()
    player = yinsh.players.RandomPlayer(seed=1)
    while not board.is_game_over():
        board.push(player.best_move(board))
    return board


@pytest.fixture(scope="module")
def child() -> Iterator[ExternalEngine]:
    engine = ExternalEngine(ROOT)
    yield engine
    engine.close()


def test_child_searches_like_this_process(child: ExternalEngine) -> None:
    board = midgame()
    for depth in (1, 3, 4):
        expected = yinsh.Engine(hash_mb=16).best_move(board, depth=depth)
        assert child.best_move(board, depth=depth) == expected
    assert child.best_move(board, nodes=500) == yinsh.Engine(hash_mb=16).best_move(board, nodes=500)
    assert child.best_move(board, time=0.02) in board.legal_moves
    assert board.position() == midgame().position()          # not changed


def test_finished_game_gives_none(child: ExternalEngine) -> None:
    assert child.best_move(finished(), depth=1) is None


def test_child_error_is_reported_and_the_child_serves_on(child: ExternalEngine) -> None:
    with pytest.raises(ExternalEngineError, match="ValueError"):
        child.best_move(midgame(), depth=0)
    assert child.best_move(midgame(), depth=2) == yinsh.Engine(hash_mb=16).best_move(midgame(), depth=2)


def test_dead_child_is_replaced(child: ExternalEngine) -> None:
    child.best_move(midgame(), depth=1)
    process = child._process
    assert process is not None
    process.kill()
    process.wait()
    assert child.best_move(midgame(), depth=2) == yinsh.Engine(hash_mb=16).best_move(midgame(), depth=2)
    assert child._process is not process


def test_interrupted_request_leaves_no_stale_answer(child: ExternalEngine,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the child searches: the answer to that request must not
    be taken for the next one."""
    def interrupted(process: object) -> dict[str, object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(ExternalEngine, "_answer", staticmethod(interrupted))
    with pytest.raises(KeyboardInterrupt):
        child.best_move(midgame(), depth=3)
    monkeypatch.undo()
    other = midgame()
    other.push_str("e6-e9")
    assert child.best_move(other, depth=1) == yinsh.Engine(hash_mb=16).best_move(other, depth=1)


def test_child_exits_with_its_parent() -> None:
    """A parent killed outright (no atexit) does not leave its child
    searching."""
    script = (f"import sys; sys.path.insert(0, {str(ROOT / 'src')!r}); import yinsh\n"
              "from yinsh.engine.external import ExternalEngine\n"
              f"e = ExternalEngine({str(ROOT)!r}); b = yinsh.Board()\n"
              "for t in 'e2 g4 f3 c3 i6 k7 g7 c4 h9 j8'.split(): b.push_str(t)\n"
              "e.best_move(b, depth=1); print(e._process.pid, flush=True)\n"
              "e.best_move(b, depth=40)\n")
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    pid = int(parent.stdout.readline())                     # type: ignore[union-attr]
    parent.kill()
    parent.wait()
    assert_gone(pid, "the child")


def test_engine_options_and_tunables() -> None:
    engine = ExternalEngine(ROOT, options={"hash_mb": 4, "evaluation": "classic"},
                            params={"lmr_depth": 0, "threat": 250})
    local = yinsh.Engine(hash_mb=4, evaluation="classic")
    local.configure(yinsh.Board, lmr_depth=0, threat=250)
    try:
        for depth in (3, 5):
            assert engine.best_move(midgame(), depth=depth) == local.best_move(midgame(), depth=depth)
    finally:
        engine.close()
    with pytest.raises(ExternalEngineError, match="ValueError"):
        ExternalEngine(ROOT, params={"no_such_tunable": 1}).best_move(midgame(), depth=1)


def test_not_a_source_tree(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a yinsh source tree"):
        ExternalEngine(tmp_path)
    with pytest.raises(ValueError, match="not a yinsh source tree"):
        ExternalEngineFactory(tmp_path)


def test_tree_that_does_not_import_is_refused(tmp_path: Path) -> None:
    (tmp_path / "src" / "yinsh").mkdir(parents=True)
    (tmp_path / "src" / "yinsh" / "__init__.py").write_text("raise ImportError('not built')\n")
    with pytest.raises(ExternalEngineError, match="ended"):
        ExternalEngine(tmp_path).best_move(midgame(), depth=1)


def test_other_game_and_pickling() -> None:
    factory = pickle.loads(pickle.dumps(ExternalEngineFactory(ROOT, "yinsh.insert")))
    engine = factory(seed=3)
    assert factory(seed=4) is engine                          # one child per process
    try:
        board = InsertBoard()
        assert engine.best_move(board, depth=2) == yinsh.Engine(hash_mb=16).best_move(board, depth=2)
        restored = pickle.loads(pickle.dumps(engine))         # settings only: a new child
        assert restored.best_move(board, depth=2) == engine.best_move(board, depth=2)
        restored.close()
    finally:
        engine.close()


def test_match_against_the_child_mirrors_itself() -> None:
    """This engine against itself in a child at fixed depth: each pair of
    games (colours swapped, same opening) is the same game."""
    result = run_match(Contestant("here", lambda seed: yinsh.Engine(hash_mb=16), {"depth": 1}),
                       Contestant("child", ExternalEngineFactory(ROOT), {"depth": 1}),
                       4, board=yinsh.Board(), opening=random_placements, seed=7)
    for first, second in (result.games[0:2], result.games[2:4]):
        assert first.moves == second.moves
    for engine in external._ENGINES.values():
        engine.close()
    external._ENGINES.clear()


def test_cli_build_player(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "yinsh", "match", "engine", f"build:{ROOT}",
                          "--depth", "1", "--games", "2", "--seed", "3"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "B: build:" in run.stdout and "2 games" in run.stdout
    bad = subprocess.run([sys.executable, "-m", "yinsh", "match", "engine", f"build:{tmp_path}",
                          "--games", "2"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "not a yinsh source tree" in bad.stderr
