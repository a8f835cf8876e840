"""Benchmarks of the core, the Python layer and (with --reference) the
pure-Python reference implementation in the same groups, for side-by-side
ratios. See README.md in this folder."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def pytest_addoption(parser):
    parser.addoption("--reference", action="store_true",
                     help="also run the (slow) pure-Python reference implementation")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--reference"):
        return
    skip = pytest.mark.skip(reason="pure-Python reference: run with --reference")
    for item in items:
        if "reference" in item.keywords:
            item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "reference: runs the pure-Python reference (slow)")
