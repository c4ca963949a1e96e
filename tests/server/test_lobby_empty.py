"""The lobby of a new server in headless Chromium: with no table yet its list says so in a
line, not a bare header row; the first table made replaces the line with the list."""

from __future__ import annotations

import httpx
from pagekit import DESKTOP, open_tab, serious_violations
from playwright.sync_api import Browser, expect

from serving import Server


def test_no_tables_yet_then_the_list(browser: Browser, server: Server) -> None:
    assert httpx.get(f"{server.url}/api/tables").json() == []  # this module's server is new
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    expect(page.locator("#no-tables")).to_have_text("No tables yet: start one above.")
    expect(page.locator("#tables")).to_be_hidden()
    assert serious_violations(page) == []
    made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "computer", "level": 1}]}).json()
    page.reload()
    expect(page.locator(f"#tables a[href='/play/{made['id']}']")).to_be_visible()
    expect(page.locator("#no-tables")).to_be_hidden()
    assert tab.errors == []
    tab.close()
