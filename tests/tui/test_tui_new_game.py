"""`n`: a new game with the same players, from the board or the game-over panel; a dealt
game asks for the deal number (empty: a random deal; a bad one is named and nothing
changes); leaving a game begun counts it lost (Fortress rules e.9: "abandoned (new deal)"),
or saves it where the record goes when one was asked for."""

from __future__ import annotations

import json

import pytest
from tui_helpers import make_app, settle, shown

from kibitz.tui.screens import GameOverScreen, NewGameScreen
from kibitz.tui.statsbook import StatsBook

pytestmark = pytest.mark.anyio


async def test_a_new_deal_by_number_counts_the_deal_left_as_lost(tmp_path):
    book = StatsBook(tmp_path / "stats.json")
    app = make_app("fortress", tmp_path / "r.json", seed=5, stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.driver
        app.play(app.frame.moves[0]["id"])
        await settle(pilot)
        await pilot.press("escape", "n")
        screen = await shown(pilot, NewGameScreen)
        assert "counts as lost" in str(screen.query_one("#warning").render())
        await pilot.press(*"x7", "enter")  # not a deal number: said, nothing changes
        await pilot.pause()
        assert app.screen is screen and "'x7'" in str(screen.query_one("#problem").render())
        assert book.load() == {} and app.driver is first
        await pilot.press("backspace", "backspace", "0", "enter")  # not a deal either
        await pilot.pause()
        assert app.screen is screen and "start at 1" in str(screen.query_one("#problem").render())
        await pilot.press("backspace", "7", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, NewGameScreen)
        assert app.driver is not first and app.driver.state.seed == 7
        assert app.driver.state.history == [] and app.driver.log == []
        assert app.message == "new game: deal 7"
        assert "Fortress #7" in str(app.query_one("#status").render())  # rules e.1
    (entry,) = book.load()["fortress"].entries
    assert (entry.key, entry.score, entry.deal) == (first.key, -1, 5)


async def test_escape_keeps_the_game_and_an_empty_number_deals_at_random(tmp_path):
    app = make_app("fortress", tmp_path / "r.json", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.driver
        await pilot.press("n")
        assert not (await shown(pilot, NewGameScreen)).warning
        await pilot.press("escape")
        await settle(pilot)
        assert app.driver is first and not isinstance(app.screen, NewGameScreen)
        await pilot.press("n")
        await shown(pilot, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.driver is not first and app.driver.state.seed not in (None, 5)


async def test_a_new_game_from_the_game_over_panel_keeps_the_players_sides_swapped(tmp_path):
    record = tmp_path / "game.json"
    app = make_app("smess", record, vs=("level:1",))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        first = app.driver
        await pilot.press("n")
        screen = await shown(pilot, NewGameScreen)
        assert not screen.query("#deal")  # Smess is not dealt: no number to ask
        await pilot.press("enter")
        await settle(pilot)
        driver = app.driver
        assert first.players == [None, "level:1"] and first.viewer == 0
        assert driver is not first and driver.players == ["level:1", None]  # as a rematch
        assert driver.viewer == 1 and app.frame.person == 1
        assert "(you)" in str(app.query_one("#seats").render()).split("·")[1]
        assert not driver.session.is_over() and len(driver.state.history) == 1  # Blue moved
        await pilot.press("x", "y")  # the second game's record goes beside the first
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
    assert json.loads(record.read_text())["metadata"]["game_id"] == first.key
    second = json.loads((tmp_path / "game-2.json").read_text())
    assert second["metadata"]["game_id"] == driver.key


async def test_a_game_whose_record_was_asked_for_is_saved_not_counted(tmp_path):
    record = tmp_path / "r.json"
    book = StatsBook(tmp_path / "stats.json")
    app = make_app("fortress", record, seed=5, stats=book)
    app.save_unfinished = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.play(app.frame.moves[0]["id"])
        await settle(pilot)
        await pilot.press("escape", "n")
        screen = await shown(pilot, NewGameScreen)
        assert "saved to" in str(screen.query_one("#warning").render())
        await pilot.press("enter")
        await settle(pilot)
    assert len(json.loads(record.read_text())["actions"]) == 1
    assert book.load() == {}
