"""The Rook table in headless Chromium: a finished trick stays in the middle until the next
lead, a hand's last one through the next auction, said to be the last hand's; the trump swatch
stands out on the green felt in every colour (WCAG non-text contrast, 3:1); the score sheet
fits beside the players at desktop widths and scrolls in its own box on a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import (
    PHONE,
    answer,
    open_tab,
    overflow,
    ply,
    seated,
    serious_violations,
    shoot,
    wait_past,
)
from playwright.sync_api import Browser, Page, expect

from kibitz.core.record import make_record
from random_play import random_states
from serving import Server

COLOURS = ("red", "yellow", "green", "black")
DESKTOPS = (1100, 1280, 1440)
"""Common desktop widths: the sheet must fit at each."""


def south_to_act(until: Callable[[dict], bool], **options: Any) -> dict:
    """A game record of seed 1's random Rook game (of ``options``), up to the first position
    where South is to act and its view holds ``until``."""
    for state in random_states("rook", 1, 400, **options):
        if state.current_player == 0 and until(state.observation(0)):
            return make_record(state)
    raise AssertionError("no such position in the game")


def table_at(server: Server, record: dict) -> dict:
    """A table continuing ``record``: South a person, the others computers."""
    made = httpx.post(f"{server.url}/api/tables", json={
        "record": json.dumps(record), "seats": [HUMAN] + [COMPUTER] * 3,
    })  # fmt: skip
    assert made.status_code == 200, made.text
    return made.json()


def new_hand(view: dict) -> bool:
    return view["hand_number"] == 2 and view["phase"] == "auction"


def won_a_trick(view: dict) -> bool:
    """South leads after winning a trick: the trick is done, the next not yet led."""
    return view["phase"] == "play" and not view["trick"] and bool(view["tricks"])


def luminance(css: str) -> float:
    """The relative luminance (WCAG 2) of a computed ``rgb(...)`` colour."""
    channels = [int(x) / 255 for x in re.findall(r"\d+", css)[:3]]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_last_hands_last_trick_is_shown_as_such_through_the_auction(
    browser: Browser, server: Server, shots: Path
) -> None:
    """The next hand is dealt as soon as a hand ends: its last trick is seen during the
    next auction, said to be the last hand's, beside the bidding."""
    record = south_to_act(new_hand)
    made = table_at(server, record)
    tab = seated(browser, server.url, made, 0, {"width": 1280, "height": 900})
    page = tab.page
    expect(page.locator("#bidding button").first).to_be_visible()
    view = httpx.get(f"{server.url}/api/tables/{made['id']}/view").json()["view"]
    assert view["last_trick"] and not view["tricks"]  # the last hand's trick, in the view only
    expect(page.locator("#trick .card")).to_have_count(4)
    expect(page.locator("#trick .caption")).to_have_text(
        re.compile(r"^Bidding: .+\. \w+ won the last hand's last trick$"))
    shoot(page, shots, "rook-new-hand")
    assert tab.errors == []
    tab.close()


def test_a_finished_trick_stays_until_the_next_lead(browser: Browser, server: Server) -> None:
    made = table_at(server, south_to_act(won_a_trick))
    tab = seated(browser, server.url, made, 0, {"width": 1280, "height": 900})
    page = tab.page
    expect(page.locator("#trick .card")).to_have_count(4)
    expect(page.locator("#trick .caption")).to_have_text(re.compile(r"won this trick$"))
    assert tab.errors == []
    tab.close()


def swatch_look(page: Page, colour: str) -> dict[str, str]:
    """The trick's trump swatch drawn in ``colour``: its outline and fill, and the felt."""
    return page.eval_on_selector("#trick .swatch", """(s, colour) => {
        s.className = `swatch ${colour}`;
        const look = getComputedStyle(s);
        return { style: look.outlineStyle, width: look.outlineWidth, ring: look.outlineColor,
                 fill: look.backgroundColor,
                 felt: getComputedStyle(document.getElementById('trick')).backgroundColor };
    }""", colour)


def test_every_trump_swatch_stands_out_on_the_felt(browser: Browser, server: Server,
                                                   shots: Path) -> None:
    made = table_at(server, south_to_act(won_a_trick))
    tab = seated(browser, server.url, made, 0, {"width": 1280, "height": 900})
    page = tab.page
    expect(page.locator("#trick")).to_contain_text("Trump: ")
    page.locator("#trick").screenshot(path=shots / "rook-trump-swatch.png", animations="disabled")
    for colour in COLOURS:
        look = swatch_look(page, colour)
        assert look["style"] == "solid" and float(look["width"].removesuffix("px")) >= 2, look
        assert contrast(look["ring"], look["felt"]) >= 3, (colour, look)
    assert tab.errors == []
    tab.close()


