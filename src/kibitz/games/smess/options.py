"""Smess options (SM-12): the printed promotion rule, the two optional draw rules and a
ply cap for engine matches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded


@dataclass(frozen=True)
class SmessOptions:
    """Variant settings of a Smess game; all off by default."""

    HELP: ClassVar[dict[str, str]] = {
        "promotion_requires_captured_numskull": "The printed rule: a Ninny promotes only in "
                                                "place of a Numskull of its side already lost.",
        "max_plies_without_progress": "Draw after this many plies with no capture or "
                                      "promotion (100 suits computer matches).",
        "repetition_draw": "Draw when the same position occurs for the third time.",
        "max_plies": "A move cap for engine matches (not a rule): the game is drawn after "
                     "this many plies.",
    }

    promotion_requires_captured_numskull: bool = False
    max_plies_without_progress: int | None = bounded(None, minimum=1, maximum=10_000)
    repetition_draw: bool = False
    max_plies: int | None = bounded(None, minimum=1, maximum=10_000)
    """A cap for engine matches and learning, not a rule: after this many plies the game
    ends, drawn and marked truncated."""

    def __post_init__(self) -> None:
        limit = self.max_plies_without_progress
        if limit is not None and limit < 1:
            raise InvalidOptions(
                f"option 'max_plies_without_progress' must be None (off) or an integer >= 1, "
                f"got {limit}"
            )
        if self.max_plies is not None and self.max_plies < 1:
            raise InvalidOptions(
                f"option 'max_plies' must be None (off) or an integer >= 1, got {self.max_plies}"
            )
