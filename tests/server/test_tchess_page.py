"""The TCHESS table page in headless Chromium: a paired Jester shows the value it copies."""

from __future__ import annotations

import json

import httpx
from helpers import Server
from pagekit import DESKTOP, open_tab
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
