"""The table page's tools for two-sided games, in headless Chromium: take-back and play
again against the computer, a draw offered, declined, lapsing, withdrawn and agreed between
two people (with a spectator who sees none of it), and a resignation.

Each test checks the page's accessibility (axe-core: no serious or critical violation), no
sideways scrolling at phone width and no console error; screenshots go to the module's
``shots`` folder."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from pagekit import (
    DESKTOP,
    PHONE,
    Tab,
    answer,
    my_turn_or_over,
    open_tab,
    overflow,
    ply,
    serious_violations,
    shoot,
    start_from_lobby,
    wait_past,
    watch,
)
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from serving import Server


def type_move(page: Page, move: str) -> None:
    """Play ``move`` (the game's notation) through the page's move box; wait until it is in."""
    before = ply(page)
    page.fill("#typed-move", move)
    page.click("#typed button[type=submit]")
    wait_past(page, before)


def at_ply(page: Page, n: int) -> None:
    page.wait_for_function(f"() => document.getElementById('status').dataset.ply === '{n}'")


def checked(tab: Tab, shots: Path, name: str) -> None:
    """Accessible, no sideways scrolling at phone width (screenshot there), no console error."""
    page = tab.page
    assert serious_violations(page) == [], page.url
    size = page.viewport_size
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert overflow(page) == 0, f"{name} is wider than the phone"
    shoot(page, shots, f"{name}-phone")
    if size:
        page.set_viewport_size(size)
    assert tab.errors == [], tab.errors


def test_take_back_and_play_again_against_the_computer(browser: Browser, server: Server,
                                                       shots: Path) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "smess", {}, seats={1: "computer:1"})
    assert my_turn_or_over(page) and ply(page) == 0
    expect(page.locator("#take-back")).to_be_disabled()
    expect(page.locator("#play-again")).to_be_disabled()
    expect(page.locator("#concede")).to_have_text("Resign")
    expect(page.locator("#offer-draw")).to_have_count(0)  # no draw offered to a computer
    type_move(page, "e2-e3")
    assert my_turn_or_over(page)
    assert ply(page) == 2
    moves = page.locator("#moves tbody")
    expect(moves.locator("tr")).to_have_count(1)
    expect(moves.locator("td").nth(0)).to_have_text("e2-e3")
    reply = moves.locator("td").nth(1).inner_text()
    assert reply not in ("", "…")
    expect(page.locator("#take-back")).to_be_enabled()
    expect(page.locator("#play-again")).to_be_disabled()

    page.click("#take-back")  # the computer's reply and Blue's move go back
    at_ply(page, 0)
    expect(page.locator("#status")).to_have_text("Your turn (Blue)")
    expect(page.locator("#moves")).to_have_text("No moves yet.")
    expect(page.locator("#take-back")).to_be_disabled()
    expect(page.locator("#play-again")).to_be_enabled()
    expect(page.locator("#last")).to_have_text("No move yet.")
    shoot(page, shots, "take-back-desktop")
    checked(tab, shots, "take-back")

    page.click("#play-again")  # both moves again, Blue to play
    at_ply(page, 2)
    expect(page.locator("#status")).to_have_text("Your turn (Blue)")
    expect(moves.locator("td").nth(0)).to_have_text("e2-e3")
    expect(moves.locator("td").nth(1)).to_have_text(reply)
    expect(page.locator("#take-back")).to_be_enabled()
    expect(page.locator("#play-again")).to_be_disabled()
    assert tab.errors == []
    tab.close()


def join_by_invite(browser: Browser, invite: str, seat: int) -> Tab:
    """A second player's page: the invite link, a name, the open seat."""
    tab = open_tab(browser, PHONE)
    tab.page.goto(invite)
    tab.page.fill("#name", "guest")
    tab.page.click(f"[data-seat='{seat}']")
    tab.page.wait_for_url("**/play/**")
    expect(tab.page.locator("#title")).to_contain_text("you are Red")
    return tab


def no_offer(*pages: Page) -> None:
    """No offer stands: no notice, and each player may offer one."""
    for page in pages:
        expect(page.locator("#draw")).to_be_hidden()
        expect(page.locator("#offer-draw")).to_be_visible()


def test_a_draw_offered_declined_lapsing_withdrawn_and_agreed(browser: Browser, server: Server,
                                                              shots: Path) -> None:
    blue_tab = open_tab(browser, DESKTOP)
    blue = blue_tab.page
    table = start_from_lobby(blue, server.url, "smess", {}, seats={1: "open"})
    red_tab = join_by_invite(browser, blue.locator("#invite-link").input_value(), 1)
    red = red_tab.page
    spectator = watch(browser, server.url, table)
    expect(blue.locator("#watchers")).to_have_text("1 person watches this table.")
    expect(spectator.page.locator("#watchers")).to_have_count(0)  # not told of itself
    no_offer(blue, red)
    expect(red.locator("#take-back")).to_have_count(0)  # no take-back between people
    expect(spectator.page.locator("#offer-draw")).to_have_count(0)

    tops = [p.eval_on_selector(".board", "(b) => b.getBoundingClientRect().top")
            for p in (blue, red)]
    blue.click("#offer-draw")
    expect(red.locator("#draw")).to_contain_text("Blue offers a draw.")
    expect(blue.locator("#draw")).to_contain_text("You offered a draw")
    assert [p.eval_on_selector(".board", "(b) => b.getBoundingClientRect().top")
            for p in (blue, red)] == tops  # the offer moves no board, on a laptop or a phone
    expect(red.locator("#accept-draw")).to_be_visible()
    expect(red.locator("#decline-draw")).to_be_visible()
    expect(red.locator("#offer-draw")).to_have_count(0)
    expect(blue.locator("#draw")).to_contain_text("You offered a draw; waiting for the answer.")
    expect(blue.locator("#withdraw-draw")).to_be_focused()  # the focus follows the offer
    expect(blue.locator("#offer-draw")).to_have_count(0)
    expect(spectator.page.locator("#draw")).to_be_hidden()
    shoot(red, shots, "draw-offered-phone")
    shoot(blue, shots, "draw-offering-desktop")
    checked(red_tab, shots, "draw-offered")

    red.click("#decline-draw")
    no_offer(blue, red)

    red.click("#offer-draw")  # lapses when Blue plays on
    expect(blue.locator("#draw")).to_contain_text("Red offers a draw.")
    type_move(blue, "e2-e3")
    at_ply(red, 1)
    no_offer(blue, red)

    red.click("#offer-draw")  # withdrawn
    expect(blue.locator("#accept-draw")).to_be_visible()
    red.click("#withdraw-draw")
    no_offer(blue, red)
    expect(red.locator("#offer-draw")).to_be_focused()

    blue.click("#offer-draw")  # agreed
    red.click("#accept-draw")
    for page in (blue, red, spectator.page):
        expect(page.locator("#status")).to_have_text("Game over. The players agreed: a draw.")
        expect(page.locator("#draw")).to_be_hidden()
        expect(page.locator("#offer-draw")).to_have_count(0)
    expect(red.locator("#concede")).to_be_disabled()
    expect(blue.locator("#over-result")).to_have_text("The players agreed: a draw.")
    expect(blue.locator("#over-title")).to_have_text("Game over: A draw")
    expect(spectator.page.locator("#over-title")).to_have_text("Game over")  # nobody's "you"
    for tab in (blue_tab, red_tab, spectator):
        assert tab.errors == [], tab.errors
        tab.close()


def play_first_legal(page: Page) -> None:
    before = ply(page)
    page.locator("#legal button").first.click()
    wait_past(page, before)


def test_resigning_against_the_computer(browser: Browser, server: Server, shots: Path) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "cardmate", {}, seats={1: "computer:1"})
    assert my_turn_or_over(page)
    page.click("#legal-box summary")
    play_first_legal(page)
    assert my_turn_or_over(page)
    expect(page.locator("#take-back")).to_be_enabled()
    resign = page.locator("#concede")
    expect(resign).to_have_text("Resign")

    resign.click()  # answered no: the game goes on, the next move is played
    assert answer(page, yes=False) == "Resign this game? It counts as a loss."
    play_first_legal(page)
    assert my_turn_or_over(page)

    resign.click()
    answer(page, yes=True)
    expect(page.locator("#status")).to_have_text("Game over. You resigned: Rearhand wins.")
    expect(page.locator("#over-result")).to_have_text("You resigned: Rearhand wins.")
    expect(page.locator("#over-title")).to_have_text("Game over: You lost")
    expect(resign).to_be_disabled()
    expect(page.locator("#take-back")).to_be_disabled()
    expect(page.locator("#play-again")).to_be_disabled()
    expect(page.locator("#offer-draw")).to_have_count(0)
    shoot(page, shots, "resigned-desktop")
    checked(tab, shots, "resigned")
    rematch = page.locator("#rematch")
    expect(rematch).to_have_text("Rematch as Rearhand")  # the sides swap, as at chess sites
    first = page.url
    rematch.click()
    page.wait_for_url(lambda url: url != first and url.endswith("#seat=1"))
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")  # after Forehand
    expect(page.locator("#players")).to_contain_text("computer level 1")
    tab.close()


