"""The Rook page of a finished game, seen by a late watcher: the log keeps every deal (the
earlier ones folded under a line that sums each up, the last one open), each with its calls
and tricks and, once scored, its nest; the nest of the hand on show is said, not "face down";
and the page says how the game ends where the table set a hand limit."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from helpers import COMPUTER
from pagekit import PHONE, Tab, overflow, seated, serious_violations, shoot, watch
from playwright.sync_api import Browser, expect

import kibitz
from kibitz.core.play import random_action
from kibitz.core.record import make_record
from kibitz.core.rng import Rng
from serving import Server

DESKTOP = {"width": 1280, "height": 800}


def all_but_the_last_card(max_hands: int, pass_out_first: bool = False, seed: int = 1) -> dict:
    """The record of a random Rook game of ``max_hands`` hands at most, up to the last card of
    its last hand (a table continues only an unfinished game); with ``pass_out_first`` its
    first deal is passed out (so dealt again)."""
    state = kibitz.load("rook", max_hands=max_hands).new_initial_state(seed)
    rng = Rng(seed)
    while not state.is_terminal():
        view = state.observation(None)
        first_auction = view["phase"] == "auction" and view["deals"] == 1
        state.apply(state.str_to_action("pass") if pass_out_first and first_auction
                    else random_action(state, rng))  # fmt: skip
    state.undo()
    return make_record(state)


def finished_by_computers(browser: Browser, server: Server, record: dict) -> tuple[Tab, dict]:
    """A table of four computers holding ``record``, watched (they play only while someone
    watches) until they finish it; the watcher's page, loaded afresh once the game is over,
    and the spectator's message."""
    made = httpx.post(f"{server.url}/api/tables", json={
        "record": json.dumps(record), "seats": [COMPUTER] * 4,
    })  # fmt: skip
    assert made.status_code == 200, made.text
    table = made.json()["id"]
    tab = watch(browser, server.url, table, DESKTOP)
    expect(tab.page.locator("#status")).to_have_attribute("data-over", "1")
    tab.page.reload()  # a watcher who comes when the game is over
    expect(tab.page.locator("#status")).to_have_attribute("data-over", "1")
    return tab, httpx.get(f"{server.url}/api/tables/{table}/view").json()


def card_names(msg: dict) -> dict[str, str]:
    """The page's names of the cards: "red 13", and the bird's name."""
    desc = msg["table"]["description"]
    return {c["code"]: f"{c['colour']} {c['rank']}" if c["colour"] else desc["bird"]
            for c in desc["cards"]}  # fmt: skip


def hand_line(msg: dict, row: dict) -> str:
    """A scored hand's summary in the log, as a spectator (who sees the teams' names) reads it."""
    side = msg["table"]["description"]["seats"][row["declarer"]]["side"]
    team = msg["table"]["description"]["team_names"][side]
    verdict = "made" if row["made"] else "set"
    return (f"Hand {row['hand']}: {team} bid {row['contract']}, {row['trump']} trump, "
            f"took {row['points'][side]}: {verdict}")  # fmt: skip


def nest_line(msg: dict, row: dict) -> str:
    """A scored hand's nest: its cards and who got its points."""
    named = card_names(msg)
    team = msg["table"]["description"]["team_names"][row["nest_to"]]
    to = f"{row['nest_points']} points to {team}" if row["nest_points"] else "no points"
    return f"{', '.join(named[c] for c in row['nest'])} ({to})"


def trick_lines(msg: dict, tricks: list[dict]) -> list[str]:
    """The log's lines of ``tricks``: each card with its player, then the winner."""
    named, seats = card_names(msg), msg["table"]["player_names"]
    plays = [", ".join(f"{seats[s]} {named[c]}" for s, c in t["plays"]) for t in tricks]
    return [f"{cards}: {seats[t['winner']]} wins" for cards, t in zip(plays, tricks, strict=True)]


