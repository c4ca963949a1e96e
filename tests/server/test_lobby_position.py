"""In headless Chromium: the lobby's "Start from a position" field (a game that reads
position strings starts from a pasted one; a malformed one is refused with the server's
message and makes no table) and its preset choice. Screenshots go where the other browser
tests' go."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from pagekit import DESKTOP, PHONE, open_tab, overflow, serious_violations, shoot
from playwright.sync_api import Browser, Page, expect

import kibitz
from kibitz.core.play import play_random
from kibitz.core.rng import Rng
from serving import Server


def smess_position() -> tuple[str, set[str], set[str]]:
    """A Smess position four plies in (Blue to move), the squares occupied there but empty
    at the start, and the squares empty there but occupied at the start."""
    start = kibitz.load("smess").new_initial_state()
    state = play_random(kibitz.load("smess").new_initial_state(), Rng(3), max_plies=4)
    assert state.current_player == 0
    squares = lambda s: {p["square"] for p in s.observation(None)["pieces"]}  # noqa: E731
    return state.position(), squares(state) - squares(start), squares(start) - squares(state)


def table_ids(server: Server) -> list[str]:
    return [t["id"] for t in httpx.get(server.url + "/api/tables?limit=500").json()]


def choose(page: Page, url: str, game: str) -> None:
    page.goto(url + "/")
    page.select_option("#game", game)
    page.fill("#name", "tester")


def test_the_field_is_offered_for_games_with_position_strings(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    choose(page, server.url, "rook")
    expect(page.locator("#position")).to_be_hidden()
    for game in ("smess", "cardmate"):
        page.select_option("#game", game)
        expect(page.get_by_label("Start from a position (optional)")).to_be_visible()
    page.fill("#position", kibitz.load("cardmate").new_initial_state().position())
    assert serious_violations(page) == []
    shoot(page, shots, "lobby-position-desktop")
    page.set_viewport_size(PHONE)
    assert overflow(page) == 0
    shoot(page, shots, "lobby-position-phone")
    # A game without position strings drops what was typed (it would be refused).
    page.select_option("#game", "rook")
    page.select_option("#game", "cardmate")
    expect(page.locator("#position")).to_have_value("")
    assert tab.errors == []
    tab.close()


def test_smess_starts_from_a_pasted_position(browser: Browser, server: Server, shots: Path) -> None:
    position, filled, emptied = smess_position()
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    choose(page, server.url, "smess")
    page.fill("#position", f"  {position}\n")
    page.click("#start")
    page.wait_for_url("**/play/**")
    table = page.url.split("/play/")[1].split("#")[0]
    token = page.evaluate(f"localStorage.getItem('kibitz:token:{table}:0')")
    view = httpx.get(f"{server.url}/api/tables/{table}/view", params={"token": token}).json()
    assert view["ply"] == 0 and view["your_turn"]
    assert view["view"]["position"] == position
    record = httpx.get(f"{server.url}/api/tables/{table}/record").json()
    assert record["position"] == position and record["actions"] == []
    # The page draws that position: pieces moved there, none left where they started.
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    for square in filled:
        expect(page.locator(f".sq[data-square={square}]")).not_to_have_attribute(
            "aria-label", re.compile(r"empty")
        )
    for square in emptied:
        expect(page.locator(f".sq[data-square={square}]")).to_have_attribute(
            "aria-label", re.compile(rf"^{square}, (arrows .*, )?empty$")
        )
    shoot(page, shots, "smess-from-position-desktop")
    assert tab.errors == []
    tab.close()


def test_a_bad_position_is_refused_and_makes_no_table(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    choose(page, server.url, "smess")
    before = table_ids(server)
    page.fill("#position", "not a position")
    page.click("#start")
    error = page.locator("#lobby-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("position 'not a position' must have 4 fields")
    # A position and a seed together: the server says which one to drop.
    position, _, _ = smess_position()
    page.fill("#position", position)
    page.fill("#seed", "12")
    page.click("#start")
    expect(error).to_contain_text("starts from a position or deals from a seed, not both")
    assert page.url.rstrip("/") == server.url
    assert table_ids(server) == before
    tab.close()


def test_a_preset_sets_every_option_and_the_table_plays_it(browser: Browser,
                                                           server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "tchess")
    overlapping = page.locator("[data-option=allow_overlapping_pairs]")
    expect(overlapping).not_to_be_checked()
    page.select_option("#preset-choice", "reading_a")
    expect(overlapping).to_be_checked()
    page.select_option("#preset-choice", "standard")
    expect(overlapping).not_to_be_checked()
    page.select_option("#preset-choice", "reading_a")
    page.fill("#name", "tester")
    page.click("#start")
    page.wait_for_url("**/play/**")
    table = page.url.split("/play/")[1].split("#")[0]
    options = httpx.get(f"{server.url}/api/tables/{table}").json()["options"]
    preset = kibitz.load("tchess").presets["reading_a"]
    assert options["allow_overlapping_pairs"] is True and options["values"] == preset["values"]
    page.goto(server.url + "/")
    page.select_option("#game", "rook")  # its presets are an option of its own already
    expect(page.locator("#preset-choice")).to_have_count(0)
    expect(page.locator("[data-option=preset]")).to_have_count(1)
    assert tab.errors == []
    tab.close()


def test_rooks_main_options_come_first_and_the_rest_fold_away(browser: Browser,
                                                              server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "rook")
    for name in ("preset", "rook", "target"):
        expect(page.locator(f"#options > label [data-option={name}]")).to_be_visible()
    expect(page.locator("#more-options [data-option=bid_min]")).to_be_hidden()
    page.click("#more-options summary")
    expect(page.locator("#more-options [data-option=bid_min]")).to_be_visible()
    label = page.locator("label", has=page.locator("[data-option=trump_before_nest]"))
    expect(label).to_contain_text("Trump before nest")
    expect(label).to_have_attribute("title", "The declarer names trump before taking the nest.")
    bird = page.locator("[data-option=rook] option")
    expect(bird).to_have_text(["yes", "no", "default"])  # on, off, or the preset's
    expect(page.locator("[data-option=bonus] option")).to_have_text(
        ["none", "most_tricks", "last_trick", "default"])
    page.select_option("[data-option=rook]", "false")
    page.fill("#name", "tester")
    page.click("#start")
    page.wait_for_url("**/play/**")
    table = page.url.split("/play/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["options"]["rook"] is False
    assert serious_violations(page) == [] and tab.errors == []
    tab.close()
