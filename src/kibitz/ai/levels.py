"""Graded computer levels: each is an agent spec with a deterministic budget.

Each game's ``eval.py`` holds ``LEVELS``: level number -> agent spec (1 = poor ... 4 = very
good). Levels are defined by depth, nodes or iterations, never by time, so results do not
depend on machine speed; level 4 also has a wall-clock cap for interactive play.
"""

from __future__ import annotations

from kibitz.ai.agent import Agent
from kibitz.ai.hooks import game_knowledge
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game
from kibitz.core.registry import game_class


def level_specs(game_name: str) -> dict[int, str]:
    """The level table of a game: ``LEVELS`` in its package's ``eval.py``."""
    return game_knowledge(game_class(game_name), "LEVELS")


def level(game: Game, n: int, seed: int = 0) -> Agent:
    """The level-``n`` computer player for ``game``."""
    from kibitz.ai.specs import make_agent

    table = level_specs(game.name)
    if n not in table:
        raise InvalidOptions(f"{game.name} has levels {min(table)}..{max(table)}, not {n}")
    return make_agent(table[n], game, seed)
