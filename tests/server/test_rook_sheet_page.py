"""The Rook page in headless Chromium, as in the CrowsNest app: you at South with a computer
partner against two computers. After a scored hand the score sheet has every column the
rules ask for (dealer, declarer, contract, trump, made or set, then a row a team: hand
score, running total, card points, the nest's points in the row of the team that got them,
bonus) with the view's figures; the teams are "We" and "They" (their names for a
spectator). At 390 px a compact sheet (hand, bid, made or set, each team's total and hand
score) fits the phone, every column a tap away in a box of its own that scrolls sideways,
so the page never does; axe finds nothing serious."""

from __future__ import annotations

from pathlib import Path

import httpx
from pagekit import (
    DESKTOP,
    PHONE,
    open_tab,
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

HEADERS = ["Hand", "Dealer", "Declarer", "Bid", "Trump", "Made or set", "Team", "Hand score",
           "Total", "Card points", "Nest", "Bonus"]  # fmt: skip
"""The header row: the hand's columns, then the team's (a row a team)."""
MY_TURN = (
    "() => { const s = document.getElementById('status').dataset;"
    " return s.over === '1' || (s.yourTurn === '1' && !document.getElementById('discarding')); }"
)
"""The game is over, or it is this page's turn (and it is not sending chosen discards)."""


def sheet_rows(page: Page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#score-sheet tbody tr",
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.replaceAll('\\u00a0', ' ')))",
    )


def compact_rows(page: Page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#score-sheet-compact tbody tr",
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))",
    )


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def headers(page: Page) -> list[list[str]]:
    """The header cells' texts, row by row."""
    return page.eval_on_selector_all(
        "#score-sheet thead tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )


def play_first(page: Page) -> None:
    """One move: the first call (pass, or the lowest bid), the first cards to discard, the
    first trump, the first playable card."""
    if page.locator("#discard").count():
        need = int(page.locator("#rook-prompt").inner_text().split("choose ")[1].split()[0])
        for card in page.locator("#hand .card").all()[:need]:
            card.click()
        page.click("#discard")
        return
    calls = page.locator("#bidding button")
    if calls.count():
        calls.first.click()
        return
    page.locator("#hand .card.playable").first.click()


def expected_rows(row: dict, seats: list[str], teams: list[str]) -> list[list[str]]:
    """The sheet's rows for a score-sheet row of the view: the hand's cells (spanning its
    rows) and the first team's, then the second team's."""
    hand = [str(row["hand"]), seats[row["dealer"]], seats[row["declarer"]],
            str(row["contract"]), row["trump"], "made" if row["made"] else "set"]  # fmt: skip

    def team(t: int) -> list[str]:
        change = row["change"][t]
        nest = str(row["nest_points"]) if row["nest_to"] == t else ""
        return [teams[t], f"+{change}" if change > 0 else str(change), str(row["totals"][t]),
                str(row["card_points"][t]), nest, str(row["bonus"][t])]  # fmt: skip

    return [hand + team(0), team(1)]


def test_rook_score_sheet_we_and_they(browser: Browser, server: Server, shots: Path) -> None:
    me = open_tab(browser, DESKTOP)
    page = me.page
    table = start_from_lobby(page, server.url, "rook", {"max_hands": "2"},
                             seats={1: "computer:1", 2: "computer:1", 3: "computer:1"})  # fmt: skip
    expect(page.locator(".score")).to_contain_text("We 0")
    expect(page.locator(".score")).to_contain_text("They 0")
    expect(page.locator("#score-sheet tbody")).to_contain_text("No hand scored yet.")
    token = page.evaluate(f"localStorage.getItem('kibitz:token:{table}:0')")
    for _ in range(400):
        view = httpx.get(f"{server.url}/api/tables/{table}/view", params={"token": token}).json()
        if view["view"]["score_sheet"]:
            break
        page.wait_for_function(MY_TURN)
        assert page.locator("#status").get_attribute("data-over") != "1", "over before a hand"
        before = ply(page)
        play_first(page)
        wait_past(page, before)
    else:
        raise AssertionError("no hand was scored")
    row = view["view"]["score_sheet"][0]
    seats = view["table"]["player_names"]
    expect(page.locator("#score-sheet tbody th[scope=rowgroup]")).to_have_count(1)
    assert headers(page) == [HEADERS]
    assert page.locator("#score-sheet th[scope]").count() == len(HEADERS) + 1 + 2
    assert sheet_rows(page) == expected_rows(row, seats, ["We", "They"])
    total = row["totals"]
    expect(page.locator(".score")).to_contain_text(f"We {total[0]}")
    expect(page.locator(".score")).to_contain_text(f"They {total[1]}")
    expect(page.locator("#rook-info")).to_contain_text("Tricks We ")
    assert serious_violations(page) == []
    shoot(page, shots, "rook-sheet-desktop")

    expect(page.locator("#score-sheet-compact")).to_be_hidden()  # a desktop has room for all

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert overflow(page) == 0, "the page is wider than the phone"
    compact = page.locator("#score-sheet-compact")
    expect(compact).to_be_visible()  # a phone's sheet: hand, bid, made or set, the totals
    expect(page.locator("#sheet-box")).to_be_hidden()
    side = view["table"]["description"]["seats"][row["declarer"]]["side"]
    bid = f"{['We', 'They'][side]} {row['contract']}"
    assert compact_rows(page) == [[str(row["hand"]), bid, "made" if row["made"] else "set",
                                   *(f"{total[t]} {signed(row['change'][t])}" for t in (0, 1))]]
    assert compact.evaluate("t => t.getBoundingClientRect().right") <= PHONE["width"]
    compact.scroll_into_view_if_needed()
    shoot(page, shots, "rook-sheet-phone")
    page.click("#sheet-toggle")  # every column, scrolling sideways in its own box
    expect(page.locator("#sheet-toggle")).to_have_attribute("aria-expanded", "true")
    box = page.locator("#sheet-box")
    expect(box).to_be_visible()
    assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the sheet should scroll in its box"
    assert overflow(page) == 0
    assert serious_violations(page) == []
    box.scroll_into_view_if_needed()
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    box.screenshot(path=shots / "rook-sheet-phone-scrolled.png", animations="disabled")

    spectator = watch(browser, server.url, table)
    expect(spectator.page.locator(".score")).to_contain_text("North-South")
    teams = view["table"]["description"]["team_names"]
    assert sheet_rows(spectator.page) == expected_rows(row, seats, teams)
    assert overflow(spectator.page) == 0
    shoot(spectator.page, shots, "rook-sheet-spectator-phone")
    assert me.errors == [] and spectator.errors == []
    spectator.close()
    me.close()
