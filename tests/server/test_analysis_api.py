"""The analysis routes: offered once a game is over, computed in the worker pool, bounded
(move cap, one analysis at a time, rate limit), kept once made, and positions by ply."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until

from kibitz.server import analysis
from kibitz.server.hub import Busy

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


def test_a_finished_game_is_analysed_and_its_positions_shown(client: TestClient) -> None:
    table = finished_fortress(client)
    r = client.get(f"/api/tables/{table}/analysis")
    assert r.status_code == 200, r.text
    data = r.json()
    assert (data["table"], data["game"], data["kind"]) == (table, "fortress", "solver")
    first = data["moves"][0]
    assert (first["ply"], first["move"], first["mark"], first["verdict"]) == (
        1, BLUNDER, "blunder", "loss")
    assert first["best"] and first["best_expected"] == 1.0
    assert client.get(f"/api/tables/{table}/analysis").json() == data  # kept: the same
    record = client.get(f"/api/tables/{table}/record").json()
    for ply in (0, len(record["actions"])):
        view = client.get(f"/api/tables/{table}/position/{ply}").json()
        assert view["ply"] == ply and view["view"]["ply"] == ply
    mine = client.get(f"/api/tables/{table}/position/1", params={"seat": 0}).json()
    assert mine["seat"] == 0 and mine["view"]["seat"] == 0
    seat = client.get(f"/api/tables/{table}/position/1", params={"seat": 1})
    assert seat.status_code == 400 and "seat 1 is not in this game" in seat.json()["error"]
    bad = client.get(f"/api/tables/{table}/position/{len(record['actions']) + 1}")
    assert bad.status_code == 400 and "not in this game" in bad.json()["error"]
    assert client.get(f"/api/tables/{table}/position/-1").status_code == 400


def test_analysis_is_refused_during_play_and_for_unknown_tables(client: TestClient) -> None:
    made = new_table(client, "tchess", [HUMAN, HUMAN])
    for path in ("analysis", "position/0"):
        r = client.get(f"/api/tables/{made['id']}/{path}")
        assert r.status_code == 400 and "once the game is over" in r.json()["error"]
        missing = client.get(f"/api/tables/nosuch/{path}")
        assert missing.status_code == 404 and "error" in missing.json()


def test_a_game_over_the_move_cap_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis, "MAX_MOVES", 0)
    table = finished_fortress(client)
    r = client.get(f"/api/tables/{table}/analysis")
    assert r.status_code == 400 and "at most 0 are analysed" in r.json()["error"]


def test_the_rate_limit_answers_429(client: TestClient) -> None:
    table = finished_fortress(client, ())
    codes = [client.get(f"/api/tables/{table}/analysis").status_code for _ in range(11)]
    assert codes[:10] == [200] * 10 and codes[10] == 429


def test_one_analysis_at_a_time_and_a_second_request_shares_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While one analysis runs another table's is refused as busy; the same table's waits."""
    release = threading.Event()
    calls: list[str] = []

    def slow_job(record_text: str) -> dict[str, Any]:
        calls.append(record_text)
        release.wait(10)
        return {"moves": []}

    monkeypatch.setattr(analysis, "analyse_job", slow_job)

    analyses = analysis.Analyses("thread")

    async def scenario() -> list[Any]:
        first = asyncio.ensure_future(analyses.get("a", {"actions": ["a"]}))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy, match="analysing another game"):
            await analyses.get("b", {"actions": ["b"]})
        second = asyncio.ensure_future(analyses.get("a", {"actions": ["a"]}))
        await asyncio.sleep(0.05)
        release.set()
        return [await first, await second, await analyses.get("a", {"actions": ["a"]})]

    results = asyncio.run(scenario())
    analyses.close()
    assert results == [{"moves": []}] * 3 and len(calls) == 1


def test_a_process_pool_starts_warm_and_serves_jobs() -> None:
    """A process pool starts its worker at once and imports every game there (``warm``),
    then serves the jobs the server sends it."""
    import kibitz
    from kibitz.core.registry import game_classes
    from kibitz.server import workers

    pool = workers.make_pool("process", 1)
    try:
        assert len(pool._processes) == 1  # started with the pool, before any request
        assert pool.submit(workers.warm).result(timeout=300) == len(game_classes())
        state = kibitz.load("fortress").new_initial_state(2)
        action = pool.submit(
            workers.choose_action, "fortress", "{}", state.serialize(), "random", 1, 0
        ).result(timeout=300)
        assert action in state.legal_actions()
    finally:
        pool.shutdown(cancel_futures=True)
