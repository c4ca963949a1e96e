"""TCHESS Cards knowledge for search agents: card reserves, King exposure and a rollout policy.

Agents call these on determinized states only (``resample_hidden``), so reading both hands
here is reading a sample, never the true hidden cards. Values are in [-1, 1] per seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

from kibitz.core.capabilities import SearchHooks
from kibitz.games.tchess.phases import OVER, PLAY, STEAL
from kibitz.games.tchess.rules import TchessState
from kibitz.games.tchess.strength import row_total
from kibitz.games.tchess.tables import Tables

DECK_WEIGHT = 0.7
"""A card still in the deck is worth this fraction of one in hand (it comes later, if ever)."""
MATERIAL_SCALE = 25.0
"""Reserve difference (in card points) that makes a position about 0.76 won (tanh 1)."""
EXPOSURE = 0.6
"""Weight of the chance that a steal from a seat's hand takes its King."""
KING_ON_ROW = 0.8
"""Value of leading a round while the trailing seat has its King on the table."""


@cache
def worth_table(t: Tables) -> tuple[int, ...]:
    """Reserve worth of each letter: face value + 1; a Jester 6; a King 0 (never spent)."""
    out = [v + 1 for v in t.values]
    if t.jester >= 0:
        out[t.jester] = 6
    out[t.king] = 0
    return tuple(out)


def reserve(state: TchessState, seat: int, worth: tuple[int, ...]) -> float:
    """Card points ``seat`` still has to spend: its hand, plus its deck at a discount."""
    hand = sum(w * c for w, c in zip(worth, state.hands[seat], strict=True))
    deck = sum(w * c for w, c in zip(worth, state.decks[seat], strict=True))
    return hand + DECK_WEIGHT * deck


def exposure(state: TchessState, seat: int) -> float:
    """The chance that one card stolen from ``seat``'s hand is its King."""
    size = state.hand_size[seat]
    return state.hands[seat][state.tables.king] / size if size else 1.0


def reserve_value(state: TchessState) -> float:
    """White's value from reserves and King exposure alone, in (-1, 1)."""
    worth = worth_table(state.tables)
    diff = (reserve(state, 0, worth) - reserve(state, 1, worth)) / MATERIAL_SCALE
    diff -= EXPOSURE * (exposure(state, 0) - exposure(state, 1))
    return math.tanh(diff)


def white_value(state: TchessState) -> float:
    """White's value in [-1, 1]; a round in play is judged as if both passed now."""
    stage = state.stage
    if stage == OVER:
        return state.returns()[0]
    if stage == STEAL:
        return _steal_value(state, 1 - state.attacker)
    if stage != PLAY:
        return reserve_value(state)
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
        return _steal_value(state, 1 - att)
    return reserve_value(state)


def _steal_value(state: TchessState, defender: int) -> float:
    """White's value before a steal from ``defender``: the King with its odds, else reserves."""
    p = exposure(state, defender)
    lose = -1.0 if defender == 0 else 1.0
    return p * lose + (1 - p) * reserve_value(state)


class TchessSearchHooks(SearchHooks):
    """Evaluation and the rollout policy (as move-ordering scores) for TCHESS Cards."""

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
        v = white_value(state)
        return [v, -v]

    def evaluate(self, state: TchessState) -> float:
        """Value for the seat to act (or White at a chance node): positive is good for it."""
        v = white_value(state)
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

LEVELS = {
    1: "ismcts:iterations=1,rollout_depth=1,epsilon=0.8",
    2: "ismcts:iterations=6,rollout_depth=1",
    3: "ismcts:iterations=27,rollout_depth=1",
    4: "ismcts:iterations=200,rollout_depth=1,time_cap=5",
}
"""Computer levels 1 (poor) to 4 (very good) as agent specs with deterministic budgets; all
search determinizations (greedy and alpha-beta would read the hidden cards, and refuse).
Level 1 is the hooks' move order with four moves in five at random (one iteration expands
the best-ordered action): a beginner who knows what a good card is but seldom plays it.
The budgets are spaced so that each level scores about three in four against the one below
(docs/ladder-tchess.md)."""
