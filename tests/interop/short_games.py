"""Every game and preset with caps that keep it short (a capped game ends truncated), shared
by the adapter tests."""

from __future__ import annotations

from typing import Any

import kibitz
from kibitz.core.registry import game_class

SHORT = {
    "cardmate": {"max_plies": 30},
    "smess": {"max_plies": 30},
    "tchess": {"max_rounds": 2},
    "rook": {"max_hands": 1},
    "fortress": {"max_moves": 30},
    "chessboard": {"max_moves": 30},
}
"""Caps that keep each simulated game short."""


def short_cases(caps: dict[str, dict[str, Any]] = SHORT, base: bool = False) -> list:
    """``(name, options)`` for every game and preset with ``caps`` on top (and, with
    ``base``, the game's length defaults underneath)."""
    return [
        (name, {**(game_class(name).length_defaults if base else {}), **preset, **caps[name]})
        for name in kibitz.games()
        for preset in game_class(name).presets.values()
    ]


CASES = short_cases()
