"""Graded computer levels: each is an agent spec with a deterministic budget.

Levels are defined by depth, nodes or iterations, never by time, so results do not depend
on machine speed; level 4 also has a wall-clock cap for interactive play.
"""

from __future__ import annotations

from kibitz.ai.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game

LEVELS: dict[str, dict[int, str]] = {
    "smess": {
        1: "greedy:noise=400",
        2: "alphabeta:depth=2,quiescence=false",
        3: "alphabeta:depth=4,nodes=20000",
        4: "alphabeta:depth=20,nodes=120000,time_cap=5",
    },
}
"""Per game, level number -> agent spec (1 = poor ... 4 = very good)."""


def level_specs(game_name: str) -> dict[int, str]:
    """The level table of a game."""
    table = LEVELS.get(game_name)
    if table is None:
        raise InvalidOptions(f"{game_name} has no computer levels yet")
    return table


def level(game: Game, n: int, seed: int = 0) -> Agent:
    """The level-``n`` computer player for ``game``."""
    from kibitz.ai.specs import make_agent

    table = level_specs(game.name)
    if n not in table:
        raise InvalidOptions(f"{game.name} has levels {min(table)}..{max(table)}, not {n}")
    return make_agent(table[n], game, seed)
