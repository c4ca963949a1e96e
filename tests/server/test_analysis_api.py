"""The analysis routes: offered once a game is over, computed in the worker pool, bounded
(move cap, one analysis at a time and a bounded queue, rate limit), kept once made (in the
database too), and positions by ply."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import BLUNDER, HUMAN, finished_fortress, new_table, receive_until

import kibitz
from kibitz.core.record import make_record, parse_record_text
from kibitz.server import analysis
from kibitz.server.hub import Busy


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
    for path, what in [("analysis", "the analysis is"), ("analysis/record", "the analysis is"),
                       ("position/0", "earlier positions of a game with hidden cards are")]:
        r = client.get(f"/api/tables/{made['id']}/{path}")
        assert r.status_code == 400 and r.json()["error"] == f"{what} offered once the game is over"
        missing = client.get(f"/api/tables/nosuch/{path}")
        assert missing.status_code == 404 and "error" in missing.json()


def test_a_game_without_hidden_cards_shows_its_earlier_positions_during_play(
    client: TestClient,
) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    start = client.get(f"/api/tables/{made['id']}/view").json()["view"]
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['tokens']['0']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "e2-e3", "ply": 0})
        receive_until(ws, lambda m: m["type"] == "state" and m["ply"] == 1)
    before = client.get(f"/api/tables/{made['id']}/position/0").json()
    assert before["view"]["position"] == start["position"]
    after = client.get(f"/api/tables/{made['id']}/position/1", params={"seat": 1}).json()
    assert after["view"]["last_action"]["text"] == "e2-e3"
    assert client.get(f"/api/tables/{made['id']}/position/2").status_code == 400
    # another move in place of the first (the analysis's better move): the view after it
    path = f"/api/tables/{made['id']}/position/1"
    other = client.get(path, params={"seat": 1, "instead": "d2-d3"}).json()
    assert (other["ply"], other["instead"]) == (1, "d2-d3")
    assert other["view"]["last_action"]["text"] == "d2-d3"
    assert other["view"]["position"] not in (before["view"]["position"], after["view"]["position"])
    refused = (("d2-d9", 1, "d2-d9"), ("e3-e4", 1, "e3-e4"), ("d2-d3", 0, "ply 0"))
    for instead, ply, words in refused:  # not notation, not legal there, no move to replace
        bad = client.get(f"/api/tables/{made['id']}/position/{ply}", params={"instead": instead})
        assert bad.status_code == 400 and words in bad.json()["error"], bad.text
    assert client.get(path, params={"seat": 1}).json() == after  # the game is as it was


def test_a_finished_cardmate_game_comes_as_its_text_record_with_the_analysis_in_it(
    client: TestClient,
) -> None:
    made = new_table(client, "cardmate", [HUMAN, HUMAN], options={"max_plies": 4})
    table, tokens = made["id"], made["tokens"]
    for ply in range(4):
        token = tokens[str(ply % 2)]
        view = client.get(f"/api/tables/{table}/view", params={"token": token}).json()
        r = client.post(f"/api/tables/{table}/actions",
                        json={"token": token, "id": view["legal"][0]["id"]})
        assert r.status_code == 200, r.text
    r = client.get(f"/api/tables/{table}/analysis/record")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    judged = client.get(f"/api/tables/{table}/analysis").json()["moves"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert parse_record_text(r.text)["actions"] == record["actions"]
    assert r.text.count("{") == len(judged) == 4


def test_a_game_without_a_text_record_has_no_annotated_record(client: TestClient) -> None:
    table = finished_fortress(client)
    r = client.get(f"/api/tables/{table}/analysis/record")
    assert r.status_code == 404
    assert r.json()["error"] == (
        f"fortress has no text record of its own; the analysis is at /api/tables/{table}/analysis"
    )


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


AGENT = "solver:nodes=1"
"""The agent the tests' analyses are named by."""


