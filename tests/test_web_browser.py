"""The page in a real browser: Playwright driving Debian's Chromium against
`yinsh serve`. A whole game of each game is played through clicks on the
board (lit targets only, as a person would), then undo, the move list, import,
shared links, analysis and the error messages; no console errors.

Set YINSH_WEB_SCREENSHOTS to a folder (docs/screenshots) to keep the
screenshots of the games in progress (by default they go to a temporary
folder)."""
from __future__ import annotations

import random
import re
import urllib.parse

import pytest

# The browser tools (Playwright: without it the module is skipped, conftest.py) and the fixtures.
from browser_helpers import PHONE, Page, Tab, browser, server, shots  # noqa: F401


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
    if "removed the rings" in status:            # the winning row, drawn again faintly
        ghosts = page.tab.locator("#board .winning.ghost")
        assert ghosts.count() == 5
        row = [ghosts.nth(i).get_attribute("data-row") for i in range(5)]
        last_row = [m for m in page.text("#moves").split() if re.fullmatch(r"x\w+-\w+", m)][-1]
        assert {row[0], row[-1]} == set(last_row[1:].split("-"))
    page.close()


def test_the_page_works_under_its_content_security_policy(browser, server):
    """Scripts from the server only, no inline script, no eval: the page
    starts a game, lights its targets and plays, with no violation."""
    page = Tab(browser, server, csp=True)
    tab = page.tab
    headers = tab.goto(server).all_headers()
    assert "script-src 'self'" in headers["content-security-policy"]
    tab.wait_for_selector("#board svg")
    tab.click("#new-game")
    tab.check('input[name=game][value="insert"]')
    tab.select_option("#seat-0", "person")
    tab.select_option("#seat-1", "person")
    tab.click("#new-start")
    tab.wait_for_selector("#status:has-text('to place a ring anywhere')")
    tab.locator("#board .target.lit").first.click()
    tab.wait_for_selector("#status:has-text('on the lit line')")
    assert tab.inner_text("#moves").split()[0] == "1."
    page.close()                                     # no console error: no CSP violation


def test_an_engine_seat_plays_the_level_chosen_in_the_new_game_form(browser, server):
    """Each engine seat offers the game's levels by name (and Elo, once
    measured), the Beginner unless chosen; the time a move is for level 8
    only; the seat is named by its level and plays."""
    page = Page(browser, server)
    tab = page.tab
    tab.click("#new-game")
    tab.check('input[name=game][value="insert"]')
    tab.select_option("#seat-0", "person")
    tab.select_option("#seat-1", "engine")
    level = tab.locator("#seat-level-1")
    assert level.is_visible() and level.input_value() == "1"
    names = [level.locator("option").nth(i).inner_text() for i in range(level.locator("option").count())]
    assert len(names) == 8 and names[0].startswith("1 Beginner") and names[2].startswith("3 Casual")
    assert names[-1].startswith("8 Full")
    assert tab.locator("#seat-time-1").is_hidden()
    tab.select_option("#seat-level-1", "8")
    assert tab.locator("#seat-time-1").is_visible()           # the full engine's time a move
    tab.select_option("#seat-level-1", "3")
    assert tab.locator("#seat-time-1").is_hidden() and tab.locator("#seat-level-0").is_hidden()
    tab.select_option('select[name="insert-layout-kind"]', "number")
    tab.click("#new-start")
    page.idle()
    assert "Red: engine level 3 (Casual)" in page.text("#seats")
    page.play(random.Random(5), 3)
    moves = [m for m in page.text("#moves").split() if not m.endswith(".")]
    assert len(moves) >= 6                                   # three of ours, three of the engine's
    assert not page.status().startswith("Game over") or "wins" in page.status()
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
    first = page.tab.locator("#moves .turn").first               # Green's throw, drawn as a die
    assert first.locator(".seat").inner_text() == "Green"
    assert first.locator("button .die").first.get_attribute("aria-label").startswith("a ")
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
    assert re.search(r" \u00b7 \d{1,3}%$", page.text("#eval"))          # the win chance: "+350 · 62%"
    assert all(re.search(r"\(\d{1,3}%\)", text) for text in tab.locator("#lines li .score").all_inner_texts())
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
    assert page.text("#message") == "illegal move e5: e5 already holds a ring"
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


def test_keyboard_play_and_labels(browser, server):
    page = Page(browser, server)
    page.new_game("insert", ["person", "person"], **{"insert-layout-kind": "number"})
    tab = page.tab
    tab.focus("#new-game")
    tab.keyboard.press("Tab")                          # into the board: one lit square
    focused = "document.activeElement.getAttribute('aria-label')"
    assert tab.evaluate(focused) == "empty square a1"
    assert tab.locator('#board .target[tabindex="0"]').count() == 1
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowUp")
    assert tab.evaluate(focused) == "empty square b2"
    tab.keyboard.press("Enter")
    page.idle()
    assert page.text("#moves").split() == ["1.", "b2"]
    assert page.text("#announce") == "White played b2"
    # the focus stays on the board, on a square of the lit line
    assert tab.evaluate("document.activeElement.classList.contains('lit')")
    tab.keyboard.press(" ")
    page.idle()
    assert len(page.text("#moves").split()) == 3
    assert tab.locator("#board .target[aria-hidden='true']").count() == 36 - page.lit().count() \
        - tab.locator("#board .target.selected").count()
    page.close()


