"""The generic winnability survey over a game's solver: ranges, summary figures, workers."""

import pytest

import kibitz
from kibitz.core.errors import InvalidOptions, KibitzError
from kibitz.lab.stats import wilson
from kibitz.lab.survey import DealResult, format_summary, parse_range, run_survey, summarize

FORTRESS = kibitz.load("fortress")


def test_wilson_vector_11():
    low, high = wilson(202_396, 1_000_000)
    assert round(low * 100, 3) == 20.161 and round(high * 100, 3) == 20.318
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1] * 100, 2) == 27.75


def test_summary_counts_verdicts_and_the_conservative_interval():
    verdicts = ["win"] * 50 + ["loss"] * 40 + ["unknown"] * 10
    results = [DealResult(k, v, 1, {"max_home": 52 if v == "win" else 0, "home": 0})
               for k, v in enumerate(verdicts, 1)]  # fmt: skip
    s = summarize(FORTRESS, results)
    assert (s.win, s.loss, s.unknown, s.rate, s.nodes) == (50, 40, 10, 0.5, 100)
    assert round(s.ci_low * 100, 2) == 40.38 and round(s.ci_high * 100, 2) == 69.06
    assert s.figures["max_home"].zero_share == 0.5 and s.figures["max_home"].mean == 26.0
    assert s.to_json()["figures"]["home"] == {
        "meaning": "cards on the foundations at the start",
        "mean": 0.0, "zero_share": 1.0, "counts": {"0": 100},
    }  # fmt: skip


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


def test_a_game_without_a_solver_is_refused_naming_those_with_one():
    solvable = ", ".join(n for n in kibitz.games() if kibitz.load(n).assistant() is not None)
    with pytest.raises(InvalidOptions) as refused:
        run_survey(kibitz.load("smess"), range(1, 3))
    assert str(refused.value) == (
        f"smess has no solver: only games with one can be surveyed ({solvable})")
    assert "fortress" in solvable


def test_the_summary_says_what_each_solver_figure_is():
    results = [DealResult(k, "loss", 5, {"home": 0, "max_home": k}) for k in range(1, 5)]
    text = format_summary(summarize(FORTRESS, results))
    assert ("\nhome: mean 0.00, zero in 100.00% of deals (cards on the foundations at the "
            "start)\n") in text
    assert ("\nmax_home: mean 2.50, zero in 0.00% of deals (the most cards the solver could "
            "get home)\n") in text


def test_a_stored_survey_resumes_and_keeps_every_verdict(tmp_path):
    from kibitz.lab.store import ResultStore
    from kibitz.lab.survey import stored_results, survey_settings

    settings = survey_settings(FORTRESS, 20_000)
    fresh = run_survey(FORTRESS, range(1, 41), 1, 20_000)
    with ResultStore(tmp_path / "s.sqlite", "survey", settings) as store:
        run_survey(FORTRESS, range(1, 21), 1, 20_000, None, store)
        assert sorted(stored_results(store)) == list(range(1, 21))
        seen = []
        assert run_survey(FORTRESS, range(1, 41), 1, 20_000, seen.append, store) == fresh
        assert seen == [20, 20]  # the 20 kept at once, then only the 20 new ones solved
        assert stored_results(store) == {r.number: r for r in fresh}
    with pytest.raises(InvalidOptions, match="other settings"):
        ResultStore(tmp_path / "s.sqlite", "survey", survey_settings(FORTRESS, 5))


def test_summary_gives_the_distribution_of_each_figure_and_the_solver_effort():
    results = [DealResult(k, "loss", k * 10, {"max_home": k % 3}) for k in range(1, 7)]
    s = summarize(FORTRESS, results)
    assert s.figures["max_home"].counts == {1: 2, 2: 2, 0: 2}
    assert (s.nodes, s.nodes_max) == (210, 60)
    assert s.to_json()["figures"]["max_home"]["counts"] == {"0": 2, "1": 2, "2": 2}
