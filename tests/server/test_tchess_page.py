"""The TCHESS table page in headless Chromium: a paired Jester shows the value it copies,
a playable card the row strength laying it gives, a typed row of cards is one whole turn
(a wrong card refuses all of it), and the last move is said in words (a steal too)."""

from __future__ import annotations

import json

import httpx
from pagekit import DESKTOP, Tab, answer, my_turn_or_over, open_tab, start_from_lobby
from playwright.sync_api import Browser, Page, expect

from kibitz.core.game import State
from kibitz.core.record import make_record
from positions import paired_jester, tchess_jester_paired, tchess_until
from serving import Server


def sit(page: Page, server: Server, made: dict, seat: int) -> None:
    """Open ``made``'s table at ``seat`` with its token, as the browser that made it."""
    page.goto(server.url + "/")
    token = made["tokens"][str(seat)]
    page.evaluate(f"localStorage.setItem('kibitz:token:{made['id']}:{seat}', '{token}')")
    page.goto(f"{server.url}/play/{made['id']}")


def test_a_paired_jester_shows_the_value_it_copies(browser: Browser, server: Server) -> None:
    state = tchess_jester_paired()
    seat, _place, value = paired_jester(state)
    tab = seated_at(browser, server, state)
    page = tab.page
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


def test_a_typed_row_of_cards_is_one_whole_turn(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "tchess", "seed": 5, "seats": [{"kind": "human"}] * 2,
    }).json()
    token = made["tokens"]["0"]
    first = httpx.get(f"{server.url}/api/tables/{made['id']}/view", params={"token": token})
    view = first.json()
    assert view["view"]["to_act"] == 0
    hand = view["view"]["hand"]
    missing = next(x for x in ("Q", "K", "J", "P") if x not in hand)
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    sit(page, server, made, 0)
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.fill("#typed-move", f"{hand[0]} {missing}")
    page.click("#typed button[type=submit]")
    expect(page.locator("#error")).to_contain_text(f"card {missing} is not in White's hand")
    expect(page.locator("#status")).to_have_attribute("data-ply", str(view["ply"]))
    page.fill("#typed-move", f"{hand[0]} {hand[1]}")
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-ply", str(view["ply"] + 3))
    expect(page.locator("#status")).to_contain_text("Black to play")
    after = httpx.get(f"{server.url}/api/tables/{made['id']}/view", params={"token": token})
    assert after.json()["view"]["rows"][0]["cards"] == hand[:2]
    assert tab.errors == []
    tab.close()


def just_stolen(state: State) -> bool:
    """Whether a card was just stolen and a seat acts next (so the steal stays the last
    move shown)."""
    last = state.observation(0)["last_action"]
    return bool(last) and last.get("kind") == "steal" and state.current_player >= 0


def seated_at(browser: Browser, server: Server, state: State) -> Tab:
    """White's page at a new table where ``state``'s game stands, White to act and Black the
    computer (a table from a record is one person's: its maker knows every card)."""
    assert state.current_player == 0
    made = httpx.post(f"{server.url}/api/tables", json={
        "record": json.dumps(make_record(state)),
        "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}],
    }).json()
    tab = open_tab(browser, DESKTOP)
    sit(tab.page, server, made, 0)
    return tab


def test_the_last_move_bar_says_a_steal_in_words(browser: Browser, server: Server) -> None:
    state = tchess_until(just_stolen, "steal before a seat's turn")
    steal = next(e for e in reversed(state.observation(0)["log"]) if e["event"] == "steal")
    card, who = steal["card"], ("White", "Black")[steal["seat"]]
    tab = seated_at(browser, server, state)
    page = tab.page
    expect(page.locator("#last")).to_have_text(
        f"Last: {card} is taken at random from {who}'s hand and discarded.")
    assert tab.errors == []
    tab.close()


def test_the_end_is_a_sentence_as_in_the_board_games(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "tchess", "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}]}).json()
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    sit(page, server, made, 0)
    expect(page.locator("#concede")).to_be_enabled()
    page.click("#concede")
    answer(page, yes=True)
    expect(page.locator("#status")).to_have_text("Game over. You resigned: Black wins.")
    expect(page.locator("#over-result")).to_have_text("You resigned: Black wins.")
    assert tab.errors == []
    tab.close()