def test_one_analysis_at_a_time_others_wait_in_turn_and_a_second_request_shares_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While one analysis runs, other tables' wait in the queue (first asked, first run; each
    stream told its place as it moves up), the same table's request shares its analysis, and
    a table asking once the queue is full is told the server is busy."""
    monkeypatch.setattr(analysis, "QUEUED", 2)
    release = {name: threading.Event() for name in "abc"}
    calls: list[str] = []

    def slow_job(record_text: str, channel: Any = None) -> dict[str, Any]:
        name = json.loads(record_text)["actions"][0]
        calls.append(name)
        channel.put({"type": "start", "total": 0})
        release[name].wait(10)
        return {"moves": [], "name": name}

    monkeypatch.setattr(analysis, "analyse_job", slow_job)
    analyses = analysis.Analyses("thread")

    def record(name: str) -> dict[str, Any]:
        return {"actions": [name]}

    async def until(messages: Any, kind: str) -> list[dict[str, Any]]:
        """The stream's messages up to the first of ``kind``."""
        seen = []
        while not seen or seen[-1]["type"] != kind:
            seen.append(await asyncio.wait_for(anext(messages), 5))
        return seen

    async def scenario() -> dict[str, Any]:
        first = asyncio.ensure_future(analyses.get("a", record("a"), AGENT))
        await asyncio.sleep(0.05)
        b = await analyses.stream("b", record("b"), AGENT)
        c = await analyses.stream("c", record("c"), AGENT)
        seen = {"b": await until(b, "queued"), "c": await until(c, "queued")}
        with pytest.raises(Busy, match="2 games are waiting for their analysis"):
            await analyses.get("d", record("d"), AGENT)
        second = asyncio.ensure_future(analyses.get("a", record("a"), AGENT))
        await asyncio.sleep(0.05)
        seen["calls before"] = list(calls)
        release["a"].set()
        seen["b"] += await until(b, "start")
        seen["c"] += await until(c, "queued")
        release["b"].set()
        seen["b"] += [m async for m in b]
        seen["c"] += await until(c, "start")
        release["c"].set()
        seen["c"] += [m async for m in c]
        seen["a"] = [await first, await second, await analyses.get("a", record("a"), AGENT)]
        return seen

    seen = asyncio.run(scenario())
    analyses.close()
    assert seen["calls before"] == ["a"] and calls == ["a", "b", "c"]
    assert seen["a"] == [{"moves": [], "name": "a"}] * 3
    start, done = {"type": "start", "total": 0}, {"type": "done"}
    assert seen["b"] == [{"type": "queued", "ahead": 1}, start, done]
    assert seen["c"] == [
        {"type": "queued", "ahead": 2}, {"type": "queued", "ahead": 1}, start, done
    ]


def stream(client: TestClient, table: str) -> tuple[int, list[dict[str, Any]]]:
    """The status and the messages of a table's analysis stream."""
    with client.stream("GET", f"/api/tables/{table}/analysis/stream") as r:
        assert r.headers["content-type"].startswith(
            "application/x-ndjson" if r.status_code == 200 else "application/json"
        )
        return r.status_code, [json.loads(line) for line in r.iter_lines() if line]


def test_the_stream_sends_the_heading_each_move_and_the_end(client: TestClient) -> None:
    """Fortress deal 2 with three moves: ``start`` (the heading and how many moves come),
    the moves as the whole analysis has them, ``done``; asked again, the kept analysis."""
    table = finished_fortress(client, (BLUNDER, "8>F", "5>7"))
    status, messages = stream(client, table)
    assert status == 200, messages
    start, *moves, end = messages
    assert start["type"] == "start" and end == {"type": "done"}
    assert (start["game"], start["kind"], start["total"]) == ("fortress", "solver", len(moves))
    assert [m.pop("type") for m in moves] == ["move"] * len(moves)
    whole = client.get(f"/api/tables/{table}/analysis").json()
    assert moves == whole["moves"] and len(moves) >= 2
    assert moves[0]["move"] == BLUNDER and moves[0]["mark"] == "blunder"
    heading = {k: v for k, v in whole.items() if k not in ("moves", "table")}
    assert {k: start[k] for k in heading} == heading
    assert stream(client, table) == (200, messages[:1] + [
        {"type": "move", **m} for m in moves] + [end])  # fmt: skip


