"""A whole turn in one message (``turn``): a TCHESS row of cards played all or nothing, its
wrong card named and nothing changed, and a malformed ``turn`` refused; over HTTP too."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until


def connect(client: TestClient, made: dict, seat: int) -> Any:
    return client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}")


def error_of(ws: Any, message: dict) -> str:
    ws.send_json(message)
    return receive_until(ws, lambda m: m["type"] == "error")["message"]


def test_a_tchess_turn_is_played_whole_or_not_at_all(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, HUMAN], seed=5)
    first = client.get(f"/api/tables/{made['id']}/view",
                       params={"token": made["tokens"]["0"]}).json()
    mover = first["view"]["to_act"]
    with connect(client, made, mover) as ws:
        state = ws.receive_json()
        hand, ply = state["view"]["hand"], state["ply"]
        assert state["your_turn"] and len(hand) >= 2
        missing = next(x for x in ("Q", "K", "J", "P") if x not in hand)
        message = error_of(ws, {"type": "action", "turn": f"{hand[0]} {missing}", "ply": ply})
        assert f"card {missing} is not in" in message
        assert "must be a whole turn" in error_of(ws, {"type": "action", "turn": 5, "ply": ply})
        ws.send_json({"type": "action", "turn": f"{hand[0]} {hand[1]}", "ply": ply})
        after = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] > ply)
    assert after["ply"] == ply + 3  # two cards and the end of the turn, one step
    assert after["view"]["to_act"] == 1 - mover and not after["your_turn"]
    assert sorted(after["view"]["hand"]) == sorted(hand[2:])
    assert after["view"]["rows"][mover]["cards"] == hand[:2]


def test_a_whole_turn_over_http(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, HUMAN], seed=5)
    token = made["tokens"]["0"]
    first = client.get(f"/api/tables/{made['id']}/view", params={"token": token}).json()
    hand, ply = first["view"]["hand"], first["ply"]
    url = f"/api/tables/{made['id']}/actions"
    refused = client.post(url, json={"token": token, "turn": f"{hand[0]} Z", "ply": ply})
    assert refused.status_code == 400 and "Z" in refused.json()["error"]
    played = client.post(url, json={"token": token, "turn": f"{hand[0]} {hand[1]}", "ply": ply})
    assert played.status_code == 200, played.text
    assert played.json()["ply"] == ply + 3
    assert played.json()["view"]["rows"][0]["cards"] == hand[:2]
