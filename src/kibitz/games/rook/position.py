"""The mutable part of a Rook game, kept as one copy-on-write record so undo is exact."""

from __future__ import annotations

from dataclasses import dataclass

from kibitz.core.outcome import Outcome

DEALER, DEAL, AUCTION, TRUMP, DISCARD, PLAY, OVER = range(7)
PHASE_NAMES = ("first dealer", "deal", "auction", "trump", "discard", "play", "over")


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def seat_of(self, index: int) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % 4


@dataclass(frozen=True)
class SheetEntry:
    """One scored hand on the score sheet (teams: 0 North-South, 1 East-West)."""

    hand: int
    dealer: int
    declarer: int
    contract: int
    trump: int
    nest: tuple[int, ...]
    nest_points: int
    nest_to: int
    card_points: tuple[int, int]
    bonus: tuple[int, int]
    points: tuple[int, int]
    made: bool
    change: tuple[int, int]
    totals: tuple[int, int]


class Position:
    """Everything that changes during a game. A stored Position is never mutated: ``_do``
    works on a ``copy()`` and keeps the old one for undo; all values are immutable."""

    phase: int
    dealer: int
    deals: int
    hand_no: int
    undealt: int
    dealt: int
    hands: tuple[int, int, int, int]
    nest: int
    nest_taken: int
    discards: int
    last_discard: int
    calls: tuple[tuple[int, int], ...]
    passed: int
    high_bid: int
    high_bidder: int
    to_act: int
    declarer: int
    contract: int
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    taken: tuple[int, int]
    last_trick: Trick | None
    scores: tuple[int, int]
    sheet: tuple[SheetEntry, ...]
    result: Outcome | None
    last: tuple[int, int]
    """The phase the last action was taken at and who took it: the seat acting, or for a
    dealt card the seat receiving it (-1 for the nest), or -1 for the first dealer's draw."""

    def __init__(self) -> None:
        self.phase = DEALER
        self.dealer = -1
        self.deals = 0
        self.hand_no = 1
        self.last_trick = None
        self.scores = (0, 0)
        self.sheet = ()
        self.result = None
        self.last = (DEALER, -1)
        self.clear_hand(0)

    def clear_hand(self, deck_mask: int) -> None:
        """Reset every per-hand field for a fresh deal of ``deck_mask``."""
        self.undealt = deck_mask
        self.dealt = 0
        self.hands = (0, 0, 0, 0)
        self.nest = 0
        self.nest_taken = 0
        self.discards = 0
        self.last_discard = -1
        self.calls = ()
        self.passed = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.to_act = -1
        self.declarer = -1
        self.contract = 0
        self.trump = -1
        self.leader = -1
        self.trick = ()
        self.tricks = ()
        self.tricks_won = (0, 0)
        self.taken = (0, 0)

    def copy(self) -> Position:
        """A shallow copy (all values are immutable, so it is independent)."""
        new = object.__new__(Position)
        new.__dict__.update(self.__dict__)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]
