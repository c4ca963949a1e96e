"""A message longer than its room under the turn bar on a 360 x 640 phone, in headless
Chromium: a Smess click's two-line "why not" and a refused typed move's long error are shown
whole, over the turn bar rather than under it, and the board stays where it was, not moved for
a single frame; each is said once, whole."""

from __future__ import annotations

from pathlib import Path

import httpx
from helpers import HUMAN
from pagekit import SMALL_PHONE, seated, shoot
from playwright.sync_api import Browser, Page, expect
from test_keyboard_page import SAID
from test_phone_board_words_page import TWO_FRAMES
from test_phone_table_page import BOARD_TOPS

from serving import Server

WHY_NOT = "The Ninny on b2 cannot go to b5; its moves: b3."
SHOWN = """(e) => {
  const r = e.getBoundingClientRect();
  const board = document.querySelector(".board").getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, boardTop: board.top,
          lines: e.clientHeight / parseFloat(getComputedStyle(e).lineHeight),
          cut: e.scrollHeight > e.clientHeight + 1,
          covered: !document.elementFromPoint(r.left + r.width / 2, r.bottom - 4)
            ?.closest("#messages")};
}"""
"""Where a message stands, how many lines it takes, whether its text is cut, whether something
lies over it, and where the board starts."""


def shown_whole_above_the_board(page: Page, selector: str) -> None:
    """The message takes two lines or more (the case tested), shown whole, in the window, over
    everything else, above the board; the board never moved."""
    page.evaluate(TWO_FRAMES)
    at = page.eval_on_selector(selector, SHOWN)
    assert at["lines"] >= 1.9, f"{selector} takes {at['lines']} lines: not the case tested"
    assert not at["cut"] and not at["covered"], at
    assert at["top"] >= 0 and at["bottom"] <= at["boardTop"] + 0.5, at
    tops = page.evaluate("window.boardTops")
    assert max(tops) - min(tops) < 1, f"the board moved: {tops}"


def test_a_long_note_or_error_never_moves_the_board_on_a_small_phone(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN]})
    assert made.status_code == 200, made.text
    tab = seated(browser, server.url, made.json(), 0, SMALL_PHONE, touch=True)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.evaluate(BOARD_TOPS)
    page.evaluate(SAID)
    page.click("[data-square='b2']")
    page.click("[data-square='b5']")
    expect(page.locator("#notice")).to_have_text(WHY_NOT)
    shown_whole_above_the_board(page, "#notice")
    assert page.evaluate("window.said") == [WHY_NOT]
    shoot(page, shots, "smess-long-note-360")

    page.fill("#typed-move", "b2-b5 and then some more words")
    page.click("#typed button[type=submit]")
    expect(page.locator("#error")).to_contain_text("b2-b5 and then some more words")
    page.evaluate("scrollTo(0, 0)")
    shown_whole_above_the_board(page, "#error")
    shoot(page, shots, "smess-long-error-360")
    assert tab.errors == [], tab.errors
    tab.close()
