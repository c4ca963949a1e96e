"""The compiled exact solver of Fortress and Chessboard (numba): a move-for-move port of the
depth-first search in ``solver.py``, which stays the reference.

Same move generation order, same candidate scoring (``score`` after each candidate and its
safe closure), same sort (score, ties broken by the larger move code first), same safe
closure, node counting, node and time limits: the differential tests
(``tests/games/fortress/test_fortress_fast_solver.py``) require identical verdicts, lines,
node counts and most cards home.

Transpositions: the reference keeps a set of ``frozenset(piles)`` per base. Here a position's
key is two independent 64-bit hashes: each pile hashes its cards by height (Zobrist keys of
(height, card), xor-ed), the pile hashes are added mod 2^64 (so the order of the piles does
not matter; an empty pile adds 0) and the base's key is added. Both words are kept in an
open-addressing table that doubles at half load. A false "seen" needs two positions agreeing
on all 128 bits: with at most millions of positions per search the chance is about n^2 /
2^129, below 10^-25, so an exhausted search is still a proof of LOSS in any practical sense.

The search keeps every variable in arrays so that it can stop and resume: it returns
``GROW`` when a buffer is nearly full (the driver enlarges it and calls again) and, with a
time limit, ``PAUSE`` every 1024 nodes so the driver can read the clock (numba cannot).
Functions are compiled on first use and cached on disk (``cache=True``).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from kibitz.core.rng import Rng
from kibitz.games.fortress.board import UNSET, Board
from kibitz.games.fortress.variants import ADJACENT, Variant

FOUND = 10
"""Destination code of the foundations (as in ``notation.FOUNDATION``)."""
LOSS, WIN, UNKNOWN, GROW, PAUSE = 0, 1, 2, 3, 4
"""``run`` results: the three verdicts, and the two reasons to come back to the driver."""
NO_LIMIT = 1 << 62
"""A node limit that never binds."""
MARGIN = 128
"""Free room ``run`` wants in the path and move stacks before it expands a node."""
START = 256
"""First rows of the path, frame and move stacks (the table: 4x), doubled as needed;
at least ``MARGIN`` (the root's expansion is not checked)."""

# register indices of the search's scalars
BASE, HOME, DEPTH, FRAMES, NODES, BEST, COUNT, STARTED = range(8)

_ZRNG = Rng(0xF0F7)
_Z = np.array(
    [[[_ZRNG.next_u64() for _ in range(52)] for _ in range(52)] for _ in range(2)],
    dtype=np.uint64,
)
"""``_Z[h, height, card]``: the keys of hash ``h`` for ``card`` lying at ``height``."""
_ZB = np.array([[_ZRNG.next_u64() for _ in range(14)] for _ in range(2)], dtype=np.uint64)
"""``_ZB[h, base + 1]``: the keys of the base (index 0: unset)."""
_ADJ = np.array(
    [[[*ADJACENT[w][c], -1][:2] for c in range(52)] for w in (False, True)],
    dtype=np.int64,
)
"""``_ADJ[wrap, card]``: the neighbours in ``ADJACENT`` order, -1 padded."""


# -- moves ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _do(pl, plen, where, pos, found, ph, reg, src, dst):
    """Move the top of pile ``src`` to pile ``dst`` or home; return the undo code."""
    n = plen[src] - 1
    c = pl[src, n]
    plen[src] = n
    ph[0, src] ^= _Z[0, n, c]
    ph[1, src] ^= _Z[1, n, c]
    if dst == FOUND:
        if reg[BASE] == UNSET:
            reg[BASE] = c % 13
        found[c // 13] += 1
        reg[HOME] += 1
        where[c] = -1
    else:
        k = plen[dst]
        pl[dst, k] = c
        plen[dst] = k + 1
        where[c] = dst
        pos[c] = k
        ph[0, dst] ^= _Z[0, k, c]
        ph[1, dst] ^= _Z[1, k, c]
    return c << 8 | src << 4 | dst


@njit(cache=True, inline="always")
def _undo(pl, plen, where, pos, found, ph, reg, code, free_base):
    """Take back the move ``_do`` returned ``code`` for."""
    c, src, dst = code >> 8, code >> 4 & 15, code & 15
    if dst == FOUND:
        found[c // 13] -= 1
        reg[HOME] -= 1
        if free_base and reg[HOME] == 0:
            reg[BASE] = UNSET
    else:
        k = plen[dst] - 1
        plen[dst] = k
        ph[0, dst] ^= _Z[0, k, c]
        ph[1, dst] ^= _Z[1, k, c]
    k = plen[src]
    pl[src, k] = c
    plen[src] = k + 1
    where[c] = src
    pos[c] = k
    ph[0, src] ^= _Z[0, k, c]
    ph[1, src] ^= _Z[1, k, c]


@njit(cache=True, inline="always")
def _closure(pl, plen, where, pos, found, ph, reg, path, free_base):
    """Play every safe foundation move (FO-12) until none is left, pushing onto ``path``."""
    base = reg[BASE]
    if base == UNSET:
        return
    progress = True
    while progress:
        progress = False
        for s in range(4):
            n = found[s]
            if n == 13 or (n == 0 and free_base):
                continue
            c = s * 13 + (base + n) % 13
            i = where[c]
            if i >= 0 and pl[i, plen[i] - 1] == c:
                path[reg[DEPTH]] = _do(pl, plen, where, pos, found, ph, reg, i, FOUND)
                reg[DEPTH] += 1
                progress = True


@njit(cache=True, inline="always")
def _score(plen, where, pos, found, reg):
    """Heuristic worth of the position: cards home, empty piles, few cards over next ones."""
    empties = 0
    for i in range(10):
        if plen[i] == 0:
            empties += 1
    buried = 0
    base = reg[BASE]
    if base != UNSET:
        for s in range(4):
            n = found[s]
            if n < 13:
                c = s * 13 + (base + n) % 13
                buried += plen[where[c]] - 1 - pos[c]
    return reg[HOME] * 64 + empties * 24 - buried * 4


@njit(cache=True)
def _expand(pl, plen, where, pos, found, ph, reg, path, mstack, top, keys, free_base, adj):
    """Write the candidate moves at ``mstack[top:]``, best last; return the new top."""
    empty = -1
    for i in range(10):
        if plen[i] == 0:
            empty = i
            break
    base = reg[BASE]
    end = top
    for i in range(10):
        n = plen[i]
        if n == 0:
            continue
        c = pl[i, n - 1]
        if free_base and (base == UNSET or (found[c // 13] == 0 and c % 13 == base)):
            mstack[end] = i << 4 | FOUND
            end += 1
        for k in range(2):
            a = adj[c, k]
            if a < 0:
                break
            j = where[a]
            if j >= 0 and j != i and pl[j, plen[j] - 1] == a:
                mstack[end] = i << 4 | j
                end += 1
        if empty >= 0 and n > 1:
            mstack[end] = i << 4 | empty
            end += 1
    mark = reg[DEPTH]
    for t in range(top, end):
        m = mstack[t]
        path[mark] = _do(pl, plen, where, pos, found, ph, reg, m >> 4, m & 15)
        reg[DEPTH] = mark + 1
        _closure(pl, plen, where, pos, found, ph, reg, path, free_base)
        score = _score(plen, where, pos, found, reg)
        while reg[DEPTH] > mark:
            reg[DEPTH] -= 1
            _undo(pl, plen, where, pos, found, ph, reg, path[reg[DEPTH]], free_base)
        keys[t - top] = score * 256 + m  # (score, m) order: m < 256
    count = end - top
    for t in range(1, count):  # insertion sort, ascending
        v = keys[t]
        u = t - 1
        while u >= 0 and keys[u] > v:
            keys[u + 1] = keys[u]
            u -= 1
        keys[u + 1] = v
    for t in range(count):
        mstack[top + t] = keys[t] & 255
    return end


# -- transpositions ---------------------------------------------------------------------
@njit(cache=True, inline="always")
def _insert(table, h1, h2):
    """Add the key ``(h1, h2)`` (not both 0) to the table; False if it was already there."""
    mask = np.uint64(table.shape[0] - 1)
    i = h1 & mask
    while True:
        a = table[i, 0]
        b = table[i, 1]
        if a == 0 and b == 0:
            table[i, 0] = h1
            table[i, 1] = h2
            return True
        if a == h1 and b == h2:
            return False
        i = (i + np.uint64(1)) & mask


@njit(cache=True, inline="always")
def _add_position(ph, reg, table):
    """Add the position's key to the table; False if it was seen before."""
    h1 = _ZB[0, reg[BASE] + 1]
    h2 = _ZB[1, reg[BASE] + 1]
    for i in range(10):
        h1 += ph[0, i]
        h2 += ph[1, i]
    if h1 == 0 and h2 == 0:
        h2 = np.uint64(1)
    if _insert(table, h1, h2):
        reg[COUNT] += 1
        return True
    return False


@njit(cache=True)
def rehash(old, new):
    """Copy every key of table ``old`` into the (larger, empty) table ``new``."""
    for i in range(old.shape[0]):
        if old[i, 0] != 0 or old[i, 1] != 0:
            _insert(new, old[i, 0], old[i, 1])


# -- the search -------------------------------------------------------------------------
@njit(cache=True)
def setup(pl, plen, where, pos, found, ph, reg):
    """Fill card locations, heights, pile hashes and cards home from ``pl``/``plen``/``found``."""
    where[:] = -1
    for i in range(10):
        for k in range(plen[i]):
            c = pl[i, k]
            where[c] = i
            pos[c] = k
            ph[0, i] ^= _Z[0, k, c]
            ph[1, i] ^= _Z[1, k, c]
    reg[HOME] = found.sum()


@njit(cache=True)
def run(pl, plen, where, pos, found, ph, reg, path, frames, mstack, table, keys,
        free_base, wrap, node_limit, pause):  # fmt: skip
    """Search on from where the last call stopped (or start); return a verdict, GROW or
    PAUSE. ``frames[f]`` = (first move, one past the last untried move, path depth)."""
    adj = _ADJ[1 if wrap else 0]
    if reg[STARTED] == 0:
        reg[STARTED] = 1
        reg[DEPTH] = 0
        _closure(pl, plen, where, pos, found, ph, reg, path, free_base)
        reg[BEST] = reg[HOME]
        reg[NODES] = 1
        if reg[HOME] == 52:
            return WIN
        _add_position(ph, reg, table)
        top = _expand(pl, plen, where, pos, found, ph, reg, path, mstack, 0, keys, free_base, adj)
        frames[0, 0] = 0
        frames[0, 1] = top
        frames[0, 2] = reg[DEPTH]
        reg[FRAMES] = 1
    while reg[FRAMES] > 0:
        f = reg[FRAMES] - 1
        if (
            reg[DEPTH] + MARGIN > path.shape[0]
            or frames[f, 1] + MARGIN > mstack.shape[0]
            or f + 2 > frames.shape[0]
            or 2 * (reg[COUNT] + 1) > table.shape[0]
        ):
            return GROW
        mark = frames[f, 2]
        while reg[DEPTH] > mark:
            reg[DEPTH] -= 1
            _undo(pl, plen, where, pos, found, ph, reg, path[reg[DEPTH]], free_base)
        if frames[f, 1] == frames[f, 0]:
            reg[FRAMES] = f
            continue
        frames[f, 1] -= 1
        m = mstack[frames[f, 1]]
        path[reg[DEPTH]] = _do(pl, plen, where, pos, found, ph, reg, m >> 4, m & 15)
        reg[DEPTH] += 1
        _closure(pl, plen, where, pos, found, ph, reg, path, free_base)
        if reg[HOME] > reg[BEST]:
            reg[BEST] = reg[HOME]
            if reg[HOME] == 52:
                return WIN
        if not _add_position(ph, reg, table):
            continue
        reg[NODES] += 1
        if reg[NODES] >= node_limit:
            return UNKNOWN
        top = frames[f, 1]
        end = _expand(pl, plen, where, pos, found, ph, reg, path, mstack, top, keys, free_base, adj)
        frames[f + 1, 0] = top
        frames[f + 1, 1] = end
        frames[f + 1, 2] = reg[DEPTH]
        reg[FRAMES] = f + 2
        if pause and not reg[NODES] & 1023:
            return PAUSE
    return LOSS


def _grown(a: np.ndarray) -> np.ndarray:
    """``a`` with twice the rows, the new ones zero."""
    out = np.zeros((2 * a.shape[0], *a.shape[1:]), dtype=a.dtype)
    out[: a.shape[0]] = a
    return out


VERDICTS = {LOSS: "LOSS", WIN: "WIN", UNKNOWN: "UNKNOWN"}


def search(
    board: Board, variant: Variant, node_limit: int | None, time_limit: float | None
) -> tuple[str, list[int], int, int]:
    """The compiled search from ``board``: ``(verdict, path of undo codes, nodes, most cards
    home)``, as ``solver._dfs`` returns them."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    pl = np.zeros((10, 52), dtype=np.int64)
    plen = np.zeros(10, dtype=np.int64)
    for i, p in enumerate(board.piles):
        pl[i, : len(p)] = p
        plen[i] = len(p)
    where = np.empty(52, dtype=np.int64)
    pos = np.zeros(52, dtype=np.int64)
    found = np.array(board.found, dtype=np.int64)
    ph = np.zeros((2, 10), dtype=np.uint64)
    reg = np.zeros(8, dtype=np.int64)
    reg[BASE] = board.base
    setup(pl, plen, where, pos, found, ph, reg)
    path = np.zeros(START, dtype=np.int64)
    frames = np.zeros((START, 3), dtype=np.int64)
    mstack = np.zeros(START, dtype=np.int64)
    table = np.zeros((4 * START, 2), dtype=np.uint64)
    keys = np.zeros(64, dtype=np.int64)
    limit = NO_LIMIT if node_limit is None else min(node_limit, NO_LIMIT)
    pause = deadline is not None
    while True:
        status = run(pl, plen, where, pos, found, ph, reg, path, frames, mstack, table, keys,
                     variant.free_base, variant.wrap, limit, pause)  # fmt: skip
        if status == GROW:
            if reg[DEPTH] + MARGIN > path.shape[0]:
                path = _grown(path)
            if frames[reg[FRAMES] - 1, 1] + MARGIN > mstack.shape[0]:
                mstack = _grown(mstack)
            if reg[FRAMES] + 1 > frames.shape[0]:
                frames = _grown(frames)
            if 2 * (reg[COUNT] + 1) > table.shape[0]:
                bigger = np.zeros((4 * table.shape[0], 2), dtype=np.uint64)
                rehash(table, bigger)
                table = bigger
            continue
        if status == PAUSE:
            if time.monotonic() > deadline:  # type: ignore[operator]
                return "UNKNOWN", [], int(reg[NODES]), int(reg[BEST])
            continue
        moves = [int(x) for x in path[: reg[DEPTH]]] if status == WIN else []
        best = 52 if status == WIN else int(reg[BEST])
        return VERDICTS[status], moves, int(reg[NODES]), best
