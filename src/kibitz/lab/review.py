"""Many finished games analysed at once, each player's moves summed: how often an agent
blunders and how much expected score it gives away a move, over a match's records.

A game's sides are named by the agents in its record's metadata (``kibitz match --records``
writes them), so the totals compare agents; a record without them counts under its sides'
names. Every game is analysed as ``kibitz analyse`` would analyse it alone (the same agent,
seed and samples), in as many processes as asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from kibitz.ai.analysis import (
    MARKS,
    NODES,
    Analysis,
    SideSummary,
    replay_steps,
    summaries,
    whole,
)
from kibitz.core.errors import KibitzError
from kibitz.core.record import parse_record_text, replay
from kibitz.lab.pool import run_all


@dataclass
class Reviewed:
    """One record's analysis (or why it has none), its sides named by their agents."""

    index: int
    """The record's place among those given."""
    name: str
    analysis: Analysis | None = None
    players: list[str] = field(default_factory=list)
    """Each side's name for the totals: its agents, or the side's name."""
    error: str | None = None


@dataclass
class Totals:
    """One player's moves over many games: its marks counted and its average loss."""

    name: str
    games: int = 0
    moves: int = 0
    marks: dict[str, int] = field(default_factory=lambda: {mark: 0 for _, mark in MARKS})
    lost: float = 0.0
    """The expected score its moves lost, summed."""
    scored: bool = True
    """Whether its losses are measured (not a solver's verdicts only)."""

    def add(self, side: SideSummary) -> None:
        """Count one game's side."""
        self.games += 1
        self.moves += side.moves
        for mark, n in side.marks.items():
            self.marks[mark] += n
        if side.average_loss is not None:
            self.lost += side.average_loss * side.moves
        elif side.moves:  # a solver's verdicts: no loss measured
            self.scored = False

    def summary(self) -> SideSummary:
        """The totals as a side's summary (the average over every move)."""
        average = self.lost / self.moves if self.scored and self.moves else None
        return SideSummary(self.name, self.moves, dict(self.marks), average)


def side_players(
    record: dict[str, Any], sides: list[tuple[int, ...]], names: list[str]
) -> list[str]:
    """Each side's name for the totals: the agents of its seats in the record's metadata
    (one name when they agree), else the side's own name."""
    players = (record.get("metadata") or {}).get("players")
    if not isinstance(players, list) or len(players) < 1 + max(max(s) for s in sides):
        return names
    out = []
    for side in sides:
        agents = list(dict.fromkeys(str(players[seat]) for seat in side))
        out.append(" + ".join(agents))
    return out


@dataclass(frozen=True)
class Judging:
    """How every record is analysed: ``kibitz analyse``'s level or agent spec, solver nodes,
    worlds a move and seed (``replay_steps``)."""

    level: int | None = None
    spec: str | None = None
    nodes: int = NODES
    samples: int | None = None
    seed: int = 0


def review_job(index: int, name: str, text: str, judging: Judging) -> Reviewed:
    """The analysis of one record's ``text`` (a worker's job); a record that cannot be
    analysed gives its error instead."""
    j = judging
    try:
        record = parse_record_text(text)
        done = replay(record)
        analysis = whole(replay_steps(done, j.level, j.spec, j.nodes, j.samples, j.seed))
    except KibitzError as exc:
        return Reviewed(index, name, error=str(exc))
    sides = [tuple(side) for side in done.game.sides()]
    return Reviewed(index, name, analysis, side_players(record, sides, analysis.sides))


def review(
    records: list[tuple[str, str]],
    judging: Judging,
    workers: int,
    progress: Callable[[Reviewed], None] | None = None,
) -> list[Reviewed]:
    """Every ``(name, text)`` record analysed in ``workers`` processes, in the order given;
    ``progress`` is called with each as it is done."""
    jobs = [(i, name, text, judging) for i, (name, text) in enumerate(records)]
    done = run_all(review_job, jobs, workers, progress)
    return sorted(done, key=lambda r: r.index)


def player_totals(reviewed: Iterable[Reviewed]) -> list[Totals]:
    """Each player's totals over the analysed games, in the order first met."""
    totals: dict[str, Totals] = {}
    for r in reviewed:
        if r.analysis is None:
            continue
        for player, side in zip(r.players, summaries(r.analysis), strict=True):
            totals.setdefault(player, Totals(player)).add(side)
    return list(totals.values())
