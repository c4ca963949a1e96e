"""The generic winnability survey over a game's solver: ranges, summary figures, workers."""

import pytest

import kibitz
from kibitz.core.errors import InvalidOptions, KibitzError
from kibitz.lab.stats import wilson
from kibitz.lab.survey import DealResult, parse_range, run_survey, summarize

FORTRESS = kibitz.load("fortress")


def test_wilson_vector_11():
    low, high = wilson(202_396, 1_000_000)
    assert round(low * 100, 3) == 20.161 and round(high * 100, 3) == 20.318
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1] * 100, 2) == 27.75


def test_summary_counts_verdicts_and_the_conservative_interval():
    verdicts = ["win"] * 50 + ["loss"] * 40 + ["unknown"] * 10
    results = [DealResult(k, v, 1, {"max_home": 52 if v == "win" else 0, "home": 0})
               for k, v in enumerate(verdicts, 1)]  # fmt: skip
    s = summarize("fortress", results)
    assert (s.win, s.loss, s.unknown, s.rate, s.nodes) == (50, 40, 10, 0.5, 100)
    assert round(s.ci_low * 100, 2) == 40.38 and round(s.ci_high * 100, 2) == 69.06
    assert s.figures["max_home"].zero_share == 0.5 and s.figures["max_home"].mean == 26.0
    assert s.to_json()["figures"]["home"] == {"mean": 0.0, "zero_share": 1.0}


def test_parse_range_reads_numbers_as_the_game_writes_them():
    assert parse_range(FORTRESS, "1-10") == range(1, 11)
    assert parse_range(FORTRESS, "7") == range(7, 8)
    assert parse_range(FORTRESS, "#12-00014") == range(12, 15)
    for bad in ("0-5", "5-1", "a-b", "1-", ""):
        with pytest.raises(KibitzError):
            parse_range(FORTRESS, bad)


def test_survey_solves_every_deal_in_order_with_any_number_of_workers():
    seen = []
    serial = run_survey(FORTRESS, range(1, 8), 1, 20_000, seen.append)
    assert [r.number for r in serial] == list(range(1, 8)) and sum(seen) == 7
    assert {r.verdict for r in serial} <= {"win", "loss", "unknown"}
    assert serial[0].verdict == "loss" and "max_home" in serial[0].detail
    assert run_survey(FORTRESS, range(1, 8), 2, 20_000) == serial


def test_a_game_without_a_solver_is_refused():
    with pytest.raises(InvalidOptions, match="smess has no solver"):
        run_survey(kibitz.load("smess"), range(1, 3))
