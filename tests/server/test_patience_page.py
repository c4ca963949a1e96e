"""The patience table page in headless Chromium: the autoplay switch (switched on, the safe
moves play at once and the switch says so) and Restart, which asks first."""

from __future__ import annotations

from pathlib import Path

from helpers import Server
from pagekit import DESKTOP, open_tab, serious_violations, shoot, start_from_lobby
from playwright.sync_api import Browser, expect

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
    assert serious_violations(page) == []
    shoot(page, shots, "fortress-autoplay")
    page.click("#undo")  # the automatic moves are one step
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    page.click("#redo")
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    questions: list[str] = []
    page.once("dialog", lambda d: (questions.append(d.message), d.dismiss()))
    page.click("#restart")  # asks first: no, and nothing changes
    expect(page.locator("#restart")).to_be_enabled()
    assert questions and "Restart this deal" in questions[0]
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    page.once("dialog", lambda d: d.accept())
    page.click("#restart")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    switch.click()
    expect(switch).to_have_text("Autoplay: off")
    assert tab.errors == []
    tab.close()
