"""The ``fast`` agent: iterative deepening (``kibitz.core.deepening``) over the compiled
search core (``fast.py``), and the ``legacy`` kind of retired levels."""

from __future__ import annotations

import numpy as np

from kibitz.core.deepening import DeepeningAgent, DepthSearch, retired_levels
from kibitz.core.fastsearch import MATE_BOUND, NONE
from kibitz.games.smess.eval import LEGACY_LEVELS
from kibitz.games.smess.rules import SmessState


class FastSmessAgent(DeepeningAgent):
    """Compiled alpha-beta for Smess.

    Positions already seen in the game (with ``repeats=draw``) or in the searched line
    score as draws, so a side ahead avoids repeating; with ``repeats=rules`` a position of
    the game scores as a draw only where ``repetition_draw`` would end the game on it. Wins
    score higher the sooner they come (``WIN - n``).
    """

    default_qdepth = 16

    def prepare(self, state: SmessState) -> DepthSearch:  # type: ignore[override]
        from kibitz.games.smess import fast  # numba loads only when the agent searches

        opts = state.game.options
        limit = opts.max_plies_without_progress
        left = None if opts.max_plies is None else opts.max_plies - len(state.history)
        params = (
            int(opts.promotion_requires_captured_numskull),
            NONE if limit is None else limit,
            NONE if left is None else left,
            self.qdepth,
        )
        ctx = fast.new_context(self.tt_bits, np.array(self._drawn(state), dtype=np.uint64), params)
        board = np.array(state.board, dtype=np.int8)
        counts = np.array(state.counts, dtype=np.int64)

        def step(depth: int, node_limit: int) -> tuple[int, int, bool]:
            return fast.search_depth(
                ctx, board, counts, state.side, state.plies_without_progress, depth, node_limit
            )

        return DepthSearch(step, lambda: int(ctx[8][0]), MATE_BOUND)

    def _drawn(self, state: SmessState) -> list[int]:
        """The keys of the game's positions that score as draws if the search reaches them
        again: every one seen (``repeats=draw``), or those seen twice under
        ``repetition_draw`` (``rules``: a third occurrence ends the game)."""
        if self.repeats == "draw":
            return list(state.seen)
        if not state.game.options.repetition_draw:
            return []
        return [key for key, count in state.seen.items() if count >= 2]


legacy_agent = retired_levels(LEGACY_LEVELS)
