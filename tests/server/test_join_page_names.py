"""The invite page in headless Chromium names who already sits where, as the table page
names them ("ann sits South", "Computer level 1 (poor) sits West", "A guest sits South"),
and marks each open seat with the partners it would play beside, from the sides the game's
description declares ("Sit as North — ann's partner"); a game of two sides names the
opponent and has no partner to mark."""

from __future__ import annotations

import httpx
from pagekit import PHONE, open_tab, overflow, serious_violations
from playwright.sync_api import Browser, Page, expect

from serving import Server

OPEN = {"kind": "open"}


def invited(page: Page, url: str, made: dict) -> None:
    """Open the invite link of ``made`` (the create answer) and wait for its seats."""
    page.goto(url + made["invite"])
    expect(page.locator("#open-seats button").first).to_be_visible()


def made(url: str, body: dict) -> dict:
    answer = httpx.post(f"{url}/api/tables", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_rook_names_the_players_and_the_partner_seats(browser: Browser, server: Server) -> None:
    table = made(server.url, {"game": "rook", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "computer", "level": 1}, OPEN, OPEN]})
    tab = open_tab(browser, PHONE)
    page = tab.page
    invited(page, server.url, table)
    expect(page.locator("#what")).to_have_text("Rook: choose an open seat.")
    expect(page.locator("#seated li")).to_have_text(
        ["ann sits South", "Computer level 1 (poor) sits West"])
    expect(page.locator("#open-seats button")).to_have_text(
        ["Sit as North — ann's partner", "Sit as East — partner of the computer at West"])
    expect(page.get_by_role("button", name="Sit as North — ann's partner")).to_have_attribute(
        "data-seat", "2")
    assert overflow(page) == 0
    assert serious_violations(page) == []
    # The seat taken by its marked button: North, beside ann.
    page.fill("#name", "bob")
    page.get_by_role("button", name="Sit as North — ann's partner").click()
    page.wait_for_url("**/play/**")
    expect(page.locator("#title")).to_contain_text("you are North")
    seats = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["seats"]
    assert seats[2]["kind"] == "human" and seats[2]["name"] == "bob"
    assert tab.errors == []
    tab.close()


def test_rook_open_and_unnamed_partners(browser: Browser, server: Server) -> None:
    """A guest (no name given) and open partners are named by their seats."""
    table = made(server.url, {"game": "rook", "seats": [{"kind": "human"}, OPEN, OPEN, OPEN]})
    tab = open_tab(browser, PHONE)
    invited(tab.page, server.url, table)
    expect(tab.page.locator("#seated li")).to_have_text(["A guest sits South"])
    expect(tab.page.locator("#open-seats button")).to_have_text([
        "Sit as West — partner of East (open)", "Sit as North — partner of the guest at South",
        "Sit as East — partner of West (open)"])
    assert tab.errors == []
    tab.close()


def test_smess_names_the_opponent(browser: Browser, server: Server) -> None:
    table = made(server.url, {"game": "smess", "seats": [
        {"kind": "human", "name": "ann"}, OPEN]})
    tab = open_tab(browser, PHONE)
    page = tab.page
    invited(page, server.url, table)
    expect(page.locator("#what")).to_have_text("Smess: choose an open seat.")
    expect(page.locator("#seated li")).to_have_text(["ann sits Blue"])
    expect(page.locator("#open-seats button")).to_have_text(["Sit as Red"])
    assert overflow(page) == 0
    assert serious_violations(page) == []
    assert tab.errors == []
    tab.close()


def test_no_open_seat_still_names_the_players(browser: Browser, server: Server) -> None:
    table = made(server.url, {"game": "smess", "seats": [
        {"kind": "human", "name": "ann"}, {"kind": "computer", "level": 2}]})
    tab = open_tab(browser, PHONE)
    tab.page.goto(server.url + table["invite"])
    expect(tab.page.locator("#open-seats")).to_have_text(
        "No open seat is left; you can still watch.")
    expect(tab.page.locator("#seated li")).to_have_text(
        ["ann sits Blue", "Computer level 2 (better) sits Red"])
    assert tab.errors == []
    tab.close()
