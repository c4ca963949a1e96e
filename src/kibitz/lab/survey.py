"""Winnability surveys: a game's exact solver (``assistant().solve``) over a range of deals.

Every deal of the range is solved from its start within a node limit, in a process pool;
the summary counts the verdicts, gives the winnable rate with a conservative Wilson
interval (unknown deals count as lost for the low end and as won for the high end), and
for each figure the solver reports (``Verdict.detail``) its mean and how often it is zero.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kibitz.core.capabilities import Assistant
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game
from kibitz.lab.pool import run_all
from kibitz.lab.stats import wilson

CHUNK = 25
"""Deals one worker job solves (fewer, larger jobs for the pool)."""


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


def assistant_of(game: Game) -> Assistant:
    """The game's assistant; InvalidOptions for a game that offers none."""
    assistant = game.assistant()
    if assistant is None:
        raise InvalidOptions(f"{game.name} has no solver: it offers no assistant")
    return assistant


def solve_deal(game: Game, number: int, node_limit: int | None = None) -> DealResult:
    """Solve deal ``number`` of ``game`` from its start."""
    v = assistant_of(game).solve(game.start(number), node_limit)
    return DealResult(number, v.verdict, v.nodes, dict(v.detail))


def _solve_chunk(game: Game, numbers: list[int], node_limit: int | None) -> list[DealResult]:
    return [solve_deal(game, n, node_limit) for n in numbers]


def run_survey(
    game: Game,
    numbers: range,
    workers: int = 1,
    node_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[DealResult]:
    """Solve every deal (in ``workers`` processes), in deal order; ``progress(k)`` after
    each ``k`` deals solved."""
    assistant_of(game)
    chunks = [(game, list(numbers[k : k + CHUNK]), node_limit)
              for k in range(0, len(numbers), CHUNK)]  # fmt: skip

    def solved(part: list[DealResult]) -> None:
        if progress:
            progress(len(part))

    done = run_all(_solve_chunk, chunks, workers, solved)
    return sorted((r for part in done for r in part), key=lambda r: r.number)


@dataclass(frozen=True)
class Figure:
    """A solver figure over the survey: its mean and the share of deals where it is zero."""

    mean: float
    zero_share: float


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
    figures: Mapping[str, Figure]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "game": self.game, "deals": self.deals, "win": self.win, "loss": self.loss,
            "unknown": self.unknown, "rate": self.rate, "ci_low": self.ci_low,
            "ci_high": self.ci_high, "nodes": self.nodes,
            "figures": {k: {"mean": f.mean, "zero_share": f.zero_share}
                        for k, f in self.figures.items()},
        }  # fmt: skip


def summarize(game: str, results: list[DealResult]) -> Summary:
    """Counts, the winnable rate and its conservative Wilson interval, and the figures."""
    n = len(results)
    win = sum(r.verdict == "win" for r in results)
    loss = sum(r.verdict == "loss" for r in results)
    unknown = n - win - loss
    keys = sorted({k for r in results for k in r.detail})
    figures = {
        k: Figure(
            sum(r.detail.get(k, 0) for r in results) / n,
            sum(r.detail.get(k, 0) == 0 for r in results) / n,
        )
        for k in keys
    }
    return Summary(
        game=game, deals=n, win=win, loss=loss, unknown=unknown,
        rate=win / n if n else 0.0,
        ci_low=wilson(win, n)[0], ci_high=wilson(win + unknown, n)[1],
        nodes=sum(r.nodes for r in results), figures=figures,
    )  # fmt: skip


def format_summary(s: Summary) -> str:
    """The human-readable survey report."""
    return "\n".join(
        [
            f"{s.game}: {s.deals} deals",
            f"WIN {s.win}  LOSS {s.loss}  UNKNOWN {s.unknown}",
            f"winnable rate {s.rate:.2%}  95% Wilson interval [{s.ci_low:.2%}, {s.ci_high:.2%}]",
            *(
                f"{k}: mean {f.mean:.2f}, zero in {f.zero_share:.2%} of deals"
                for k, f in s.figures.items()
            ),
            f"nodes searched: {s.nodes}",
        ]
    )
