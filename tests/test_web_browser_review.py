"""The engine's review on the page in a real browser (Playwright driving
Debian's Chromium against `yinsh serve --review-nodes 2000`): an Insert
game with a planted blunder is played through the page's own action input,
the review asked for with its button, and the chart, the accuracy table and
the blunder's mark in the move list checked; a mark or point of the chart
shows its position."""
from __future__ import annotations

import pytest

# The browser tools (Playwright: without it the module is skipped, conftest.py) and the fixtures.
from browser_helpers import Page, browser, choose_game, start_server, stop_server  # noqa: F401

from test_web_review import BLUNDER, GAME, NODES


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
    tab.click("#new-game")
    choose_game(tab, "insert", ["person", "person"], {"insert-layout-kind": "number"})
    tab.fill('input[name="insert-layout"]', "7")
    tab.click("#new-start")
    page.idle()
    assert tab.locator("#review-card").is_hidden()          # nothing played: nothing to review
    while page.ply() < len(GAME):                           # typed (the forced actions play by themselves)
        tab.fill("#type-move", GAME[page.ply()])
        tab.click("#type-form button[type=submit]")
        page.idle()
    assert [w for w in page.text("#moves").split() if not w.endswith(".")] == GAME
    assert page.status().startswith("Game over")
    tab.click("#review-start")
    tab.wait_for_selector("#review-chart svg", timeout=60000)
    assert "review is ready" in page.text("#review-status")
    marked = tab.locator(f'#moves button[data-ply="{BLUNDER}"]')
    assert marked.get_attribute("data-review") == "blunder" and marked.inner_text().endswith("??")
    assert "blunder" in marked.get_attribute("aria-label")
    assert tab.locator(f'#review-chart .review-mark.blunder[data-ply="{BLUNDER}"]').count() == 1
    assert tab.locator("#review-chart .review-point").count() == len(GAME) + 1
    assert tab.locator("#review-sides tr").count() == 3      # the header, a row a side
    tab.click(f'#review-chart .review-mark.blunder[data-ply="{BLUNDER}"]')     # the mark: its position
    page.idle()
    assert page.text("#ply").startswith(f"{BLUNDER} /")
    assert tab.locator(f'#moves button.current[data-ply="{BLUNDER}"]').count() == 1
    tab.click('#review-chart .review-point[data-ply="0"]')                   # a point: the start
    page.idle()
    assert page.text("#ply").startswith("0 /")
    page.close()
