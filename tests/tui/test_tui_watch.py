"""Computers play every seat to the end; the record written replays with `kibitz replay`."""

from __future__ import annotations

import json

import pytest
from tui_helpers import SHORT, make_app, settle
from typer.testing import CliRunner

from kibitz.cli import app as cli
from kibitz.tui.screens import GameOverScreen

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
