"""Rook's action id space (spec section 6), the same for every preset apart from the bids.

Player actions: ``PLAY(card)`` = card id, ``DISCARD(card)`` = 57 + card id, ``TRUMP(colour)``
= 114 + colour, ``PASS`` = 118, ``BID(bid_min + k * bid_step)`` = 119 + k. Chance outcomes
reuse the low ids: the first dealer is seat 0-3 and each dealt card is its card id.
"""

from __future__ import annotations

from kibitz.games.rook.cards import NUM_CARDS

DISCARD0 = NUM_CARDS
TRUMP0 = 2 * NUM_CARDS
PASS = TRUMP0 + 4
BID0 = PASS + 1


def num_actions(num_bids: int) -> int:
    """Size of the id space for a game with ``num_bids`` possible bids."""
    return BID0 + num_bids
