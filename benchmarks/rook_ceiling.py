"""How much knowing every card is worth in Rook: an omniscient rookbot against level 4.

The omniscient bot is level 4 whose every draw is the true deal (it sees all hands and the
nest); it is a measuring stick for the skill a hand leaves room for, never a player, so it
lives here and not among the agents. Duplicate deals (each deal twice, teams swapped), one
hand each, scored as ``kibitz match rook --hands`` scores them: by hands (the team whose score
changes more wins the hand), by boards (a deal's two hands summed) and in points per hand.
With ``--games`` each seed is a whole game to the target instead, played twice (teams
swapped), as ``kibitz match rook --games --duplicate`` plays them: by games, by pairs of
games (a seed's two final margins summed) and in points per game. ``--spec`` gives the agent
the omniscient side runs and ``--against`` its opponents' (both level 4 by default).

Run: python benchmarks/rook_ceiling.py [--deals 100] [--seed 0] [--workers 2] [--games]
[--spec SPEC] [--against SPEC]
"""

from __future__ import annotations

import argparse
import statistics
from multiprocessing import Pool
from unittest import mock

import kibitz
from kibitz.ai.specs import make_agent
from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State
from kibitz.core.play import play_out
from kibitz.core.rng import Rng
from kibitz.games.rook import agent as rookbot
from kibitz.games.rook.eval import LEVELS
from kibitz.games.rook.position import Position
from kibitz.games.rook.state import RookState
from kibitz.lab.stats import match_stats


class TrueDeal:
    """``determinize.Draws`` whose every draw is the real deal: what the rookbot's searches
    draw many worlds from, as ``resample_hidden`` draws one."""

    def __init__(self, state: RookState, _seat: int, _informed: bool = True) -> None:
        self.state = state

    def position(self, _rng: Rng) -> Position:
        return self.state.p.copy()

    def draw(self, _rng: Rng) -> RookState:
        return self.state.clone()


class Omniscient(Agent):
    """An agent (level 4) reading the true deal: every determinization is the real state,
    whether drawn one at a time (``resample_hidden``) or many from one position (``Draws``)."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seed)
        self.inner = inner

    def choose(self, state: State, seat: int) -> int:
        state.resample_hidden = lambda _seat, _rng: state.clone()  # type: ignore[method-assign]
        try:
            with mock.patch.object(rookbot, "Draws", TrueDeal):
                return self.inner.choose(state, seat)
        finally:
            del state.resample_hidden


def play(job: tuple[int, bool, bool, str, str]) -> tuple[int, float, int]:
    """One hand of deal ``seed``, or the whole game with ``games`` (the omniscient team, running
    ``spec``, East-West when ``swapped``; the other team running ``against``): the seed, the
    omniscient team's result (1 won, 0 lost, 0.5 level) and its score change (its final total
    with ``games``) minus the other's."""
    seed, swapped, games, spec, against = job
    game = kibitz.load("rook") if games else kibitz.load("rook", max_hands=1)
    team = int(swapped)
    agents = [
        Omniscient(make_agent(spec, game, seed * 4 + s))
        if s & 1 == team
        else make_agent(against, game, seed * 4 + s)
        for s in range(4)
    ]
    state = game.new_initial_state(seed)
    play_out(state, lambda s, seat: agents[seat].choose(s, seat), Rng(seed))
    if games:
        scores, ret = state.p.scores, state.returns()[team]
        return seed, 1.0 if ret > 0 else 0.0 if ret < 0 else 0.5, scores[team] - scores[1 - team]
    change = state.p.sheet[-1].change
    margin = change[team] - change[1 - team]
    return seed, 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5, margin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", action="store_true", help="whole games, not single hands")
    parser.add_argument("--spec", default=LEVELS[4], help="the omniscient side's agent spec")
    parser.add_argument("--against", default=LEVELS[4], help="the other side's agent spec")
    args = parser.parse_args()
    game = kibitz.load("rook")
    for spec in (args.spec, args.against):
        try:
            make_agent(spec, game)
        except InvalidOptions as e:
            parser.error(str(e))
    jobs = [
        (s, w, args.games, args.spec, args.against)
        for s in range(args.seed, args.seed + args.deals)
        for w in (False, True)
    ]
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs)
    hands = match_stats([r[1] for r in results])
    by_deal: dict[int, list[int]] = {}
    for seed, _, margin in results:
        by_deal.setdefault(seed, []).append(margin)
    boards = match_stats(
        [1.0 if sum(m) > 0 else 0.0 if sum(m) < 0 else 0.5 for m in by_deal.values()]
    )
    margins = [r[2] for r in results]
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    unit, pairs = ("games", "pairs") if args.games else ("hands", "boards")
    print(
        f"omniscient {args.spec} against {args.against}, {len(results)} {unit} of {args.deals} "
        f"seeds ({args.seed}-{args.seed + args.deals - 1}):\n"
        f"  {unit:6} {hands.score:.3f} [{hands.score_ci[0]:.3f}, {hands.score_ci[1]:.3f}]\n"
        f"  {pairs:6} {boards.score:.3f} [{boards.score_ci[0]:.3f}, {boards.score_ci[1]:.3f}]\n"
        f"  points a {unit[:-1]} {statistics.mean(margins):+.1f} "
        f"[{statistics.mean(margins) - half:+.1f}, {statistics.mean(margins) + half:+.1f}]"
    )


if __name__ == "__main__":
    main()
