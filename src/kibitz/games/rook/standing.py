"""A game's standing before a hand, for valuing the hand by the game it is part of.

A hand's score change is worth what it does to the team's chance of winning the game: a hand
that ends the game (the target, or the hand or deal limit) is worth its result, 1 won and -1
lost; any other is worth ``2w - 1``, ``w`` the team's chance of winning from the new totals.
``w`` models the rest of the game as a race: each hand moves the difference of the totals by
a normal spread of ``SPREAD`` times the deck's points, and brings the leader ``PACE`` times
the deck's points nearer the target. Both were fitted (to within 0.05 on a grid of totals)
to the exact chances computed from the 1,307 hands of 200 level-4-strength games
(docs/ladder-rook.md). A twentieth of the value is the hand's margin, so that of two
outcomes equal for the game the larger margin is preferred.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kibitz.games.rook.scoring import game_winner

if TYPE_CHECKING:
    from kibitz.games.rook.state import RookState

SPREAD = 100 / 120
"""Standard deviation of one hand's difference of score changes, per point in the deck."""
PACE = 28 / 120
"""How much nearer the target a hand brings the leading team, per point in the deck."""
MARGIN = 0.05
"""Weight of the hand's margin (over the deck's points) in its value."""


def win_chance(lead: int, top: int, target: int, total: int) -> float:
    """The chance of winning for a team ``lead`` points ahead when the higher total is
    ``top`` and neither has reached ``target``, ``total`` points in the deck (see module doc)."""
    hands = max(1.0, (target - top) / (PACE * total))
    z = lead / (SPREAD * total * math.sqrt(hands))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


@dataclass(frozen=True)
class Standing:
    """The totals before a hand, the game's target, whether no hand follows this one (a
    hand or deal limit), and the deck's points."""

    scores: tuple[int, int]
    target: int
    last: bool
    total: int

    def values(self, change: tuple[int, int] | list[int]) -> tuple[float, float]:
        """Per team, the value in [-1, 1] of the hand ending with score ``change``."""
        a, b = self.scores[0] + change[0], self.scores[1] + change[1]
        winner = game_winner((a, b), self.target)
        if winner is None and self.last and a != b:
            winner = 0 if a > b else 1
        if winner is not None:
            game = 1.0 if winner == 0 else -1.0
        elif self.last:
            game = 0.0
        else:
            game = 2.0 * win_chance(a - b, max(a, b), self.target, self.total) - 1.0
        margin = max(-1.0, min(1.0, (change[0] - change[1]) / self.total))
        v = (1.0 - MARGIN) * game + MARGIN * margin
        return (v, -v)


def standing_of(state: RookState) -> Standing:
    """The standing of the hand in progress at ``state`` (the totals before it)."""
    p, rules = state.p, state.rules
    last = bool(rules.max_hands and p.hand_no >= rules.max_hands) or bool(
        rules.max_deals and p.deals >= rules.max_deals
    )
    return Standing(p.scores, rules.target, last, state.table.total)
