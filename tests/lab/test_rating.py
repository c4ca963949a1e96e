"""The tournament's rating fit: the match's Elo for two players, known strengths recovered,
anchoring, intervals and the likelihood of superiority."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kibitz.lab.rating import PairTally, fit_ratings
from kibitz.lab.stats import match_stats


def expected(d: float) -> float:
    """The Elo model's expected score at a rating difference ``d``."""
    return 1 / (1 + 10 ** (-d / 400))


@given(st.integers(1, 300), st.data())
def test_two_players_get_the_matchs_elo_difference(games: int, data) -> None:
    wins = data.draw(st.integers(0, games))
    draws = data.draw(st.integers(0, games - wins))
    ratings = fit_ratings(2, {(0, 1): PairTally(games, wins + draws / 2)})
    match = match_stats([1.0] * wins + [0.5] * draws + [0.0] * (games - wins - draws))
    assert ratings.elo[0] - ratings.elo[1] == pytest.approx(match.elo, abs=1e-6)
    assert ratings.elo[0] == pytest.approx(-ratings.elo[1], abs=1e-6)
    (lo0, hi0), (lo1, hi1) = ratings.elo_ci
    swept, lost = wins == games, wins + draws == 0
    assert (hi0 == math.inf) == (lo1 == -math.inf) == swept
    assert (lo0 == -math.inf) == (hi1 == math.inf) == lost
    assert match.elo_ci[1] == math.inf or not swept
    assert match.elo_ci[0] == -math.inf or not lost


def test_a_sweep_leaves_the_ratings_unbounded_where_the_games_do_not_bound_them() -> None:
    """0 lost every game; 1, 2 and 3 each scored against each other."""
    tallies = {(0, 1): PairTally(10, 0), (0, 2): PairTally(10, 0), (0, 3): PairTally(10, 0),
               (1, 2): PairTally(10, 2), (1, 3): PairTally(10, 1), (2, 3): PairTally(10, 9)}
    mean = fit_ratings(4, tallies)
    assert [lo == -math.inf for lo, _ in mean.elo_ci] == [True, False, False, False]
    assert [hi == math.inf for _, hi in mean.elo_ci] == [False, True, True, True]
    anchored = fit_ratings(4, tallies, anchor=2)
    assert anchored.elo_ci[0][0] == -math.inf and anchored.elo_ci[2] == (0.0, 0.0)
    assert all(math.isfinite(x) for lo_hi in anchored.elo_ci[1:] for x in lo_hi)
    at_loser = fit_ratings(4, tallies, anchor=0)
    assert [hi for _, hi in at_loser.elo_ci] == [0.0, math.inf, math.inf, math.inf]
    assert all(math.isfinite(e) for e in mean.elo + anchored.elo + at_loser.elo)


def test_known_strengths_are_recovered_from_their_expected_scores() -> None:
    true = [0.0, 120.0, 300.0, 310.0]
    tallies = {
        (i, j): PairTally(1000, 1000 * expected(true[i] - true[j]))
        for i in range(4) for j in range(i + 1, 4)
    }  # fmt: skip
    ratings = fit_ratings(4, tallies, anchor=0)
    assert ratings.elo == pytest.approx(true, abs=1e-4)
    assert ratings.elo_ci[0] == (0.0, 0.0)
    for (lo, hi), e in zip(ratings.elo_ci[1:], ratings.elo[1:], strict=True):
        assert lo < e < hi


def test_the_anchor_moves_the_scale_not_the_differences() -> None:
    tallies = {(0, 1): PairTally(20, 14), (1, 2): PairTally(20, 11.5), (0, 2): PairTally(20, 16)}
    mean = fit_ratings(3, tallies)
    anchored = fit_ratings(3, tallies, anchor=2)
    assert sum(mean.elo) == pytest.approx(0, abs=1e-9)
    assert anchored.elo[2] == 0
    for i in range(3):
        assert anchored.elo[i] - mean.elo[i] == pytest.approx(-mean.elo[2], abs=1e-9)
        for j in range(3):
            if i != j:
                assert anchored.superiority(i, j) == pytest.approx(mean.superiority(i, j))


def test_superiority_is_complementary_and_follows_the_ratings() -> None:
    tallies = {(0, 1): PairTally(40, 30), (1, 2): PairTally(40, 20), (0, 2): PairTally(40, 29)}
    ratings = fit_ratings(3, tallies)
    assert ratings.superiority(0, 1) + ratings.superiority(1, 0) == pytest.approx(1)
    assert ratings.superiority(0, 1) > 0.99
    assert 0.3 < ratings.superiority(1, 2) < 0.7


def test_more_games_narrow_the_interval() -> None:
    def width(n: int) -> float:
        lo, hi = fit_ratings(2, {(0, 1): PairTally(n, 0.6 * n)}).elo_ci[0]
        return hi - lo

    assert width(400) < width(100) / 1.9


def test_a_player_who_won_every_game_gets_a_finite_rating() -> None:
    tallies = {(0, 1): PairTally(10, 10), (0, 2): PairTally(10, 10), (1, 2): PairTally(10, 5)}
    ratings = fit_ratings(3, tallies)
    assert all(math.isfinite(e) for e in ratings.elo)
    assert ratings.elo[0] > ratings.elo[1] + 300


def test_unlinked_players_are_refused() -> None:
    with pytest.raises(ValueError, match="unlinked"):
        fit_ratings(4, {(0, 1): PairTally(10, 5), (2, 3): PairTally(10, 5)})
