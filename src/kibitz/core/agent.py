"""The agent protocol: ``choose(state, seat) -> action`` with a seed, and what an agent needs.

Agents live in ``kibitz.ai`` (and, for a game that brings its own search, in that game's
package); both implement this one protocol so that front ends treat every agent alike.
An agent declares the game properties it needs in ``needs``; ``refusal`` says why a game
lacks them, so that nothing builds an agent that would cheat or play blind.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kibitz.core.rng import Rng

if TYPE_CHECKING:
    from kibitz.core.game import Game, State


@dataclass(frozen=True)
class Needs:
    """Game properties an agent relies on to play honestly."""

    perfect_information: bool = False
    """It reads the true state (searches ``clone()``): hidden cards would be cheating."""
    no_chance: bool = False
    """It treats every non-seat node as an opponent: chance nodes would be misread."""
    two_sides: bool = False
    """It maximises for one side against the other (negamax)."""
    no_teams: bool = False
    """It cannot tell a partner from an opponent."""


def refusal(kind: str, needs: Needs, game: Game) -> str | None:
    """Why agent ``kind`` cannot play ``game`` honestly, or None when it can."""
    why = []
    if needs.perfect_information and not game.perfect_information:
        why.append("perfect information (it would read the hidden cards)")
    if needs.no_chance and game.has_chance:
        why.append("a game without chance moves")
    if needs.two_sides and len(game.sides()) != 2:
        why.append(f"two sides ({game.name} has {len(game.sides())})")
    if needs.no_teams and game.teams:
        why.append("no partnerships")
    if not why:
        return None
    return f"agent {kind!r} cannot play {game.name}: it needs " + " and ".join(why)


class Agent(ABC):
    """A computer player; deterministic for a fixed seed and budget.

    Agents for hidden-information games must decide from what ``seat`` may know only:
    ``state.observation(seat)``, ``state.information_state_key(seat)`` and states drawn
    by ``state.resample_hidden(seat, rng)``, never the hidden fields of ``state`` itself.
    """

    kind: ClassVar[str] = "agent"
    needs: ClassVar[Needs] = Needs()

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


MakeAgent = Callable[[str, int], Agent]
"""Builds an agent from a spec and a seed for the same game (given to a game's own agents,
so that they can use a generic search without importing the AI package)."""
