"""Optional layers skip cleanly where their extra is not installed.

A test module or a doctest module of src/yinsh whose import fails for want
of a package of an optional extra (the web page, the Ray cluster, the RL
interfaces, the browser tests), and a doctest whose example imports such a
package while it runs, are reported as skipped, naming the package and the
extra to install: ``pip install -e ".[test]"`` runs the core alone.
With ``YINSH_REQUIRE_ALL=1`` (CI sets it) a missing extra is an error, so
that nothing is skipped unseen there.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

import pytest
from _pytest.doctest import DoctestItem

#: The import name of each optional package -> the extra that installs it.
EXTRAS = {
    "starlette": "web", "anyio": "web", "uvicorn": "web", "websockets": "web",
    "sqlalchemy": "web", "psycopg": "web",
    "ray": "cluster",
    "gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "rl", "open_spiel": "rl",
    "httpx": "test-all", "playwright": "test-all",
    "jax": "train", "jaxlib": "train", "optax": "train",
    "mkdocs": "docs", "mkdocstrings": "docs", "material": "docs", "griffe": "docs",
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


def skip_missing(nodeid: str, package: str) -> NoReturn:
    """Skips (fails under YINSH_REQUIRE_ALL=1) for want of package."""
    extra = EXTRAS[package]
    message = f'{nodeid} needs {package}, from the {extra} extra: pip install -e ".[{extra}]"'
    if REQUIRE_ALL:
        pytest.fail(f"YINSH_REQUIRE_ALL=1, but {message}", pytrace=False)
    pytest.skip(message)


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
            skip_missing(collector.nodeid, package)
            raise   # not reached: skip_message raises
    return collect_or_skip


@pytest.hookimpl(hookwrapper=True)
def pytest_collect_file(file_path: Any, parent: Any) -> Any:
    outcome = yield
    for collector in outcome.get_result() or []:
        collector.collect = skipping_missing_extras(collector)


def doctest_missing_optional(exc: BaseException) -> str | None:
    """The optional package a failed doctest example imported, if that is why it failed."""
    failures = getattr(exc, "failures", None)      # pytest's MultipleDoctestFailures
    for failure in failures if failures is not None else [exc]:
        exc_info = getattr(failure, "exc_info", None)   # doctest.UnexpectedException
        if exc_info is not None:
            package = missing_optional(exc_info[1])
            if package is not None:
                return package
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: Any) -> Any:
    outcome = yield
    exc = outcome.excinfo[1] if outcome.excinfo else None
    if exc is not None and isinstance(item, DoctestItem):
        package = doctest_missing_optional(exc)
        if package is not None:
            try:
                skip_missing(item.nodeid, package)
            except BaseException as replacement:   # the skip (or the failure) instead
                outcome.force_exception(replacement)
