"""Solver speed for Fortress and Chessboard: deals/s and positions/s on a range of deals."""

from __future__ import annotations

import argparse
import time
from collections import Counter

from kibitz.core import load
from kibitz.games.fortress.solver import solve


def bench(name: str, deals: range) -> None:
    """Solve every deal once and print the rates and verdict counts."""
    game = load(name)
    verdicts: Counter[str] = Counter()
    nodes = 0
    start = time.perf_counter()
    for number in deals:
        result = solve(game.new_initial_state(number))
        verdicts[result.verdict] += 1
        nodes += result.nodes
    elapsed = time.perf_counter() - start
    print(
        f"{name:10s} deals {deals.start}-{deals.stop - 1}: {len(deals) / elapsed:8.1f} deals/s  "
        f"{nodes / elapsed:10,.0f} positions/s  ({elapsed:.1f} s; "
        + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
        + ")"
    )


def main() -> None:
    """Parse ``--deals N`` and run both games."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="solve deals 1..N of each game")
    args = parser.parse_args()
    for name in ("fortress", "chessboard"):
        bench(name, range(1, args.deals + 1))


if __name__ == "__main__":
    main()
