"""Bounded memory: tables put away and reloaded identically, the cap on tables in memory,
computers that play only while watched, spectators that cannot slow the players."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import COMPUTER, HUMAN, new_table, wait_view

from kibitz.server.hub import Busy, Hub
from kibitz.server.limits import Limits
from kibitz.server.store import Store
from kibitz.server.workers import make_pool


@pytest.fixture
def limits() -> Limits:
    """Room for three tables (the tests put idle tables away themselves)."""
    return Limits(max_tables=3, idle_seconds=3600)


def view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    return client.get(f"/api/tables/{table_id}/view", params=params).json()


def test_idle_tables_are_put_away_and_reload_identically(client: TestClient) -> None:
    hub = client.app.state.hub
    made = new_table(client, "rook", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
    table_id, token = made["id"], made["tokens"]["0"]
    before = wait_view(client, table_id, token, lambda v: v["your_turn"])
    state = hub.get(table_id).state.serialize()
    hub.tables[table_id].last_used -= 3601
    assert hub.sweep() == 1 and table_id not in hub.tables
    after = view(client, table_id, token)
    assert hub.get(table_id).state.serialize() == state
    assert {k: after[k] for k in ("view", "legal", "ply", "your_turn")} == {
        k: before[k] for k in ("view", "legal", "ply", "your_turn")}
    r = client.post(f"/api/tables/{table_id}/actions",
                    json={"token": token, "id": after["legal"][0]["id"]})
    assert r.status_code == 200 and r.json()["ply"] > before["ply"]


def test_the_cap_puts_away_the_least_recently_used_and_refuses_when_all_are_watched(
    client: TestClient,
) -> None:
    hub = client.app.state.hub
    ids = [new_table(client, "smess", [HUMAN, HUMAN])["id"] for _ in range(3)]
    client.get(f"/api/tables/{ids[0]}")  # the first is now the most recently used
    fourth = new_table(client, "smess", [HUMAN, HUMAN])["id"]
    assert set(hub.tables) == {ids[0], ids[2], fourth}
    sockets = [client.websocket_connect(f"/ws/tables/{i}") for i in (ids[0], ids[2], fourth)]
    for ws in sockets:
        ws.__enter__().receive_json()
    try:
        r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, HUMAN]})
        assert r.status_code == 503 and "limit of 3 tables" in r.json()["error"]
        assert client.get(f"/api/tables/{ids[1]}").status_code == 503
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert client.get(f"/api/tables/{ids[1]}").json()["status"] == "playing"


def test_a_table_of_computers_plays_only_while_watched(client: TestClient) -> None:
    made = new_table(client, "smess", [COMPUTER, COMPUTER])
    time.sleep(0.5)
    assert view(client, made["id"])["ply"] == 0
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        while ws.receive_json()["ply"] < 2:
            pass
    plies = view(client, made["id"])["ply"]
    time.sleep(0.5)
    assert view(client, made["id"])["ply"] <= plies + 1  # a move in flight may land


class Stalled:
    """A connection whose reader never reads: every send blocks forever."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_text(self, text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()


class Reader:
    """A connection that reads everything at once."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))


def test_stalled_spectators_do_not_hold_up_the_players(tmp_path: Path) -> None:
    async def play() -> None:
        limits = Limits(max_watchers=50)
        hub = Hub(Store(f"sqlite:///{tmp_path / 'k.db'}"), make_pool("thread", 1), 0, limits)
        table, _tokens = await hub.create("smess", {}, [HUMAN, HUMAN])
        players = [Reader(), Reader()]
        for seat, ws in enumerate(players):
            hub.connect(table, ws, seat)
        stalled = [Stalled() for _ in range(50)]
        outboxes = [hub.connect(table, ws, None) for ws in stalled]
        for _ in range(20):
            seat = table.state.current_player
            await hub.handle(table, seat, {"type": "action", "id": table.state.moves()[0]["id"]})
            await asyncio.sleep(0)
            if table.session.is_over():
                break
        await asyncio.sleep(0.05)
        last = players[0].messages[-1]
        assert last["ply"] == len(table.state.history) > 5
        assert all(ws.sent == 1 for ws in stalled)  # each is stuck on its first message
        assert all(len(o._items) <= 1 for o in outboxes)  # and holds one state, the newest
        with pytest.raises(Busy, match="limit of 50 spectators"):
            hub.connect(table, Reader(), None)
        for ws in [*players, *stalled]:
            await hub.disconnect(table, ws)
        hub.pool.shutdown()
        hub.store.close()

    asyncio.run(play())


def test_solver_questions_beyond_the_servers_limit_are_refused_to_be_asked_again(
    tmp_path: Path,
) -> None:
    async def ask() -> list[Any]:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'k.db'}"), make_pool("thread", 1), 0,
                  Limits(max_questions=1))  # fmt: skip
        tables = [(await hub.create("fortress", {}, [HUMAN], seed=n))[0] for n in (3, 4)]
        asked = [hub.handle(t, 0, {"type": "winnable"}) for t in tables]
        answers = await asyncio.gather(*asked, return_exceptions=True)
        again = await hub.handle(tables[1], 0, {"type": "winnable"})  # the first one answered
        hub.pool.shutdown()
        return [*answers, again]

    first, second, again = asyncio.run(ask())
    assert first["type"] == again["type"] == "winnable"
    assert isinstance(second, Busy) and "ask again in a moment" in str(second)
