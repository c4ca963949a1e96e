"""Iterative deepening over a game's compiled search: the driver of the games' ``fast`` agents.

A game's compiled core searches one depth at a time within a node limit; this driver deepens
within a deterministic node budget, lets ``time_cap`` trim only the last iteration when the
machine is slow, stops at a found win or loss, and reports the score of its choice
(``last_score``, from the mover's side) for analysis. ``retired_levels`` keeps a game's
former levels playable as ``legacy:N`` yardsticks.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from kibitz.core.agent import Agent, MakeAgent, Needs
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State

REPEATS = ("draw", "rules")
"""How a ``fast`` agent scores a position the game has already had (``DeepeningAgent``)."""


@dataclass(frozen=True)
class DepthSearch:
    """A prepared search of one position: ``step(depth, node_limit)`` gives ``(value, move,
    aborted)``, ``nodes()`` the nodes searched so far, ``mate_bound`` the score beyond which
    a value is a forced win or loss."""

    step: Callable[[int, int], tuple[int, int, bool]]
    nodes: Callable[[], int]
    mate_bound: int


class DeepeningAgent(Agent):
    """Compiled alpha-beta: deepens to ``depth`` within ``nodes`` (deterministic);
    ``time_cap`` (seconds) only trims the last iteration when the machine is slow;
    ``qdepth`` quiescence plies (the game's default when not given), ``tt_bits`` the
    transposition table's size as a power of two. ``repeats`` says how a position the game
    has already had scores: ``draw`` (play: a side ahead then never shuffles back and forth)
    or ``rules`` (analysis: only as the game's rules end it, so a move that repeats is judged
    by what the rules make of it); a repetition within the searched line is a draw in both."""

    kind = "fast"
    needs = Needs(perfect_information=True, no_chance=True, no_teams=True)
    default_qdepth = 12
    """Quiescence plies when the spec gives none."""

    def __init__(
        self,
        seed: int = 0,
        depth: int = 40,
        nodes: int = 1_000_000,
        time_cap: float | None = None,
        qdepth: int | None = None,
        tt_bits: int = 18,
        repeats: str = "draw",
    ) -> None:
        super().__init__(seed)
        qdepth = self.default_qdepth if qdepth is None else qdepth
        if depth < 1 or nodes < 1 or qdepth < 0 or not 10 <= tt_bits <= 26:
            raise InvalidOptions("fast: depth and nodes >= 1, qdepth >= 0, tt_bits 10..26")
        if time_cap is not None and time_cap <= 0:
            raise InvalidOptions(f"fast: time_cap must be positive seconds, not {time_cap}")
        if repeats not in REPEATS:
            raise InvalidOptions(f"fast: repeats is one of {', '.join(REPEATS)}, not {repeats!r}")
        self.repeats = repeats
        self.depth, self.node_budget, self.time_cap = depth, nodes, time_cap
        self.qdepth, self.tt_bits = qdepth, tt_bits
        self.nodes = 0
        self.last_depth = 0
        self.last_score = 0

    @abstractmethod
    def prepare(self, state: State) -> DepthSearch:
        """The compiled core set up on ``state`` (its board, history and end rules)."""

    def choose(self, state: State, seat: int) -> int:
        moves = state.legal_actions()
        self.nodes, self.last_depth = 0, 0
        best, self.last_score = self.search(state)  # a forced move too: its score is reported
        return best if best in moves else moves[0]

    def search(self, state: State) -> tuple[int, int]:
        """Best move and its score for the side to move (a win in n plies scores higher
        than one in n + 1)."""
        search = self.prepare(state)
        start = time.perf_counter()
        best, score = -1, 0
        for depth in range(1, self.depth + 1):
            limit_nodes = self.node_budget
            elapsed = time.perf_counter() - start
            if self.time_cap is not None and depth > 1:
                if elapsed >= self.time_cap:
                    break
                done = search.nodes()
                rate = max(done, 1) / max(elapsed, 1e-6)
                spare = 0.9 * (self.time_cap - elapsed)  # the projection errs on the short side
                limit_nodes = min(limit_nodes, int(done + rate * spare))
            value, move, aborted = search.step(depth, limit_nodes)
            self.nodes = search.nodes()
            if aborted:
                if best < 0 and move >= 0:
                    best, score = int(move), int(value)
                break
            best, score, self.last_depth = int(move), int(value), depth
            if abs(score) > search.mate_bound:
                break
        return best, score


def retired_levels(levels: Mapping[int, str]) -> Callable[..., Agent]:
    """The ``legacy`` agent kind: ``legacy:N`` plays a game's retired level N (its spec in
    ``levels``), the yardstick new levels are measured against."""

    def legacy_agent(seed: int = 0, n: int = 4, make_agent: MakeAgent | None = None) -> Agent:
        if n not in levels or make_agent is None:
            raise InvalidOptions(f"legacy levels: {sorted(levels)}, not {n}")
        return make_agent(levels[n], seed)

    return legacy_agent
