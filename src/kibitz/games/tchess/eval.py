"""TCHESS Cards knowledge for search agents: card reserves, King exposure and a rollout policy.

Agents call these on determinized states only (``resample_hidden``), so reading both hands
here is reading a sample, never the true hidden cards. Values are in [-1, 1] per seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from kibitz.core.capabilities import SearchHooks
from kibitz.games.tchess.phases import DEAL, OVER, PLAY, STEAL
from kibitz.games.tchess.rules import TchessState
from kibitz.games.tchess.strength import row_total
from kibitz.games.tchess.tables import Tables

KING_ON_ROW = 0.8
"""Value of leading a round while the trailing seat has its King on the table."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights: what reserves, King exposure and the turn order are worth."""

    deck: float
    """A card still in the deck is worth this fraction of one in hand (it comes later, if ever)."""
    scale: float
    """Reserve difference (in card points) that makes a position about 0.76 won (tanh 1)."""
    exposure: float
    """Weight of the chance that a steal from a seat's hand takes its King."""
    card_bonus: float
    """A card's reserve worth is its face value plus this (a card is a turn's worth of play)."""
    jester: float
    """A Jester's reserve worth (it copies the card it pairs with)."""
    hand_size: float = 0.0
    """Worth of each card more in hand than the other seat (more choice, a King better hid)."""
    attack_next: float = 0.0
    """Worth of attacking the next round, judged between rounds."""


TUNED = Weights(
    deck=0.65, scale=23.5, exposure=0.4, card_bonus=2.15, jester=5.4, hand_size=0.22,
    attack_next=-0.05,
)  # fmt: skip
"""The weights of today's levels, tuned by match results (SPSA over duplicate deals, then
checked against ``RETIRED``: docs/ladder-tchess.md)."""
RETIRED = Weights(deck=0.7, scale=25.0, exposure=0.6, card_bonus=1.0, jester=6.0)
"""The hand-set weights of the levels before, kept for ``legacy:N``."""


@cache
def worth_table(t: Tables, w: Weights) -> tuple[float, ...]:
    """Reserve worth of each letter: face value + the card bonus; a Jester its own; a King 0
    (never spent)."""
    out = [v + w.card_bonus for v in t.values]
    if t.jester >= 0:
        out[t.jester] = w.jester
    out[t.king] = 0.0
    return tuple(out)


def reserve(state: TchessState, seat: int, worth: tuple[float, ...], deck: float) -> float:
    """Card points ``seat`` still has to spend: its hand, plus its deck at a discount."""
    hand = sum(w * c for w, c in zip(worth, state.hands[seat], strict=True))
    rest = sum(w * c for w, c in zip(worth, state.decks[seat], strict=True))
    return hand + deck * rest


def exposure(state: TchessState, seat: int) -> float:
    """The chance that one card stolen from ``seat``'s hand is its King."""
    size = state.hand_size[seat]
    return state.hands[seat][state.tables.king] / size if size else 1.0


def reserve_value(state: TchessState, w: Weights) -> float:
    """White's value from reserves, King exposure, hand sizes and turn order, in (-1, 1)."""
    worth = worth_table(state.tables, w)
    diff = (reserve(state, 0, worth, w.deck) - reserve(state, 1, worth, w.deck)) / w.scale
    diff -= w.exposure * (exposure(state, 0) - exposure(state, 1))
    diff += w.hand_size * (state.hand_size[0] - state.hand_size[1])
    if state.stage == DEAL:
        diff += w.attack_next if state.attacker == 1 else -w.attack_next
    return math.tanh(diff)


def white_value(state: TchessState, w: Weights) -> float:
    """White's value in [-1, 1]; a round in play is judged as if both passed now."""
    stage = state.stage
    if stage == OVER:
        return state.returns()[0]
    if stage == STEAL:
        return _steal_value(state, 1 - state.attacker, w)
    if stage != PLAY:
        return reserve_value(state, w)
    t = state.tables
    rows = state.rows
    att = state.attacker
    s_att, s_def = row_total(rows[att], t), row_total(rows[1 - att], t)
    holds = s_def >= s_att if t.options.ties_to_defender else s_def > s_att
    winner = 1 - att if holds else att
    loser = 1 - winner
    if t.king in rows[loser]:
        return KING_ON_ROW if winner == 0 else -KING_ON_ROW
    if winner == att and state.hand_size[1 - att]:
        return _steal_value(state, 1 - att, w)
    return reserve_value(state, w)


