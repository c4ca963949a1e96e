"""Winnability surveys over ranges of game numbers (FO-15), run in a process pool."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from kibitz.core.registry import load
from kibitz.games.fortress.deals import InvalidGameNumber, check_game_number
from kibitz.games.fortress.solver import DEFAULT_NODES, LOSS, UNKNOWN, WIN, solve

Z95 = 1.959964


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return max(0.0, (centre - spread) / denom), min(1.0, (centre + spread) / denom)


def parse_range(text: str) -> range:
    """Game numbers from ``A-B`` (inclusive) or a single ``N``."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if not m:
        raise InvalidGameNumber(f"deal range {text!r} must be A-B, e.g. 1-10000")
    a = check_game_number(int(m.group(1)))
    b = check_game_number(int(m.group(2) or m.group(1)))
    if b < a:
        raise InvalidGameNumber(f"deal range {text!r} is empty: {b} < {a}")
    return range(a, b + 1)


@dataclass(frozen=True)
class DealResult:
    """One surveyed deal: verdict, nodes searched, most cards home."""

    number: int
    verdict: str
    nodes: int
    max_home: int


def solve_deal(game: str, number: int, node_limit: int | None) -> DealResult:
    """Solve game ``number`` of ``game`` from its deal."""
    result = solve(load(game).new_initial_state(number), node_limit=node_limit)
    return DealResult(number, result.verdict, result.nodes, result.max_home)


def _solve_chunk(args: tuple[str, list[int], int | None]) -> list[DealResult]:
    game, numbers, limit = args
    return [solve_deal(game, n, limit) for n in numbers]


def run_survey(
    game: str,
    numbers: Iterable[int],
    workers: int = 1,
    node_limit: int | None = DEFAULT_NODES,
    progress: Callable[[int], None] | None = None,
    chunk: int = 25,
) -> list[DealResult]:
    """Solve every deal (in a process pool when ``workers`` > 1), in game-number order."""
    numbers = list(numbers)
    chunks = [numbers[k : k + chunk] for k in range(0, len(numbers), chunk)]
    out: list[DealResult] = []
    for part in _map(_solve_chunk, [(game, c, node_limit) for c in chunks], workers):
        out.extend(part)
        if progress:
            progress(len(part))
    return out


def _map(func: Callable, jobs: list, workers: int) -> Iterator:
    if workers <= 1:
        yield from map(func, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(func, jobs)


@dataclass(frozen=True)
class Summary:
    """Totals of a survey (FO-15); ``zero_share`` and ``mean_home`` are exact when unknown = 0."""

    game: str
    deals: int
    win: int
    loss: int
    unknown: int
    rate: float
    ci_low: float
    ci_high: float
    zero_share: float
    mean_home: float
    nodes: int

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return dict(self.__dict__)


def summarize(game: str, results: list[DealResult]) -> Summary:
    """Counts, the winnable rate, its conservative Wilson interval, zero share and mean home."""
    n = len(results)
    win = sum(r.verdict == WIN for r in results)
    loss = sum(r.verdict == LOSS for r in results)
    unknown = sum(r.verdict == UNKNOWN for r in results)
    low = wilson(win, n)[0]
    high = wilson(win + unknown, n)[1]
    return Summary(
        game=game,
        deals=n,
        win=win,
        loss=loss,
        unknown=unknown,
        rate=win / n if n else 0.0,
        ci_low=low,
        ci_high=high,
        zero_share=sum(r.max_home == 0 for r in results) / n if n else 0.0,
        mean_home=sum(r.max_home for r in results) / n if n else 0.0,
        nodes=sum(r.nodes for r in results),
    )


def format_summary(s: Summary) -> str:
    """The human-readable survey report."""
    return "\n".join(
        [
            f"{s.game}: {s.deals} deals",
            f"WIN {s.win}  LOSS {s.loss}  UNKNOWN {s.unknown}",
            f"winnable rate {s.rate:.2%}  95% Wilson interval [{s.ci_low:.2%}, {s.ci_high:.2%}]",
            f"no card can reach a foundation: {s.zero_share:.2%} of deals",
            f"mean cards that can reach the foundations: {s.mean_home:.2f}",
            f"nodes searched: {s.nodes}",
        ]
    )
