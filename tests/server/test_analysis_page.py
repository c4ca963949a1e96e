"""The analysis on the table page, in headless Chromium: a finished game's "Analyse" button
shows the evaluation graph, the marks and the better moves; choosing a move shows its
position; the player and a spectator on a phone both get it, with no console error, no
sideways scrolling and no serious accessibility violation. Screenshots go to
``$KIBITZ_SCREENSHOTS`` (or a temporary folder, printed at the end)."""

from __future__ import annotations

from pathlib import Path

from helpers import Server
from pagekit import (
    DESKTOP,
    PHONE,
    open_tab,
    overflow,
    serious_violations,
    shoot,
    start_from_lobby,
    wait_past,
    watch,
)
from playwright.sync_api import Browser, expect


def test_a_finished_deal_is_analysed_on_the_page(
    browser: Browser, server: Server, shots: Path
) -> None:
    """Fortress deal 2: the first move 0>1 loses a winnable deal; two more moves, then the
    player concedes and asks for the analysis."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    table = start_from_lobby(page, server.url, "fortress", seed="2")
    for move in ("0>1", None, None):
        before = int(page.locator("#status").get_attribute("data-ply") or 0)
        if move is None:
            if not page.locator("#legal").is_visible():
                page.click("#legal-box summary")
            page.locator("#legal button").first.click()
        else:
            page.fill("#typed-move", move)
            page.click("#typed button[type=submit]")
        wait_past(page, before)
    expect(page.locator("#analyse")).to_have_count(0)  # only once the game is over
    page.once("dialog", lambda d: d.accept())
    page.click("#concede")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.click("#analyse")
    first = page.locator(".analysis-moves button").first
    expect(first).to_contain_text("0>1??", timeout=60_000)  # the workers start cold
    expect(first).to_contain_text("lost, best")
    expect(first).to_have_class("analysed blunder")
    expect(page.locator("#analysis .graph-title")).to_contain_text("Winnable after each move")
    assert page.locator(".eval-graph .eval-point").count() >= 3
    expect(page.locator(".analysis-summary")).to_contain_text("Player: 1 blunder, 0 mistakes")
    first.click()
    expect(page.locator("#analysis-where")).to_contain_text("after move 1")
    expect(page.locator("#last")).to_contain_text("the position after move 1")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".eval-point.chosen")).to_have_count(1)
    assert serious_violations(page) == []
    shoot(page, shots, "analysis-desktop")
    page.click("#analysis-back")
    expect(page.locator("#last")).not_to_contain_text("the position after move")

    spectator = watch(browser, server.url, table, PHONE)
    sp = spectator.page
    sp.click("#analyse")
    expect(sp.locator(".analysis-moves button").first).to_contain_text("0>1??")
    sp.locator(".eval-point").nth(1).click()
    expect(sp.locator("#analysis-where")).to_contain_text("after move")
    sp.wait_for_timeout(200)
    assert overflow(sp) == 0
    assert serious_violations(sp) == []
    shoot(sp, shots, "analysis-phone")
    for tab in (player, spectator):
        assert tab.errors == [], tab.errors
        tab.close()
