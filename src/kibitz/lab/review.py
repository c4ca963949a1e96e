"""Many finished games analysed at once, each player's moves summed: how often an agent
blunders and how much expected score it gives away a move, over a match's records.

A game's sides are named by the agents in its record's metadata (``kibitz match --records``
writes them), so the totals compare agents; a record without them counts under its sides'
names. Every game is analysed as ``kibitz analyse`` would analyse it alone (the same agent,
seed and samples), in as many processes as asked. A single game's moves can be shared among
processes too (``steps_apart``): each move is judged as in the whole analysis, so the notes
are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, pairwise
from typing import Any

from kibitz.ai.analysis import (
    MARKS,
    NODES,
    Analysis,
    MoveNote,
    SideSummary,
    replay_steps,
    splittable,
    summaries,
    whole,
)
from kibitz.core.errors import KibitzError
from kibitz.core.record import Replay, make_record, parse_record_text, replay
from kibitz.lab.pool import run_all, run_ordered

PARTS = 8
"""Parts a worker's share of one game is cut into: its notes come a part at a time, and a
worker that finishes early takes the next part."""


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

    def steps(self, done: Replay, span: range | None = None) -> tuple[Analysis, Iterator[MoveNote]]:
        """``replay_steps`` of ``done`` judged this way (only the actions in ``span``)."""
        return replay_steps(done, self.level, self.spec, self.nodes, self.samples, self.seed, span)


def part_job(record: dict[str, Any], judging: Judging, start: int, stop: int) -> list[MoveNote]:
    """The notes of a record's actions ``start`` to ``stop`` (a worker's part of a game)."""
    _, notes = judging.steps(replay(record), range(start, stop))
    return list(notes)


def steps_apart(
    done: Replay, judging: Judging, workers: int
) -> tuple[Analysis, Iterator[MoveNote]]:
    """A replayed game's analysis begun (as ``replay_steps``), its moves judged in
    ``workers`` processes, a part of the game each, the notes given in order as the parts are
    done. A solver's analysis is judged whole, in this process."""
    analysis, notes = judging.steps(done)
    actions = len(done.state.history)
    if workers <= 1 or not splittable(analysis) or actions < 2:
        return analysis, notes
    parts = min(actions, workers * PARTS)
    cuts = [actions * k // parts for k in range(parts + 1)]
    record = make_record(done.state)
    jobs = [(record, judging, a, b) for a, b in pairwise(cuts)]
    return analysis, chain.from_iterable(run_ordered(part_job, jobs, workers))


def review_job(index: int, name: str, text: str, judging: Judging) -> Reviewed:
    """The analysis of one record's ``text`` (a worker's job); a record that cannot be
    analysed gives its error instead."""
    try:
        record = parse_record_text(text)
        done = replay(record)
        analysis = whole(judging.steps(done))
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
    """Each player's totals over the analysed games, in the order first met; where the
    records are of several games, a player's games of each are summed apart ("level:2
    (smess)"), as losses in different games do not add up."""
    analysed = [(r.players, r.analysis) for r in reviewed if r.analysis is not None]
    several = len({analysis.game for _, analysis in analysed}) > 1
    totals: dict[str, Totals] = {}
    for players, analysis in analysed:
        for player, side in zip(players, summaries(analysis), strict=True):
            name = f"{player} ({analysis.game})" if several else player
            totals.setdefault(name, Totals(name)).add(side)
    return list(totals.values())
