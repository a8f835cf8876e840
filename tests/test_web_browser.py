"""The page in a real browser: Playwright driving Debian's Chromium against
`yinsh serve`. A whole game of each game is played through clicks on the
board (lit targets only, as a person would), then undo, the move list, import,
shared links, analysis and the error messages; no console errors.

Set YINSH_WEB_SCREENSHOTS to a folder (docs/screenshots) to keep the
screenshots of the games in progress (by default they go to a temporary
folder)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

from playwright import sync_api    # test-all (without it the module is skipped: conftest.py)

from helpers import sigint_default

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parent.parent
IDLE = ("document.body.dataset.busy !== '1' && document.body.dataset.engine !== '1'")
#: The browser's own line for an answer with an error status (the page shows the message).
NETWORK_ERROR = "Failed to load resource: the server responded with a status of 400"


@pytest.fixture(scope="module")
def server():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                                       os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, "-m", "yinsh", "serve", "--port", "0"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=sigint_default)
    line = child.stdout.readline()
    assert line.startswith("Serving the yinsh page at "), line + child.stderr.read()
    yield line.split(" at ")[1].split()[0]
    child.terminate()
    child.wait(timeout=15)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("the browser tests need Debian's chromium (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = os.environ.get("YINSH_WEB_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


class Page:
    """A browser tab on the server, with its console errors."""

    def __init__(self, browser, server, viewport=DESKTOP, path=""):
        self.context = browser.new_context(viewport=viewport)
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.server = server
        self.tab.goto(server + path)
        self.tab.wait_for_selector("#board svg")
        self.idle()

    def idle(self):
        self.tab.wait_for_function(IDLE, timeout=30000)

    def text(self, selector):
        return self.tab.inner_text(selector)

    def status(self):
        return self.text("#status")

    def new_game(self, game, seats, **options):
        tab = self.tab
        tab.click("#new-game")
        tab.check(f'input[name=game][value="{game}"]')
        for name, value in options.items():
            if name == "auto-throw":
                tab.set_checked('input[name="auto-throw"]', value)
            else:
                tab.select_option(f'select[name="{name}"]', value)
        for i, seat in enumerate(seats):
            tab.select_option(f"#seat-{i}", seat)
        tab.click("#new-start")
        self.idle()

    def lit(self):
        return self.tab.locator("#board .target.lit")

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

    def close(self, network_errors=0):
        """Closes the tab; its console showed no error (besides the given
        number of answers with an error status, which the page showed)."""
        self.context.close()
        others = [e for e in self.errors if not e.startswith(NETWORK_ERROR)]
        assert others == [] and len(self.errors) - len(others) == network_errors, self.errors


def test_yinsh_blitz_at_one_screen_to_the_end(browser, server, shots):
    page = Page(browser, server)
    page.new_game("yinsh", ["person", "person"], **{"yinsh-variant": "blitz"})
    assert page.status() == "White to place a ring" and page.lit().count() == 85
    rng = random.Random(7)
    page.tab.click('#board .target[data-point="e5"]')
    page.idle()
    assert page.text("#moves").split() == ["1.", "e5"]
    page.play(rng, 12)                      # the placements and a few ring moves
    # a ring's destinations light up when it is chosen
    page.tab.keyboard.press("Escape")      # no ring chosen
    if "move a ring" in page.status():
        page.lit().first.click()
        assert page.tab.locator("#board .target.selected").count() == 1
        page.tab.keyboard.press("Escape")
    page.tab.screenshot(path=str(shots / "web-yinsh.png"))
    page.play_to_the_end(rng)
    status = page.status()
    assert status.startswith("Game over: ") and ("wins" in status or "Draw" in status)
    page.close()


def test_insert_against_the_engine_to_the_end(browser, server, shots):
    page = Page(browser, server)
    page.new_game("insert", ["person", "0.1"], **{"insert-layout-kind": "number"})
    assert page.status() == "White to place a ring anywhere"
    rng = random.Random(3)
    page.play(rng, 4)
    assert "Red: engine 0.1 s" in page.text("#seats")
    page.tab.screenshot(path=str(shots / "web-insert.png"))
    page.play_to_the_end(rng)
    assert page.status().startswith("Game over: ")
    moves = [m for m in page.text("#moves").split() if not m.endswith(".")]
    assert len(moves) >= 9 and all(len(m) == 2 for m in moves)
    page.close()


def test_ludo_with_the_die_against_the_engine_to_the_end(browser, server, shots):
    page = Page(browser, server)
    page.new_game("ludo", ["person", "0.1"], **{"ludo-players": "2"})
    assert page.status() == "Green to throw the die" and page.tab.is_visible("#throw")
    rng = random.Random(5)
    page.tab.click("#throw")
    page.idle()
    assert page.text("#moves").split()[1].startswith("r")
    for _ in range(60):
        page.play(rng, 1)
        if page.tab.locator("#board .piece").count() > 1 and "threw" in page.status():
            break
    page.tab.screenshot(path=str(shots / "web-ludo.png"))
    page.play_to_the_end(rng)
    assert page.status().startswith("Game over: ") and "wins" in page.status()
    page.close()


def test_undo_move_list_keys_and_analysis(browser, server, shots):
    page = Page(browser, server)
    page.new_game("yinsh", ["person", "0.1"])
    tab = page.tab
    for _ in range(3):                                  # three placements, three replies
        page.lit().first.click()
        page.idle()
    assert page.text("#ply").startswith("6 / 6")
    tab.click("#undo")                                  # back to before the person's last action
    page.idle()
    assert page.text("#ply").startswith("4 / 4") and "White to place" in page.status()
    tab.click('#moves button[data-ply="1"]')
    page.idle()
    assert page.text("#ply").startswith("1 / 4") and "Looking at the position after 1" in page.status()
    assert tab.locator("#board .ring").count() == 1
    tab.locator("body").press("ArrowRight")
    page.idle()
    assert page.text("#ply").startswith("2 / 4")
    tab.locator("body").press("Home")
    page.idle()
    assert tab.locator("#board .ring").count() == 0
    tab.locator("body").press("End")
    page.idle()
    assert page.text("#ply").startswith("4 / 4") and page.lit().count() == 81
    tab.check("#analysis-on")
    tab.wait_for_selector("#lines li")
    assert tab.locator("#lines li").count() == 3 and page.text("#eval")
    tab.wait_for_selector("#board .highlight")       # the best placements, drawn by the library
    tab.screenshot(path=str(shots / "web-analysis.png"))
    tab.click("#analysis-stop")
    tab.uncheck("#analysis-on")
    page.close()


def test_errors_are_messages(browser, server):
    page = Page(browser, server)
    page.new_game("yinsh", ["person", "person"])
    tab = page.tab
    tab.click('#board .target[data-point="e5"]')
    page.idle()
    tab.click('#board .target[data-point="e5"]')         # not lit: a ring is there
    assert "e5 is not a legal choice now" in page.text("#message")
    tab.fill("#type-move", "e5")                          # the server says why
    tab.press("#type-move", "Enter")
    page.idle()
    assert page.text("#message") == "e5: e5 already holds a ring"
    tab.fill("#import-text", "this is no game")
    tab.click("#import-form button")
    page.idle()
    assert page.text("#message").startswith("neither a record nor a position string")
    assert page.text("#moves").split() == ["1.", "e5"]     # nothing changed
    page.close(network_errors=2)


def test_import_a_record_and_open_shared_links(browser, server):
    page = Page(browser, server)
    record = '[Game "insert"]\n[Layout "4"]\n\n1. c3 c1 2. b2 *\n'
    page.tab.fill("#import-text", record)
    page.tab.click("#import-form button")
    page.idle()
    assert page.text("#moves").split() == ["1.", "c3", "c1", "2.", "b2"]
    assert "Insert" in page.text("#title")
    page.close()
    position = "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    shared = Page(browser, server, path="#import=" + urllib.parse.quote(position))
    assert "Ludo" in shared.text("#title") and "Yellow to throw" in shared.status()
    game_id = shared.tab.url.split("#game=")[1]
    shared.close()
    again = Page(browser, server, path="#game=" + game_id)     # the game after a reload
    assert "Yellow to throw" in again.status()
    again.close()


def test_phone_width(browser, server, shots):
    page = Page(browser, server, viewport=PHONE)
    page.new_game("yinsh", ["person", "0.1"])
    page.play(random.Random(1), 6)
    width = page.tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]                     # nothing sticks out sideways
    box = page.tab.locator("#board svg").bounding_box()
    assert box["width"] > 0.85 * PHONE["width"]
    page.tab.screenshot(path=str(shots / "web-phone.png"), full_page=False)
    page.close()
