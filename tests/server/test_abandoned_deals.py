"""A named player's patience deal left for a new one counts as lost on the server (rules e.9):
making a new table of the game concedes their other deals of it where a move was made, even
with no page of them open, and the new table's page says so; deals not played, over, of
another player or game, or of an anonymous player are left as they are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until
from pagekit import DESKTOP, open_tab, start_from_lobby
from playwright.sync_api import Browser, expect

from kibitz.server.app import create_app
from kibitz.server.hub import Busy
from kibitz.server.limits import Limits
from serving import Server

NEARLY_WON = "KC/KS/-/-/-/-/-/-/-/- QC,QS,KH,KD A"
"""A Fortress position won by its two moves ``0>F`` and ``1>F``."""
SAFE_AT_ONCE = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once: autoplay plays them as the table's start."""
LEFT = "Your unfinished deal #3 was counted as lost."
"""What the new table's page says of the deal #3 its player left."""


def deal(client: TestClient, game: str, name: str | None = None, **body: Any) -> dict[str, Any]:
    """A new patience table of ``game`` for the player ``name`` (None: anonymous)."""
    return new_table(client, game, [HUMAN | {"name": name}], **body)


def play(client: TestClient, made: dict[str, Any], move: str | None = None) -> dict[str, Any]:
    """Play ``move`` at the table ``made`` (None: its first legal move, which leaves the deal
    still to play); the view after."""
    token = made["tokens"]["0"]
    url = f"/api/tables/{made['id']}"
    first = move is None
    if first:
        view = client.get(f"{url}/view", params={"token": token}).json()
        move = view["legal"][0]["text"]
    reply = client.post(f"{url}/actions", json={"token": token, "action": move})
    assert reply.status_code == 200, reply.text
    after = reply.json()
    assert not first or after["outcome"] is None, f"{move} ended the deal: {after['outcome']}"
    return after


def status(client: TestClient, made: dict[str, Any]) -> str:
    return client.get(f"/api/tables/{made['id']}").json()["status"]


def stats(client: TestClient, player: str) -> dict[str, dict[str, Any]]:
    """``player``'s statistics by game."""
    return {s["game"]: s for s in client.get(f"/api/stats/{player}").json()}


def test_a_deal_with_a_move_made_counts_as_lost_when_a_new_one_is_made(
    client: TestClient,
) -> None:
    old = deal(client, "fortress", "ann", seed=3)
    play(client, old)
    with client.websocket_connect(f"/ws/tables/{old['id']}") as watcher:
        assert watcher.receive_json()["outcome"] is None
        new = deal(client, "fortress", "ann", seed=5)
        assert new["conceded"] == [{"table": old["id"], "deal": "3"}]
        told = receive_until(watcher, lambda m: m.get("outcome") is not None)
    assert told["outcome"]["reason"] == "conceded" and told["table"]["status"] == "finished"
    assert (status(client, old), status(client, new)) == ("finished", "playing")
    fortress = stats(client, "ann")["fortress"]
    assert (fortress["played"], fortress["won"], fortress["lost"]) == (1, 0, 1)
    assert fortress["current_streak"] == -1
    assert [(e["table"], e["deal"], e["score"], e["moves"]) for e in fortress["entries"]] == [
        (old["id"], "3", -1, 1)
    ]
    record = client.get(f"/api/tables/{old['id']}/record").json()
    assert record["metadata"]["conceded"] and record["result"]["reason"] == "conceded"


