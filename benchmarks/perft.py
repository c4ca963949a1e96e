"""Move-generation speed: perft nodes/s and random games/s for the board games.

Run: python benchmarks/perft.py [GAME ...]
"""

from __future__ import annotations

import sys
import time

import kibitz
from kibitz.core.play import perft, play_random
from kibitz.core.rng import Rng

BENCHES: dict[str, dict] = {
    "cardmate": {"depth": 4, "options": {"max_plies": 500}, "games": 100},
    "smess": {"depth": 5, "options": {"max_plies_without_progress": 100}, "games": 200},
}
"""Per game: perft depth from the start, options for random games, and how many to play."""


def bench(name: str, depth: int, options: dict, games: int) -> None:
    """Print perft and random-play figures for one game."""
    state = kibitz.load(name).new_initial_state()
    start = time.perf_counter()
    nodes = perft(state, depth)
    elapsed = time.perf_counter() - start
    print(f"{name}: perft({depth}) = {nodes:,} in {elapsed:.2f} s: {nodes / elapsed:,.0f} nodes/s")
    game = kibitz.load(name, **options)
    plies = 0
    start = time.perf_counter()
    for seed in range(games):
        played = play_random(game.new_initial_state(), Rng(seed))
        plies += len(played.history)
    elapsed = time.perf_counter() - start
    print(
        f"{name}: {games} random games in {elapsed:.2f} s: {games / elapsed:,.1f} games/s, "
        f"{plies / elapsed:,.0f} plies/s (mean {plies / games:.0f} plies)"
    )


def main(names: list[str]) -> None:
    """Benchmark the named games (default: all in BENCHES)."""
    for name in names or list(BENCHES):
        bench(name, **BENCHES[name])


if __name__ == "__main__":
    main(sys.argv[1:])
