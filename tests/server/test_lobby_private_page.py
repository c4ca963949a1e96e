"""The lobby's "Private" box in headless Chromium: a table made with it ticked is private
(its summary says so and the lobby's list and ``GET /api/tables`` leave it out), its maker
is seated and offered the invite link; left unticked the table is listed. The box is
labelled, works from the keyboard, stays ticked across a change of game and fits a phone."""

from __future__ import annotations

import re

import httpx
from pagekit import PHONE, open_tab, overflow, serious_violations
from playwright.sync_api import Browser, Page, expect

from serving import Server

LABEL = "Private: only the table's link finds it"
FRIEND = {1: "computer:1", 2: "open", 3: "computer:1"}  # Rook: North open for a friend


def make_rook(page: Page, url: str, private: bool) -> str:
    """Start a Rook table from the lobby with North open for a friend; its id."""
    page.goto(url + "/")
    page.select_option("#game", "rook")
    page.fill("#name", "ann")
    for seat, kind in FRIEND.items():
        page.select_option(f"[data-seat='{seat}']", kind)
    box = page.get_by_label(LABEL)
    expect(box).not_to_be_checked()
    if private:
        box.focus()
        page.keyboard.press("Space")  # ticked from the keyboard
        expect(box).to_be_checked()
    page.click("#start")
    page.wait_for_url("**/play/**")
    expect(page.locator("#title")).to_contain_text("you are South")
    return page.url.split("/play/")[1].split("#")[0]


def listed(url: str) -> set[str]:
    return {t["id"] for t in httpx.get(f"{url}/api/tables").json()}


def test_a_private_table_from_the_lobby(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, PHONE)
    page = tab.page
    page.goto(server.url + "/")
    expect(page.get_by_label(LABEL)).to_be_visible()
    assert overflow(page) == 0
    assert serious_violations(page) == []
    table = make_rook(page, server.url, private=True)
    summary = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert summary["private"] is True
    assert [s["kind"] for s in summary["seats"]] == ["human", "computer", "open", "computer"]
    assert summary["seats"][0]["name"] == "ann"
    assert table not in listed(server.url)
    # The maker sits South and is given the invite link for the friend's seat.
    expect(page.locator("#invite")).to_be_visible()
    expect(page.locator("#invite-link")).to_have_value(
        re.compile(rf"^{re.escape(server.url)}/join/{re.escape(table)}\?invite=\S+$"))
    # The lobby does not list it; the maker's own list does, marked private.
    page.goto(server.url + "/")
    expect(page.locator(f"#mine tr[data-table='{table}'] td").first).to_have_text("Rook (private)")
    expect(page.locator(f"#tables a[href='/play/{table}']")).to_have_count(0)
    assert tab.errors == []
    tab.close()


def test_unticked_the_table_is_listed(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, PHONE)
    table = make_rook(tab.page, server.url, private=False)
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["private"] is False
    assert table in listed(server.url)
    expect(tab.page.locator("#invite")).to_be_visible()
    assert tab.errors == []
    tab.close()


def test_the_box_stays_as_chosen_across_games(browser: Browser, server: Server) -> None:
    """Ticked, then another game chosen: still ticked and still under the seats; a table
    against the computer alone is private too (not listed, not watched from the lobby)."""
    tab = open_tab(browser, PHONE)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "rook")
    page.get_by_label(LABEL).check()
    page.select_option("#game", "smess")
    expect(page.get_by_label(LABEL)).to_be_checked()
    expect(page.locator("#seats [data-seat]")).to_have_count(2)
    assert page.evaluate("document.querySelector('#seats').lastElementChild.id") == "private-box"
    assert overflow(page) == 0
    page.click("#start")
    page.wait_for_url("**/play/**")
    table = page.url.split("/play/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["private"] is True
    assert table not in listed(server.url)
    assert tab.errors == []
    tab.close()
