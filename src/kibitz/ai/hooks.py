"""A game's search knowledge, as its ``Game.ai()`` declares it.

Search agents know games only through the core API plus these hooks (``SearchHooks``): a
position key, a static evaluation, the tactical moves quiescence search follows, and the
optional rollout refinements ``scores`` and ``values`` (None where a game has none).
"""

from __future__ import annotations

from kibitz.core.capabilities import SearchHooks
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game


def search_hooks(game: Game) -> SearchHooks:
    """The search hooks ``game`` declares; InvalidOptions when it has none."""
    hooks = game.ai().hooks
    if hooks is None:
        raise InvalidOptions(f"{game.name} has no evaluation for search agents yet")
    return hooks
