"""What a screen reader hears of the table's chat, in headless Chromium: each of the others'
new lines once, from the page's one live region (#said), whether the chat is in sight (a
desktop) or below the board (a phone, whose header counts the line: a link, not a second
live region); one's own line and what was said before the page opened are no news."""

from __future__ import annotations

import httpx
from helpers import HUMAN
from pagekit import DESKTOP, PHONE, seated
from playwright.sync_api import Browser, Page, expect
from test_keyboard_page import SAID
from test_live_regions_page import LIVE, REGIONS, SAID_FROM_THE_START

from serving import Server


def write(page: Page, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def said(page: Page) -> list[str]:
    return list(page.evaluate("() => window.said"))


def test_each_chat_line_is_said_once_by_the_one_live_region(browser: Browser,
                                                             server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "smess", "seats": [{**HUMAN, "name": "ann"}, {**HUMAN, "name": "bob"}],
    }).json()  # fmt: skip
    blue = seated(browser, server.url, made, 0, DESKTOP)
    red = seated(browser, server.url, made, 1, PHONE)
    for tab in (blue, red):
        assert tab.page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
        tab.page.evaluate(SAID)
    expect(blue.page.locator("#chat-lines")).to_be_in_viewport()
    expect(red.page.locator("#chat-lines")).not_to_be_in_viewport()

    write(blue.page, "good luck, bob!")  # read on the phone, the chat out of sight
    expect(red.page.locator("#chat-lines li")).to_have_count(1)
    expect(red.page.locator("#chat-news")).to_have_text("1 new chat line")
    expect(red.page.locator("#said")).to_have_text("Blue (ann) says: good luck, bob!")
    expect(blue.page.locator("#chat-lines li")).to_contain_text(["Blue (you): good luck, bob!"])

    write(red.page, "thanks, you too")  # read on the desktop, the chat in sight
    expect(blue.page.locator("#chat-lines li")).to_have_count(2)
    expect(blue.page.locator("#said")).to_have_text("Red (bob) says: thanks, you too")
    expect(red.page.locator("#chat-lines li")).to_have_count(2)
    assert said(red.page) == ["Blue (ann) says: good luck, bob!"]  # its own line is no news
    assert said(blue.page) == ["Red (bob) says: thanks, you too"]

    # A page opened again gets the lines said before, and says none of them.
    blue.page.add_init_script(script=SAID_FROM_THE_START)
    blue.page.reload()
    expect(blue.page.locator("#chat-lines li")).to_have_count(2)
    write(red.page, "still there?")
    expect(blue.page.locator("#chat-lines li")).to_have_count(3)
    expect(blue.page.locator("#said")).to_have_text("Red (bob) says: still there?")
    assert not any("says:" in s for s in said(blue.page)[:-1]), said(blue.page)
    assert sum("says:" in s for s in said(blue.page)) == 1, said(blue.page)
    for tab in (blue, red):
        assert tab.page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
        assert tab.errors == [], tab.errors
        tab.close()