def test_one_screen_for_two_people_plays_each_side_in_turn(browser: Browser, server: Server,
                                                           shots: Path) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "smess", seats={0: "human", 1: "human"})
    expect(page.locator("#status")).to_contain_text("Your turn (Blue)")
    expect(page.locator("#title")).to_contain_text("you are Blue")
    type_move(page, "e2-e3")
    # Red is this browser's too: the page now plays Red, and the board turns to Red's side.
    expect(page.locator("#status")).to_contain_text("Your turn (Red)")
    expect(page.locator("#title")).to_contain_text("you are Red")
    assert page.evaluate("location.hash") == "#seat=1"
    expect(page.locator("#players")).not_to_contain_text("tester,")
    shoot(page, shots, "one-screen-red")
    type_move(page, "e7-e6")
    expect(page.locator("#status")).to_contain_text("Your turn (Blue)")
    expect(page.locator("#moves")).to_contain_text("e7-e6")
    # A draw offered on one screen is answered by the other side at the same screen.
    page.click("#offer-draw")
    expect(page.locator("#draw")).to_contain_text("You offered a draw")
    type_move(page, "d2-d3")
    expect(page.locator("#status")).to_contain_text("Your turn (Red)")
    expect(page.locator("#draw")).to_be_hidden()  # the move let the offer lapse
    checked(tab, shots, "one-screen")
    tab.close()


