"""Input the server refused badly before: a body field misspelt or of another type, a JSON
``true`` taken for a number, a record with a number of thousands of digits, a chat line with
half a character; and a hidden-card table whose maker would know the others' hands."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, receive_until

import kibitz
from kibitz.core.record import make_record
from kibitz.server.hub import agent_seed

OPEN = {"kind": "open"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"privat": True}, "privat: Extra inputs are not permitted"),
        ({"seed": True}, "seed: must be a whole number"),
        ({"seed": 1.5}, "seed: must be a whole number"),
        ({"seats": [HUMAN, {"kind": "computer", "levle": 4}]}, "levle: Extra inputs"),
        ({"seats": [HUMAN, {"kind": "computer", "level": "4"}]}, "level: Input should be a "
         "valid integer"),
        ({"private": 1}, "private: Input should be a valid boolean"),
    ],
)
def test_a_body_of_other_fields_or_types_is_refused(
    client: TestClient, body: dict, message: str
) -> None:
    before = client.get("/api/tables").json()
    reply = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN]} | body)
    assert reply.status_code == 400 and message in reply.json()["error"], reply.text
    assert client.get("/api/tables").json() == before  # no table made


def test_numbers_are_numbers_in_joins_and_actions(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, OPEN])
    url = f"/api/tables/{made['id']}"
    invite = made["invite"].split("invite=")[1]
    joined = client.post(f"{url}/join", json={"seat": "1", "invite": invite})
    assert joined.status_code == 400 and "seat: Input should be a valid integer" in joined.text
    view = client.get(f"{url}/view", params={"token": made["tokens"]["0"]}).json()
    move = view["legal"][0]["id"]
    played = client.post(f"{url}/actions", json={"token": made["tokens"]["0"], "id": str(move)})
    assert played.status_code == 400 and "id: Input should be a valid integer" in played.text
    assert client.get(f"{url}/view").json()["ply"] == 0


def test_true_is_no_ply_seat_or_move_count(client: TestClient) -> None:
    made = new_table(client, "fortress", [HUMAN], seed=3)
    token, url = made["tokens"]["0"], f"/api/tables/{made['id']}"
    for _ in range(2):
        legal = client.get(f"{url}/view", params={"token": token}).json()["legal"]
        played = client.post(f"{url}/actions", json={"token": token, "id": legal[0]["id"]})
        assert played.status_code == 200, played.text
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={token}") as ws:
        assert ws.receive_json()["ply"] == 2
        for message, words in [
            ({"type": "undo", "to": True}, "'to' must be a whole number"),
            ({"type": "action", "id": 0, "ply": "0"}, "'ply' must be a whole number"),
            ({"type": "seat_computer", "seat": True}, "'seat' must be a seat number"),
        ]:
            ws.send_json(message)
            reply = receive_until(ws, lambda m: m["type"] == "error")
            assert words in reply["message"], reply
    assert client.get(f"{url}/view").json()["ply"] == 2  # nothing undone


def test_a_record_with_a_number_of_thousands_of_digits_is_refused(client: TestClient) -> None:
    record = '{"game": "smess", "options": {}, "seed": ' + "1" * 5000 + ', "actions": []}'
    reply = client.post("/api/tables", json={"record": record, "seats": [HUMAN, HUMAN]})
    assert reply.status_code == 400 and "record is not acceptable JSON" in reply.text
    assert client.get("/api/games").status_code == 200  # the server carries on


def test_a_chat_line_with_half_a_character_is_refused_and_the_line_stays_open(
    client: TestClient,
) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "chat", "text": "ok \ud800", "ref": "c1"}))
        reply = receive_until(ws, lambda m: m["type"] == "error")
        assert reply["ref"] == "c1" and "printable characters" in reply["message"]
        ws.send_json({"type": "ping"})
        assert receive_until(ws, lambda m: m["type"] in ("pong", "chat"))["type"] == "pong"


def rook_dealt() -> str:
    """A Rook record cut just after its first deal: every hand in it."""
    state = kibitz.load("rook").new_initial_state(1)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    return json.dumps(make_record(state))


@pytest.mark.parametrize("others", [[OPEN, COMPUTER, COMPUTER], [COMPUTER, HUMAN, COMPUTER]])
def test_a_hidden_card_table_from_a_record_is_against_computers_only(
    client: TestClient, others: list[dict]
) -> None:
    reply = client.post("/api/tables", json={"record": rook_dealt(), "seats": [HUMAN, *others]})
    assert reply.status_code == 400 and "would know the others' hands" in reply.text
    alone = client.post("/api/tables", json={"record": rook_dealt(),
                                             "seats": [HUMAN, COMPUTER, COMPUTER, COMPUTER]})
    assert alone.status_code == 200, alone.text


def test_a_hidden_card_table_from_a_position_is_against_computers_only(
    client: TestClient,
) -> None:
    state = kibitz.load("tchess").start(seed=4)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    position = state.position()
    reply = client.post("/api/tables", json={"game": "tchess", "position": position,
                                             "seats": [HUMAN, OPEN]})  # fmt: skip
    assert reply.status_code == 400 and "from a position is played by one person" in reply.text
    assert new_table(client, "tchess", [HUMAN, COMPUTER], position=position)["id"]


def test_the_computers_seed_tells_nothing_of_the_tables_secret() -> None:
    secret = 0x2F3A_91C4_55E0_1B7D
    seeds = {agent_seed(secret, ply, seat) for ply in range(50) for seat in range(4)}
    assert len(seeds) == 200 and all(0 <= s < 2**31 for s in seeds)
    assert agent_seed(secret, 7, 1) == agent_seed(secret, 7, 1)  # the same after a restart
    high = secret ^ (1 << 50)  # another secret with the same low bits
    assert agent_seed(high, 7, 1) != agent_seed(secret, 7, 1)
    assert all(agent_seed(secret, p, 0) != (secret + p) & 0x7FFFFFFF for p in range(50))
