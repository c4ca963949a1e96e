"""The agent protocol: ``choose(state, seat) -> action`` with a seed and a budget."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from kibitz.core.game import State
from kibitz.core.rng import Rng


class Agent(ABC):
    """A computer player; deterministic for a fixed seed and node budget.

    Agents for hidden-information games must decide from what ``seat`` may know only:
    ``state.observation(seat)``, ``state.information_state_key(seat)`` and states drawn
    by ``state.resample_hidden(seat, rng)``, never the hidden fields of ``state`` itself.
    """

    kind: ClassVar[str] = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: State, seat: int) -> int:
        """A legal action for ``seat``, whose turn it is in ``state``."""

    def reset(self) -> None:
        """Restart the random stream (called at the start of each game)."""
        self.rng = Rng(self.seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
