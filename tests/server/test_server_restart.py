"""A restart resumes every unfinished table exactly; patience undo/redo survive it, even a
``kill -9``; a game taken back after it ended is saved, and still counts once; a finished
game's analysis is kept; the statistics list a player's latest games, newest first. Every
test here runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from helpers import (
    COMPUTER,
    HUMAN,
    finished_fortress,
    new_table,
    receive_until,
    wait_view,
)
from websockets.sync.client import ClientConnection, connect

import kibitz
from kibitz.ai.analysis import analysis_agent
from kibitz.server import analysis
from serving import Server


@pytest.fixture
def db_url(any_db_url: str) -> str:
    """These tests run on each kind of database."""
    return any_db_url


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
        assert hint["type"] == "hint" and hint["kind"] == "win"
        move = hint["move"]
        assert (move["id"], move["text"]) == (hint["action"], hint["text"])
        assert {"from", "to", "card"} <= set(move)
        ws.send_json({"type": "winnable"})
        answer = ws.receive_json()
        assert (answer["verdict"], answer["answer"]) in (
            ("win", "Winnable"), ("loss", "Not winnable"),
            ("unknown", "Unknown: search limit reached"))
    table = client.app.state.hub.get(table_id)
    for action in table.game.assistant().solve(table.state).moves:
        act(client, table_id, token, table.state.action_to_str(action))
    final = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert final["outcome"]["returns"] == [1.0]
    stats = client.get("/api/stats/sol").json()[0]
    assert (stats["game"], stats["won"], stats["current_streak"], stats["hints"]) == (
        "fortress", 1, 1, 1)


def next_state(ws: ClientConnection) -> dict[str, Any]:
    """The next state message of a live connection (replies such as errors fail the test)."""
    msg = json.loads(ws.recv(timeout=30))
    assert msg["type"] == "state", msg
    return msg


SAME = ("ply", "view", "legal", "moves", "outcome", "your_turn", "can_undo", "can_redo")
"""What a player sees of a table (the summary's connection flags aside)."""


def test_undo_and_redo_survive_kill_9(db_url: str) -> None:
    server = Server(db_url)
    server.start()
    try:
        made = httpx.post(server.url + "/api/tables", json={
            "game": "fortress", "seed": 33, "seats": [HUMAN]}).json()
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens']['0']}"
        with connect(url) as ws:
            views = [next_state(ws)]
            for _ in range(5):
                ws.send(json.dumps({"type": "action", "id": views[-1]["legal"][0]["id"]}))
                views.append(next_state(ws))
            for message in ("undo", "undo", "undo", "redo"):
                ws.send(json.dumps({"type": message}))
                before = next_state(ws)
        assert before["ply"] == 3 and before["can_undo"] and before["can_redo"]
        server.stop(signal.SIGKILL)
        server.start()
        with connect(url) as ws:
            after = next_state(ws)
            assert {k: after[k] for k in SAME} == {k: before[k] for k in SAME}
            for ply in (4, 5):
                ws.send(json.dumps({"type": "redo"}))
                redone = next_state(ws)
                assert {k: redone[k] for k in SAME if k != "can_redo"} == {
                    k: views[ply][k] for k in SAME if k != "can_redo"}
            assert not redone["can_redo"]
    finally:
        server.stop()


def test_undo_after_a_finished_game_is_saved_and_counts_once(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "fortress", [HUMAN | {"name": "lou"}], seed=1)
    table_id, token = made["id"], made["tokens"]["0"]
    ws_url = f"/ws/tables/{table_id}?token={token}"
    lost = act(client, table_id, token, "6>9")
    assert lost["outcome"]["text"] == "lost (no legal move)"
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    with client.websocket_connect(ws_url) as ws:
        ws.receive_json()
        ws.send_json({"type": "undo"})
        undone = ws.receive_json()
        assert undone["ply"] == 0 and undone["outcome"] is None and undone["can_redo"]
    client = make_client()
    view = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert {k: view[k] for k in SAME} == {k: undone[k] for k in SAME}
    assert view["table"]["status"] == "playing"
    assert client.get(f"/api/tables/{table_id}/record").json()["result"] is None
    again = act(client, table_id, token, "6>9")
    assert again["outcome"]["text"] == "lost (no legal move)"
    [stats] = client.get("/api/stats/lou").json()
    assert (stats["played"], stats["lost"], stats["current_streak"]) == (1, 1, -1)
    other = new_table(client, "fortress", [HUMAN | {"name": "lou"}], seed=1)
    act(client, other["id"], other["tokens"]["0"], "6>9")
    [stats] = client.get("/api/stats/lou").json()
    assert (stats["played"], stats["lost"], stats["longest_loss_streak"]) == (2, 2, 2)


def test_a_finished_analysis_is_kept_across_a_restart_for_its_game_and_agent(
    make_client: Callable[[], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The analysis is stored with the table: a restarted server gives it without judging a
    move again, for the same game by the same agent only."""
    client = make_client()
    table = finished_fortress(client)
    made = client.get(f"/api/tables/{table}/analysis").json()
    assert made["agent"] == analysis_agent(kibitz.load("fortress"))

    def no_job(record_text: str, channel: Any = None) -> dict[str, Any]:
        raise AssertionError("the kept analysis was judged again")

    monkeypatch.setattr(analysis, "analyse_job", no_job)
    client = make_client()
    assert client.get(f"/api/tables/{table}/analysis").json() == made
    with client.stream("GET", f"/api/tables/{table}/analysis/stream") as r:
        moves = [json.loads(line) for line in r.iter_lines() if '"move"' in line]
    assert moves == [{"type": "move", **note} for note in made["moves"]]
    store = client.app.state.hub.store
    record = store.record(table)
    moves = analysis.digest(record["actions"])
    assert store.analysis(table, moves, made["agent"]) == {
        k: v for k, v in made.items() if k != "table"}  # fmt: skip
    assert store.analysis(table, moves, "another:agent") is None
    assert store.analysis(table, analysis.digest([]), made["agent"]) is None


def one_move_then_concede(client: TestClient, made: dict[str, Any], hinted: bool) -> None:
    """Play the hint's move (``hinted``) or the first legal one, then give the game up
    (unless that move lost it)."""
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        state = ws.receive_json()
        move = state["legal"][0]["id"]
        if hinted:
            ws.send_json({"type": "hint"})
            move = receive_until(ws, lambda m: m["type"] == "hint")["action"]
        ws.send_json({"type": "action", "id": move, "ply": state["ply"]})
        if receive_until(ws, lambda m: m.get("ply", -1) > state["ply"])["outcome"] is None:
            ws.send_json({"type": "concede"})
            receive_until(ws, lambda m: m.get("outcome") is not None)


def test_statistics_list_the_latest_games_newest_first(
    make_client: Callable[[], TestClient],
) -> None:
    """Each game's latest finished games come with their deal (text: deal numbers outgrow
    JavaScript's numbers), hints, moves, end and table (none for a private one: its id is
    its secret), newest first and bounded by ``latest``, the older ones counted; the
    summary is as before."""
    client = make_client()
    ana = HUMAN | {"name": "ana"}
    lost = new_table(client, "fortress", [ana], seed=1)
    act(client, lost["id"], lost["tokens"]["0"], "6>9")
    hinted = new_table(client, "fortress", [ana], seed=2)
    one_move_then_concede(client, hinted, hinted=True)
    big = 12345678901234567890
    one_move_then_concede(client, new_table(client, "fortress", [ana], seed=big, private=True),
                          hinted=False)
    client = make_client()  # read back from the database
    [stats] = client.get("/api/stats/ana").json()
    assert (stats["played"], stats["lost"], stats["hints"], stats["current_streak"]) == (
        3, 3, 1, -3)
    listed = [(e["table"], e["deal"], e["score"], e["hints"], e["moves"])
              for e in stats["entries"]]
    assert listed == [(None, str(big), -1, 0, 1), (hinted["id"], "2", -1, 1, 1),
                      (lost["id"], "1", -1, 0, 1)]
    assert stats["older"] == 0
    ends = [datetime.fromisoformat(e["finished"]) for e in stats["entries"]]
    assert ends == sorted(ends, reverse=True) and ends[0].utcoffset() == timedelta(0)
    [bounded] = client.get("/api/stats/ana", params={"latest": 2}).json()
    assert [e["deal"] for e in bounded["entries"]] == [str(big), "2"]
    assert (bounded["older"], bounded["played"]) == (1, 3)
    refused = client.get("/api/stats/ana", params={"latest": 501})
    assert refused.status_code == 400 and "latest" in refused.json()["error"]
    assert client.get("/api/stats/nobody").json() == []


def test_the_latest_lines_are_sent_on_connecting_even_after_a_restart(
    make_client: Callable[[], TestClient],
) -> None:
    client = make_client()
    made = new_table(client, "tchess", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        for text in ("one", "two", "three"):
            ws.send_json({"type": "chat", "text": text})
            [said] = receive_until(ws, lambda m: m["type"] == "chat")["lines"]
            assert said["text"] == text
    client = make_client()  # a new server on the same database
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['1']}") as ws:
        lines = receive_until(ws, lambda m: m["type"] == "chat")["lines"]
    assert [(x["seat"], x["text"]) for x in lines] == [(0, "one"), (0, "two"), (0, "three")]
    assert [x["id"] for x in lines] == sorted(x["id"] for x in lines)
