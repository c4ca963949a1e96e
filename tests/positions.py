"""Game states the tests need that only play reaches, found by seeded random play."""

from __future__ import annotations

from collections.abc import Callable

import kibitz
from kibitz.core.game import CHANCE, State
from kibitz.core.rng import Rng


def tchess_until(found: Callable[[State], bool], what: str, seed: int = 0) -> State:
    """A TCHESS game of seed ``seed`` played at random (chance by its odds) until ``found``
    holds of it; ``what`` names the sight in the error if the game ends first."""
    state = kibitz.load("tchess").new_initial_state(seed)
    rng = Rng(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(rng.weighted(state.chance_outcomes()))
        else:
            state.apply(rng.choice(state.legal_actions()))
        if found(state):
            return state
    raise AssertionError(f"no {what} in the game of seed {seed}")


def tchess_jester_paired(seed: int = 0) -> State:
    """A TCHESS game played at random until a row holds a Jester in a pair."""
    return tchess_until(
        lambda s: any(r["jester_copies"] and r["pairs"] for r in s.observation(0)["rows"]),
        "Jester paired", seed,
    )


def paired_jester(state: State) -> tuple[int, int, int]:
    """The seat, place and copied value of the first paired Jester in ``state``'s rows."""
    for seat, row in enumerate(state.observation(0)["rows"]):
        if row["jester_copies"] and row["pairs"]:
            place, value = row["jester_copies"][0]
            return seat, place, value
    raise AssertionError("no paired Jester")
