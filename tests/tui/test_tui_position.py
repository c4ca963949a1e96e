"""`kibitz play --position`: a game started from a position string, refused with one clear
line where the position is bad or another option also chooses the start."""

from __future__ import annotations

import json

import pytest
from tui_helpers import run_play

import kibitz
from kibitz.core.play import play_random
from kibitz.core.record import replay
from kibitz.core.rng import Rng


def played(game: str, plies: int, seed: int | None = None) -> str:
    """The position string of ``game`` after ``plies`` random plies."""
    state = play_random(kibitz.load(game).new_initial_state(seed), Rng(3), max_plies=plies)
    return state.position()


@pytest.mark.parametrize(("game", "plies"), [("smess", 4), ("cardmate", 6)])
def test_play_starts_from_a_position_and_records_it(monkeypatch, tmp_path, game, plies):
    position = played(game, plies)
    record = tmp_path / "game.json"
    app, result = run_play(
        monkeypatch, game, "--position", position, "--vs", "random", "--record", str(record),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    driver = app.driver
    assert driver.state.position() == position
    assert driver.state.history == [] and driver.log == []
    saved = driver.record()
    assert saved["position"] == position
    # The record replays from that position, and `--load` goes on with it.
    assert replay(saved).state.position() == position
    record.write_text(json.dumps(saved))
    again, result = run_play(monkeypatch, game, "--load", str(record), "--vs", "random")
    assert result.exit_code == 0, result.output
    assert again.driver.state.position() == position


def test_play_takes_options_with_a_position(monkeypatch):
    position = played("smess", 2)
    app, result = run_play(monkeypatch, "smess", "--position", position, "-o", "max_plies=9")
    assert result.exit_code == 0, result.output
    assert app.driver.game.options.max_plies == 9
    assert app.driver.state.position() == position


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("smess", "--position", "x/y b"), "--position: board field 'x/y' must have 8 ranks"),
        (("cardmate", "--position", "garbage"), "--position: position 'garbage' must have"),
        (("rook", "--position", "anything"), "--position: rook has no position strings"),
        (
            ("smess", "--position", "7/7 b", "--seed", "3"),
            "--position and --seed both choose the start; give one of them",
        ),
        (
            ("smess", "--position", "7/7 b", "--load", "game.json"),
            "--position and --load both choose the start; give one of them",
        ),
    ],
)
def test_play_refuses_a_bad_position_with_one_line(monkeypatch, args, needle):
    app, result = run_play(monkeypatch, *args)
    assert app is None
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
