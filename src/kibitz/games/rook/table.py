"""Lookup tables derived once from ``Rules``: the deck, card points, suits and powers, bids.

The hot paths (legal plays, trick winners) read these tuples and bit masks only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from kibitz.core.errors import InvalidOptions
from kibitz.games.rook.cards import NUM_CARDS, RED1, ROOK, card_id, rank_of
from kibitz.games.rook.presets import Rules

ROOK_POWER = {"lowest": 0, "above_10": 21, "highest": 100}
"""Rook power on the doubled scale of ``Table.power`` (10.5 -> 21, 50 -> 100)."""
RED1_POWER = 200


@dataclass(frozen=True)
class Table:
    """The deck and per-card tables of one rule set (powers are doubled to stay integers)."""

    cards: tuple[int, ...]
    deck_mask: int
    points: tuple[int, ...]
    power: tuple[int, ...]
    suit_of: tuple[tuple[int, ...], ...]
    """``suit_of[trump][card]``: the card's effective suit once ``trump`` is named (RK-3)."""
    suit_mask: tuple[tuple[int, ...], ...]
    """``suit_mask[trump][suit]``: the cards whose effective suit is ``suit``."""
    anytime_mask: int
    """Special cards playable even when able to follow suit (RK-12)."""
    pointless_mask: int
    hand_size: int
    nest_size: int
    card_total: int
    total: int
    """Points available in a hand: card points plus the bonus where one exists."""
    bids: tuple[int, ...]

    @property
    def max_bid(self) -> int:
        """The highest legal bid; bidding it ends the auction (RK-9b)."""
        return self.bids[-1]


def _deck(rules: Rules) -> list[int]:
    cards = [card_id(c, r) for c in range(4) for r in rules.ranks]
    if rules.red1 and RED1 not in cards:
        cards.append(RED1)
    if rules.rook:
        cards.append(ROOK)
    return sorted(cards)


def _card_points(rules: Rules, card: int) -> int:
    if card == ROOK:
        return rules.rook_points
    if rules.red1 and card == RED1:
        return rules.red1_points
    return rules.counter_points().get(rank_of(card), 0)


def _card_power(rules: Rules, card: int) -> int:
    if card == ROOK:
        return ROOK_POWER[rules.rook_rank]
    if rules.red1 and card == RED1:
        return RED1_POWER
    rank = rank_of(card)
    return 30 if rank == 1 and rules.ones_high else 2 * rank


def _suits(rules: Rules, cards: list[int], trump: int) -> tuple[int, ...]:
    out = [-1] * NUM_CARDS
    for c in cards:
        special = c == ROOK or (rules.red1 and c == RED1)
        out[c] = trump if special else c // 14
    return tuple(out)


@lru_cache(maxsize=256)
def build_table(rules: Rules) -> Table:
    """The tables of ``rules``; InvalidOptions if the deck cannot be dealt or bid on."""
    cards = _deck(rules)
    n = len(cards)
    if 4 * rules.hand_size > n:
        raise InvalidOptions(
            f"option 'hand_size' {rules.hand_size} needs {4 * rules.hand_size} cards but the deck "
            f"has {n}; valid: 1..{n // 4}"
        )
    points = tuple(_card_points(rules, c) if c in cards else 0 for c in range(NUM_CARDS))
    card_total = sum(points)
    total = card_total + (rules.bonus_points if rules.bonus != "none" else 0)
    bid_max = total if rules.bid_max == "total" else int(rules.bid_max)
    if bid_max < rules.bid_min:
        raise InvalidOptions(
            f"option 'bid_max' ({rules.bid_max}, i.e. {bid_max}) is below bid_min "
            f"{rules.bid_min}; raise bid_max or lower bid_min"
        )
    suit_of = tuple(_suits(rules, cards, t) for t in range(4))
    suit_mask = tuple(
        tuple(sum(1 << c for c in cards if suit_of[t][c] == s) for s in range(4)) for t in range(4)
    )
    anytime = (1 << ROOK if rules.rook and rules.rook_anytime else 0) | (
        1 << RED1 if rules.red1 and rules.red1_anytime else 0
    )
    return Table(
        cards=tuple(cards),
        deck_mask=sum(1 << c for c in cards),
        points=points,
        power=tuple(_card_power(rules, c) for c in range(NUM_CARDS)),
        suit_of=suit_of,
        suit_mask=suit_mask,
        anytime_mask=anytime,
        pointless_mask=sum(1 << c for c in cards if points[c] == 0),
        hand_size=rules.hand_size,
        nest_size=n - 4 * rules.hand_size,
        card_total=card_total,
        total=total,
        bids=tuple(range(rules.bid_min, bid_max + 1, rules.bid_step)),
    )
