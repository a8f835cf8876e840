"""Helpers of the tests of the library in Pyodide: a site that wasm/build
wrote, built once per test session, and Python run against it in Node.

``built_site()`` is ``$YINSH_WASM_SITE`` when that names a built site (a
folder with build.json), else a site that ``wasm/build`` writes into a
temporary folder on the first call of the session (the toolchain and the
compiled modules come from its cache, ``$YINSH_WASM_CACHE``: seconds when
warm, some minutes when cold). ``run_python(code)`` runs a program in Node's
Pyodide with the site's wheel (wasm/run.mjs) and returns its output.
``serve_site(folder, isolated)`` serves a site as a plain static host does,
with or without the headers of cross-origin isolation.

What the build needs (``node`` and ``dpkg-deb`` on PATH; on a cold cache the
Debian, npm and PyPI registries) missing skips the test that asks for it,
with the reason, or fails it under ``YINSH_REQUIRE_ALL=1``, as conftest.py
does for the optional extras.
"""
from __future__ import annotations

import atexit
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import NoReturn, Optional, Union

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_ALL = os.environ.get("YINSH_REQUIRE_ALL", "") == "1"
#: What wasm/build and run.mjs need on PATH -> what provides it.
TOOLS = {"node": "Node 18 or newer", "dpkg-deb": "Debian's dpkg"}

_site: Union[Path, str, None] = None     # the built site, or why there is none


def unavailable(reason: str, module: bool = False) -> NoReturn:
    """Skips (fails under YINSH_REQUIRE_ALL=1) for want of what the build needs."""
    if REQUIRE_ALL:
        pytest.fail(f"YINSH_REQUIRE_ALL=1, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=module)


def missing_tool() -> Optional[str]:
    """Why the build cannot run here (a tool missing from PATH), or None."""
    for tool, what in TOOLS.items():
        if shutil.which(tool) is None:
            return f"the Pyodide build needs {tool} ({what}) on PATH"
    return None


def require_tools() -> None:
    """At a test module's top: skips the whole module when a tool is missing."""
    reason = missing_tool()
    if reason:
        unavailable(reason, module=True)


def _build() -> Union[Path, str]:
    given = os.environ.get("YINSH_WASM_SITE")
    if given and (Path(given) / "build.json").is_file():
        return Path(given)
    reason = missing_tool()
    if reason:
        return reason
    folder = Path(tempfile.mkdtemp(prefix="yinsh-wasm-site-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    result = subprocess.run([sys.executable, str(ROOT / "wasm" / "build"), str(folder)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        if "cannot download" in result.stderr:      # a registry out of reach, on a cold cache
            return f"wasm/build could not fetch its toolchain: {result.stderr.strip()}"
        raise AssertionError(f"wasm/build failed:\n{result.stdout}{result.stderr}")
    return folder


def built_site() -> Path:
    """The folder of a site built by wasm/build (build.json, pyodide/, wheels/, the page)."""
    global _site
    if _site is None:
        _site = _build()
    if isinstance(_site, str):
        unavailable(_site)
    return _site


def run_python(code: str, site: Optional[Path] = None, timeout: float = 600) -> str:
    """The output of the Python program code, run in Pyodide under Node with the
    site's wheel; an exception in it fails the test with its traceback."""
    site = site or built_site()
    result = subprocess.run(["node", str(ROOT / "wasm" / "run.mjs"), str(site)], input=code,
                            capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise AssertionError(f"the program failed in Pyodide:\n{result.stderr}")
    return result.stdout


#: True in the site's page once its engine (Python in the worker) is ready.
ENGINE_READY = "document.body.dataset.engineReady === '1'"


class _StaticHost(http.server.SimpleHTTPRequestHandler):
    """A static file server, as any host: with or without isolation headers."""

    isolated = True

    def end_headers(self) -> None:
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve_site(folder: Path, isolated: bool) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A server of folder on a free port of 127.0.0.1, in a thread (``shutdown()``
    ends it), and its address; isolated: with the headers of cross-origin isolation."""
    handler = type("Host", (_StaticHost,), {"isolated": isolated})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
