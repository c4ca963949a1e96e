"""The game-agnostic commands, run through Typer's test runner as a user would."""

import json

import pytest
from typer.testing import CliRunner

from kibitz.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_options_with_types_and_defaults():
    result = run("games")
    assert result.exit_code == 0
    assert "smess:" in result.output
    assert "max_plies_without_progress: int or None (1..10000) = None" in result.output
    assert "promotion_requires_captured_numskull: bool = False" in result.output
    assert "            Draw when the same position occurs for the third time." in result.output


def test_games_lists_what_each_game_declares():
    out = run("games").stdout
    rook = out[out.index("rook:"):out.index("smess:")]
    assert "(4 players)" in rook and "partners South+North v West+East" in rook
    assert "hidden information; chance moves; resign; statistics: scores" in rook
    assert "levels (default 2):" in rook and "own agents: legacy, rookbot" in rook
    assert "        1 (poor): random" in rook and "        4 (very good): rookbot:" in rook
    fortress = out[out.index("fortress:"):out.index("rook:")]
    assert "(1 player)" in fortress and "statistics: streaks; solver assistance" in fortress
    assert "undo/redo/restart; concede" in fortress
    smess = out[out.index("smess:"):out.index("tchess:")]
    assert "take-back against the computer; resign; agreed draws" in smess
    tchess = out[out.index("tchess:"):]
    assert "chance moves; resign; agreed draws" in tchess and "take-back" not in tchess
    assert "tools: strength" in tchess


def test_perft_prints_depth_and_count_lines():
    result = run("perft", "smess", "3")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["1 12", "2 144", "3 1943"]
    assert "nodes/s" in result.stderr


def test_perft_from_a_position_with_options():
    position = "3b3/7/3n3/7/3S3/7/7/3B3 b"
    result = run("perft", "smess", "1", "-p", position, "-o", "repetition_draw=1")
    assert result.stdout.splitlines() == ["1 25"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("perft", "chess", "2"), "unknown game 'chess'"),
        (("perft", "smess", "0"), "depth must be at least 1"),
        (("perft", "smess", "2", "-o", "bogus=1"), "unknown option 'bogus'"),
        (("perft", "smess", "2", "-o", "max_plies_without_progress=0"), "within 1..10000"),
        (("show", "smess", "-p", "7/7 b"), "8 ranks"),
        (("show", "smess", "--seat", "5"), "seat must be in 0..1"),
        (("replay", "/nonexistent/record.json"), "No such file"),
        (("random-game", "smess", "-o", "repetition_draw"), "KEY=VALUE"),
        (("random-game", "smess", "--max-plies", "0"), "'--max-plies': Input should be greater"),
        (("random-game", "tchess", "-o", "deck=K:1,K:2"), "option 'deck': K is given twice"),
        (("random-game", "tchess", "-o", "deck=K:1"), "holds 1 card, fewer than"),
        (("perft", "smess", "abc"), "Invalid value for 'depth'"),  # the parser's own errors
        (("analyse", "--workers", "0", "x.json"), "'--workers': Input should be greater"),
        (("match", "smess", "level:1"), "Missing argument 'b'."),
        (("perft", "smess", "2", "--deep"), "No such option: --deep"),
        (("nosuchcommand",), "No such command 'nosuchcommand'."),
    ],
)
def test_user_errors_print_one_line_and_exit_2(args, needle):
    result = run(*args)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_show_prints_the_board_with_arrows():
    result = run("show", "smess")
    assert result.exit_code == 0
    assert "Position: 1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b 0 1" in result.output
    assert "↖" in result.output and "Blue to move" in result.output


def test_random_game_then_replay(tmp_path):
    result = run("random-game", "smess", "--seed", "11", "-o", "max_plies_without_progress=60")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["game"] == "smess" and record["result"] is not None
    again = run("random-game", "smess", "--seed", "11", "-o", "max_plies_without_progress=60")
    assert again.stdout == result.stdout
    path = tmp_path / "game.json"
    path.write_text(result.stdout)
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0
    lines = replayed.stdout.splitlines()
    assert lines[0] == f"1. Blue: {record['actions'][0]}"
    assert lines[1] == f"2. Red: {record['actions'][1]}"
    assert len(lines) == len(record["actions"]) + 1
    assert lines[-1].startswith("result: ")
    assert "wins" in lines[-1] or "draw" in lines[-1]


def test_replay_names_who_made_each_ply_chance_included_and_no_one_in_patience(tmp_path):
    rook = run("random-game", "rook", "-o", "preset=dixie", "-o", "max_hands=1", "--seed", "3")
    lines = run("replay", "-", input=rook.stdout).stdout.splitlines()
    actions = json.loads(rook.stdout)["actions"]
    first_call = next(i for i, a in enumerate(actions) if a.startswith(("bid", "pass")))
    assert lines[0] == f"1. chance: {actions[0]}"
    assert lines[first_call].split(":")[0].split(". ")[1] in {"South", "West", "North", "East"}
    assert lines[first_call].endswith(f": {actions[first_call]}")
    fortress = run("random-game", "fortress", "--seed", "3")
    first = json.loads(fortress.stdout)["actions"][0]
    assert run("replay", "-", input=fortress.stdout).stdout.splitlines()[0] == f"1. {first}"


def test_replay_of_an_illegal_record_fails_naming_ply_and_move(tmp_path):
    record = {"game": "smess", "actions": ["b2-b3", "b2-b3"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "ply 2: move 'b2-b3'" in result.stderr


def test_replay_reads_stdin_and_convert_keeps_json_for_games_without_text_format():
    record = json.dumps({"game": "smess", "actions": ["b2-b3"]})
    assert run("replay", "-", input=record).stdout.splitlines()[-1] == "result: unfinished"
    result = run("convert", "-", "--to", "text", input=record)
    assert result.exit_code == 2 and "no text record format" in result.stderr
    by_default = run("convert", "-", input=record)  # JSON already: what else there is, said
    assert by_default.exit_code == 2 and "its records are JSON" in by_default.stderr
    assert json.loads(run("convert", "-", "--to", "json", input=record).stdout)["game"] == "smess"


@pytest.mark.parametrize(
    "command", [("replay",), ("convert",), ("view",), ("analyse",), ("play", "smess", "--load")]
)
def test_a_file_that_is_not_utf8_text_is_one_line(tmp_path, command):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe garbage")
    result = run(*command, str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.strip() == f"error: {path}: not UTF-8 text (byte 0xff at 0)"


def test_no_command_lists_the_commands():
    result = run()
    assert result.exit_code == 0 and "Commands" in result.stdout and "tournament" in result.stdout


def test_the_installed_command_exits_2_without_traceback():
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "kibitz", "perft", "smess", "x"], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "kibitz", "perft", "nogame", "1"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: unknown game 'nogame'; known games: " + ", ".join(
        __import__("kibitz").games()
    )


def test_view_replays_a_record_up_to_a_ply():
    record = json.dumps({"game": "smess", "actions": ["b2-b3", "b7-b6", "c2-c3"]})
    result = run("view", "-", "--ply", "2", input=record)
    assert result.exit_code == 0
    assert "Position: 1ssbss1/n1nnnnn/1n5/7/7/1N5/N1NNNNN/1SSBSS1 b 2 2" in result.stdout
    bad = run("view", "-", "--ply", "9", input=record)
    assert bad.exit_code == 2 and "ply must be in 0..3, got 9" in bad.stderr
