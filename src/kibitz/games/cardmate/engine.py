"""The ``fast`` agent: iterative deepening over the compiled search core (``fast.py``)."""

from __future__ import annotations

import time

import numpy as np

from kibitz.core.agent import Agent, MakeAgent, Needs
from kibitz.core.errors import InvalidOptions
from kibitz.games.cardmate.eval import LEGACY_LEVELS
from kibitz.games.cardmate.rules import CardmateState


class FastCardmateAgent(Agent):
    """Compiled alpha-beta for Cardmate: deepens to ``depth`` within ``nodes``
    (deterministic); ``time_cap`` (seconds) only trims the last iteration when the machine is
    slow.

    A position already seen in the game or in the searched line scores as a draw (or, under
    ``repetition_loss``, as the loss the rule makes it), so a side ahead avoids repeating;
    wins score higher the sooner they come.
    """

    kind = "fast"
    needs = Needs(perfect_information=True, no_chance=True, no_teams=True)

    def __init__(
        self,
        seed: int = 0,
        depth: int = 40,
        nodes: int = 1_000_000,
        time_cap: float | None = None,
        qdepth: int = 12,
        tt_bits: int = 18,
    ) -> None:
        super().__init__(seed)
        if depth < 1 or nodes < 1 or qdepth < 0 or not 10 <= tt_bits <= 26:
            raise InvalidOptions("fast: depth and nodes >= 1, qdepth >= 0, tt_bits 10..26")
        if time_cap is not None and time_cap <= 0:
            raise InvalidOptions(f"fast: time_cap must be positive seconds, not {time_cap}")
        self.depth, self.node_budget, self.time_cap = depth, nodes, time_cap
        self.qdepth, self.tt_bits = qdepth, tt_bits
        self.nodes = 0
        self.last_depth = 0
        self.last_score = 0

    def choose(self, state: CardmateState, seat: int) -> int:  # type: ignore[override]
        moves = state.legal_actions()
        self.nodes, self.last_depth = 0, 0
        best, self.last_score = self.search(state)  # a forced move too: its score is reported
        return best if best in moves else moves[0]

    def search(self, state: CardmateState) -> tuple[int, int]:
        """Best move and its score for the side to move (fast.WIN - n: a win in n plies)."""
        from kibitz.games.cardmate import fast  # numba loads only when the agent searches

        opts = state.game.options
        left = fast.NONE if opts.max_plies is None else opts.max_plies - state.ply
        params = (
            int(opts.repetition_loss),
            opts.repetition_threshold,
            int(opts.stalemate == "loss"),
            left,
            self.qdepth,
        )
        ctx = fast.new_context(self.tt_bits, state.repetitions, params)
        board = np.array(state.board, dtype=np.int8)
        kings = fast.king_counts(board)
        start = time.perf_counter()
        best, score = -1, 0
        for depth in range(1, self.depth + 1):
            limit_nodes = self.node_budget
            elapsed = time.perf_counter() - start
            if self.time_cap is not None and depth > 1:
                if elapsed >= self.time_cap:
                    break
                rate = max(int(ctx[9][0]), 1) / max(elapsed, 1e-6)
                spare = 0.9 * (self.time_cap - elapsed)  # the projection errs on the short side
                limit_nodes = min(limit_nodes, int(ctx[9][0] + rate * spare))
            value, move, aborted = fast.search_depth(
                ctx, board, kings, state.side, depth, limit_nodes
            )
            self.nodes = int(ctx[9][0])
            if aborted:
                if best < 0 and move >= 0:
                    best, score = int(move), int(value)
                break
            best, score, self.last_depth = int(move), int(value), depth
            if abs(score) > fast.MATE_BOUND:
                break
        return best, score


def legacy_agent(seed: int = 0, n: int = 4, make_agent: MakeAgent | None = None) -> Agent:
    """A retired level (``legacy:4``), the yardstick new levels are measured against."""
    if n not in LEGACY_LEVELS or make_agent is None:
        raise InvalidOptions(f"legacy levels: {sorted(LEGACY_LEVELS)}, not {n}")
    return make_agent(LEGACY_LEVELS[n], seed)
