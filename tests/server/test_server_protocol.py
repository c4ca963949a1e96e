"""The live protocol: actions over the WebSocket, bad messages, tokens, reconnecting."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, receive_until
from starlette.websockets import WebSocketDisconnect

from kibitz.server.schema import ActionRow


def stored_plies(client: TestClient, table_id: str) -> int:
    store = client.app.state.hub.store
    with store.session() as s:
        return s.query(ActionRow).filter_by(table_id=table_id).count()


def last(msg: dict) -> tuple[int | None, str | None]:
    """Who played the last action the view shows, and its text."""
    action = msg["view"]["last_action"]
    return action["seat"], action["text"]


def test_move_and_computer_reply(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        first = ws.receive_json()
        assert first["your_turn"] and "e2-e3" in [m["text"] for m in first["legal"]]
        ws.send_json({"type": "action", "action": "e2-e3", "ply": 0})
        mine = receive_until(ws, lambda m: m["ply"] == 1)
        assert last(mine) == (0, "e2-e3") and not mine["your_turn"]
        reply = receive_until(ws, lambda m: m["ply"] == 2)
        assert reply["your_turn"] and last(reply)[0] == 1
        assert reply["moves"][0]["text"] == "e2-e3"
    assert stored_plies(client, made["id"]) == 2


BAD_MESSAGES = [
    ("not json", "not JSON"),
    ("[1, 2]", "JSON object with a 'type'"),
    ('{"action": "e2-e3"}', "JSON object with a 'type'"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"type": "action"}', "needs 'action'"),
    ('{"type": "action", "action": "z9-z10"}', "z9-z10"),
    ('{"type": "action", "action": "e2-e5"}', "e2-e5"),
    ('{"type": "action", "id": 99999}', "99999"),
    ('{"type": "action", "id": "7"}', "'id' must be an action id"),
    ('{"type": "action", "action": "e2-e3", "ply": 5}', "stale message for ply 5"),
    ('{"type": "undo"}', "take-back is offered only against the computer"),
    ('{"type": "redo"}', "take-back is offered only against the computer"),
    ('{"type": "accept_draw"}', "no draw is offered"),
    ('{"type": "decline_draw"}', "no draw is offered"),
    ('{"type": "hint"}', "smess offers no hints"),
]


@pytest.mark.parametrize(("text", "problem"), BAD_MESSAGES)
def test_bad_messages_get_an_error_and_change_nothing(
    client: TestClient, text: str, problem: str
) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    table = client.app.state.hub.get(made["id"])
    before = table.state.serialize()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        ws.receive_json()
        ws.send_text(text)
        error = ws.receive_json()
        assert error["type"] == "error" and problem in error["message"]
        ws.send_json({"type": "view"})
        assert ws.receive_json()["ply"] == 0
    assert table.state.serialize() == before
    assert stored_plies(client, made["id"]) == 0


def test_wrong_token_cannot_act(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    table_id, blue, red = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token=forged") as ws:
        assert "holds no seat" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/tables/{table_id}?token={red}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "e2-e3"})
        assert "not your turn: Blue is to act" in ws.receive_json()["message"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "action", "action": "e2-e3"})
        assert "spectators cannot act" in ws.receive_json()["message"]
    other = new_table(client, "smess", [HUMAN, HUMAN])
    r = client.post(f"/api/tables/{table_id}/actions",
                    json={"token": other["tokens"]["0"], "action": "e2-e3"})
    assert r.status_code == 403
    assert stored_plies(client, table_id) == 0
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": blue, "action": "e2-e3"})
    assert r.status_code == 200 and r.json()["ply"] == 1


def test_reconnect_with_token_gets_the_current_view(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    table_id, blue, red = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={blue}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "e2-e3"})
        receive_until(ws, lambda m: m["ply"] == 1)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={red}") as ws:
        view = ws.receive_json()
        assert view["seat"] == 1 and view["your_turn"] and view["ply"] == 1
    with client.websocket_connect(f"/ws/tables/{table_id}?token={blue}") as ws:
        view = ws.receive_json()
        assert view["seat"] == 0 and last(view)[1] == "e2-e3"


def test_both_players_see_each_move(client: TestClient) -> None:
    made = new_table(client, "cardmate", [HUMAN, HUMAN])
    table_id = made["id"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={made['tokens']['0']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={made['tokens']['1']}") as b,
    ):
        start = receive_until(a, lambda m: m["table"]["seats"][1]["connected"])
        move = start["legal"][0]["text"]
        a.send_json({"type": "action", "action": move})
        seen = receive_until(b, lambda m: m["ply"] == 1)
        assert seen["your_turn"] and last(seen) == (0, move)
