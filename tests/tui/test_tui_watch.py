"""Computers play every seat to the end (a person watching); the record written replays with
`kibitz replay`."""

from __future__ import annotations

import json

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, Static
from tui_helpers import SHORT, make_app, settle, shown, spot_offset, turn_number
from typer.testing import CliRunner

from kibitz.cli import app as cli
from kibitz.tui.app import WATCHING
from kibitz.tui.screens import GameOverScreen, HelpScreen

pytestmark = pytest.mark.anyio

GAMES = ["smess", "cardmate", "tchess", "rook", "fortress", "chessboard"]


@pytest.mark.parametrize("name", GAMES)
async def test_computers_play_to_the_end_and_the_record_replays(tmp_path, name):
    record = tmp_path / f"{name}.json"
    app = make_app(name, record, person=None, vs=("random",), **SHORT.get(name, {}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.driver.session.is_over()
        assert isinstance(app.screen, GameOverScreen)
        assert app.recorded == record
        outcome = app.driver.session.outcome()
        text = outcome.describe(app.driver.game.player_names)
        assert app.screen.result == text
        await pilot.press("q")
    assert app.return_code == 0
    data = json.loads(record.read_text())
    assert data["metadata"]["players"] == ["random"] * app.driver.game.num_players
    replayed = CliRunner().invoke(cli, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.splitlines()[-1] == f"result: {text}"


async def test_a_watcher_is_offered_only_what_a_watcher_can_do(tmp_path):
    app = make_app("smess", tmp_path / "r.json", person=None, vs=("random",), **SHORT["smess"])
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the game-over panel: back to the table
        await pilot.pause()
        assert str(app.part("#keys", Static).render()) == (
            "? keys  f flip  c copy  e analyse  n new  q quit"  # no typing, no move list
        )
        assert not app.part("#entry", Input).display
        await pilot.press("colon", "m")
        assert app.focused is app.part("#log", VerticalScroll)  # the arrows scroll it
        await pilot.click("#view", offset=spot_offset(app.view, "d1"))  # a piece
        assert app.message == WATCHING
        await pilot.press("question_mark")
        help_screen = await shown(pilot, HelpScreen)
        assert help_screen.keys == [
            ("arrows", "scroll the move list"), ("?", "these keys"),
            ("f", "turn the board round"), ("c", "copy the position string (and show it)"),
            ("e", "analyse the finished game, move by move"),
            ("n", "a new game, same players, two sides swapped (a deal: which one?)"),
            ("q", "quit"),
        ]
        assert not help_screen.query(".note")  # no mouse picks


async def test_the_move_list_numbers_moves_by_rounds_as_the_web_page(tmp_path):
    app = make_app("smess", tmp_path / "r.json", person=None, vs=("random",), **SHORT["smess"])
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        lines = str(app.part("#log-text", Static).render()).splitlines()
        log = app.driver.log
        assert len(lines) == len(log) > 2
        assert lines[:2] == [f"   1.   Blue {log[0].text}", f"   1... Red {log[1].text}"]
        assert [line.split()[0] for line in lines] == [turn_number(i) for i in range(len(lines))]
