"""Cardmate's options: the setup relaxations of spec (e) and the end rules CM-15 to CM-17.

Fields are declared in the order the record's ``Options`` tag lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded


@dataclass(frozen=True)
class CardmateOptions:
    """Variant settings; all defaults give the predefined game."""

    HELP: ClassVar[dict[str, str]] = {
        "suit_setup": "Each side's two cards of a rank stand on that rank's two squares in "
                      "random order.",
        "suit_contents": "The four cards of each rank are dealt at random onto that rank's "
                         "squares (a hand may be mostly one suit).",
        "rank_setup": "Each side's cards are shuffled over its 26 starting squares.",
        "rank_contents": "Each side gets two Kings and 24 cards dealt from the other 48 "
                         "(ranks and suits both random).",
        "zillions_random": "The random setup of the Zillions version: suits dealt at random "
                           "(not with the four options above).",
        "kings_fixed": "The Kings always start on their palace squares, out of every shuffle.",
        "stalemate": "What a player with no legal move gets: a draw, or a loss.",
        "repetition_loss": "Repeating a position the set number of times loses for the player "
                           "who made it (off: a third repetition is a draw).",
        "repetition_threshold": "The occurrence of a position at which repetition_loss makes "
                                "the player who repeated it lose.",
        "max_plies": "A move cap for engine matches (not a rule): the game is drawn at this "
                     "ply, counted from the first move (a position's move number included).",
    }

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