def test_a_deal_put_away_is_conceded_from_storage(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    old = deal(client, "chessboard", "bea", seed=3)
    play(client, old)
    client = make_client()  # a restart: the deal is in storage only, no page of it open
    assert deal(client, "chessboard", "bea")["conceded"] == [{"table": old["id"], "deal": "3"}]
    assert status(client, old) == "finished"
    assert stats(client, "bea")["chessboard"]["current_streak"] == -1


def test_a_deal_whose_moves_were_all_taken_back_still_counts_as_played(
    any_db_url: str, limits: Limits
) -> None:
    with TestClient(create_app(any_db_url, pool="thread", workers=2, limits=limits)) as client:
        old = deal(client, "fortress", "dee", seed=3)
        play(client, old)
        with client.websocket_connect(f"/ws/tables/{old['id']}?token={old['tokens']['0']}") as ws:
            assert ws.receive_json()["ply"] == 1
            ws.send_json({"type": "undo"})
            receive_until(ws, lambda m: m.get("ply") == 0)  # no action stored any more
        assert deal(client, "fortress", "dee", seed=5)["conceded"] == [
            {"table": old["id"], "deal": "3"}]
        assert stats(client, "dee")["fortress"]["lost"] == 1


def test_a_deal_with_no_move_made_is_not_counted(client: TestClient) -> None:
    untouched = deal(client, "fortress", "cai", seed=3)
    autoplayed = deal(client, "fortress", "cai", position=SAFE_AT_ONCE, autoplay=True)
    view = client.get(
        f"/api/tables/{autoplayed['id']}/view", params={"token": autoplayed["tokens"]["0"]}
    ).json()
    assert view["ply"] == 4  # autoplay's moves at the start: no move of the player's
    assert deal(client, "fortress", "cai", seed=5)["conceded"] == []
    assert status(client, untouched) == status(client, autoplayed) == "playing"
    assert stats(client, "cai") == {}


def test_another_players_deal_and_the_other_games_are_untouched(client: TestClient) -> None:
    mine = deal(client, "fortress", "dee", seed=3)
    theirs = deal(client, "fortress", "eli", seed=3)
    other_game = deal(client, "chessboard", "dee", seed=3)
    for made in (mine, theirs, other_game):
        play(client, made)
    assert deal(client, "fortress", "dee")["conceded"] == [{"table": mine["id"], "deal": "3"}]
    assert status(client, theirs) == status(client, other_game) == "playing"
    assert stats(client, "eli") == {}
    assert list(stats(client, "dee")) == ["fortress"]


def test_an_anonymous_players_deal_is_untouched(client: TestClient) -> None:
    anonymous = deal(client, "fortress", seed=3)
    play(client, anonymous)
    assert deal(client, "fortress", seed=5)["conceded"] == []
    assert deal(client, "fortress", "fay", seed=5)["conceded"] == []
    assert status(client, anonymous) == "playing"
    assert stats(client, "fay") == {}


def test_a_won_deal_is_untouched(client: TestClient) -> None:
    won = deal(client, "fortress", "gus", position=NEARLY_WON)
    play(client, won, "0>F")
    assert play(client, won, "1>F")["outcome"]["returns"] == [1.0]
    assert deal(client, "fortress", "gus", seed=5)["conceded"] == []
    fortress = stats(client, "gus")["fortress"]
    assert (fortress["played"], fortress["won"], fortress["lost"]) == (1, 1, 0)
    assert fortress["current_streak"] == 1


def played_elsewhere(browser: Browser, server: Server) -> str:
    """A Fortress deal #3 of the player's, one move made in another browser whose page is then
    closed, never to return; its table id."""
    tab = open_tab(browser, DESKTOP)  # its own storage: its seat token is not the player's
    table = start_from_lobby(tab.page, server.url, "fortress", seed="#3")
    tab.page.click("#legal-box summary")
    tab.page.locator("#legal button").first.click()
    expect(tab.page.locator("#status")).to_have_attribute("data-ply", "1")
    tab.close()
    return table


def test_the_page_says_a_deal_left_in_another_browser_was_counted_lost(
    browser: Browser, server: Server
) -> None:
    left = played_elsewhere(browser, server)
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    fresh = start_from_lobby(page, server.url, "fortress", seed="#5")
    expect(page.locator("#notice")).to_have_text(LEFT)
    assert httpx.get(f"{server.url}/api/tables/{left}").json()["status"] == "finished"
    left = played_elsewhere(browser, server)
    page.click("#new-deal")  # no move made here: a new deal at once, and the one left is lost
    page.wait_for_url(lambda url: fresh not in url)
    expect(page.locator("#notice")).to_have_text(LEFT)
    assert httpx.get(f"{server.url}/api/tables/{left}").json()["status"] == "finished"
    assert httpx.get(f"{server.url}/api/tables/{fresh}").json()["status"] == "playing"
    assert tab.errors == []
    tab.close()


def test_a_deal_that_cannot_be_loaded_now_is_left_for_the_next_new_deal(
    client: TestClient, monkeypatch
) -> None:
    old = deal(client, "fortress", "ann", seed=3)
    play(client, old)
    hub = client.app.state.hub
    hub.tables.pop(old["id"])  # put away: it must be loaded to be conceded
    get = hub.get

    def full(table_id: str) -> Any:
        if table_id == old["id"]:
            raise Busy("the server holds its limit of tables in play")
        return get(table_id)

    monkeypatch.setattr(hub, "get", full)
    new = deal(client, "fortress", "ann", seed=5)
    assert new["conceded"] == [] and status(client, new) == "playing"
    monkeypatch.setattr(hub, "get", get)
    assert deal(client, "fortress", "ann", seed=7)["conceded"] == [
        {"table": old["id"], "deal": "3"}]


def test_a_deal_over_before_a_move_or_conceded_unplayed_counts_nowhere(
    client: TestClient,
) -> None:
    dead = deal(client, "fortress", "fay", seed=22)  # no legal move at its start
    assert status(client, dead) == "finished"
    unplayed = deal(client, "fortress", "fay", seed=3)
    reply = client.post(f"/api/tables/{unplayed['id']}/actions",
                        json={"token": unplayed["tokens"]["0"], "type": "concede"})
    assert reply.status_code == 200, reply.text
    assert status(client, unplayed) == "finished"
    assert stats(client, "fay") == {}  # rules e.9: a deal is played from the first move
