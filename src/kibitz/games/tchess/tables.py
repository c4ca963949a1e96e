"""The active options compiled into index tables, so the rules work on small ints, not text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kibitz.core.errors import InvalidOptions
from kibitz.games.tchess.deck import (
    FORBIDDEN_PAIRS,
    JESTER,
    KING,
    PAIR_READINGS,
    PAWN,
    SERGEANT,
)
from kibitz.games.tchess.options import TchessOptions, parse_relation


@dataclass(frozen=True, eq=False)
class Tables:
    """Letters by index and the per-letter data the hot code reads (``-1`` = letter absent)."""

    options: TchessOptions
    letters: tuple[str, ...]
    index: dict[str, int]
    counts: tuple[int, ...]
    values: tuple[int, ...]
    copy_value: tuple[int, ...]
    combinable: tuple[tuple[bool, ...], ...]
    pawn: int
    sergeant: int
    king: int
    jester: int

    @property
    def num_letters(self) -> int:
        """``L``, the number of letters (the action id space is ``2L + 2``)."""
        return len(self.letters)


def relation_set(options: TchessOptions) -> set[frozenset[str]]:
    """The unordered relation pairs in force (TC-6), restricted to deck letters."""
    deck = options.deck
    if options.pair_relations is not None:
        return {parse_relation(text, deck) for text in options.pair_relations}
    return {
        frozenset(pair)
        for pair in PAIR_READINGS[options.pair_reading]
        if pair[0] in deck and pair[1] in deck and frozenset(pair) not in FORBIDDEN_PAIRS
    }


@cache
def tables_for(options: TchessOptions) -> Tables:
    """The compiled tables of ``options`` (cached: options are immutable and hashable)."""
    if not isinstance(options, TchessOptions):
        raise InvalidOptions(f"expected TchessOptions, got {type(options).__name__}")
    letters = tuple(options.deck)
    index = {x: i for i, x in enumerate(letters)}
    relations = relation_set(options)
    values = tuple(0 if x == JESTER else options.values[x] for x in letters)
    cap = options.jester_copy_cap
    combinable = tuple(
        tuple(
            a == JESTER
            or b == JESTER
            or (a == b and options.identical_pairs)
            or frozenset((a, b)) in relations
            for b in letters
        )
        for a in letters
    )
    return Tables(
        options=options,
        letters=letters,
        index=index,
        counts=tuple(options.deck.values()),
        values=values,
        copy_value=tuple(v if v <= cap else 0 for v in values),
        combinable=combinable,
        pawn=index.get(PAWN, -1),
        sergeant=index.get(SERGEANT, -1),
        king=index[KING],
        jester=index.get(JESTER, -1),
    )
