"""The card data of TCHESS Cards (spec tables 2.1 and 2.2): letters, counts, values, relations.

Everything here is plain data; options (``options.py``) copy or replace it, and ``tables.py``
compiles the active choice into lookup tables for the rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardKind:
    """One letter of the deck: its piece name (empty when unknown), count and face value."""

    letter: str
    name: str
    count: int
    value: int


CARD_KINDS: tuple[CardKind, ...] = (
    CardKind("P", "Pawn", 8, 1),
    CardKind("S", "Sergeant", 4, 2),
    CardKind("N", "Knight", 2, 3),
    CardKind("F", "Griffon", 2, 7),
    CardKind("C", "Champion", 2, 7),
    CardKind("B", "Bishop", 2, 3),
    CardKind("D", "", 2, 5),
    CardKind("R", "Rook", 2, 5),
    CardKind("G", "", 2, 7),
    CardKind("Q", "Queen", 1, 9),
    CardKind("K", "King", 1, 3),
    CardKind("L", "", 1, 5),
    CardKind("E", "Emperor", 1, 12),
    CardKind("NB", "Princess", 1, 6),
    CardKind("NR", "Empress", 1, 8),
    CardKind("J", "Jester", 1, 0),
)
"""Table 2.1 in the spec's letter order (which is also the default action id order)."""

DEFAULT_DECK: dict[str, int] = {k.letter: k.count for k in CARD_KINDS}
DEFAULT_VALUES: dict[str, int] = {k.letter: k.value for k in CARD_KINDS}
CARD_NAMES: dict[str, str] = {k.letter: k.name for k in CARD_KINDS}

PAWN, SERGEANT, KING, JESTER = "P", "S", "K", "J"
"""The letters that carry special rules (TC-7, TC-14); every other letter is plain data."""

LIST_RELATIONS: tuple[tuple[str, str], ...] = (
    ("P", "S"), ("R", "G"), ("N", "F"), ("N", "E"), ("B", "D"), ("K", "L"), ("Q", "C"),
)
"""Relatives from the seed's Combinations list."""

SECTION_RELATIONS: tuple[tuple[str, str], ...] = (("N", "C"), ("Q", "E"))
"""Relatives from the seed's special-piece sections (Champion, Emperor)."""

COMPOUND_RELATIONS: tuple[tuple[str, str], ...] = (
    ("NB", "N"), ("NB", "B"), ("NR", "N"), ("NR", "R"),
)
"""A compound piece pairs with each of its components."""

FORBIDDEN_PAIRS: frozenset[frozenset[str]] = frozenset({frozenset(("C", "F"))})
"""Pairs that never combine, whatever the relation set (the Griffon never pairs with C)."""

PAIR_READINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "union": LIST_RELATIONS + SECTION_RELATIONS + COMPOUND_RELATIONS,
    "list": LIST_RELATIONS + COMPOUND_RELATIONS,
    "sections": tuple(p for p in LIST_RELATIONS if p != ("Q", "C"))
    + SECTION_RELATIONS
    + COMPOUND_RELATIONS,
}
"""The relation set chosen by option ``pair_reading`` (TC-6)."""
