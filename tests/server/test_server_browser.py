"""End to end in headless Chromium: every game started from the lobby and played to its end
as a player, watched by a spectator, with the checks of every table page.

A real ``kibitz serve`` runs on a free port with a temporary SQLite database. Each game's
test checks, as moves are made: no console error on any page, the same number of info and
notice blocks after every move, no sideways scrolling at 390 px, a move made while the
connection is down (sent when it is back), and axe-core's accessibility rules (no serious
or critical violation). Screenshots of every page at desktop and phone width go to
``$KIBITZ_SCREENSHOTS`` (or a temporary folder, printed at the end of the module).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import httpx
from pagekit import (
    DESKTOP,
    INFO_BLOCKS,
    PHONE,
    WIDER,
    Tab,
    answer,
    info_blocks,
    my_turn_or_over,
    open_tab,
    over,
    overflow,
    ply,
    serious_violations,
    shoot,
    start_from_lobby,
    wait_past,
    watch,
)
from playwright.sync_api import Browser, Page, expect

from serving import Server

Pick = Callable[[Page], None]
"""Makes one move on a page by clicking (without waiting for it to be played)."""


class Table:
    """A player's page and a spectator's page on one table, checked after every move."""

    def __init__(self, player: Tab, *others: Tab) -> None:
        self.tabs = [player, *others]
        self.player = player
        self.blocks = {id(t): info_blocks(t.page) for t in self.tabs}
        self.moves = 0

    def check(self) -> None:
        """Constant info blocks, and no sideways scrolling at phone width."""
        for t in self.tabs:
            blocks, wider = t.page.evaluate(f"[{INFO_BLOCKS}, {WIDER}]")
            assert blocks == self.blocks[id(t)], f"info blocks changed on {t.page.url}"
            assert wider == 0 or t.page.viewport_size["width"] > PHONE["width"], \
                f"{t.page.url} is wider than the phone"

    def play(self, pick: Pick, tab: Tab | None = None) -> None:
        """One move by clicking on ``tab`` (the player's by default), then the checks."""
        page = (tab or self.player).page
        before = ply(page)
        pick(page)
        wait_past(page, before)
        self.moves += 1
        self.check()

    def play_offline(self, pick: Pick) -> None:
        """One move made while the player's connection is down: sent once it is back."""
        tab = self.player
        assert tab.link is not None
        page = tab.page
        before = ply(page)
        tab.link.drop()
        expect(page.locator("#conn")).to_contain_text("offline")
        pick(page)
        expect(page.locator("#notice")).to_contain_text("will be sent when the connection is back")
        assert ply(page) == before
        tab.link.restore()
        wait_past(page, before)
        expect(page.locator("#notice")).to_contain_text("was sent")
        expect(page.locator("#conn")).to_have_text("connected")
        self.check()

    def accessible(self) -> None:
        for t in self.tabs:
            assert serious_violations(t.page) == [], t.page.url

    def finish(self, shots: Path, name: str, close: bool = True) -> None:
        """The end: every page shows the result; no console error anywhere."""
        for t in self.tabs:
            expect(t.page.locator("#status")).to_contain_text("Game over")
            expect(t.page.locator("#over")).to_be_visible()
        expect(self.player.page.locator("#rematch")).to_be_visible()
        self.check()
        shoot(self.player.page, shots, f"{name}-over-desktop")
        shoot(self.tabs[1].page, shots, f"{name}-over-phone")
        for t in self.tabs:
            assert t.errors == [], f"console errors on {t.page.url}: {t.errors}"
            if close:
                t.close()


def phone_look(tab: Tab, shots: Path, name: str) -> None:
    """The player's own page at phone width: a screenshot and no sideways scrolling."""
    page = tab.page
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert overflow(page) == 0, f"{name} is wider than the phone"
    shoot(page, shots, f"{name}-player-phone")
    page.set_viewport_size(DESKTOP)


# -- moves on square boards ------------------------------------------------------------------
def square_move(page: Page) -> None:
    """Select the first piece that can move (the page marks them), then its first target."""
    page.locator(".sq.movable").first.click()
    page.locator(".sq.target").first.click()
    if page.locator("#promotion:not([hidden])").count():
        page.locator("#promotion button").first.click()


def keyboard_move(page: Page) -> None:
    """A move by keyboard alone: arrow keys over the board, Enter to select and to move."""
    names = page.evaluate("[...document.querySelectorAll('.sq')].map((s) => s.dataset.square)")
    width = page.locator(".board-row").first.locator(".sq").count()
    page.locator(".sq[tabindex='0']").focus()
    at = names.index(page.evaluate("document.activeElement.dataset.square"))

    def go(to: int) -> None:
        nonlocal at
        for _ in range(abs(to % width - at % width)):
            page.keyboard.press("ArrowRight" if to % width > at % width else "ArrowLeft")
        for _ in range(abs(to // width - at // width)):
            page.keyboard.press("ArrowDown" if to > at else "ArrowUp")
        at = to
        assert page.evaluate("document.activeElement.dataset.square") == names[to]
        page.keyboard.press("Enter")

    go(names.index(page.locator(".sq.movable").first.get_attribute("data-square")))
    go(names.index(page.locator(".sq.target").first.get_attribute("data-square")))


def test_smess_as_red_from_the_lobby(browser: Browser, server: Server, shots: Path) -> None:
    player = open_tab(browser, DESKTOP, routed=True)
    page = player.page
    table = start_from_lobby(page, server.url, "smess", {"max_plies": "12"},
                             seats={0: "computer:1", 1: "human"})
    spectator = watch(browser, server.url, table)
    page.wait_for_selector(".sq svg line", state="attached")
    # Red sees the board turned: its own back rank at the bottom, coordinates on the edges.
    corner = ".board-row:last-child .sq:first-child"
    expect(page.locator(corner)).to_have_attribute("data-square", "g8")
    expect(spectator.page.locator(corner)).to_have_attribute("data-square", "a1")
    expect(page.locator(".coord.file")).to_have_count(7)
    expect(page.locator(".coord.rank")).to_have_count(8)
    t = Table(player, spectator)
    assert my_turn_or_over(page)
    expect(page.locator(".sq.last-from")).to_have_count(1)
    expect(page.locator(".sq.last-to")).to_have_count(1)
    expect(page.locator("#last")).to_contain_text("Last move: Blue")
    shoot(page, shots, "smess-desktop")
    shoot(spectator.page, shots, "smess-phone")
    t.play_offline(square_move)
    assert my_turn_or_over(page)
    t.play(keyboard_move)
    t.accessible()
    while my_turn_or_over(page):
        t.play(square_move)
    expect(page.locator("#moves tbody th").first).to_have_text("1.")
    t.finish(shots, "smess")


def test_a_move_made_offline_is_reported_when_the_table_moved_on(
    browser: Browser, server: Server
) -> None:
    first = open_tab(browser, DESKTOP, routed=True)
    start_from_lobby(first.page, server.url, "smess", {}, seats={1: "computer:1"})
    assert my_turn_or_over(first.page)
    tokens = first.page.evaluate("() => ({...localStorage})")
    second = open_tab(browser, DESKTOP)  # the same seat in another window
    second.page.goto(server.url + "/")
    second.page.evaluate(
        "(t) => { for (const [k, v] of Object.entries(t)) localStorage.setItem(k, v); }", tokens
    )
    second.page.goto(first.page.url)
    assert my_turn_or_over(second.page)
    before = ply(first.page)
    assert first.link is not None
    first.link.drop()
    expect(first.page.locator("#conn")).to_contain_text("offline")
    square_move(first.page)
    square_move(second.page)  # played from the other window meanwhile
    wait_past(second.page, before)
    first.link.restore()
    expect(first.page.locator("#notice")).to_contain_text("was not played: the table moved on")
    wait_past(first.page, before)
    assert first.errors == [] and second.errors == []
    first.close()
    second.close()


def test_cardmate_from_the_lobby(browser: Browser, server: Server, shots: Path) -> None:
    player = open_tab(browser, DESKTOP, routed=True)
    page = player.page
    table = start_from_lobby(page, server.url, "cardmate", {"max_plies": "8"},
                             seats={1: "computer:1"})
    spectator = watch(browser, server.url, table)
    page.wait_for_selector(".sq svg rect", state="attached")
    expect(page.locator(".coord.file")).to_have_count(10)
    expect(page.locator(".sq.palace")).to_have_count(4)
    t = Table(player, spectator)
    shoot(page, shots, "cardmate-desktop")
    assert my_turn_or_over(page)
    t.play_offline(square_move)
    assert my_turn_or_over(page)
    expect(page.locator(".sq.last-from")).to_have_count(1)
    expect(page.locator(".sq.last-to")).to_have_count(1)
    phone_look(player, shots, "cardmate")
    shoot(spectator.page, shots, "cardmate-phone")
    t.accessible()
    while my_turn_or_over(page):
        t.play(square_move)
    expect(page.locator("#captured")).to_have_count(1)
    t.finish(shots, "cardmate")


def test_cardmate_record_imported_in_the_lobby(browser: Browser, server: Server) -> None:
    from kibitz.core.play import play_random
    from kibitz.core.record import make_record
    from kibitz.core.registry import game_class, load
    from kibitz.core.rng import Rng

    state = play_random(load("cardmate").new_initial_state(3), Rng(5), max_plies=40)
    record = make_record(state)
    captures = sum(":" in move for move in record["actions"])
    assert captures > 0
    text = game_class("cardmate").write_text_record(record)
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "cardmate")
    page.click("#import-box summary")
    page.fill("#record", text or "")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_function("() => document.getElementById('status').dataset.ply === '40'")
    expect(page.locator("#captured .card")).to_have_count(captures)
    # Forty plies are twenty numbered moves; the last one is Rearhand's.
    expect(page.locator("#moves tbody tr")).to_have_count(20)
    expect(page.locator("#moves tbody tr").last).to_contain_text(f"20.{record['actions'][-2]}")
    expect(page.locator("#moves tbody tr").last).to_contain_text(record["actions"][-1])
    assert tab.errors == []
    tab.close()


# -- card games ------------------------------------------------------------------------------
def first_of(selector: str) -> Pick:
    def pick(page: Page) -> None:
        page.locator(selector).first.click()
    return pick


TCHESS_MOVES = "#hand .card.playable, .actions button"


def test_tchess_from_the_lobby(browser: Browser, server: Server, shots: Path) -> None:
    player = open_tab(browser, DESKTOP, routed=True)
    page = player.page
    table = start_from_lobby(page, server.url, "tchess", {"max_rounds": "1"},
                             seats={1: "computer:1"})
    spectator = watch(browser, server.url, table)
    page.wait_for_selector("#hand .card")
    t = Table(player, spectator)
    assert my_turn_or_over(page)
    shoot(page, shots, "tchess-desktop")
    t.play_offline(first_of(TCHESS_MOVES))
    # Both seats' hands are counted for the spectator, who sees no card of either.
    expect(spectator.page.locator(".seat-line")).to_have_count(2)
    expect(spectator.page.locator(".seat-line").first).to_contain_text("in hand")
    expect(spectator.page.locator("#hand .card")).to_have_count(0)
    t.accessible()
    # By keyboard: Enter on a card lays it, and the focus stays in the hand after the update.
    assert my_turn_or_over(page)
    page.locator("#hand .card.playable").first.focus()
    t.play(lambda p: p.keyboard.press("Enter"))
    assert page.evaluate("document.activeElement.closest('#hand, .actions') !== null")
    while my_turn_or_over(page):
        t.play(first_of(TCHESS_MOVES))
        if t.moves == 3:
            phone_look(player, shots, "tchess")
            shoot(spectator.page, shots, "tchess-phone")
    log = page.locator("#moves").inner_text()
    assert re.search(r"White attacks with .+, strength \d+; Black defends with .+, strength \d+;"
                     r" (White|Black) wins the round", log), log
    assert "null" not in log and "null" not in page.locator("#last").inner_text()
    t.finish(shots, "tchess")


def rook_move(page: Page) -> None:
    """Bid the most (so this side declares), discard from the top of the hand down (any
    order is taken), name the first trump, play the first playable card."""
    if page.locator("#discard").count():
        need = int(re.search(r"choose (\d+) card", page.locator("#rook-prompt").inner_text())[1])
        for card in page.locator("#hand .card").all()[::-1][:need]:
            card.click()
        expect(page.locator("#rook-prompt")).to_contain_text(f"({need} chosen)")
        page.click("#discard")
        return
    bids = page.locator("#bidding button")
    if bids.count():
        bids.last.click()
        return
    page.locator("#hand .card.playable").first.click()


def rook_ready(page: Page) -> bool:
    """Whether this player is to act (and not already sending a chosen discard)."""
    status = page.locator("#status")
    mine = status.get_attribute("data-your-turn") == "1"
    return mine and not over(page) and not page.locator("#discarding").count()


def test_rook_two_players_two_computers(browser: Browser, server: Server, shots: Path) -> None:
    south = open_tab(browser, PHONE, routed=True)
    sent: list[dict] = []  # what the players' pages send: a discard set goes as one turn
    south.page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    start_from_lobby(south.page, server.url, "rook", {"max_deals": "1"},
                     seats={1: "computer:1", 2: "open", 3: "computer:1"})
    invite = south.page.locator("#invite-link").input_value()
    south.page.click("#copy-invite")
    expect(south.page.locator("#copied")).to_have_text("Copied.")
    north = open_tab(browser, DESKTOP)
    north.page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    north.page.goto(invite)
    expect(north.page.locator("[data-seat='2']")).to_be_visible()
    assert serious_violations(north.page) == []
    north.page.fill("#name", "partner")
    north.page.click("[data-seat='2']")
    north.page.wait_for_url("**/play/**")
    table = north.page.url.split("/play/")[1].split("#")[0]
    spectator = watch(browser, server.url, table)
    # Each player sees the partner across the table, marked.
    expect(south.page.locator(".seat-n .tag", has_text="partner")).to_be_visible()
    expect(north.page.locator(".seat-n")).to_contain_text("South")
    expect(north.page.locator(".seat-n .tag", has_text="partner")).to_be_visible()
    t = Table(south, spectator, north)
    # A card that cannot be played now is still reached by keyboard, and says why.
    south.page.locator("#hand .card").first.focus()
    assert south.page.evaluate("document.activeElement.dataset.card") is not None
    card = south.page.locator("#hand .card").first
    expect(card).to_have_attribute("aria-disabled", "true")
    expect(card).to_have_attribute("aria-label", re.compile(", "))
    shoot(north.page, shots, "rook-desktop")
    shoot(south.page, shots, "rook-phone")
    offline_done = False
    while not (over(south.page) and over(north.page)):
        ready = [tab for tab in (south, north) if rook_ready(tab.page)]
        if not ready:
            south.page.wait_for_timeout(50)
            continue
        tab = ready[0]
        playing = tab.page.locator("#hand .card.playable").count() and not tab.page.locator(
            "#discard").count()
        if tab is south and not offline_done and playing:
            t.play_offline(rook_move)
            offline_done = True
            t.accessible()
            shoot(south.page, shots, "rook-play-phone")
            shoot(north.page, shots, "rook-play-desktop")
        else:
            t.play(rook_move, tab)
    assert offline_done
    # The last trick stays on the table after the hand, with who won it.
    expect(spectator.page.locator("#trick .card")).to_have_count(4)
    expect(spectator.page.locator("#trick")).to_contain_text("won this trick")
    expect(south.page.locator("#score-sheet tbody th[scope=rowgroup]")).to_have_count(1)
    discards = [m["turn"].split() for m in sent if "turn" in m]
    [hand] = httpx.get(f"{server.url}/api/tables/{table}/view").json()["view"]["score_sheet"]
    people_declared = hand["declarer"] in (0, 2)  # else a computer outbid them: no set sent
    assert len(discards) == int(people_declared)
    assert all(d[0] == "discard" and len(d) == 6 for d in discards)
    t.finish(shots, "rook")


# -- patience --------------------------------------------------------------------------------
def winning_line(game: str, deal: int) -> list[tuple[str, str]]:
    """The assistant's winning line of a deal, as (from, to) piles of the page."""
    from kibitz.core.registry import load
    from kibitz.core.session import Session

    session = Session(load(game), deal, None, 1)
    line = []
    while not session.is_over():
        hint = session.hint()
        move = next(m for m in session.state.moves() if m["id"] == hint.action)
        line.append((str(move["from"]), str(move["to"])))
        session.play(hint.action)
    return line


def test_fortress_winnable_deal_solved_through_hints(browser: Browser, server: Server,
                                                     shots: Path) -> None:
    player = open_tab(browser, DESKTOP, routed=True)
    page = player.page
    table = start_from_lobby(page, server.url, "fortress", {}, seed="33")
    spectator = watch(browser, server.url, table)
    page.wait_for_selector("[data-pile='0']")
    t = Table(player, spectator)
    shoot(page, shots, "fortress-desktop")
    shoot(spectator.page, shots, "fortress-phone")
    # The first moves follow the page's hints; the rest of the solver's line is clicked.
    line = winning_line("fortress", 33)
    for step, (src, dst) in enumerate(line):
        assert my_turn_or_over(page)
        before = ply(page)
        if step < 3:
            page.click("#hint-button")
            expect(page.locator("#hint")).to_have_attribute("data-ply", str(before))
            expect(page.locator("#hint")).to_be_visible()
            assert page.locator("#hint").get_attribute("data-move") == f"{src}>{dst}"

        def click(p: Page, src: str = src, dst: str = dst) -> None:
            p.locator(f"[data-pile='{src}']").click()
            p.locator(f"[data-pile='{dst}']").click()

        if step == 0:  # one move by drag and drop
            t.play(lambda p, src=src, dst=dst: p.locator(f"[data-pile='{src}']").drag_to(
                p.locator(f"[data-pile='{dst}']")))
        elif step == 2:
            t.play_offline(click)
            t.accessible()
            phone_look(player, shots, "fortress")
        else:
            t.play(click)
    expect(page.locator("#status")).to_contain_text("Game over: won (all 52 cards")
    expect(page.locator("#hint")).to_be_hidden()
    page.click("#undo")
    expect(page.locator("#status")).not_to_contain_text("Game over")
    page.click("#redo")
    t.finish(shots, "fortress")
    stats = open_tab(browser, DESKTOP)
    stats.page.goto(server.url + "/")
    stats.page.fill("#name", "tester")
    stats.page.goto(server.url + "/stats")
    stats.page.fill("#player", "tester")
    stats.page.click("#who button")
    expect(stats.page.locator("#stats tbody")).to_contain_text("Fortress")
    assert serious_violations(stats.page) == []
    shoot(stats.page, shots, "stats")
    stats.close()


def test_chessboard_conceded(browser: Browser, server: Server, shots: Path) -> None:
    player = open_tab(browser, DESKTOP, routed=True)
    page = player.page
    table = start_from_lobby(page, server.url, "chessboard", {}, seed="#12")
    expect(page.locator("#title")).to_contain_text("Chessboard #12")
    spectator = watch(browser, server.url, table)
    t = Table(player, spectator)
    shoot(page, shots, "chessboard-desktop")
    shoot(spectator.page, shots, "chessboard-phone")
    assert my_turn_or_over(page)
    page.click("#legal-box summary")  # every legal move as a button: play by keyboard
    t.play_offline(first_of("#legal button"))
    t.play(first_of("#legal button"))
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text("Hint:")
    t.accessible()
    page.click("#concede")
    answer(page, yes=True)
    expect(page.locator("#status")).to_contain_text("Game over: lost (conceded)")
    for tool in ("#undo", "#redo", "#restart", "#hint-button", "#autocomplete", "#concede"):
        expect(page.locator(tool)).to_be_disabled()
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#rematch")).to_have_text("New deal")
    t.finish(shots, "chessboard", close=False)
    page.click("#rematch")  # a new deal at a new table, this browser in the same seat
    page.wait_for_url(lambda url: table not in url)
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator("#title")).to_contain_text("Chessboard #")
    assert player.errors == []
    player.close()
    spectator.close()


# -- the other pages -------------------------------------------------------------------------
def test_lobby_rules_docs_and_missing_pages(browser: Browser, server: Server,
                                            shots: Path) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    expect(page.locator("#game option")).to_have_count(6)
    # "winnable deals only" is offered only where the game has a solver.
    page.select_option("#game", "smess")
    expect(page.locator("#winnable-label")).to_be_hidden()
    page.select_option("#game", "fortress")
    expect(page.locator("#winnable-label")).to_be_visible()
    assert serious_violations(page) == []
    shoot(page, shots, "lobby-desktop")
    page.set_viewport_size(PHONE)
    assert overflow(page) == 0
    shoot(page, shots, "lobby-phone")
    page.set_viewport_size(DESKTOP)
    page.goto(server.url + "/rules/tchess")
    expect(page.locator("h1").first).to_contain_text("TCHESS")
    assert serious_violations(page) == []
    shoot(page, shots, "rules-tchess")
    page.goto(server.url + "/docs")
    expect(page.locator(".swagger-ui .title")).to_contain_text("kibitz")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert tab.errors == [], tab.errors
    response = page.goto(server.url + "/play/no-such-table")  # its 404 is logged: not an error
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("No such table")
    expect(page.get_by_role("link", name="Start a new table in the lobby")).to_be_visible()
    assert serious_violations(page) == []
    icon = httpx.get(server.url + "/favicon.ico")
    assert icon.status_code == 200 and icon.content.startswith(b"<svg")
    tab.close()


def test_restart_mid_game_resumes(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "smess", {}, seats={1: "computer:1"})
    page.wait_for_selector(".sq svg line", state="attached")
    my_turn_or_over(page)
    before = ply(page)
    square_move(page)
    wait_past(page, before)
    my_turn_or_over(page)
    moves = page.locator("#moves").inner_text()
    at = ply(page)
    server.stop()
    expect(page.locator("#conn")).to_contain_text("offline")
    server.start()
    expect(page.locator("#conn")).to_have_text("connected")
    page.wait_for_function(f"() => document.getElementById('status').dataset.ply === '{at}'")
    assert page.locator("#moves").inner_text() == moves
    assert my_turn_or_over(page)
    before = ply(page)
    square_move(page)
    wait_past(page, before)
    tab.close()
