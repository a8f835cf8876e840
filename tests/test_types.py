"""The type check: ``mypy --strict src/yinsh`` reports no errors.

mypy is in the ``test`` extra; the test is skipped only where it is not
installed.
"""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src/yinsh"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"mypy --strict src/yinsh failed:\n{proc.stdout}{proc.stderr}"
