"""Smess pieces as small ints: 0 is empty, Blue 1-3, Red 4-6 (Brain, Numskull, Ninny)."""

from __future__ import annotations

EMPTY = 0
BRAIN, SKULL, NINNY = 0, 1, 2
"""Piece kinds."""
KIND_NAMES = ("brain", "numskull", "ninny")
"""Each kind's name in observations and the game's description."""
BLUE, RED = 0, 1
"""Sides: Blue is seat 0 and moves first."""
SIDE_NAMES = ("Blue", "Red")

LETTERS = " BSNbsn"
"""Piece letter by piece code (upper case Blue, lower case Red)."""


def piece(side: int, kind: int) -> int:
    """The code of ``side``'s piece of ``kind``."""
    return 1 + 3 * side + kind


OWNER: tuple[int, ...] = (-1, 0, 0, 0, 1, 1, 1)
"""Side owning each piece code (-1 for empty)."""
KIND: tuple[int, ...] = (-1, BRAIN, SKULL, NINNY, BRAIN, SKULL, NINNY)
"""Kind of each piece code (-1 for empty)."""

PROMOTION_SQUARES: tuple[frozenset[int], frozenset[int]] = (
    frozenset({50, 51, 53, 54}),  # Blue promotes on b8 c8 e8 f8
    frozenset({1, 2, 4, 5}),  # Red promotes on b1 c1 e1 f1
)
"""The opponent's Numskull start squares, where each side's Ninnies promote (SM-6)."""
