"""The layout of one position (ten piles, four foundation counts, the base) and its string."""

from __future__ import annotations

from dataclasses import dataclass

from kibitz.core.errors import InvalidPosition, NotationError
from kibitz.games.fortress.cards import NAMES, RANKS, SUITS, card_id, parse_card
from kibitz.games.fortress.variants import Variant

NUM_PILES = 10
UNSET = -1
"""``Board.base`` while a Chessboard base has not been chosen."""


@dataclass
class Board:
    """Piles (bottom to top), foundation counts in suit order C S H D, and the base rank."""

    piles: list[list[int]]
    found: list[int]
    base: int

    def copy(self) -> Board:
        """An independent copy."""
        return Board([list(p) for p in self.piles], list(self.found), self.base)

    def home(self) -> int:
        """Cards on the foundations."""
        return sum(self.found)

    def needs(self, suit: int) -> int | None:
        """The card the foundation of ``suit`` takes next (None: full, or no base yet)."""
        n = self.found[suit]
        if self.base == UNSET or n == 13:
            return None
        return card_id(suit, (self.base + n) % 13)

    def foundation_top(self, suit: int) -> int | None:
        """The top card of the foundation of ``suit``, or None if it is empty."""
        n = self.found[suit]
        return None if n == 0 else card_id(suit, (self.base + n - 1) % 13)

    def to_string(self) -> str:
        """The position string: ``<piles> <foundations> <base>``."""
        piles = "/".join("".join(NAMES[c] for c in p) or "-" for p in self.piles)
        tops = [self.foundation_top(s) for s in range(4)]
        found = ",".join("-" if t is None else NAMES[t] for t in tops)
        base = "-" if self.base == UNSET else RANKS[self.base]
        return f"{piles} {found} {base}"


def _parse_pile(group: str, index: int) -> list[int]:
    if group == "-":
        return []
    if len(group) % 2 or not group:
        raise InvalidPosition(f"pile {index} {group!r} must be two-character card names or '-'")
    try:
        return [parse_card(group[k : k + 2]) for k in range(0, len(group), 2)]
    except NotationError as exc:
        raise InvalidPosition(f"pile {index}: {exc}") from None


def parse_position(text: str, variant: Variant) -> Board:
    """Parse and validate a position string for ``variant``; errors name the problem."""
    fields = text.split(" ")
    if len(fields) != 3:
        raise InvalidPosition(
            f"position {text!r} must have three fields separated by single spaces: "
            "<piles> <foundations> <base>"
        )
    pile_text, found_text, base_text = fields
    groups = pile_text.split("/")
    if len(groups) != NUM_PILES:
        raise InvalidPosition(f"position has {len(groups)} piles; it needs 10 separated by '/'")
    piles = [_parse_pile(g, i) for i, g in enumerate(groups)]
    base = _parse_base(base_text, variant)
    entries = found_text.split(",")
    if len(entries) != 4:
        raise InvalidPosition(
            f"foundations {found_text!r} must be four entries (C,S,H,D) separated by ','"
        )
    found = [_parse_foundation(e, s, base) for s, e in enumerate(entries)]
    if base == UNSET and any(found):
        raise InvalidPosition("base '-' (unset) requires every foundation to be empty")
    if base != UNSET and variant.free_base and not any(found):
        raise InvalidPosition(
            f"base {RANKS[base]} is set but every foundation is empty; the base is set by the "
            "first foundation move, so write '-'"
        )
    board = Board(piles, found, base)
    _check_cards(board)
    return board


def _parse_base(text: str, variant: Variant) -> int:
    if variant.free_base:
        if text == "-":
            return UNSET
        if len(text) == 1 and text.upper() in RANKS:
            return RANKS.index(text.upper())
        raise InvalidPosition(f"base {text!r} must be a rank character (A 2-9 T J Q K) or '-'")
    if text.upper() != "A":
        raise InvalidPosition(f"base {text!r}: a {variant.title} position has base 'A'")
    return 0


def _parse_foundation(entry: str, suit: int, base: int) -> int:
    if entry == "-":
        return 0
    try:
        top = parse_card(entry)
    except NotationError as exc:
        raise InvalidPosition(f"foundation {SUITS[suit]}: {exc}") from None
    if top // 13 != suit:
        raise InvalidPosition(
            f"foundation {SUITS[suit]} top card {entry!r} is not a {SUITS[suit]} card"
        )
    if base == UNSET:
        raise InvalidPosition("base '-' (unset) requires every foundation to be empty")
    return (top % 13 - base) % 13 + 1


def _check_cards(board: Board) -> None:
    seen = [0] * 52
    for pile in board.piles:
        for c in pile:
            seen[c] += 1
    for s in range(4):
        for k in range(board.found[s]):
            seen[card_id(s, (board.base + k) % 13)] += 1
    twice = [NAMES[c] for c in range(52) if seen[c] > 1]
    missing = [NAMES[c] for c in range(52) if seen[c] == 0]
    if twice:
        raise InvalidPosition(f"cards appear more than once: {' '.join(twice)}")
    if missing:
        raise InvalidPosition(f"cards are missing: {' '.join(missing)}")
