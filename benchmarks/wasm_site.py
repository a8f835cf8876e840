"""The site of ``wasm/build`` measured: the engine in headless Chromium
beside the same engine native, the page's start, and the site's size.

    python benchmarks/wasm_site.py [SITE] [--repeat 3]

SITE is a built site (``wasm/build SITE``); without it the site is built
into a temporary folder first. The native library must be installed
(``pip install -e .``) and Playwright with Debian's Chromium.

- **Engine speed.** The fixed-depth one-thread searches of ``yinsh bench``
  (each game's bench positions at their depths, each evaluation of the
  game, a fresh 16 MB table each), run by the same Python code natively and
  in Pyodide in Chromium (on the page's main thread). A search's time is
  the engine's own (``Analysis.time``: the search, not the making of the
  engine), the best of --repeat for each position. The node counts must
  agree (the same searches); the ratio is Chromium's nodes per second over
  native's.
- **Start.** A fresh browser context opens the site (cross-origin isolated,
  as the browser tests serve it), then opens it again (its cache warm): the
  seconds until the board is drawn with its lit targets (a person can act),
  and until the engine is ready (Python loaded in the worker), as
  min/median/max over --repeat contexts.
- **Size.** Every file of the site, and the sum of each file gzipped at
  level 9 (what a host that compresses sends).
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_helpers import launch  # noqa: E402
from wasm_helpers import ENGINE_READY, serve_site  # noqa: E402

#: The searches, the same text natively and in Pyodide; its last line is the JSON.
SEARCHES = """
import json
from yinsh import games
from yinsh.engine import Engine

found = {}
for name in ("yinsh", "insert", "ludo"):
    kind = games.get(name)
    for evaluation in kind.evaluations:
        total_nodes, total_seconds = 0, 0.0
        for _, tags, moves, depth in kind.part("bench").search:
            board = kind.start_board(tags)
            for text in moves.split():
                board.push_str(text)
            best = None
            for _ in range(REPEAT):
                engine = Engine(hash_mb=16, algorithm="alphabeta", evaluation=evaluation)
                analysis = engine.analyse(board, depth=depth)
                best = analysis.time if best is None else min(best, analysis.time)
            total_nodes += analysis.nodes
            total_seconds += best
        found[f"{name} {evaluation}"] = [total_nodes, total_seconds]
json.dumps(found)
"""

BLANK = "bench.html"


def native(repeat: int) -> dict[str, list[float]]:
    scope: dict[str, object] = {"REPEAT": repeat}
    lines = SEARCHES.strip().splitlines()
    exec("\n".join(lines[:-1]), scope)
    return json.loads(eval(lines[-1], scope))  # type: ignore[no-any-return]


def in_chromium(browser, address: str, wheel: str, repeat: int) -> dict[str, list[float]]:
    context = browser.new_context()
    tab = context.new_page()
    tab.route(address + BLANK, lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"))
    tab.goto(address + BLANK)
    text = tab.evaluate("""async ([wheel, code]) => {
        const { loadPyodide } = await import("./pyodide/pyodide.mjs");
        const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
        await pyodide.loadPackage(new URL(wheel, location.href).href, { messageCallback: () => {} });
        return pyodide.runPython(code);
    }""", [wheel, SEARCHES.replace("REPEAT", str(repeat))])
    context.close()
    return json.loads(text)  # type: ignore[no-any-return]


def start_times(browser, address: str, repeat: int) -> dict[str, list[float]]:
    """The seconds from navigation to the board drawn and to the engine ready,
    on a first visit (a fresh context) and on the next (its browser cache)."""
    times: dict[str, list[float]] = {}
    for _ in range(repeat):
        context = browser.new_context()
        tab = context.new_page()
        for visit in ("first visit", "next visit"):
            if visit == "first visit":
                tab.goto(address)
            else:
                tab.reload()
            tab.wait_for_selector("#board .target.lit", timeout=60000)
            times.setdefault(f"board drawn, {visit}", []).append(tab.evaluate("performance.now()") / 1000)
            tab.wait_for_function(ENGINE_READY, polling="raf", timeout=60000)
            times.setdefault(f"engine ready, {visit}", []).append(tab.evaluate("performance.now()") / 1000)
        context.close()
    return times


def sizes(site: Path) -> dict[str, tuple[int, int]]:
    """Bytes and gzipped bytes of the site's parts."""
    parts: dict[str, tuple[int, int]] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        data = path.read_bytes()
        top = path.relative_to(site).parts[0]
        part = top if path.parent != site else "page"
        size, packed = parts.get(part, (0, 0))
        parts[part] = (size + len(data), packed + len(gzip.compress(data, 9)))
    return parts


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    site = args.site
    if site is None:
        site = Path(tempfile.mkdtemp()) / "site"
        subprocess.run([str(ROOT / "wasm" / "build"), str(site)], check=True)
    build = json.loads((site / "build.json").read_text())
    from playwright import sync_api
    server, address = serve_site(site, True)
    try:
        with sync_api.sync_playwright() as playwright:
            browser = launch(playwright)
            times = start_times(browser, address, args.repeat)
            browser_found = in_chromium(browser, address, build["wheel"], args.repeat)
            browser.close()
    finally:
        server.shutdown()
    native_found = native(args.repeat)
    print(f"Pyodide {build['pyodide']}, Emscripten {build['emscripten']}; best of {args.repeat}")
    print(f"{'search':<16} {'nodes':>9} {'native n/s':>11} {'Chromium n/s':>13} {'ratio':>6}")
    total = [0, 0.0, 0.0]
    for name, (nodes, seconds) in native_found.items():
        web_nodes, web_seconds = browser_found[name]
        if web_nodes != nodes:
            raise SystemExit(f"{name}: {web_nodes} nodes in Chromium, {nodes} native: not the same search")
        total = [total[0] + nodes, total[1] + seconds, total[2] + web_seconds]
        print(f"{name:<16} {nodes:>9} {nodes / seconds:>11.0f} {nodes / web_seconds:>13.0f} "
              f"{seconds / web_seconds:>6.2f}")
    print(f"{'all':<16} {total[0]:>9} {total[0] / total[1]:>11.0f} {total[0] / total[2]:>13.0f} "
          f"{total[1] / total[2]:>6.2f}")
    for name, values in sorted(times.items()):
        print(f"{name + ' (min/median/max)':<40} : {spread(values)}")
    parts = sizes(site)
    for part, (size, packed) in parts.items():
        print(f"size {part:<23} : {size / 1e6:6.2f} MB, gzipped {packed / 1e6:6.2f} MB")
    print(f"size {'(all)':<23} : {sum(s for s, _ in parts.values()) / 1e6:6.2f} MB, "
          f"gzipped {sum(p for _, p in parts.values()) / 1e6:6.2f} MB")


if __name__ == "__main__":
    main()
