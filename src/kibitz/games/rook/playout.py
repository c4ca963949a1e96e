"""Fast Rook play on bit masks for search: a card-play policy, hand playouts, exchange heuristics.

Search calls these on determinizations only, so the policy may look at every hand of the
sample ("double dummy" within the sample): it wins a trick as cheaply as is safe against the
cards still to come, feeds points to a partner who is sure to win, and otherwise throws its
cheapest card. Values are per team, from the preset's own scoring of the finished hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kibitz.games.rook.cards import bits
from kibitz.games.rook.presets import Rules
from kibitz.games.rook.scoring import score_hand
from kibitz.games.rook.table import Table
from kibitz.games.rook.tricks import legal_plays, trick_winner

if TYPE_CHECKING:
    from kibitz.games.rook.standing import Standing


def _beats(table: Table, trump: int, card: int, best: int, best_suit: int) -> bool:
    """Whether ``card`` beats ``best`` (of effective suit ``best_suit``) under ``trump``."""
    s = table.suit_of[trump][card]
    if s == best_suit:
        return table.power[card] > table.power[best]
    return s == trump


def _cheap(table: Table, trump: int, card: int) -> tuple[int, int, int]:
    """Sort key of what a card costs to give away: points, being trump, power."""
    return (table.points[card], table.suit_of[trump][card] == trump, table.power[card])


def policy_card(
    table: Table,
    must_trump: bool,
    trump: int,
    hands: list[int],
    seat: int,
    leader: int,
    trick: list[int],
) -> int:
    """The policy's card for ``seat`` with every hand visible (see module doc)."""
    hand = hands[seat]
    led = trick[0] if trick else -1
    legal = bits(legal_plays(table, must_trump, trump, hand, led))
    if len(legal) == 1:
        return legal[0]
    suit_of, power = table.suit_of[trump], table.power
    later = [(seat + k) & 3 for k in range(1, 4 - len(trick))]
    opponents = [s for s in later if (s ^ seat) & 1]
    if not trick:
        return _lead(table, must_trump, trump, hands, seat, legal)
    best_i = 0
    best_suit = suit_of[trick[0]]
    for i in range(1, len(trick)):
        if _beats(table, trump, trick[i], trick[best_i], best_suit):
            best_i, best_suit = i, suit_of[trick[i]]
    best = trick[best_i]
    partner_wins = (leader + best_i) & 3 == seat ^ 2

    def safe(card: int, card_suit: int) -> bool:
        for s in opponents:
            for c in bits(legal_plays(table, must_trump, trump, hands[s], led)):
                if _beats(table, trump, c, card, card_suit):
                    return False
        return True

    if partner_wins:
        if safe(best, best_suit):
            return max(legal, key=lambda c: (table.points[c], -(suit_of[c] == trump), -power[c]))
        return min(legal, key=lambda c: _cheap(table, trump, c))
    winners = [c for c in legal if _beats(table, trump, c, best, best_suit)]
    secure = [c for c in winners if safe(c, suit_of[c])]
    if secure:
        return min(secure, key=lambda c: (suit_of[c] == trump, power[c], -table.points[c]))
    return min(legal, key=lambda c: _cheap(table, trump, c))


def _lead(
    table: Table, must_trump: bool, trump: int, hands: list[int], seat: int, legal: list[int]
) -> int:
    """Lead a card no opponent can beat (most points first), else the cheapest card."""
    suit_of = table.suit_of[trump]
    opponents = ((seat + 1) & 3, (seat + 3) & 3)
    sure = []
    for card in legal:
        s = suit_of[card]
        ok = True
        for o in opponents:
            for c in bits(legal_plays(table, must_trump, trump, hands[o], card)):
                if _beats(table, trump, c, card, s):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            sure.append(card)
    if sure:
        return max(sure, key=lambda c: (table.points[c], suit_of[c] != trump, table.power[c]))
    return min(legal, key=lambda c: _cheap(table, trump, c))


def playout(
    table: Table,
    must_trump: bool,
    trump: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    won: list[int],
    taken: list[int],
) -> int:
    """Play the hand out with the policy (mutating the arguments); the last trick's team."""
    points = table.points
    last_team = -1
    while any(hands):
        seat = (leader + len(trick)) & 3
        card = policy_card(table, must_trump, trump, hands, seat, leader, trick)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + trick_winner(table, trump, trick)) & 3
            team = winner & 1
            won[team] += 1
            taken[team] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            last_team = team
            leader = winner
            trick.clear()
    return last_team


def hand_values(
    rules: Rules,
    table: Table,
    declarer: int,
    contract: int,
    taken: list[int],
    won: list[int],
    last_team: int,
    nest: int,
    standing: Standing | None = None,
) -> tuple[float, float]:
    """Per team, the value in [-1, 1] of a finished hand: half for being ahead on the hand's
    score change, half for the margin (over the points a hand holds); given the game's
    ``standing``, what the change does to the game instead (``Standing.values``)."""
    nest_points = sum(table.points[c] for c in bits(nest))
    hs = score_hand(
        rules, declarer & 1, contract, (taken[0], taken[1]), (won[0], won[1]), last_team,
        nest_points,
    )  # fmt: skip
    return standing.values(hs.change) if standing else change_values(hs.change, table.total)


def change_values(change: tuple[int, int], total: int) -> tuple[float, float]:
    """Per team, the value in [-1, 1] of a hand's score change (see ``hand_values``)."""
    diff = change[0] - change[1]
    v = 0.5 * ((diff > 0) - (diff < 0)) + 0.5 * max(-1.0, min(1.0, diff / total))
    return (v, -v)


def trump_strength(table: Table, held: int, trump: int) -> int:
    """A static measure of ``held`` as a trump suit: length first, then power and points."""
    cards = bits(held & table.suit_mask[trump][trump])
    return (
        12 * len(cards)
        + sum(table.power[c] for c in cards) // 2
        + sum(table.points[c] for c in cards) // 5
    )


def best_trump(table: Table, held: int) -> int:
    """The colour with the greatest ``trump_strength`` in ``held``."""
    return max(range(4), key=lambda t: trump_strength(table, held, t))


DISCARD_STYLES = ("void", "low", "bury")
"""Discard heuristics: empty the shortest side suits; drop the weakest cards; or as ``void``
but burying counters too (worth it when the nest's points go to the declarer)."""


def discard_set(table: Table, held: int, trump: int, size: int, style: str) -> int:
    """The mask of ``size`` cards to discard from ``held`` under ``trump`` in ``style``."""
    suit_of, power, points = table.suit_of[trump], table.power, table.points
    cards = bits(held)
    length = [0, 0, 0, 0, 0]
    for c in cards:
        length[suit_of[c]] += 1
    top = {}
    for c in cards:
        s = suit_of[c]
        if s not in top or power[c] > power[top[s]]:
            top[s] = c

    def key(c: int) -> tuple:
        s = suit_of[c]
        keep = s == trump or (top.get(s) == c and power[c] >= 26)
        if style == "low":
            return (keep, points[c] > 0, power[c])
        if style == "bury":
            return (keep, length[s], power[c])
        return (keep, points[c] > 0, length[s], power[c])

    out = 0
    for c in sorted(cards, key=key)[:size]:
        out |= 1 << c
    return out
