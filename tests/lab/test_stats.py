"""Match statistics: Wilson intervals, Elo, the score interval, differences and means."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kibitz.lab.stats import (
    Z95,
    contract_stats,
    elo,
    elo_text,
    match_stats,
    mean_difference,
    mean_interval,
    proportion_difference,
    score_stats,
    wilson,
)


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(100, 100)
    assert lo == pytest.approx(0.9630, abs=1e-4) and hi == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_of_scores():
    assert elo(0.5, 100) == 0.0
    assert elo(0.75, 100) == pytest.approx(190.85, abs=0.01)
    assert elo(1.0, 100) == pytest.approx(-400 * math.log10(1 / 0.995 - 1))
    assert elo(0.25, 100) == pytest.approx(-elo(0.75, 100))


def test_elo_text_is_signed_and_never_minus_zero():
    assert [elo_text(x) for x in (0.0, -0.0, -0.4, 190.85, -190.85)] == [
        "+0", "+0", "+0", "+191", "-191"]
    assert (elo_text(math.inf), elo_text(-math.inf)) == ("+inf", "-inf")
    even = match_stats([1.0, 0.0])
    assert even.summary().endswith("Elo +0 [" + ", ".join(map(elo_text, even.elo_ci)) + "]")
    assert "-0" not in even.summary()


def test_match_stats_counts_and_interval():
    points = [1.0] * 60 + [0.5] * 20 + [0.0] * 20
    s = match_stats(points)
    assert (s.games, s.wins, s.draws, s.losses) == (100, 60, 20, 20)
    assert s.score == pytest.approx(0.7)
    lo, hi = s.score_ci
    assert lo < 0.7 < hi and 0.55 < lo < 0.65
    assert s.elo_ci[0] < s.elo < s.elo_ci[1]
    data = s.to_json()
    assert set(data) == {"games", "wins", "draws", "losses", "score", "score_ci", "elo", "elo_ci"}


def test_a_clean_sweep_still_has_a_proper_interval():
    s = match_stats([1.0] * 20)
    assert s.score == 1.0 and s.score_ci[0] == pytest.approx(wilson(20, 20)[0])
    assert s.score_ci[0] < 1.0


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=1, max_size=60))
def test_elo_interval_ends_follow_the_score_interval_unclamped(points: list[float]):
    """An end is unbounded exactly where the score interval reaches 0 or 1; the point
    estimate stays finite; JSON writes an unbounded end as null (it has no infinity)."""
    s = match_stats(points)
    (lo, hi), (elo_lo, elo_hi) = s.score_ci, s.elo_ci
    assert (elo_hi == math.inf) == (hi == 1.0) and (elo_lo == -math.inf) == (lo == 0.0)
    assert elo_lo <= s.elo <= elo_hi and math.isfinite(s.elo)
    data = json.loads(json.dumps(s.to_json(), allow_nan=False))
    assert data["elo_ci"] == [x if math.isfinite(x) else None for x in s.elo_ci]


def test_a_sweep_reads_unbounded_above_in_text_and_json():
    s = match_stats([1.0] * 6)
    assert s.summary("hands").endswith(f"Elo {elo_text(s.elo)} [{elo_text(s.elo_ci[0])}, +inf]")
    assert s.to_json()["elo_ci"][1] is None
    assert match_stats([]).to_json()["elo_ci"] == [None, None]


def test_newcombes_hybrid_score_interval_matches_his_worked_examples():
    """Newcombe (1998), method 10: 56/70 - 48/80 and 9/10 - 3/10."""
    for (a, m), (b, n), expected in (((48, 80), (56, 70), (0.0524, 0.3339)),
                                     ((3, 10), (9, 10), (0.1705, 0.8090))):  # fmt: skip
        d, ci = proportion_difference(a / m, wilson(a, m), b / n, wilson(b, n))
        assert d == pytest.approx(b / n - a / m)
        assert ci == pytest.approx(expected, abs=5e-5)


@given(st.integers(1, 200), st.integers(1, 200), st.data())
def test_a_difference_of_rates_always_has_width_and_stays_within_one(m: int, n: int, data):
    a, b = data.draw(st.integers(0, m)), data.draw(st.integers(0, n))
    d, (lo, hi) = proportion_difference(a / m, wilson(a, m), b / n, wilson(b, n))
    assert -1.0 <= lo <= d <= hi <= 1.0 and lo < hi
    assert (lo < d or d == -1.0) and (d < hi or d == 1.0)


@given(st.lists(st.integers(-50, 50), max_size=30), st.integers(-50, 50))
def test_a_mean_has_no_interval_from_too_few_values_or_values_all_alike(values, x):
    same = [float(x)] * len(values)
    if same:
        assert mean_interval(same) == (x, None)
        assert mean_difference(same, same) == (0.0, None)
    if len(set(values)) > 1:
        mean, (lo, hi) = mean_interval(values)
        assert lo < mean < hi
        d, (lo, hi) = mean_difference(values, [*values, x])
        assert lo < d < hi


def test_a_difference_of_means_uses_the_sample_variances():
    """b - a = 1.5; variances 1 (a: 1, 2, 3) and 0.5 (b: 3, 4): se = sqrt(1/3 + 0.5/2)."""
    d, (lo, hi) = mean_difference([1, 2, 3], [3, 4])
    half = Z95 * (1 / 3 + 0.25) ** 0.5
    assert d == 1.5
    assert lo == pytest.approx(1.5 - half) and hi == pytest.approx(1.5 + half)
    assert mean_difference([2], [5, 6]) == (3.5, None)


def test_a_match_whose_margins_never_vary_says_it_has_no_interval():
    stats = score_stats("games", [0.0, 0.0], [((), ()), ((), ())], False)
    assert (stats.margin, stats.margin_ci) == (0.0, None)
    assert stats.to_json() == {"margin": 0.0, "margin_ci": None}
    assert stats.summary_lines() == [
        "points per game, A minus B: +0.0 (no interval): fewer than two games, or all alike"]


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=1, max_size=60))
def test_the_score_interval_takes_the_wider_of_normal_and_wilson_on_each_side(points):
    n, score = len(points), sum(points) / len(points)
    half = Z95 * math.sqrt(sum((p - score) ** 2 for p in points) / n / n)
    w_lo, w_hi = wilson(sum(points), n)
    lo, hi = match_stats(points).score_ci
    assert lo <= w_lo and w_hi <= hi  # never narrower than Wilson's, on either side
    assert lo in (w_lo, max(0.0, score - half)) and hi in (w_hi, min(1.0, score + half))


def test_wilson_widens_the_interval_even_when_games_went_both_ways():
    """8 wins and 2 losses: the normal interval reaches past 1 (so the score interval ends at
    1), and Wilson's lower end is below the normal one's."""
    lo, hi = match_stats([1.0] * 8 + [0.0] * 2).score_ci
    assert lo == pytest.approx(wilson(8, 10)[0]) and lo < 0.8 - Z95 * math.sqrt(0.016)
    assert hi == 1.0


@given(st.integers(1, 100_000), st.data())
def test_wilson_stays_in_zero_one_and_is_exact_at_none_or_all(n: int, data):
    k = data.draw(st.integers(0, n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    assert (lo == 0.0) == (k == 0) and (hi == 1.0) == (k == n)
    assert contract_stats([(100, False)] * n).made_ci[0] == 0.0


def test_an_even_score_is_elo_plus_zero_in_json():
    for data in (match_stats([0.5, 0.5]).to_json(), match_stats([1.0, 0.0]).to_json()):
        assert math.copysign(1.0, data["elo"]) == 1.0 and '"elo": 0.0' in json.dumps(data)
