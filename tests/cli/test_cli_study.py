"""``kibitz study``, and the survey's --store: files written, resuming, clear errors."""

import json

from typer.testing import CliRunner

from kibitz.cli import app

runner = CliRunner()

STUDY = """
title = "tiny patience study"
game = "fortress"
agents = ["random"]
games = 3
seed = 1
max_plies = 60

[[variants]]
name = "Fortress"

[[variants]]
name = "Chessboard"
game = "chessboard"
"""


def test_study_writes_the_report_and_rebuilds_it_from_the_stored_results(tmp_path):
    file = tmp_path / "patience.toml"
    file.write_text(STUDY)
    result = runner.invoke(app, ["study", str(file)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "patience"
    report = (folder / "report.md").read_text()
    assert "6 games of 3 per variant" in report and "Chessboard − Fortress" in report
    for name in ("report.html", "results.sqlite", "scores.png", "scores.svg", "lengths.png"):
        assert (folder / name).exists()
    (folder / "report.md").unlink()
    again = runner.invoke(app, ["study", str(file), "--report-only"])
    assert again.exit_code == 0

    def tables(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("Report written by")]

    assert tables((folder / "report.md").read_text()) == tables(report)


def test_study_errors_are_one_line(tmp_path):
    file = tmp_path / "bad.toml"
    file.write_text('game = "fortress"\ngames = "many"\n')
    result = runner.invoke(app, ["study", str(file)])
    assert result.exit_code == 2 and "games must be a whole number" in result.stderr
    empty = tmp_path / "empty.toml"
    empty.write_text(STUDY)
    result = runner.invoke(app, ["study", str(empty), "--report-only"])
    assert result.exit_code == 2 and "holds no results" in result.stderr
    result = runner.invoke(app, ["study", str(empty), "--backend", "spark"])
    assert result.exit_code == 2 and "choose one of local, ray" in result.stderr


def test_survey_store_resumes(tmp_path):
    store = str(tmp_path / "f.sqlite")
    first = runner.invoke(app, ["survey", "fortress", "--deals", "1-10", "--workers", "1",
                                "--store", store, "--json"])  # fmt: skip
    whole = runner.invoke(app, ["survey", "fortress", "--deals", "1-30", "--workers", "1",
                                "--store", store, "--json"])  # fmt: skip
    plain = runner.invoke(app, ["survey", "fortress", "--deals", "1-30", "--workers", "1",
                                "--json"])  # fmt: skip
    assert first.exit_code == whole.exit_code == 0
    assert json.loads(whole.stdout) == json.loads(plain.stdout)
    assert f"10 deals solved now, 0 kept from {store}" in first.stderr
    assert f"20 deals solved now, 10 kept from {store}" in whole.stderr
    assert "solved now" not in plain.stderr
    other = runner.invoke(app, ["survey", "fortress", "--deals", "1-3", "--nodes", "5",
                                "--store", store])  # fmt: skip
    assert other.exit_code == 2 and "other settings" in other.stderr
