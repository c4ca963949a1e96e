"""Simple seeded playing policies for benchmarks and tests (not the AI of ``kibitz.ai``)."""

from __future__ import annotations

from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, PASS
from kibitz.games.rook.position import AUCTION
from kibitz.games.rook.state import RookState


def cautious_action(state: RookState, rng: Rng) -> int:
    """The first caller bids the minimum and the others pass; every other choice is random.

    Uniformly random calls always climb to the maximum bid and nearly always go set, so such
    games end only at the deal cap; this policy makes contracts that are often made, so games
    reach the target as real ones do.
    """
    if state.current_player == CHANCE:
        return rng.weighted(state.chance_outcomes())
    legal = state.legal_actions()
    if state.p.phase == AUCTION:
        if not state.p.calls:
            return BID0
        return PASS if PASS in legal else legal[0]
    return rng.choice(legal)
