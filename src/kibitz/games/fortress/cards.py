"""Card ids, names and their parser: id = suit * 13 + rank, suits C S H D, ranks A..K."""

from __future__ import annotations

from kibitz.core.errors import NotationError

SUITS = "CSHD"
RANKS = "A23456789TJQK"
SUIT_OF = tuple(c // 13 for c in range(52))
RANK_OF = tuple(c % 13 for c in range(52))
NAMES = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))

SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_SUIT_SYMBOLS = {symbol: suit for suit, symbol in SYMBOLS.items()}


def card_id(suit: int, rank: int) -> int:
    """The id of the card of ``suit`` (0-3) and ``rank`` (0-12)."""
    return suit * 13 + rank


def card_name(card: int) -> str:
    """``AS``, ``TD``, ``KH``: rank character then suit letter."""
    return NAMES[card]


def parse_card(text: str) -> int:
    """A card id from its name; accepts lower case, ``10`` for ``T`` and suit symbols."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) == 2:
        rank, suit = t[0], _SUIT_SYMBOLS.get(t[1], t[1])
        if rank in RANKS and suit in SUITS:
            return card_id(SUITS.index(suit), RANKS.index(rank))
    raise NotationError(
        f"{text!r} is not a card; write rank (A 2-9 T J Q K, or 10) then suit (C S H D)"
    )
