"""The browser tests' tools: `yinsh serve` in a child process on a fresh
SQLite file, Debian's Chromium through Playwright, and `Tab`, a page of the
server in its own browser context (its own local storage: one person) that
records its console errors, and `Page`, a tab playing at one screen; the
fixtures the browser test modules use
(`server`, `browser`, `shots`: import them into the module)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Sequence

import pytest
from playwright import sync_api

from helpers import sigint_default
from insert_helpers import BLUNDER_GAME, BLUNDER_PLY

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parent.parent
IDLE = "document.body.dataset.busy !== '1' && document.body.dataset.engine !== '1'"
#: The browser's own line for an answer with an error status (the page shows the message).
NETWORK_ERROR = "Failed to load resource: the server responded with a status of"
#: The browser's line for a WebSocket the server refused (it was down).
REFUSED = re.compile(r"^WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED$")


def start_server(db: Path, port: int = 0, args: Sequence[str] = ()) -> tuple[subprocess.Popen[str], str]:
    """`yinsh serve --port PORT --db db` of this tree (any free port by
    default; args: more of serve's flags), and its address."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                                       os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, "-m", "yinsh", "serve", "--port", str(port), "--db", str(db), *args],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=sigint_default)
    line = child.stdout.readline() if child.stdout else ""
    if not line.startswith("Serving the yinsh page at "):
        child.kill()
        raise AssertionError(line + (child.stderr.read() if child.stderr else ""))
    return child, line.split(" at ")[1].split()[0]


def stop_server(child: subprocess.Popen[str]) -> None:
    child.terminate()
    child.wait(timeout=15)


def launch(playwright):
    if not os.path.exists(CHROMIUM):
        raise AssertionError("the browser tests need Debian's chromium (apt-get install -y chromium)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


class Tab:
    """A browser tab on the server in a context of its own, with its console
    errors. path: the address after the server's (``#game=...``); wait: a
    selector to wait for after loading."""

    def __init__(self, browser, server, viewport=DESKTOP, path="", wait="#board svg", csp=False,
                 route=None):
        # Playwright's wait_for_function evaluates its text with eval, which the page's
        # Content-Security-Policy (scripts from the server only) forbids: the tabs bypass it,
        # but for those made with csp=True (tests/test_web_browser.py checks the page under it).
        self.context = browser.new_context(viewport=viewport, bypass_csp=not csp)
        if route is not None:                   # (each request of the context, workers' too)
            self.context.route("**/*", route)
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.server = server
        self.tab.goto(server + path)
        if wait:
            self.tab.wait_for_selector(wait)
        if not csp:
            self.idle()

    def idle(self):
        self.tab.wait_for_function(IDLE, timeout=30000)

    def text(self, selector):
        return self.tab.inner_text(selector)

    def status(self):
        return self.text("#status")

    def lit(self):
        return self.tab.locator("#board .target.lit")

    def ply(self) -> int:
        """The number of actions the page shows for the game."""
        return int(self.text("#ply").split("/")[1])

    def close(self, network_errors=0, server_down=False):
        """Closes the context; its console showed no error (besides the given
        number of answers with an error status, which the page showed, and
        with server_down the browser's lines for its reconnection attempts)."""
        self.context.close()
        errors = [e for e in self.errors if not (server_down and REFUSED.search(e))]
        others = [e for e in errors if not e.startswith(NETWORK_ERROR)]
        assert others == [] and len(errors) - len(others) == network_errors, self.errors


def choose_game(tab, game, seats, options):
    """Fills the New game form's game, options (``auto-throw``: the
    checkbox; others: a select by name) and seats: each ``"person"``,
    ``"me"``, ``"invite"``, an engine's seconds a move (``"0.5"``: the full
    engine, level 8) or its level (``("engine", 3)``)."""
    tab.check(f'input[name=game][value="{game}"]')
    for name, value in options.items():
        if name == "auto-throw":
            tab.set_checked('input[name="auto-throw"]', value)
        else:
            tab.select_option(f'select[name="{name}"]', value)
    for i, seat in enumerate(seats):
        if isinstance(seat, tuple):
            tab.select_option(f"#seat-{i}", "engine")
            tab.select_option(f"#seat-level-{i}", str(seat[1]))
        elif seat in ("person", "me", "invite"):
            tab.select_option(f"#seat-{i}", seat)
        else:
            tab.select_option(f"#seat-{i}", "engine")
            tab.select_option(f"#seat-level-{i}", "8")
            tab.select_option(f"#seat-time-{i}", seat)


class Page(Tab):
    """A tab playing at one screen."""

    def new_game(self, game, seats, **options):
        tab = self.tab
        tab.click("#new-game")
        choose_game(tab, game, seats, options)
        tab.click("#new-start")
        self.idle()

    def play(self, rng, clicks):
        """Clicks lit targets (and the throw and pass buttons) until the game
        is over (True) or after clicks clicks (False)."""
        tab = self.tab
        for _ in range(clicks):
            self.idle()
            if self.status().startswith("Game over"):
                return True
            if tab.is_visible("#throw"):
                tab.click("#throw")
                continue
            if tab.is_visible("#pass"):
                tab.click("#pass")
                continue
            lit = self.lit()
            count = lit.count()
            assert count, f"nothing to click: {self.status()}"
            lit.nth(rng.randrange(count)).click()
        self.idle()
        return self.status().startswith("Game over")

    def play_to_the_end(self, rng):
        assert self.play(rng, 3000), "the game did not end"



def play_blunder_game(page) -> None:
    """Starts a game of two people at Insert's layout 7 on page (a
    ``Page``) and types ``insert_helpers.BLUNDER_GAME`` into its move input
    (the forced actions play by themselves): the review card stays hidden
    until something is played, and the game ends."""
    tab = page.tab
    tab.click("#new-game")
    choose_game(tab, "insert", ["person", "person"], {"insert-layout-kind": "number"})
    tab.fill('input[name="insert-layout"]', "7")
    tab.click("#new-start")
    page.idle()
    assert tab.locator("#review-card").is_hidden()          # nothing played: nothing to review
    while page.ply() < len(BLUNDER_GAME):
        tab.fill("#type-move", BLUNDER_GAME[page.ply()])
        tab.click("#type-form button[type=submit]")
        page.idle()
    assert [w for w in page.text("#moves").split() if not w.endswith(".")] == BLUNDER_GAME
    assert page.status().startswith("Game over")


def check_blunder_review(page) -> None:
    """The finished review of ``BLUNDER_GAME`` on page: the blunder marked
    ``??`` in the move list (its text and label too) and on the chart, a
    point a position, a row a side, and the mark showing its position."""
    tab = page.tab
    marked = tab.locator(f'#moves button[data-ply="{BLUNDER_PLY}"]')
    assert marked.get_attribute("data-review") == "blunder" and marked.inner_text().endswith("??")
    assert marked.inner_text().startswith(BLUNDER_GAME[BLUNDER_PLY - 1]) and "blunder" in marked.get_attribute("aria-label")
    assert tab.locator(f'#review-chart .review-mark.blunder[data-ply="{BLUNDER_PLY}"]').count() == 1
    assert tab.locator("#review-chart .review-point").count() == len(BLUNDER_GAME) + 1
    assert tab.locator("#review-sides tr").count() == 3      # the header, a row a side
    tab.click(f'#review-chart .review-mark.blunder[data-ply="{BLUNDER_PLY}"]')  # the mark: its position
    page.idle()
    assert page.text("#ply").startswith(f"{BLUNDER_PLY} /")
    assert tab.locator(f'#moves button.current[data-ply="{BLUNDER_PLY}"]').count() == 1

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The address of a `yinsh serve` on a fresh SQLite file, for a module's tests."""
    child, address = start_server(tmp_path_factory.mktemp("db") / "games.sqlite3")
    yield address
    stop_server(child)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, launched once for a module's tests."""
    with sync_api.sync_playwright() as p:
        chromium = launch(p)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """The folder for screenshots: $YINSH_WEB_SCREENSHOTS, else a temporary one."""
    folder = os.environ.get("YINSH_WEB_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
