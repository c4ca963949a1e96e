"""Ratings of several players from every game between them at once: a Bradley-Terry fit
(the Elo model), its 95% intervals and the likelihood of superiority of each over each.

A pairing's result is the points of one side (1 a win, 1/2 a draw) over its games. A pairing
won or lost whole counts half a game less, as a two-player match's Elo is clamped, so the fit
always exists and two players get exactly the match's Elo difference. The intervals come from
the fit's Fisher information, a draw counted as half a win and half a loss, as the Wilson
interval of a match counts it (so they are on the safe side where draws are many).

Where the games put no limit on a rating, its interval has no end on that side (``inf``), as
a match's Elo interval has none once its score interval reaches 0 or 1: a group of players
nobody outside it ever scored against could be rated higher without limit, and the rest
lower. So an entrant who won every game has no upper bound; and as the zero moves with the
group when it is the anchor's or the mean of all, the others then have no lower bound.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kibitz.lab.stats import Z95

ELO_PER_NEPER = 400.0 / math.log(10.0)
"""Elo points per unit of the natural-log strength."""


@dataclass(frozen=True)
class PairTally:
    """The games of one pairing and its first player's points in them."""

    games: int
    points: float

    def clamped(self) -> PairTally:
        """The tally with a whole win or loss taken back by half a game."""
        return PairTally(self.games, min(max(self.points, 0.5), self.games - 0.5))


@dataclass(frozen=True)
class Ratings:
    """Each player's Elo with its 95% interval, on a scale whose zero is the anchor (or the
    players' mean), and the covariance behind the intervals (Elo squared)."""

    elo: tuple[float, ...]
    elo_ci: tuple[tuple[float, float], ...]
    covariance: np.ndarray

    def superiority(self, i: int, j: int) -> float:
        """The likelihood that player ``i`` is stronger than player ``j`` (normal
        approximation of the difference of their ratings)."""
        c = self.covariance
        var = c[i, i] + c[j, j] - 2 * c[i, j]
        diff = self.elo[i] - self.elo[j]
        if var <= 0:
            return 0.5 if diff == 0 else float(diff > 0)
        return 0.5 * math.erfc(-diff / math.sqrt(2 * var))


def fit_ratings(
    players: int, tallies: Mapping[tuple[int, int], PairTally], anchor: int | None = None
) -> Ratings:
    """Fit the ratings of ``players`` players from ``tallies[(i, j)]``, the games of ``i``
    against ``j`` (each pairing once). Zero is ``anchor``'s rating, or the mean of all.

    Every player must be linked to every other through pairings with games, or the scale
    between the unlinked groups is unknown (``ValueError``).
    """
    pairs = [(i, j, t.clamped()) for (i, j), t in tallies.items() if t.games]
    _check_linked(players, [(i, j) for i, j, _ in pairs])
    strength = np.ones(players)
    won = np.zeros(players)
    for i, j, t in pairs:
        won[i] += t.points
        won[j] += t.games - t.points
    for _ in range(10_000):  # Hunter's MM steps: each raises the likelihood
        spent = np.zeros(players)
        for i, j, t in pairs:
            share = t.games / (strength[i] + strength[j])
            spent[i] += share
            spent[j] += share
        new = won / spent
        new /= math.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(strength))) < 1e-12
        strength = new
        if done:
            break
    theta = np.log(strength)
    fisher = np.zeros((players, players))
    for i, j, t in pairs:
        p = strength[i] / (strength[i] + strength[j])
        w = t.games * p * (1 - p)
        fisher[i, i] += w
        fisher[j, j] += w
        fisher[i, j] -= w
        fisher[j, i] -= w
    cov = _covariance(fisher, anchor) * ELO_PER_NEPER**2
    elo = (theta - (theta[anchor] if anchor is not None else theta.mean())) * ELO_PER_NEPER
    half = Z95 * np.sqrt(np.maximum(np.diag(cov), 0.0))
    no_low, no_high = _unbounded(players, tallies, anchor)
    return Ratings(
        tuple(float(e) for e in elo),
        tuple((-math.inf if low else float(e - h), math.inf if high else float(e + h))
              for e, h, low, high in zip(elo, half, no_low, no_high, strict=True)),
        cov,
    )  # fmt: skip


def _unbounded(
    players: int, tallies: Mapping[tuple[int, int], PairTally], anchor: int | None
) -> tuple[list[bool], list[bool]]:
    """Which ratings have no lower and which no upper bound. Player ``u`` reaches ``v``
    when it scored against ``v``, directly or through others; a rating has no upper bound
    when someone who does not reach it fixes the zero (the anchor, or any player for the
    mean), and no lower bound when it does not reach someone who fixes the zero."""
    reach = np.eye(players, dtype=bool)
    for (i, j), t in tallies.items():
        reach[i, j] |= t.points > 0
        reach[j, i] |= t.points < t.games
    for k in range(players):  # Warshall's transitive closure
        reach |= np.outer(reach[:, k], reach[k])
    if anchor is None:
        no_low, no_high = ~reach.all(axis=1), ~reach.all(axis=0)
    else:
        others = np.arange(players) != anchor
        no_low, no_high = others & ~reach[:, anchor], others & ~reach[anchor]
    return no_low.tolist(), no_high.tolist()


def _covariance(fisher: np.ndarray, anchor: int | None) -> np.ndarray:
    """The covariance of the log strengths: with zero at the mean, the pseudo-inverse of the
    information (which leaves the common shift free); with an anchor, the other players'
    block inverted and the anchor's row and column zero."""
    if anchor is None:
        return np.linalg.pinv(fisher)
    keep = [k for k in range(len(fisher)) if k != anchor]
    cov = np.zeros_like(fisher)
    cov[np.ix_(keep, keep)] = np.linalg.inv(fisher[np.ix_(keep, keep)])
    return cov


def _check_linked(players: int, pairs: Sequence[tuple[int, int]]) -> None:
    """Refuse a set of pairings that leaves some players unlinked to the others."""
    group = list(range(players))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for i, j in pairs:
        group[root(i)] = root(j)
    if len({root(k) for k in range(players)}) > 1:
        raise ValueError("the pairings played leave some players unlinked to the others")
