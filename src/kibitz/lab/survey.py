"""Winnability surveys: a game's exact solver (``assistant().solve``) over a range of deals.

Every deal of the range is solved from its start within a node limit, in a process pool;
the summary counts the verdicts, gives the winnable rate with a conservative Wilson
interval (unknown deals count as lost for the low end and as won for the high end), and
for each figure the solver reports (``Verdict.detail``) its mean, how often it is zero and
its distribution. Given a ``ResultStore``, every chunk of verdicts is stored (compressed)
as it is solved, and a rerun solves only the deals not stored yet.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kibitz.core.capabilities import Assistant
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game
from kibitz.core.options import options_to_json
from kibitz.core.registry import games, load
from kibitz.lab.pool import Backend, run_all
from kibitz.lab.stats import wilson
from kibitz.lab.store import ResultStore

CHUNK = 100
"""Deals one worker job solves and stores at once (the compiled solvers take well under a
millisecond a deal, so smaller jobs would spend their time in the pool and the store)."""


def parse_range(game: Game, text: str) -> range:
    """Deal numbers from ``A-B`` (inclusive) or a single ``N``, each as ``game.parse_seed``
    reads it (e.g. ``#12`` or ``00012``)."""
    m = re.fullmatch(r"\s*([^-]+?)\s*(?:-\s*([^-]+?)\s*)?", text)
    if not m:
        raise InvalidOptions(f"deal range {text!r} must be A-B, e.g. 1-10000")
    first = game.parse_seed(m.group(1))
    last = game.parse_seed(m.group(2) or m.group(1))
    if last < first:
        raise InvalidOptions(f"deal range {text!r} is empty: {last} < {first}")
    return range(first, last + 1)


@dataclass(frozen=True)
class DealResult:
    """One surveyed deal: its verdict (``win``, ``loss``, ``unknown``), nodes and figures."""

    number: int
    verdict: str
    nodes: int
    detail: Mapping[str, int]


def assistant_of(game: Game, use: str = "surveyed") -> Assistant:
    """The game's assistant; InvalidOptions for a game that offers none, saying which games
    have a solver and so can be ``use`` (surveyed, solved ...)."""
    assistant = game.assistant()
    if assistant is None:
        solvable = [name for name in games() if load(name).assistant() is not None]
        raise InvalidOptions(f"{game.name} has no solver: only games with one can be {use} "
                             f"({', '.join(solvable) or 'none here'})")  # fmt: skip
    return assistant


def solve_deal(game: Game, number: int, node_limit: int | None = None) -> DealResult:
    """Solve deal ``number`` of ``game`` from its start."""
    v = assistant_of(game).solve(game.start(number), node_limit)
    return DealResult(number, v.verdict, v.nodes, dict(v.detail))


def _solve_chunk(game: Game, numbers: list[int], node_limit: int | None) -> list[DealResult]:
    return [solve_deal(game, n, node_limit) for n in numbers]


def survey_settings(game: Game, node_limit: int | None) -> dict[str, Any]:
    """What a survey's stored verdicts depend on: the game, the options set away from their
    defaults (so a new option elsewhere keeps stored surveys valid), the node limit."""
    return {"game": game.name, "options": options_to_json(game.options), "nodes": node_limit}


def _row(r: DealResult) -> list:
    return [r.number, r.verdict, r.nodes, dict(r.detail)]


def stored_results(store: ResultStore) -> dict[int, DealResult]:
    """Every deal result kept in a survey's store, by deal number."""
    return {n: DealResult(n, v, nodes, detail)
            for _, rows in store.items() for n, v, nodes, detail in rows}  # fmt: skip


def run_survey(
    game: Game,
    numbers: range,
    workers: int | Backend = 1,
    node_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
    store: ResultStore | None = None,
    on_kept: Callable[[int], None] | None = None,
) -> list[DealResult]:
    """Solve every deal (on ``workers`` processes or a backend), in deal order;
    ``progress(k)`` after each ``k`` deals solved. With a ``store``, deals already in it are
    not solved again (``on_kept`` is told how many) and each chunk solved is stored as it
    finishes."""
    assistant_of(game)
    kept = stored_results(store) if store else {}
    todo = [n for n in numbers if n not in kept]
    if on_kept:
        on_kept(len(numbers) - len(todo))
    chunks = [(game, todo[k : k + CHUNK], node_limit)
              for k in range(0, len(todo), CHUNK)]  # fmt: skip
    if progress and len(numbers) > len(todo):
        progress(len(numbers) - len(todo))

    def solved(part: list[DealResult]) -> None:
        if store is not None:
            store.add(f"{part[0].number:012d}", [_row(r) for r in part])
        if progress:
            progress(len(part))

    done = run_all(_solve_chunk, chunks, workers, solved)
    fresh = {r.number: r for part in done for r in part}
    return [kept.get(n) or fresh[n] for n in numbers]


@dataclass(frozen=True)
class Figure:
    """A solver figure over the survey: its mean, the share of deals where it is zero, and
    how many deals give each value; ``meaning`` is what it stands for, as the solver says."""

    meaning: str
    mean: float
    zero_share: float
    counts: Mapping[int, int]


@dataclass(frozen=True)
class Summary:
    """Totals of a survey; the figures are exact when no deal is unknown."""

    game: str
    deals: int
    win: int
    loss: int
    unknown: int
    rate: float
    ci_low: float
    ci_high: float
    nodes: int
    nodes_max: int
    figures: Mapping[str, Figure]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "game": self.game, "deals": self.deals, "win": self.win, "loss": self.loss,
            "unknown": self.unknown, "rate": self.rate, "ci_low": self.ci_low,
            "ci_high": self.ci_high, "nodes": self.nodes, "nodes_max": self.nodes_max,
            "figures": {k: {"meaning": f.meaning, "mean": f.mean, "zero_share": f.zero_share,
                            "counts": {str(v): c for v, c in sorted(f.counts.items())}}
                        for k, f in self.figures.items()},
        }  # fmt: skip


