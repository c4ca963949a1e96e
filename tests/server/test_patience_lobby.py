"""Patience deals started from the lobby in headless Chromium: the Autoplay choice (kept in the
browser) starts a table with autoplay on, and a deal left for a new one from the lobby counts
as lost once a move was made there (conceded with this browser's seat token; the player is
told), while a deal with no move made, or one already over, is not counted again; "winnable
deals only" stands aside for a chosen deal number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from pagekit import DESKTOP, Tab, answer, open_tab, serious_violations, shoot, start_from_lobby
from playwright.sync_api import Browser, Page, expect

from serving import Server

SAFE_AT_ONCE = "#3"
"""A Fortress deal whose first three safe moves autoplay plays as soon as it is on."""
PLAYER = "tester"
"""The name ``start_from_lobby`` plays under."""


def fortress_stats(server: Server) -> dict[str, Any]:
    """The player's Fortress counts (all zero before a deal counts)."""
    found = httpx.get(f"{server.url}/api/stats/{PLAYER}").json()
    return next((s for s in found if s["game"] == "fortress"), {"played": 0, "lost": 0})


def one_move(page: Page) -> None:
    """Play the first legal move of the list."""
    before = page.locator("#status").get_attribute("data-ply")
    page.click("#legal-box summary")
    page.locator("#legal button").first.click()
    expect(page.locator("#status")).not_to_have_attribute("data-ply", before or "")


def test_the_lobby_autoplay_choice_starts_the_table_with_autoplay_on(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "smess")
    expect(page.locator("#autoplay-label")).to_be_hidden()  # no solver: no autoplay
    page.select_option("#game", "fortress")
    expect(page.locator("#autoplay")).not_to_be_checked()
    page.check("#autoplay")  # the player's preference, kept in this browser
    assert serious_violations(page) == []
    shoot(page, shots, "lobby-autoplay")
    start_from_lobby(page, server.url, "fortress", seed=SAFE_AT_ONCE)  # the lobby again
    switch = page.locator("#autoplay")
    expect(switch).to_have_text("Autoplay: on")
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")  # played at once
    expect(page.locator("#undo")).to_be_disabled()  # the deal's start, not a step
    shoot(page, shots, "fortress-autoplay-from-lobby")
    page.goto(server.url + "/")
    page.select_option("#game", "fortress")
    expect(page.locator("#autoplay")).to_be_checked()
    page.uncheck("#autoplay")
    start_from_lobby(page, server.url, "chessboard", seed=SAFE_AT_ONCE)
    expect(page.locator("#autoplay")).to_have_text("Autoplay: off")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    assert tab.errors == []
    tab.close()


def test_winnable_deals_only_stands_aside_for_a_chosen_deal(
    browser: Browser, server: Server
) -> None:
    """The box draws the deal, so with a deal number typed it is off and says why, and the
    number's deal is played as it is (the server refuses the two together)."""
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "fortress")
    page.check("#winnable")
    expect(page.locator("#winnable-note")).to_be_hidden()
    page.fill("#seed", "12")
    expect(page.locator("#winnable")).to_be_disabled()
    expect(page.locator("#winnable-note")).to_be_visible()
    assert serious_violations(page) == []
    page.fill("#name", PLAYER)
    page.click("#start")
    page.wait_for_url("**/play/**")
    expect(page.locator("#title")).to_contain_text("#12")
    page.goto(server.url + "/?game=fortress")
    page.select_option("#game", "fortress")
    expect(page.locator("#winnable")).to_be_enabled()  # no number: it draws the deal again
    assert tab.errors == [], tab.errors
    tab.close()


def left_for_a_new_deal(browser: Browser, server: Server, moves: int) -> tuple[Tab, str, str]:
    """A Fortress deal #3 where ``moves`` moves were made, then a new deal (#5) started from
    the lobby in the same browser; the tab (on the new table) and both tables' ids."""
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    old = start_from_lobby(page, server.url, "fortress", seed=SAFE_AT_ONCE)
    for _ in range(moves):
        one_move(page)
    new = start_from_lobby(page, server.url, "fortress", seed="#5")
    return tab, old, new


def test_a_deal_left_with_a_move_made_counts_as_lost_and_the_player_is_told(
    browser: Browser, server: Server, shots: Path
) -> None:
    before = fortress_stats(server)
    tab, old, new = left_for_a_new_deal(browser, server, moves=1)
    page = tab.page
    expect(page.locator("#notice")).to_have_text("Your unfinished deal #3 was counted as lost.")
    expect(page.locator("#title")).to_contain_text("#5")
    assert serious_violations(page) == []
    shoot(page, shots, "fortress-deal-left-counted-lost")
    assert httpx.get(f"{server.url}/api/tables/{old}").json()["status"] == "finished"
    assert httpx.get(f"{server.url}/api/tables/{new}").json()["status"] == "playing"
    after = fortress_stats(server)
    assert (after["played"], after["lost"]) == (before["played"] + 1, before["lost"] + 1)
    one_move(page)  # the notice goes with the next move
    expect(page.locator("#notice")).to_be_hidden()
    # A deal already over (here conceded at its table) is only forgotten: not counted again.
    page.click("#concede")
    answer(page, yes=True)
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    start_from_lobby(page, server.url, "fortress", seed="#7")
    page.wait_for_timeout(500)
    expect(page.locator("#notice")).to_be_hidden()
    after = fortress_stats(server)
    assert (after["played"], after["lost"]) == (before["played"] + 2, before["lost"] + 2)
    page.goto(f"{server.url}/play/{old}")  # the old link shows the conceded deal
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    expect(page.locator("#over-result")).to_contain_text("conceded")
    shoot(page, shots, "fortress-deal-left-reopened")
    assert tab.errors == []
    tab.close()


def test_a_deal_left_with_no_move_made_is_not_counted(browser: Browser, server: Server) -> None:
    before = fortress_stats(server)
    tab, old, _ = left_for_a_new_deal(browser, server, moves=0)
    page = tab.page
    page.wait_for_timeout(500)
    expect(page.locator("#notice")).to_be_hidden()
    assert httpx.get(f"{server.url}/api/tables/{old}").json()["status"] == "playing"
    assert fortress_stats(server) == before
    page.goto(f"{server.url}/play/{old}")  # back to it: a move made, it is the open deal again
    one_move(page)
    start_from_lobby(page, server.url, "fortress", seed="#5")
    expect(page.locator("#notice")).to_have_text("Your unfinished deal #3 was counted as lost.")
    after = fortress_stats(server)
    assert (after["played"], after["lost"]) == (before["played"] + 1, before["lost"] + 1)
    assert tab.errors == []
    tab.close()
