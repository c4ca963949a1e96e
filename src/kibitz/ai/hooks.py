"""Per-game search knowledge: each game package may provide ``eval.py`` with ``SEARCH_HOOKS``.

Search agents know games only through the core API plus these hooks: a position key, a
static evaluation and the tactical moves that quiescence search follows.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State


class SearchHooks(Protocol):
    """What a game tells alpha-beta search about its positions."""

    def key(self, state: State) -> int:
        """A hash of the position and the side to move (Zobrist, kept incrementally)."""
        ...

    def evaluate(self, state: State) -> float:
        """Static value for the player to move: positive is good for them."""
        ...

    def tactical(self, state: State, actions: list[int]) -> list[int]:
        """The subset of ``actions`` that quiescence search follows (captures), best first."""
        ...

    def order(self, state: State, action: int) -> int:
        """A move-ordering score (captures by value); higher is searched first."""
        ...


def search_hooks(game: Game) -> SearchHooks:
    """The search hooks of ``game``'s package, or InvalidOptions if it has none."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.eval")
    except ModuleNotFoundError:
        module = None
    hooks = getattr(module, "SEARCH_HOOKS", None)
    if hooks is None:
        raise InvalidOptions(f"{game.name} has no evaluation for search agents")
    return hooks