def test_the_stream_refuses_what_the_analysis_refuses(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = new_table(client, "tchess", [HUMAN, HUMAN])
    status, messages = stream(client, made["id"])
    assert status == 400 and "once the game is over" in messages[0]["error"]
    status, messages = stream(client, "nosuch")
    assert status == 404 and "error" in messages[0]
    monkeypatch.setattr(analysis, "MAX_MOVES", 0)
    status, messages = stream(client, finished_fortress(client))
    assert status == 400 and "at most 0 are analysed" in messages[0]["error"]


def test_moves_reach_the_stream_while_the_analysis_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A job that has judged one move of two: a stream (and a second one, joining late)
    already has the heading and that move; the rest follows once the job goes on."""
    release = threading.Event()

    def half_job(record_text: str, channel: Any) -> dict[str, Any]:
        channel.put({"type": "start", "total": 2})
        channel.put({"type": "move", "ply": 1})
        release.wait(10)
        channel.put({"type": "move", "ply": 2})
        return {"moves": [{"ply": 1}, {"ply": 2}]}

    def failing_job(record_text: str, channel: Any) -> dict[str, Any]:
        channel.put({"type": "start", "total": 1})
        raise ValueError("the record does not replay")

    monkeypatch.setattr(analysis, "analyse_job", half_job)
    analyses = analysis.Analyses("thread")

    async def take(messages: Any, n: int) -> list[dict[str, Any]]:
        return [await anext(messages) for _ in range(n)]

    async def scenario() -> tuple[list[Any], ...]:
        first = await analyses.stream("a", {"actions": ["a"]}, AGENT)
        early = await asyncio.wait_for(take(first, 2), 5)
        late = await analyses.stream("a", {"actions": ["a"]}, AGENT)
        joined = await asyncio.wait_for(take(late, 2), 5)
        release.set()
        rest = [m async for m in first]
        whole = await analyses.get("a", {"actions": ["a"]}, AGENT)
        monkeypatch.setattr(analysis, "analyse_job", failing_job)
        failed = [m async for m in await analyses.stream("b", {"actions": ["b"]}, AGENT)]
        return early, joined, rest, [whole], failed

    early, joined, rest, whole, failed = asyncio.run(scenario())
    analyses.close()
    assert early == joined == [{"type": "start", "total": 2}, {"type": "move", "ply": 1}]
    assert rest == [{"type": "move", "ply": 2}, {"type": "done"}]
    assert whole == [{"moves": [{"ply": 1}, {"ply": 2}]}]
    assert failed == [
        {"type": "start", "total": 1},
        {"type": "error", "error": "the record does not replay"},
    ]


def test_a_process_pool_streams_an_analysis() -> None:
    """Through a process pool the moves travel from the worker by a manager's queue."""
    game = kibitz.load("fortress")
    state = game.new_initial_state(2)
    for move in (BLUNDER, "8>F"):
        state.apply(state.str_to_action(move))
    record = make_record(state)
    analyses = analysis.Analyses("process")

    async def scenario() -> list[dict[str, Any]]:
        return [m async for m in await analyses.stream("t", record, AGENT)]

    try:
        start, *moves, end = asyncio.run(asyncio.wait_for(scenario(), 300))
    finally:
        analyses.close()
    assert (start["type"], start["total"], end) == ("start", 2, {"type": "done"})
    assert [(m["type"], m["move"]) for m in moves] == [("move", BLUNDER), ("move", "8>F")]
    assert moves[0]["mark"] == "blunder"


SMESS_CORE_LOADED = (
    "len(__import__('kibitz.games.smess.fast', fromlist=['_']).search_depth.signatures)"
)
"""In a worker: how many compiled versions of Smess's search it holds (0 before its first)."""


def test_a_process_pool_starts_warm_and_serves_jobs() -> None:
    """A process pool starts its worker at once, imports every game there and readies their
    compiled cores (``warm``), then serves the jobs the server sends it."""
    import kibitz
    from kibitz.core.registry import game_classes
    from kibitz.server import workers

    pool = workers.make_pool("process", 1)
    try:
        assert len(pool._processes) == 1  # started with the pool, before any request
        assert pool.submit(workers.warm).result(timeout=300) == len(game_classes())
        assert pool.submit(eval, SMESS_CORE_LOADED).result(timeout=300) >= 1
        state = kibitz.load("fortress").new_initial_state(2)
        action = pool.submit(
            workers.choose_action, "fortress", "{}", state.serialize(), "random", 1, 0
        ).result(timeout=300)
        assert action in state.legal_actions()
    finally:
        pool.shutdown(cancel_futures=True)


def test_the_analysis_workers_import_the_games_but_load_no_core_at_start() -> None:
    """The analysis pool leaves the compiling to the computer players' workers."""
    from kibitz.server import workers

    pool = workers.make_pool("process", 1, cores=False)
    try:
        assert pool.submit(eval, SMESS_CORE_LOADED).result(timeout=300) == 0
    finally:
        pool.shutdown(cancel_futures=True)
