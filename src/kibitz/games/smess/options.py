"""Smess options (SM-12): the printed promotion rule, the two optional draw rules and a
ply cap for engine matches."""

from __future__ import annotations

from dataclasses import dataclass

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded


@dataclass(frozen=True)
class SmessOptions:
    """Variant settings of a Smess game; all off by default."""

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
