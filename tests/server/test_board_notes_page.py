"""The board tables (Smess, Cardmate) in headless Chromium, as a player reads them: the
whole board and its letters fit a 1366 x 768 window; a compulsory follow is named beside the
turn bar with its cards marked; a click that plays nothing says why; a refused typed move stays
in the box, selected, and its error does not move the board; the last move says what it took
and the game's end is a sentence."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from helpers import COMPUTER, HUMAN
from pagekit import PHONE, overflow, seated, serious_violations, shoot, watch
from playwright.sync_api import Browser, Page, expect

from serving import Server

LAPTOP = {"width": 1366, "height": 768}
FOLLOW = "ks,8,kd/10/10/4,2c,5/10/3,8C,6/10/10/10/KH,8,KC F 1"
"""Forehand's 8C must take Rearhand's 2C on e6 (CM-11): its Kings may not move."""
LAST_KING = "10/10/10/4,kh,5/10/3,8C,6/10/10/10/KC,8,KS F 1"
"""Forehand's 8C:e6 takes Rearhand's only King."""

BOX = "(e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"


def table(server: Server, game: str, seats: list[dict], position: str | None = None) -> dict:
    body = {"game": game, "seats": seats} | ({"position": position} if position else {})
    made = httpx.post(f"{server.url}/api/tables", json=body)
    assert made.status_code == 200, made.text
    return made.json()


def word(name: str) -> re.Pattern[str]:
    """A class list holding ``name``."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def top(page: Page, selector: str) -> float:
    return page.eval_on_selector(selector, BOX)["top"]


def test_the_smess_board_and_its_letters_fit_a_laptop_window(browser: Browser, server: Server,
                                                            shots: Path) -> None:
    made = table(server, "smess", [HUMAN, COMPUTER])
    for size in (LAPTOP, PHONE):
        tab = seated(browser, server.url, made, 0, size)
        page = tab.page
        expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
        files = page.eval_on_selector(".coords.files", BOX)
        assert files["bottom"] <= size["height"], f"the file letters end at {files['bottom']}"
        assert page.eval_on_selector("[data-square='d1']", BOX)["bottom"] <= size["height"]
        width = page.eval_on_selector(".board", "(b) => b.getBoundingClientRect().width")
        assert width >= (500 if size is LAPTOP else 340), width  # and not shrunk to nothing
        assert overflow(page) == 0
        shoot(page, shots, f"smess-fits-{size['width']}")
        assert tab.errors == [], tab.errors
        tab.close()


def test_a_click_that_plays_nothing_says_why_in_smess(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.click("[data-square='b2']")
    expect(page.locator("#notice")).to_be_hidden()  # a piece chosen: nothing to say
    page.click("[data-square='b5']")
    expect(page.locator("#notice")).to_have_text("The Ninny on b2 cannot go to b5; its moves: b3.")
    expect(page.locator("[data-square='b2']")).to_have_class(word("sel"))  # kept
    assert top(page, "#notice") < top(page, ".board")  # at the turn bar, above the board
    page.click("[data-square='b3']")  # the move: the note goes
    expect(page.locator("#notice")).to_be_hidden()
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_compulsory_follow_is_named_at_the_bar_and_clicks_say_why(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER], FOLLOW), 0,
                 LAPTOP)
    page = tab.page
    note = page.locator("#board-note")
    expect(note).to_have_text("You must follow: 8♣ takes 2♣ on e6.")
    assert page.eval_on_selector("#board-note", BOX)["bottom"] <= top(page, ".board")
    expect(page.locator("[data-square='d4']")).to_have_class(word("must"))
    expect(page.locator("[data-square='e6']")).to_have_class(word("must-take"))
    expect(page.locator("[data-square='e6']")).to_have_attribute(
        "aria-label", re.compile("must be captured"))
    board_top = top(page, ".board")
    shoot(page, shots, "cardmate-follow-laptop")

    page.click("[data-square='a0']")  # a King: no move while the follow stands
    expect(page.locator("#notice")).to_have_text(
        "K♥ has no legal move now: you must follow: 8♣ takes 2♣ on e6.")
    expect(note).to_be_hidden()  # the click's note says it instead, on the same line
    page.click("[data-square='d4']")
    page.click("[data-square='d9']")
    expect(page.locator("#notice")).to_have_text("8♣ cannot go to d9; its moves: e6.")
    assert top(page, ".board") == board_top

    page.fill("#typed-move", "8Cd9")
    page.click("#typed button[type=submit]")
    expect(page.locator("#error")).to_contain_text("8Cd9")
    box = page.locator("#typed-move")
    expect(box).to_have_value("8Cd9")  # kept, selected, to be fixed at once
    expect(box).to_be_focused()
    assert page.evaluate("() => { const i = document.activeElement;"
                         " return [i.selectionStart, i.selectionEnd]; }") == [0, 4]
    assert top(page, ".board") == board_top, "the error moved the board"
    assert serious_violations(page) == []
    shoot(page, shots, "cardmate-typed-refused-laptop")
    box.fill("8C:e6")
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).not_to_have_attribute("data-ply", "0")
    expect(box).to_have_value("")  # played: the box is free again
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_last_move_says_what_it_took_and_the_end_is_a_sentence(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = table(server, "cardmate", [HUMAN, COMPUTER], LAST_KING)
    tab = seated(browser, server.url, made, 0, LAPTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.click("[data-square='d4']")
    page.click("[data-square='e6']")
    expect(page.locator("#last")).to_have_text(
        "Last move: Your 8♣ takes Rearhand's K♥ on e6 (8C:e6×)")
    expect(page.locator("#status")).to_have_text(
        "Game over. You took both of Rearhand's Kings: you win.")
    expect(page.locator("#over-result")).to_have_text("You took both of Rearhand's Kings: you win.")
    shoot(page, shots, "cardmate-over-laptop")
    spectator = watch(browser, server.url, made["id"], LAPTOP)
    expect(spectator.page.locator("#last")).to_have_text(
        "Last move: Forehand's 8♣ takes Rearhand's K♥ on e6 (8C:e6×)")
    expect(spectator.page.locator("#over-result")).to_have_text(
        "Forehand took both of Rearhand's Kings: Forehand wins.")
    assert tab.errors == [] and spectator.errors == [], tab.errors + spectator.errors
    spectator.close()
    tab.close()


def test_a_smess_promotion_is_said_in_the_last_move(browser: Browser, server: Server) -> None:
    made = table(server, "smess", [HUMAN, HUMAN], "3b3/2N4/7/7/7/7/7/3B3 b")
    tab = seated(browser, server.url, made, 0, LAPTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.click("[data-square='c7']")
    page.click("[data-square='c8']")
    expect(page.locator("#last")).to_have_text(
        "Last move: Your Ninny from c7 to c8 and becomes a Numskull (c7-c8)")
    assert tab.errors == [], tab.errors
    tab.close()
