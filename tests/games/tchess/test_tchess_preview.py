"""A card's legal move previews the row strength laying it gives (the page shows it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import kibitz
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80))
def test_the_preview_is_the_strength_after_the_card_is_laid(seed, plies):
    state = kibitz.load("tchess").new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            state.apply(rng.weighted(state.chance_outcomes()))
        else:
            state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal() or state.current_player == CHANCE:
        return
    seat = state.current_player
    for move in state.moves():
        after = state.clone()
        after.apply(move["id"])
        if move["kind"] in ("attack", "defend"):
            assert move["strength"] == after.observation(seat)["rows"][seat]["strength"]
        else:
            assert "strength" not in move
