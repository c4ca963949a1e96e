"""The options of TCHESS Cards (spec TC-18) and the presets ``standard`` and ``reading_a``."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded
from kibitz.games.tchess.deck import (
    DEFAULT_DECK,
    DEFAULT_VALUES,
    FORBIDDEN_PAIRS,
    JESTER,
    KING,
)

LETTER_RE = re.compile(r"^[A-Z]{1,3}$")
"""A card letter: one to three capitals (``P``, ``NB``); lower case is kept for keywords."""


def parse_letter_map(name: str, value: dict | str) -> dict[str, int]:
    """A ``letter -> int`` map from a dict or from text ``P:8,S:4`` (the command line form)."""
    if isinstance(value, str):
        out: dict[str, Any] = {}
        for part in (p.strip() for p in value.split(",")):
            if not part:
                continue
            letter, sep, number = part.partition(":")
            if not sep or not number.strip().lstrip("-").isdigit():
                raise InvalidOptions(
                    f"option {name!r}: {part!r} must be LETTER:COUNT, e.g. {name}=P:8,S:4"
                )
            if letter.strip() in out:
                raise InvalidOptions(f"option {name!r}: {letter.strip()} is given twice")
            out[letter.strip()] = int(number)
        value = out
    for letter, number in value.items():
        if not isinstance(letter, str) or not LETTER_RE.match(letter):
            raise InvalidOptions(
                f"option {name!r}: card letter {letter!r} must be 1 to 3 capital letters"
            )
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise InvalidOptions(
                f"option {name!r}: {letter} must be an integer >= 0, got {number!r}"
            )
    return dict(value)


def parse_relation(text: str, letters: dict[str, int]) -> frozenset[str]:
    """One ``A+B`` relation of option ``pair_relations`` as a set of one or two letters."""
    parts = text.split("+")
    if len(parts) != 2 or not all(p.strip() in letters for p in parts):
        raise InvalidOptions(
            f"option 'pair_relations': {text!r} must be two deck letters joined by '+' "
            f"(deck letters: {' '.join(letters)})"
        )
    pair = frozenset(p.strip() for p in parts)
    if pair in FORBIDDEN_PAIRS:
        raise InvalidOptions(f"option 'pair_relations': {text!r} is a forbidden pair (C+F)")
    return pair


def _int_at_least(name: str, value: int, low: int, why: str = "") -> None:
    if value < low:
        raise InvalidOptions(f"option {name!r} must be an integer >= {low}{why}, got {value}")


@dataclass(frozen=True)
class TchessOptions:
    """Variant settings of TCHESS Cards; defaults are the ``standard`` preset (rule set B)."""

    HELP: ClassVar[dict[str, str]] = {
        "deck": "How many cards of each letter a deck holds (at least one K).",
        "values": "Each card letter's face value (a J copies its partner's instead).",
        "pair_reading": "Which pairs of pieces combine: both readings of the rules (union), "
                        "the combinations list, or the special sections.",
        "pair_relations": "Pairs that combine, given one by one (replaces pair_reading).",
        "identical_pairs": "Two cards of the same letter side by side combine.",
        "combo_bonus": "Strength added by each combination in a row.",
        "sergeant_boost": "Strength a Pawn gains from each Sergeant next to it.",
        "allow_overlapping_pairs": "Every adjacent combinable pair counts, so a card may sit "
                                   "in two combinations.",
        "jester_copy_cap": "The highest face value a Jester copies from its partner.",
        "hand_size_start": "Cards each player draws before the first round.",
        "hand_limit": "Draw only up to this many cards in hand.",
        "draw_per_round": "Cards each player draws at the end of a round.",
        "ties_to_defender": "An attack only as strong as the defence fails (off: it must be "
                            "stronger to fail).",
        "first_player": "Who attacks first: White, or a side drawn at random.",
        "max_rounds": "A safety cap: the game is drawn after this many rounds (0: none).",
    }

    deck: dict | str = bounded(default_factory=lambda: dict(DEFAULT_DECK),
                               minimum=0, maximum=20, items=24, length=200)
    values: dict | str = bounded(default_factory=lambda: dict(DEFAULT_VALUES),
                                 minimum=0, maximum=99, items=30, length=300)
    pair_reading: Literal["union", "list", "sections"] = "union"
    pair_relations: tuple[str, ...] | None = bounded(None, items=64, length=16)
    identical_pairs: bool = True
    combo_bonus: int = bounded(2, minimum=0, maximum=50)
    sergeant_boost: int = bounded(1, minimum=0, maximum=50)
    allow_overlapping_pairs: bool = False
    jester_copy_cap: int = bounded(9, minimum=0, maximum=99)
    hand_size_start: int = bounded(6, minimum=1, maximum=12)
    hand_limit: int = bounded(6, minimum=1, maximum=12)
    draw_per_round: int = bounded(3, minimum=1, maximum=12)
    ties_to_defender: bool = True
    first_player: Literal["white", "random"] = "white"
    max_rounds: int = bounded(500, minimum=0, maximum=2000)

    def __post_init__(self) -> None:
        deck = _canonical_deck(parse_letter_map("deck", self.deck))
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "values", _deck_values(deck, self.values))
        if self.pair_relations is not None:
            object.__setattr__(self, "pair_relations", tuple(self.pair_relations))
            for text in self.pair_relations:
                parse_relation(text, deck)
        _int_at_least("combo_bonus", self.combo_bonus, 0)
        _int_at_least("sergeant_boost", self.sergeant_boost, 0)
        _int_at_least("jester_copy_cap", self.jester_copy_cap, 0)
        _int_at_least("hand_size_start", self.hand_size_start, 1)
        _int_at_least(
            "hand_limit", self.hand_limit, self.hand_size_start, " (at least hand_size_start)"
        )
        _int_at_least("draw_per_round", self.draw_per_round, 1)
        _int_at_least("max_rounds", self.max_rounds, 0, " (0 = no cap)")
        total = sum(deck.values())
        if total < self.hand_size_start:
            raise InvalidOptions(
                f"option 'deck' holds {total} card{'' if total == 1 else 's'}, fewer than "
                f"hand_size_start "
                f"({self.hand_size_start})"
            )

    def __hash__(self) -> int:
        return hash(
            tuple(
                tuple(v.items()) if isinstance(v, dict) else v
                for v in (getattr(self, f.name) for f in fields(self))
            )
        )


def _canonical_deck(deck: dict[str, int]) -> dict[str, int]:
    """The deck with table-2.1 letters first in table order, then new letters alphabetically.

    The letter order fixes the action ids; making it depend on content only means two equal
    decks always give the same ids (records and serialized states store defaults implicitly).
    """
    if deck.get(KING, 0) < 1:
        raise InvalidOptions(f"option 'deck' must hold at least one {KING} (King)")
    known = [x for x in DEFAULT_DECK if x in deck]
    extra = sorted(x for x in deck if x not in DEFAULT_DECK)
    return {x: deck[x] for x in known + extra}


def _deck_values(deck: dict[str, int], given: dict | str) -> dict[str, int]:
    """Face values of every deck letter: the given map over table 2.1 (J's entry ignored).

    Table letters missing from a custom deck may keep entries (ignored), so the default
    ``values`` map works with any deck.
    """
    values = parse_letter_map("values", given)
    unknown = [x for x in values if x not in deck and x not in DEFAULT_VALUES]
    if unknown:
        raise InvalidOptions(
            f"option 'values': {unknown[0]!r} is neither a deck letter nor a table letter "
            f"(deck letters: {' '.join(deck)})"
        )
    out: dict[str, int] = {}
    for letter in deck:
        if letter in values:
            out[letter] = values[letter]
        elif letter in DEFAULT_VALUES:
            out[letter] = DEFAULT_VALUES[letter]
        elif letter == JESTER:
            out[letter] = 0
        else:
            raise InvalidOptions(f"option 'values' needs a value for new letter {letter!r}")
    return out


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "reading_a": {
        "allow_overlapping_pairs": True,
        "values": {**DEFAULT_VALUES, "S": 0},
    },
}
"""Named option sets (spec TC-18): ``standard`` is rule set B, ``reading_a`` is TC-9."""


def preset_options(name: str, **overrides: Any) -> dict[str, Any]:
    """The keyword options of preset ``name``, with ``overrides`` on top."""
    if name not in PRESETS:
        raise InvalidOptions(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    return {**PRESETS[name], **overrides}