def summarize(game: Game, results: list[DealResult]) -> Summary:
    """Counts, the winnable rate and its conservative Wilson interval, and the figures."""
    meanings = assistant_of(game).figures
    n = len(results)
    win = sum(r.verdict == "win" for r in results)
    loss = sum(r.verdict == "loss" for r in results)
    unknown = n - win - loss
    keys = sorted({k for r in results for k in r.detail})
    figures = {
        k: Figure(
            meanings.get(k, "a figure the solver reports"),
            sum(r.detail.get(k, 0) for r in results) / n,
            sum(r.detail.get(k, 0) == 0 for r in results) / n,
            dict(Counter(r.detail.get(k, 0) for r in results)),
        )
        for k in keys
    }
    return Summary(
        game=game.name, deals=n, win=win, loss=loss, unknown=unknown,
        rate=win / n if n else 0.0,
        ci_low=wilson(win, n)[0], ci_high=wilson(win + unknown, n)[1],
        nodes=sum(r.nodes for r in results), nodes_max=max((r.nodes for r in results), default=0),
        figures=figures,
    )  # fmt: skip


def format_summary(s: Summary) -> str:
    """The human-readable survey report."""
    return "\n".join(
        [
            f"{s.game}: {s.deals} deals",
            f"WIN {s.win}  LOSS {s.loss}  UNKNOWN {s.unknown}",
            f"winnable rate {s.rate:.2%}  95% Wilson interval [{s.ci_low:.2%}, {s.ci_high:.2%}]",
            *(
                f"{k}: mean {f.mean:.2f}, zero in {f.zero_share:.2%} of deals "
                f"({f.meaning})"
                for k, f in s.figures.items()
            ),
            f"nodes searched: {s.nodes} (mean {s.nodes / max(s.deals, 1):.1f}, "
            f"most {s.nodes_max} on one deal)",
        ]
    )
