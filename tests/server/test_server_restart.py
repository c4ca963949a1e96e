"""A restart resumes every unfinished table exactly; patience undo/redo survive it."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, wait_view

from kibitz.games.fortress.solver import solve


def act(client: TestClient, table_id: str, token: str, move: str) -> dict:
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": move})
    assert r.status_code == 200, r.text
    return r.json()


def test_restart_resumes_tables_exactly(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    smess = new_table(client, "smess", [HUMAN, HUMAN])
    rook = new_table(client, "rook", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
    tokens = smess["tokens"]
    for seat, move in enumerate(["e2-e3", "e7-e6", "d2-d3"]):
        act(client, smess["id"], tokens[str(seat % 2)], move)
    rook_token = rook["tokens"]["0"]
    before = wait_view(client, rook["id"], rook_token, lambda v: v["your_turn"])
    smess_state = client.app.state.hub.get(smess["id"]).state.serialize()
    rook_state = client.app.state.hub.get(rook["id"]).state.serialize()

    client = make_client()
    assert client.app.state.hub.get(smess["id"]).state.serialize() == smess_state
    assert client.app.state.hub.get(rook["id"]).state.serialize() == rook_state
    view = client.get(f"/api/tables/{smess['id']}/view", params={"token": tokens["1"]}).json()
    assert view["your_turn"] and [m["text"] for m in view["moves"]] == ["e2-e3", "e7-e6",
                                                                        "d2-d3"]
    after = client.get(f"/api/tables/{rook['id']}/view", params={"token": rook_token}).json()
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    move = after["legal"][0]["text"]
    act(client, rook["id"], rook_token, move)
    wait_view(client, rook["id"], rook_token, lambda v: v["your_turn"] and v["ply"] > after["ply"])


def test_computer_turn_in_flight_is_taken_up_after_restart(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "smess", [COMPUTER, HUMAN])
    table_id, token = made["id"], made["tokens"]["1"]
    wait_view(client, table_id, token, lambda v: v["your_turn"])
    client = make_client()
    view = wait_view(client, table_id, token, lambda v: v["your_turn"])
    assert view["ply"] == 1


def test_patience_undo_redo_restart_and_statistics(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    made = new_table(client, "fortress", [HUMAN | {"name": "sol"}], seed=33)
    table_id, token = made["id"], made["tokens"]["0"]
    first = act(client, table_id, token, "1>F")
    second = act(client, table_id, token, first["legal"][0]["text"])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "undo"})
        undone = ws.receive_json()
        assert undone["ply"] == 1 and undone["can_redo"] and undone["can_undo"]
    client = make_client()
    view = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert view["ply"] == 1 and view["can_redo"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "redo"})
        redone = ws.receive_json()
        assert redone["ply"] == 2 and redone["view"] == second["view"]
        ws.send_json({"type": "restart"})
        assert ws.receive_json()["ply"] == 0
        ws.send_json({"type": "hint"})
        hint = ws.receive_json()
        assert hint["type"] == "hint" and hint["kind"] in ("win", "lost", "unchecked")
        ws.send_json({"type": "winnable"})
        assert ws.receive_json()["answer"] in ("Winnable", "Not winnable",
                                               "Unknown: search limit reached")
    table = client.app.state.hub.get(table_id)
    for action in solve(table.state).moves:
        act(client, table_id, token, table.state.action_to_str(action))
    final = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert final["outcome"]["returns"] == [1.0]
    stats = client.get("/api/stats/sol").json()[0]
    assert (stats["game"], stats["won"], stats["current_streak"], stats["hints"]) == (
        "fortress", 1, 1, 1)
