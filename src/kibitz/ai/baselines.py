"""Baseline agents for every game: uniformly random, and one-ply greedy."""

from __future__ import annotations

from kibitz.ai.agent import Agent
from kibitz.ai.hooks import search_hooks
from kibitz.core.game import CHANCE, State


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    kind = "random"

    def choose(self, state: State, seat: int) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """Plays the action whose resulting position scores best after one ply.

    A winning action is always taken; ``noise`` adds a uniform random term to other scores,
    which makes the weakest levels fallible without ever missing a win.
    """

    kind = "greedy"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(seed)
        self.noise = noise

    def choose(self, state: State, seat: int) -> int:
        hooks = search_hooks(state.game)
        state = state.resample_hidden(seat, self.rng)
        best, best_score = None, float("-inf")
        for action in state.legal_actions():
            state.push(action)
            if state.is_terminal():
                score = state.returns()[seat] * 1e9
            elif state.current_player == seat:
                score = hooks.evaluate(state)
            elif state.current_player == CHANCE:
                score = 0.0
            else:
                score = -hooks.evaluate(state)
            state.undo()
            if self.noise and abs(score) < 1e9:
                score += self.noise * (self.rng.random() - 0.5)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best
