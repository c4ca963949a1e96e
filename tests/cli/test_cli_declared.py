"""Commands a game's declarations drive: rules, tool, deal, solve, survey, refused agents."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_match_refuses_an_agent_the_game_would_let_cheat():
    result = run("match", "tchess", "alphabeta", "random")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: agent 'alphabeta' cannot play tchess: it needs perfect information (it would "
        "read the hidden cards) and a game without chance moves"
    )
    result = run("match", "rook", "random", "greedy", "--games", "2")
    assert result.exit_code == 2 and "agent 'greedy' cannot play rook" in result.stderr


def test_rules_prints_the_page_of_the_active_options():
    tchess = run("rules", "tchess")
    assert tchess.exit_code == 0 and tchess.stdout.startswith("# TCHESS Cards")
    rook = run("rules", "rook", "-o", "preset=one_high", "-o", "target=500")
    assert rook.exit_code == 0 and "500" in rook.stdout
    assert rook.stdout != run("rules", "rook").stdout
    bad = run("rules", "rook", "-o", "hand_size=20")
    assert bad.exit_code == 2 and "hand_size" in bad.stderr


def guide(name: str) -> str:
    return (Path(kibitz.__file__).parent / "guides" / f"{name}.md").read_text(encoding="utf-8")


def test_rules_print_the_rules_page_then_the_guide():
    result = run("rules", "smess")  # no generated page: the guide alone
    assert result.exit_code == 0 and result.stdout == guide("smess").rstrip("\n") + "\n"
    tchess = run("rules", "tchess").stdout
    assert tchess.startswith("# TCHESS Cards") and tchess.endswith(guide("tchess").rstrip() + "\n")


def test_tool_runs_a_games_own_tool():
    result = run("tool", "tchess", "strength", "P", "S", "P", "Q")
    assert result.exit_code == 0 and result.stdout == "(P S) P Q = 17\n"
    listing = run("tool", "tchess")
    assert listing.exit_code == 0 and listing.stdout.startswith("strength: ")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("tool", "tchess", "bogus"), "tchess has no tool 'bogus'; its tools: strength"),
        (("tool", "smess", "strength"), "smess has no tool 'strength'; its tools: none"),
        (("tool", "smess"), "smess has no tools"),
        (("deal", "fortress", "0"), "game numbers start at 1"),
        (("deal", "fortress", "3", "--winnable"), "not both"),
        (("solve", "smess", "1"), "smess has no solver"),
        (("solve", "fortress"), "give a deal number or --position"),
        (("solve", "fortress", "1", "--nodes", "0"), "--nodes must be at least 1"),
        (("survey", "smess", "--deals", "1-3"), "smess has no solver"),
        (("survey", "fortress", "--deals", "0-3"), "start at 1"),
        (("survey", "fortress", "--deals", "5-1"), "is empty"),
    ],
)
def test_declared_commands_refuse_bad_input_with_one_line(args, needle):
    result = run(*args)
    assert result.exit_code == 2
    assert needle in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_deal_renders_the_start_of_a_numbered_deal():
    result = run("deal", "fortress", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Fortress #1"
    assert lines[-10] == "0: JD 9S JS 4D 6D 2H" and lines[-1] == "9: KC QD AC 7D 9C"
    assert run("deal", "chessboard", "#00001").stdout.splitlines()[-10:] == lines[-10:]
    smess = run("deal", "smess", "1")
    assert smess.exit_code == 0 and smess.stdout == run("show", "smess", "--seed", "1").stdout


def test_solve_prints_the_verdict_then_the_line():
    result = run("solve", "chessboard", "16", "--nodes", "100000")
    assert result.exit_code == 0
    verdict, line = result.stdout.splitlines()
    assert verdict == "WIN" and all(">" in move for move in line.split())
    assert "chessboard deal 16:" in result.stderr and "max_home 52" in result.stderr
    assert run("solve", "fortress", "1").stdout.splitlines() == ["LOSS"]
    limited = run("solve", "fortress", "38", "--nodes", "3")
    assert limited.stdout.splitlines() == ["UNKNOWN"]
    assert "fortress deal 38 (search limit reached):" in limited.stderr
    capped = run("solve", "chessboard", "777821", "-o", "max_moves=5")
    assert capped.stdout.splitlines() == ["UNKNOWN"] and capped.stderr.startswith(
        "chessboard deal 777821 (the win found needs more moves than the move cap leaves):")
    position = "QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
    won = run("solve", "fortress", "--position", position)
    assert won.stdout.splitlines() == ["WIN", "1>F 0>1 0>F 1>F"]


def test_survey_json_and_text():
    result = run("survey", "fortress", "--deals", "1-30", "--workers", "1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"] == "fortress" and data["deals"] == 30
    assert data["win"] + data["loss"] + data["unknown"] == 30
    assert data["ci_low"] <= data["rate"] <= data["ci_high"]
    assert 0 < data["figures"]["max_home"]["mean"] <= 52
    text = run("survey", "chessboard", "--deals", "#1-6", "--workers", "2")
    assert text.exit_code == 0
    lines = text.stdout.splitlines()
    assert lines[0] == "chessboard: 6 deals" and lines[1].startswith("WIN ")
    assert "95% Wilson interval" in lines[2]
    assert any(line.startswith("max_home: mean ") for line in lines)
