"""Random games for tests: every state along the way, each an independent clone."""

from __future__ import annotations

from typing import Any

import kibitz
from kibitz.core import Rng, State
from kibitz.core.play import random_action


def random_states(name: str, seed: int, plies: int, **options: Any) -> list[State]:
    """Every state of a random game of ``name`` (deal ``seed``, moves drawn from ``seed``),
    from the start to its end or ``plies`` actions."""
    state = kibitz.load(name, **options).new_initial_state(seed)
    rng = Rng(seed)
    out = [state.clone()]
    while not state.is_terminal() and len(state.history) < plies:
        state.apply(random_action(state, rng))
        out.append(state.clone())
    return out
