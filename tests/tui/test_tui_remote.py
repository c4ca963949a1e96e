"""``kibitz join``: the terminal app seated at a table of a real ``kibitz serve`` (the
subprocess the browser tests use), the other seats played over the HTTP API or a WebSocket,
as another player's page would."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui_helpers import pick_by_keys, shown
from typer.testing import CliRunner
from websockets.sync.client import connect

import kibitz
from kibitz.cli import app as cli
from kibitz.core.record import replay
from kibitz.tui import Driver, PlayApp
from kibitz.tui import remote as remote_module
from kibitz.tui.link import TableError, TableLink, TableServer, parse_link
from kibitz.tui.remote import RemoteDriver, sit
from kibitz.tui.screens import (
    ConfirmScreen,
    GameOverScreen,
    HelpScreen,
    LinkScreen,
    NewGameScreen,
    SeatsScreen,
)

pytestmark = pytest.mark.anyio


ANN: dict[str, Any] = {"kind": "human", "name": "Ann"}
OPEN: dict[str, Any] = {"kind": "open"}
COMPUTER: dict[str, Any] = {"kind": "computer", "level": 1}


def new_table(
    server: Any, game: str, seats: list[dict[str, Any]], **body: Any
) -> dict[str, Any]:
    reply = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats, **body})
    assert reply.status_code == 200, reply.text
    made: dict[str, Any] = reply.json()
    return made


def seat_zero(server: Any, made: dict[str, Any], tmp_path: Path) -> tuple[RemoteDriver, PlayApp]:
    """The driver of seat 0 of the table ``made`` (by its token) and its app, not yet run."""
    driver = sit(f"{server.url}/play/{made['id']}", token=made["tokens"]["0"])
    return driver, PlayApp(driver, tmp_path / "r.json", pause=0)


@asynccontextmanager
async def playing(
    server: Any, made: dict[str, Any], tmp_path: Path, size: tuple[int, int] = (110, 34),
    to_move: bool = True,
) -> AsyncIterator[tuple[RemoteDriver, PlayApp, Pilot]]:
    """Seat 0 of the table ``made`` in the running app, once connected (and, with
    ``to_move``, once the seat has a move to make): its driver, the app and the pilot."""
    driver, app = seat_zero(server, made, tmp_path)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: driver.connected and (driver.person_moves() or not to_move))
        yield driver, app, pilot


def act(server: Any, made: dict[str, Any], seat: int, **move: Any) -> dict[str, Any]:
    """Another player's move over HTTP, as ``POST /api/tables/{id}/actions``."""
    body = {"token": made["tokens"][str(seat)], **move}
    reply = httpx.post(f"{server.url}/api/tables/{made['id']}/actions", json=body)
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    return state


