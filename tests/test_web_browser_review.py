"""The engine's review on the page in a real browser (Playwright driving
Debian's Chromium against `yinsh serve --review-nodes 2000`): an Insert
game with a planted blunder is played through the page's own action input,
the review asked for with its button, and the chart, the accuracy table and
the blunder's mark in the move list checked; a mark or point of the chart
shows its position."""
from __future__ import annotations

import pytest

# The browser tools (Playwright: without it the module is skipped, conftest.py) and the fixtures.
from browser_helpers import Page, browser, play_blunder_game, check_blunder_review, start_server, stop_server  # noqa: F401

from test_web_review import NODES


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A `yinsh serve` whose reviews search NODES nodes a position (seconds a review)."""
    child, address = start_server(tmp_path_factory.mktemp("db") / "games.sqlite3",
                                  args=["--review-nodes", str(NODES)])
    yield address
    stop_server(child)


def test_the_review_flags_the_planted_blunder(browser, server):
    page = Page(browser, server)
    tab = page.tab
    play_blunder_game(page)
    tab.click("#review-start")
    tab.wait_for_selector("#review-chart svg", timeout=60000)
    assert "review is ready" in page.text("#review-status")
    check_blunder_review(page)
    tab.click('#review-chart .review-point[data-ply="0"]')                   # a point: the start
    page.idle()
    assert page.text("#ply").startswith("0 /")
    page.close()
