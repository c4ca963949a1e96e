"""Finds the games: every package under ``kibitz.games`` lists its Game classes in ``GAMES``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from kibitz.core.errors import UnknownGame
from kibitz.core.game import Game


@cache
def game_classes() -> dict[str, type[Game]]:
    """Every registered game class by name, discovered once."""
    import kibitz.games as pkg

    found: dict[str, type[Game]] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        for cls in getattr(module, "GAMES", ()):
            found[cls.name] = cls
    return dict(sorted(found.items()))


def games() -> list[str]:
    """Names of every registered game, sorted."""
    return list(game_classes())


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``."""
    classes = game_classes()
    if name not in classes:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(classes)}")
    return classes[name]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with the given options (validated)."""
    return game_class(name)(**options)
