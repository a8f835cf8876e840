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
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The optional layers of src/yinsh and the typed packages each imports.
LAYERS = {"web": ("starlette", "uvicorn", "anyio"), "envs": ("gymnasium",)}


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    if not (ROOT / "src" / "yinsh").is_dir():
        pytest.skip("checks the source tree: no src/yinsh beside the tests")
    left_out = [layer for layer, packages in LAYERS.items()
                if any(importlib.util.find_spec(package) is None for package in packages)]
    command = [sys.executable, "-m", "mypy", "--strict", "src/yinsh"]
    if left_out:
        command += ["--follow-imports=silent"] + [f"--exclude=^src/yinsh/{layer}/" for layer in left_out]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, f"{' '.join(command[2:])} failed:\n{proc.stdout}{proc.stderr}"
