"""Trick play: which cards a player may play (RK-12) and who wins a trick (RK-13)."""

from __future__ import annotations

from collections.abc import Sequence

from kibitz.games.rook.table import Table


def legal_plays(table: Table, must_trump: bool, trump: int, hand: int, led: int) -> int:
    """The mask of cards in ``hand`` that may be played on a trick led by ``led`` (-1: leading)."""
    if led < 0:
        return hand
    suits = table.suit_mask[trump]
    follow = hand & suits[table.suit_of[trump][led]]
    if follow:
        return follow | (hand & table.anytime_mask)
    if must_trump:
        trumps = hand & suits[trump]
        if trumps:
            return trumps
    return hand


def trick_winner(table: Table, trump: int, cards: Sequence[int]) -> int:
    """The index in ``cards`` (play order) of the winning card: highest trump, else highest led."""
    suit_of = table.suit_of[trump]
    power = table.power
    best = 0
    best_suit = suit_of[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit_of[c]
        if s == best_suit:
            if power[c] > power[cards[best]]:
                best = i
        elif s == trump:
            best, best_suit = i, s
    return best
