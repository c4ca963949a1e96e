"""Seconds per move of each computer level (p50 / p95 / max), as the ladders list them.

Each level chooses a move in the same positions of a game: decision points reached by
seeded random play of 0 to 40 player moves (chance draws besides) from the game's match
setup (``match_defaults``). A fresh agent per position, so no level profits from an earlier
search.

Run: python benchmarks/levels.py [GAME ...] [--positions 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

import kibitz
from kibitz.ai.specs import make_agent
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.play import random_action
from kibitz.core.rng import Rng


def decision_points(game: Game, count: int) -> list[State]:
    """``count`` positions where a player has a real choice, from seeded random play."""
    out: list[State] = []
    for seed in range(1, count * 20):
        rng = Rng(seed)
        state = game.new_initial_state(seed)
        moves = seed % 41
        while not state.is_terminal() and (moves or state.current_player == CHANCE):
            moves -= state.current_player != CHANCE
            state.apply(random_action(state, rng))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
            if len(out) == count:
                break
    return out


def timings(game: Game, spec: str, states: list[State]) -> list[float]:
    """Seconds a fresh ``spec`` agent takes to choose in each state."""
    out = []
    for i, state in enumerate(states):
        agent = make_agent(spec, game, i)
        start = time.perf_counter()
        agent.choose(state.clone(), state.current_player)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(kibitz.games()))
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    for name in args.games:
        game = kibitz.load(name, **kibitz.load(name).match_defaults)
        ai = game.ai()
        states = decision_points(game, args.positions)
        for level, spec in sorted(ai.levels.items()):
            timings(game, spec, states[:1])  # compiled cores load their cache outside the timing
            times = sorted(timings(game, spec, states))
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            print(f"{name:<10} level {level}  {spec:<48} p50 {statistics.median(times):6.2f} s"
                  f"  p95 {p95:6.2f} s  max {times[-1]:6.2f} s  ({len(times)} positions)",
                  flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
