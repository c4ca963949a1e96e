"""A person's moves by keyboard, mouse and typed notation, through Textual's pilot."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Static
from tui_helpers import cursor_keys, make_app, pick_by_keys, settle, shown, spot_offset

from kibitz.tui.picker import names_card, spot, two_step
from kibitz.tui.screens import NewGameScreen

pytestmark = pytest.mark.anyio

GAMES = ["smess", "cardmate", "tchess", "rook", "fortress", "chessboard"]
SEEDS = {"fortress": 96195685124994327816, "chessboard": 20348857524636281959}
"""Patience deals with moves enough to play two (deal 1 of Fortress has one move)."""


def person_moves(app, since: int = 0) -> list[str]:
    """The texts of the person's moves in the log from ply ``since`` on."""
    return [e.text for e in app.driver.log[since:] if e.seat == app.driver.viewer]


async def play_by_keys(pilot, app) -> str:
    """Play a legal move with the keys only; its text."""
    moves = app.frame.moves
    if two_step(moves):
        view = app.view

        def walk(m: dict) -> int:
            there = cursor_keys(view, view.cursor, spot(m["from"]))
            return len(there) + len(cursor_keys(view, spot(m["from"]), spot(m["to"])))

        move = min(moves, key=walk)
        await pick_by_keys(pilot, app.view, spot(move["from"]))
        await pick_by_keys(pilot, app.view, spot(move["to"]))
        return move["text"]
    await pilot.press("m")
    menu = app.query_one("#menu")
    assert menu.has_focus
    target = min(1, len(moves) - 1)
    for _ in range(len(moves) + 1):
        if menu.highlighted == target:
            break
        await pilot.press("down")
    await pilot.press("enter")
    return moves[target]["text"]


async def play_by_mouse(pilot, app) -> str:
    """Play a legal move with mouse clicks on the view only; its text."""
    moves = app.frame.moves
    if two_step(moves):
        move = moves[0]
        await pilot.click("#view", offset=spot_offset(app.view, spot(move["from"])))
        assert app.frame.chosen == spot(move["from"])
        assert spot(move["to"]) in app.frame.targets
        await pilot.click("#view", offset=spot_offset(app.view, spot(move["to"])))
        return move["text"]
    cards = [c for m in moves for c in [m.get("card"), *m.get("cards", [])] if c]
    if "set" in moves[0]:  # a discard set: its cards picked one by one, then a yes
        for card in cards[: moves[0]["set"]["size"]]:
            await pilot.click("#view", offset=spot_offset(app.view, card))
        await pilot.press("y")
        return moves[0]["text"]
    card = next(c for c in cards if sum(names_card(m, c) for m in moves) == 1)
    move = next(m for m in moves if names_card(m, card))
    await pilot.click("#view", offset=spot_offset(app.view, card))
    return move["text"]


@pytest.mark.parametrize("name", GAMES)
async def test_person_plays_by_keyboard_and_mouse_and_a_bad_typed_move_changes_nothing(
    tmp_path, name
):
    app = make_app(name, tmp_path / "r.json", seed=SEEDS.get(name, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.driver.state.serialize()
        await pilot.press("colon", *"zz9", "enter")
        await pilot.pause()
        assert app.message and "zz9" in app.message
        assert app.driver.state.serialize() == before
        assert app.query_one("#entry").value == "zz9"

        await pilot.press("escape")
        app.view.focus()
        start = len(app.driver.log)
        by_keys = await play_by_keys(pilot, app)
        await settle(pilot)
        by_mouse = await play_by_mouse(pilot, app)
        await settle(pilot)
        played = person_moves(app, start)
        assert played[0] == by_keys
        assert by_mouse in played[1:]


async def test_typed_move_is_completed_from_the_legal_moves(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("colon", "b", "1", "-")
        menu = app.query_one("#menu")
        assert [menu.get_option_at_index(i).prompt for i in range(menu.option_count)] == ["b1-a1"]
        await pilot.press("right", "enter")  # → takes the suggestion: b1- becomes b1-a1
        await settle(pilot)
        assert person_moves(app)[0] == "b1-a1"
        assert app.frame.last == {"b1", "a1"} or app.driver.state.history[1:]


def burst(app, keys: list[tuple[str, str]]) -> None:
    """Keys that arrive together (typed fast over a slow link): sent with no wait between."""
    for key, character in keys:
        event = events.Key(key, character)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_keys_that_arrive_together_after_a_colon_all_go_to_the_typing_box(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        typed = [("colon", ":"), *((c if c != "-" else "minus", c) for c in "e2-e3"),
                 ("enter", "\r")]  # fmt: skip
        burst(app, typed)
        await settle(pilot)
        assert person_moves(app) == ["e2-e3"]  # not a pick on the board, nor a menu move


async def test_a_colon_is_text_in_the_typing_box_and_in_a_dialog(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("colon", "Q", "D", "colon", "c", "0")
        assert app.part("#entry", Input).value == "QD:c0"  # a capture's notation
    patience = make_app("fortress", tmp_path / "f.json", vs=())
    async with patience.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        dialog = await shown(pilot, NewGameScreen)
        await pilot.press("1", "colon")
        assert dialog.query_one("#deal", Input).value == "1:"


async def test_a_colon_pressed_again_in_the_typing_box_is_not_typed(tmp_path):
    """After a typed move the box keeps the cursor; the habit of `:` before the next move
    must not make it a refused `:move`."""
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):
            move = app.frame.moves[0]["text"]
            await pilot.press("colon", *(c if c != "-" else "minus" for c in move))
            assert app.part("#entry", Input).value == move
            await pilot.press("enter")
            await settle(pilot)
            assert app.part("#entry", Input).has_focus and app.message == ""
            assert person_moves(app)[-1] == move
        app.part("#entry", Input).value = f":{app.frame.moves[0]['text']}"  # pasted with it
        await pilot.press("enter")
        await settle(pilot)
        assert len(person_moves(app)) == 3


async def test_the_keys_line_says_the_typing_boxs_keys_while_typing(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = app.query_one("#keys", Static)
        assert "m moves" in str(keys.render())
        await pilot.press("colon")
        await pilot.pause()
        assert "Esc leaves the box" in str(keys.render()) and "m moves" not in str(keys.render())
        await pilot.press("escape")
        await pilot.pause()
        assert "m moves" in str(keys.render())
