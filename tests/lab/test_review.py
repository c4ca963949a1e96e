"""``kibitz analyse`` of several records (``kibitz.lab.review``): each game summarised, every
player's moves summed over the games under the agents' names, bad records named and skipped."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kibitz.ai.analysis import SideSummary
from kibitz.cli.common import app
from kibitz.lab.review import Totals, side_players

SPEC = "alphabeta:depth=1"
PLAYERS = ("greedy", "random")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The records of a three-game Smess match, greedy against random."""
    folder = tmp_path_factory.mktemp("records")
    result = CliRunner().invoke(
        app, ["match", "smess", *PLAYERS, "--games", "3", "--records", str(folder), "--json"]
    )
    assert result.exit_code == 0, result.output
    return sorted(folder.glob("*.json"))


def analysed_alone(path: Path) -> dict:
    """``kibitz analyse --json`` of one record."""
    result = CliRunner().invoke(app, ["analyse", str(path), "--spec", SPEC, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_several_records_are_summed_by_the_agents_that_played(records: list[Path]) -> None:
    result = CliRunner().invoke(
        app, ["analyse", *map(str, records), "--spec", SPEC, "--workers", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    alone = [analysed_alone(path) for path in records]
    assert [g["file"] for g in data["games"]] == [str(p) for p in records]
    for game, single in zip(data["games"], alone, strict=True):
        assert {k: game[k] for k in single} == single  # as `kibitz analyse` alone judges it
        seats = json.loads(Path(game["file"]).read_text())["metadata"]["players"]
        assert game["players"] == seats
    totals = {t["name"]: t for t in data["players"]}
    assert set(totals) == set(PLAYERS)
    for name, t in totals.items():
        mine = [m for g in data["games"] for m in g["moves"]
                if g["players"][m["side"]] == name]
        assert t["games"] == len(records) and t["moves"] == len(mine)
        assert t["marks"] == {k: sum(m["mark"] == k for m in mine)
                              for k in ("blunder", "mistake", "inaccuracy")}
        assert t["average_loss"] == pytest.approx(sum(m["loss"] for m in mine) / len(mine))
    assert totals["random"]["average_loss"] > totals["greedy"]["average_loss"]


def test_the_text_names_each_game_then_the_players_and_a_bad_record_is_skipped(
    records: list[Path], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "smess", "actions": ["z9-z9"]}')
    missing = tmp_path / "missing.json"
    result = CliRunner().invoke(
        app, ["analyse", str(records[0]), str(bad), str(missing), str(records[1]), "--spec", SPEC]
    )
    assert result.exit_code == 2
    out = result.stdout
    assert f"{records[0]} (smess, " in out and f"{records[1]} (smess, " in out
    assert str(bad) not in out
    assert re.search(rf"{re.escape(str(bad))}: .*z9-z9", result.stderr)
    assert f"{missing}: No such file or directory" in result.stderr
    assert "2 of 4 records not analysed" in result.stderr
    by_player = out.split("By player, over 2 games:\n")[1].splitlines()
    assert [line.split(":")[0].strip() for line in by_player] == list(PLAYERS)
    for line in by_player:
        assert re.fullmatch(
            r"  \w+: \d+ blunders?, \d+ mistakes?, \d+ inaccurac(y|ies); "
            r"average loss \d+\.\d% over \d+ moves in 2 games",
            line,
        ), line


def test_sides_are_named_by_their_seats_agents_or_else_their_own_names() -> None:
    sides, names = [(0, 2), (1, 3)], ["South-North", "West-East"]
    four = {"metadata": {"players": ["level:4", "level:3", "level:4", "level:2"]}}
    assert side_players(four, sides, names) == ["level:4", "level:3 + level:2"]
    assert side_players({}, sides, names) == names
    assert side_players({"metadata": {"players": ["a", "b"]}}, sides, names) == names


def test_a_side_without_moves_leaves_the_average_of_the_others() -> None:
    """A game where a side made no move (conceded at once) adds a game and no loss; only a
    solver's verdicts leave a player without an average."""
    marks = {"blunder": 0, "mistake": 0, "inaccuracy": 0}
    totals = Totals("level:4")
    totals.add(SideSummary("White", 10, dict(marks), 0.05))
    totals.add(SideSummary("White", 0, dict(marks), None))
    assert (totals.games, totals.summary().average_loss) == (2, pytest.approx(0.05))
    solved = Totals("Player")
    solved.add(SideSummary("Player", 3, {**marks, "blunder": 1}, None))
    assert solved.summary().average_loss is None and solved.summary().marks["blunder"] == 1


def test_records_of_different_games_are_summed_per_game(
    records: list[Path], tmp_path: Path
) -> None:
    """A player's moves in two games do not add up: with a Fortress deal's records beside
    the Smess match, each player is totalled per game."""
    other = CliRunner().invoke(
        app, ["match", "fortress", *PLAYERS, "--games", "1", "--records", str(tmp_path),
              "--json"])
    assert other.exit_code == 0, other.output
    files = [str(records[0]), *map(str, sorted(tmp_path.glob("*.json")))]
    result = CliRunner().invoke(app, ["analyse", *files, "--json", "--nodes", "2000"])
    assert result.exit_code == 0, result.output
    names = [p["name"] for p in json.loads(result.output)["players"]]
    assert sorted(names) == sorted(f"{p} ({g})" for p in PLAYERS for g in ("smess", "fortress"))
