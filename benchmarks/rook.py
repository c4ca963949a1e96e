"""Rook speed: random hands/s and games/s for each preset.

Uniformly random calls always climb to the maximum bid and go set, so those games end only at
the deal cap; games/s is therefore also given for the "cautious" policy (first caller bids the
minimum, everyone else passes, all play random), whose games reach the target.

Run: python benchmarks/rook.py [PRESET ...]
"""

from __future__ import annotations

import sys
import time

import kibitz
from kibitz.core.play import play_random
from kibitz.core.rng import Rng
from kibitz.games.rook.policies import cautious_action
from kibitz.games.rook.presets import PRESET_NAMES

HAND_DEALS = 300
"""Deals played (as one capped game) to time random hands."""
GAMES = 20
"""Cautious games played per preset to time whole games."""


def bench(preset: str) -> None:
    """Print random hands/s, plies/s and cautious games/s for one preset."""
    game = kibitz.load("rook", preset=preset, max_deals=HAND_DEALS)
    start = time.perf_counter()
    state = play_random(game.new_initial_state(1), Rng(1))
    elapsed = time.perf_counter() - start
    hands, plies = len(state.p.sheet), len(state.history)
    game = kibitz.load("rook", preset=preset)
    start = time.perf_counter()
    total_hands = 0
    for seed in range(GAMES):
        played, rng = game.new_initial_state(seed), Rng(seed)
        while not played.is_terminal():
            played.push(cautious_action(played, rng))
        total_hands += len(played.p.sheet)
    game_time = time.perf_counter() - start
    print(
        f"rook {preset:<11} random: {hands / elapsed:7,.0f} hands/s "
        f"({plies / elapsed:8,.0f} plies/s); cautious: {GAMES / game_time:6,.1f} games/s "
        f"(mean {total_hands / GAMES:.1f} hands a game)"
    )


def main(presets: list[str]) -> None:
    """Benchmark the named presets (default: all seven)."""
    for preset in presets or PRESET_NAMES:
        bench(preset)


if __name__ == "__main__":
    main(sys.argv[1:])
