"""Adds the page to a built site: ``python3 wasm/site.py OUT`` (wasm/build runs it).

OUT already holds the Pyodide runtime (``pyodide/``), the library's wheel
and ``build.json`` naming them. This writes beside them:

- ``index.html``: the page of ``yinsh serve`` (src/yinsh/web/static) with
  ``<meta name="yinsh-backend" content="local">``, which makes it run the
  library in a Web Worker instead of asking a server;
- ``static/``: the page's JavaScript, CSS and icon, the worker among them;
- ``site.json``: the wheel's address, and the catalogue of games and the
  first state of the usual new game, made by the wheel itself in Node's
  Pyodide (``run.mjs``), so the page draws a board before Python is loaded
  in the browser;
- ``_headers`` (Netlify, Cloudflare Pages) and ``.nojekyll`` (GitHub Pages):
  docs/browser.md says what each host needs for cross-origin isolation.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATIC = HERE.parent / "src" / "yinsh" / "web" / "static"
#: The page's marker of a site with no server (main.js reads it).
LOCAL = '<meta name="yinsh-backend" content="local">'
#: The headers that make the page cross-origin isolated (an analysis then
#: stops at once): for hosts that read a _headers file.
HEADERS = """/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
  X-Content-Type-Options: nosniff
"""


def page(html: str) -> str:
    """The server's page made a site's: with the local backend's marker."""
    charset = '<meta charset="utf-8">'
    if charset not in html:
        raise SystemExit("site.py: index.html has no <meta charset> to put the marker after")
    return html.replace(charset, f"{charset}\n{LOCAL}", 1)


def prerendered(out: Path) -> dict[str, object]:
    """The catalogue and first states, from the wheel in Node's Pyodide."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("site.py: Node.js (node) is needed to prerender the first board")
    program = "from yinsh.web.local import prerender\nprint(prerender())\n"
    done = subprocess.run([node, str(HERE / "run.mjs"), str(out)], input=program, capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise SystemExit(f"site.py: prerendering failed:\n{done.stderr[-4000:]}")
    made: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return made


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: python3 wasm/site.py OUT")
    out = Path(argv[0])
    build = json.loads((out / "build.json").read_text(encoding="utf-8"))
    if (out / "static").exists():
        shutil.rmtree(out / "static")
    shutil.copytree(STATIC, out / "static", ignore=shutil.ignore_patterns("index.html"))
    (out / "index.html").write_text(page((STATIC / "index.html").read_text(encoding="utf-8")),
                                    encoding="utf-8")
    site = {"wheel": build["wheel"], **prerendered(out)}
    (out / "site.json").write_text(json.dumps(site, separators=(",", ":")), encoding="utf-8")
    (out / "_headers").write_text(HEADERS, encoding="utf-8")
    (out / ".nojekyll").write_text("", encoding="utf-8")
    print(f"site.py: the page written to {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
