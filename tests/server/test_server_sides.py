"""Two-sided tables: take-back against the computer, resignation, and draws agreed between
two people (offer, decline or withdraw, lapse with a move, accept), over the WebSocket."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, receive_until


def url(made: dict, seat: int) -> str:
    return f"/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"


def error_of(ws: Any, message: dict) -> str:
    ws.send_json(message)
    return receive_until(ws, lambda m: m["type"] == "error")["message"]


def stored(client: TestClient, table_id: str) -> dict:
    return client.get(f"/api/tables/{table_id}/record").json()


def test_take_back_against_the_computer_and_play_again(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    with client.websocket_connect(url(made, 0)) as ws:
        first = ws.receive_json()
        assert first["can_take_back"] is False and first["can_play_again"] is False
        ws.send_json({"type": "action", "action": "e2-e3", "ply": 0})
        reply = receive_until(ws, lambda m: m["ply"] == 2 and m["your_turn"])
        assert reply["can_take_back"] is True
        ws.send_json({"type": "undo"})
        back = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 0)
        assert back["your_turn"] and back["can_play_again"] and not back["can_take_back"]
        assert back["view"] == first["view"]
        assert stored(client, made["id"])["actions"] == []
        ws.send_json({"type": "redo"})
        again = receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 2)
        assert again["view"] == reply["view"] and again["your_turn"]
    assert len(stored(client, made["id"])["actions"]) == 2


def test_a_resigned_game_cannot_be_taken_back(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, COMPUTER])
    with client.websocket_connect(url(made, 0)) as ws:
        ws.receive_json()
        ws.send_json({"type": "concede"})
        over = receive_until(ws, lambda m: m["type"] == "state" and m["outcome"])
        assert over["outcome"]["reason"] == "resignation"
        assert "Blue resigned" in error_of(ws, {"type": "undo"})


def test_no_take_back_between_two_people(client: TestClient) -> None:
    made = new_table(client, "cardmate", [HUMAN, HUMAN])
    with client.websocket_connect(url(made, 0)) as ws:
        first = ws.receive_json()
        assert "can_take_back" not in first
        ws.send_json({"type": "action", "id": first["legal"][0]["id"], "ply": 0})
        receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 1)
        assert "only against the computer" in error_of(ws, {"type": "undo"})
    assert len(stored(client, made["id"])["actions"]) == 1


def test_a_resignation_ends_the_game_for_both_players(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "smess", [HUMAN | {"name": "ann"}, HUMAN | {"name": "bob"}])
    with client.websocket_connect(url(made, 0)) as blue, \
            client.websocket_connect(url(made, 1)) as red:
        blue.receive_json()
        red.receive_json()
        red.send_json({"type": "concede"})
        seen = receive_until(blue, lambda m: m["type"] == "state" and m["outcome"])
        assert seen["outcome"]["text"] == "Blue wins (resignation)"
        assert seen["outcome"]["for_you"] == "You won"
        own = receive_until(red, lambda m: m["type"] == "state" and m["outcome"])
        assert own["outcome"]["for_you"] == "You lost"
        assert "Red resigned" in error_of(blue, {"type": "action", "action": "e2-e3"})
    record = stored(client, made["id"])
    assert record["result"] == {"returns": [1.0, -1.0], "reason": "resignation"}
    watched = client.get(f"/api/tables/{made['id']}/view").json()  # a spectator: nobody's "you"
    assert watched["outcome"]["reason"] == "resignation" and "for_you" not in watched["outcome"]
    assert [(s["played"], s["won"]) for s in client.get("/api/stats/ann").json()] == [(1, 1)]
    again = make_client().get(f"/api/tables/{made['id']}").json()
    assert again["status"] == "finished"


def test_a_partners_resignation_names_who_resigned(client: TestClient) -> None:
    made = new_table(client, "rook", [HUMAN, COMPUTER, HUMAN, COMPUTER])
    with client.websocket_connect(url(made, 0)) as south, \
            client.websocket_connect(url(made, 2)) as north:
        south.receive_json()
        north.receive_json()
        south.send_json({"type": "concede"})
        seen = receive_until(north, lambda m: m["type"] == "state" and m["outcome"])
        assert seen["outcome"]["text"] == "West and East win (South resigned)"
        assert (seen["outcome"]["reason"], seen["outcome"]["for_you"]) == ("resignation", "We lost")
    assert stored(client, made["id"])["result"]["reason"] == "resignation"  # records alike


def test_a_draw_offered_declined_lapsing_and_agreed(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(url(made, 0)) as blue, \
            client.websocket_connect(url(made, 1)) as red:
        assert blue.receive_json()["can_offer_draw"] and red.receive_json()["draw_offer"] is None
        blue.send_json({"type": "offer_draw"})
        offered = receive_until(red, lambda m: m["type"] == "state" and m["draw_offer"] == 0)
        assert offered["outcome"] is None
        assert "offered a draw already" in error_of(blue, {"type": "offer_draw"})
        assert "your own offer" in error_of(blue, {"type": "accept_draw"})
        red.send_json({"type": "decline_draw"})
        receive_until(blue, lambda m: m["type"] == "state" and m["draw_offer"] is None)
        blue.send_json({"type": "offer_draw"})
        receive_until(red, lambda m: m["type"] == "state" and m["draw_offer"] == 0)
        blue.send_json({"type": "action", "action": "e2-e3", "ply": 0})
        moved = receive_until(red, lambda m: m["type"] == "state" and m["ply"] == 1)
        assert moved["draw_offer"] is None  # a move lets the offer lapse
        assert "no draw is offered" in error_of(red, {"type": "accept_draw"})
        red.send_json({"type": "offer_draw"})
        receive_until(blue, lambda m: m["type"] == "state" and m["draw_offer"] == 1)
        blue.send_json({"type": "accept_draw"})
        over = receive_until(red, lambda m: m["type"] == "state" and m["outcome"])
        assert over["outcome"]["text"] == "draw (agreed draw)"
        assert not over["can_offer_draw"] and over["table"]["status"] == "finished"
    assert stored(client, made["id"])["result"] == {"returns": [0.0, 0.0],
                                                    "reason": "agreed draw"}


def test_offering_to_an_offering_side_agrees_the_draw(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, HUMAN])
    with client.websocket_connect(url(made, 0)) as white, \
            client.websocket_connect(url(made, 1)) as black:
        white.receive_json()
        black.receive_json()
        white.send_json({"type": "offer_draw"})
        receive_until(black, lambda m: m["type"] == "state" and m["draw_offer"] == 0)
        black.send_json({"type": "offer_draw"})
        over = receive_until(white, lambda m: m["type"] == "state" and m["outcome"])
        assert over["outcome"]["reason"] == "agreed draw"


def test_no_draw_with_the_computer_or_in_patience(client: TestClient) -> None:
    made = new_table(client, "cardmate", [HUMAN, COMPUTER])
    with client.websocket_connect(url(made, 0)) as ws:
        assert ws.receive_json()["can_offer_draw"] is False
        assert "the computer plays on" in error_of(ws, {"type": "offer_draw"})
    alone = new_table(client, "fortress", [HUMAN], seed=2)
    with client.websocket_connect(url(alone, 0)) as ws:
        assert "draw_offer" not in ws.receive_json()
        assert "fortress has no agreed draws" in error_of(ws, {"type": "offer_draw"})


def test_a_draw_offer_stands_across_a_restart(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    made = new_table(client, "cardmate", [HUMAN, HUMAN])
    with client.websocket_connect(url(made, 1)) as red:
        red.receive_json()
        red.send_json({"type": "offer_draw"})
        receive_until(red, lambda m: m["type"] == "state" and m["draw_offer"] == 1)
    client = make_client()
    with client.websocket_connect(url(made, 0)) as blue:
        assert blue.receive_json()["draw_offer"] == 1
        blue.send_json({"type": "accept_draw"})
        over = receive_until(blue, lambda m: m["type"] == "state" and m["outcome"])
        assert over["outcome"]["reason"] == "agreed draw"


def test_an_open_seat_is_given_to_a_computer(client: TestClient) -> None:
    made = new_table(client, "rook", [HUMAN, {"kind": "open"}, COMPUTER, COMPUTER])
    with client.websocket_connect(url(made, 0)) as ws:
        ws.receive_json()
        assert "must be a seat number" in error_of(ws, {"type": "seat_computer", "seat": 9})
        assert "is not open" in error_of(ws, {"type": "seat_computer", "seat": 2})
        assert "computer levels" in error_of(ws, {"type": "seat_computer", "seat": 1,
                                                  "level": 7})
        ws.send_json({"type": "seat_computer", "seat": 1, "level": 3})
        taken = receive_until(ws, lambda m: m["type"] == "state"
                              and m["table"]["seats"][1]["kind"] == "computer")
        assert taken["table"]["seats"][1]["agent"] == "level:3"
    assert client.get(f"/api/tables/{made['id']}").json()["seats"][1]["agent"] == "level:3"
    spectator_table = new_table(client, "smess", [HUMAN, {"kind": "open"}])
    with client.websocket_connect(f"/ws/tables/{spectator_table['id']}") as ws:
        ws.receive_json()
        assert "spectators cannot act" in error_of(ws, {"type": "seat_computer", "seat": 1})


def test_the_seat_of_a_friend_long_gone_may_be_given_to_the_computer(client: TestClient) -> None:
    made = new_table(client, "rook", [HUMAN, HUMAN | {"name": "dan"}, HUMAN, HUMAN])
    with client.websocket_connect(url(made, 1)) as dan:
        dan.receive_json()
        with client.websocket_connect(url(made, 0)) as south:
            south.receive_json()
            assert error_of(south, {"type": "seat_computer", "seat": 0}) == (
                "that is your own seat")
            assert error_of(south, {"type": "seat_computer", "seat": 1}) == (
                "West (dan) is at the table")
    with client.websocket_connect(url(made, 0)) as south:
        south.receive_json()
        refused = error_of(south, {"type": "seat_computer", "seat": 1})
        assert re.fullmatch(
            r"West \(dan\) has been away at least \d+ s; their seat may be given to the "
            r"computer once they have been away 2 minutes", refused)
        hub = client.app.state.hub
        hub.limits = replace(hub.limits, away_seconds=0.0)  # as if two minutes went by
        south.send_json({"type": "seat_computer", "seat": 1})
        taken = receive_until(south, lambda m: m["type"] == "state"
                              and m["table"]["seats"][1]["kind"] == "computer")
        assert taken["table"]["seats"][1]["name"] is None
    with client.websocket_connect(url(made, 1)) as gone:  # dan is told why, and may watch
        assert gone.receive_json()["message"] == (
            "your seat at this table went to the computer while you were away; you may "
            "watch the game")


def test_the_moves_of_a_friend_who_left_are_not_taken_back(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN | {"name": "bo"}])
    with client.websocket_connect(url(made, 0)) as ann, \
            client.websocket_connect(url(made, 1)) as bo:
        for ws, move, ply in ((ann, "e2-e3", 0), (bo, "e7-e6", 1)):
            ws.receive_json()
            ws.send_json({"type": "action", "action": move, "ply": ply})
        receive_until(ann, lambda m: m["type"] == "state" and m["ply"] == 2)
    hub = client.app.state.hub
    hub.limits = replace(hub.limits, away_seconds=0.0)
    with client.websocket_connect(url(made, 0)) as ann:
        ann.receive_json()
        ann.send_json({"type": "seat_computer", "seat": 1})
        now = receive_until(ann, lambda m: m["type"] == "state"
                            and m["table"]["seats"][1]["kind"] == "computer")
        assert now["can_take_back"] is False  # bo's e7-e6 was bo's, and so was ann's e2-e3
        assert "nothing to take back" in error_of(ann, {"type": "undo"})
        ann.send_json({"type": "action", "action": "d2-d3", "ply": 2})
        back = receive_until(ann, lambda m: m["type"] == "state" and m["ply"] == 4)
        assert back["can_take_back"]  # a move made against the computer is
        ann.send_json({"type": "undo"})
        assert receive_until(ann, lambda m: m["type"] == "state" and m["ply"] == 2)["ply"] == 2