def test_yinsh_ring_and_destination_by_keys(browser, server):
    record = '[Game "yinsh"]\n\n' + "1. a2 k7 2. a3 k8 3. a4 k9 4. a5 k10 5. b1 j11 *\n"
    page = Page(browser, server)
    page.tab.fill("#import-text", record)
    page.tab.click("#import-form button")
    page.idle()
    tab = page.tab
    tab.focus("#new-game")
    tab.keyboard.press("Tab")
    label = tab.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("white ring at "), label
    tab.keyboard.press("Enter")                        # the ring: its destinations light up
    chosen = tab.locator("#board .target.selected")
    assert chosen.count() == 1 and chosen.get_attribute("aria-label").startswith("chosen: white ring")
    assert tab.evaluate("document.activeElement.getAttribute('aria-label')").startswith("empty point")
    tab.evaluate("""() => {                          // note what the page animates
        window.animated = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (frames, options) {
            window.animated.push([this.getAttribute('class'), Object.keys(frames[0])[0]]);
            return animate.call(this, frames, options);
        };
    }""")
    tab.keyboard.press("Enter")
    page.idle()
    assert page.text("#moves").split()[-1].startswith(label.split()[-1] + "-")
    animated = tab.evaluate("window.animated")
    assert ["ring white", "transform"] in animated         # the ring slides to its point
    assert ["marker white", "opacity"] in animated         # its marker fades in
    page.close()


def test_rules_sound_hashchange_and_a_gone_game(browser, server):
    page = Page(browser, server)
    tab = page.tab
    first = tab.url.split("#game=")[1]
    page.new_game("ludo", ["person", "person"], **{"ludo-players": "2"})
    tab.click("#rules")
    dialog = tab.locator("#rules-dialog")
    assert dialog.is_visible() and dialog.locator("details[open]").get_attribute("data-game") == "ludo"
    assert "six" in dialog.locator("details[open]").inner_text()
    tab.click("#rules-close")
    assert not dialog.is_visible()
    assert not tab.is_checked("#sound-on")             # off by default
    tab.check("#sound-on")
    assert tab.evaluate("localStorage.getItem('yinsh-sound')") == "on"
    # one piece each left in the corner: a throw other than a six passes the turn
    tab.fill("#import-text", "13/13/13/13 5/5/5/5 3-3- G - standard -")
    tab.click("#import-form button")
    page.idle()
    for _ in range(40):
        tab.click("#throw")
        page.idle()
        if tab.is_visible("#notice"):
            break
        if page.lit().count():
            page.lit().first.click()
            page.idle()
    notice = page.text("#notice")
    assert re.fullmatch(r"(Green|Blue) threw [1-6]( and [1-6])*: no move, the turn passes|"
                        r"(Green|Blue) threw three sixes: the turn is void and passes", notice), notice
    assert page.tab.locator("#moves .passed").count() >= 1
    assert page.tab.locator("#throws .die").count() >= 1
    ludo = tab.url.split("#game=")[1]
    tab.evaluate(f"location.hash = '#game={first}'")     # another game's link: that game
    tab.wait_for_function(f"!location.hash.includes('{ludo}') && document.querySelector('#title').textContent === 'Yinsh'")
    tab.evaluate("location.hash = '#game=nosuchgame0000000000000'")
    tab.wait_for_selector("#gone:not([hidden])")
    assert "no such game" in page.text("#gone-reason") and tab.locator("#board svg").count() == 0
    tab.reload()                                       # a reload neither: nothing is started
    tab.wait_for_selector("#gone:not([hidden])")
    assert tab.url.endswith("#game=nosuchgame0000000000000")
    page.close(network_errors=2)


def test_analysis_off_clears_arrows_and_eval(browser, server):
    page = Page(browser, server)
    page.new_game("insert", ["person", "person"], **{"insert-layout-kind": "number"})
    tab = page.tab
    page.lit().first.click()
    page.idle()
    tab.check("#analysis-on")
    tab.wait_for_selector("#board .highlight")
    tab.wait_for_function("document.querySelector('#eval').textContent !== ''")
    tab.uncheck("#analysis-on")
    tab.wait_for_timeout(600)                          # a late report changes nothing
    assert tab.locator("#board .highlight").count() == 0
    assert page.text("#eval") == "" and not tab.is_visible("#evalbar")
    assert tab.locator("#lines li").count() == 0
    page.close()
