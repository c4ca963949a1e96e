"""The seats the terminal holds at a real ``kibitz serve``'s tables, kept as a browser keeps
its tokens: ``kibitz host`` and ``kibitz join`` keep each seat taken (a rematch's too), the
table's address alone takes one up again, and ``kibitz tables`` lists them with whose turn
it is; a server that does not answer, a table gone and a broken file are each one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_tui_remote import until
from tui_helpers import shown
from typer.testing import CliRunner
from websockets.sync.client import connect

from kibitz.cli import app as cli
from kibitz.tui import PlayApp
from kibitz.tui.remote import RemoteDriver, sit
from kibitz.tui.screens import GameOverScreen, NewGameScreen
from kibitz.tui.seatbook import HeldSeat, SeatBook, default_seats_path
from serving import Server

OPEN: dict[str, Any] = {"kind": "open"}


def run(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[PlayApp | None, Any]:
    """``kibitz ARGS`` with the app built but not run; the app (or None) and the result."""
    built: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: built.append(self))
    result = CliRunner().invoke(cli, list(args))
    return (built[0] if built else None), result


def tables(*args: str) -> Any:
    return CliRunner().invoke(cli, ["tables", *args])


def book() -> SeatBook:
    return SeatBook(default_seats_path())


def test_a_hosted_seat_is_kept_and_the_tables_address_takes_it_up(server: Any, monkeypatch):
    app, result = run(monkeypatch, "host", "smess", "--server", server.url)
    assert result.exit_code == 0, result.output
    assert isinstance(app.driver, RemoteDriver)
    table, token = app.driver.table["id"], app.driver.token
    assert book().load() == [HeldSeat(server.url, table, 0, token, "smess")]
    assert (f"your seat is kept; come back with: kibitz join {server.url}/play/{table} "
            f"(from another machine: kibitz join {server.url}/play/{table} --token {token})"
            ) in result.stdout
    again, result = run(monkeypatch, "join", f"{server.url}/play/{table}")
    assert result.exit_code == 0, result.output
    assert again.driver.seat == 0 and again.driver.token == token
    assert len(book().load()) == 1  # the same seat, kept once


def test_a_seat_taken_by_invite_and_a_rematchs_are_kept(server: Any, monkeypatch):
    made = httpx.post(f"{server.url}/api/tables",
                      json={"game": "smess", "seats": [{"kind": "human"}, OPEN]}).json()
    app, result = run(monkeypatch, "join", server.url + made["invite"], "--name", "Bo")
    assert result.exit_code == 0, result.output
    assert [(s.table, s.seat) for s in book().load()] == [(made["id"], 1)]
    driver = app.driver
    try:
        rematch = driver.new_game(None)  # as the app's n does, in a worker
    finally:
        driver.close()
    rematch.close()
    assert [(s.table, s.seat) for s in book().load()] == [(made["id"], 1),
                                                          (rematch.table["id"], 0)]  # swapped


def test_the_name_given_last_is_the_one_sat_under_next(server: Any, monkeypatch):
    names = []
    for given in (["--name", "Bo"], []):
        made = httpx.post(f"{server.url}/api/tables",
                          json={"game": "smess", "seats": [{"kind": "human"}, OPEN]}).json()
        app, result = run(monkeypatch, "join", server.url + made["invite"], *given)
        assert result.exit_code == 0, result.output
        app.driver.close()
        names.append(httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"][1]["name"])
    assert names == ["Bo", "Bo"]  # not "guest" the second time


def test_coming_back_to_a_finished_table_says_a_rematch_waits(server: Any, monkeypatch):
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "smess", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
               json={"token": made["tokens"]["0"], "type": "concede"})
    ann = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens']['1']}"
    with connect(ann) as ws:
        ws.recv()
        ws.send(json.dumps({"type": "rematch"}))
        while json.loads(ws.recv())["type"] != "rematch":
            pass
    back = f"{server.url}/play/{made['id']}?token={made['tokens']['0']}"
    app, result = run(monkeypatch, "join", back)
    assert result.exit_code == 0, result.output
    app.driver.close()
    assert app.greeting == "Red asks for a rematch: n joins it"  # seat 1, no name given


@pytest.mark.anyio
async def test_coming_back_to_a_finished_table_goes_on_to_the_rematch_sat_at(
    server: Any, monkeypatch: pytest.MonkeyPatch
):
    made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
        {"kind": "human", "name": "Bo"}, {"kind": "computer", "level": 1}]}).json()
    httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
               json={"token": made["tokens"]["0"], "type": "concede"})
    old = f"{server.url}/play/{made['id']}"
    first, _ = run(monkeypatch, "join", old, "--token", made["tokens"]["0"])
    async with first.run_test(size=(110, 34)) as pilot:  # n at the end makes the rematch
        await shown(pilot, GameOverScreen)
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")
        await until(pilot, lambda: first.driver.table["id"] != made["id"])
        rematch = first.driver
    first.driver.close()
    back, result = run(monkeypatch, "join", old)  # later, from the seat kept here
    assert result.exit_code == 0, result.output
    assert back.driver.seat == 0 and back.driver.is_over()  # the old game, to look at
    assert back.greeting == "you sit at this table's rematch already: n goes to it"
    async with back.run_test(size=(110, 34)) as pilot:
        await shown(pilot, GameOverScreen)
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")
        await until(pilot, lambda: back.driver.table["id"] != made["id"] or back.message)
        assert (back.driver.table["id"], back.driver.token) == (rematch.table["id"],
                                                                rematch.token), back.message
        assert back.driver.seat == 1  # the sides swapped, as when it was made
    back.driver.close()


def test_kibitz_tables_lists_whose_turn_it_is_with_the_way_back(server: Any, monkeypatch):
    app, _ = run(monkeypatch, "host", "smess", "--server", server.url, "--vs", "level:1")
    table, token = app.driver.table["id"], app.driver.token
    result = tables()
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == server.url
    assert lines[1].split() == ["YOUR", "TURN", "Smess", "(Blue:", "you", "·", "Red:", "level",
                                "1,", "poor)", "kibitz", "join", f"{server.url}/play/{table}"]
    moved = httpx.post(f"{server.url}/api/tables/{table}/actions",
                       json={"token": token, "type": "concede"})
    assert moved.status_code == 200, moved.text
    data = json.loads(tables("--json").stdout)["servers"][server.url]
    assert data["tables"][0]["status"] == "finished" and data["gone"] == []
    assert tables().stdout.splitlines()[1].startswith("  over: resignation  Smess (")


def test_a_server_away_and_a_table_gone_are_said_and_a_seat_forgotten(server: Any):
    kept = book()
    kept._change(lambda seats: [HeldSeat("http://127.0.0.1:9", "t1", 0, "x", "smess"),
                                HeldSeat(server.url, "no-such-table", 0, "y", "smess")])
    result = tables()
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[0] == "http://127.0.0.1:9" and out[1].startswith("  cannot reach http://127.0.0.1:9")
    assert out[1].endswith("; 1 table(s) kept")
    assert out[3] == ("  no-such-table: the table is gone from the server; kibitz tables "
                      "--forget no-such-table forgets it")
    assert tables("--forget", f"{server.url}/play/no-such-table").stdout == (
        "forgot seat 0 of table no-such-table; should you want it back: "
        f"kibitz join {server.url}/play/no-such-table --token y\n")
    assert [s.table for s in kept.load()] == ["t1"]
    refused = tables("--forget", "no-such-table")
    assert refused.exit_code == 2 and refused.stderr == (
        "error: no seat of table 'no-such-table' is kept here\n")


def test_a_seat_given_to_the_computer_is_told_apart_from_a_table_gone(tmp_path: Path):
    server = Server(tmp_path / "kibitz.db", "--away-minutes", "0")
    server.start()
    try:
        made = httpx.post(f"{server.url}/api/tables", json={"game": "smess", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}).json()
        table = made["id"]
        book()._change(lambda seats: [HeldSeat(server.url, table, 1, made["tokens"]["1"], "smess"),
                                      HeldSeat(server.url, "no-such-table", 0, "y", "smess")])
        ann = f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={made['tokens']['0']}"
        with connect(ann) as ws:  # Bo has been away long enough: Ann gives his seat away
            ws.recv()
            ws.send(json.dumps({"type": "seat_computer", "seat": 1}))
            while (m := json.loads(ws.recv())).get("type") != "state" or (
                    m["table"]["seats"][1]["kind"] != "computer"):
                assert m.get("type") != "error", m
        result = tables()
        data = json.loads(tables("--json").stdout)["servers"][server.url]
    finally:
        server.stop()
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "  no-such-table: the table is gone from the server; kibitz tables --forget "
        "no-such-table forgets it",
        f"  {table}: your seat at this table went to the computer while you were away; you "
        f"may watch the game (kibitz join {server.url}/play/{table} --watch watches it; "
        f"kibitz tables --forget {table} forgets it)"]
    assert data["gone"] == ["no-such-table"]
    assert data["refused"] == [{"table": table, "seat": 1, "error": (
        "your seat at this table went to the computer while you were away; you may watch "
        "the game")}]


def test_an_address_without_a_kept_seat_says_how_to_join(server: Any):
    result = CliRunner().invoke(cli, ["join", f"{server.url}/play/abc"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no seat of table abc is kept here: give its "
                                    "invite link, --token TOKEN or --watch")


def test_a_broken_seats_file_is_said_and_left_and_the_game_still_played(server: Any, monkeypatch):
    path = default_seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    result = tables()
    assert result.exit_code == 2 and "is not a kibitz seats file" in result.stderr
    app, result = run(monkeypatch, "host", "smess", "--server", server.url)
    assert result.exit_code == 0 and app is not None
    assert result.stderr.startswith("warning: ") and "is not a kibitz seats file" in result.stderr
    assert f"come back with: kibitz join {server.url}/play/{app.driver.table['id']} --token " \
        in result.stdout  # the seat could not be kept here: the token is the way back
    assert path.read_text(encoding="utf-8") == "{broken"
    assert sit(f"{server.url}/play/{app.driver.table['id']}", token=app.driver.token).seat == 0
