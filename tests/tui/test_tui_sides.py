"""Games of sides in the terminal: take-back against the computer (u, r, and from the
game-over panel), resigning with a confirmation (x), and two people at one screen taking
turns and agreeing a draw (d)."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input
from tui_helpers import make_app, settle

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import replay
from kibitz.tui.screens import ConfirmScreen, GameOverScreen
from kibitz.tui.seats import seat_players

pytestmark = pytest.mark.anyio


async def test_u_takes_back_the_move_and_the_reply_and_r_plays_them_again(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "undo" in str(app.query_one("#keys").render())
        await pilot.press("colon", *"e2-e3", "enter")
        await settle(pilot)
        played = list(session.state.history)
        assert len(played) == 2 and len(app.driver.log) == 2  # the move and the reply
        await pilot.press("escape", "u")
        await settle(pilot)
        assert session.state.history == [] and app.driver.log == []
        assert app.message == "2 moves taken back" and session.undos == 1
        await pilot.press("r")
        await settle(pilot)
        assert session.state.history == played and len(app.driver.log) == 2


async def test_nothing_to_take_back_says_so_and_changes_nothing(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json", person=1)  # the computer moves first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.driver.state.serialize()
        await pilot.press("u")
        await settle(pilot)
        assert "nothing to take back" in app.message
        assert app.driver.state.serialize() == before


async def test_a_finished_game_is_taken_back_from_the_game_over_panel(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json", max_plies=4)
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while not session.is_over():
            app.driver.play(app.driver.person_moves()[0]["id"])
            app.after_change()
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.screen.can_undo
        await pilot.press("u")
        await settle(pilot)
        assert not session.is_over() and len(session.state.history) == 2


async def test_x_resigns_once_confirmed(tmp_path):
    record = tmp_path / "r.json"
    app = make_app("smess", record)
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not session.is_over() and not isinstance(app.screen, ConfirmScreen)
        await pilot.press("x", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.result == "Red wins (resignation)" and not app.screen.can_undo
        assert app.screen.heading == "Game over: You lost"
        assert "Game over: Red wins (resignation)" in str(app.query_one("#status").render())
    saved = json.loads(record.read_text())
    assert saved["result"] == {"returns": [-1.0, 1.0], "reason": "resignation"}
    assert replay(saved).declared.reason == "resignation"


async def test_two_people_at_one_screen_take_turns_and_agree_a_draw(tmp_path):
    record = tmp_path / "r.json"
    app = make_app("smess", record, vs=("person",))
    driver = app.driver
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert driver.players == [None, None] and driver.viewer == 0
        await pilot.press("colon", *"e2-e3", "enter")
        await settle(pilot)
        assert driver.viewer == 1 and len(driver.state.history) == 1  # nobody replied
        assert "Red to play (you)" in str(app.query_one("#status").render())
        assert "Esc leaves the box" in str(app.query_one("#keys").render())  # still typing
        await pilot.press("escape")
        await pilot.pause()
        keys = str(app.query_one("#keys").render())
        assert "d draw" in keys and "undo" not in keys  # no take-back between people
        await pilot.press("colon", *"e7-e6", "enter")  # the typing box keeps the focus
        await settle(pilot)
        assert driver.viewer == 0 and len(driver.state.history) == 2
        await pilot.press("escape", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.screen.result == "draw (agreed draw)"
        assert app.screen.heading == "Game over"  # two people: neither is "you"
    assert json.loads(record.read_text())["result"]["reason"] == "agreed draw"


async def test_at_one_screen_the_person_to_move_resigns(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json", vs=("person",))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.driver.play(app.driver.person_moves()[0]["id"])
        app.after_change()
        await settle(pilot)
        await pilot.press("x", "y")
        await settle(pilot)
        assert app.screen.result == "Forehand wins (resignation)"


async def test_against_the_computer_there_is_no_agreed_draw(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "draw" not in str(app.query_one("#keys").render())
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and not app.driver.session.is_over()


def test_two_people_at_one_screen_only_without_hidden_cards():
    game = kibitz.load("tchess")
    with pytest.raises(InvalidOptions, match="two people need a screen each"):
        seat_players(game, 0, ["person"])
    assert seat_players(kibitz.load("cardmate"), 1, ["person"]) == [None, None]


async def test_c_copies_the_position_string(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        position = app.driver.state.position()
        assert app.message == f"position: {position}" and app.clipboard == position


async def test_a_rook_team_resigns_once_confirmed(tmp_path):
    """A Rook game to the target may last long (computers that bid wildly are set hand
    after hand): the person's team may give it up, as in the other games."""
    record = tmp_path / "r.json"
    app = make_app("rook", record, max_hands=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("x", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.heading == "Game over: We lost"
        assert app.screen.result == "West and East win (resignation)"
        assert app.part("#entry", Input).placeholder == "the game is over"
    saved = json.loads(record.read_text())
    assert saved["result"] == {"returns": [-1.0, 1.0, -1.0, 1.0], "reason": "resignation"}


@pytest.mark.parametrize(("name", "question"), [
    ("rook", "Resign for your team? It counts as a loss for North too."),
    ("smess", "Resign this game? It counts as a loss."),
    ("fortress", "Give up this game? It counts as lost."),
])  # fmt: skip
async def test_giving_up_asks_as_the_game_has_sides(tmp_path, name, question):
    app = make_app(name, tmp_path / "r.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == question
        await pilot.press("n")
