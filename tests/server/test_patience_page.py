"""The patience table page in headless Chromium: the autoplay switch (switched on, the safe
moves play at once and the switch says so), Restart, which asks first, and the position
string copied to the clipboard, a lost hint's "Undo to move N" ("Undo to the start" back
to none), "Warn when lost" (a check after every move, opt-in, kept in the browser), and the
deal number's link to a new table with the same deal."""

from __future__ import annotations

from pathlib import Path

import httpx
from pagekit import DESKTOP, answer, open_tab, serious_violations, shoot, start_from_lobby
from playwright.sync_api import Browser, expect

import kibitz
from serving import Server

SAFE_AT_ONCE = "#3"
"""A Fortress deal whose first three safe moves autoplay plays as soon as it is on."""


def test_autoplay_switch_and_restart_after_a_yes(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "fortress", seed=SAFE_AT_ONCE)
    switch = page.locator("#autoplay")
    expect(switch).to_have_text("Autoplay: off")
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    switch.click()
    expect(switch).to_have_text("Autoplay: on")
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator(".move-link")).to_have_count(3)
    for text in page.locator(".move-link").all_inner_texts():  # autoplay's, not the player's
        assert text.endswith(" (auto)"), text
    assert serious_violations(page) == []
    shoot(page, shots, "fortress-autoplay")
    page.click("#undo")  # the automatic moves are one step
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    page.click("#redo")
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    page.click("#restart")  # asks first: no, and nothing changes
    assert "Restart this deal" in answer(page, yes=False)
    expect(page.locator("#restart")).to_be_enabled()
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    page.click("#restart")
    answer(page, yes=True)
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    switch.click()
    expect(switch).to_have_text("Autoplay: off")
    assert tab.errors == []
    tab.close()


def test_the_next_deal_keeps_autoplay_as_this_one_had_it(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    first = start_from_lobby(page, server.url, "fortress", seed=SAFE_AT_ONCE)
    page.click("#autoplay")
    expect(page.locator("#autoplay")).to_have_text("Autoplay: on")
    expect(page.locator("#status")).not_to_have_attribute("data-ply", "0")
    page.click("#new-deal")
    answer(page, yes=True)  # the safe moves were played: it counts as lost
    page.wait_for_url(lambda url: first not in url)
    expect(page.locator("#autoplay")).to_have_text("Autoplay: on")
    assert tab.errors == []
    tab.close()


def test_copy_position_puts_the_position_string_on_the_clipboard(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    table = start_from_lobby(page, server.url, "fortress", seed="#7")
    token = page.evaluate(f"localStorage.getItem('kibitz:token:{table}:0')")
    view = httpx.get(f"{server.url}/api/tables/{table}/view", params={"token": token}).json()
    page.click("#copy-position")
    expect(page.locator("#notice")).to_have_text("Position copied.")
    assert page.evaluate("navigator.clipboard.readText()") == view["view"]["position"]
    assert kibitz.load("fortress").new_state_from_position(view["view"]["position"]).position() \
        == view["view"]["position"]
    tab.close()


def test_a_lost_hint_offers_to_undo_to_the_last_winnable_position(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "fortress", seed="#2")
    page.fill("#typed-move", "0>1")  # turns the winnable deal 2 into a lost one
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text("cannot be won")
    page.click("#undo-to-winnable")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    assert tab.errors == []
    tab.close()


def test_warn_when_lost_checks_every_move_and_offers_the_undo(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "fortress", seed="#2")
    switch = page.locator("#warn-lost")
    expect(switch).to_have_text("Warn when lost: off")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hint")).to_be_hidden()  # winnable: the check stays quiet
    page.fill("#typed-move", "0>1")  # turns the winnable deal 2 into a lost one
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    expect(page.locator("#hint")).to_contain_text("can no longer be won")
    expect(page.locator("#undo-to-winnable")).to_have_text("Undo to the start")
    shoot(page, shots, "fortress-warn-lost")
    page.click("#undo-to-winnable")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    expect(page.locator("#hint")).to_be_hidden()
    page.reload()  # the setting is kept in this browser
    expect(page.locator("#warn-lost")).to_have_text("Warn when lost: on")
    page.locator("#warn-lost").click()
    expect(page.locator("#warn-lost")).to_have_text("Warn when lost: off")
    page.fill("#typed-move", "0>1")  # off: no check, no warning
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    page.wait_for_timeout(1500)
    expect(page.locator("#hint")).to_be_hidden()
    assert tab.errors == []
    tab.close()


def test_the_deal_number_links_to_a_new_table_with_the_same_deal(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "chessboard", seed="#12")
    page.click("#title a")  # "#12"
    page.wait_for_url("**/?game=chessboard&deal=12")
    expect(page.locator("#game")).to_have_value("chessboard")
    expect(page.locator("#seed")).to_have_value("12")
    page.click("#start")
    page.wait_for_url("**/play/**")
    expect(page.locator("#title")).to_contain_text("Chessboard #12")
    assert tab.errors == []
    tab.close()


def test_a_new_deal_mid_game_asks_and_counts_the_deal_left_as_lost(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    table = start_from_lobby(page, server.url, "fortress", seed="#9")
    page.click("#legal-box summary")
    page.locator("#legal button").first.click()
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    page.click("#new-deal")  # no: the deal goes on
    answer(page, yes=False)
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    assert table in page.url
    page.click("#new-deal")
    answer(page, yes=True)
    page.wait_for_url(lambda url: table not in url)
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["status"] == "finished"
    stats = httpx.get(f"{server.url}/api/stats/tester").json()
    assert any(s["game"] == "fortress" and s["lost"] >= 1 for s in stats)
    assert tab.errors == []
    tab.close()


def test_a_hint_under_a_move_cap_says_why_it_is_unchecked(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "chessboard", options={"max_moves": "5"},
                     seed="#777821")  # its one win found is 91 moves long
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text(
        "(unchecked: the win found needs more moves than the move cap leaves)")
    page.click("#winnable")
    expect(page.locator("#hint")).to_contain_text(
        "Unknown: the win found needs more moves than the move cap leaves")
    assert tab.errors == []
    tab.close()
