"""Online play in real browsers: each person is a Chromium context of their
own (their own local storage, so their own seat tokens) on one `yinsh serve`.
Whole games are played by clicks and key presses on lit places only; every
action is seen live by the other players and by a spectator; a stale page is
refused and catches up; a stranger gets no seat; a dropped connection
reconnects and catches up; the lobby, the clocks, takeback, draw, rematch.
No console errors anywhere."""
from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest

# The browser tools (Playwright: without it the module is skipped, conftest.py) and the fixtures.
from browser_helpers import Tab, browser, choose_game, server, shots, start_server, stop_server  # noqa: F401

#: How long a page may take to show another browser's action (the live
#: update; the benchmark measures the real latency).
LIVE_MS = 5000



class Person(Tab):
    """A person at their browser, online."""

    def __init__(self, browser, server, path="", wait="#board svg", name=None, **kw):
        super().__init__(browser, server, path=path, wait=wait, **kw)
        self.name = name

    def create(self, game, seats, clock="none", public=False, **options):
        """Starts an online game from the New game dialog; seats: "me",
        "invite", an engine's seconds (level 8) or ("engine", level), a seat each."""
        tab = self.tab
        tab.click("#new-game")
        self.fill_new_game(game, seats, clock, public, options)

    def fill_new_game(self, game, seats, clock="none", public=False, options=None, position=""):
        tab = self.tab
        tab.check('input[name=where][value="online"]')
        choose_game(tab, game, seats, options or {})
        tab.select_option('select[name="clock"]', clock)
        tab.fill('input[name="name"]', self.name or "Player")
        tab.set_checked('input[name="public"]', public)
        tab.fill('input[name="position"]', position)
        tab.click("#new-start")
        tab.wait_for_selector("#you-are:has-text('You play')")
        self.idle()

    def invitations(self):
        return [self.tab.locator("#invites input").nth(i).input_value()
                for i in range(self.tab.locator("#invites input").count())]

    def game_id(self):
        return re.search(r"#(?:online|watch|join)=([^:&]+)", self.tab.url).group(1)

    def join(self):
        """Takes the seat of the invitation this page was opened with."""
        self.tab.wait_for_selector("#join-card:not([hidden])")
        self.tab.fill("#join-name", self.name)
        self.tab.click("#join-form button")
        self.tab.wait_for_selector("#you-are:has-text('You play')")
        self.idle()

    def my_turn(self):
        return self.tab.evaluate("document.body.classList.contains('your-turn')")

    def over(self):
        return self.status().startswith("Game over")

    def wait_ply(self, ply, timeout=LIVE_MS):
        self.tab.wait_for_function(
            "n => { const t = document.querySelector('#ply').textContent.split('/'); "
            "return t.length === 2 && Number(t[1]) === n; }", arg=ply, timeout=timeout)

    def act(self, rng, keyboard=False):
        """Plays one whole action of this page's seat (a throw, a pass or the
        clicks of a move) and returns the ply it led to."""
        tab = self.tab
        start = self.ply()
        for _ in range(10):
            self.idle()
            if self.ply() != start:
                return self.ply()
            if tab.is_visible("#throw"):
                tab.click("#throw")
            elif tab.is_visible("#pass"):
                tab.click("#pass")
            elif keyboard:
                self.press_a_lit_place(rng)
            else:
                lit = self.lit()
                assert lit.count(), f"nothing to click: {self.status()}"
                lit.nth(rng.randrange(lit.count())).click()
        self.idle()
        assert self.ply() != start, f"no action came of the clicks: {self.status()}"
        return self.ply()

    def press_a_lit_place(self, rng):
        """Tab into the board, a few arrow keys between the lit places, Enter."""
        tab = self.tab
        if not tab.evaluate("!!document.activeElement.closest('#board .target.lit')"):
            tab.focus("#new-game")
            tab.keyboard.press("Tab")
            label = tab.evaluate("document.activeElement.getAttribute('aria-label') || ''")
            assert tab.evaluate("!!document.activeElement.closest('#board .target.lit')"), label
        for _ in range(rng.randrange(3)):
            tab.keyboard.press(rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]))
        assert tab.evaluate("document.activeElement.getAttribute('role')") == "button"
        label = tab.evaluate("document.activeElement.getAttribute('aria-label')")
        assert re.fullmatch(r"(empty |chosen: )?(\w+ )*(point|square|field|ring|piece)\b.*", label), label
        tab.keyboard.press(rng.choice(["Enter", " "]))


