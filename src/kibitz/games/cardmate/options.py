"""Cardmate's options: the setup relaxations of spec (e) and the end rules CM-15 to CM-17.

Fields are declared in the order the record's ``Options`` tag lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded


@dataclass(frozen=True)
class CardmateOptions:
    """Variant settings; all defaults give the predefined game."""

    suit_setup: bool = False
    suit_contents: bool = False
    rank_setup: bool = False
    rank_contents: bool = False
    zillions_random: bool = False
    kings_fixed: bool = True
    stalemate: Literal["draw", "loss"] = "draw"
    repetition_loss: bool = False
    repetition_threshold: int = bounded(2, minimum=2, maximum=10)
    max_plies: int | None = bounded(None, minimum=1, maximum=10_000)

    def __post_init__(self) -> None:
        if self.zillions_random and (
            self.suit_setup or self.suit_contents or self.rank_setup or self.rank_contents
        ):
            raise InvalidOptions(
                "option 'zillions_random' may not be combined with suit_setup, suit_contents, "
                "rank_setup or rank_contents (it already equals suit_contents)"
            )
        if self.repetition_threshold < 2:
            raise InvalidOptions(
                f"option 'repetition_threshold' must be an integer >= 2, "
                f"got {self.repetition_threshold!r}"
            )
        if self.max_plies is not None and self.max_plies < 1:
            raise InvalidOptions(
                f"option 'max_plies' must be a positive integer or none, got {self.max_plies!r}"
            )

    @property
    def is_dealt(self) -> bool:
        """True when the start position is drawn from the seed rather than predefined."""
        return (
            self.suit_setup
            or self.suit_contents
            or self.rank_setup
            or self.rank_contents
            or self.zillions_random
        )
