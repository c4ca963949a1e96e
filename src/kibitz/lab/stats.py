"""Match statistics: score with a 95% interval, Elo difference, Wilson intervals, and for
games that keep a score the margin, duplicate boards and contracts a designer judges by."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``, within [0, 1] and exactly 0
    (or 1) at the end where none (or all) succeeded, where the formula leaves rounding noise."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


def elo_of(p: float) -> float:
    """The Elo difference whose expected score is ``p``: ``-inf`` at 0 and ``+inf`` at 1,
    so an interval end that reaches them leaves the difference unbounded on that side."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0) + 0.0  # + 0.0: never -0.0 (an even score)


def elo(score: float, n: int) -> float:
    """Elo difference implied by a score fraction over ``n`` games, clamped by half a game
    at 0 and 1 so that the point estimate of a clean sweep is a finite figure."""
    eps = 0.5 / max(n, 1)
    return elo_of(min(max(score, eps), 1 - eps))


def bound_json(x: float) -> float | None:
    """An interval end for JSON, which has no infinity: None where it is unbounded."""
    return x if math.isfinite(x) else None


def elo_text(x: float) -> str:
    """An Elo figure as a signed whole number (``+0``, never ``-0``; ``+inf`` unbounded)."""
    return f"{round(x):+d}" if math.isfinite(x) else f"{x:+}"


@dataclass(frozen=True)
class MatchStats:
    """Wins, draws and losses of side A, with its score, interval and Elo difference."""

    games: int
    wins: int
    draws: int
    losses: int
    score: float
    score_ci: tuple[float, float]
    elo: float
    elo_ci: tuple[float, float]

    def to_json(self) -> dict:
        """One JSON object with the documented keys (an unbounded Elo end is null)."""
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "score_ci": list(self.score_ci),
            "elo": self.elo,
            "elo_ci": [bound_json(x) for x in self.elo_ci],
        }

    def summary(self, noun: str = "games") -> str:
        """A line for people (``noun`` names what was counted: games, hands, boards)."""
        lo, hi = self.score_ci
        elo_lo, elo_hi = self.elo_ci
        return (
            f"{self.games} {noun}: +{self.wins} ={self.draws} -{self.losses}, "
            f"score {self.score:.3f} [{lo:.3f}, {hi:.3f}], "
            f"Elo {elo_text(self.elo)} [{elo_text(elo_lo)}, {elo_text(elo_hi)}]"
        )


def match_stats(points: Sequence[float]) -> MatchStats:
    """Statistics of A's per-game points (1 win, 0.5 draw, 0 loss).

    The score interval is, on each side, the wider of two: the normal interval on the
    per-game points (its variance counts draws, which narrow it) and the Wilson interval on
    the points as successes (a draw half a win and half a loss). So it is never narrower
    than Wilson's, which keeps its width at 0 and 1 where the normal one collapses, and it
    reaches 0 or 1 where the normal one does (few games); the Elo ends follow it unclamped.
    """
    n = len(points)
    wins = sum(1 for p in points if p == 1.0)
    losses = sum(1 for p in points if p == 0.0)
    draws = n - wins - losses
    if n == 0:
        return MatchStats(0, 0, 0, 0, 0.5, (0.0, 1.0), 0.0, (-math.inf, math.inf))
    score = sum(points) / n
    var = sum((p - score) ** 2 for p in points) / n
    half = Z95 * math.sqrt(var / n)
    w_lo, w_hi = wilson(sum(points), n)
    lo = max(0.0, min(score - half, w_lo))
    hi = min(1.0, max(score + half, w_hi))
    elo_ci = (elo_of(lo), elo_of(hi))
    return MatchStats(n, wins, draws, losses, score, (lo, hi), elo(score, n), elo_ci)


Interval = tuple[float, float]

NO_INTERVAL = "(no interval)"
"""How a mean without an interval is shown: fewer than two values, or all alike, give no
measure of their spread, and a zero-width interval would claim a certainty they lack."""


def mean_interval(values: Sequence[float]) -> tuple[float, Interval | None]:
    """The mean of ``values`` with its normal 95% interval (sample variance); no interval
    from fewer than two values or from values all alike."""
    n = len(values)
    mean = sum(values) / n
    if n < 2 or min(values) == max(values):
        return mean, None
    half = Z95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean, (mean - half, mean + half)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, Interval | None]:
    """``mean(b) - mean(a)`` with its normal 95% interval (independent samples, sample
    variances); no interval unless both have two values or more and some value varies."""
    d = sum(b) / len(b) - sum(a) / len(a)
    if min(len(a), len(b)) < 2 or min(*a, *b) == max(*a, *b):
        return d, None
    se = math.sqrt(sum(statistics.variance(x) / len(x) for x in (a, b)))
    return d, (d - Z95 * se, d + Z95 * se)


def proportion_difference(
    p1: float, ci1: Interval, p2: float, ci2: Interval
) -> tuple[float, Interval]:
    """``p2 - p1`` (two rates or scores in [0, 1]) with its 95% interval built from each
    estimate's own interval: from Wilson intervals this is Newcombe's hybrid score interval
    (method 10 of Newcombe 1998), from others the MOVER method of Zou and Donner (2008). It
    keeps the width the intervals have at 0 and 1, where the normal one collapses to a
    point."""
    d = p2 - p1
    lo = d - math.hypot(p2 - ci2[0], ci1[1] - p1)
    hi = d + math.hypot(ci2[1] - p2, p1 - ci1[0])
    return d, (max(-1.0, lo), min(1.0, hi))


