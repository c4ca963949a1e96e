"""The ``fast`` agent: iterative deepening (``kibitz.core.deepening``) over the compiled
search core (``fast.py``), and the ``legacy`` kind of retired levels."""

from __future__ import annotations

import numpy as np

from kibitz.core.deepening import DeepeningAgent, DepthSearch, retired_levels
from kibitz.core.fastsearch import MATE_BOUND, NONE
from kibitz.games.cardmate.eval import LEGACY_LEVELS
from kibitz.games.cardmate.rules import CardmateState


class FastCardmateAgent(DeepeningAgent):
    """Compiled alpha-beta for Cardmate.

    A position already seen in the game (with ``repeats=draw``) or in the searched line
    scores as a draw (or, under ``repetition_loss``, as the loss the rule makes it), so a
    side ahead avoids repeating; with ``repeats=rules`` a position of the game scores as a
    draw only where its next occurrence is the third, which the rules draw. Wins score
    higher the sooner they come (``WIN - n``: a win in n plies).
    """

    default_qdepth = 12

    def prepare(self, state: CardmateState) -> DepthSearch:  # type: ignore[override]
        from kibitz.games.cardmate import fast  # numba loads only when the agent searches

        opts = state.game.options
        left = NONE if opts.max_plies is None else opts.max_plies - state.ply
        params = (
            int(opts.repetition_loss),
            opts.repetition_threshold,
            int(opts.stalemate == "loss"),
            left,
            self.qdepth,
        )
        ctx = fast.new_context(self.tt_bits, self._repetitions(state), params)
        board = np.array(state.board, dtype=np.int8)
        kings = fast.king_counts(board)

        def step(depth: int, node_limit: int) -> tuple[int, int, bool]:
            return fast.search_depth(ctx, board, kings, state.side, depth, node_limit)

        return DepthSearch(step, lambda: int(ctx[9][0]), MATE_BOUND)

    def _repetitions(self, state: CardmateState) -> dict[int, int]:
        """The game's positions the search counts, with their occurrences: all of them
        (``repeats=draw``, or under ``repetition_loss``, which the search applies exactly),
        else those seen twice (``rules``: a third occurrence is a draw)."""
        if self.repeats == "draw" or state.game.options.repetition_loss:
            return state.repetitions
        return {key: count for key, count in state.repetitions.items() if count >= 2}


legacy_agent = retired_levels(LEGACY_LEVELS)
