"""Smess knowledge for search agents: material, Ninny promotion distance, Numskull mobility."""

from __future__ import annotations

from collections import deque

from kibitz.core.capabilities import SearchHooks
from kibitz.games.smess.board import NUM_SQUARES, RAYS, STEPS
from kibitz.games.smess.pieces import BRAIN, KIND, NINNY, OWNER, PROMOTION_SQUARES, SKULL
from kibitz.games.smess.rules import SmessState

VALUE = {BRAIN: 10_000, SKULL: 700, NINNY: 100}
"""Material value of each kind (a Numskull is worth about seven Ninnies)."""
PIECE_VALUE: tuple[int, ...] = tuple(0 if p == 0 else VALUE[KIND[p]] for p in range(7))


def _distances_to(targets: frozenset[int]) -> tuple[int, ...]:
    """One-step moves along the arrows needed from each square to reach ``targets``."""
    reverse: list[list[int]] = [[] for _ in range(NUM_SQUARES)]
    for sq in range(NUM_SQUARES):
        for to in STEPS[sq]:
            reverse[to].append(sq)
    dist = [99] * NUM_SQUARES
    todo = deque(targets)
    for t in targets:
        dist[t] = 0
    while todo:
        sq = todo.popleft()
        for prev in reverse[sq]:
            if dist[prev] == 99:
                dist[prev] = dist[sq] + 1
                todo.append(prev)
    return tuple(dist)


PROMOTION_DISTANCE = (_distances_to(PROMOTION_SQUARES[0]), _distances_to(PROMOTION_SQUARES[1]))
"""For each side, each square's distance along the arrows to its promotion squares."""
NINNY_BONUS = tuple(tuple(max(0, 12 - d) * 6 for d in side) for side in PROMOTION_DISTANCE)
"""Bonus of a Ninny of each side on each square: the nearer promotion, the more."""


class SmessSearchHooks(SearchHooks):
    """The evaluation and move-ordering knowledge alpha-beta uses for Smess."""

    def key(self, state: SmessState) -> int:
        return state.hash

    def evaluate(self, state: SmessState) -> float:
        """Material, Ninny progress and Numskull mobility, from the mover's point of view."""
        board = state.board
        score = [0, 0]
        for sq in range(NUM_SQUARES):
            p = board[sq]
            if not p:
                continue
            side = OWNER[p]
            kind = KIND[p]
            value = PIECE_VALUE[p]
            if kind == NINNY:
                value += NINNY_BONUS[side][sq]
            elif kind == SKULL:
                reach = 0
                for ray in RAYS[sq]:
                    for to in ray:
                        reach += 1
                        if board[to]:
                            break
                value += 4 * reach
            score[side] += value
        me = state.side
        return float(score[me] - score[1 - me])

    def order(self, state: SmessState, action: int) -> int:
        victim = state.board[action % NUM_SQUARES]
        if not victim:
            return 0
        return PIECE_VALUE[victim] * 10 - PIECE_VALUE[state.board[action // NUM_SQUARES]] // 10

    def tactical(self, state: SmessState, actions: list[int]) -> list[int]:
        board = state.board
        caps = [a for a in actions if board[a % NUM_SQUARES]]
        caps.sort(key=lambda a: self.order(state, a), reverse=True)
        return caps


SEARCH_HOOKS = SmessSearchHooks()

LEVELS = {
    1: "greedy:noise=400",
    2: "alphabeta:depth=2,quiescence=false",
    3: "alphabeta:depth=3,nodes=8000",
    4: "fast:nodes=1000000,time_cap=5",
}
"""Computer levels 1 (poor), 2 (better), 3 (good) and 4 (very good) as agent specs; level 4
is the compiled search (``engine.FastSmessAgent``)."""

LEGACY_LEVELS = {4: "alphabeta:depth=20,nodes=15000,time_cap=5"}
"""Retired levels, kept as yardsticks (``legacy:4``): level 4 before the compiled search."""
