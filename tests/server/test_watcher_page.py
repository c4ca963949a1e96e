"""The table page as a spectator (and a player) sees it, in Chromium: a hidden-card game's
record is offered once the game is over, the reason said until then; while the connection is
down the turn bar says so and no computer is said to be thinking; between two computers
each move is one announcement, and the turn bar's "thinking..." none."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import DESKTOP, PHONE, open_tab, overflow, seated, serious_violations, shoot, watch
from playwright.sync_api import Browser, expect
from test_keyboard_page import BAR_LIVE, SAID

from serving import Server, running, table

LATER = "The record can be exported once the game is over: its cards are hidden until then."


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose computers wait half a second before each move (thinking, to be seen)."""
    yield from running(tmp_path_factory.mktemp("db"), "--computer-delay", "0.5")


def test_a_hidden_card_games_record_is_offered_once_it_is_over(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = table(server, "tchess", [HUMAN, HUMAN])
    player = seated(browser, server.url, made, 0, DESKTOP)
    desktop = watch(browser, server.url, made["id"], DESKTOP)
    phone = watch(browser, server.url, made["id"], PHONE)
    expect(player.page.locator("#status")).to_have_attribute("data-your-turn", "1")
    for tab in (player, desktop, phone):  # refused by the server while the game is on: not offered
        expect(tab.page.locator("#export-later")).to_have_text(LATER)
        expect(tab.page.locator("#export")).to_be_hidden()
        expect(tab.page.locator("#export-text")).to_be_hidden()
    shoot(desktop.page, shots, "tchess-watcher-desktop")
    shoot(phone.page, shots, "tchess-watcher-phone")
    assert overflow(phone.page) == 0
    assert serious_violations(desktop.page) == [] and serious_violations(phone.page) == []

    resigned = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                          json={"token": made["tokens"]["0"], "type": "concede"})
    assert resigned.status_code == 200, resigned.text
    for tab in (player, desktop, phone):
        expect(tab.page.locator("#status")).to_contain_text("Game over")
        expect(tab.page.locator("#export")).to_be_visible()
        expect(tab.page.locator("#export-later")).to_be_hidden()
    with desktop.page.expect_download() as got:
        desktop.page.click("#export")
    assert got.value.suggested_filename == f"tchess-{made['id']}.json"
    expect(desktop.page.locator("#error")).to_be_hidden()
    shoot(phone.page, shots, "tchess-watcher-over-phone")
    for tab in (player, desktop, phone):
        assert tab.errors == [], tab.errors
        tab.close()


def test_the_turn_bar_says_when_the_connection_is_lost(browser: Browser, paced: Server) -> None:
    made = table(paced, "smess", [COMPUTER, COMPUTER])
    tab = open_tab(browser, DESKTOP, routed=True)
    assert tab.link is not None
    page = tab.page
    page.goto(f"{paced.url}/play/{made['id']}")
    status = page.locator("#status")
    expect(status).to_contain_text("thinking...")
    tab.link.drop()
    expect(status).to_have_text(re.compile(r"^Connection lost: reconnecting\.\.\. (Blue|Red) to"))
    expect(status).not_to_contain_text("thinking")
    expect(page.locator("#said")).to_have_text(status.inner_text())
    tab.link.restore()
    expect(page.locator("#conn")).to_have_text("connected")
    expect(status).not_to_contain_text("Connection lost")
    expect(status).to_contain_text("thinking...")
    assert tab.errors == [], tab.errors
    tab.close()


def test_each_move_between_computers_is_one_announcement(browser: Browser, paced: Server) -> None:
    made = table(paced, "smess", [COMPUTER, COMPUTER])
    tab = watch(browser, paced.url, made["id"], DESKTOP)
    page = tab.page
    assert page.eval_on_selector_all(BAR_LIVE, "(all) => all.map((e) => e.id)") == ["said"]
    expect(page.locator("#status")).to_contain_text("thinking...")
    start = page.evaluate(  # from this move on, in one go
        f"() => {{ ({SAID})(); return Number(document.getElementById('status').dataset.ply); }}")
    page.wait_for_function(
        f"() => Number(document.getElementById('status').dataset.ply) >= {start + 4}")
    said, at = page.evaluate(
        "() => [window.said, Number(document.getElementById('status').dataset.ply)]")
    moved = at - start
    assert len(said) == moved, said  # no "thinking..." said between them
    assert all(line.startswith("Last move: ") for line in said), said
    assert tab.errors == [], tab.errors
    tab.close()
