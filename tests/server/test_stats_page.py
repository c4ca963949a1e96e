"""The statistics page in headless Chromium: per game, the player's latest finished games,
a patience game's deal linked to the lobby set to it and its hints, a game of sides won by
resignation; accessible and without sideways scrolling on a desktop and a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from helpers import HUMAN
from pagekit import DESKTOP, PHONE, open_tab, overflow, serious_violations, shoot
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

from serving import Server, table

DEAL = 2
"""A winnable Fortress deal: its first hint is a move that wins."""



@contextmanager
def seat(server: Server, made: dict[str, Any], seat: int) -> Iterator[ClientConnection]:
    """A seat's live connection, its first state read."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"
    with connect(url) as ws:
        ws.recv(timeout=30)
        yield ws


def until(ws: ClientConnection, kind: str, key: str) -> dict[str, Any]:
    """The next message of type ``kind`` with ``key`` set (others are passed by)."""
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] == kind and msg.get(key) is not None:
            return msg


def send(ws: ClientConnection, **message: Any) -> None:
    ws.send(json.dumps(message))


def finished_games(server: Server) -> str:
    """``stella`` plays Fortress deal ``DEAL``'s hinted first move and gives it up, then
    wins a Smess game by her opponent's resignation; the Fortress table's id."""
    fortress = table(server, "fortress", [HUMAN | {"name": "stella"}], seed=DEAL)
    with seat(server, fortress, 0) as ws:
        send(ws, type="hint")
        send(ws, type="action", id=until(ws, "hint", "action")["action"], ply=0)
        until(ws, "state", "ply")
        send(ws, type="concede")
        until(ws, "state", "outcome")
    smess = table(server, "smess", [HUMAN | {"name": "stella"}, HUMAN | {"name": "rhea"}])
    with seat(server, smess, 0) as stella, seat(server, smess, 1) as rhea:
        send(stella, type="action", action="e2-e3", ply=0)
        until(rhea, "state", "ply")
        send(rhea, type="concede")
        until(rhea, "state", "outcome")
    return fortress["id"]


def looks_right(page: Page, shots: Path, name: str) -> None:
    """No serious accessibility finding, no sideways scrolling of the page."""
    assert serious_violations(page) == []
    assert overflow(page) == 0
    shoot(page, shots, name)


def test_the_latest_games_link_their_deal_and_table(
    browser: Browser, server: Server, shots: Path
) -> None:
    fortress_table = finished_games(server)
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/stats?player=stella")
    summary = page.locator("#stats tbody tr")
    expect(summary).to_have_count(2)
    expect(summary.first.locator("th")).to_have_text("Fortress")
    expect(summary.first.locator("td").last).to_have_text("1")  # hints: patience games only
    expect(summary.last.locator("td").last).to_have_text("")
    fortress = page.locator("#games-fortress")
    expect(fortress.locator("h2")).to_have_text("Fortress")
    expect(fortress.locator("caption")).to_have_text("Fortress games of stella, newest first")
    row = fortress.locator("tbody tr")
    expect(row).to_have_count(1)
    cells = row.locator("td")
    expect(cells.nth(0)).to_have_text(f"#{DEAL}")  # deal, result, moves, hints
    expect(cells.nth(1)).to_have_text("lost")
    expect(cells.nth(2)).to_have_text("1")
    expect(cells.nth(3)).to_have_text("1")
    played = row.get_by_role("link", name=re.compile(r": the Fortress game #2$"))
    expect(played).to_have_attribute("href", f"/play/{fortress_table}")
    expect(played.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-.*\+00:00$"))
    smess = page.locator("#games-smess tbody tr td")
    expect(smess).to_have_count(3)
    expect(smess.nth(0)).to_have_text("won")  # result, moves, ended
    expect(smess.nth(1)).to_have_text("1")
    expect(page.locator("#games-smess thead th")).to_have_text(["result", "own moves", "ended"])
    expect(page.locator("main")).not_to_contain_text("fortress")  # no raw game names
    looks_right(page, shots, "stats-desktop")
    page.set_viewport_size(PHONE)
    looks_right(page, shots, "stats-phone")
    page.set_viewport_size(DESKTOP)
    cells.nth(0).get_by_role("link").click()
    page.wait_for_url(f"**/?game=fortress&deal={DEAL}")
    expect(page.locator("#game")).to_have_value("fortress")
    expect(page.locator("#seed")).to_have_value(str(DEAL))
    assert tab.errors == []
    tab.close()


def test_a_player_without_games_is_told_so(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, PHONE)
    page = tab.page
    page.goto(server.url + "/stats")
    page.fill("#player", "nobody at all")
    page.click("#who button")
    expect(page.locator("#stats tbody")).to_have_text("No finished game for nobody at all yet.")
    expect(page.locator("#games")).to_be_empty()
    expect(page.locator("#games-help")).to_be_hidden()
    assert page.url.endswith("/stats?player=nobody%20at%20all")
    assert tab.errors == []
    tab.close()
