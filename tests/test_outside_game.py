"""A game from another distribution gets the compiled engine: a copy of the
dice race (yinsh.toys.dice) as the package ``yinsh_dice_plugin``, the game
``dicerace``, with its own pyproject.toml (one entry point in the group
yinsh.games) and a setup.py that builds its search with the library's
helper (yinsh.engine.build), is built and installed with pip into a
temporary folder (the search rendered into the build folder, not the
package's source), and then every layer plays it: the conformance kit
(yinsh.testing.check_game), the command line (perft, bench, match),
records, the RL environments, the web page's list of games.
docs/architecture.md ("Adding a game") walks through the same steps. Nothing
of the library is touched."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("Cython", reason="building a game's search needs Cython")
pytest.importorskip("setuptools", reason="building a game's search needs setuptools")

import yinsh.engine.build
import yinsh.toys.dice

DICE = Path(yinsh.toys.dice.__file__).parent
LIBRARY = Path(yinsh.engine.build.PACKAGE)
FILES = ["__init__.py", "_hooks.pxd", "board.py", "diagram.py", "game.py", "players.py", "playouts.py", "svg.py"]
PACKAGE = "yinsh_dice_plugin"

PYPROJECT = """\
[build-system]
requires = ["setuptools>=64", "Cython>=3.0", "yinsh"]
build-backend = "setuptools.build_meta"

[project]
name = "yinsh-dice-plugin"
version = "1.0"
dependencies = ["yinsh"]

[project.entry-points."yinsh.games"]
dicerace = "yinsh_dice_plugin.game:DiceGame"

[tool.setuptools]
packages = ["yinsh_dice_plugin"]
"""

SETUP = """\
from Cython.Build import cythonize
from setuptools import setup

from yinsh.engine.build import search_extensions

