"""The generic commands (random-game, replay, show, view, rules, tool) work end to end for
TCHESS Cards, the strength tool included."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kibitz.cli import app

runner = CliRunner()


def test_random_game_then_replay(tmp_path: Path) -> None:
    made = runner.invoke(app, ["random-game", "tchess", "--seed", "7"])
    assert made.exit_code == 0, made.output
    record = json.loads(made.stdout)
    assert record["game"] == "tchess" and record["actions"][0].startswith("draw ")
    path = tmp_path / "game.json"
    path.write_text(made.stdout)
    again = runner.invoke(app, ["replay", str(path)])
    assert again.exit_code == 0, again.output
    assert again.stdout.strip().splitlines()[-1].startswith("result: ")
    assert runner.invoke(app, ["random-game", "tchess", "--seed", "7"]).stdout == made.stdout


def test_show_a_position_from_one_seat(kit) -> None:
    position = (
        f"white=P*2,S,Q,D,G/{kit.rest('P', 'P', 'S', 'Q', 'D', 'G')}/-/- "
        f"black=N,F,K,B,R,L/{kit.rest('N', 'F', 'K', 'B', 'R', 'L')}/-/- "
        "attacker=white to_move=white round=1"
    )
    shown = runner.invoke(app, ["show", "tchess", "--seat", "0", "--position", position])
    assert shown.exit_code == 0, shown.output
    assert "hand: P P S D G Q" in shown.stdout and "hand: 6 cards" in shown.stdout
    assert "N F B R K L" not in shown.stdout
    blank = runner.invoke(app, ["show", "tchess", "--seat", "1"])
    assert blank.exit_code == 0 and "dealing" in blank.stdout


def test_strength_and_view_commands(tmp_path: Path) -> None:
    strength = ["tool", "tchess", "strength"]
    out = runner.invoke(app, [*strength, "P", "S", "P", "Q"])
    assert out.stdout.strip() == "(P S) P Q = 17"
    reading_a = ["-o", "allow_overlapping_pairs=true", "-o", "values=S:0"]
    out = runner.invoke(app, [*strength, "S", "P", "S", *reading_a])
    assert out.stdout.strip() == "(S P S) = 7"
    bad = runner.invoke(app, [*strength, "P", "X"])
    assert bad.exit_code == 2 and "unknown card 'X'" in bad.output
    listed = runner.invoke(app, ["tool", "tchess"])
    assert listed.exit_code == 0 and listed.stdout.startswith("strength: ")
    rules = runner.invoke(app, ["rules", "tchess", "-o", "ties_to_defender=false"])
    assert rules.exit_code == 0 and "Ties go to the attacker." in rules.stdout
    path = tmp_path / "g.json"
    path.write_text(runner.invoke(app, ["random-game", "tchess", "--seed", "3"]).stdout)
    view = runner.invoke(app, ["view", str(path), "--seat", "1", "--ply", "12"])
    assert view.exit_code == 0, view.output
    assert "White  hand: 6 cards" in view.stdout and "White draws ?" in view.stdout
    wrong = runner.invoke(app, ["view", str(path), "--seat", "2"])
    assert wrong.exit_code == 2 and "seat must be in 0..1, got 2" in wrong.output
