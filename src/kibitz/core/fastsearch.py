"""The game-independent kernels of the compiled (numba) alpha-beta searches: score bounds,
the transposition table's store and probe, picking the next move to search, and the killer
and history updates after a cutoff. Each game's ``fast.py`` brings its own move generation,
evaluation and search loop and calls these.

numba's disk cache does not notice changes to functions called from another file: after
editing this module, clear the games' caches (``__pycache__/*.nbi``, ``*.nbc``)."""

from __future__ import annotations

import numpy as np
from numba import njit

MAX_PLY = 96
"""The deepest line a search follows (main search and quiescence)."""
WIN = 1_000_000
"""The score of a won position; a win in n plies scores ``WIN - n``."""
MATE_BOUND = WIN - 1000
"""Scores beyond this are forced wins or losses."""
NONE = 1 << 40
"""An end-rule parameter that never binds (no cap)."""
EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table flags: the stored value is exact, a lower or an upper bound."""
NO_HIT = -(1 << 62)
"""``probe``'s value when the table gives no cutoff."""


@njit(cache=True)
def store(tt_key, tt_data, h, ply, depth, value, alpha, beta, move) -> None:
    """Keep a node's result (win scores relative to the node, not the root)."""
    flag = UPPER if value <= alpha else LOWER if value >= beta else EXACT
    if value > MATE_BOUND:
        value += ply
    elif value < -MATE_BOUND:
        value -= ply
    slot = np.int64(h & np.uint64(tt_key.shape[0] - 1))
    tt_key[slot] = h
    tt_data[slot, 0] = depth
    tt_data[slot, 1] = value
    tt_data[slot, 2] = flag
    tt_data[slot, 3] = move


@njit(cache=True)
def probe(tt_key, tt_data, h, ply, depth, alpha, beta):
    """``(tt_move, value)`` for key ``h`` searched ``depth`` deep at ``ply``: the stored best
    move (-1: none) and the stored value where it decides the node, else ``NO_HIT``."""
    slot = np.int64(h & np.uint64(tt_key.shape[0] - 1))
    if tt_key[slot] != h:
        return -1, NO_HIT
    tt_move = tt_data[slot, 3]
    if ply == 0 or tt_data[slot, 0] < depth:
        return tt_move, NO_HIT
    v = tt_data[slot, 1]
    if v > MATE_BOUND:
        v -= ply
    elif v < -MATE_BOUND:
        v += ply
    flag = tt_data[slot, 2]
    if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
        return tt_move, v
    return tt_move, NO_HIT


@njit(cache=True)
def pick(moves, scores, i, n) -> int:
    """Swap the best-scored of ``moves[i:n]`` to ``i`` and return it."""
    best = i
    for j in range(i + 1, n):
        if scores[j] > scores[best]:
            best = j
    moves[i], moves[best] = moves[best], moves[i]
    scores[i], scores[best] = scores[best], scores[i]
    return moves[i]


@njit(cache=True)
def remember_cutoff(killers, history, ply, move, depth) -> None:
    """A quiet move that cut off: the ply's first killer, and history by depth squared."""
    if killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move
    history[move] += depth * depth