setup(ext_modules=cythonize(search_extensions("yinsh_dice_plugin/_hooks.pxd")))
"""


def copy_of_the_race(folder: Path) -> None:
    """The dice race's files under another package and game name."""
    package = folder / PACKAGE
    package.mkdir(parents=True)
    for name in FILES:
        text = (DICE / name).read_text(encoding="utf-8")
        text = text.replace("yinsh.toys.dice", PACKAGE).replace("yinsh/toys/dice", PACKAGE)
        if name == "game.py":
            text = text.replace('name = "dice"', 'name = "dicerace"').replace('"Game": "dice"', '"Game": "dicerace"')
        if name == "_hooks.pxd":
            text = text.replace('return "dice"', 'return "dicerace"')
        (package / name).write_text(text, encoding="utf-8")
    (folder / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (folder / "setup.py").write_text(SETUP, encoding="utf-8")


def library_files() -> dict[Path, int]:
    """The library's files that a build writes (templates, Cython and C
    sources, compiled modules) and their times."""
    return {path: path.stat().st_mtime_ns for path in LIBRARY.rglob("*")
            if path.suffix in (".tp", ".pyx", ".pxd", ".c", ".h", ".so", ".pyd")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The plugin built and installed with pip into a temporary folder: the
    PYTHONPATH that sees it (what a `pip install` of it into the
    environment gives)."""
    work = tmp_path_factory.mktemp("outside")
    copy_of_the_race(work / "source")
    target = work / "site"
    before = library_files()
    begin = time.monotonic()
    built = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                            "--no-index", "--disable-pip-version-check", "--target", str(target),
                            str(work / "source")],
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    print(f"the plugin built and installed in {time.monotonic() - begin:.0f} s")
    changed = {path for path, mtime in library_files().items() if before.get(path) != mtime}
    assert not changed, f"the build wrote into the library: {sorted(changed)}"
    assert list((target / PACKAGE).glob("_search.*.so")) or list((target / PACKAGE).glob("_search.*.pyd"))
    generated = sorted(path.name for path in (work / "source" / PACKAGE).iterdir()
                       if path.name.startswith("_search"))
    assert generated == [], f"the build wrote into the plugin's source: {generated}"
    assert (work / "source" / "build" / "yinsh-generated" / PACKAGE / "_search.pyx").is_file()
    yield os.pathsep.join([str(target)] + [p for p in sys.path if p])
    shutil.rmtree(work, ignore_errors=True)


def run(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=600)


def yinsh_cli(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run(path, "-m", "yinsh", *args)


def signature(bench_output: str) -> str:
    (line,) = [line for line in bench_output.splitlines() if line.startswith("Nodes searched : ")]
    return line


def test_the_command_line_plays_the_game(installed, tmp_path):
    perft = yinsh_cli(installed, "perft", "--game", "dicerace", "3")
    assert perft.returncode == 0, perft.stderr
    assert "Nodes       : 11" in perft.stdout
    match = yinsh_cli(installed, "match", "engine:depth=2", "random", "--game", "dicerace", "--games", "2",
                      "--workers", "1")
    assert match.returncode == 0, match.stderr
    assert "W/D/L (A):" in match.stdout and match.stdout.count("game ") >= 2


def test_the_bench_runs_the_compiled_search_the_library_builds(installed, tmp_path):
    """The compiled search of the plugin searches the same trees as the
    library's own build of the race (the same hooks: the same signature)."""
    bench = yinsh_cli(installed, "bench", "--game", "dicerace")
    assert bench.returncode == 0, bench.stderr
    assert "Search nodes : " in bench.stdout
    info = tmp_path / "yinsh_toy_dice-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: yinsh-toy-dice\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[yinsh.games]\ndice = yinsh.toys.dice.game:DiceGame\n")
    library = yinsh_cli(os.pathsep.join([str(tmp_path), installed]), "bench", "--game", "dice")
    assert library.returncode == 0, library.stderr
    assert signature(bench.stdout) == signature(library.stdout)


def test_every_layer_finds_the_game(installed):
    script = textwrap.dedent("""
        import random, importlib.util
        from yinsh import games, record
        from yinsh.engine import Engine

        from yinsh.testing import check_game
        check_game("dicerace")                 # the conformance kit: every layer once

        kind = games.get("dicerace")
        assert type(kind).__module__ == "yinsh_dice_plugin.game"
        board = kind.start_board({"Players": "3"})
        rng = random.Random(5)
        while not board.is_game_over():
            board.push(rng.choice(board.legal_moves))
        text = record.write(record.Game.from_board(board, Event="test"))
        assert '[Game "dicerace"]' in text and '[Players "3"]' in text
        (read,) = record.reads(text)
        assert read.actions == board.move_stack and read.result == board.result() != "*"
        assert games.of_board(board) is kind

        search = importlib.import_module("yinsh_dice_plugin._search")
        assert search.__file__.endswith((".so", ".pyd")) and search.GAME == "dicerace"
        analysis = Engine(hash_mb=1).analyse(kind.board_class(), depth=4)
        assert str(analysis.best_move) in ("step", "gamble")

        if importlib.util.find_spec("pettingzoo"):
            from yinsh.envs import aec
            env = aec.env("dicerace", players=3)
            env.reset(seed=1)
            final = {}
            for agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    final[agent] = reward
                    env.step(None)
                    continue
                env.step(int(observation["action_mask"].nonzero()[0][0]))
            assert sorted(final.values()) == [-0.5, -0.5, 1.0]
            print("rl")
        if importlib.util.find_spec("starlette"):
            from yinsh.web.games import WEB_GAMES
            assert "dicerace" in list(WEB_GAMES)
            print("web")
        print("ok")
        """)
    checked = run(installed, "-c", script)
    assert checked.returncode == 0, checked.stderr
    layers = [name for name, module in (("rl", "pettingzoo"), ("web", "starlette")) if importlib.util.find_spec(module)]
    assert checked.stdout.split() == layers + ["ok"]
