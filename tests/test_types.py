"""The type check: ``mypy --strict src/yinsh`` reports no errors.

mypy is in the ``test`` extra; the test is skipped only where it is not
installed, or where the tests run without the source tree (against an
installed wheel: .ci/wheel-check). A layer whose extra is not installed
(the web page without Starlette, the RL interfaces without Gymnasium: the
quick ``pip install -e ".[test]"``) cannot be type-checked against the
packages it uses; then the rest is checked, as strictly, and the layer is
left out (its modules' errors are not reported).
"""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The optional layers of src/yinsh (folders and modules, as mypy's exclude
#: patterns under src/yinsh/) and the typed packages each imports.
LAYERS = {"web/": ("starlette", "uvicorn", "anyio"), "envs/": ("gymnasium",),
          r"nn/train\.py$": ("jax",)}


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    if not (ROOT / "src" / "yinsh").is_dir():
        pytest.skip("checks the source tree: no src/yinsh beside the tests")
    left_out = [layer for layer, packages in LAYERS.items()
                if any(importlib.util.find_spec(package) is None for package in packages)]
    command = [sys.executable, "-m", "mypy", "--strict", "src/yinsh"]
    if left_out:
        command += ["--follow-imports=silent"] + [f"--exclude=^src/yinsh/{layer}" for layer in left_out]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, f"{' '.join(command[2:])} failed:\n{proc.stdout}{proc.stderr}"


#: A user's module: every game's public names, as the README and the docs use them.
USER_CODE = '''
import yinsh
from yinsh import E5, insert, ludo
from yinsh.insert import C4, Board as InsertBoard, Move as InsertMove

board: yinsh.Board = yinsh.Board()
point: int = yinsh.E5 + E5
square: int = insert.C4 + C4
insert_board: InsertBoard = insert.Board()
insert_board.push(InsertMove.from_str("c3"))
ludo_board: ludo.Board = ludo.Board(players=2)
names: list[str] = [yinsh.point_name(yinsh.A2), insert.square_name(insert.F6)]
'''


def test_user_code_type_checks(tmp_path: Path) -> None:
    """mypy --strict accepts code that uses the library's public names (the
    package is typed, py.typed: every name a user imports must be exported)."""
    pytest.importorskip("mypy")
    if not (ROOT / "src" / "yinsh").is_dir():
        pytest.skip("checks the source tree: no src/yinsh beside the tests")
    (tmp_path / "user.py").write_text(USER_CODE)
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "user.py"],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
