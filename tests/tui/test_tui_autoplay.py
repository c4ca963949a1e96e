"""`kibitz play --autoplay`: a patience deal that starts with autoplay on (the safe moves after
the deal are its start, not a step to undo), a continued record whose safe moves are one step,
and one clear line for a game without a solver."""

from __future__ import annotations

import json

import pytest
from tui_helpers import run_play, settle

from kibitz.tui.panels import log_text

SAFE_AT_ONCE = "3"
"""A Fortress deal whose first three safe moves autoplay plays as soon as it is on."""
AUTOPLAY = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once."""


def test_a_deal_started_with_autoplay_has_its_safe_moves_played(monkeypatch):
    app, result = run_play(monkeypatch, "fortress", "--deal", SAFE_AT_ONCE, "--autoplay")
    assert result.exit_code == 0, result.output
    session = app.driver.session
    assert session.autoplay and len(session.state.history) == 3
    assert session.start_ply == 3 and not app.driver.can_take_back()  # the deal's start
    assert len(app.driver.log) == 3
    assert app.driver.record()["metadata"]["auto"] == [0, 1, 2]
    off, result = run_play(monkeypatch, "fortress", "--deal", SAFE_AT_ONCE)
    assert not off.driver.session.autoplay and off.driver.state.history == []


def test_a_position_started_with_autoplay_has_its_safe_moves_played(monkeypatch):
    app, result = run_play(monkeypatch, "fortress", "--position", AUTOPLAY, "--autoplay")
    assert result.exit_code == 0, result.output
    assert app.driver.session.start_ply == 4  # AC 2C 3C AS


def test_a_record_continued_with_autoplay_plays_the_safe_moves_as_one_step(
    monkeypatch, tmp_path
):
    first, _ = run_play(monkeypatch, "fortress", "--deal", SAFE_AT_ONCE)
    first.driver.play("0>9")
    record = first.driver.write_record(tmp_path / "deal.json")
    app, result = run_play(monkeypatch, "fortress", "--load", str(record), "--autoplay")
    assert result.exit_code == 0, result.output
    session = app.driver.session
    assert json.loads(record.read_text())["actions"] == ["0>9"]
    played, autos = session.steps  # the record's move, then the safe moves as one step
    assert session.autoplay and played.auto == (False,) and autos.auto and all(autos.auto)
    log = app.driver.log
    assert [e.auto for e in log] == [False] + [True] * len(autos.actions)
    lines = log_text(app.frame, log, app.driver.game).plain.splitlines()
    assert lines[0].endswith("0>9") and all(line.endswith(" (auto)") for line in lines[1:])


def test_autoplay_is_refused_for_a_game_without_a_solver(monkeypatch):
    app, result = run_play(monkeypatch, "smess", "--autoplay")
    assert app is None and result.exit_code == 2
    assert result.stderr.strip() == (
        "error: --autoplay: smess has no autoplay (only games with a solver play their safe "
        "moves by themselves)"
    )


@pytest.mark.anyio
async def test_the_screen_says_autoplay_and_undo_keeps_the_start(monkeypatch, tmp_path):
    app, _ = run_play(monkeypatch, "fortress", "--deal", SAFE_AT_ONCE, "--autoplay",
                      "--record", str(tmp_path / "r.json"), "--pause", "0")
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "[autoplay]" in str(app.query_one("#status").render())
        await pilot.press("u")  # nothing to undo: the safe moves are the deal's start
        await settle(pilot)
        assert len(session.state.history) == 3 and session.autoplay