def test_a_late_watcher_reviews_every_deal_and_sees_the_nests(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab, msg = finished_by_computers(browser, server, all_but_the_last_card(2, pass_out_first=True))
    view = msg["view"]
    first, last = view["score_sheet"]
    assert len(view["past_deals"]) == 2  # passed out, then hand 1
    page = tab.page
    folds = page.locator("#moves details.deal")
    expect(folds).to_have_count(3)
    assert folds.evaluate_all("ds => ds.map(d => d.open)") == [False, False, True]
    assert page.locator("#moves details.deal > summary").all_inner_texts() == [
        "Hand 1: all passed",
        hand_line(msg, first),
        hand_line(msg, last),
    ]
    expect(folds.nth(0)).to_contain_text("All passed: dealt again.")
    expect(folds.nth(1).locator(".tricks li").first).to_be_hidden()  # folded away

    folds.nth(1).locator("summary").click()  # hand 1, as it was played
    calls = ", ".join(
        f"{msg['table']['player_names'][s]} {c}" for s, c in view["past_deals"][1]["calls"]
    )
    expect(folds.nth(1).locator("p").first).to_have_text(f"Auction: {calls}")
    assert folds.nth(1).locator(".tricks li").all_inner_texts() == trick_lines(
        msg, view["past_deals"][1]["tricks"]
    )
    expect(folds.nth(1)).to_contain_text(f"Nest: {nest_line(msg, first)}")
    assert folds.nth(2).locator(".tricks li").all_inner_texts() == trick_lines(msg, view["tricks"])
    expect(page.locator("#nest")).to_have_text(f"Nest: {nest_line(msg, last)}.")
    expect(page.locator("#rook-info")).to_contain_text("Game to 300 or 2 hands.")
    expect(page.locator("#score-sheet caption")).to_have_text(
        "Score sheet (game to 300 or 2 hands)"
    )
    assert overflow(page) == 0
    assert serious_violations(page) == []
    shoot(page, shots, "rook-finished-desktop")
    page.set_viewport_size(PHONE)
    expect(page.locator("#score-sheet-compact caption")).to_have_text(
        "Score sheet (game to 300 or 2 hands)"
    )
    assert overflow(page) == 0, "the page is wider than the phone"
    shoot(page, shots, "rook-finished-phone")
    assert tab.errors == []
    tab.close()


def test_a_game_of_one_hand_says_so(browser: Browser, server: Server) -> None:
    tab, _ = finished_by_computers(browser, server, all_but_the_last_card(1))
    expect(tab.page.locator("#rook-info")).to_contain_text("Game of 1 hand.")
    expect(tab.page.locator("#score-sheet caption")).to_have_text("Score sheet (game of 1 hand)")
    assert tab.errors == []
    tab.close()


def test_a_rule_set_without_a_nest_says_nothing_of_one(browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "rook", "options": {"preset": "partnership"},
        "seats": [{"kind": "human"}, COMPUTER, COMPUTER, COMPUTER]}).json()
    tab = seated(browser, server.url, made, 0, PHONE)
    page = tab.page
    expect(page.locator("#rook-info")).to_be_visible()
    expect(page.locator("#nest")).to_be_hidden()  # not "Nest: 0 cards face down."
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_last_hand_by_the_tables_limit_is_said_while_it_is_played(
    browser: Browser, server: Server
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "rook", "options": {"max_deals": 1},
        "seats": [{"kind": "human"}, COMPUTER, COMPUTER, COMPUTER]}).json()  # fmt: skip
    tab = seated(browser, server.url, made, 0, DESKTOP)
    expect(tab.page.locator("#rook-info")).to_contain_text("Hand 1 (the last): ")
    again = httpx.post(f"{server.url}/api/tables", json={
        "game": "rook", "options": {"max_deals": 2},
        "seats": [{"kind": "human"}, COMPUTER, COMPUTER, COMPUTER]}).json()  # fmt: skip
    other = seated(browser, server.url, again, 0, DESKTOP)
    expect(other.page.locator("#rook-info")).to_contain_text("Hand 1: ")
    assert tab.errors == [] and other.errors == []
    tab.close()
    other.close()
