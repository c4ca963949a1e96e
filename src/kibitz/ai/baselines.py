"""Baseline agents for every game: uniformly random, and one-ply greedy."""

from __future__ import annotations

from kibitz.ai.hooks import search_hooks
from kibitz.core.agent import Agent, Needs
from kibitz.core.game import CHANCE, State


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    kind = "random"

    def choose(self, state: State, seat: int) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """Plays the action whose resulting position scores best after one ply.

    It evaluates the true position after each move, so it needs perfect information; a
    position where a partner is to move is scored as the partner's, i.e. as its own side's.
    A winning action is always taken; ``noise`` adds a uniform random term to other scores,
    which makes the weakest levels fallible without ever missing a win.
    """

    kind = "greedy"
    needs = Needs(perfect_information=True)

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(seed)
        self.noise = noise

    def choose(self, state: State, seat: int) -> int:
        hooks = search_hooks(state.game)
        friends = state.game.side_of(seat)
        state = state.clone()
        best, best_score = None, float("-inf")
        for action in state.legal_actions():
            state.push(action)
            player = state.current_player
            if state.is_terminal():
                score = state.returns()[seat] * 1e9
            elif player == CHANCE:
                score = 0.0
            elif player in friends:
                score = hooks.evaluate(state)
            else:
                score = -hooks.evaluate(state)
            state.undo()
            if self.noise and abs(score) < 1e9:
                score += self.noise * (self.rng.random() - 0.5)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best
