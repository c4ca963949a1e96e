"""The Cardmate table in headless Chromium: the board's coordinates stand beside it and the
word in an empty palace stays inside its square, so no label covers a card, on a phone as on
a desktop; exporting a record downloads it and leaves the page's hidden link hidden."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import DESKTOP, PHONE, overflow, seated, serious_violations, shoot
from playwright.sync_api import Browser, expect

from kibitz.core.record import make_record
from random_play import random_states
from serving import Server

COVERED = """() => {
    const boxes = (sel) => [...document.querySelectorAll(sel)]
        .map((e) => e.getBoundingClientRect());
    const meet = (a, b) => a.left < b.right && b.left < a.right
        && a.top < b.bottom && b.top < a.bottom;
    const pieces = boxes('.sq .piece');
    return boxes('.coord').filter((c) => pieces.some((p) => meet(c, p))).length;
}"""
"""How many coordinate labels overlap a piece's square."""

PALACE_WORDS = """() => [...document.querySelectorAll('.palace-mark')].map((m) => {
    const word = m.getBoundingClientRect(), sq = m.closest('.sq').getBoundingClientRect();
    return { inside: word.left >= sq.left && word.right <= sq.right && word.top >= sq.top
                     && word.bottom <= sq.bottom && m.scrollWidth <= m.clientWidth,
             size: parseFloat(getComputedStyle(m).fontSize) };
})"""
"""Each empty palace's word: whether it fits inside its square, and its font size."""


def palace_left_empty() -> dict:
    """The record of seed 3's random game up to Forehand's first move with a palace of its
    own empty."""
    for state in random_states("cardmate", 3, 200):
        squares = {p["square"] for p in state.observation(0)["pieces"]}
        if state.current_player == 0 and not {"e0", "f0"} <= squares:
            return make_record(state)
    raise AssertionError("Forehand's palaces stay full")


@pytest.fixture(scope="module")
def table(server: Server) -> dict:
    made = httpx.post(f"{server.url}/api/tables", json={
        "record": json.dumps(palace_left_empty()), "seats": [HUMAN, COMPUTER],
    })  # fmt: skip
    assert made.status_code == 200, made.text
    return made.json()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_coordinates_and_palace_words_cover_no_card(browser: Browser, server: Server,
                                                    shots: Path, table: dict,
                                                    size: dict[str, int]) -> None:
    tab = seated(browser, server.url, table, 0, size)
    page = tab.page
    expect(page.locator(".coord.file")).to_have_count(10)
    expect(page.locator(".coord.rank")).to_have_count(10)
    expect(page.locator(".palace-mark")).not_to_have_count(0)
    assert page.evaluate(COVERED) == 0, "a coordinate covers a card"
    words = page.evaluate(PALACE_WORDS)
    assert all(w["inside"] and w["size"] >= 8 for w in words), words
    sizes = page.eval_on_selector_all(
        ".coord", "cs => cs.map((c) => parseFloat(getComputedStyle(c).fontSize))"
    )
    assert min(sizes) >= 10, "coordinates too small to read"
    assert overflow(page) == 0
    assert serious_violations(page) == []
    shoot(page, shots, f"cardmate-board-{'phone' if size is PHONE else 'desktop'}")
    assert tab.errors == []
    tab.close()


def test_exported_records_leave_the_download_link_hidden(browser: Browser, server: Server,
                                                         shots: Path, table: dict) -> None:
    tab = seated(browser, server.url, table, 0, PHONE)
    page = tab.page
    for button, ext in (("#export-text", "pgn"), ("#export", "json")):
        with page.expect_download() as saved:
            page.click(button)
        assert saved.value.suggested_filename == f"cardmate-{table['id']}.{ext}"
        expect(page.locator("#export-link")).to_be_hidden()
    page.locator("#export").scroll_into_view_if_needed()
    shoot(page, shots, "cardmate-exported-phone")
    assert tab.errors == []
    tab.close()
