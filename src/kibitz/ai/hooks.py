"""A game's search knowledge, as its ``Game.ai()`` declares it.

Search agents know games only through the core API plus these hooks (``SearchHooks``): a
position key, a static evaluation, the tactical moves quiescence search follows, and the
optional rollout refinements ``scores`` and ``values`` (None where a game has none).
"""

from __future__ import annotations

from kibitz.core.capabilities import SearchHooks
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game


def search_hooks(game: Game, name: str = "") -> SearchHooks:
    """The search hooks ``game`` declares (those it names ``name``, when given);
    InvalidOptions when it has none."""
    ai = game.ai()
    if name:
        if name not in ai.other_hooks:
            known = ", ".join(sorted(ai.other_hooks)) or "none"
            raise InvalidOptions(f"{game.name} has no hooks named {name!r} (it has: {known})")
        return ai.other_hooks[name]
    if ai.hooks is None:
        raise InvalidOptions(f"{game.name} has no evaluation for search agents yet")
    return ai.hooks