def test_a_browser_with_one_seat_stays_on_it(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "smess", seats={1: "open"})
    type_move(page, "e2-e3")
    expect(page.locator("#status")).to_contain_text("Red to play")
    assert page.evaluate("location.hash") != "#seat=1"
    tab.close()


def test_a_move_in_the_list_shows_the_position_after_it(browser: Browser, server: Server,
                                                        shots: Path) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.select_option("#game", "smess")
    expect(page.locator("[data-seat='1'] option[value='computer:4']")).to_have_text(
        "computer level 4 (very good)")
    start_from_lobby(page, server.url, "smess", seats={1: "computer:1"})
    expect(page.locator("#players")).to_contain_text("Red computer level 1 (poor)")
    type_move(page, "e2-e3")
    assert my_turn_or_over(page)
    expect(page.locator("[data-square='e3'] .piece")).to_have_count(1)
    reply = page.locator("#moves .move-link[data-ply='2']").inner_text()  # the computer's
    left = f"[data-square='{reply.split('-')[0]}'] .piece"
    expect(page.locator(left)).to_have_count(0)
    page.locator("#moves .move-link[data-ply='1']").click()
    # numbered as the list numbers it: 1. for Blue's move, 1... for Red's reply
    expect(page.locator("#last")).to_have_text("Showing the position after move 1. e2-e3")
    expect(page.locator("#moves .move-link[data-ply='2']")).to_have_attribute(
        "title", f"Show the position after move 1... {reply}")
    expect(page.locator(left)).to_have_count(1)  # the reply not played yet
    first = page.locator("#moves .move-link[data-ply='1']")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.locator("#moves .move-link[data-ply='2']").click()  # the latest: the game again
    expect(page.locator("#last")).to_contain_text("Last move:")
    page.locator("#moves .move-link[data-ply='1']").click()
    expect(page.locator("#back-to-game")).to_be_visible()
    assert serious_violations(page) == []
    shoot(page, shots, "move-list-position")
    page.click("#back-to-game")
    expect(page.locator("#last")).to_contain_text("Last move:")
    expect(page.locator("#back-to-game")).to_have_count(0)
    assert tab.errors == []
    tab.close()


def test_cardmate_exports_its_text_record_and_smess_offers_only_json(
    browser: Browser, server: Server
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "cardmate", seats={1: "computer:1"})
    type_move(page, "4Ci3")
    with page.expect_download() as made:
        page.click("#export-text")
    text = Path(made.value.path()).read_text(encoding="utf-8")
    assert made.value.suggested_filename.endswith(".pgn")
    assert text.startswith('[Game "Cardmate"]') and "1.4Ci3" in text
    start_from_lobby(page, server.url, "smess", seats={1: "computer:1"})
    expect(page.locator("#export-text")).to_be_hidden()
    expect(page.locator("#export")).to_be_visible()
    assert tab.errors == []
    tab.close()


def test_an_open_seat_is_given_to_the_computer_from_the_table(browser: Browser,
                                                              server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "smess", seats={1: "open"})
    expect(page.locator("#players")).to_contain_text("open seat")
    type_move(page, "e2-e3")
    expect(page.locator("#status")).to_have_text(
        "Red to play: the seat is open, waiting for a friend (send the invite link)")
    page.get_by_role("button", name="Computer plays it").click()
    expect(page.locator("#players")).to_contain_text("Red computer level 2 (better)")
    expect(page.get_by_role("button", name="Computer plays it")).to_have_count(0)
    assert my_turn_or_over(page)  # the computer replied
    assert ply(page) == 2
    assert tab.errors == []
    tab.close()


