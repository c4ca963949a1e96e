"""Cards, squares and pieces of Cardmate, as small ints for fast move generation.

A card is ``rank * 4 + suit`` (rank 0 = One ... 13 = Ace, suit 0..3 = C, D, H, S), so two
cards of one suit compare by rank when compared as ints. A piece on the board is
``owner << 6 | card``; a square is ``rank * 10 + file`` (a0 = 0, j9 = 99).
"""

from __future__ import annotations

RANK_CODES = "123456789XJQKA"
SUIT_CODES = "CDHS"
FILES = "abcdefghij"
RANK_NAMES = (
    "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
    "Queen", "King", "Ace",
)  # fmt: skip
RANK_FACES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""What a card's corner shows for each rank (the Ten's code is ``X``)."""
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")
SUIT_COLOURS = ("black", "red", "red", "black")
"""Cosmetic suit colours: clubs and spades dark, diamonds and hearts red."""

ONE, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 8, 9, 10, 11, 12, 13
NUM_CARDS = 56
FOREHAND, REARHAND = 0, 1
PLAYER_NAMES = ("Forehand", "Rearhand")
OWNER_SHIFT = 6
CARD_MASK = 63
EMPTY = -1

PALACES = ((4, 5), (94, 95))
"""Palace squares by owner: Forehand e0 f0, Rearhand e9 f9."""
CENTRE_LINE = (4, 5)
"""The centre line runs between these ranks: Forehand's half is 0-4, Rearhand's 5-9."""


def card_code(card: int) -> str:
    """The upper-case code of a card, e.g. ``4D``, ``XH``, ``AC``."""
    return RANK_CODES[card >> 2] + SUIT_CODES[card & 3]


def piece_code(piece: int) -> str:
    """A piece's code as the position string writes it: Forehand upper case, Rearhand lower."""
    code = card_code(piece & CARD_MASK)
    return code if piece >> OWNER_SHIFT == FOREHAND else code.lower()


CARD_BY_CODE = {card_code(c): c for c in range(NUM_CARDS)}


def square_name(sq: int) -> str:
    """``e0`` for square 4."""
    return FILES[sq % 10] + str(sq // 10)


SQUARE_BY_NAME = {square_name(sq): sq for sq in range(100)}
