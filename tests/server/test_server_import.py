"""Record import: a pasted record (JSON or a game's text format) starts a table at its end."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until

from kibitz.core.game import Annotation
from kibitz.core.play import play_random
from kibitz.core.record import make_record, replay_text
from kibitz.core.registry import game_class, load
from kibitz.core.rng import Rng


def cardmate_record(plies: int) -> dict:
    """A Cardmate record of ``plies`` random legal moves (still unfinished)."""
    state = play_random(load("cardmate").new_initial_state(3), Rng(5), max_plies=plies)
    assert not state.is_terminal()
    return make_record(state)


def test_json_record_starts_a_table_at_its_end(client: TestClient) -> None:
    record = cardmate_record(6)
    made = new_table(client, "cardmate", [HUMAN, HUMAN], record=json.dumps(record))
    view = client.get(f"/api/tables/{made['id']}/view",
                      params={"token": made["tokens"]["0"]}).json()
    assert view["ply"] == 6 and [m["text"] for m in view["moves"]] == record["actions"]
    exported = client.get(f"/api/tables/{made['id']}/record").json()
    assert exported["actions"] == record["actions"] and exported["seed"] == record["seed"]


def test_cardmate_text_record_imports_and_play_goes_on(client: TestClient) -> None:
    record = cardmate_record(5)
    text = game_class("cardmate").write_text_record(record)
    assert text and not text.lstrip().startswith("{")
    made = new_table(client, "", [HUMAN, HUMAN], record=text)
    table_id, tokens = made["id"], made["tokens"]
    view = client.get(f"/api/tables/{table_id}/view", params={"token": tokens["1"]}).json()
    assert made["table"]["game"] == "cardmate" and view["ply"] == 5 and view["your_turn"]
    r = client.post(f"/api/tables/{table_id}/actions",
                    json={"token": tokens["1"], "id": view["legal"][0]["id"]})
    assert r.status_code == 200 and r.json()["ply"] == 6


def test_an_annotated_cardmate_record_imports_as_its_game(client: TestClient) -> None:
    """``kibitz analyse --annotate``'s record: glyphs and comments leave the moves as they are."""
    record = cardmate_record(5)
    notes = {0: Annotation("?!", "+13 0.52, best 4Cj4 +40 0.58"), 1: Annotation("", "-13 0.48")}
    text = game_class("cardmate").write_text_record(record, notes)
    assert text and "?! {+13 0.52, best 4Cj4 +40 0.58} 1..." in text  # rearhand numbered
    made = new_table(client, "", [HUMAN, HUMAN], record=text)
    token = made["tokens"]["0"]
    view = client.get(f"/api/tables/{made['id']}/view", params={"token": token}).json()
    assert [m["text"] for m in view["moves"]] == record["actions"]


def test_import_survives_a_restart(make_client) -> None:
    client = make_client()
    record = cardmate_record(4)
    made = new_table(client, "cardmate", [HUMAN, {"kind": "open"}],
                     record=json.dumps(record))
    client = make_client()
    view = client.get(f"/api/tables/{made['id']}/view").json()
    assert view["ply"] == 4 and [m["text"] for m in view["moves"]] == record["actions"]


def test_bad_record_names_the_move_and_creates_nothing(client: TestClient) -> None:
    record = cardmate_record(4)
    record["actions"][2] = "zz9-zz10"
    r = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "record": json.dumps(record)})
    assert r.status_code == 400 and "ply 3" in r.json()["error"]
    assert "zz9-zz10" in r.json()["error"]
    r = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "record": "{not json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    good = json.dumps(cardmate_record(2))
    r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN],
                                         "record": good})
    assert r.status_code == 400 and "cardmate game, not smess" in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_finished_record_cannot_start_a_table(client: TestClient) -> None:
    state = play_random(load("smess").new_initial_state(None), Rng(2))
    record = make_record(state)
    r = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "record": json.dumps(record)})
    assert r.status_code == 400 and "is over" in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_cardmate_view_lists_each_sides_captured_cards(client: TestClient) -> None:
    record = cardmate_record(60)
    made = new_table(client, "cardmate", [HUMAN, HUMAN], record=json.dumps(record))
    view = client.get(f"/api/tables/{made['id']}/view").json()
    state = load("cardmate").new_initial_state(3)
    start = state.position().split()[0]
    now = view["view"]["position"].split()[0]
    captures = sum(":" in m for m in record["actions"])
    captured = view["view"]["captured"]
    assert captures and sum(map(len, captured)) == captures
    for side, lost in enumerate(captured):
        def cards(board: str, side: int = side) -> list[str]:
            cells = board.replace("/", ",").split(",")
            return [c for c in cells if not c.isdigit() and c[1].isupper() == (side == 0)]
        on_board, at_start = cards(now), cards(start)
        assert len(lost) == len(at_start) - len(on_board)
        case = str.upper if side == 0 else str.lower
        assert all(case(code) not in on_board for code in lost)


def test_a_cardmate_table_exports_its_text_record(client: TestClient) -> None:
    made = new_table(client, "cardmate", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        ws.send_json({"type": "action", "action": "4Ci3", "ply": 0})
        receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 1)
    r = client.get(f"/api/tables/{made['id']}/record/text")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert r.text.startswith('[Game "Cardmate"]') and "1.4Ci3 *" in r.text
    assert replay_text(r.text).moves == ["4Ci3"]
    smess = new_table(client, "smess", [HUMAN, HUMAN])
    none = client.get(f"/api/tables/{smess['id']}/record/text")
    assert none.status_code == 404 and "smess has no text record" in none.json()["error"]
    hidden = new_table(client, "tchess", [HUMAN, HUMAN])
    assert client.get(f"/api/tables/{hidden['id']}/record/text").status_code == 403
