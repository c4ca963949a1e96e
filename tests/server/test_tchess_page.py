"""The TCHESS table page in headless Chromium: a paired Jester shows the value it copies,
and a playable card the row strength laying it gives."""

from __future__ import annotations

import json

import httpx
from helpers import Server
from pagekit import DESKTOP, my_turn_or_over, open_tab, start_from_lobby
from playwright.sync_api import Browser, expect

from kibitz.core.record import make_record
from positions import paired_jester, tchess_jester_paired


def test_a_paired_jester_shows_the_value_it_copies(browser: Browser, server: Server) -> None:
    state = tchess_jester_paired()
    seat, _place, value = paired_jester(state)
    made = httpx.post(f"{server.url}/api/tables", json={
        "record": json.dumps(make_record(state)), "seats": [{"kind": "human"}] * 2,
    }).json()
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('kibitz:token:{made['id']}:0', '{made['tokens']['0']}')")
    page.goto(f"{server.url}/play/{made['id']}")
    expect(page.locator(f".tchess-row[data-seat='{seat}'] .badge.copy")).to_have_text(f"={value}")
    assert tab.errors == []
    tab.close()


def test_a_playable_card_previews_the_row_strength_it_gives(browser: Browser,
                                                             server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    table = start_from_lobby(page, server.url, "tchess", seats={1: "computer:1"})
    assert my_turn_or_over(page)
    card = page.locator("#hand .card.playable").first
    expect(card.locator(".badge.preview")).to_have_count(1)
    preview = int(card.locator(".badge.preview").inner_text().lstrip("→"))
    assert f"your row's strength {preview}" in (card.get_attribute("aria-label") or "")
    token = page.evaluate(f"localStorage.getItem('kibitz:token:{table}:0')")
    before = page.locator("#status").get_attribute("data-ply")
    card.click()
    page.wait_for_function(f"() => document.getElementById('status').dataset.ply !== '{before}'")
    view = httpx.get(f"{server.url}/api/tables/{table}/view", params={"token": token}).json()
    assert view["view"]["rows"][0]["strength"] == preview
    assert tab.errors == []
    tab.close()
