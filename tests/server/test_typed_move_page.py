"""The table page's move box, in Chromium: a bad typed move is refused with its reason in a
short line, an empty one asks for a move, and nothing is played."""

from __future__ import annotations

import httpx
from helpers import HUMAN
from pagekit import DESKTOP, seated
from playwright.sync_api import Browser, expect

from serving import Server


def test_a_bad_or_empty_typed_move_says_why_and_plays_nothing(
    browser: Browser, server: Server
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "cardmate", "seats": [HUMAN, {"kind": "computer", "level": 1}],
    }).json()  # fmt: skip
    tab = seated(browser, server.url, made, 0, DESKTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.fill("#typed-move", "x" * 300)  # a paste longer than any move: cut at 120
    assert len(page.locator("#typed-move").input_value()) == 120
    page.click("#typed button[type=submit]")
    error = page.locator("#error")
    expect(error).to_contain_text("is not a Cardmate move")  # the reason, not only the echo
    assert len(error.inner_text()) <= 300
    expect(page.locator("#typed-move")).to_have_value("x" * 120)  # kept, to be fixed
    page.fill("#typed-move", "")
    page.click("#typed button[type=submit]")  # nothing typed: the old error gives way
    expect(error).to_have_text(
        "Type a move first, in the game's notation (the legal moves are listed above).")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    assert tab.errors == [], tab.errors
    tab.close()