def interval_text(ci: Interval | None, fmt: str) -> str:
    """An interval as ``[lo, hi]`` in ``fmt`` (e.g. ``{:+.1f}``), or ``NO_INTERVAL``."""
    return f"[{fmt.format(ci[0])}, {fmt.format(ci[1])}]" if ci else NO_INTERVAL


def board_points(margins: Sequence[float]) -> list[float]:
    """A's points per board of a duplicate match, from A's margins in game order: games
    ``2k`` and ``2k+1`` play one deal with the seats swapped, so their margins summed are
    A's gain on that deal over B (1 above zero, 0.5 at zero, 0 below); an unpaired last
    game is no board."""
    sums = [margins[i] + margins[i + 1] for i in range(0, len(margins) - 1, 2)]
    return [1.0 if s > 0 else 0.0 if s < 0 else 0.5 for s in sums]


@dataclass(frozen=True)
class ContractStats:
    """One side's contracts: how many it declared and made, its made rate with the Wilson
    interval, and its mean bid (how boldly and how well it bids)."""

    declared: int
    made: int
    made_rate: float | None
    made_ci: tuple[float, float]
    mean_bid: float | None

    def to_json(self) -> dict:
        """One JSON object; rate and mean bid are null when the side declared nothing."""
        return {
            "declared": self.declared,
            "made": self.made,
            "made_rate": self.made_rate,
            "made_ci": list(self.made_ci),
            "mean_bid": self.mean_bid,
        }

    def summary(self) -> str:
        """A phrase for people."""
        if not self.declared:
            return "declared none"
        lo, hi = self.made_ci
        return (
            f"declared {self.declared}, made {self.made} "
            f"({self.made_rate:.3f} [{lo:.3f}, {hi:.3f}]), mean bid {self.mean_bid:.1f}"
        )


def contract_stats(contracts: Sequence[tuple[float, bool]]) -> ContractStats:
    """The statistics of one side's contracts, each ``(bid, made)``."""
    n = len(contracts)
    made = sum(1 for _, ok in contracts if ok)
    return ContractStats(
        n,
        made,
        made / n if n else None,
        wilson(made, n),
        sum(bid for bid, _ in contracts) / n if n else None,
    )


@dataclass(frozen=True)
class ScoreStats:
    """The figures of a match in a game that keeps a score or has bidding, each None where
    the game gives nothing to count: A's mean margin per game (``unit``: games or hands),
    the duplicate boards, and both sides' contracts."""

    unit: str
    margin: float | None = None
    margin_ci: tuple[float, float] | None = None
    boards: MatchStats | None = None
    contracts: tuple[ContractStats, ContractStats] | None = None

    def to_json(self) -> dict:
        """The JSON keys of the figures present: ``margin`` and ``margin_ci``, ``boards``
        (W/D/L and score of the duplicate pairs), ``contracts`` (``a`` and ``b``)."""
        data: dict = {}
        if self.margin is not None:
            data["margin"] = self.margin
            data["margin_ci"] = list(self.margin_ci) if self.margin_ci else None
        if self.boards is not None:
            boards = self.boards.to_json()
            data["boards"] = {"boards": boards.pop("games"), **boards}
        if self.contracts is not None:
            data["contracts"] = {"a": self.contracts[0].to_json(), "b": self.contracts[1].to_json()}
        return data

    def summary_lines(self) -> list[str]:
        """Lines for people, one per figure present."""
        lines = []
        if self.margin is not None:
            per = "hand" if self.unit == "hands" else "game"
            ci = interval_text(self.margin_ci, "{:+.1f}")
            why = "" if self.margin_ci else f": fewer than two {self.unit}, or all alike"
            lines.append(f"points per {per}, A minus B: {self.margin:+.1f} {ci}{why}")
        if self.boards is not None:
            lines.append(f"duplicate {self.boards.summary('boards')}")
        if self.contracts is not None:
            a, b = self.contracts
            lines += [f"contracts A: {a.summary()}", f"contracts B: {b.summary()}"]
        return lines


def score_stats(
    unit: str,
    margins: Sequence[float | None],
    contracts: Sequence[tuple[Sequence[tuple[float, bool]], Sequence[tuple[float, bool]]]],
    duplicate: bool,
) -> ScoreStats:
    """The score figures of a match from each game in order: A's margin (None where the
    game keeps no score) and A's and B's contracts ``(bid, made)``. Margins count only when
    every game has one; boards only in duplicate matches of at least one pair."""
    kept = [m for m in margins if m is not None]
    margin = margin_ci = boards = None
    if kept and len(kept) == len(margins):
        margin, margin_ci = mean_interval(kept)
        if duplicate and len(kept) >= 2:
            boards = match_stats(board_points(kept))
    a = [c for game in contracts for c in game[0]]
    b = [c for game in contracts for c in game[1]]
    both = (contract_stats(a), contract_stats(b)) if a or b else None
    return ScoreStats(unit, margin, margin_ci, boards, both)
