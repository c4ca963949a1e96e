"""The lobby's list of tables in headless Chromium: each table under its game's title, its
players as the table page names them (a name, "computer level 1 (poor)", "open seat",
"guest" for a person who gave no name), never the server's kinds and agents."""

from __future__ import annotations

import re
from functools import partial

import httpx
from pagekit import DESKTOP, open_tab
from playwright.sync_api import Browser, Locator, Page, expect
from websockets.sync.client import connect

from serving import Server


def listed(page: Page, table: dict) -> Locator:
    """The lobby's row of ``table`` (the create answer) in its list of tables."""
    return page.locator("#tables tbody tr").filter(
        has=page.locator(f"a[href='/play/{table['id']}']")
    )


def test_the_tables_list_names_the_players(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "rook", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "computer", "level": 1}, {"kind": "open"},
        {"kind": "computer", "level": 2},
    ]}).json()  # fmt: skip
    guest = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "human"}, {"kind": "computer", "level": 3},
    ]}).json()  # fmt: skip
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    row = partial(listed, page)
    expect(row(made).locator("td").nth(1)).to_have_text(
        "South: ann, West: computer level 1 (poor), North: open seat, "
        "East: computer level 2 (better)"
    )
    expect(row(guest).locator("td").nth(1)).to_have_text(
        "Blue: guest, Red: computer level 3 (good)"
    )
    expect(row(made).locator("td").nth(0)).to_have_text("Rook")
    assert tab.errors == []
    tab.close()


def test_a_finished_table_says_who_won_and_how(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"},
    ]}).json()  # fmt: skip
    resigned = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                          json={"token": made["tokens"]["1"], "type": "concede"})  # fmt: skip
    assert resigned.status_code == 200, resigned.text
    deal = httpx.post(f"{server.url}/api/tables", json={
        "game": "fortress", "seed": 3, "seats": [{"kind": "human"}]}).json()
    conceded = httpx.post(f"{server.url}/api/tables/{deal['id']}/actions",
                          json={"token": deal["tokens"]["0"], "type": "concede"})  # fmt: skip
    assert conceded.status_code == 200, conceded.text
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    expect(listed(page, made).locator("td").nth(2)).to_have_text("Blue won (resignation)")
    expect(listed(page, deal).locator("td").nth(2)).to_have_text("lost (conceded)")
    assert tab.errors == []
    tab.close()


def test_a_table_in_play_says_whose_turn_who_is_away_and_who_watches(
    browser: Browser, server: Server
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"},
    ]}).json()  # fmt: skip
    computers = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "computer", "level": 1}, {"kind": "computer", "level": 1},
    ]}).json()  # fmt: skip
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    status = listed(page, made).locator("td").nth(2)
    expect(status).to_have_text("Blue to play (away)")  # ann has not come
    expect(listed(page, made).locator("td").nth(3)).to_have_text(re.compile(r"\d\d:\d\d"))
    expect(listed(page, computers).locator("td").nth(2)).to_have_text(
        "Blue to play (computers play while watched)")
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}"
    with connect(f"{base}?token={made['tokens']['0']}") as ann, connect(base) as watcher:
        ann.recv()
        watcher.recv()
        expect(status).to_have_text("Blue to play · 1 watching", timeout=10_000)  # listed again
    expect(status).to_have_text("Blue to play (away)", timeout=10_000)
    assert tab.errors == []
    tab.close()
