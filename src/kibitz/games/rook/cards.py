"""Cards, colours, seats and teams of Rook, with their stable ids and text forms.

Card ids are the same in every preset: a numbered card is ``14 * colour + (rank - 1)``
(r1 = 0, b14 = 55) and the Rook (the Crow in CrowsNest) is 56.
"""

from __future__ import annotations

from kibitz.core.errors import NotationError

COLOUR_LETTERS = "rygb"
COLOUR_NAMES = ("red", "yellow", "green", "black")
ROOK = 56
RED1 = 0
NUM_CARDS = 57

SEAT_NAMES = ("South", "West", "North", "East")
SEAT_LETTERS = "SWNE"
TEAM_NAMES = ("North-South", "East-West")


def card_id(colour: int, rank: int) -> int:
    """The id of the numbered card of ``colour`` (0-3) and ``rank`` (1-14)."""
    return 14 * colour + rank - 1


def colour_of(card: int) -> int:
    """The printed colour of a numbered card (not its suit once trump is named)."""
    return card // 14


def rank_of(card: int) -> int:
    """The printed rank (1-14) of a numbered card."""
    return card % 14 + 1


def card_str(card: int) -> str:
    """A card's text form: colour letter and rank (``g14``), or ``rook``."""
    if card == ROOK:
        return "rook"
    return f"{COLOUR_LETTERS[card // 14]}{card % 14 + 1}"


def parse_card(text: str) -> int:
    """The card id of ``g14``, ``R5``, ``rook`` or ``crow``; NotationError otherwise."""
    t = text.strip().lower()
    if t in ("rook", "crow"):
        return ROOK
    if len(t) >= 2 and t[0] in COLOUR_LETTERS and t[1:].isdigit():
        rank = int(t[1:])
        if 1 <= rank <= 14:
            return card_id(COLOUR_LETTERS.index(t[0]), rank)
    raise NotationError(
        f"{text!r} is not a card; write a colour letter r, y, g or b and a rank 1-14 "
        "(e.g. g14, r5), or rook"
    )


def parse_colour(text: str) -> int:
    """The colour index of ``green`` or ``g``; NotationError otherwise."""
    t = text.strip().lower()
    for i, name in enumerate(COLOUR_NAMES):
        if t in (name, name[0]):
            return i
    raise NotationError(
        f"{text!r} is not a colour; valid: red, yellow, green, black (or r, y, g, b)"
    )


def parse_seat(text: str) -> int:
    """The seat index of ``South`` or ``S`` (any case); NotationError otherwise."""
    t = text.strip().lower()
    for i, name in enumerate(SEAT_NAMES):
        if t in (name.lower(), name[0].lower()):
            return i
    raise NotationError(f"{text!r} is not a seat; valid: South, West, North, East (or S, W, N, E)")


def team_of(seat: int) -> int:
    """0 for North-South (seats 0 and 2), 1 for East-West (seats 1 and 3)."""
    return seat & 1


_BYTE_BITS = tuple(
    tuple(tuple(base + i for i in range(8) if v >> i & 1) for v in range(256))
    for base in range(0, 64, 8)
)


def bits(mask: int) -> list[int]:
    """The card ids in a bit mask, ascending (a byte at a time through a table)."""
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out.extend(_BYTE_BITS[k][byte])
        mask >>= 8
        k += 1
    return out
