"""Error pages: every HTML error page has the site's header, a heading, what went wrong and a
link back to the lobby (a bad rules preset names the presets and links each one's rules);
refused API requests stay JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pagekit import PHONE, open_tab, overflow, serious_violations, shoot
from playwright.sync_api import Browser, expect

from serving import Server

PAGES = [
    ("/play/", 404, "Page not found", "There is no page at /play/ on this server."),
    ("/no/such/page", 404, "Page not found", "no page at /no/such/page"),
    ("/rules/nogame", 404, "No such game", "unknown game 'nogame'"),
    ("/rules/rook?preset=bogus", 400, "No such preset", "must be one of 'crowsnest'"),
    ("/rules/smess?preset=x", 400, "No such preset", "smess has no presets"),
    ("/play/nosuch", 404, "No such table", "There is no table 'nosuch'"),
]  # fmt: skip
"""Addresses whose answer is an error page: status, heading, words of the message."""


@pytest.mark.parametrize(("path", "status", "heading", "words"), PAGES)
def test_error_pages_lead_back_to_the_lobby(client: TestClient, path: str, status: int,
                                            heading: str, words: str) -> None:
    r = client.get(path)
    assert r.status_code == status and r.headers["content-type"].startswith("text/html")
    text = r.text.replace("&#x27;", "'")
    assert "<span class='tagline'>" in text and "<a href='/stats'>statistics</a>" in text
    assert f"<h1>{heading}</h1>" in text and words in text
    assert "<a href='/'>Back to the lobby</a>" in text or "in the lobby</a>" in text


def test_a_bad_preset_links_every_presets_rules(client: TestClient) -> None:
    from kibitz.core.registry import game_class

    text = client.get("/rules/rook", params={"preset": "bogus"}).text
    for preset in game_class("rook").presets:
        assert f"<a href='/rules/rook?preset={preset}'>{preset}</a>" in text


def test_api_errors_stay_json(client: TestClient) -> None:
    for path in ("/api/nope", "/api/tables/nosuch", "/api/tables/nosuch/view"):
        r = client.get(path)
        assert r.status_code == 404 and r.headers["content-type"] == "application/json"
        assert set(r.json()) == {"error"}


def test_an_error_page_in_the_browser(browser: Browser, server: Server, shots: Path) -> None:
    tab = open_tab(browser, PHONE)
    page = tab.page
    answer = page.goto(server.url + "/play/")
    assert answer is not None and answer.status == 404
    expect(page.locator("header .brand")).to_be_visible()
    expect(page.locator("h1")).to_have_text("Page not found")
    assert overflow(page) == 0 and serious_violations(page) == []
    shoot(page, shots, "error-page-phone")
    page.get_by_role("link", name="Back to the lobby").click()
    expect(page.locator("#game")).to_be_visible()
    page.goto(server.url + "/rules/rook?preset=bogus")
    page.get_by_role("link", name="dixie").click()
    expect(page.locator("h1").first).to_contain_text("Rook: dixie rules")
    tab.close()
