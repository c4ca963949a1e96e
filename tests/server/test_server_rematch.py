"""The rematch at a finished table: the first person to ask makes the next game (a two-seat
game's sides swapped, the computers again, the other people's seats kept open for them), the
others are told and take their seats there, and the invite reaches every seated person."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, receive_until

OPEN = {"kind": "open"}


def ws_of(table: str, token: str) -> str:
    return f"/ws/tables/{table}?token={token}"


def finished_between_friends(client: TestClient) -> tuple[dict[str, Any], str]:
    """A Smess table of Ann (Blue) and Bo (Red, joined by invite) that Bo resigned."""
    made = new_table(client, "smess", [{"kind": "human", "name": "Ann"}, OPEN])
    code = made["invite"].split("invite=")[1]
    joined = client.post(f"/api/tables/{made['id']}/join",
                         json={"seat": 1, "invite": code, "name": "Bo"}).json()
    with client.websocket_connect(ws_of(made["id"], joined["token"])) as bo:
        bo.receive_json()
        bo.send_json({"type": "concede"})
        receive_until(bo, lambda m: m.get("outcome") is not None)
    return made, joined["token"]


def test_the_first_asks_the_other_is_told_and_sits_at_the_same_next_table(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made, bo_token = finished_between_friends(client)
    with client.websocket_connect(ws_of(made["id"], made["tokens"]["0"])) as ann, \
            client.websocket_connect(ws_of(made["id"], bo_token)) as bo:
        assert ann.receive_json()["table"]["rematch"] is None
        bo.receive_json()
        ann.send_json({"type": "rematch"})
        mine = receive_until(ann, lambda m: m["type"] == "rematch")
        assert mine["seat"] == 1 and mine["token"]  # Ann now plays Red
        told = receive_until(bo, lambda m: m["type"] == "state" and m["table"]["rematch"])
        assert (told["table"]["rematch"], told["table"]["rematch_by"]) == (mine["id"], 0)
        assert "token" not in told and mine["token"] not in str(told)  # hers alone
        bo.send_json({"type": "rematch"})
        his = receive_until(bo, lambda m: m["type"] == "rematch")
        assert (his["id"], his["seat"]) == (mine["id"], 0)  # the same table, Bo now Blue
        bo.send_json({"type": "rematch"})  # asked again: his seat there is his already
        again = receive_until(bo, lambda m: m["type"] == "error")
        assert f"your seat at the rematch (table {mine['id']}, Blue) is taken" in again["message"]
    seats = client.get(f"/api/tables/{mine['id']}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "Bo"), ("human", "Ann")]
    with client.websocket_connect(ws_of(mine["id"], his["token"])) as blue:
        state = blue.receive_json()
        assert state["seat"] == 0 and state["your_turn"] and "invite" not in state  # full
    kept = make_client().get(f"/api/tables/{made['id']}").json()  # stored: after a restart
    assert kept["rematch"] == mine["id"]


def test_the_rematch_of_a_game_against_the_computer_swaps_the_sides(
    client: TestClient,
) -> None:
    made = new_table(client, "cardmate", [{"kind": "human", "name": "Cy"}, COMPUTER])
    with client.websocket_connect(ws_of(made["id"], made["tokens"]["0"])) as cy:
        cy.receive_json()
        cy.send_json({"type": "rematch"})
        early = receive_until(cy, lambda m: m["type"] == "error")
        assert early["message"] == "a rematch is offered once the game is over"
        cy.send_json({"type": "concede"})
        receive_until(cy, lambda m: m.get("outcome") is not None)
        cy.send_json({"type": "rematch"})
        reply = receive_until(cy, lambda m: m["type"] == "rematch")
    seats = client.get(f"/api/tables/{reply['id']}").json()["seats"]
    assert [(s["kind"], s["agent"], s["name"]) for s in seats] == [
        ("computer", "level:1", None), ("human", None, "Cy")]
    assert reply["seat"] == 1


def test_an_open_seat_at_the_rematch_is_offered_with_the_invite_to_the_seated_only(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "rook", [HUMAN, COMPUTER, OPEN, COMPUTER])
    with client.websocket_connect(ws_of(made["id"], made["tokens"]["0"])) as south:
        state = south.receive_json()
        assert state["invite"] == made["invite"]  # a seat's holder may bring a friend
        south.send_json({"type": "concede"})
        receive_until(south, lambda m: m.get("outcome") is not None)
        south.send_json({"type": "rematch"})
        reply = receive_until(south, lambda m: m["type"] == "rematch")
    assert reply["seat"] == 0  # four seats: each keeps its place
    with client.websocket_connect(f"/ws/tables/{reply['id']}") as watcher:
        assert "invite" not in watcher.receive_json()  # a spectator has no invite
    with make_client().websocket_connect(ws_of(reply["id"], reply["token"])) as south:
        state = south.receive_json()
        assert state["invite"].startswith(f"/join/{reply['id']}?invite=")
        kinds = [s["kind"] for s in state["table"]["seats"]]
        assert kinds == ["human", "computer", "open", "computer"]


def test_a_spectator_and_a_game_of_one_seat_have_no_rematch(client: TestClient) -> None:
    made = new_table(client, "fortress", [HUMAN], seed=2)
    with client.websocket_connect(ws_of(made["id"], made["tokens"]["0"])) as ws:
        ws.receive_json()
        ws.send_json({"type": "concede"})
        receive_until(ws, lambda m: m.get("outcome") is not None)
        ws.send_json({"type": "rematch"})
        assert "start a new deal" in receive_until(ws, lambda m: m["type"] == "error")["message"]
    with client.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
        watcher.receive_json()
        watcher.send_json({"type": "rematch"})
        assert "spectators cannot act" in receive_until(
            watcher, lambda m: m["type"] == "error")["message"]
