"""The Rook and TCHESS tables on a phone's touch screen: on the player's turn their hand and
their choices (bids, trump, the discard, the moves) are on the first screen of a 390 x 844
phone under the turn bar, come into view on a smaller one as the turn becomes theirs, and
sit beside the table on a phone held sideways; a hand's cards are far enough apart for a
finger, and a 13-card hand needs no sideways scrolling."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import (
    PHONE,
    SIDEWAYS,
    SMALL_PHONE,
    Tab,
    my_turn_or_over,
    overflow,
    seated,
    serious_violations,
)
from playwright.sync_api import Browser, Page, expect
from test_rook_table_page import new_hand, south_to_act, table_at

from serving import Server

TAP_ROOM = 8
"""The least room (px) between two cards a finger taps."""


def shoot_screen(page: Page, shots: Path, name: str) -> None:
    """A picture of the window as the player sees it (a whole-page one drops the touch
    screen's styles: Chromium draws it without the touch emulation)."""
    page.screenshot(path=shots / f"{name}.png", animations="disabled")


def my_turn(page: Page) -> None:
    assert my_turn_or_over(page), "the game ended"


def out_of_window(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly in the window as it is scrolled, to a pixel
    (the page scrolls by whole pixels); there must be one at least."""
    size = page.viewport_size
    assert size is not None
    found = page.locator(selector).all()
    assert found, f"nothing is {selector}"
    out = []
    for i, e in enumerate(found):
        b = e.bounding_box()
        if b is None or b["x"] < -1 or b["y"] < -1 or b["x"] + b["width"] > size["width"] + 1 \
                or b["y"] + b["height"] > size["height"] + 1:
            out.append(f"{selector} #{i} at {b}")
    return out


def phase_is(phase: str) -> Callable[[dict], bool]:
    return lambda view: view["phase"] == phase


@pytest.mark.parametrize("phase", ["auction", "discard", "trump"])
def test_the_rook_hand_and_choices_are_on_the_phones_first_screen(
    browser: Browser, server: Server, shots: Path, phase: str
) -> None:
    """The auction of a second hand (every bid open, the last hand's last trick on the felt),
    the discard of a 14-card hand and the trump choice."""
    made = table_at(server, south_to_act(new_hand if phase == "auction" else phase_is(phase)))
    tab = seated(browser, server.url, made, 0, PHONE, touch=True)
    page = tab.page
    my_turn(page)
    assert page.evaluate("scrollY") == 0
    for part in ("#status", "#rook-prompt", "#hand .card", "#bidding button"):
        assert out_of_window(page, part) == []
    # a seat on one line: a computer said by its level alone, its whole name its title
    assert page.locator(".seat-n").bounding_box()["height"] < 32
    expect(page.locator(".seat-n [title]")).to_have_attribute(
        "title", re.compile(r"^computer level 1 \(\w+\)$"))
    assert serious_violations(page) == []
    shoot_screen(page, shots, f"rook-phone-{phase}")
    assert tab.errors == []
    tab.close()


def test_the_rook_choices_come_into_view_as_the_turn_comes(browser: Browser,
                                                           server: Server, shots: Path) -> None:
    """South has scrolled down to the log (under the table on a phone) while the others bid:
    when the turn comes to South (the others, people here, pass) the page brings South's hand
    and choices into view."""
    made = httpx.post(f"{server.url}/api/tables",
                      json={"game": "rook", "seats": [HUMAN] * 4}).json()
    table = f"{server.url}/api/tables/{made['id']}"
    tab = seated(browser, server.url, made, 0, SMALL_PHONE, touch=True)
    page = tab.page
    expect(page.locator(".seat.to-act")).to_have_count(1)
    if page.locator("#status").get_attribute("data-your-turn") == "1":  # South bids first
        page.locator("#bidding [data-move^=bid]").first.click()
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "0")
    page.locator("#moves").scroll_into_view_if_needed()
    assert out_of_window(page, "#hand") != [], "the hand is above the window's edge"
    while (seat := httpx.get(f"{table}/view").json()["view"]["to_act"]) != 0:
        token = made["tokens"][str(seat)]
        legal = httpx.get(f"{table}/view", params={"token": token}).json()["legal"]
        passing = next(m for m in legal if m["kind"] == "pass")
        reply = httpx.post(f"{table}/actions", json={"token": token, "id": passing["id"]})
        reply.raise_for_status()
    my_turn(page)  # to bid, or to discard (the others passed after South's bid)
    assert out_of_window(page, "#hand .card, #bidding button") == []
    assert overflow(page) == 0  # each seat's call ("pass") fits its box
    shoot_screen(page, shots, "rook-small-phone-turn")
    assert tab.errors == []
    tab.close()


def test_a_phone_held_sideways_shows_the_rook_table_beside_the_hand_and_bids(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = table_at(server, south_to_act(new_hand))
    tab = seated(browser, server.url, made, 0, SIDEWAYS, touch=True)
    page = tab.page
    my_turn(page)
    for part in ("#trick", ".seat", "#hand .card", "#bidding button"):
        assert out_of_window(page, part) == []
    table = page.locator(".rook-table").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert hand["x"] >= table["x"] + table["width"], "the hand is beside the table"
    assert overflow(page) == 0
    shoot_screen(page, shots, "rook-sideways-auction")
    assert tab.errors == []
    tab.close()


def tap_room(page: Page) -> tuple[float, float]:
    """The least room between two neighbouring cards of the hand, as drawn (a raised card
    raised): beside each other in a row, and between a row and the next."""
    cards = [c.bounding_box() for c in page.locator("#hand .card").all()]
    rows: list[list[dict]] = [[cards[0]]]
    for card in cards[1:]:
        if card["x"] > rows[-1][-1]["x"]:
            rows[-1].append(card)
        else:
            rows.append([card])
    beside = min((b["x"] - (a["x"] + a["width"]) for row in rows for a, b in pairwise(row)),
                 default=float("inf"))
    under = min((min(c["y"] for c in lower) - max(c["y"] + c["height"] for c in upper)
                 for upper, lower in pairwise(rows)), default=float("inf"))
    return beside, under


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_a_13_card_rook_hand_leaves_room_between_cards_for_a_finger(
    browser: Browser, server: Server, shots: Path, size: dict[str, int]
) -> None:
    record = south_to_act(lambda v: v["phase"] == "play" and len(v["hand"]) == 13, preset="dixie")
    tab = seated(browser, server.url, table_at(server, record), 0, size, touch=True)
    page = tab.page
    my_turn(page)
    expect(page.locator("#hand .card")).to_have_count(13)
    beside, under = tap_room(page)
    assert beside >= TAP_ROOM and under >= TAP_ROOM, (beside, under)
    assert min(c.bounding_box()["width"] for c in page.locator("#hand .card").all()) >= 40
    assert overflow(page) == 0
    assert out_of_window(page, "#hand .card") == []
    shoot_screen(page, shots, f"rook-13-cards-{size['width']}")
    assert tab.errors == []
    tab.close()


def tchess_at_my_turn(browser: Browser, server: Server, size: dict[str, int]) -> Tab:
    """White's page on a touch screen of ``size``, at a new TCHESS table, on White's first turn."""
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "tchess", "seed": 5, "seats": [HUMAN, COMPUTER]}).json()
    tab = seated(browser, server.url, made, 0, size, touch=True)
    my_turn(tab.page)
    return tab


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_the_tchess_hand_and_moves_are_on_the_phones_first_screen(
    browser: Browser, server: Server, shots: Path, size: dict[str, int]
) -> None:
    """On the first screen under the turn bar; once a card is laid (the row grows) the hand
    and "End my turn" stay in view, the page scrolled on a small phone if need be."""
    tab = tchess_at_my_turn(browser, server, size)
    page = tab.page
    assert page.evaluate("scrollY") == 0
    for part in ("#status", "#hand .card"):
        assert out_of_window(page, part) == []
    beside, _ = tap_room(page)
    assert beside >= TAP_ROOM
    page.locator("#hand .card.playable").first.tap()
    expect(page.get_by_role("button", name="End my turn")).to_be_visible()  # lay more, or end
    for part in ("#hand .card", ".turn-area .actions button"):
        assert out_of_window(page, part) == []
    if size == PHONE:
        assert page.evaluate("scrollY") == 0
    assert serious_violations(page) == []
    shoot_screen(page, shots, f"tchess-phone-{size['width']}")
    assert tab.errors == []
    tab.close()


def test_a_phone_held_sideways_shows_the_tchess_rows_beside_the_hand(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = tchess_at_my_turn(browser, server, SIDEWAYS)
    page = tab.page
    for part in (".tchess-row", "#hand .card"):
        assert out_of_window(page, part) == []
    rows = page.locator(".tchess-row").last.bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert hand["x"] >= rows["x"] + rows["width"], "the hand is beside the rows"
    assert overflow(page) == 0
    shoot_screen(page, shots, "tchess-sideways")
    assert tab.errors == []
    tab.close()
