"""The table page's chat, in Chromium: two friends at other machines talk, a spectator reads
along (told that only the players write), a refused line stays in the box with the reason,
and a table against the computer shows no chat (and a person who gave no name is a guest)."""

from __future__ import annotations

from pathlib import Path

import httpx
from helpers import HUMAN
from pagekit import DESKTOP, PHONE, overflow, seated, serious_violations, shoot, watch
from playwright.sync_api import Browser, Page, expect

from serving import Server


def say(page: Page, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def test_two_friends_talk_and_a_spectator_reads_along(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "smess", "seats": [{**HUMAN, "name": "ann"}, {**HUMAN, "name": "bob"}],
    }).json()  # fmt: skip
    blue = seated(browser, server.url, made, 0, DESKTOP)
    red = seated(browser, server.url, made, 1, PHONE)
    spectator = watch(browser, server.url, made["id"], DESKTOP)
    expect(blue.page.locator("#chat-lines")).to_be_visible()
    expect(blue.page.locator("#chat-lines li")).to_have_count(0)

    say(blue.page, "good luck, bob!")
    for tab, who in ((blue, "Blue (you)"), (red, "Blue (ann)"), (spectator, "Blue (ann)")):
        expect(tab.page.locator("#chat-lines li").last).to_contain_text(f"{who}: good luck, bob!")
    expect(blue.page.locator("#chat-text")).to_have_value("")  # said: the box is empty again
    # On the phone the chat is below the board: the header counts the new line, a link to it.
    news = red.page.locator("#chat-news")
    expect(news).to_have_text("1 new chat line")
    expect(blue.page.locator("#chat-news")).to_be_hidden()  # one's own line is no news
    news.click()
    expect(news).to_be_hidden()
    expect(red.page.locator("#chat-lines")).to_be_in_viewport()
    say(red.page, "thanks, you too")
    expect(blue.page.locator("#chat-lines li").last).to_contain_text("Red (bob): thanks, you too")
    expect(spectator.page.locator("#chat-form")).to_be_hidden()  # spectators read only, told so
    expect(spectator.page.locator("#chat-watching")).to_have_text(
        "Only the players write here; spectators read along.")
    expect(red.page.locator("#chat-watching")).to_be_hidden()
    expect(spectator.page.locator("#chat-lines li")).to_have_count(2)

    # A line the server refuses (five lines a seat in ten seconds) stays to be sent again.
    for k in range(4):  # with its first line, the five a seat may say in ten seconds
        say(red.page, f"line {k}")
        expect(red.page.locator("#chat-lines li")).to_have_count(3 + k)
    say(red.page, "one too many")
    expect(red.page.locator("#chat-error")).to_contain_text("Not sent: at most 5 chat lines")
    expect(red.page.locator("#chat-text")).to_have_value("one too many")
    expect(red.page.locator("#error")).to_be_hidden()  # told in the chat, not as a move error

    # A page opened later (or reconnecting) gets what was said, each line once.
    blue.page.reload()
    expect(blue.page.locator("#chat-lines li")).to_have_count(6)
    shoot(blue.page, shots, "chat-desktop")
    shoot(red.page, shots, "chat-phone")
    assert overflow(red.page) == 0
    for tab in (blue, red, spectator):
        assert serious_violations(tab.page) == []
        assert tab.errors == [], tab.errors
        tab.close()


def test_a_table_against_the_computer_has_no_chat(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "smess", "seats": [HUMAN, {"kind": "computer", "level": 1}],
    }).json()  # fmt: skip
    tab = seated(browser, server.url, made, 0, DESKTOP)
    expect(tab.page.locator("#status")).to_have_attribute("data-your-turn", "1")
    expect(tab.page.locator("#chat")).to_be_hidden()
    spectator = watch(browser, server.url, made["id"], DESKTOP)
    expect(spectator.page.locator("#players li").first).to_contain_text("Blue guest")  # no name
    expect(spectator.page.locator("#status")).to_have_text("Blue to play (guest)")
    for each in (tab, spectator):
        each.close()
