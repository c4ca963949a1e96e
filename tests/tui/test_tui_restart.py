"""Patience in the terminal, rules e.3 and e.6: `R` restarts the deal once the person says
yes (the same game: one statistics entry), and `kibitz play --winnable` deals random deals
the solver proves winnable, the first and each new one, a number given dealt as asked."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, run_play, settle, shown

from kibitz.core.session import Session
from kibitz.tui.screens import ConfirmScreen, NewGameScreen
from kibitz.tui.statsbook import StatsBook

pytestmark = pytest.mark.anyio

WINNABLE = 96195685124994327816
"""A Fortress deal its solver proves winnable."""


async def test_restart_asks_then_takes_every_move_back_in_the_same_game(tmp_path):
    book = StatsBook(tmp_path / "stats.json")
    app = make_app("fortress", tmp_path / "r.json", seed=WINNABLE, stats=book)
    driver = app.driver
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")  # nothing to restart yet
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and "nothing to restart" in app.message
        for action in driver.session.hint().line[:3]:
            driver.play(action)
        app.after_change()
        await settle(pilot)
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "discarded" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert len(driver.history()) == 3
        await pilot.press("R", "y")
        await settle(pilot)
        assert app.driver is driver and driver.history() == () and driver.log == []
        assert app.message == "3 moves taken back: the deal starts again"
        assert driver.deal_number() == WINNABLE and not driver.can_take_back()
        await pilot.press("x", "y")  # conceded after the restart: still that one game
        await settle(pilot)
    (entry,) = book.load()["fortress"].entries
    assert (entry.key, entry.score) == (driver.key, -1)


async def test_restart_is_a_patience_key_only(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "restart" not in str(app.query_one("#keys").render())
        await pilot.press("colon", *"e2-e3", "enter")
        await settle(pilot)
        await pilot.press("escape", "R")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and len(app.driver.history()) == 2


def proven_winnable(driver) -> bool:
    return Session(driver.game, driver.deal_number()).winnable().verdict == "win"


async def test_winnable_deals_the_first_and_each_new_random_deal_winnable(monkeypatch):
    app, result = run_play(monkeypatch, "fortress", "--winnable")
    assert result.exit_code == 0, result.output
    assert app is not None and app.driver.winnable_only and proven_winnable(app.driver)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.driver.deal_number()
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")  # a random deal: winnable too
        await settle(pilot)
        assert app.driver.deal_number() != first and proven_winnable(app.driver)
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press(*"31", "enter")  # a number given is dealt as asked
        await settle(pilot)
        assert app.driver.deal_number() == 31 and app.driver.winnable_only


def test_winnable_keeps_a_number_given_and_refuses_games_without_a_solver(monkeypatch):
    app, result = run_play(monkeypatch, "chessboard", "--winnable", "--deal", "7")
    assert result.exit_code == 0, result.output
    assert app is not None and app.driver.deal_number() == 7
    app, result = run_play(monkeypatch, "smess", "--winnable")
    assert app is None and result.exit_code == 2
    assert "--winnable: smess has no solver" in result.output
