"""The static site of wasm/build in a real browser: Debian's Chromium, through
Playwright, on the site served by a plain static file server, with every
request outside the site's origin refused (and counted: there must be none).

The page runs the library in a Web Worker (Pyodide). It is tested as a
player uses it: the board drawn before Python is ready, a whole game of each
game against the engine by clicks, an analysis with several lines that a
request interrupts, undo, a record exported and imported, and no online
play, and the engine's review of a game run in the worker (the planted
blunder of tests/test_web_review.py flagged, the chart, Cancel). Served with
the headers of cross-origin isolation, an analysis stops through Pyodide's
interrupt buffer; served without them, in slices: both are tested. A console
error fails a test.
"""
from __future__ import annotations

import random
import re
import urllib.parse
from pathlib import Path

import pytest

from browser_helpers import Page, browser, play_blunder_game, check_blunder_review  # noqa: F401
from insert_helpers import BLUNDER_GAME
from wasm_helpers import ENGINE_READY, built_site, serve_site

#: The Insert game (layout 7) of tests/test_web_review.py, whose action 16 (Black's c5) lets
#: White make five in a row: a blunder (as there; not imported, which needs the web extra).
#: A whole Yinsh game (91 actions): its review in the worker takes long enough to cancel.
LONG_GAME = Path(__file__).resolve().parent.parent / "docs" / "data" / "review-game.txt"
#: Records each text of the review card's status (window.reviewSaid).
RECORD_STATUS = """() => {
  const status = document.getElementById("review-status");
  window.reviewSaid = [];
  new MutationObserver(() => window.reviewSaid.push(status.textContent))
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""
#: Before the page's scripts: records the worker's review messages (window.workerReview).
SPY_ON_THE_WORKER = """
window.workerReview = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (event.data && event.data.type === "review") window.workerReview.push(JSON.parse(event.data.text));
    });
  }
};
"""


@pytest.fixture(scope="module")
def sites():
    """The built site, served isolated and not: {True: address, False: address}."""
    folder = built_site()
    servers = {isolated: serve_site(folder, isolated) for isolated in (True, False)}
    yield {isolated: address for isolated, (_, address) in servers.items()}
    for server, _ in servers.values():
        server.shutdown()


class SitePage(Page):
    """A tab on the site whose requests to other origins are refused."""

    def __init__(self, browser, address, path="", wait="#board svg"):
        self.outside: list[str] = []
        origin = urllib.parse.urlsplit(address)

        def route(request_route):
            url = urllib.parse.urlsplit(request_route.request.url)
            if (url.scheme, url.netloc) == (origin.scheme, origin.netloc) or url.scheme in ("blob", "data"):
                request_route.continue_()
            else:
                self.outside.append(request_route.request.url)
                request_route.abort()

        super().__init__(browser, address, path=path, wait=wait, route=route)

    def ready(self):
        self.tab.wait_for_function(ENGINE_READY, timeout=60000)

    def close(self, network_errors=0, server_down=False):
        super().close(network_errors, server_down)
        assert self.outside == []


def test_the_board_is_drawn_before_python_loads_and_the_first_action_waits_for_it(browser, sites):
    page = SitePage(browser, sites[True], wait=None)
    tab = page.tab
    tab.wait_for_selector("#board .target.lit")
    # Drawn from the site's first state, with the engine still loading.
    assert tab.evaluate("document.body.dataset.engineReady") == "0"
    assert page.status() == "White to place a ring" and page.lit().count() == 85
    assert "Loading the engine" in page.text("#link-state")
    tab.reload()                                                   # the same board again, at once
    tab.wait_for_selector("#board .target.lit")
    assert tab.evaluate("document.body.dataset.engineReady") == "0" and page.lit().count() == 85
    tab.click('#board .target[data-point="e5"]')                  # before Python is ready
    page.ready()
    page.idle()
    assert page.text("#moves").split()[:2] == ["1.", "e5"] and page.ply() == 2   # and the engine's reply
    assert tab.is_hidden("#link-state")
    assert float(tab.evaluate("document.body.dataset.engineSeconds")) > 0
    assert tab.evaluate("crossOriginIsolated") is True
    page.close()


@pytest.mark.parametrize("game, seats, options, seed", [
    ("yinsh", ["person", "0.1"], {"yinsh-variant": "blitz"}, 1),
    ("insert", ["person", "0.1"], {"insert-layout-kind": "number"}, 2),
    ("ludo", ["person", "0.1"], {"ludo-players": "2"}, 3),
])
def test_a_whole_game_against_the_engine(browser, sites, game, seats, options, seed):
    page = SitePage(browser, sites[True])
    page.ready()
    page.new_game(game, seats, **options)
    assert "engine 0.1 s" in page.text("#seats")
    page.play_to_the_end(random.Random(seed))
    assert page.status().startswith("Game over: ")
    page.close()


@pytest.mark.parametrize("isolated", [True, False], ids=["interrupt buffer", "slices"])
def test_analysis_lines_stop_and_undo(browser, sites, isolated):
    page = SitePage(browser, sites[isolated])
    tab = page.tab
    page.ready()
    assert tab.evaluate("crossOriginIsolated") is isolated
    page.new_game("yinsh", ["person", "0.1"])
    for _ in range(3):                                  # three placements, three replies
        page.lit().first.click()
        page.idle()
    assert page.ply() == 6
    tab.check("#analysis-on")
    tab.wait_for_function("document.querySelectorAll('#lines li').length === 3", timeout=30000)
    assert page.text("#eval")
    tab.wait_for_selector("#board .highlight")          # the best placements, drawn by the library
    # A request while the analysis runs (its search would go on for minutes) is
    # answered: the analysis is stopped for it, and starts again after.
    tab.click("#undo")
    tab.wait_for_function("document.querySelector('#ply').textContent.startsWith('4 / 4')", timeout=5000)
    tab.wait_for_function("document.querySelectorAll('#lines li').length === 3", timeout=30000)
    tab.click("#analysis-stop")
    tab.wait_for_selector("#thinking", state="hidden")
    tab.uncheck("#analysis-on")
    page.lit().first.click()                            # the worker is free: the game goes on
    tab.wait_for_function("document.querySelector('#ply').textContent.startsWith('6 / 6')", timeout=5000)
    page.close()


def test_a_record_exported_and_imported(browser, sites, tmp_path):
    page = SitePage(browser, sites[True])
    tab = page.tab
    page.ready()
    page.new_game("insert", ["person", "person"], **{"insert-layout-kind": "number"})
    page.play(random.Random(4), 8)
    moves = page.text("#moves").split()
    with tab.expect_download() as download:
        tab.click("#download")
    assert download.value.suggested_filename == "insert-game.txt"
    saved = tmp_path / "game.txt"
    download.value.save_as(saved)
    record = saved.read_text(encoding="utf-8")
    assert "[Event " in record
    page.new_game("yinsh", ["person", "person"])
    tab.fill("#import-text", record)
    tab.click("#import-form button")
    page.idle()
    assert page.text("#moves").split() == moves and "Insert" in page.text("#title")
    page.close()


def test_online_play_is_not_offered(browser, sites):
    page = SitePage(browser, sites[False])
    tab = page.tab
    assert tab.is_hidden("#lobby-link")
    tab.click("#new-game")
    assert tab.is_hidden('input[name=where][value="online"]')
    assert "Online play needs a server" in tab.inner_text("#new-dialog")
    tab.click("#new-cancel")
    tab.goto(sites[False] + "#lobby")
    tab.wait_for_selector("#gone", state="visible")
    assert "needs a server" in page.text("#gone-reason")
    page.close()


def test_a_game_goes_on_after_a_reload(browser, sites):
    page = SitePage(browser, sites[False])
    tab = page.tab
    page.ready()
    page.new_game("ludo", ["person", "0.1"], **{"ludo-players": "2", "auto-throw": True})
    page.play(random.Random(6), 6)
    moves, seats = page.text("#moves"), page.text("#seats")
    tab.reload()
    tab.wait_for_selector("#board svg")
    # Drawn from what the page kept, before Python is loaded.
    assert tab.evaluate("document.body.dataset.engineReady") == "0" and page.text("#moves") == moves
    page.ready()
    page.idle()
    assert page.text("#moves") == moves and page.text("#seats") == seats
    page.play(random.Random(6), 2)                      # and it goes on
    assert page.text("#moves") != moves
    page.close()


def test_a_review_in_the_worker_flags_the_planted_blunder(browser, sites):
    """The Insert game of tests/test_web_review.py typed in, reviewed at the
    page's own settings (local.REVIEW_NODES, a second or two in the worker):
    the progress, the chart, Black's c5 flagged ?? in the move list, a
    point of the chart showing its position."""
    page = SitePage(browser, sites[True])
    tab = page.tab
    page.ready()
    play_blunder_game(page)
    tab.evaluate(RECORD_STATUS)
    tab.click("#review-start")
    tab.wait_for_selector("#review-progress", state="visible", timeout=5000)
    assert tab.is_visible("#review-cancel") and tab.is_disabled("#review-start")
    tab.wait_for_selector("#review-chart svg", timeout=60000)
    assert "review is ready" in page.text("#review-status")
    # Its progress was shown meanwhile ("k of n positions" once the page polled it, 0.4 s on:
    # the cancel's test below waits for that).
    said = tab.evaluate("window.reviewSaid")
    assert any(re.fullmatch(rf"Reviewing(\u2026|: \d+ of {len(BLUNDER_GAME) + 1} positions)", text) for text in said), said
    assert tab.is_hidden("#review-progress") and tab.is_hidden("#review-cancel")
    check_blunder_review(page)
    tab.click('#review-chart .review-point[data-ply="8"]')                  # a point (not flagged): its position
    page.idle()
    assert page.text("#ply").startswith("8 /")
    assert tab.locator('#moves button.current[data-ply="8"]').count() == 1
    tab.click('#review-chart .review-point[data-ply="0"]')                  # the start
    page.idle()
    assert page.text("#ply").startswith("0 /")
    page.close()


def test_a_review_in_the_worker_is_cancelled_and_the_page_goes_on(browser, sites):
    """A long game's review cancelled once under way: the card says so and
    offers the review again, the worker takes no further position, and the
    page's next requests (an undo, a new game) are answered."""
    page = SitePage(browser, sites[False])
    tab = page.tab
    page.context.add_init_script(SPY_ON_THE_WORKER)
    tab.reload()
    tab.wait_for_selector("#board svg")
    page.ready()
    page.idle()
    tab.fill("#import-text", LONG_GAME.read_text(encoding="utf-8"))
    tab.click("#import-form button")
    page.idle()
    played = page.ply()
    assert played > 80 and page.status().startswith("Game over")
    tab.click("#review-start")
    tab.wait_for_function(
        r"/^Reviewing: [1-9]\d* of \d+ positions$/.test(document.querySelector('#review-status').textContent)",
        timeout=60000)
    tab.click("#review-cancel")
    tab.wait_for_function("document.querySelector('#review-status').textContent.includes('cancelled')",
                          timeout=5000)
    assert tab.is_enabled("#review-start") and tab.is_hidden("#review-cancel")
    assert tab.is_hidden("#review-progress") and tab.is_hidden("#review-result")
    # The worker stopped at the next position: its last message says so, and none follows.
    tab.wait_for_function("window.workerReview.length > 0 && "
                          "window.workerReview[window.workerReview.length - 1].status === 'cancelled'",
                          timeout=10000)
    sent = tab.evaluate("window.workerReview")
    assert 0 < sent[-1]["done"] < sent[-1]["total"] and all(s["status"] == "running" for s in sent[:-1])
    tab.wait_for_timeout(1000)
    assert tab.evaluate("window.workerReview.length") == len(sent)
    assert tab.locator("#moves button[data-review]").count() == 0
    tab.click("#undo")                                                      # the worker answers
    tab.wait_for_function(f"document.querySelector('#ply').textContent.startsWith('{played - 1} / ')",
                          timeout=10000)
    page.idle()
    page.new_game("yinsh", ["person", "person"])
    assert page.ply() == 0 and page.status() == "White to place a ring"
    page.lit().first.click()
    page.idle()
    assert page.ply() == 1
    page.close()
