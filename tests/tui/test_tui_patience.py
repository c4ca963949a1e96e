"""Patience through the core Session: hint, undo, redo, "still winnable?", "warn when lost",
auto-complete, autoplay."""

from __future__ import annotations

import pytest
from tui_helpers import finish_by_the_line, make_app, settle

import kibitz
from kibitz.core.session import Session
from kibitz.tui import Driver, PlayApp
from kibitz.tui.screens import GameOverScreen

pytestmark = pytest.mark.anyio

WINNABLE = {"fortress": 96195685124994327816, "chessboard": 20348857524636281959}
"""Deals the game's solver proves winnable."""
AUTOPLAY = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once."""


@pytest.mark.parametrize("name", sorted(WINNABLE))
async def test_hint_undo_redo_winnable_and_auto_complete(tmp_path, name):
    app = make_app(name, tmp_path / "r.json", seed=WINNABLE[name])
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        hint = app.hint
        assert hint is not None and hint.kind == "win"
        assert app.message == f"hint: {hint.message}"
        move = next(m for m in app.frame.moves if m["id"] == hint.action)
        assert app.frame.hinted == {str(move["from"]), str(move["to"])}

        await pilot.press("colon", *move["text"], "enter")
        await settle(pilot)
        assert session.state.history == [hint.action]
        assert app.frame.last == app.frame.hinted or app.frame.last

        await pilot.press("escape", "u")  # Esc leaves the typing box, then u undoes
        await settle(pilot)
        assert session.state.history == []
        assert app.driver.log == []
        assert session.undos == 1
        await pilot.press("r")
        await settle(pilot)
        assert session.state.history == [hint.action]

        await pilot.press("w")
        await settle(pilot)
        assert app.message == session.winnable().answer

        await finish_by_the_line(pilot, hint.line[1:])
        assert session.state.outcome().returns == (1.0,)
        assert isinstance(app.screen, GameOverScreen)
        assert "won" in app.screen.result and app.screen.heading == "Game over: You won"

        await pilot.press("u")  # the game-over panel offers undo: the game comes back
        await settle(pilot)
        assert not session.is_over()
        assert session.autocomplete_actions()


async def test_games_without_undo_offer_no_patience_keys(tmp_path):
    app = make_app("tchess", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "undo" not in str(app.query_one("#keys").render())
        before = app.driver.state.serialize()
        for key in "uhwa":
            await pilot.press(key)
        await settle(pilot)
        assert app.driver.state.serialize() == before
        await pilot.press("question_mark")
        help_text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "resign" in help_text
        assert "undo" not in help_text and "take back" not in help_text


async def test_p_switches_autoplay_which_plays_the_safe_moves(tmp_path):
    game = kibitz.load("fortress")
    session = Session(game, position=AUTOPLAY)
    app = PlayApp(Driver(game, [None], session=session), tmp_path / "r.json", pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "p autoplay" in str(app.query_one("#keys").render())
        await pilot.press("p")
        await settle(pilot)
        assert session.autoplay and len(session.state.history) == 4  # AC 2C 3C AS
        assert len(app.driver.log) == 4 and app.message == "autoplay on"
        assert "[autoplay]" in str(app.query_one("#status").render())
        await pilot.press("u")  # the automatic moves are one step
        await settle(pilot)
        assert session.state.history == []
        await pilot.press("p")
        await settle(pilot)
        assert not session.autoplay and session.state.history == []


async def test_b_goes_back_to_the_position_a_lost_hint_names(tmp_path):
    app = make_app("fortress", tmp_path / "r.json", seed=2)
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "b back" not in str(app.query_one("#keys").render())
        app.driver.play("0>1")  # deal 2 is lost after this move
        app.after_change()
        await pilot.press("h")
        await settle(pilot)
        assert app.hint.kind == "lost" and app.message.endswith("(b: back to it)")
        assert "b back" in str(app.query_one("#keys").render())
        await pilot.press("b")
        await settle(pilot)
        assert session.state.history == [] and app.message == "1 move taken back"


async def test_warn_when_lost_checks_after_every_move_and_b_goes_back(tmp_path):
    app = make_app("fortress", tmp_path / "r.json", seed=2)
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("W")  # on: deal 2 is winnable, so the check says nothing
        await settle(pilot)
        assert app.watch.on and app.watch.verdicts == {0: "win"}
        assert app.message == "warn when lost on"
        await pilot.press("b")  # nothing found lost yet: said, nothing taken back
        assert app.message == ("nothing to go back to: no hint (h) or check (W) has found "
                               "this deal lost")
        await pilot.press("colon", *"0>1", "enter")  # deal 2 is lost after this move
        await settle(pilot)
        assert app.message == "warning: this deal can no longer be won  (b: back to move 0)"
        await pilot.press("escape")  # out of the typing box, where letters are typed
        await pilot.pause()
        assert "b back" in str(app.query_one("#keys").render())
        await pilot.press("b")
        await settle(pilot)
        assert session.state.history == [] and app.message == "1 move taken back"
        await pilot.press("W")  # off: a move into a lost position is not checked
        await pilot.press("colon", *"0>1", "enter")
        await settle(pilot)
        assert session.state.history != [] and app.watch.verdicts == {0: "win"}
        assert "can no longer be won" not in app.message


async def test_the_deal_number_is_shown_where_no_card_is_hidden(tmp_path):
    app = make_app("fortress", tmp_path / "r.json", seed=42)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "#42" in str(app.query_one("#status").render())
    hidden = make_app("tchess", tmp_path / "t.json", seed=42)
    async with hidden.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "#42" not in str(hidden.query_one("#status").render())
