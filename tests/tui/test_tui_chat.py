"""The table's chat in the terminal app at a real ``kibitz serve``'s table: a seated
player's lines reach the other seats and theirs are shown here (the others' as news), what
was said before is shown on connecting and once only after a reconnect, a refused line
stays to be put right, a spectator reads only, and a game at this screen has no chat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from test_tui_remote import ANN, OPEN, act, keys, new_table, playing, socket_of, text_of, until
from textual.widget import Widget
from textual.widgets import Input
from tui_helpers import make_app
from websockets.sync.client import connect

from kibitz.tui import PlayApp
from kibitz.tui.remote import sit

pytestmark = pytest.mark.anyio


def chat_of(ws: Any) -> list[dict[str, Any]]:
    """The lines of the next chat message a page's WebSocket is sent (states skipped)."""
    while True:
        msg = json.loads(ws.recv(timeout=10))
        if msg["type"] == "chat":
            lines: list[dict[str, Any]] = msg["lines"]
            return lines


def say(ws: Any, text: str) -> None:
    """A page's line said at its table, once the server has sent it round."""
    ws.send(json.dumps({"type": "chat", "text": text}))
    while chat_of(ws)[-1]["text"] != text:  # the lines said before it opened come first
        continue


def toasts(app: PlayApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app shows briefly from now on (its notifications), each as shown."""
    told: list[str] = []
    notify = app.notify

    def telling(message: str, **how: Any) -> None:
        told.append(message)
        notify(message, **how)

    monkeypatch.setattr(app, "notify", telling)
    return told


async def test_a_line_typed_here_reaches_the_other_seat_and_theirs_is_shown_here(
    server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"], name="Bob")
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    told = toasts(app, monkeypatch)
    with connect(socket_of(server, made, 0)) as ann:
        async with app.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: driver.connected)
            box = app.part("#say", Input)
            assert "t chat" in keys(app) and text_of(app, "#chat-text") == "nothing said yet"
            assert not box.display
            await pilot.press("t")
            assert box.display and box.has_focus
            await pilot.press(*"draw? no")  # the game's keys are text here
            act(server, made, 0, action="d2-d3")  # a move that comes meanwhile
            await until(pilot, lambda: driver.ply() == 1)
            assert box.has_focus
            await pilot.press("colon", *" quit", "enter")  # as a terminal sends it
            await until(pilot, lambda: driver.chat)
            assert chat_of(ann) == [{"id": driver.chat[0].id, "seat": 1, "name": "Bob",
                                     "text": "draw? no: quit", "at": ANY}]
            assert not box.display and box.value == "" and app.screen is app.screen_stack[0]
            assert app.focused is app.view  # back to the game
            say(ann, "good luck, Bob")
            await until(pilot, lambda: len(driver.chat) == 2)
            assert text_of(app, "#chat-text") == (
                "Red (you): draw? no: quit\nBlue (Ann): good luck, Bob")
            assert told == ["Blue (Ann): good luck, Bob"]  # the others' lines are news


async def test_what_was_said_before_is_shown_on_connecting_and_is_no_news(
    server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"])
    with connect(socket_of(server, made, 0)) as ann:
        say(ann, "hello?")
        say(ann, "anyone there?")
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    told = toasts(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(driver.chat) == 2)
        assert text_of(app, "#chat-text") == "Blue (Ann): hello?\nBlue (Ann): anyone there?"
        assert app.part("#chat", Widget).region.height >= 2  # in sight at 80x24 too
        assert app.part("#keys", Widget).region.bottom <= 24
        assert told == []


async def test_a_refused_line_is_said_and_stays_in_the_box_until_dropped(
    server: Any, tmp_path: Path
):
    made = new_table(server, "smess", [ANN, OPEN])
    async with playing(server, made, tmp_path) as (driver, app, pilot):
        box = app.part("#say", Input)
        await pilot.press("t")
        box.value = "x" * 301
        await pilot.press("enter")
        await until(pilot, lambda: app.message)
        assert app.message.endswith("(301 chars) is longer than 300 characters")
        assert box.value == "x" * 301 and box.has_focus
        await pilot.press("escape")  # dropped: the game again
        assert not box.display and box.value == "" and app.focused is app.view
        for n in range(1, 6):
            await pilot.press("t", *f"line {n}", "enter")
            await until(pilot, lambda n=n: len(driver.chat) == n)
        await pilot.press("t", *"line 6", "enter")
        await until(pilot, lambda: app.message)
        assert app.message.startswith("at most 5 chat lines in 10 seconds; wait ")
        assert box.display and box.value == "line 6" and box.has_focus
        assert [line.text for line in driver.chat] == [f"line {n}" for n in range(1, 6)]


async def test_a_spectator_reads_the_chat_and_has_no_key_to_talk(
    server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    made = new_table(server, "smess", [ANN, OPEN])
    driver = sit(server.url + made["invite"], watch=True)
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    told = toasts(app, monkeypatch)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        assert not app.part("#chat", Widget).display  # nothing said: no room taken
        with connect(socket_of(server, made, 0)) as ann:
            say(ann, "welcome, watchers")
        await until(pilot, lambda: driver.chat)
        assert app.part("#chat", Widget).display
        assert text_of(app, "#chat-text") == "Blue (Ann): welcome, watchers"
        assert told == ["Blue (Ann): welcome, watchers"]
        assert "t chat" not in keys(app)
        await pilot.press("t")
        assert not app.part("#say", Input).display


async def test_a_game_at_this_screen_has_no_chat(tmp_path: Path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(110, 34)) as pilot:
        assert "t chat" not in keys(app) and not app.part("#chat", Widget).display
        await pilot.press("t")
        assert not app.part("#say", Input).display


async def test_after_a_reconnect_each_line_is_shown_once_and_those_missed_are_news(
    own_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    made = new_table(own_server, "smess", [ANN, OPEN])
    driver = sit(own_server.url + made["invite"])
    app = PlayApp(driver, tmp_path / "r.json", pause=0)
    told = toasts(app, monkeypatch)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: driver.connected)
        with connect(socket_of(own_server, made, 0)) as ann:
            say(ann, "back in a minute")
        await until(pilot, lambda: driver.chat)
        own_server.stop()
        await until(pilot, lambda: "connection lost" in app.message)
        own_server.start()
        with connect(socket_of(own_server, made, 0)) as ann:  # before the app is back
            say(ann, "back: your move")
        await until(pilot, lambda: len(driver.chat) == 2, timeout=60)
        assert text_of(app, "#chat-text") == (
            "Blue (Ann): back in a minute\nBlue (Ann): back: your move")
        assert told == ["Blue (Ann): back in a minute", "Blue (Ann): back: your move"]
