"""A patience deal left for a new one counts as lost (rules e.9) only where its seat's token
concedes it (the lobby of the browser that holds it, the table's "New deal"): names are not
accounts, so making a table for a name concedes nothing of that name's, private or not, and
tells nothing of them; a deal conceded with no move of the player's counts nowhere."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until
from pagekit import DESKTOP, open_tab, start_from_lobby
from playwright.sync_api import Browser, expect

from serving import Server

SAFE_AT_ONCE = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once: autoplay plays them as the table's start."""


def deal(client: TestClient, game: str, name: str | None = None, **body: Any) -> dict[str, Any]:
    """A new patience table of ``game`` for the player ``name`` (None: anonymous)."""
    return new_table(client, game, [HUMAN | {"name": name}], **body)


def play(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal move at the table ``made``; the view after."""
    token = made["tokens"]["0"]
    url = f"/api/tables/{made['id']}"
    view = client.get(f"{url}/view", params={"token": token}).json()
    reply = client.post(f"{url}/actions", json={"token": token, "id": view["legal"][0]["id"]})
    assert reply.status_code == 200, reply.text
    return reply.json()


def concede(client: TestClient, made: dict[str, Any]) -> None:
    reply = client.post(f"/api/tables/{made['id']}/actions",
                        json={"token": made["tokens"]["0"], "type": "concede"})  # fmt: skip
    assert reply.status_code == 200, reply.text


def status(client: TestClient, made: dict[str, Any]) -> str:
    return client.get(f"/api/tables/{made['id']}").json()["status"]


def stats(client: TestClient, player: str) -> dict[str, dict[str, Any]]:
    """``player``'s statistics by game."""
    return {s["game"]: s for s in client.get(f"/api/stats/{player}").json()}


def test_a_table_made_for_a_name_leaves_that_names_deals_alone(client: TestClient) -> None:
    mine = deal(client, "fortress", "ann", seed=3, private=True)
    play(client, mine)
    with client.websocket_connect(f"/ws/tables/{mine['id']}?token={mine['tokens']['0']}") as ws:
        assert ws.receive_json()["ply"] == 1
        theirs = deal(client, "fortress", "ann", seed=5)  # anyone may give the name
        assert set(theirs) == {"id", "tokens", "invite", "table"}  # no table of ann's told
        assert status(client, mine) == "playing"
        ws.send_json({"type": "hint"})
        assert receive_until(ws, lambda m: m["type"] in ("hint", "error"))["type"] == "hint"
    assert play(client, mine)["outcome"] is None  # still ann's to play
    assert stats(client, "ann") == {}


def test_a_deal_conceded_after_its_moves_were_taken_back_counts_as_lost(
    client: TestClient,
) -> None:
    old = deal(client, "fortress", "dee", seed=3)
    play(client, old)
    with client.websocket_connect(f"/ws/tables/{old['id']}?token={old['tokens']['0']}") as ws:
        assert ws.receive_json()["ply"] == 1
        ws.send_json({"type": "undo"})
        receive_until(ws, lambda m: m.get("ply") == 0)  # no action stored any more
    concede(client, old)
    fortress = stats(client, "dee")["fortress"]
    assert (fortress["played"], fortress["lost"], fortress["current_streak"]) == (1, 1, -1)
    record = client.get(f"/api/tables/{old['id']}/record").json()
    assert record["metadata"]["conceded"] and record["result"]["reason"] == "conceded"


def test_a_deal_over_before_a_move_or_conceded_unplayed_counts_nowhere(
    client: TestClient,
) -> None:
    dead = deal(client, "fortress", "fay", seed=22)  # no legal move at its start
    assert status(client, dead) == "finished"
    unplayed = deal(client, "fortress", "fay", seed=3)
    autoplayed = deal(client, "fortress", "fay", position=SAFE_AT_ONCE, autoplay=True)
    view = client.get(
        f"/api/tables/{autoplayed['id']}/view", params={"token": autoplayed["tokens"]["0"]}
    ).json()
    assert view["ply"] == 4  # autoplay's moves at the start: no move of the player's
    for made in (unplayed, autoplayed):
        concede(client, made)
        assert status(client, made) == "finished"
    assert stats(client, "fay") == {}  # rules e.9: a deal is played from the first move


def test_a_deal_left_in_another_browser_is_not_conceded_from_this_one(
    browser: Browser, server: Server
) -> None:
    elsewhere = open_tab(browser, DESKTOP)  # its own storage: its seat token is not this one's
    left = start_from_lobby(elsewhere.page, server.url, "fortress", seed="#3")
    elsewhere.page.click("#legal-box summary")
    elsewhere.page.locator("#legal button").first.click()
    expect(elsewhere.page.locator("#status")).to_have_attribute("data-ply", "1")
    elsewhere.close()
    tab = open_tab(browser, DESKTOP)
    start_from_lobby(tab.page, server.url, "fortress", seed="#5")
    expect(tab.page.locator("#status")).to_be_visible()
    expect(tab.page.locator("#notice")).not_to_contain_text("counted as lost")
    assert httpx.get(f"{server.url}/api/tables/{left}").json()["status"] == "playing"
    assert tab.errors == []
    tab.close()
