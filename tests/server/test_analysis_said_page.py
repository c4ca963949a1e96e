"""What a screen reader hears of a finished game's analysis, in headless Chromium: the page's
one live region (#said) says it started and that every move is judged, not each move on the
way; a move chosen in it, the position shown and its figures, in one announcement; the
analysis adds no live region of its own."""

from __future__ import annotations

import re

import httpx
from helpers import HUMAN
from pagekit import DESKTOP, seated
from playwright.sync_api import Browser, Page, expect
from test_analysis_page import ALL_JUDGED
from test_keyboard_page import SAID
from test_live_regions_page import LIVE, REGIONS

from serving import Server


def said(page: Page) -> list[str]:
    return list(page.evaluate("() => window.said"))


def test_the_analysis_is_said_sparingly_by_the_one_live_region(browser: Browser,
                                                                server: Server) -> None:
    """Fortress deal 2: two moves, then conceded (the first move loses a winnable deal)."""
    made = httpx.post(f"{server.url}/api/tables",
                      json={"game": "fortress", "seats": [HUMAN], "seed": 2}).json()
    token = made["tokens"]["0"]
    for body in ({"action": "0>1"}, {"action": "8>F"}, {"type": "concede"}):
        done = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                          json={"token": token, **body})
        assert done.status_code == 200, done.text
    tab = seated(browser, server.url, made, 0, DESKTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    page.evaluate(SAID)
    page.click("#analyse")
    status = page.locator("#analysis-status")
    expect(status).to_have_text(ALL_JUDGED, timeout=60_000)  # the workers start cold
    expect(page.locator("#said")).to_have_text(status.inner_text())
    assert said(page) == ["Analysing the game...", status.inner_text()]
    assert page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS

    page.locator(".analysis-moves button").first.click()
    where = page.locator("#analysis-where")
    expect(where).to_contain_text("Showing the position after move 1", timeout=30_000)
    expect(page.locator("#said")).to_have_text(re.compile(
        r"^Analysis: the position after move 1\. .+\. The deal is lost after it; "
        r"the engine's .+: winnable\.$"))
    assert len(said(page)) == 3, said(page)  # Fetching... is not said
    page.click("#analysis-back")
    expect(where).to_have_text("Showing the final position.")
    expect(page.locator("#said")).to_contain_text("Showing the final position.")
    assert len(said(page)) == 4, said(page)
    assert page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
    assert tab.errors == [], tab.errors
    tab.close()
