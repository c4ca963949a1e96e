"""TCHESS Cards speed: random games/s (with actions/s), row strength/s and search-style work.

Run: python benchmarks/tchess.py [GAMES]
"""

from __future__ import annotations

import sys
import time

import kibitz
from kibitz.core.play import play_random, random_action
from kibitz.core.rng import Rng
from kibitz.games.tchess.strength import row_total
from kibitz.games.tchess.tables import tables_for


def random_games(options: dict, games: int, label: str) -> None:
    """Print random games/s and actions/s for one option set."""
    game = kibitz.load("tchess", **options)
    actions = rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        state = play_random(game.new_initial_state(seed), Rng(seed))
        actions += len(state.history)
        rounds += state.round_no
    elapsed = time.perf_counter() - start
    print(
        f"tchess {label}: {games} random games in {elapsed:.2f} s: {games / elapsed:,.0f} games/s, "
        f"{actions / elapsed:,.0f} actions/s (mean {actions / games:.0f} actions, "
        f"{rounds / games:.1f} rounds)"
    )


def strengths(rows: int) -> None:
    """Print row_total calls per second on random six-card rows."""
    t = tables_for(kibitz.load("tchess").options)
    rng = Rng(1)
    sample = [[rng.below(t.num_letters) for _ in range(6)] for _ in range(1000)]
    start = time.perf_counter()
    for i in range(rows):
        row_total(sample[i % 1000], t)
    elapsed = time.perf_counter() - start
    print(f"tchess row strength: {rows / elapsed:,.0f} six-card rows/s")


def push_undo(games: int) -> None:
    """Print push+undo pairs per second over the states of random games (search workload)."""
    game = kibitz.load("tchess")
    pairs = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            for action in state.legal_actions():
                state.push(action)
                state.undo()
                pairs += 1
            state.push(random_action(state, rng))
    elapsed = time.perf_counter() - start
    print(f"tchess push/undo: {pairs / elapsed:,.0f} pairs/s")


def main(games: int) -> None:
    """Run every benchmark with ``games`` random games each."""
    random_games({}, games, "standard")
    random_games({"max_rounds": 0, "allow_overlapping_pairs": True}, games, "reading A, no cap")
    strengths(200_000)
    push_undo(max(1, games // 10))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
