"""Optional layers skip cleanly where their extra is not installed.

A test module or a doctest module of src/yinsh whose import fails for want
of a package of an optional extra (the web page, the Ray cluster, the RL
interfaces, the browser tests) is reported as skipped, naming the package
and the extra to install: ``pip install -e ".[test]"`` runs the core alone.
With ``YINSH_REQUIRE_ALL=1`` (CI sets it) a missing extra is an error, so
that nothing is skipped unseen there.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import pytest

#: The import name of each optional package -> the extra that installs it.
EXTRAS = {
    "starlette": "web", "anyio": "web", "uvicorn": "web", "websockets": "web",
    "sqlalchemy": "web", "psycopg": "web",
    "ray": "cluster",
    "gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "rl", "open_spiel": "rl",
    "httpx": "test-all", "playwright": "test-all",
}

REQUIRE_ALL = os.environ.get("YINSH_REQUIRE_ALL", "") == "1"


def missing_optional(exc: BaseException | None) -> str | None:
    """The optional package whose absence caused exc (or its causes), if any."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, ImportError) and exc.name and exc.name.split(".")[0] in EXTRAS:
            return exc.name.split(".")[0]
        exc = exc.__cause__ or exc.__context__
    return None


def skipping_missing_extras(collector: Any) -> Callable[[], list[Any]]:
    """collector.collect, skipped (an error under YINSH_REQUIRE_ALL=1) for want of an extra."""
    collect: Callable[[], Iterable[Any]] = collector.collect

    def collect_or_skip() -> list[Any]:
        try:
            return list(collect())
        except Exception as exc:
            package = missing_optional(exc)
            if package is None:
                raise
            extra = EXTRAS[package]
            message = f'{collector.nodeid} needs {package}, from the {extra} extra: pip install -e ".[{extra}]"'
            if REQUIRE_ALL:
                pytest.fail(f"YINSH_REQUIRE_ALL=1, but {message}", pytrace=False)
            pytest.skip(message)
    return collect_or_skip


@pytest.hookimpl(hookwrapper=True)
def pytest_collect_file(file_path: Any, parent: Any) -> Any:
    outcome = yield
    for collector in outcome.get_result() or []:
        collector.collect = skipping_missing_extras(collector)