def _steal_value(state: TchessState, defender: int, w: Weights) -> float:
    """White's value before a steal from ``defender``: the King with its odds, else reserves."""
    p = exposure(state, defender)
    lose = -1.0 if defender == 0 else 1.0
    return p * lose + (1 - p) * reserve_value(state, w)


class TchessSearchHooks(SearchHooks):
    """Evaluation (with ``weights``) and the rollout policy (as move-ordering scores)."""

    def __init__(self, weights: Weights = TUNED) -> None:
        self.weights = weights

    def key(self, state: TchessState) -> int:
        """A hash of the full (determinized) position and the seat to act."""
        return hash(
            (
                tuple(state.hands[0]), tuple(state.hands[1]), tuple(state.rows[0]),
                tuple(state.rows[1]), state.deck_size[0], state.deck_size[1],
                state.stage, state.attacker, state.mover, state.passes, state.turn_len,
            )
        )  # fmt: skip

    def values(self, state: TchessState) -> list[float]:
        """Per-seat values in [-1, 1] at any state, chance nodes included."""
        v = white_value(state, self.weights)
        return [v, -v]

    def evaluate(self, state: TchessState) -> float:
        """Value for the seat to act (or White at a chance node): positive is good for it."""
        v = white_value(state, self.weights)
        return -v if state.current_player == 1 else v

    def tactical(self, state: TchessState, actions: list[int]) -> list[int]:
        """No quiescence moves: card play has no captures to settle."""
        return []

    def order(self, state: TchessState, action: int) -> int:
        """The rollout preference of ``action``; see ``scores``."""
        return self.scores(state, [action])[0]

    def scores(self, state: TchessState, actions: list[int]) -> list[int]:
        """Rollout preferences: stop when ahead, catch up as cheaply as possible, else give up.

        A seat ahead in the round ends its turn or passes; a seat behind lays the card that
        closes the gap with the least waste (or the biggest step towards it) while its hand
        can still close it, and otherwise stops. The King is laid only when nothing else is.
        """
        if state.stage != PLAY:
            return [0] * len(actions)
        t = state.tables
        total = _totals(t)
        n = t.num_letters
        me = state.mover
        row = tuple(state.rows[me])
        mine = total(row)
        theirs = total(tuple(state.rows[1 - me]))
        defending = me != state.attacker
        need = theirs - mine + (0 if defending and t.options.ties_to_defender else 1)
        king = t.king
        values = t.values
        if need <= 0:
            return [100 if a >= n else -20 - values[a] for a in actions]
        out = []
        for a in actions:
            if a >= n:
                hand = state.hands[me]
                reach = sum(values[c] * k for c, k in enumerate(hand) if k and c != king)
                out.append(60 if reach < need else -10)
            elif a == king:
                out.append(-100)
            else:
                gain = total((*row, a)) - mine
                out.append(50 - (gain - need) if gain >= need else 20 + gain)
        return out


@cache
def _totals(t: Tables) -> Callable[[tuple[int, ...]], int]:
    """A memoized ``row_total`` for the rows of one option set (rows repeat a lot in search)."""

    @lru_cache(maxsize=1 << 16)
    def total(row: tuple[int, ...]) -> int:
        return row_total(row, t)

    return total


SEARCH_HOOKS = TchessSearchHooks()
RETIRED_HOOKS = TchessSearchHooks(RETIRED)
"""The hooks of the retired levels, named ``retired`` in specs (``hooks=retired``)."""

LEVELS = {
    1: "ismcts:iterations=1,rollout_depth=1,epsilon=0.8",
    2: "ismcts:iterations=6,rollout_depth=1,epsilon=0",
    3: "ismcts:iterations=27,rollout_depth=1,epsilon=0",
    4: "ismcts:iterations=3200,rollout_depth=1,epsilon=0,time_cap=5",
}
"""Computer levels 1 (poor) to 4 (very good) as agent specs with deterministic budgets; all
search determinizations (greedy and alpha-beta would read the hidden cards, and refuse).
Level 1 is the hooks' move order with four moves in five at random (one iteration expands
the best-ordered action): a beginner who knows what a good card is but seldom plays it.
Levels 2 to 4 follow the rollout policy without noise. Levels 1 to 3 are spaced so that
each scores about three in four against the one below; level 4 takes a budget that still
pays (3,200 iterations beat 800 at 0.67) and stays near 1 s a move (docs/ladder-tchess.md)."""

LEGACY_LEVELS = {
    4: "ismcts:iterations=200,rollout_depth=1,time_cap=5,hooks=retired",
}
"""Retired levels, kept as yardsticks (``legacy:4``): level 4 before the tuned evaluation."""
