"""Match statistics: Wilson intervals, Elo and the score interval."""

import math

import pytest

from kibitz.lab.stats import elo, elo_text, match_stats, wilson


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
