"""Stepping through a finished game's analysis by keyboard, in headless Chromium (a module of
its own: its own server, so the analyses of test_analysis_page.py leave it its own count
against the server's ten analyses a minute from one address)."""

from __future__ import annotations

from pathlib import Path

from pagekit import DESKTOP, open_tab, shoot
from playwright.sync_api import Browser, expect
from test_analysis_page import analysed_cardmate

from serving import Server


def test_the_keys_step_through_the_analysed_moves(
    browser: Browser, server: Server, shots: Path
) -> None:
    """The analysed moves are one tab stop; Down and Right step to the next move, Up to the
    one before, End and Home to the last and the first, each showing its position as a click
    does; a key held down asks for the position it rests on only."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    analysed_cardmate(page, server, 8)
    moves = page.locator(".analysis-moves button")
    count = moves.count()
    assert page.locator(".analysis-moves button[tabindex='0']").count() == 1
    where = page.locator("#analysis-where")
    moves.first.focus()
    for key, index, number in (("ArrowDown", 1, "1..."), ("ArrowRight", 2, "2."),
                               ("ArrowUp", 1, "1..."), ("End", count - 1, "4..."),
                               ("Home", 0, "1.")):  # fmt: skip
        page.keyboard.press(key)
        expect(moves.nth(index)).to_be_focused()
        expect(moves.nth(index)).to_have_attribute("aria-pressed", "true")
        expect(where).to_contain_text(f"Showing the position after move {number} ")
        expect(page.locator(".analysis-moves button[tabindex='0']")).to_have_count(1)
    page.evaluate("""() => {
      window.asked = 0;
      const fetch0 = window.fetch;
      window.fetch = (url, ...rest) => {
        if (String(url).includes("/position/")) window.asked += 1;
        return fetch0(url, ...rest);
      };
    }""")
    page.evaluate(  # a held key's repeats, in one go
        "(n) => { for (let k = 0; k < n; k++) document.activeElement.dispatchEvent("
        "new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })); }",
        count - 1,
    )
    expect(moves.nth(count - 1)).to_have_attribute("aria-pressed", "true")
    expect(where).to_contain_text("Showing the position after move 4... ")
    assert page.evaluate("window.asked") == 1
    shoot(page, shots, "analysis-keys")
    assert player.errors == [], player.errors
    player.close()
