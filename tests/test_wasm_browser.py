"""The static site of wasm/build in a real browser: Debian's Chromium, through
Playwright, on the site served by a plain static file server, with every
request outside the site's origin refused (and counted: there must be none).

The page runs the library in a Web Worker (Pyodide). It is tested as a
player uses it: the board drawn before Python is ready, a whole game of each
game against the engine by clicks, an analysis with several lines that a
request interrupts, undo, a record exported and imported, and no online
play. Served with the headers of cross-origin isolation, an analysis stops
through Pyodide's interrupt buffer; served without them, in slices: both are
tested. A console error fails a test.
"""
from __future__ import annotations

import random
import urllib.parse

import pytest

from browser_helpers import Page, browser  # noqa: F401
from wasm_helpers import ENGINE_READY, built_site, serve_site


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
