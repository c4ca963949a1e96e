"""A browser's own tables: ``POST /api/my-tables`` lists the tables its kept seat tokens hold
(private ones too), whose turn it is and when each last changed, the player's turn first;
the lobby shows them as "Your tables" ("forget" takes one off the list), and a table's page
links the others where it is the player's turn."""

from __future__ import annotations

import time
from typing import Any

import httpx
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table
from pagekit import DESKTOP, PHONE, TIMEOUT, answer, open_tab, overflow, serious_violations
from playwright.sync_api import Browser, expect

from serving import Server

COMPUTER = {"kind": "computer", "level": 1}


def held(*tables: dict[str, Any], seat: str = "0") -> list[dict[str, str]]:
    return [{"table": t["id"], "token": t["tokens"][seat]} for t in tables]


def mine(client: TestClient, seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    reply = client.post("/api/my-tables", json={"seats": seats})
    assert reply.status_code == 200, reply.text
    rows: list[dict[str, Any]] = reply.json()
    return rows


def test_the_tables_a_browsers_tokens_hold_with_whose_turn_it_is(client: TestClient) -> None:
    duel = new_table(client, "smess", [HUMAN, HUMAN])
    private = new_table(client, "cardmate", [HUMAN, COMPUTER], private=True)
    stranger = new_table(client, "smess", [HUMAN, HUMAN])
    wrong = {"table": stranger["id"], "token": duel["tokens"]["0"]}  # a token of another table
    unknown = {"table": "no-such-table", "token": "x"}
    rows = mine(client, [*held(duel, private), wrong, unknown])
    assert {r["id"] for r in rows} == {duel["id"], private["id"]}
    by_id = {r["id"]: r for r in rows}
    assert by_id[private["id"]]["private"] and by_id[private["id"]]["mine"] == [0]
    assert (by_id[private["id"]]["title"], by_id[duel["id"]]["title"]) == ("Cardmate", "Smess")
    assert by_id[duel["id"]]["your_turn"] and by_id[duel["id"]]["to_act"] == 0
    assert [s["kind"] for s in by_id[private["id"]]["seats"]] == ["human", "computer"]
    other = mine(client, held(duel, seat="1"))[0]  # the second player's view of the duel
    assert other["mine"] == [1] and not other["your_turn"] and other["to_act"] == 0
    moved = client.post(f"/api/tables/{duel['id']}/actions",
                        json={"token": duel["tokens"]["0"], "action": "d2-d3"})
    assert moved.status_code == 200, moved.text
    assert mine(client, held(duel, seat="1"))[0]["your_turn"]
    assert not mine(client, held(duel))[0]["your_turn"]


def test_the_players_turn_comes_first_and_finished_tables_last(client: TestClient) -> None:
    waiting = new_table(client, "smess", [HUMAN, HUMAN])
    client.post(f"/api/tables/{waiting['id']}/actions",
                json={"token": waiting["tokens"]["0"], "action": "d2-d3"})
    over = new_table(client, "smess", [HUMAN, COMPUTER])
    conceded = client.post(f"/api/tables/{over['id']}/actions",
                           json={"token": over["tokens"]["0"], "type": "concede"})
    assert conceded.status_code == 200, conceded.text
    to_play = new_table(client, "fortress", [HUMAN], seed=3)  # a deal with moves to make
    rows = mine(client, held(over, waiting, to_play))
    assert [r["id"] for r in rows] == [to_play["id"], waiting["id"], over["id"]]
    assert rows[2]["status"] == "finished" and rows[2]["to_act"] is None
    assert not rows[2]["your_turn"] and rows[2]["result"]["reason"] == "resignation"
    assert rows[0]["updated_at"] >= rows[1]["updated_at"]


def test_a_bad_list_is_refused_with_what_was_wrong(client: TestClient) -> None:
    for body, word in (({"seats": "x"}, "seats"), ({}, "seats"),
                       ({"seats": [{"table": "t"}]}, "token"),
                       ({"seats": [{"table": "t", "token": "x"}] * 1001}, "1000")):
        reply = client.post("/api/my-tables", json=body)
        assert reply.status_code in (400, 422), body
        assert word in reply.text
    assert mine(client, []) == []


def test_the_lobby_lists_your_tables_and_forgets_one(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    expect(page.locator("#game option").first).to_be_attached()
    expect(page.locator("#mine-box")).to_be_hidden()  # this browser holds no seat yet
    url = server.url
    duel = httpx.post(f"{url}/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN]}).json()
    private = httpx.post(f"{url}/api/tables", json={
        "game": "rook", "private": True, "seats": [HUMAN, COMPUTER, {"kind": "open"}, COMPUTER]})
    private = private.json()
    page.evaluate("""([a, b]) => {
        localStorage.setItem(`kibitz:token:${a.id}:1`, a.tokens["1"]);
        localStorage.setItem(`kibitz:token:${b.id}:0`, b.tokens["0"]);
    }""", [duel, private])
    page.reload()
    rows = page.locator("#mine tbody tr")
    expect(rows).to_have_count(2)
    smess = page.locator(f"#mine tr[data-table='{duel['id']}']")
    expect(smess).to_contain_text("Red: you")
    expect(smess).to_contain_text("Blue to play")
    rook = page.locator(f"#mine tr[data-table='{private['id']}']")
    expect(rook).to_contain_text("Rook (private)")
    expect(rook).to_contain_text("North: open seat")
    expect(smess.get_by_role("link", name="continue")).to_have_attribute(
        "href", f"/play/{duel['id']}#seat=1")
    httpx.post(f"{url}/api/tables/{duel['id']}/actions",
               json={"token": duel["tokens"]["0"], "action": "d2-d3"})
    # the list keeps itself up to date (every 5 s)
    expect(smess.locator(".turn")).to_have_text("your turn", timeout=TIMEOUT)
    assert serious_violations(page) == []
    rook.get_by_role("button", name="forget").click()
    answer(page, yes=False)  # a seat in play: asked first
    assert any(private["id"] in k for k in page.evaluate("Object.keys(localStorage)"))
    expect(rows).to_have_count(2)
    rook.get_by_role("button", name="forget").click()
    answer(page, yes=True)
    expect(rows).to_have_count(1)
    tokens = page.evaluate("Object.keys(localStorage)")
    assert not any(private["id"] in k for k in tokens) and any(duel["id"] in k for k in tokens)
    page.set_viewport_size(PHONE)
    assert overflow(page) == 0
    assert tab.errors == []
    tab.close()


def test_the_lobby_forgets_seats_that_hold_nothing_now(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    expect(page.locator("#game option").first).to_be_attached()
    duel = httpx.post(f"{server.url}/api/tables",
                      json={"game": "smess", "seats": [HUMAN, HUMAN]}).json()
    page.evaluate("""(t) => {
        localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens["0"]);
        localStorage.setItem("kibitz:token:gone-table:0", "nothing");  // no such table now
        localStorage.setItem("kibitz:invite:gone-table", "/join/gone-table?invite=x");
    }""", duel)
    page.reload()
    expect(page.locator("#mine tbody tr")).to_have_count(1)
    page.wait_for_function("() => !localStorage.getItem('kibitz:token:gone-table:0')")
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.includes('gone-table')"
                         " || k.startsWith('kibitz:token:'))")
    assert kept == [f"kibitz:token:{duel['id']}:0"]  # the seat held is kept, the other gone
    assert tab.errors == []
    tab.close()


def test_the_lobby_forgets_old_finished_tables_out_of_its_list(browser: Browser,
                                                               server: Server) -> None:
    tables = []
    for _ in range(7):  # five finished are listed; the two changed before them go once old
        made = httpx.post(f"{server.url}/api/tables",
                          json={"game": "smess", "seats": [HUMAN, HUMAN]}).json()
        httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                   json={"token": made["tokens"]["0"], "type": "concede"})
        tables.append(made)
        time.sleep(0.05)  # one after another, by their last change
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.add_init_script("{ const now = Date.now; Date.now = () => now() + 31 * 86400e3; }")
    page.goto(server.url + "/")
    page.evaluate("""(ts) => { for (const t of ts)
        localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens["0"]); }""", tables)
    page.reload()
    expect(page.locator("#mine tbody tr")).to_have_count(5)
    page.wait_for_function("() => Object.keys(localStorage)"
                           ".filter((k) => k.startsWith('kibitz:token:')).length === 5")
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('kibitz:token:'))")
    assert sorted(kept) == sorted(f"kibitz:token:{t['id']}:0" for t in tables[2:])
    assert tab.errors == []
    tab.close()


def test_a_tables_page_links_the_others_where_it_is_your_turn(browser: Browser,
                                                             server: Server) -> None:
    url = server.url
    make = lambda game, seats: httpx.post(  # noqa: E731
        f"{url}/api/tables", json={"game": game, "seats": seats}).json()
    here = make("smess", [HUMAN, HUMAN])
    waiting = make("rook", [HUMAN, COMPUTER, COMPUTER, COMPUTER])  # South bids first: yours
    theirs = make("smess", [HUMAN, HUMAN])
    httpx.post(f"{url}/api/tables/{theirs['id']}/actions",
               json={"token": theirs["tokens"]["0"], "action": "d2-d3"})  # now Red's turn
    deadline = time.monotonic() + 30
    while not httpx.get(f"{url}/api/tables/{waiting['id']}/view",
                        params={"token": waiting["tokens"]["0"]}).json()["your_turn"]:
        assert time.monotonic() < deadline, "the computers did not bid"
        time.sleep(0.1)
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(url + "/")
    page.evaluate("""(tables) => { for (const t of tables)
        localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens["0"]); }""",
                  [here, waiting, theirs])
    page.goto(f"{url}/play/{here['id']}")
    note = page.locator("#elsewhere")
    expect(note).to_have_text("Your turn at another table: Rook")
    expect(note.get_by_role("link", name="Rook")).to_have_attribute(
        "href", f"/play/{waiting['id']}#seat=0")
    note.get_by_role("link", name="Rook").click()
    expect(page).to_have_url(f"{url}/play/{waiting['id']}#seat=0")
    expect(page.locator("#elsewhere")).to_have_text("Your turn at another table: Smess")
    assert tab.errors == []
    tab.close()


def test_a_browser_with_more_seats_than_one_question_takes_still_lists_them(
        browser: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables",
                      json={"game": "smess", "seats": [HUMAN, COMPUTER]}).json()
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(server.url + "/")
    page.evaluate("""(t) => {
        for (let i = 0; i < 1200; i++) localStorage.setItem(`kibitz:token:gone${i}:0`, "x");
        localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens["0"]);
    }""", made)
    with page.expect_request("**/api/my-tables") as asked:
        page.reload()
    assert len(asked.value.post_data_json["seats"]) == 1000
    expect(page.locator("#game option").first).to_be_attached()
    assert tab.errors == []  # a list cut short, not a refused question
    tab.close()
