"""The generic deal, solve and survey commands on the patience games' numbers and solver."""

import json

from typer.testing import CliRunner

from kibitz.cli import app

runner = CliRunner()


def test_deal_prints_ten_piles():
    r = runner.invoke(app, ["deal", "fortress", "1"])
    assert r.exit_code == 0
    lines = r.stdout.splitlines()[-10:]
    assert lines[0] == "0: JD 9S JS 4D 6D 2H" and lines[9] == "9: KC QD AC 7D 9C"
    same = runner.invoke(app, ["deal", "chessboard", "#00001"])
    assert same.stdout.splitlines()[-10:] == lines


def test_deal_rejects_bad_numbers():
    for bad, why in (("0", "game numbers start at 1"), ("1.5", "1.5")):
        r = runner.invoke(app, ["deal", "fortress", bad])
        assert r.exit_code == 2 and why in r.output


def test_solve_prints_verdict_then_line():
    r = runner.invoke(app, ["solve", "chessboard", "16", "--nodes", "100000"])
    assert r.exit_code == 0
    out = [line for line in r.stdout.splitlines() if line in ("WIN", "LOSS", "UNKNOWN")
           or ">" in line]
    assert out[0] == "WIN" and all(">" in m for m in out[1].split())
    r = runner.invoke(app, ["solve", "fortress", "1"])
    assert r.stdout.splitlines()[0] == "LOSS"
    r = runner.invoke(app, ["solve", "fortress", "38", "--nodes", "3"])
    assert r.stdout.splitlines()[0] == "UNKNOWN"
    pos = "QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
    r = runner.invoke(app, ["solve", "fortress", "--position", pos])
    assert r.stdout.splitlines()[0] == "WIN"


def test_survey_json_and_text():
    r = runner.invoke(app, ["survey", "fortress", "--deals", "1-30", "--workers", "1", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout.strip().splitlines()[-1])
    for key in ("deals", "win", "loss", "unknown", "rate", "ci_low", "ci_high"):
        assert key in data
    best = data["figures"]["max_home"]  # FO-15: no card home at all, and the mean brought home
    assert 0 <= best["zero_share"] <= 1 and 0 <= best["mean"] <= 52
    assert data["deals"] == 30 and data["win"] + data["loss"] + data["unknown"] == 30
    assert data["ci_low"] <= data["rate"] <= data["ci_high"]
    t = runner.invoke(app, ["survey", "chessboard", "--deals", "1-6", "--workers", "2"])
    assert t.exit_code == 0 and "WIN" in t.stdout and "Wilson" in t.stdout
    bad = runner.invoke(app, ["survey", "fortress", "--deals", "0-3"])
    assert bad.exit_code == 2 and "start at 1" in bad.output
