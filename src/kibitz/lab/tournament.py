"""Tournaments: several agent specs, each pairing a match on the same deals, in parallel.

A round robin pairs every entrant with every other; a gauntlet pairs the first with each of
the others. Every pairing is the match ``kibitz match`` would play between its two specs
(side A the spec that sorts first, so a pairing is the same games whatever the entrants'
order), all on the same seeds, so every entrant meets the same deals. In a one-player game
each entrant plays every deal once and each pairing compares them deal by deal, as a match
does. The results feed one rating fit of every game at once (``kibitz.lab.rating``).

Finished games can be kept in a results file, keyed by the pairing's specs: a rerun plays
only what is not stored yet, so more games or a new entrant add to a tournament instead of
replaying it.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kibitz.core.errors import InvalidOptions
from kibitz.core.registry import load
from kibitz.lab.match import GameResult, MatchPlan, play_one, play_solo
from kibitz.lab.pool import Backend, run_all
from kibitz.lab.rating import PairTally, Ratings, fit_ratings
from kibitz.lab.stats import MatchStats, ScoreStats, match_stats, score_stats
from kibitz.lab.store import ResultStore

FORMATS = ("round-robin", "gauntlet")


@dataclass(frozen=True)
class TournamentPlan:
    """The entrants, how they are paired, and the match settings every pairing shares."""

    entrants: tuple[str, ...]
    match: MatchPlan
    """The settings of every pairing's match (its two specs are the plan's own)."""
    format: str = "round-robin"

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise InvalidOptions(f"format {self.format!r}: choose one of {', '.join(FORMATS)}")
        if len(self.entrants) < 2:
            raise InvalidOptions("a tournament needs at least two entrants")
        twice = sorted({e for e in self.entrants if self.entrants.count(e) > 1})
        if twice:
            raise InvalidOptions(f"entrant {twice[0]!r} is given twice")

    @property
    def solo(self) -> bool:
        """Whether the game has one player (each entrant plays the deals alone)."""
        return load(self.match.game, **self.match.options).num_players == 1

    def pairings(self) -> list[tuple[int, int]]:
        """The pairings as entrant indices ``(i, j)``, ``i < j``."""
        if self.format == "gauntlet":
            return [(0, j) for j in range(1, len(self.entrants))]
        return list(itertools.combinations(range(len(self.entrants)), 2))

    def pairing_plan(self, i: int, j: int) -> MatchPlan:
        """The match of entrants ``i`` and ``j`` (side A the spec that sorts first)."""
        a, b = sorted((self.entrants[i], self.entrants[j]))
        records = self.match.records and str(Path(self.match.records) / f"{_slug(a)}--{_slug(b)}")
        return dataclasses.replace(self.match, agent_a=a, agent_b=b, records=records)

    def solo_plan(self, k: int) -> MatchPlan:
        """Entrant ``k``'s deals of a one-player game."""
        spec = self.entrants[k]
        records = self.match.records and str(Path(self.match.records) / _slug(spec))
        return dataclasses.replace(self.match, agent_a=spec, agent_b=spec, records=records)

    def settings(self) -> dict[str, Any]:
        """What stored games depend on (not the entrants or the number of games, which a
        rerun may change)."""
        m = self.match
        return {"game": m.game, "options": m.options, "seed": m.seed,
                "duplicate": m.duplicate, "max_plies": m.max_plies, "unit": m.unit,
                "opening": m.opening}  # fmt: skip


def _slug(spec: str) -> str:
    """A spec as a folder name."""
    return re.sub(r"[^A-Za-z0-9=.,_-]+", "_", spec)


@dataclass(frozen=True)
class Pairing:
    """One pairing's games, from entrant ``i``'s side against entrant ``j``."""

    i: int
    j: int
    points: tuple[float, ...]
    """Entrant ``i``'s points in each game, in game order."""
    stats: MatchStats
    scores: ScoreStats


@dataclass(frozen=True)
class TournamentResult:
    """Every pairing of a tournament, and the standings and ratings they give."""

    plan: TournamentPlan
    pairings: tuple[Pairing, ...]
    ratings: Ratings
    anchor: int | None = None

    def points(self, k: int) -> tuple[float, int]:
        """Entrant ``k``'s points and games over all its pairings."""
        pts = games = 0.0
        for p in self.pairings:
            if k in (p.i, p.j):
                won = sum(p.points)
                pts += won if k == p.i else len(p.points) - won
                games += len(p.points)
        return pts, int(games)

    def standings(self) -> list[int]:
        """The entrants in rank order: by rating, then points."""
        n = len(self.plan.entrants)
        return sorted(range(n), key=lambda k: (-self.ratings.elo[k], -self.points(k)[0], k))

    def cross(self, k: int, m: int) -> tuple[float, int] | None:
        """Entrant ``k``'s points and games against ``m`` (None: they did not meet)."""
        for p in self.pairings:
            if (p.i, p.j) == (k, m):
                return sum(p.points), len(p.points)
            if (p.i, p.j) == (m, k):
                return len(p.points) - sum(p.points), len(p.points)
        return None


