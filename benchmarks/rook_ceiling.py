"""How much knowing every card is worth in Rook: an omniscient rookbot against level 4.

The omniscient bot is level 4 whose every draw is the true deal (it sees all hands and the
nest); it is a measuring stick for the skill a hand leaves room for, never a player, so it
lives here and not among the agents. Duplicate deals (each deal twice, teams swapped), one
hand each, scored as ``kibitz match rook --hands`` scores them: by hands (the team whose score
changes more wins the hand), by boards (a deal's two hands summed) and in points per hand.

Run: python benchmarks/rook_ceiling.py [--deals 100] [--seed 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
from multiprocessing import Pool

import kibitz
from kibitz.ai.specs import make_agent
from kibitz.core.agent import Agent
from kibitz.core.game import CHANCE, State
from kibitz.core.rng import Rng
from kibitz.games.rook.eval import LEVELS
from kibitz.lab.stats import match_stats


class Omniscient(Agent):
    """An agent (level 4) reading the true deal: every determinization is the real state."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seed)
        self.inner = inner

    def choose(self, state: State, seat: int) -> int:
        state.resample_hidden = lambda _seat, _rng: state.clone()  # type: ignore[method-assign]
        try:
            return self.inner.choose(state, seat)
        finally:
            del state.resample_hidden


def hand(job: tuple[int, bool]) -> tuple[int, float, int]:
    """One hand of deal ``seed`` (omniscient team East-West when ``swapped``): the deal, the
    omniscient team's result (1 won, 0 lost, 0.5 level) and its score change minus the other's."""
    seed, swapped = job
    game = kibitz.load("rook", max_hands=1)
    team = int(swapped)
    agents = [
        Omniscient(level_4) if s & 1 == team else level_4
        for s, level_4 in ((s, make_agent(LEVELS[4], game, seed * 4 + s)) for s in range(4))
    ]
    state, chance = game.new_initial_state(seed), Rng(seed)
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(chance.weighted(state.chance_outcomes()))
        else:
            state.apply(agents[player].choose(state, player))
    change = state.p.sheet[-1].change
    margin = change[team] - change[1 - team]
    return seed, 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5, margin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(s, w) for s in range(args.seed, args.seed + args.deals) for w in (False, True)]
    with Pool(args.workers) as pool:
        results = pool.map(hand, jobs)
    hands = match_stats([r[1] for r in results])
    by_deal: dict[int, list[int]] = {}
    for seed, _, margin in results:
        by_deal.setdefault(seed, []).append(margin)
    boards = match_stats(
        [1.0 if sum(m) > 0 else 0.0 if sum(m) < 0 else 0.5 for m in by_deal.values()]
    )
    margins = [r[2] for r in results]
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    print(
        f"omniscient level 4 against level 4, {len(results)} hands of {args.deals} deals "
        f"(seeds {args.seed}-{args.seed + args.deals - 1}):\n"
        f"  hands  {hands.score:.3f} [{hands.score_ci[0]:.3f}, {hands.score_ci[1]:.3f}]\n"
        f"  boards {boards.score:.3f} [{boards.score_ci[0]:.3f}, {boards.score_ci[1]:.3f}]\n"
        f"  points a hand {statistics.mean(margins):+.1f} [{statistics.mean(margins) - half:+.1f}, "
        f"{statistics.mean(margins) + half:+.1f}]"
    )


if __name__ == "__main__":
    main()