def test_friends_meet_at_one_rematch_with_the_sides_swapped(browser: Browser, server: Server,
                                                            shots: Path) -> None:
    blue_tab = open_tab(browser, DESKTOP)
    blue = blue_tab.page
    start_from_lobby(blue, server.url, "smess", {}, seats={1: "open"})
    red_tab = join_by_invite(browser, blue.locator("#invite-link").input_value(), 1)
    red = red_tab.page
    red.click("#concede")
    answer(red, yes=True)
    expect(red.locator("#rematch")).to_have_text("Rematch as Blue")
    expect(blue.locator("#rematch")).to_have_text("Rematch as Red")
    first = blue.url
    blue.click("#rematch")
    blue.wait_for_url(lambda url: url != first and url.endswith("#seat=1"))
    # Red is told at the finished table, and joins the same next table as Blue
    expect(red.locator("#over-rematch")).to_have_text("tester asks for a rematch.")
    expect(red.locator("#rematch")).to_have_text("Join the rematch as Blue")
    shoot(red, shots, "rematch-waiting-phone")
    red.click("#rematch")
    red.wait_for_url(lambda url: url.split("#")[0] == blue.url.split("#")[0]
                     and url.endswith("#seat=0"))
    expect(red.locator("#status")).to_contain_text("Your turn (Blue)")
    expect(blue.locator("#players")).to_contain_text("guest")
    type_move(red, "e2-e3")
    expect(blue.locator("#status")).to_contain_text("Your turn (Red)")
    rematch_url = blue.url
    finished = first.split("/play/")[1].split("#")[0]
    spectator = watch(browser, server.url, finished)  # a spectator there follows on
    spectator.page.click("#watch-rematch")
    spectator.page.wait_for_url(rematch_url.split("#")[0])
    expect(spectator.page.locator("#title")).to_contain_text("watching")
    spectator.close()
    blue.go_back()  # the rematch's maker back at the finished table goes on to it
    expect(blue.locator("#rematch")).to_have_text("Go to the rematch")
    expect(blue.locator("#over-rematch")).to_be_hidden()
    blue.click("#rematch")
    blue.wait_for_url(rematch_url)
    for tab in (blue_tab, red_tab):
        assert tab.errors == [], tab.errors
        tab.close()


def test_a_seat_token_in_the_address_seats_the_page_and_leaves_the_address(
    browser: Browser, server: Server
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "smess", "private": True,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "open"}]}).json()
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(f"{server.url}/play/{made['id']}?token={made['tokens']['0']}")
    expect(page.locator("#title")).to_contain_text("you are Blue")
    assert "token" not in page.url  # the seat's key does not stay in the address
    type_move(page, "e2-e3")
    page.goto(f"{server.url}/play/{made['id']}")  # kept in this browser
    expect(page.locator("#title")).to_contain_text("you are Blue")
    page.goto(f"{server.url}/play/{made['id']}?token=not-a-seat")
    expect(page.locator("#error")).to_contain_text("The seat in the address was not taken")
    expect(page.locator("#title")).to_contain_text("you are Blue")  # the kept seat stays
    assert all("403" in e for e in tab.errors), tab.errors  # only the refused token's answer
    tab.close()


def test_a_friend_whose_seat_went_to_the_computer_is_told_and_watches(
    browser: Browser, tmp_path: Path
) -> None:
    server = Server(tmp_path / "kibitz.db", "--away-minutes", "0")
    server.start()
    try:
        made = httpx.post(f"{server.url}/api/tables", json={
            "game": "smess", "seats": [{"kind": "human", "name": "Ann"},
                                       {"kind": "human", "name": "Bo"}]}).json()
        bo_tab = open_tab(browser, DESKTOP)
        bo = bo_tab.page
        bo.goto(f"{server.url}/play/{made['id']}?token={made['tokens']['1']}")
        expect(bo.locator("#title")).to_contain_text("you are Red")
        bo.goto("about:blank")  # Bo leaves the table; Ann gives his seat away
        ann = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens']['0']}"
        with connect(ann) as ws:
            while (m := json.loads(ws.recv())).get("type") != "state" or (
                    m["table"]["seats"][1]["connected"]):
                pass  # the server may not yet have seen Bo's page close
            ws.send(json.dumps({"type": "seat_computer", "seat": 1}))
            while (m := json.loads(ws.recv())).get("type") != "state" or (
                    m["table"]["seats"][1]["kind"] != "computer"):
                assert m.get("type") != "error", m
        bo.goto(f"{server.url}/play/{made['id']}")  # back, with the seat this browser kept
        expect(bo.locator("#error")).to_have_text(
            "your seat at this table went to the computer while you were away; you may "
            "watch the game", timeout=30_000)
        expect(bo.locator("#title")).to_contain_text("watching")
        expect(bo.locator("#players")).to_contain_text("Red computer level")
        assert not [k for k in bo.evaluate("Object.keys(localStorage)") if made["id"] in k]
        bo_tab.close()
    finally:
        server.stop()
