"""Per-game search knowledge: each game package may provide ``eval.py`` with ``SEARCH_HOOKS``.

Search agents know games only through the core API plus these hooks: a position key, a
static evaluation and the tactical moves that quiescence search follows.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State


class SearchHooks(Protocol):
    """What a game tells search agents about its positions.

    Two methods are optional and found with ``getattr`` by the MCTS agents:
    ``scores(state, actions) -> list[float]`` (rollout preferences for many actions at once)
    and ``values(state) -> list[float]`` (one value per seat in [-1, 1] to end a rollout early).
    """

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


def game_knowledge(game_cls: type[Game], name: str) -> Any:
    """Attribute ``name`` of the ``eval`` module of ``game_cls``'s package, or InvalidOptions."""
    package = game_cls.__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.eval")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.eval":
            raise
        module = None
    value = getattr(module, name, None)
    if value is None:
        what = {"LEVELS": "computer levels", "AGENTS": "agents of its own"}.get(
            name, "evaluation for search agents"
        )
        raise InvalidOptions(f"{game_cls.name} has no {what} yet")
    return value


def search_hooks(game: Game) -> SearchHooks:
    """The search hooks (``SEARCH_HOOKS``) of ``game``'s package."""
    return game_knowledge(type(game), "SEARCH_HOOKS")
