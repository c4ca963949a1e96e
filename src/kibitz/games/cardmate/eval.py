"""Cardmate knowledge for search agents: material, mobility, King safety, palace distance.

Tactical moves are captures (so quiescence follows the compulsory-following chains, which
are all captures), promotions and King steps into the enemy palace (an immediate win).
"""

from __future__ import annotations

from kibitz.core.capabilities import SearchHooks
from kibitz.games.cardmate.cards import (
    ACE,
    CARD_MASK,
    FOREHAND,
    KING,
    NINE,
    ONE,
    OWNER_SHIFT,
    PALACES,
    QUEEN,
    TEN,
)
from kibitz.games.cardmate.rules import CardmateState
from kibitz.games.cardmate.tables import PATTERNS

RANK_VALUE = (100, 120, 150, 180, 220, 250, 300, 320, 350, 500, 450, 900, 1500, 1100)
"""Material value of each card rank, One to Ace (a King is worth most: two lost lose)."""
CARD_VALUE = tuple(RANK_VALUE[card >> 2] for card in range(56))
LAST_KING_PENALTY = 1200
"""Extra loss for a side down to its last King: one more capture ends the game."""
SLIDERS = frozenset((NINE, TEN, QUEEN, ACE))
MOBILITY_WEIGHT = 3
"""Value of each square a slider (Nine, Ten, Queen, Ace) reaches."""


def _chebyshev(a: int, b: int) -> int:
    return max(abs(a % 10 - b % 10), abs(a // 10 - b // 10))


def _forward(side: int, sq: int) -> int:
    """How many ranks ``sq`` lies ahead of ``side``'s back rank."""
    return sq // 10 if side == FOREHAND else 9 - sq // 10


PALACE_BONUS_BY_DISTANCE = (0, 400, 200, 110, 70, 45, 30, 18, 8, 0)
"""Bonus of a King by its distance to the enemy palace (distance 1: it wins next move)."""
PALACE_BONUS = tuple(
    tuple(
        PALACE_BONUS_BY_DISTANCE[min(_chebyshev(sq, p) for p in PALACES[1 - side])]
        for sq in range(100)
    )
    for side in range(2)
)
"""``PALACE_BONUS[side][sq]``: bonus of ``side``'s King on ``sq``."""
NEAR = tuple(
    tuple(t for t in range(100) if t != sq and _chebyshev(sq, t) <= 2) for sq in range(100)
)
"""Squares within two King steps of each square: the zone King safety looks at."""
ATTACKER_WEIGHT = 14
"""Penalty per enemy card in a King's zone."""
SHIELD_WEIGHT = 6
"""Bonus per own card in a King's zone."""
ONE_ADVANCE = tuple(
    tuple(max(0, _forward(side, sq) - 2) * 8 for sq in range(100)) for side in range(2)
)
"""Bonus of a One by how far it has advanced towards promotion."""
ADVANCE = tuple(
    tuple(4 * _forward(side, sq) for sq in range(100)) for side in range(2)
)
"""Bonus of other cards for the space they take: a few points per rank forward."""


def is_king(piece: int) -> bool:
    """True when ``piece`` (owner and card) is a King."""
    return (piece & CARD_MASK) >> 2 == KING


class CardmateSearchHooks(SearchHooks):
    """The evaluation and move-ordering knowledge alpha-beta uses for Cardmate."""

    def key(self, state: CardmateState) -> int:
        """The engine's incremental Zobrist hash (cards on squares and the side to move)."""
        return state.hash

    def evaluate(self, state: CardmateState) -> float:
        """Material, advancement, slider mobility, King safety and palace distance.

        From the point of view of the side to move (positive: good for it).
        """
        board = state.board
        pos = state.pos
        score = [0, 0]
        for side in (0, 1):
            patterns = PATTERNS[side]
            palace_bonus = PALACE_BONUS[side]
            one_advance = ONE_ADVANCE[side]
            advance = ADVANCE[side]
            total = 0
            for piece in state.pieces[side]:
                card = piece & CARD_MASK
                sq = pos[card]
                if sq < 0:
                    continue
                rank = card >> 2
                total += CARD_VALUE[card]
                if rank == KING:
                    total += palace_bonus[sq]
                    for t in NEAR[sq]:
                        p = board[t]
                        if p >= 0:
                            total += SHIELD_WEIGHT if p >> OWNER_SHIFT == side else -ATTACKER_WEIGHT
                    continue
                if rank == ONE:
                    total += one_advance[sq]
                    continue
                total += advance[sq]
                if rank in SLIDERS:
                    reach = 0
                    for ray in patterns[rank][sq][1]:
                        for to in ray:
                            t = board[to]
                            if t >= 0:
                                if t >> OWNER_SHIFT != side:
                                    reach += 1
                                break
                            reach += 1
                    total += MOBILITY_WEIGHT * reach
            if state.kings[side] == 1:
                total -= LAST_KING_PENALTY
            score[side] = total
        me = state.side
        return float(score[me] - score[1 - me])

    def order(self, state: CardmateState, action: int) -> int:
        """Captures by victim value, least valuable attacker first; promotions; palace wins."""
        frm, rest = divmod(action, 200)
        to = rest >> 1
        board = state.board
        mover, victim = board[frm], board[to]
        score = 0
        if victim >= 0:
            score = CARD_VALUE[victim & CARD_MASK] * 10 - CARD_VALUE[mover & CARD_MASK] // 10
        if rest & 1:
            score += 9000
        if to in PALACES[1 - state.side] and is_king(mover):
            score += 1_000_000
        return score

    def tactical(self, state: CardmateState, actions: list[int]) -> list[int]:
        """Captures (every follow among them), promotions and King entries to the palace."""
        board = state.board
        palace = PALACES[1 - state.side]
        picked = []
        for a in actions:
            to = (a % 200) >> 1
            if board[to] >= 0 or a & 1 or (to in palace and is_king(board[a // 200])):
                picked.append(a)
        order = self.order
        picked.sort(key=lambda a: order(state, a), reverse=True)
        return picked


SEARCH_HOOKS = CardmateSearchHooks()

LEVELS = {
    1: "greedy:noise=1500",
    2: "greedy:noise=300",
    3: "alphabeta:depth=1",
    4: "fast:nodes=1000000,time_cap=5",
}
"""Computer levels 1 (poor), 2 (better), 3 (good) and 4 (very good) as agent specs.

1 and 2 look one ply ahead with a random error of about fifteen and three Ones; 3 searches
one ply plus every capture chain (quiescence); 4 is the compiled search
(``engine.FastCardmateAgent``), deepening within a million nodes and 5 s.
"""

LEGACY_LEVELS = {4: "alphabeta:depth=2,nodes=3000,time_cap=5"}
"""Retired levels, kept as yardsticks (``legacy:4``): level 4 before the compiled search."""
