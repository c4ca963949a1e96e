"""The JSON API: games, tables, joining by invite, records, statistics, OpenAPI, pages."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, wait_view

from kibitz.core.capabilities import GameAI
from kibitz.core.registry import game_class


def test_games_list_options_seats_and_levels(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"smess", "cardmate", "tchess", "rook", "fortress", "chessboard"} <= set(games)
    assert games["smess"]["player_names"] == ["Blue", "Red"]
    assert games["smess"]["levels"] and games["smess"]["computer"] == "level"
    assert games["rook"]["num_players"] == 4
    schema = games["smess"]["options"]
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert schema["properties"]["max_plies_without_progress"] == {
        "title": "Max plies without progress",
        "description": "Draw after this many plies with no capture or promotion (100 suits "
                       "computer matches).",
        "anyOf": [{"type": "integer", "minimum": 1, "maximum": 10_000}, {"type": "null"}],
        "default": None}
    assert games["rook"]["options"]["properties"]["preset"]["default"] == "crowsnest"
    assert games["smess"]["default_level"] in games["smess"]["levels"]
    assert games["fortress"]["features"] == games["fortress"]["description"]["features"]
    assert games["fortress"]["features"]["undo"] and not games["smess"]["features"]["undo"]


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/tables" in spec["paths"] and "/api/tables/{table_id}/join" in spec["paths"]
    assert client.get("/docs").status_code == 200


def test_create_list_and_fetch_a_table(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    assert set(made["tokens"]) == {"0"}
    listed = client.get("/api/tables").json()
    assert listed[0]["id"] == made["id"] and listed[0]["status"] == "playing"
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert summary["seats"][1] == {"kind": "computer", "agent": "level:1", "name": None,
                                   "connected": False}
    assert client.get("/api/tables/nope").status_code == 404


def test_a_table_of_computers_only_is_given_an_end(client: TestClient) -> None:
    options = {}
    for seats, given in (([COMPUTER, COMPUTER], {}), ([HUMAN, COMPUTER], {}),
                         ([COMPUTER, COMPUTER], {"max_plies_without_progress": None}),
                         ([COMPUTER, COMPUTER], {"max_plies_without_progress": 40})):
        made = new_table(client, "smess", seats, options=given)
        summary = client.get(f"/api/tables/{made['id']}").json()
        options[len(options)] = summary["options"].get("max_plies_without_progress")
    assert options == {0: 100, 1: None, 2: None, 3: 40}  # the game's length default, if unset
    cardmate = new_table(client, "cardmate", [COMPUTER, COMPUTER])
    assert client.get(f"/api/tables/{cardmate['id']}").json()["options"]["max_plies"] == 300


def test_bad_table_requests_name_the_problem(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN]})
    assert r.status_code == 400 and "2 seats" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "chess", "seats": [HUMAN]})
    assert r.status_code == 404 and "unknown game 'chess'" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN],
                                         "options": {"colour": 1}})
    assert r.status_code == 400 and "unknown option 'colour'" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, COMPUTER | {
        "level": 99}]})
    assert r.status_code == 400 and "not 99" in r.json()["error"]
    for chosen, said in (({"seed": 12}, "not with deal 12"), ({"position": "x"}, "a position")):
        r = client.post("/api/tables", json={"game": "fortress", "seats": [HUMAN],
                                             "winnable_only": True, **chosen})
        assert r.status_code == 400 and said in r.json()["error"], r.text  # not ignored
        assert "'winnable deals only' draws the deal itself" in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_computer_that_cannot_play_the_game_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    cheat = GameAI(levels={1: "alphabeta:depth=1"})  # alpha-beta would read the hidden cards
    monkeypatch.setattr(game_class("tchess"), "ai", lambda self: cheat)
    r = client.post("/api/tables", json={"game": "tchess", "seats": [HUMAN, COMPUTER]})
    assert r.status_code == 400
    assert "'alphabeta' cannot play tchess" in r.json()["error"]
    assert "perfect information" in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_computer_fallback_is_random_where_a_game_has_no_levels(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    no_levels = [n for n, g in games.items() if not g["levels"] and g["num_players"] > 1]
    for name in no_levels:
        seats = [HUMAN] + [COMPUTER] * (games[name]["num_players"] - 1)
        made = new_table(client, name, seats)
        assert made["table"]["seats"][1]["agent"] == "random"


def test_invite_link_lets_a_friend_take_an_open_seat(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, {"kind": "open"}])
    table_id, invite = made["id"], made["invite"].split("invite=")[1]
    assert client.get(made["invite"]).status_code == 200
    bad = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "invite": "x"})
    assert bad.status_code == 403
    taken = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "invite": invite})
    assert taken.status_code == 403 and "not open" in taken.json()["error"]
    ok = client.post(f"/api/tables/{table_id}/join",
                     json={"seat": 1, "invite": invite, "name": "bea"})
    assert ok.status_code == 200
    token = ok.json()["token"]
    view = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert view["seat"] == 1 and view["table"]["seats"][1]["name"] == "bea"
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "invite": invite})
    assert again.status_code == 403


def test_a_finished_game_has_its_record_and_statistics(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN | {"name": "ann"}, COMPUTER],
                     options={"max_plies_without_progress": 2})
    table_id, token = made["id"], made["tokens"]["0"]
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": "b2-b3"})
    assert r.status_code == 200
    view = wait_view(client, table_id, token, lambda v: v["outcome"] is not None)
    assert view["outcome"]["reason"] == "no progress"
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["game"] == "smess" and record["actions"][0] == "b2-b3"
    assert len(record["actions"]) == 2 and record["result"]["returns"] == [0.0, 0.0]
    [stats] = client.get("/api/stats/ann").json()
    [entry] = stats.pop("entries")
    assert stats == {"game": "smess", "kind": "scores", "played": 1, "won": 0, "lost": 0,
                     "drawn": 1, "win_rate": 0.0, "current_streak": 0, "longest_win_streak": 0,
                     "longest_loss_streak": 0, "hints": 0, "older": 0}
    assert (entry["table"], entry["score"], entry["deal"]) == (made["id"], 0, None)
    listed = client.get("/api/tables").json()[0]
    assert listed["status"] == "finished"
    assert listed["created_at"].endswith("+00:00")  # UTC said, also where SQLite drops the zone


def test_record_of_a_hidden_game_waits_for_its_end(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, COMPUTER])
    r = client.get(f"/api/tables/{made['id']}/record")
    assert r.status_code == 403


def test_smess_arrows_come_with_the_games_description(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    arrows = games["smess"]["description"]["arrows"]
    assert len(arrows) == 56 and arrows["d5"] == 255 and arrows["a1"] == 1
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    assert made["table"]["description"]["arrows"] == arrows
    assert client.get("/api/smess/arrows").status_code == 404


def test_pages_and_rules(client: TestClient) -> None:
    assert "kibitz" in client.get("/").text
    rules = client.get("/rules/smess")
    assert rules.status_code == 200 and "<h1>Smess" in rules.text
    tchess = client.get("/rules/tchess").text  # the game's rules for its options, the guide
    assert tchess.index("<h1>TCHESS Cards: active rules") < tchess.index("<h1>TCHESS Cards</h1>")
    assert client.get("/rules/nope").status_code == 404
    assert client.get("/static/lobby.js").status_code == 200


def test_rook_rules_page_per_preset(client: TestClient) -> None:
    from kibitz.core.registry import load

    page = client.get("/rules/rook", params={"preset": "dixie"})
    assert page.status_code == 200 and "Rook: dixie rules" in page.text
    first_rule = (load("rook", preset="dixie").rules_page() or "").splitlines()[2]
    assert first_rule.split(",")[0] in page.text
    other = client.get("/rules/rook", params={"preset": "crowsnest"}).text
    assert "Rook: crowsnest rules" in other and "Rook: dixie rules" not in other
    bad = client.get("/rules/rook", params={"preset": "<nope>"})
    assert bad.status_code == 400 and "must be one of" in bad.text and "dixie" in bad.text
    assert "<nope>" not in bad.text and "&lt;nope&gt;" in bad.text
    none = client.get("/rules/smess", params={"preset": "x"})
    assert none.status_code == 400 and "smess has no presets" in none.text
    made = new_table(client, "rook", [HUMAN] + [COMPUTER] * 3, options={"preset": "dixie"})
    assert made["table"]["options"]["preset"] == "dixie"


def test_a_tables_rules_page_follows_its_options(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, COMPUTER], options={"sergeant_boost": 3})
    page = client.get("/rules/tchess", params={"table": made["id"]}).text
    assert "Sergeant boost: +3 to a P per adjacent S." in page
    assert "Sergeant boost: +1" in client.get("/rules/tchess").text
    missing = client.get("/rules/tchess", params={"table": "nosuch"})
    assert missing.status_code == 404 and "No such table" in missing.text
