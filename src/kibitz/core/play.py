"""Game-agnostic drivers: perft counts and seeded random play."""

from __future__ import annotations

from kibitz.core.game import CHANCE, State
from kibitz.core.rng import Rng


def perft(state: State, depth: int) -> int:
    """Number of legal action sequences of length ``depth`` (chance outcomes count as actions)."""
    if depth <= 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        state.push(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


def random_action(state: State, rng: Rng) -> int:
    """A chance outcome by its probability, or a uniformly random legal action."""
    if state.current_player == CHANCE:
        return rng.weighted(state.chance_outcomes())
    return rng.choice(state.legal_actions())


def play_random(state: State, rng: Rng, max_plies: int | None = None) -> State:
    """Play random legal actions until the game ends (or ``max_plies`` more actions)."""
    plies = 0
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        state.push(random_action(state, rng))
        plies += 1
    return state
