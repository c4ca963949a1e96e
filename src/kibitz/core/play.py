"""Game-agnostic drivers: perft counts, chance draws and the one play-out loop.

``play_out`` is the loop every driver that plays a game to its end uses (the lab's
matches, random games, agents' rollouts); interactive play goes through ``Session``.
"""

from __future__ import annotations

from collections.abc import Callable

from kibitz.core.game import CHANCE, TERMINAL, State
from kibitz.core.rng import Rng

Chooser = Callable[[State, int], int]
"""``choose(state, seat) -> action`` for the seat to act (an agent's ``choose``)."""


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


def chance_rng(chance_seed: int, ply: int) -> Rng:
    """The generator of the chance outcome at ``ply``: stateless, so a replay draws the same."""
    return Rng((chance_seed * 0x9E3779B97F4A7C15 + ply) & ((1 << 64) - 1))


def random_action(state: State, rng: Rng) -> int:
    """A chance outcome by its probability, or a uniformly random legal action."""
    if state.current_player == CHANCE:
        return rng.weighted(state.chance_outcomes())
    return rng.choice(state.legal_actions())


def play_out(
    state: State,
    choose: Chooser,
    chance: Rng,
    max_plies: int | None = None,
    stop: Callable[[State], str | None] | None = None,
    checked: bool = True,
) -> tuple[int, str | None]:
    """Play ``state`` on: seats by ``choose``, chance by ``chance``, until the game ends.

    Stops early after ``max_plies`` actions or when ``stop(state)`` gives a reason (returned
    with the number of actions played). ``checked=False`` skips legality checks (search).
    """
    plies = 0
    step = state.apply if checked else state.push
    while (player := state.current_player) != TERMINAL:
        if max_plies is not None and plies >= max_plies:
            return plies, "ply limit"
        if player == CHANCE:
            action = chance.weighted(state.chance_outcomes())
        else:
            action = choose(state, player)
        step(action)
        plies += 1
        if stop is not None and (reason := stop(state)) is not None:
            return plies, reason
    return plies, None


def play_random(state: State, rng: Rng, max_plies: int | None = None) -> State:
    """Play random legal actions until the game ends (or ``max_plies`` more actions)."""
    play_out(state, lambda s, _seat: rng.choice(s.legal_actions()), rng, max_plies,
             checked=False)
    return state
