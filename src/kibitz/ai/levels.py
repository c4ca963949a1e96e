"""Graded computer levels: each is an agent spec with a deterministic budget.

A game declares its levels in ``game.ai().levels``: level number -> agent spec (1 = poor ...
4 = very good). Levels are defined by depth, nodes or iterations, never by time, so results
do not depend on machine speed; level 4 also has a wall-clock cap for interactive play.
"""

from __future__ import annotations

from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game
from kibitz.core.registry import load


def level_specs(game: str | Game) -> dict[int, str]:
    """The level table of a game (by name: with its default options)."""
    return dict((load(game) if isinstance(game, str) else game).ai().levels)


def level(game: Game, n: int, seed: int = 0) -> Agent:
    """The level-``n`` computer player for ``game``."""
    from kibitz.ai.specs import make_agent

    table = level_specs(game)
    if not table:
        raise InvalidOptions(f"{game.name} has no computer levels yet")
    if n not in table:
        raise InvalidOptions(f"{game.name} has levels {min(table)}..{max(table)}, not {n}")
    return make_agent(table[n], game, seed)
