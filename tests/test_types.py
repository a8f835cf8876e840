"""The type check: ``mypy --strict src/yinsh`` reports no errors.

mypy is in the ``test`` extra; the test is skipped only where it is not
installed, or where the tests run without the source tree (against an
installed wheel: .ci/wheel-check).
"""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    if not (ROOT / "src" / "yinsh").is_dir():
        pytest.skip("checks the source tree: no src/yinsh beside the tests")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src/yinsh"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"mypy --strict src/yinsh failed:\n{proc.stdout}{proc.stderr}"
