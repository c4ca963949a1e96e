"""The two games as data: Fortress and Chessboard differ only in wrap and the free base."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded
from kibitz.games.fortress.cards import RANK_OF, SUIT_OF


@dataclass(frozen=True)
class Variant:
    """Rule switches of one game: ``wrap`` (A-K adjacent, FO-3) and ``free_base`` (FO-7)."""

    name: str
    title: str
    wrap: bool
    free_base: bool


FORTRESS = Variant("fortress", "Fortress", wrap=False, free_base=False)
CHESSBOARD = Variant("chessboard", "Chessboard", wrap=True, free_base=True)


def neighbours(card: int, wrap: bool) -> tuple[int, ...]:
    """The cards adjacent to ``card`` (same suit, rank one apart; A-K too when ``wrap``)."""
    s, r = SUIT_OF[card], RANK_OF[card]
    ranks = [(r - 1) % 13, (r + 1) % 13] if wrap else [x for x in (r - 1, r + 1) if 0 <= x < 13]
    return tuple(s * 13 + x for x in ranks)


def rules_summary(variant: Variant, takeback: bool = False) -> str:
    """The variant's rules in a few plain sentences, for front ends to show."""
    parts = [
        "Move one top card at a time: home to its foundation, onto a card of its suit one "
        "rank apart (up or down), or into an empty pile.",
        "An Ace and a King of a suit are adjacent (wrap)." if variant.wrap
        else "An Ace and a King are not adjacent.",
        "The first card sent home sets the base rank; each foundation builds up in suit from "
        "its base card, wrapping after the King." if variant.free_base
        else "Each foundation builds up in suit from Ace to King.",
    ]
    if takeback:
        parts.append("A foundation's top card may be taken back onto a pile.")
    parts.append("Win by bringing all 52 cards home.")
    return " ".join(parts)


ADJACENT = {w: tuple(neighbours(c, w) for c in range(52)) for w in (False, True)}
"""``ADJACENT[wrap][card]``: the neighbours of every card, precomputed."""


def check_max_moves(value: int | None) -> None:
    """Refuse a move cap below 1 (None: no cap)."""
    if value is not None and value < 1:
        raise InvalidOptions(
            f"option 'max_moves' must be None (off) or an integer >= 1, got {value}"
        )


@dataclass(frozen=True)
class FortressOptions:
    """Fortress options (FO-10), and a move cap for engine runs and learning (not a rule:
    reaching it ends the game lost and marked truncated)."""

    HELP: ClassVar[dict[str, str]] = {
        "allow_foundation_takeback": "A foundation's top card may go back to the piles "
                                     "(as in PySolFC).",
        "max_moves": "A move cap for engine runs (not a rule): the deal is lost after this "
                     "many moves.",
    }

    allow_foundation_takeback: bool = False
    max_moves: int | None = bounded(None, minimum=1, maximum=100_000)

    def __post_init__(self) -> None:
        check_max_moves(self.max_moves)


@dataclass(frozen=True)
class ChessboardOptions:
    """Chessboard options: the same names as Fortress, but take-backs are refused (FO-8)."""

    HELP: ClassVar[dict[str, str]] = {
        **FortressOptions.HELP,
        "allow_foundation_takeback": "Not in Chessboard: its foundations never give cards "
                                     "back (must stay off).",
    }

    allow_foundation_takeback: bool = False
    max_moves: int | None = bounded(None, minimum=1, maximum=100_000)

    def __post_init__(self) -> None:
        check_max_moves(self.max_moves)
        if self.allow_foundation_takeback:
            raise InvalidOptions(
                "option 'allow_foundation_takeback' must be False for chessboard "
                "(take-backs exist only in fortress; Chessboard foundations never empty)"
            )
