"""Bounded work per request: option ranges, sizes, JSON depth, seeds, one error shape that
never echoes the input, security headers and per-client rate limits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table

from kibitz.core.options import bounds_of
from kibitz.core.record import make_record
from kibitz.core.registry import game_class, game_classes, load
from kibitz.server.app import create_app
from kibitz.server.limits import ERROR_TEXT, Limits

BOUNDED = [
    (name, option, bounds)
    for name in game_classes()
    for option, bounds in bounds_of(game_class(name).options_class).items()
]
"""Every bounded option of every game."""


def too_big(default: Any, bounds: Any) -> Any:
    """A well-typed value just past ``bounds``: a map with a number over the maximum, a
    list of one item too many, or a number one over the maximum."""
    if isinstance(default, dict):
        return {next(iter(default)): bounds.maximum + 1}
    if bounds.items is not None:
        item = "5:5" if bounds.length is not None else bounds.minimum
        return [item] * (bounds.items + 1)
    return bounds.maximum + 1


def seats(name: str) -> list[dict[str, Any]]:
    return [HUMAN] * game_class(name).num_players


def test_every_option_has_its_range_in_the_schema(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    rook = games["rook"]["options"]["properties"]
    assert rook["bid_max"]["anyOf"][0] == {"type": "integer", "minimum": 1, "maximum": 1000}
    assert rook["counters"]["anyOf"][0]["maxItems"] == 14
    deck = games["tchess"]["options"]["properties"]["deck"]["anyOf"][0]
    assert deck["maxProperties"] == 24 and deck["additionalProperties"]["maximum"] == 20
    assert len(BOUNDED) >= 20
    for name, option, _bounds in BOUNDED:
        assert option in games[name]["options"]["properties"], (name, option)


def test_every_options_bounds_are_enforced_by_the_api(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'k.db'}", pool="thread", workers=1,
                     limits=Limits(create_rate=None))
    with TestClient(app) as client:
        for name, option, bounds in BOUNDED:
            default = client.get("/api/games").json()
            default = next(g for g in default if g["name"] == name)["options"]
            value = too_big(default["properties"][option]["default"], bounds)
            r = client.post("/api/tables", json={"game": name, "seats": seats(name),
                                                 "options": {option: value}})
            assert r.status_code == 400, (name, option, r.text)
            error = r.json()["error"]
            assert f"option {option!r}" in error, error
            assert ("must be within" in error if isinstance(value, (int, dict))
                    else f"may have at most {bounds.items} items" in error), error
        assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("options", [
    {"bid_max": 10**7}, {"rook_points": 10**12}, {"bid_max": 10**4000},
    {"bid_min": 1, "bid_step": 1, "bid_max": 1000},  # 1000 bids: over the auction's 200
])
def test_rook_options_that_once_cost_gigabytes_are_refused(
    client: TestClient, options: dict[str, Any]
) -> None:
    r = client.post("/api/tables", json={"game": "rook", "seats": seats("rook"),
                                         "options": options})
    assert r.status_code == 400 and len(r.content) < 400, r.text
    assert client.get("/api/tables").json() == []


def test_record_import_enforces_the_bounds_too(client: TestClient) -> None:
    record = make_record(load("rook").new_initial_state(3))
    record["options"] = {"bid_max": 10**7}
    r = client.post("/api/tables", json={"seats": seats("rook"), "record": json.dumps(record)})
    assert r.status_code == 400 and "bid_max" in r.json()["error"]
    assert "10000000" in r.json()["error"] and len(r.content) < 400


@pytest.mark.parametrize(("seed", "problem"), [
    ("9" * 5000, "5000 digits"),
    ("1" * 41, "41 digits"),
    (10**30, "from 0 to 20 digits"),
    ("12a", "whole number"),
    (-5, "from 0 to 20 digits"),
])
def test_seeds_are_whole_numbers_of_at_most_20_digits(
    client: TestClient, seed: Any, problem: str
) -> None:
    r = client.post("/api/tables", json={"game": "fortress", "seats": [HUMAN], "seed": seed})
    assert r.status_code == 400 and problem in r.json()["error"], r.text
    big = client.post("/api/tables", content='{"game": "fortress", "seats": [{}], "seed": '
                      + "9" * 5000 + "}", headers={"content-type": "application/json"})
    assert big.status_code == 400 and len(big.content) < 300
    made = new_table(client, "fortress", [HUMAN], seed="9" * 20)
    assert made["table"]["seed"] == "9" * 20


def test_every_refusal_is_one_short_error_shape(client: TestClient) -> None:
    huge = "x" * 200_000
    deep = "[" * 100_000 + "]" * 100_000
    answers = [
        client.post("/api/tables", json={"game": huge, "seats": [HUMAN]}),
        client.post("/api/tables", json={"game": "smess", "seats": [{"kind": huge}] * 2}),
        client.post("/api/tables", json={"game": "smess", "seats": "two"}),
        client.post("/api/tables", content=deep, headers={"content-type": "application/json"}),
        client.post("/api/tables", content="{nope", headers={"content-type": "application/json"}),
        client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "record": deep[:400_000]}),
        client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN],
                                         "options": {"max_plies_without_progress": huge}}),
        client.get("/api/tables/" + "a" * 5000),
        client.get("/api/nothing-here"),
        client.delete("/api/tables"),
        client.post("/api/tables", content=b"{" + b" " * 2_000_000 + b"}",
                    headers={"content-type": "application/json"}),
    ]
    statuses = [r.status_code for r in answers]
    assert statuses == [400, 400, 400, 400, 400, 400, 400, 404, 404, 405, 413]
    for r in answers:
        assert r.headers["content-type"] == "application/json"
        assert set(r.json()) == {"error"} and len(r.content) <= ERROR_TEXT + 20, r.text
    assert "nests JSON deeper than 32" in answers[3].json()["error"]
    assert "seats.0.kind" in answers[1].json()["error"]
    assert client.get("/api/tables").json() == []


def test_unknown_pages_get_an_html_page(client: TestClient) -> None:
    r = client.get("/no/such/page")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "not found" in r.text and "<script" not in r.text


def test_security_headers_on_pages_and_api(client: TestClient) -> None:
    for path in ("/", "/api/games", "/rules/smess", "/no/such/page"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe" not in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["cache-control"] == "no-cache"


def test_a_script_is_asked_again_each_time_and_answered_304_while_unchanged(
    client: TestClient,
) -> None:
    first = client.get("/static/play.js")
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
    again = client.get("/static/play.js", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304


def receive_error(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    assert msg["type"] == "error", msg
    return msg


def test_bad_frames_get_an_error_and_the_socket_stays_usable(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        assert "binary" in receive_error(ws)["message"]
        ws.send_text("[" * 100_000 + "]" * 100_000)
        assert "at most 16384" in receive_error(ws)["message"]
        ws.send_text("[" * 5000 + "]" * 5000)
        assert "deeper than 32" in receive_error(ws)["message"]
        ws.send_text(json.dumps({"type": "action", "action": "e2" * 5000}))
        error = receive_error(ws)
        assert "longer than 120" in error["message"] and len(json.dumps(error)) < 200
        ws.send_text(json.dumps({"type": "action", "turn": "e2 " * 100}))  # a whole turn too
        error = receive_error(ws)
        assert error["message"].startswith("turn 'e2 e2") and "longer than 120" in error["message"]
        ws.send_text(json.dumps({"type": "action", "action": "z" * 120}))
        error = receive_error(ws)  # the longest move text allowed: its error still says why
        assert error["message"].endswith("e.g. b2-b3") and len(error["message"]) <= ERROR_TEXT
        ws.send_text('{"type": "action", "id": ' + "9" * 5000 + "}")
        assert "not acceptable JSON" in receive_error(ws)["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "action", "action": "e2-e3"})
        assert ws.receive_json()["ply"] == 1


def test_one_client_creating_tables_in_a_row_is_answered_429(client: TestClient) -> None:
    rate = int(Limits().create_rate.split("/")[0])
    for _ in range(rate):
        new_table(client, "fortress", [HUMAN])
    r = client.post("/api/tables", json={"game": "fortress", "seats": [HUMAN]})
    assert r.status_code == 429 and "too many requests" in r.json()["error"]
    assert r.headers["retry-after"]
    assert len(client.get("/api/tables").json()) == rate


def test_joins_are_rate_limited_per_client(make_client: Any, limits: Limits) -> None:
    client = make_client()
    made = new_table(client, "smess", [HUMAN, {"kind": "open"}])
    url = f"/api/tables/{made['id']}/join"
    rate = int(limits.join_rate.split("/")[0])
    answers = [client.post(url, json={"seat": 1, "invite": "wrong"}).status_code
               for _ in range(rate + 1)]
    assert answers == [403] * rate + [429]