def _game_key(a: str, b: str, index: int) -> str:
    return f"pair\t{a}\t{b}\t{index:07d}"


def _solo_key(spec: str, index: int) -> str:
    return f"solo\t{spec}\t{index:07d}"


def _play_pairing_game(plan: MatchPlan, index: int) -> tuple[str, dict[str, Any]]:
    result = play_one(plan, index)
    return _game_key(plan.agent_a, plan.agent_b, index), dataclasses.asdict(result)


def _play_solo_deal(plan: MatchPlan, index: int) -> tuple[str, dict[str, Any]]:
    result = play_solo(plan, index, plan.agent_a)
    return _solo_key(plan.agent_a, index), dataclasses.asdict(result)


def tournament_jobs(plan: TournamentPlan) -> list[tuple[Callable, MatchPlan, int]]:
    """Every game of the tournament as ``(function, match plan, index)``."""
    n = plan.match.games
    if plan.solo:
        ks = sorted({k for pair in plan.pairings() for k in pair})
        return [(_play_solo_deal, plan.solo_plan(k), g) for k in ks for g in range(n)]
    return [(_play_pairing_game, plan.pairing_plan(i, j), g)
            for i, j in plan.pairings() for g in range(n)]  # fmt: skip


def _job_key(job: tuple[Callable, MatchPlan, int]) -> str:
    func, match, index = job
    if func is _play_solo_deal:
        return _solo_key(match.agent_a, index)
    return _game_key(match.agent_a, match.agent_b, index)


def _run_job(func: Callable, plan: MatchPlan, index: int) -> tuple[str, dict[str, Any]]:
    """One job of either kind (a pairing's game, an entrant's deal): its key and result."""
    return func(plan, index)


def run_tournament(
    plan: TournamentPlan,
    backend: int | Backend = 1,
    store: ResultStore | None = None,
    progress: Callable[[Any], None] | None = None,
    anchor: int | None = None,
) -> TournamentResult:
    """Play every game not in ``store`` yet (all, without one), keeping each in the store as
    it finishes, and rate the entrants (zero at ``anchor``, or at their mean)."""
    jobs = tournament_jobs(plan)
    for _, match, _ in jobs:
        if match.records:
            Path(match.records).mkdir(parents=True, exist_ok=True)
    done: dict[str, dict[str, Any]] = dict(store.items()) if store else {}
    todo = [job for job in jobs if _job_key(job) not in done]

    def finished(item: tuple[str, dict[str, Any]]) -> None:
        done[item[0]] = item[1]
        if store is not None:
            store.add(*item)
        if progress:
            progress(item)

    run_all(_run_job, todo, backend, finished)
    return tournament_result(plan, done, anchor)


def pending(plan: TournamentPlan, store: ResultStore) -> int:
    """How many of the tournament's games ``store`` does not hold yet."""
    kept = store.keys()
    return sum(1 for job in tournament_jobs(plan) if _job_key(job) not in kept)


def tournament_result(
    plan: TournamentPlan, done: dict[str, dict[str, Any]], anchor: int | None = None
) -> TournamentResult:
    """The pairings, standings and ratings from the finished games ``done`` (by key)."""
    n = plan.match.games
    pairings = []
    for i, j in plan.pairings():
        match = plan.pairing_plan(i, j)
        flip = match.agent_a != plan.entrants[i]
        if plan.solo:
            a = [done[_solo_key(match.agent_a, g)]["won"] for g in range(n)]
            b = [done[_solo_key(match.agent_b, g)]["won"] for g in range(n)]
            games = [GameResult(g, 1.0 if x > y else 0.0 if x < y else 0.5, 0, "", (x, y))
                     for g, (x, y) in enumerate(zip(a, b, strict=True))]  # fmt: skip
        else:
            games = [_game_result(done[_game_key(match.agent_a, match.agent_b, g)])
                     for g in range(n)]  # fmt: skip
        if flip:
            for g in games:
                _flip(g)
        points = tuple(g.points for g in games)
        scores = score_stats(match.unit, [g.margin for g in games],
                             [(g.contracts_a, g.contracts_b) for g in games], match.duplicate)
        pairings.append(Pairing(i, j, points, match_stats(points), scores))
    tallies = {(p.i, p.j): PairTally(len(p.points), sum(p.points)) for p in pairings}
    ratings = fit_ratings(len(plan.entrants), tallies, anchor)
    return TournamentResult(plan, tuple(pairings), ratings, anchor)


def _game_result(data: dict[str, Any]) -> GameResult:
    """A stored game result (JSON lists back to tuples)."""
    return GameResult(
        data["index"], data["points"], data["plies"], data["reason"],
        tuple(data["solo"]) if data["solo"] is not None else None, data["margin"],
        [tuple(c) for c in data["contracts_a"]], [tuple(c) for c in data["contracts_b"]],
    )  # fmt: skip


def _flip(g: GameResult) -> None:
    """Turn a game's result round to the other side's view."""
    g.points = 1.0 - g.points
    g.margin = None if g.margin is None else -g.margin
    g.contracts_a, g.contracts_b = g.contracts_b, g.contracts_a