def view(server: Any, made: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    params = {} if seat is None else {"token": made["tokens"][str(seat)]}
    state: dict[str, Any] = httpx.get(
        f"{server.url}/api/tables/{made['id']}/view", params=params
    ).json()
    return state


async def until(pilot: Pilot, holds: Callable[[], object], timeout: float = 30.0) -> None:
    """Let the app run until ``holds()`` (the server answers in its own time)."""
    deadline = time.monotonic() + timeout
    while not holds():
        assert time.monotonic() < deadline, "timed out waiting"
        await pilot.pause(0.05)


def text_of(app: PlayApp, selector: str) -> str:
    return str(app.part(selector, Static).render())


def keys(app: PlayApp) -> str:
    return text_of(app, "#keys")


def socket_of(server: Any, made: dict[str, Any], seat: int) -> str:
    """The WebSocket address of ``seat``'s page at the table ``made``."""
    return f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"


# -- the address a player has in hand ------------------------------------------------------
def test_the_invite_link_and_table_addresses_are_read() -> None:
    link = parse_link("http://127.0.0.1:8000/join/AbC_12?invite=xyz")
    assert link == TableLink("http://127.0.0.1:8000", "AbC_12", "xyz", None)
    assert parse_link("127.0.0.1:8000/play/AbC_12#seat=1", token="t") == TableLink(
        "http://127.0.0.1:8000", "AbC_12", None, "t")
    proxied = parse_link("https://games.example/kibitz/play/T1?token=s3")
    assert proxied == TableLink("https://games.example/kibitz", "T1", None, "s3")
    assert proxied.socket() == "wss://games.example/kibitz/ws/tables/T1?token=s3"
    assert proxied.comeback() == "kibitz join https://games.example/kibitz/play/T1 --token s3"
    assert parse_link("ws://h:1/ws/tables/T2?token=k").base == "http://h:1"
    assert parse_link("http://h/api/tables/T3/").table == "T3"
    for bad in ("http://h:8000/", "http://h:8000/lobby", "ftp://h/join/T", "http://h:x/play/T"):
        with pytest.raises(TableError, match="is not a table's address: give the invite link"):
            parse_link(bad)


# -- a person at each machine --------------------------------------------------------------
async def test_a_person_joins_by_invite_and_moves_go_both_ways(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"], name="Bob")
    assert driver.seat == 1 and driver.token
    assert httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"][1]["name"] == "Bob"
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        assert text_of(app, "#seats") == "■ Blue (Ann, away) · ■ Red (you)"
        assert app.view.layout_spots()[-1][0] == "g8"  # turned to Red's side, as when local
        assert "Blue to play" in text_of(app, "#status")
        act(server, made, 0, action="d2-d3")  # Ann, at her page
        await until(pilot, lambda: driver.ply() == 1)
        assert "Blue d2-d3" in text_of(app, "#log-text")
        assert "Red to play (you)" in text_of(app, "#status")
        assert "d draw" in keys(app) and "x give up" in keys(app) and "u undo" not in keys(app)
        await pick_by_keys(pilot, app.view, "e7")
        await pick_by_keys(pilot, app.view, "e6")
        await until(pilot, lambda: driver.ply() == 2)
        ann = view(server, made, 0)
        assert ann["your_turn"] and ann["view"]["last_action"]["text"] == "e7-e6"
        assert "Red e7-e6" in text_of(app, "#log-text")
        await pilot.press("question_mark")  # a state that comes under a dialog is drawn
        assert isinstance(app.screen, HelpScreen)
        act(server, made, 0, action="c2-c3")
        await until(pilot, lambda: driver.ply() == 3)
        await pilot.press("escape")
        assert "Blue c2-c3" in text_of(app, "#log-text")
        assert "Red to play (you)" in text_of(app, "#status")


async def test_a_refused_typed_move_says_the_servers_words_and_changes_nothing(
    server: Any, tmp_path: Path
):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"])
    act(server, made, 0, action="d2-d3")
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        await pilot.press("colon", *"a1-a8", "enter")
        await until(pilot, lambda: app.message)
        assert app.message == "a1-a8 is not legal (Red to move)"  # the server's own words
        assert app.part("#entry", Input).value == "a1-a8"  # kept to be put right
        assert driver.ply() == 1 and view(server, made, 0)["ply"] == 1
        app.part("#entry", Input).value = ""
        await pilot.press(*"e7-e6", "enter")
        await until(pilot, lambda: driver.ply() == 2)
        assert app.message == "" and app.part("#entry", Input).value == ""


async def test_resigning_ends_the_game_with_the_game_over_panel(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"])
    act(server, made, 0, action="d2-d3")
    record = tmp_path / "smess.json"
    app = PlayApp(driver, record, pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        panel = app.screen
        assert isinstance(panel, GameOverScreen)
        assert panel.heading == "Game over: You lost"
        assert panel.result == "Blue wins (resignation)" and panel.can_new
        assert view(server, made, 0)["outcome"]["for_you"] == "You won"
        assert json.loads(record.read_text())["actions"] == ["d2-d3"]  # the server's record
        await pilot.press("escape")
        assert "x give up" not in keys(app) and "d draw" not in keys(app)
        assert "e analyse" in keys(app) and "n new" in keys(app)


async def test_the_end_replaces_a_panel_left_open(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, {"kind": "human", "name": "Bo"}])
    async with playing(server, made, tmp_path) as (_, app, pilot):
        await pilot.press("question_mark")
        await shown(pilot, HelpScreen)
        act(server, made, 1, type="concede")  # Bo resigns while the help is open
        await shown(pilot, GameOverScreen)
        assert not any(isinstance(s, HelpScreen) for s in app.screen_stack)
        await pilot.press("escape")  # the game's screen, not the help of before the end
        await until(pilot, lambda: len(app.screen_stack) == 1)


async def test_resigning_for_a_team_names_the_partner_and_the_person_there(
    server: Any, tmp_path: Path
):
    cat = {"kind": "human", "name": "Cat"}
    made = new_table(server, "rook", [{"kind": "human"}, COMPUTER, cat, COMPUTER])
    async with playing(server, made, tmp_path, to_move=False) as (_, _, pilot):
        await pilot.press("x")
        screen = await shown(pilot, ConfirmScreen)
        assert screen.question == "Resign for your team? It counts as a loss for North (Cat) too."
        await pilot.press("n")


async def test_a_new_game_opens_the_next_table_as_the_pages_rematch(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [{"kind": "human", "name": "Bo"}, OPEN, ])
    async with playing(server, made, tmp_path) as (first, app, pilot):
        await pilot.press("m", "enter")
        await until(pilot, lambda: first.ply() == 1)
        await pilot.press("escape", "n")
        screen = await shown(pilot, NewGameScreen)
        assert "Your seat here is kept; come back with: kibitz join" in screen.warning
        await pilot.press("enter")
        await until(pilot, lambda: app.driver is not first and app.driver.connected)
        new = app.driver
        assert isinstance(new, RemoteDriver) and new.table["id"] != made["id"]
        assert new.invite is not None and f"invite: {new.invite}" in app.message
        assert [(s["kind"], s["name"]) for s in new.table["seats"]] == [
            ("open", None), ("human", "Bo")]  # the sides swapped, as the page's rematch
        assert new.seat == 1
        friend = sit(new.invite)  # the friend joins the next table by its link, as Blue
        blue = f"ws://127.0.0.1:{server.port}/ws/tables/{new.table['id']}?token={friend.token}"
        friend.close()
        await until(pilot, lambda: "(open seat)" not in text_of(app, "#seats"))
        await until(pilot, lambda: "invite:" not in app.message)  # the seat is taken: old news
        with connect(blue) as ws:
            state = json.loads(ws.recv())
            ws.send(json.dumps({"type": "action", "id": state["legal"][0]["id"], "ply": 0}))
            await until(pilot, lambda: new.ply() == 1)
        await pilot.press("m", "enter")  # and the game goes on there
        await until(pilot, lambda: new.ply() == 2)
    assert view(server, made, 0)["ply"] == 1  # the first table is as it was left


async def test_a_rematch_asked_at_the_other_machine_is_joined_here(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [{"kind": "human", "name": "Bo"}, ANN])
    async with playing(server, made, tmp_path) as (first, app, pilot):
        act(server, made, 1, type="concede")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        with connect(socket_of(server, made, 1)) as ann:
            ann.recv()
            ann.send(json.dumps({"type": "rematch"}))
            asked = next(m for m in map(json.loads, iter(ann.recv, None))
                         if m["type"] == "rematch")
        await until(pilot, lambda: "asks for a rematch" in app.message)
        assert app.message == "Ann asks for a rematch: n joins it"
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")
        await until(pilot, lambda: app.driver is not first and app.driver.connected)
        new = app.driver
        assert isinstance(new, RemoteDriver) and new.table["id"] == asked["id"]
        assert (new.seat, asked["seat"]) == (1, 0)  # Bo now Red, Ann Blue: sides swapped
        assert [s["name"] for s in new.table["seats"]] == ["Ann", "Bo"]


async def test_a_draw_offer_declined_or_withdrawn_elsewhere_is_said_so(
    server: Any, tmp_path: Path
):
    made = new_table(server, "smess", [{"kind": "human", "name": "Bo"}, ANN])
    async with playing(server, made, tmp_path) as (_, app, pilot):
        await pilot.press("d")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: "you offered a draw" in app.message)
        with connect(socket_of(server, made, 1)) as ann:
            ann.recv()
            ann.send(json.dumps({"type": "decline_draw"}))
            await until(pilot, lambda: "draw offer is off" in app.message)
            assert app.message == "your draw offer is off: declined, or withdrawn at another screen"
            ann.send(json.dumps({"type": "offer_draw"}))
            await until(pilot, lambda: "offers a draw" in app.message)
            ann.send(json.dumps({"type": "decline_draw"}))  # Ann takes hers back
            await until(pilot, lambda: "withdrew" in app.message)
            assert app.message == "Red withdrew the draw offer"


async def test_a_draw_offered_at_the_other_machine_is_answered_here(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"])
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        with connect(socket_of(server, made, 0)) as ann:
            ann.recv()
            ann.send(json.dumps({"type": "offer_draw"}))
            await until(pilot, lambda: "offers a draw" in app.message)
            assert app.message == "Blue offers a draw: d answers it"
            await pilot.press("d")
            assert isinstance(app.screen, ConfirmScreen)
            assert app.screen.question == "Blue offers a draw. Accept it? (n declines)"
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert app.screen.heading == "Game over: A draw"
        assert "offers a draw" not in app.message  # the offer's line is gone with it


# -- computers at the server ---------------------------------------------------------------
async def test_the_servers_computer_replies_and_a_take_back_goes_through_it(
    server: Any, tmp_path: Path
):
    made = new_table(server, "cardmate", [{"kind": "human"}, COMPUTER])
    async with playing(server, made, tmp_path) as (driver, app, pilot):
        assert "(level 1, poor)" in text_of(app, "#seats")
        assert "u undo" in keys(app) and "d draw" not in keys(app)
        assert "t chat" not in keys(app)  # nobody to talk to: no chat either
        await pilot.press("m", "enter")
        await until(pilot, lambda: driver.ply() >= 2 and driver.person_moves())
        computer = [e for e in driver.log if e.seat == 1]
        assert computer and computer[0].text
        assert f"{driver.game.player_names[1]} {computer[0].text}" in text_of(app, "#log-text")
        assert "to play (you)" in text_of(app, "#status")
        await pilot.press("u")
        await until(pilot, lambda: driver.ply() == 0)
        assert text_of(app, "#log-text") == "no moves yet"


async def test_a_computer_takes_the_open_seat_and_plays_it(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    async with playing(server, made, tmp_path) as (driver, app, pilot):
        assert driver.seats_to_give() == [1] and "o computer" in keys(app)
        await pilot.press("o")
        question = await shown(pilot, ConfirmScreen)
        assert question.question.startswith("A computer player takes Red's seat?")
        await pilot.press("y")
        await until(pilot, lambda: not driver.seats_to_give())
        assert "Red (level " in text_of(app, "#seats") and "o computer" not in keys(app)
        await pilot.press("colon", *"d2-d3", "enter")
        await until(pilot, lambda: driver.ply() == 2)  # the server's computer replied
        assert [e.seat for e in driver.log] == [0, 1]


async def test_the_seat_of_a_friend_away_is_offered_to_the_computer_after_a_while(
    server: Any, tmp_path: Path
):
    made = new_table(server, "smess", [ANN, {"kind": "human", "name": "Bo"}])
    async with playing(server, made, tmp_path) as (driver, app, pilot):
        assert driver.seats_to_give() == [1] and "o computer" in keys(app)  # Bo is not here
        await pilot.press("o")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: "has been away at least" in app.message)
        assert app.message.endswith("their seat may be given to the computer once they have "
                                    "been away 2 minutes")
        with connect(socket_of(server, made, 1)):
            await until(pilot, lambda: not driver.seats_to_give())  # Bo is back


async def test_the_players_see_how_many_watch(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    async with playing(server, made, tmp_path) as (_, app, pilot):
        assert "watching" not in text_of(app, "#seats")
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}") as watcher:
            watcher.recv()
            await until(pilot, lambda: "1 watching" in text_of(app, "#seats"))
        await until(pilot, lambda: "watching" not in text_of(app, "#seats"))


async def test_a_computer_takes_the_open_seat_chosen_or_all_of_them(server: Any, tmp_path: Path):
    made = new_table(server, "rook", [ANN, OPEN, OPEN, OPEN])
    async with playing(server, made, tmp_path, (120, 40), to_move=False) as (driver, _, pilot):
        await pilot.press("o")
        choice = await shown(pilot, SeatsScreen)
        assert [name for _, name in choice.seats] == ["West", "North", "East"]
        await pilot.press("2")
        await until(pilot, lambda: driver.seats_to_give() == [1, 3])
        await pilot.press("o")
        await shown(pilot, SeatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert driver.seats_to_give() == [1, 3]
        await pilot.press("o")
        await shown(pilot, SeatsScreen)
        await pilot.press("a")
        await until(pilot, lambda: not driver.seats_to_give())
        seats = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"]
        assert [s["kind"] for s in seats] == ["human", "computer", "computer", "computer"]


class Listening(RemoteDriver):
    """A remote driver that keeps every message it is sent."""

    messages: list[dict[str, Any]]

    async def _take(self, text: str, notify: Any) -> dict[str, Any]:
        self.messages.append(json.loads(text))
        return await super()._take(text, notify)


async def test_a_whole_turn_in_one_change_is_listed_whole_and_only_as_seen(
    server: Any, tmp_path: Path
):
    made = new_table(server, "tchess", [{"kind": "human"}, COMPUTER])
    async with playing(server, made, tmp_path) as (driver, _, pilot):
        card = view(server, made, 0)["view"]["hand"][0]
        act(server, made, 0, turn=card)  # the card laid and the turn ended: one change
        await until(pilot, lambda: any(e.text == "end" for e in driver.log))
        mine = [e.text for e in driver.log if e.seat == 0 and not e.chance]
        assert mine[-2:] == [card, "end"], mine  # not "end" alone
        assert all(e.text.startswith("draw ") for e in driver.log if e.chance and e.seat == 0)
        # the computer's reply (a random level: its turn ended, or passed)
        await until(pilot, lambda: any(e.seat == 1 and not e.chance for e in driver.log))
        draws = [e for e in driver.log if (e.text or "").startswith(("draw ", "draws "))]
        assert draws and all(e.chance for e in draws), draws  # as they come: not moves
    watcher = httpx.get(f"{server.url}/api/tables/{made['id']}/log").json()["moves"]
    draws = [m for m in watcher if m["chance"] and m["seat"] is not None]
    assert draws and all(m["text"] == "draws a card" and "cards" not in m for m in draws)
    assert httpx.get(f"{server.url}/api/tables/{made['id']}/log",
                     params={"token": "nope"}).status_code == 403


async def test_a_hidden_card_game_never_sends_the_terminal_another_hand(
    server: Any, tmp_path: Path
):
    made = new_table(server, "tchess", [{"kind": "human"}, COMPUTER])
    table = TableServer(parse_link(f"{server.url}/play/{made['id']}", made["tokens"]["0"]))
    first = table.view(table.link.token)
    driver = Listening.open(table)
    driver.messages = [first]
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        for _ in range(6):
            await until(pilot, lambda: driver.connected and driver.person_moves())
            ply = driver.ply()
            await pilot.press("m", "enter")
            await until(pilot, lambda p=ply: driver.ply() > p)
        draws = [e for e in driver.log if (e.text or "").startswith(("draw ", "draws "))]
        assert draws and all(e.chance for e in draws), draws  # as they come: not moves
        await pilot.press("escape", "x", "y")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
    done = replay(json.loads((tmp_path / "r.json").read_text()))
    state, seen = done.state, {}
    while True:  # each seat's observation at every ply, the game taken back move by move
        seen[len(state.history)] = (state.observation(0), state.observation(1))
        if not state.history:
            break
        state.undo()
    states = [m for m in driver.messages if m["type"] == "state"]
    assert len(states) > 6
    for msg in states:
        mine, theirs = (json.loads(json.dumps(o)) for o in seen[msg["ply"]])
        assert mine["hand"] != theirs["hand"] or not mine["hand"]
        assert msg["view"] == mine  # its own observation, and nothing more
        assert "moves" not in msg  # no move list where the moves hide cards
        assert all(e.get("card") is None for e in msg["view"]["log"]
                   if e["event"] == "draw" and e["seat"] == 1)
        assert msg["legal"] == [] or msg["your_turn"]


async def test_watching_shows_the_table_and_offers_no_player_keys(server: Any, tmp_path: Path):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"], watch=True)
    assert driver.seat is None and driver.comeback() is None
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        act(server, made, 0, action="d2-d3")
        await until(pilot, lambda: driver.ply() == 1)
        assert text_of(app, "#log-text") == "   1.   Blue d2-d3"  # room for "1..." to come
        assert keys(app) == "? keys  f flip  c copy  q quit"  # no move to type or choose
        assert not app.part("#entry", Input).display
        await pilot.press("question_mark")
        assert [k for k, _ in (await shown(pilot, HelpScreen)).keys] == ["arrows", "?", "f",
                                                                         "c", "q"]
        assert all(s["kind"] == "open" for s in view(server, made)["table"]["seats"][1:])


# -- the connection ------------------------------------------------------------------------
@asynccontextmanager
async def server_gone(own_server: Any, tmp_path: Path) -> AsyncIterator[Any]:
    """A Smess table joined by invite, its server stopped once connected: the table, the
    driver, the app and its pilot."""
    made = new_table(own_server, "smess", [ANN, OPEN])
    driver = sit(own_server.url + made["invite"])
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        own_server.stop()
        yield made, driver, app, pilot


async def test_a_dropped_connection_is_taken_up_again_with_the_same_seat(
    own_server: Any, tmp_path: Path
):
    async with server_gone(own_server, tmp_path) as (made, driver, app, pilot):
        await until(pilot, lambda: "connection lost" in app.message)
        assert "trying again in" in app.message
        own_server.start()
        await until(pilot, lambda: app.message == "connected again", timeout=60)
        act(own_server, made, 0, action="d2-d3")
        await until(pilot, lambda: driver.ply() == 1)
        await pilot.press("colon", *"e7-e6", "enter")
        await until(pilot, lambda: driver.ply() == 2)


async def test_a_connection_that_stays_down_is_tried_again_and_comes_back(
    own_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(remote_module, "RETRIES", (0.05, 0.05))
    monkeypatch.setattr(remote_module, "RETRY_EVERY", 0.2)
    async with server_gone(own_server, tmp_path) as (made, driver, app, pilot):
        await until(pilot, lambda: "trying again every" in app.message)
        assert "trying again every 0.2 s. The game goes on at the server; or come back " \
            f"with kibitz join {own_server.url}/play/{made['id']} --token " in app.message
        await pilot.press("colon", *"e7-e6", "enter")
        assert app.message.startswith("not connected to the server: nothing was sent")
        await pilot.press("escape", "t", *"hello?", "enter")
        assert app.message.startswith("not connected to the server: nothing was sent")
        assert app.part("#say", Input).value == "hello?"  # kept, to send once back
        own_server.start()  # long after the first tries: still taken up again
        await until(pilot, lambda: driver.connected, timeout=60)
        act(own_server, made, 0, action="d2-d3")
        await until(pilot, lambda: driver.ply() == 1)


# -- the command's errors: one line, status 2 ----------------------------------------------
def join(*args: str) -> Any:
    return CliRunner().invoke(cli, ["join", *args])


def refused(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return str(lines[0])


def test_a_bad_invite_a_full_table_and_a_bad_token_are_the_servers_one_line(server: Any):
    made = new_table(server, "smess", [ANN, OPEN])
    wrong = f"{server.url}/join/{made['id']}?invite=nope"
    assert refused(join(wrong)) == "error: wrong invite code for this table"
    assert sit(server.url + made["invite"]).seat == 1  # the last open seat is taken
    assert refused(join(server.url + made["invite"])).startswith(
        "error: no seat is open at this table (Blue: Ann, Red: a person)")
    play = f"{server.url}/play/{made['id']}"
    assert refused(join(play, "--token", "nope")) == (
        "error: this token holds no seat at this table")
    assert refused(join(f"{server.url}/play/zzz", "--token", "t")) == "error: no table 'zzz'"
    assert refused(join(play)).startswith(f"error: no seat of table {made['id']} is kept here")


def test_an_unreachable_server_and_a_bad_address_fail_in_one_line():
    line = refused(join("http://127.0.0.1:9/join/T?invite=x"))
    assert line.startswith("error: cannot reach http://127.0.0.1:9 (")
    assert line.endswith("is `kibitz serve` running there?")
    assert refused(join("http://127.0.0.1:9/lobby")).startswith(
        "error: 'http://127.0.0.1:9/lobby' is not a table's address")


async def test_a_patience_deal_at_the_server_restarts_through_it(server: Any, tmp_path: Path):
    made = new_table(server, "fortress", [{"kind": "human"}], seed="5")  # a deal with moves
    async with playing(server, made, tmp_path) as (driver, app, pilot):
        assert "R restart" in keys(app)
        await pilot.press("m", "enter")
        await until(pilot, lambda: driver.ply() == 1 and driver.can_take_back())
        await pilot.press("escape", "R")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: driver.ply() == 0)
    assert view(server, made, 0)["ply"] == 0


# -- a table opened from the terminal -------------------------------------------------------
def host(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[PlayApp | None, Any]:
    """`kibitz host ARGS` with the app built but not run; the app (or None) and the result."""
    built: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: built.append(self))
    result = CliRunner().invoke(cli, ["host", *args])
    return (built[0] if built else None), result


def test_host_opens_a_table_for_a_friend_who_joins_by_its_invite(server: Any, monkeypatch):
    app, result = host(monkeypatch, "smess", "--server", server.url, "--name", "Ann")
    assert result.exit_code == 0, result.output
    assert app is not None and isinstance(app.driver, RemoteDriver) and app.driver.seat == 0
    invite = app.greeting.removeprefix("invite: ")
    assert invite.startswith(f"{server.url}/join/") and f"invite link {invite}" in result.output
    assert "your seat is kept; come back with: kibitz join" in result.output
    table = httpx.get(f"{server.url}/api/tables/{app.driver.table['id']}").json()
    assert [(s["kind"], s["name"]) for s in table["seats"]] == [("human", "Ann"), ("open", None)]
    friend = sit(invite, name="Bo")
    try:
        assert friend.seat == 1 and friend.table["id"] == table["id"]
    finally:
        friend.close()


def test_host_seats_the_servers_computers_and_a_patience_deal(server: Any, monkeypatch):
    app, result = host(monkeypatch, "cardmate", "--server", server.url, "--as", "rearhand",
                       "--vs", "level:1")
    assert result.exit_code == 0, result.output
    assert app is not None and app.driver.seat == 1 and not app.greeting
    seats = httpx.get(f"{server.url}/api/tables/{app.driver.table['id']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["computer", "human"]
    app, result = host(monkeypatch, "fortress", "--server", server.url, "--deal", "7")
    assert result.exit_code == 0, result.output
    assert app is not None and app.driver.deal_number() in (7, "7")


def test_host_refuses_what_it_cannot_open_in_one_line(server: Any, monkeypatch):
    for args, says in [
        (["smess", "--vs", "bogus"], "--vs 'bogus': give friend, computer or level:N"),
        (["smess", "--as", "none"], "a hosted table needs you at a seat"),
        (["smess", "--vs", "friend", "--vs", "friend"], "2 --vs seats for the 1 other"),
        (["smess", "--vs", "level:99"], None),  # the server's own refusal
    ]:
        app, result = host(monkeypatch, *args, "--server", server.url)
        assert app is None and result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and len(result.output.splitlines()) == 1
        assert says is None or says in result.output
    app, result = host(monkeypatch, "smess", "--server", "127.0.0.1:9")
    assert app is None and result.exit_code == 2 and "cannot reach" in result.output


async def test_a_new_game_after_the_end_seats_the_same_computer_level(
    server: Any, tmp_path: Path
):
    made = new_table(server, "smess", [{"kind": "human"}, COMPUTER])
    async with playing(server, made, tmp_path) as (first, app, pilot):
        await pilot.press("x", "y")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")
        await until(pilot, lambda: app.driver is not first and app.driver.connected)
        seats = app.driver.table["seats"]
        assert [(s["kind"], s["agent"]) for s in seats] == [("computer", "level:1"),
                                                           ("human", None)]  # swapped
        assert app.driver.seat == 1
        assert app.driver.invite is None  # no open seat: nothing to share
        assert first.server.client.is_closed  # the first table's connections let go


async def test_a_message_the_terminal_cannot_read_is_said_and_left_out(server: Any):
    made = new_table(server, "smess", [{"kind": "human"}, OPEN])
    driver = sit(f"{server.url}/play/{made['id']}", token=made["tokens"]["0"])
    heard: list[tuple[str, str]] = []
    try:
        before = driver.msg
        chat = {"type": "chat", "lines": [{"id": 1, "seat": 2, "name": None, "text": "hi"}]}
        for text in ["not json", "[1, 2]", json.dumps({"type": "state", "view": None}),
                     json.dumps(chat)]:  # a third seat's line at a two-seat table
            assert await driver._take(text, lambda kind, said: heard.append((kind, said))) == {}
        assert driver.msg is before and driver.chat == []  # what was before stands
        assert [kind for kind, _ in heard] == ["error"] * 4
        assert all("cannot read" in said for _, said in heard)
    finally:
        driver.close()


async def test_the_invite_link_is_shown_whole_on_one_line_to_copy(tmp_path: Path):
    game = kibitz.load("smess")
    driver = Driver(game, [None, "random"], seed=1)
    link = "http://127.0.0.1:8000/join/bht895WDwBxm?invite=udr2V40dSwfF3-9G"
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "i invite" not in keys(app)  # a game here has no table to invite to
        driver.invite = link
        app.after_change()
        await pilot.pause()
        assert "i invite" in keys(app)
        await pilot.press("escape", "i")
        screen = await shown(pilot, LinkScreen)
        shown_link = screen.query_one("#link-text", Static)
        assert str(shown_link.render()) == link and shown_link.size.height == 1
        assert app.clipboard == link
        await pilot.press("escape")
        assert not isinstance(app.screen, LinkScreen)
