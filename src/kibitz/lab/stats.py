"""Match statistics: score with a 95% interval, Elo difference, Wilson intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(score: float, n: int) -> float:
    """Elo difference implied by a score fraction (clamped by half a game at 0 and 1)."""
    eps = 0.5 / max(n, 1)
    p = min(max(score, eps), 1 - eps)
    return -400.0 * math.log10(1.0 / p - 1.0)


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
        """One JSON object with the documented keys."""
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "score_ci": list(self.score_ci),
            "elo": self.elo,
            "elo_ci": list(self.elo_ci),
        }

    def summary(self) -> str:
        """A line for people."""
        lo, hi = self.score_ci
        elo_lo, elo_hi = self.elo_ci
        return (
            f"{self.games} games: +{self.wins} ={self.draws} -{self.losses}, "
            f"score {self.score:.3f} [{lo:.3f}, {hi:.3f}], "
            f"Elo {self.elo:+.0f} [{elo_lo:+.0f}, {elo_hi:+.0f}]"
        )


def match_stats(points: Sequence[float]) -> MatchStats:
    """Statistics of A's per-game points (1 win, 0.5 draw, 0 loss).

    The interval is the normal one on the per-game points (its variance counts draws), with
    the Wilson interval as a floor on its width when every game went the same way.
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
    return MatchStats(
        n, wins, draws, losses, score, (lo, hi), elo(score, n), (elo(lo, n), elo(hi, n))
    )
