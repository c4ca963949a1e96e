"""The lobby on a touch phone, in headless Chromium: "Your tables" and the list of tables need
no sideways scrolling (each table a card, its link in the window) yet stay tables to a screen
reader; links and tick boxes are a finger tall (24 px, WCAG 2.2's minimum) and text boxes
have 16 px text, so that iOS Safari does not zoom in on them."""

from __future__ import annotations

from pathlib import Path

import httpx
from helpers import COMPUTER, HUMAN
from pagekit import PHONE, open_tab, overflow, serious_violations, shoot
from playwright.sync_api import Browser, expect

from serving import Server

BOXES = ("(all) => all.filter((e) => e.offsetParent).map((e) => {"
         " const r = e.getBoundingClientRect();"
         " return {text: e.textContent.trim(), left: r.left, right: r.right, height: r.height}; })")
"""The shown elements' boxes (their words, their left and right edges, their height)."""


def test_your_tables_fit_a_phone_as_cards(browser: Browser, server: Server, shots: Path) -> None:
    url = server.url
    made = [httpx.post(f"{url}/api/tables", json=body).json() for body in (
        {"game": "smess", "seats": [HUMAN, COMPUTER]},
        {"game": "cardmate", "seats": [HUMAN, {"kind": "open"}], "private": True},
        {"game": "fortress", "seats": [HUMAN], "seed": 5},
    )]
    tab = open_tab(browser, PHONE, touch=True)
    page = tab.page
    page.goto(url + "/")
    page.evaluate("(ts) => { for (const t of ts)"
                  " localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens['0']); }", made)
    page.reload()
    mine = page.get_by_role("table", name="Tables where this browser holds a seat")
    expect(mine.get_by_role("row")).to_have_count(4)  # the heads and three tables
    expect(mine.get_by_role("cell", name="Cardmate (private)", exact=True)).to_have_count(1)
    expect(page.locator("#tables tbody tr").first).to_be_visible()
    for wrap in page.locator(".sheet-wrap").all():
        assert wrap.evaluate("(w) => w.scrollWidth <= w.clientWidth"), "a list scrolls sideways"
    links = page.eval_on_selector_all("#mine a, #tables a", BOXES)
    assert links and all(a["right"] <= PHONE["width"] and a["height"] >= 24 for a in links), links
    forget = page.eval_on_selector_all("#mine button", BOXES)
    assert all(b["left"] - a["right"] >= 8
               for a, b in zip(page.eval_on_selector_all("#mine a", BOXES), forget, strict=True))
    ticks = page.eval_on_selector_all("label:has(> input[type=checkbox])", BOXES)
    assert ticks and min(t["height"] for t in ticks) >= 24, ticks
    sizes = page.eval_on_selector_all(
        "input, select, textarea",
        "(all) => all.map((e) => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 16, sizes
    assert overflow(page) == 0
    assert serious_violations(page) == []
    shoot(page, shots, "lobby-your-tables-phone")
    assert tab.errors == [], tab.errors
    tab.close()
