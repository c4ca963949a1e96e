"""Rook knowledge for search agents: hand values by policy playout, the playout policy, levels.

Agents call the hooks on determinizations only (``resample_hidden``), so reading every hand
here is reading a sample, never the true hidden cards. Values are per seat in [-1, 1]: a
hand in play is played out by the fast policy and scored by the preset's rules; after a hand
the last score change counts; during the auction nothing is known yet (0).
"""

from __future__ import annotations

from functools import cached_property

from kibitz.core.capabilities import SearchHooks
from kibitz.core.deepening import retired_levels
from kibitz.games.rook.agent import Playout, RookAgent, play_exchange, play_values
from kibitz.games.rook.playout import (
    best_trump,
    change_values,
    playout,
    policy_card,
)
from kibitz.games.rook.position import DISCARD, OVER, PLAY, TRUMP
from kibitz.games.rook.state import RookState


def team_values(state: RookState, run: Playout = playout) -> tuple[float, float]:
    """Values of North-South and East-West at ``state`` (see module doc), hands played out by
    ``run``."""
    p, table = state.p, state.table
    if p.phase == PLAY or (p.phase == OVER and p.result is not None):
        return play_values(state, run=run)
    if p.phase in (DISCARD, TRUMP):
        held = p.hands[p.declarer] | p.discards | (0 if p.nest_taken else p.nest)
        trump = p.trump if p.trump >= 0 else best_trump(table, held)
        discards = p.discards if p.discards.bit_count() == table.nest_size else 0
        return play_exchange(state, p.declarer, trump, discards, run=run)
    if p.sheet and p.phase < PLAY and not p.calls:
        return change_values(p.sheet[-1].change, table.total)
    return (0.0, 0.0)


class RookSearchHooks(SearchHooks):
    """Hand values and the playout policy (as ordering scores) for Rook; the hands are played
    out by the compiled core (``fast.py``), or with ``engine="python"`` by the reference."""

    def __init__(self, engine: str = "compiled") -> None:
        self.engine = engine

    @cached_property
    def run(self) -> Playout:
        """The playout of ``engine`` (numba loads at the first search, not at import)."""
        if self.engine == "python":
            return playout
        from kibitz.games.rook.fast import fast_playout

        return fast_playout

    def key(self, state: RookState) -> int:
        """A hash of the full (determinized) position and the seat to act."""
        p = state.p
        return hash((p.phase, p.hands, p.nest, p.trick, p.to_act, p.calls, p.trump, p.scores))

    def values(self, state: RookState) -> list[float]:
        """Per-seat values in [-1, 1] at any state, chance nodes included."""
        ns, ew = team_values(state, self.run)
        return [ns, ew, ns, ew]

    def evaluate(self, state: RookState) -> float:
        """Value for the seat to act (North-South at a chance node)."""
        v = team_values(state, self.run)
        player = state.current_player
        return v[player & 1] if player >= 0 else v[0]

    def tactical(self, state: RookState, actions: list[int]) -> list[int]:
        """No quiescence moves in a trick-taking game."""
        return []

    def order(self, state: RookState, action: int) -> int:
        """1 for the policy's card, else 0 (outside card play everything scores 0)."""
        return self.scores(state, [action])[0]

    def scores(self, state: RookState, actions: list[int]) -> list[int]:
        """1 for the policy's card, else 0 (outside card play everything scores 0)."""
        p = state.p
        if p.phase != PLAY:
            return [0] * len(actions)
        card = policy_card(
            state.table, state.rules.must_trump_when_void, p.trump, list(p.hands), p.to_act,
            p.leader, list(p.trick),
        )  # fmt: skip
        return [int(a == card) for a in actions]


SEARCH_HOOKS = RookSearchHooks()
PYTHON_HOOKS = RookSearchHooks("python")
"""The same hooks on the Python reference, named ``python`` in specs (``hooks=python``; a
``rookbot`` of ``engine=python`` searches with them)."""

LEGACY_LEVELS = {
    4: "rookbot:samples=32,exchange=24,iterations=40,play=pimc,time_cap=5,draws=uniform",
}
"""Retired levels, kept as yardsticks (``legacy:4``): level 4 as issue 15 found it, its budget
and its draws (``draws=uniform``: no reading of the named trump), playing as it did."""

AGENTS = {"rookbot": RookAgent, "legacy": retired_levels(LEGACY_LEVELS)}
"""Rook's own agent kinds: ``rookbot:samples=16,exchange=12,iterations=60`` and ``legacy:4``."""

LEVELS = {
    1: "random",
    2: "rookbot:samples=2,exchange=1,iterations=0,risk=-0.2,noise=0.95",
    3: "rookbot:samples=12,exchange=8,iterations=0,noise=0.15,risk=0.25",
    4: "rookbot:samples=512,exchange=384,iterations=640,play=pimc,time_cap=5",
}
"""Computer levels 1 (poor) to 4 (very good), deterministic budgets. Level 1 takes any legal
action at random, jump bids included; levels 2 and 3 bid and exchange from 2 and 12 samples
and slip (``noise``: pass or the lowest raise at random, a random discard, trump or card) at
almost every decision and at one in seven, level 3 bidding only contracts it values well
above even (``risk``); level 4 bids from 512 samples and plays by PIMC (sixteen times the
budget of ``legacy:4``, the level 4 that issue 15 found, which it beats in 65% of the games
by 70 points a game, docs/ladder-rook.md). A hand is won mostly
by its cards, so the four levels span all the way down to random play for each to win about
three hands in four against the one below (docs/ladder-rook.md)."""
