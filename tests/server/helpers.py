"""Small helpers shared by the server tests."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

HUMAN: dict[str, Any] = {"kind": "human"}
COMPUTER: dict[str, Any] = {"kind": "computer", "level": 1}


def new_table(client: TestClient, game: str, seats: list[dict], **body: Any) -> dict[str, Any]:
    """Create a table and return the API's answer (id, tokens, invite)."""
    r = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 200, r.text
    return r.json()


def wait_view(
    client: TestClient, table_id: str, token: str | None, until: Any, timeout: float = 30.0
) -> dict[str, Any]:
    """Poll the HTTP view until ``until(view)`` holds (computer turns run in the pool)."""
    deadline = time.monotonic() + timeout
    while True:
        params = {"token": token} if token else {}
        view = client.get(f"/api/tables/{table_id}/view", params=params).json()
        if until(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting; last view {view}"
        time.sleep(0.02)


def receive_until(ws: Any, until: Any) -> dict[str, Any]:
    """Read WebSocket messages until one satisfies ``until``."""
    while True:
        msg = ws.receive_json()
        if until(msg):
            return msg


BLUNDER = "0>1"
"""Fortress deal 2: this first move turns a winnable deal into a lost one."""


def finished_fortress(client: TestClient, moves: tuple[str, ...] = (BLUNDER,)) -> str:
    """A Fortress table (deal 2) where ``moves`` were played and the game then conceded."""
    made = new_table(client, "fortress", [HUMAN], seed=2)
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        state = ws.receive_json()
        for move in moves:
            ws.send_json({"type": "action", "action": move, "ply": state["ply"]})
            state = receive_until(ws, lambda m, p=state["ply"]: m.get("ply", -1) > p)
        ws.send_json({"type": "concede"})
        receive_until(ws, lambda m: m.get("outcome") is not None)
    return made["id"]


