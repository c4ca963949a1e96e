"""Where the record goes: a `--record` that cannot become a file is refused before the game,
missing folders are made, and a record that cannot be written later is said, never a crash
that loses the game."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from tui_helpers import SHORT, make_app, run_play, settle

from kibitz.tui.screens import ConfirmScreen, GameOverScreen

pytestmark = pytest.mark.anyio


def test_a_folder_as_the_record_is_refused_in_one_line(monkeypatch, tmp_path):
    app, result = run_play(monkeypatch, "smess", "--record", str(tmp_path))
    assert app is None and result.exit_code == 2
    assert result.stderr.strip() == (f"error: --record {tmp_path} is a folder; give a file to "
                                     f"write, e.g. {tmp_path / 'game.json'}")


def test_a_record_under_a_file_is_refused_in_one_line(monkeypatch, tmp_path):
    (tmp_path / "notes").write_text("")
    app, result = run_play(monkeypatch, "smess", "--record", str(tmp_path / "notes" / "g.json"))
    assert app is None and result.exit_code == 2
    assert "is a file, not a folder" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_folders_of_the_record_are_made(monkeypatch, tmp_path):
    record = tmp_path / "new" / "folder" / "g.json"
    app, result = run_play(monkeypatch, "smess", "--record", str(record))
    assert result.exit_code == 0, result.output
    assert app is not None and app.record_path == record
    assert "made" in run_play(monkeypatch, "smess", "--help")[1].output


async def test_a_record_that_cannot_be_written_at_the_end_is_said_in_the_end_panel(tmp_path):
    record = tmp_path / "smess.json"
    record.mkdir()  # a folder where the record goes, made after the game began
    app = make_app("smess", record, person=None, **SHORT["smess"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        line = str(app.screen.query_one("#record", Static).render())
        assert line == f"Record not written: record {record}: Is a directory"
        assert app.recorded is None
        await pilot.press("q")
    assert app.return_code == 0


async def test_an_unfinished_game_whose_record_cannot_be_written_is_kept_until_the_person_says(
    tmp_path,
):
    record = tmp_path / "smess.json"
    app = make_app("smess", record)
    app.save_unfinished = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.driver.play(app.driver.person_moves()[0]["id"])
        app.after_change()
        await settle(pilot)
        record.mkdir()
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Is a directory" in app.screen.question
        await pilot.press("n")  # not quitting: the game goes on
        await pilot.pause()
        assert app.is_running and not app.driver.is_over()
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0 and app.recorded is None
