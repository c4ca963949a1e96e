"""Move notation ``<from>><to>`` (``3>7``, ``3>F``, ``FH>3``) and action ids (source*11+dest)."""

from __future__ import annotations

import re

from kibitz.core.errors import NotationError
from kibitz.games.fortress.cards import NAMES, SUITS, SYMBOLS, parse_card

FOUNDATION = 10
"""Destination id of the foundations; source ids 10..13 are the foundations C S H D."""
NUM_ACTIONS = 14 * 11

_MOVE_RE = re.compile(r"(F[CSHD]|\d)>(F|\d)(?:\((.+)\))?")


def encode(source: int, dest: int) -> int:
    """The action id of a move from ``source`` (0-13) to ``dest`` (0-10)."""
    return source * 11 + dest


def decode(action: int) -> tuple[int, int]:
    """``(source, dest)`` of an action id."""
    return divmod(action, 11)


def move_text(action: int) -> str:
    """The plain notation of an action id, e.g. ``3>F`` or ``FH>3``."""
    source, dest = decode(action)
    src = str(source) if source < 10 else "F" + SUITS[source - 10]
    return f"{src}>{'F' if dest == FOUNDATION else dest}"


def card_words(card: int) -> str:
    """A card as players write it: ``A♥``, ``10♣``, ``K♠``."""
    rank, suit = NAMES[card]
    return f"{'10' if rank == 'T' else rank}{SYMBOLS[suit]}"


def move_words(action: int, card: int | None) -> str:
    """Move ``action`` of ``card`` in words: ``A♥ from pile 4 home``, ``9♣ from pile 2 to
    pile 7``, ``5♦ from its foundation to pile 3`` (the card first: no columns to count)."""
    source, dest = decode(action)
    what = "a card" if card is None else card_words(card)
    where = f"pile {source}" if source < 10 else "its foundation"
    return f"{what} from {where} {'home' if dest == FOUNDATION else f'to pile {dest}'}"


def parse_move(text: str) -> tuple[int, int, int | None]:
    """``(source, dest, annotated card or None)`` from move text; spaces and case ignored."""
    t = "".join(text.split()).upper()
    m = _MOVE_RE.fullmatch(t)
    if not m:
        raise NotationError(
            f"{text!r} is not a move; write <from>><to> such as '3>7', '3>F' or 'FH>3'"
        )
    src, dst, note = m.groups()
    source = int(src) if src.isdigit() else 10 + SUITS.index(src[1])
    dest = FOUNDATION if dst == "F" else int(dst)
    if source >= 10 and dest == FOUNDATION:
        raise NotationError(f"{text!r}: a card taken from a foundation must go to a pile 0-9")
    card = None if note is None else parse_card(note)
    return source, dest, card