def whose_turn(players):
    """The players whose turn it is (none once the game is over), waiting
    for the turn to show."""
    for _ in range(LIVE_MS // 20):
        movers = [p for p in players if p.my_turn()]
        if movers or players[0].over():
            return movers
        players[0].tab.wait_for_timeout(20)
    raise AssertionError(f"nobody's turn: {players[0].status()}")


def play_out(players, watchers, rng, keyboard=(), limit=2000):
    """Plays the game to its end: whoever's turn it is acts; everybody else
    (the other players, the spectators) sees each action live."""
    everybody = players + watchers
    for _ in range(limit):
        movers = whose_turn(players)
        if not movers:
            break
        assert len(movers) == 1, [m.name for m in movers]
        mover = movers[0]
        ply = mover.act(rng, keyboard=mover in keyboard)
        for other in everybody:
            if other is not mover:
                other.wait_ply(ply)          # seen live, with no reload
    assert all(p.over() for p in everybody), [p.status() for p in everybody]


def test_yinsh_two_browsers_a_spectator_a_stranger_and_a_stale_tab(browser, server, shots):
    alice = Person(browser, server, name="Alice")
    alice.create("yinsh", ["me", "invite"], clock="5+3", **{"yinsh-variant": "blitz"})
    assert "Waiting for the players" in alice.status()
    alice.tab.screenshot(path=str(shots / "web-invite.png"))
    [link] = alice.invitations()
    assert link.startswith(server + "#join=") and alice.text("#seats").count("waiting for a player") == 1
    game = alice.game_id()
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    alice.tab.click("#invites button:has-text('Copy')")
    alice.tab.wait_for_selector("#invites button:has-text('Copied')")
    assert alice.tab.evaluate("navigator.clipboard.readText()") == link

    bob = Person(browser, server, path=link[len(server):], name="Bob")
    assert bob.text("#you-are").startswith("You are watching")     # until the seat is taken
    bob.join()
    assert bob.text("#you-are") == "You play Black."
    alice.tab.wait_for_selector("#seats :text('Black: Bob')", timeout=LIVE_MS)
    assert alice.text("#you-are") == "You play White."
    assert alice.my_turn() and not bob.my_turn() and "Your turn" in alice.tab.title()

    # the clocks are the server's: White's runs, Black's waits
    running = alice.tab.locator("#clocks .clock.running")
    assert running.inner_text().startswith("White ")
    before = running.inner_text()
    alice.tab.wait_for_function("t => document.querySelector('#clocks .running').textContent !== t",
                                arg=before, timeout=3000)

    # a stranger with the invitation link gets no seat, and cannot act
    stranger = Person(browser, server, path=link[len(server):], name="Eve")
    stranger.tab.wait_for_selector("#join-card:not([hidden])")
    stranger.tab.fill("#join-name", "Eve")
    stranger.tab.click("#join-form button")
    stranger.tab.wait_for_selector("#message:not([hidden])")
    assert "invitation" in stranger.text("#message").lower()
    assert stranger.tab.locator("#join-card").is_hidden()          # refused: no card left to use
    assert stranger.text("#you-are").startswith("You are watching") and stranger.lit().count() == 0
    stranger.tab.click('#board .target[data-point="e5"]', force=True)
    assert stranger.text("#message") == "You are watching: only the players act in this game."

    spectator = Person(browser, server, path=f"#watch={game}", name="Carol")
    assert spectator.text("#you-are").startswith("You are watching")
    assert spectator.tab.locator("#takeback, #online-resign, #offer-draw").evaluate_all(
        "els => els.every(e => e.hidden)")

    rng = random.Random(11)
    ply = alice.act(rng)
    for other in (bob, spectator, stranger):
        other.wait_ply(ply)
    assert bob.my_turn() and bob.lit().count() > 0 and spectator.lit().count() == 0
    assert alice.text("#moves").split() == bob.text("#moves").split() == spectator.text("#moves").split()

    ply = bob.act(rng)
    for other in (alice, spectator, stranger):
        other.wait_ply(ply)

    # a second tab of Alice's that misses the updates: once Alice plays in
    # her first tab, its board is stale; its click is refused, and it catches up
    stale = alice.context.new_page()
    stale.on("pageerror", lambda e: alice.errors.append(str(e)))
    stale.route_web_socket(re.compile(r".*/live$"), _dropping_updates)
    stale.goto(server + f"#online={game}")
    stale.wait_for_selector("body.your-turn")
    ply = alice.act(rng)
    bob.wait_ply(ply)
    assert stale.inner_text("#ply").endswith(f"/ {ply - 1}") and "Your turn" in stale.title()
    stale.locator("#board .target.lit").first.click()     # a placement, at a ply that is gone
    stale.wait_for_selector("#message:not([hidden])")
    assert stale.inner_text("#message").startswith("Refused: ")
    assert "reload" not in stale.inner_text("#message")           # the page caught up by itself
    assert f"it is at ply {ply}, the action was made at ply {ply - 1}" in stale.inner_text("#message")
    stale.wait_for_function("n => document.querySelector('#ply').textContent.endsWith('/ ' + n)", arg=ply)
    assert not stale.evaluate("document.body.classList.contains('your-turn')")
    assert bob.ply() == ply and alice.ply() == ply             # nothing was played
    stale.close()

    for _ in range(14):                       # into the ring moves, for the picture
        movers = whose_turn([alice, bob])
        if not movers:
            break
        ply = movers[0].act(rng)
        for other in (alice, bob, spectator, stranger):
            other.wait_ply(ply)
    spectator.tab.screenshot(path=str(shots / "web-online.png"))
    play_out([alice, bob], [spectator, stranger], rng)
    result = alice.status()
    assert result.startswith("Game over: ") and all(p.status() == result for p in (bob, spectator, stranger))
    if "removed the rings" in result:            # the winning row, drawn again faintly
        assert alice.tab.locator("#board .winning.ghost").count() == 5
    assert not alice.tab.locator("#clocks .clock.running").count()
    for person in (alice, bob, spectator):
        person.close()
    stranger.close(network_errors=1)              # the refused join


def _post(server, path, body, token=None):
    """A request of the online API, as another program would send it."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server.rstrip("/") + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _dropping_updates(ws):
    """A WebSocket that lets the snapshot through and drops every update."""
    server = ws.connect_to_server()
    ws.on_message(lambda message: server.send(message))
    server.on_message(lambda message: None if '"type": "update"' in message
                      or '"type":"update"' in message else ws.send(message))


def test_insert_takeback_draw_rematch_looking_back_and_keyboard(browser, server):
    alice = Person(browser, server, name="Alice")
    alice.create("insert", ["me", "invite"], **{"insert-layout-kind": "number"})
    [link] = alice.invitations()
    bob = Person(browser, server, path=link[len(server):], name="Bob")
    bob.join()
    rng = random.Random(4)
    alice.wait_ply(0)
    alice.tab.wait_for_selector("body.your-turn", timeout=LIVE_MS)
    ply = alice.act(rng, keyboard=True)
    bob.wait_ply(ply)
    assert alice.text("#announce").startswith("White played ")

    # a takeback is a request: declined, then accepted
    alice.tab.click("#takeback")
    bob.tab.wait_for_selector("#offer:not([hidden])", timeout=LIVE_MS)
    assert "asks to take back" in bob.text("#offer-text")
    bob.tab.click("#offer-decline")
    alice.tab.wait_for_selector("#notice:has-text('declines the takeback')", timeout=LIVE_MS)
    assert alice.ply() == 1
    alice.tab.click("#takeback")
    bob.tab.wait_for_selector("#offer-accept:not([hidden])", timeout=LIVE_MS)
    bob.tab.click("#offer-accept")
    alice.wait_ply(0)
    bob.wait_ply(0)

    play_out([alice, bob], [], rng, keyboard=(bob,))
    result = alice.status()
    assert result == bob.status()
    if "five in a row" in result:
        assert alice.tab.locator("#board .ring.winning").count() >= 5

    # a rematch with the colours swapped, then a draw offered and accepted
    alice.tab.click("#rematch")
    alice.tab.wait_for_selector("#you-are:has-text('You play Red')", timeout=LIVE_MS)
    bob.tab.wait_for_selector("#rematch:has-text('Go to the rematch')", timeout=LIVE_MS)
    bob.tab.click("#rematch")
    bob.tab.wait_for_selector("#you-are:has-text('You play White')", timeout=LIVE_MS)
    assert bob.game_id() == alice.game_id()
    bob.act(rng)
    alice.wait_ply(1)
    ply = alice.act(rng)
    bob.wait_ply(ply)
    # looking back at an earlier position while the game goes on
    bob.tab.click('#moves button[data-ply="1"]')
    bob.tab.wait_for_selector("#status:has-text('Looking at the position after 1')")
    assert bob.tab.locator("#board .ring").count() == 1 and bob.lit().count() == 0
    bob.tab.locator("body").press("End")
    bob.tab.wait_for_selector("#status:has-text('to place a ring')")
    assert bob.lit().count() > 0
    alice.tab.click("#offer-draw")
    bob.tab.wait_for_selector("#offer-accept:not([hidden])", timeout=LIVE_MS)
    assert "offers a draw" in bob.text("#offer-text")
    bob.tab.click("#offer-accept")
    alice.tab.wait_for_selector("#status:has-text('Game over')", timeout=LIVE_MS)
    assert "Draw" in alice.status() and "Draw" in bob.status()
    alice.close()
    bob.close()


def test_a_late_picture_of_the_watching_connection_does_not_undo_the_seat(browser, server):
    """Joining closes the page's watching connection; the picture of that
    connection's last update (the join itself) may come after the player's
    snapshot: it is not shown over it (under load this hid "You play")."""
    alice = Person(browser, server, name="Alice")
    alice.create("yinsh", ["me", "invite"])
    [link] = alice.invitations()
    bob = Person(browser, server, path=link[len(server):], name="Bob")
    bob.tab.evaluate("""() => { const fetchNow = window.fetch;
        window.fetch = (url, ...rest) => String(url).includes('/picture')
          ? new Promise((done) => setTimeout(() => done(fetchNow(url, ...rest)), 1500))
          : fetchNow(url, ...rest); }""")
    bob.join()
    bob.tab.wait_for_timeout(2500)                   # the late picture has come by now
    assert bob.text("#you-are") == "You play Black."
    alice.close()
    bob.close()


def test_a_dropped_connection_reconnects_and_catches_up(browser, server):
    alice = Person(browser, server, name="Alice")
    alice.create("yinsh", ["me", "invite"])
    [link] = alice.invitations()
    sockets = []

    def keep(ws):
        server_side = ws.connect_to_server()
        sockets.append(ws)
        ws.on_message(lambda message: server_side.send(message))
        server_side.on_message(lambda message: ws.send(message))

    bob = Person(browser, server, path="", wait=None, name="Bob")
    bob.tab.route_web_socket(re.compile(r".*/live$"), keep)
    bob.tab.goto(server + link[len(server):])
    bob.join()
    rng = random.Random(2)
    bob.wait_ply(0)
    sockets[-1].close()                              # the connection drops
    bob.tab.wait_for_selector("#link-state:has-text('Reconnecting')", timeout=LIVE_MS)
    ply = alice.act(rng)
    bob.wait_ply(ply, timeout=15000)                 # caught up after reconnecting
    bob.tab.wait_for_selector("#link-state", state="hidden")
    assert len(sockets) >= 2 and bob.my_turn()
    bob.act(rng)
    alice.close()
    bob.close()


def test_lobby_join_watch_and_archive(browser, server, shots):
    alice = Person(browser, server, path="#lobby", wait="#lobby:not([hidden])", name="Alice")
    alice.tab.fill("#lobby-name", "Alice")                       # typed here: the new game's name
    alice.tab.click("#lobby-invite")
    assert alice.tab.locator('#new-dialog input[name="name"]').input_value() == "Alice"
    assert alice.tab.locator("#seat-0").input_value() == "me"
    assert alice.tab.locator("#seat-1").input_value() == "invite"
    alice.fill_new_game("insert", ["me", "invite"], clock="3+2", public=True)
    game = alice.game_id()

    bob = Person(browser, server, path="#lobby", wait="#lobby:not([hidden])", name="Bob")
    bob.tab.fill("#lobby-name", "Bob")
    row = bob.tab.locator(f'#lobby-open li[data-id="{game}"]')
    row.wait_for()
    assert "3 min + 2 s" in row.inner_text() and "Alice" in row.inner_text()
    row.locator("button:has-text('Join as Red')").click()
    bob.tab.wait_for_selector("#you-are:has-text('You play Red')")

    carol = Person(browser, server, path="#lobby", wait="#lobby:not([hidden])", name="Carol")
    carol.tab.locator(f'#lobby-playing li[data-id="{game}"]').wait_for()
    assert "Red: Bob" in carol.text("#lobby-playing")
    carol.tab.screenshot(path=str(shots / "web-lobby.png"))
    carol.tab.locator(f'#lobby-playing li[data-id="{game}"] a:has-text("Watch")').click()
    carol.tab.wait_for_selector("#you-are:has-text('watching')")
    rng = random.Random(8)
    ply = alice.act(rng)
    carol.wait_ply(ply)
    bob.wait_ply(ply)
    bob.tab.once("dialog", lambda d: d.accept())
    bob.tab.click("#online-resign")
    carol.tab.wait_for_selector("#status:has-text('Game over: White wins')", timeout=LIVE_MS)

    carol.tab.click("#lobby-link")
    finished = carol.tab.locator(f'#lobby-finished li[data-id="{game}"]')
    finished.wait_for()
    assert "White wins" in finished.inner_text()
    assert finished.locator("a:has-text('Download the record')").get_attribute("href").endswith("/record")
    # the archive goes further back than the lobby's first page
    for _ in range(21):
        made = _post(server, "/api/online/games", {"game": "insert", "seats": ["me", 0.05]})
        _post(server, f"/api/online/games/{made['id']}/action",
              {"type": "resign", "ply": 0, "seq": made["state"]["seq"]}, made["token"])
    carol.tab.click("#lobby-refresh")
    carol.tab.wait_for_selector("#lobby-older:not([hidden])")
    assert carol.tab.locator("#lobby-finished li").count() == 20
    assert not carol.tab.locator(f'#lobby-finished li[data-id="{game}"]').count()
    carol.tab.click("#lobby-older")
    finished.wait_for()
    finished.locator("button:has-text('Open in the analysis board')").click()
    carol.tab.wait_for_selector("#analysis-card:not([hidden])")
    carol.tab.wait_for_function("location.hash.startsWith('#game=')")
    assert carol.text("#moves").split()[1:2] == [alice.text("#moves").split()[1]]
    for person in (alice, bob, carol):
        person.close()


def test_ludo_four_people(browser, server):
    """Four people, four browsers, a whole 4-player game from a position near
    the end (two pieces each home, two on the way): every throw and every move
    is a click; each throw is drawn as a die and listed with its side."""
    green = Person(browser, server, name="Gwen")
    green.tab.click("#new-game")
    green.fill_new_game("ludo", ["me", "invite", "invite", "invite"], options={"ludo-players": "4"},
                        position="5Y6B/5B6R/5R6G/5G6Y 5/5/5/5 2222 G - standard -")
    links = green.invitations()
    assert len(links) == 3
    others = []
    for link, name in zip(links, ["Yann", "Bea", "Rudi"]):
        person = Person(browser, server, path=link[len(server):], name=name)
        person.join()
        others.append(person)
    players = [green] + others
    assert [p.text("#you-are") for p in players] == [
        "You play Green.", "You play Yellow.", "You play Blue.", "You play Red."]
    assert green.tab.is_visible("#throw") and not others[0].tab.is_visible("#throw")
    play_out(players, [], random.Random(6))
    result = green.status()
    assert result.startswith("Game over: ") and "wins" in result
    assert all(p.status() == result for p in players)
    throws = green.tab.locator("#moves .turn button .die").count()
    assert throws >= 8 and green.tab.locator("#throws .throw-row").count() == 4
    sides = {green.tab.locator("#moves .turn .seat").nth(i).inner_text() for i in range(4)}
    assert sides == {"Green", "Yellow", "Blue", "Red"}
    for person in players:
        person.close()


def test_play_the_engine_online_and_open_the_end_in_the_analysis_board(browser, server):
    alice = Person(browser, server, path="#lobby", wait="#lobby:not([hidden])", name="Alice")
    alice.tab.click("#lobby-engine")
    assert alice.tab.locator("#seat-1").input_value() == "engine"
    assert alice.tab.locator("#seat-level-1").input_value() == "1"         # the Beginner unless chosen
    alice.fill_new_game("insert", ["me", "0.1"], clock="none", options={"insert-layout-kind": "number"})
    assert alice.tab.locator("#clocks").is_hidden()            # correspondence: no clock
    assert alice.tab.locator("#analysis-card").is_hidden()     # no engine help during the game
    rng = random.Random(1)
    for _ in range(2):
        alice.tab.wait_for_selector("body.your-turn", timeout=LIVE_MS)
        before = alice.ply()
        alice.act(rng)
        alice.tab.wait_for_selector("body.your-turn", timeout=15000)   # the engine's reply, pushed
        assert alice.ply() >= before + 2 and "Red played" in alice.text("#announce")
    assert "Red: engine" in alice.text("#seats")
    alice.tab.once("dialog", lambda d: d.accept())
    alice.tab.click("#online-resign")
    alice.tab.wait_for_selector("#status:has-text('Game over: Red wins')", timeout=LIVE_MS)
    moves = alice.text("#moves").split()
    alice.tab.click("#analyse-online")
    alice.tab.wait_for_function("location.hash.startsWith('#game=')")
    alice.tab.wait_for_selector("#analysis-card:not([hidden])")
    assert alice.text("#moves").split() == moves and alice.tab.locator("#online-panel").is_hidden()
    alice.close()


def test_clock_shows_the_running_time_and_the_flag(browser, server):
    """The page's clock module on a state as the server sends it."""
    tab = Tab(browser, server)
    shown = tab.tab.evaluate("""async () => {
        const { Clocks, clockText } = await import('/static/clock.js');
        const box = document.createElement('div');
        document.body.append(box);
        const clocks = new Clocks(box);
        const seats = [{seat: 0, side: 'White'}, {seat: 1, side: 'Black'}];
        clocks.show({over: false, seats, clock: {control: '5+3', remaining_ms: [65000, 1200], running: 1}});
        const first = [...box.children].map((c) => c.textContent);
        await new Promise((r) => setTimeout(r, 1500));
        const later = [...box.children].map((c) => [c.textContent, c.className]);
        clocks.show({over: true, seats, clock: {control: '5+3', remaining_ms: [65000, 0], running: 1}});
        const end = [...box.children].map((c) => c.className);
        return {first, later, end, texts: [clockText(3723000), clockText(59000), clockText(9450)]};
    }""")
    assert shown["first"][0] == "White 1:05" and re.fullmatch(r"Black 0:01\.[0-2]", shown["first"][1])
    assert shown["later"] == [["White 1:05", "clock"], ["Black 0:00 \u2691", "clock running low flag"]]
    assert shown["end"] == ["clock", "clock low flag"]
    assert shown["texts"] == ["1:02:03", "0:59", "0:09.4"]
    tab.close()


def test_a_gone_online_game_says_so(browser, server):
    page = Person(browser, server, path="#online=nosuchgame0000000000", wait="#gone:not([hidden])")
    assert page.tab.locator("#board svg").count() == 0 and page.text("#gone-reason")
    page.close()


def test_server_killed_and_restarted_every_browser_reconnects(browser, tmp_path):
    """SIGKILL mid-game: the acknowledged actions are all there after the
    restart, and both browsers reconnect by themselves and play on."""
    db = tmp_path / "games.sqlite3"
    child, address = start_server(db)
    port = int(address.rstrip("/").rsplit(":", 1)[1])
    try:
        alice = Person(browser, address, name="Alice")
        alice.create("yinsh", ["me", "invite"], clock="10+5")
        [link] = alice.invitations()
        bob = Person(browser, address, path=link[len(address):], name="Bob")
        bob.join()
        rng = random.Random(5)
        for mover in (alice, bob, alice):
            mover.tab.wait_for_selector("body.your-turn", timeout=LIVE_MS)
            ply = mover.act(rng)                  # acknowledged: committed
        bob.wait_ply(ply)
        moves = alice.text("#moves").split()
        child.kill()                                 # SIGKILL: no goodbye
        child.wait(timeout=15)
        for person in (alice, bob):
            person.tab.wait_for_selector("#link-state:has-text('Reconnecting')", timeout=LIVE_MS)
        child, _ = start_server(db, port)
        for person in (alice, bob):
            person.tab.wait_for_selector("#link-state", state="hidden", timeout=15000)
            assert person.text("#moves").split() == moves
        bob.tab.wait_for_selector("body.your-turn", timeout=LIVE_MS)
        ply = bob.act(rng)
        alice.wait_ply(ply)
        assert alice.my_turn()
        alice.close(server_down=True)
        bob.close(server_down=True)
    finally:
        stop_server(child)


def test_the_page_merges_every_update_into_the_whole_state(browser, server):
    """The page's own merge of an update (``mergeUpdate`` of static/online.js,
    run in the browser, the module the page loaded) gives the server's whole
    state after every action of a game, and after a socket's catch-up of
    several entries (a hello with the seq it had seen), a takeback among them."""
    from websockets.sync.client import connect

    made = _post(server, "/api/online/games", {"game": "insert", "options": {"layout": 7},
                                               "seats": ["me", "invite"], "name": "Ann"})
    game_id = made["id"]
    joined = _post(server, f"/api/online/games/{game_id}/join",
                   {"invite": made["invites"][0]["invite"], "name": "Bob"})
    tokens = {made["seat"]: made["token"], joined["seat"]: joined["token"]}
    page = Person(browser, server)

    def merged(before, update):
        return page.tab.evaluate("async ([before, update]) => (await import('/static/online.js'))"
                                 ".mergeUpdate(before, update)", [before, update])

    def whole(token=None):
        request = urllib.request.Request(f"{server.rstrip('/')}/api/online/games/{game_id}",
                                         headers={"Authorization": f"Bearer {token}"} if token else {})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def same(state, expected):
        keys = ("moves", "position", "ply", "seq", "to_act", "choices", "status", "view")
        assert {k: state[k] for k in keys} == {k: expected[k] for k in keys}

    url = server.replace("http://", "ws://").rstrip("/") + f"/api/online/games/{game_id}/live"
    rng = random.Random(3)
    with connect(url, open_timeout=10, max_size=2 ** 22) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        state = json.loads(ws.recv(timeout=30))["state"]
        first = state
        for _ in range(8):
            token = tokens[state["to_act"]]
            _post(server, f"/api/online/games/{game_id}/action",
                  {"type": "move", "move": rng.choice(whole(token)["choices"])["move"], "ply": state["ply"],
                   "seq": state["seq"]}, token)
            update = json.loads(ws.recv(timeout=30))
            assert update["type"] == "update" and "moves" not in update["state"]
            state = merged(state, update["state"])
            same(state, whole())
            assert state["svg"] is None                    # a new position: the page fetches its picture
        asker = tokens[1 - state["to_act"]]              # a takeback: moves_from before the end
        for kind, token in (("takeback", asker), ("takeback_accept", tokens[state["to_act"]])):
            _post(server, f"/api/online/games/{game_id}/action",
                  {"type": kind, "ply": state["ply"], "seq": state["seq"]}, token)
            update = json.loads(ws.recv(timeout=30))
            state = merged(state, update["state"])
            same(state, whole())
        assert update["state"]["moves_from"] < 8 and len(state["moves"]) == 7
    with connect(url, open_timeout=10, max_size=2 ** 22) as ws:     # back after missing 8 entries
        ws.send(json.dumps({"type": "hello", "token": None, "seq": first["seq"]}))
        update = json.loads(ws.recv(timeout=30))
        assert update["type"] == "update" and len(update["events"]) == 11    # 8 moves, a takeback's 3
        same(merged(first, update["state"]), whole())
    assert not page.errors, page.errors
    page.close()