def sheet_fits(page: Page) -> bool:
    return page.eval_on_selector("#sheet-box", "b => b.scrollWidth <= b.clientWidth")


@pytest.mark.parametrize("seat", [0, None], ids=["player", "spectator"])
def test_the_score_sheet_fits_beside_the_players(browser: Browser, server: Server, shots: Path,
                                                 seat: int | None) -> None:
    made = table_at(server, south_to_act(new_hand))
    if seat is None:
        tab = open_tab(browser, {"width": 1280, "height": 900})
        tab.page.goto(f"{server.url}/play/{made['id']}")
        expect(tab.page.locator(".seat-s")).to_contain_text("South guest")  # no name given
    else:
        tab = seated(browser, server.url, made, seat, {"width": 1280, "height": 900})
    page = tab.page
    expect(page.locator("#score-sheet tbody th").first).to_be_visible()  # a scored hand
    for width in DESKTOPS:
        page.set_viewport_size({"width": width, "height": 900})
        assert sheet_fits(page), f"the score sheet is cut off at {width} px"
        assert overflow(page) == 0
    who = "player" if seat == 0 else "spectator"
    page.set_viewport_size({"width": 1280, "height": 900})
    shoot(page, shots, f"rook-sheet-1280-{who}")
    page.set_viewport_size(PHONE)
    assert overflow(page) == 0, "the page is wider than the phone"
    compact = page.locator("#score-sheet-compact")  # a phone's sheet fits it
    expect(compact).to_be_visible()
    assert compact.evaluate("t => t.getBoundingClientRect().right") <= PHONE["width"]
    page.click("#sheet-toggle")  # every column: it scrolls in its own box
    assert not sheet_fits(page), "on a phone the full sheet scrolls in its own box"
    assert serious_violations(page) == []
    compact.scroll_into_view_if_needed()
    shoot(page, shots, f"rook-sheet-phone-{who}")
    assert tab.errors == []
    tab.close()


def crow_played(view: dict) -> bool:
    """A trick of this hand holds the bird card."""
    return any(card == "rook" for t in view["tricks"] for _, card in t["plays"])


def test_the_trick_log_names_cards_and_the_crow_as_the_hand_shows_them(
    browser: Browser, server: Server
) -> None:
    made = table_at(server, south_to_act(crow_played))
    tab = seated(browser, server.url, made, 0, {"width": 1280, "height": 900})
    page = tab.page
    expect(page.locator("#moves .tricks li").first).to_be_visible()
    lines = page.locator("#moves .tricks li").all_inner_texts()
    assert any("Crow" in line for line in lines), lines
    assert not any(re.search(r"\b(rook|[rygb]\d+)\b", line) for line in lines), lines
    assert all(re.search(r"\b(red|yellow|green|black) \d+\b", line) for line in lines), lines
    assert tab.errors == []
    tab.close()


def test_resigning_asks_for_the_team_and_the_end_names_who_resigned(
    browser: Browser, server: Server
) -> None:
    cat = {"kind": "human", "name": "Cat"}
    made = httpx.post(f"{server.url}/api/tables",
                      json={"game": "rook", "seats": [HUMAN, COMPUTER, cat, COMPUTER]}).json()
    tab = seated(browser, server.url, made, 0, PHONE)
    page = tab.page
    page.click("#concede")
    asked = answer(page, yes=True)
    expect(page.locator("#over-result")).to_contain_text("South resigned")
    assert asked == "Resign for your team? It counts as a loss for North (Cat) too."
    assert tab.errors == [], tab.errors
    tab.close()


def test_an_earlier_hand_opened_in_the_log_stays_open_as_play_goes_on(
    browser: Browser, server: Server
) -> None:
    made = table_at(server, south_to_act(new_hand))
    tab = seated(browser, server.url, made, 0, {"width": 1280, "height": 900})
    page = tab.page
    folds = page.locator("#moves details.deal")
    expect(folds).to_have_count(2)
    assert folds.evaluate_all("ds => ds.map(d => d.open)") == [False, True]
    folds.first.locator("summary").click()
    expect(folds.first.locator(".tricks li").first).to_be_visible()
    before = ply(page)
    page.locator("#bidding button").first.click()
    wait_past(page, before)
    assert folds.evaluate_all("ds => ds.map(d => d.open)") == [True, True]
    expect(page.locator("#rook-info")).to_contain_text("Game to 300.")  # no hand limit to say
    assert tab.errors == []
    tab.close()
