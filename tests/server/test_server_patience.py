"""Patience tables (Fortress, Chessboard): conceding, and statistics kept per player."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, receive_until

from kibitz.core.capabilities import Features
from kibitz.games.rook import RookGame


def ws_url(made: dict) -> str:
    return f"/ws/tables/{made['id']}?token={made['tokens']['0']}"


def test_concede_counts_a_loss_and_ends_the_game(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    made = new_table(client, "fortress", [HUMAN | {"name": "cleo"}], seed=33)
    with client.websocket_connect(ws_url(made)) as ws:
        first = ws.receive_json()
        ws.send_json({"type": "action", "id": first["legal"][0]["id"], "ply": first["ply"]})
        receive_until(ws, lambda m: m["ply"] == first["ply"] + 1)
        ws.send_json({"type": "concede"})
        over = receive_until(ws, lambda m: m["outcome"] is not None)
        assert over["outcome"]["reason"] == "conceded" and over["outcome"]["text"].startswith(
            "lost")
        for message in ({"type": "undo"}, {"type": "restart"}, {"type": "concede"},
                        {"type": "action", "id": first["legal"][0]["id"]}):
            ws.send_json(message)
            error = receive_until(ws, lambda m: m["type"] == "error")
            assert "conceded" in error["message"]
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert record["metadata"]["conceded"] and record["result"]["reason"] == "conceded"
    assert len(record["actions"]) == first["ply"] + 1
    [stats] = client.get("/api/stats/cleo").json()
    assert (stats["played"], stats["won"], stats["lost"], stats["current_streak"]) == (1, 0, 1, -1)
    client = make_client()
    again = client.get(f"/api/tables/{made['id']}/view",
                       params={"token": made["tokens"]["0"]}).json()
    assert again["outcome"]["reason"] == "conceded" and again["table"]["status"] == "finished"


def test_a_game_without_concession_refuses_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game here may be given up; one that may not refuses it, the game going on."""
    monkeypatch.setattr(RookGame, "features", Features())
    made = new_table(client, "rook", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
    with client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()
        ws.send_json({"type": "concede"})
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert "rook cannot be conceded" in error["message"]
    assert client.get(f"/api/tables/{made['id']}").json()["status"] == "playing"


def test_patience_statistics_keep_streaks_and_hints(client: TestClient) -> None:
    for deal, hint in ((33, True), (34, False)):
        made = new_table(client, "chessboard", [HUMAN | {"name": "dot"}], seed=deal)
        with client.websocket_connect(ws_url(made)) as ws:
            first = ws.receive_json()
            if hint:
                ws.send_json({"type": "hint", "ply": first["ply"]})
                assert receive_until(ws, lambda m: m["type"] == "hint")["ply"] == first["ply"]
            ws.send_json({"type": "action", "id": first["legal"][0]["id"]})  # played (e.9)
            start = first["ply"]
            receive_until(ws, lambda m, start=start: m["type"] == "state" and m["ply"] > start)
            ws.send_json({"type": "concede"})
            receive_until(ws, lambda m: m.get("outcome") is not None)
    [stats] = client.get("/api/stats/dot").json()
    entries = stats.pop("entries")
    assert stats == {"game": "chessboard", "kind": "streaks", "played": 2, "won": 0, "lost": 2,
                     "drawn": 0, "win_rate": 0.0, "current_streak": -2, "longest_win_streak": 0,
                     "longest_loss_streak": 2, "hints": 1, "older": 0}
    assert [(e["deal"], e["score"], e["hints"]) for e in entries] == [("34", -1, 0), ("33", -1, 1)]


AUTOPLAY = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once."""


def test_autoplay_switched_on_plays_the_safe_moves_and_is_kept(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "fortress", [HUMAN], position=AUTOPLAY)
    with client.websocket_connect(ws_url(made)) as ws:
        first = ws.receive_json()
        assert first["autoplay"] is False and first["ply"] == 0
        ws.send_json({"type": "autoplay"})
        assert "needs 'on'" in receive_until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_json({"type": "autoplay", "on": True})
        on = receive_until(ws, lambda m: m["type"] == "state" and m["autoplay"])
        assert on["ply"] == 4 and on["can_undo"]  # AC 2C 3C AS, one undo step
        assert [(m["card"], m["auto"]) for m in on["moves"]] == [
            ("AC", True), ("2C", True), ("3C", True), ("AS", True)]  # autoplay's, not the player's
        ws.send_json({"type": "undo"})
        back = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 0)
        assert back["autoplay"] is True
    again = make_client().get(f"/api/tables/{made['id']}/view",
                              params={"token": made["tokens"]["0"]}).json()
    assert again["autoplay"] is True


def test_a_game_without_an_assistant_has_no_autoplay(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    with client.websocket_connect(ws_url(made)) as ws:
        assert "autoplay" not in ws.receive_json()
        ws.send_json({"type": "autoplay", "on": True})
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert "smess has no autoplay" in error["message"]


def test_a_deal_is_conceded_over_http_with_its_seat_token(client: TestClient) -> None:
    made = new_table(client, "fortress", [HUMAN | {"name": "ida"}], seed=3)
    url, token = f"/api/tables/{made['id']}/actions", made["tokens"]["0"]
    assert client.post(url, json={"token": token, "action": "0>9"}).status_code == 200
    refused = client.post(url, json={"token": "not-the-token", "type": "concede"})
    assert refused.status_code == 403
    assert client.post(url, json={"token": token, "type": "resign"}).status_code == 400
    view = client.post(url, json={"token": token, "type": "concede"}).json()
    assert view["outcome"]["reason"] == "conceded" and view["table"]["status"] == "finished"
    [stats] = client.get("/api/stats/ida").json()
    assert (stats["played"], stats["lost"]) == (1, 1)


def test_a_table_made_with_autoplay_starts_with_the_safe_moves_played(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "fortress", [HUMAN], position=AUTOPLAY, autoplay=True)
    token = made["tokens"]["0"]
    view = client.get(f"/api/tables/{made['id']}/view", params={"token": token}).json()
    assert view["autoplay"] is True and view["ply"] == 4  # AC 2C 3C AS, played at once
    assert not view["can_undo"]  # the start of the deal: no move of the player's, not undone
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert record["metadata"]["auto"] == [0, 1, 2, 3]
    again = make_client().get(f"/api/tables/{made['id']}/view", params={"token": token}).json()
    assert (again["autoplay"], again["ply"], again["can_undo"]) == (True, 4, False)


def test_a_record_continued_with_autoplay_plays_the_safe_moves_as_one_step(
    client: TestClient,
) -> None:
    played = new_table(client, "fortress", [HUMAN], seed=3)
    r = client.post(f"/api/tables/{played['id']}/actions",
                    json={"token": played["tokens"]["0"], "action": "0>9"})
    assert r.status_code == 200, r.text
    record = client.get(f"/api/tables/{played['id']}/record").json()
    made = new_table(client, "fortress", [HUMAN], record=json.dumps(record), autoplay=True)
    view = client.get(f"/api/tables/{made['id']}/view",
                      params={"token": made["tokens"]["0"]}).json()
    assert view["autoplay"] is True and view["ply"] > 1 and view["can_undo"]


def test_autoplay_at_creation_is_refused_for_a_game_without_an_assistant(
    client: TestClient,
) -> None:
    r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, COMPUTER],
                                         "autoplay": True})
    assert r.status_code == 400
    assert r.json()["error"] == ("'autoplay' plays the safe moves a solver finds; smess has no "
                                 "solver")


def test_a_lost_hint_names_the_move_to_undo_to(client: TestClient) -> None:
    made = new_table(client, "fortress", [HUMAN], seed=2)
    with client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "0>1", "ply": 0})
        receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 1)
        ws.send_json({"type": "hint", "ply": 1})
        hint = receive_until(ws, lambda m: m["type"] == "hint")
        assert hint["kind"] == "lost" and hint["last_winnable_ply"] == 0
        ws.send_json({"type": "undo", "to": 5})
        assert "cannot undo to move 5" in receive_until(ws, lambda m: m["type"] == "error")[
            "message"]
        ws.send_json({"type": "undo", "to": hint["last_winnable_ply"]})
        back = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 0)
        assert back["can_redo"]


def test_patience_moves_carry_their_card_and_the_counts_their_figures(client: TestClient) -> None:
    made = new_table(client, "fortress", [HUMAN], seed=16)
    with client.websocket_connect(ws_url(made)) as ws:
        first = ws.receive_json()
        ws.send_json({"type": "hint", "ply": first["ply"]})
        hint = receive_until(ws, lambda m: m["type"] == "hint")
        assert hint["message"] == "play A♣ from pile 8 home (8>F)"
        move = {"id": hint["action"], "text": "8>F", "from": 8, "to": "F", "card": "AC"}
        assert hint["move"] == move
        ws.send_json({"type": "action", "id": hint["action"], "ply": first["ply"]})
        after = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == first["ply"] + 1)
        assert after["moves"][-1] == {"seat": 0, "text": "8>F", "from": 8, "to": "F", "card": "AC",
                                     "auto": False}
        assert after["counts"] == {"moves": 1, "hints": 1, "undos": 0}
        ws.send_json({"type": "undo"})
        undone = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == first["ply"])
        assert undone["counts"] == {"moves": 0, "hints": 1, "undos": 1} and undone["moves"] == []
