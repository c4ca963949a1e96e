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
open-addressing table (linear probing) that grows fourfold at half load. A false "seen"
needs two positions agreeing on all 128 bits: with n positions in a search the chance is
about n^2 / 2^129 (below 10^-25 at the default 5,000,000 nodes; below 10^-19 over a million
deals even if each searched that many), so an exhausted search still proves a LOSS.

The search keeps every variable in arrays so that it can stop and resume: it returns
``GROW`` when a buffer is nearly full (the driver enlarges it and calls again) and, with a
time limit, ``PAUSE`` every 1024 nodes so the driver can read the clock (numba cannot).
Functions are compiled on first use and cached on disk (``cache=True``).
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import njit

from kibitz.core.rng import Rng
from kibitz.games.fortress.board import UNSET, Board
from kibitz.games.fortress.notation import FOUNDATION
from kibitz.games.fortress.variants import ADJACENT, Variant

LOSS, WIN, UNKNOWN, GROW, PAUSE = 0, 1, 2, 3, 4
"""``run`` results: the three verdicts, and the two reasons to come back to the driver."""
NO_LIMIT = 1 << 62
"""A node limit that never binds."""
MARGIN = 128
"""Free room ``run`` wants in the path and move stacks before it expands a node."""
START = 1024
"""First rows of the path, frame and move stacks (the table: 4x), doubled as needed;
at least ``MARGIN`` (the root's expansion is not checked)."""

# -- the position: one int64 array (one reference to count, not seven, per helper call) ----
PILES = 0
"""``st[PILES + 52 * i + k]``: card ``k`` (from the bottom) of pile ``i``."""
LEN = PILES + 10 * 52
"""``st[LEN + i]``: the number of cards in pile ``i``."""
WHERE = LEN + 10
"""``st[WHERE + c]``: the pile card ``c`` lies in, -1 once home."""
POS = WHERE + 52
"""``st[POS + c]``: the height of card ``c`` in its pile (0: the bottom)."""
FOUNDS = POS + 52
"""``st[FOUNDS + s]``: cards on the foundation of suit ``s``."""
HASH = FOUNDS + 4
"""``st[HASH + 10 * h + i]``: hash ``h`` (0, 1) of pile ``i``'s cards."""
BASE, HOME, EMPTY, DEPTH, FRAMES, NODES, BEST, COUNT, STARTED = range(HASH + 20, HASH + 29)
"""The search's scalars: base rank, cards home, empty piles, path length, open frames, nodes,
most cards home, keys in the table, whether the search has started."""
SIZE = STARTED + 1

_ZRNG = Rng(0xF0F7)
_Z = np.array(
    [[[_ZRNG.next_u64() for _ in range(52)] for _ in range(52)] for _ in range(2)],
    dtype=np.uint64,
).view(np.int64)
"""``_Z[h, height, card]``: the keys of hash ``h`` for ``card`` lying at ``height``."""
_ZB = np.array([[_ZRNG.next_u64() for _ in range(14)] for _ in range(2)], dtype=np.uint64)
"""``_ZB[h, base + 1]``: the keys of the base (index 0: unset)."""
_ADJ = np.array(
    [[[*ADJACENT[w][c], -1][:2] for c in range(52)] for w in (False, True)],
    dtype=np.int64,
)
"""``_ADJ[wrap, card]``: the neighbours in ``ADJACENT`` order, -1 padded."""
_SUIT = np.array([c // 13 for c in range(52)], dtype=np.int64)
_RANK = np.array([c % 13 for c in range(52)], dtype=np.int64)
_MOD13 = np.array([x % 13 for x in range(26)], dtype=np.int64)
"""``_MOD13[base + n]``: the rank a foundation of base ``base`` holding ``n`` cards needs."""


# -- moves ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _put(st, pile, c):
    """Lay card ``c`` on top of ``pile``, keeping lengths, locations and hashes."""
    k = st[LEN + pile]
    if k == 0:
        st[EMPTY] -= 1
    st[PILES + 52 * pile + k] = c
    st[LEN + pile] = k + 1
    st[WHERE + c] = pile
    st[POS + c] = k
    st[HASH + pile] ^= _Z[0, k, c]
    st[HASH + 10 + pile] ^= _Z[1, k, c]


@njit(cache=True, inline="always")
def _do(st, src, dst):
    """Move the top of pile ``src`` to pile ``dst`` or home; return the undo code."""
    n = st[LEN + src] - 1
    c = st[PILES + 52 * src + n]
    st[LEN + src] = n
    if n == 0:
        st[EMPTY] += 1
    st[HASH + src] ^= _Z[0, n, c]
    st[HASH + 10 + src] ^= _Z[1, n, c]
    if dst == FOUNDATION:
        if st[BASE] == UNSET:
            st[BASE] = _RANK[c]
        st[FOUNDS + _SUIT[c]] += 1
        st[HOME] += 1
        st[WHERE + c] = -1
    else:
        _put(st, dst, c)
    return c << 8 | src << 4 | dst


@njit(cache=True, inline="always")
def _undo(st, code, free_base):
    """Take back the move ``_do`` returned ``code`` for."""
    c, src, dst = code >> 8, code >> 4 & 15, code & 15
    if dst == FOUNDATION:
        st[FOUNDS + _SUIT[c]] -= 1
        st[HOME] -= 1
        if free_base and st[HOME] == 0:
            st[BASE] = UNSET
    else:
        k = st[LEN + dst] - 1
        st[LEN + dst] = k
        if k == 0:
            st[EMPTY] += 1
        st[HASH + dst] ^= _Z[0, k, c]
        st[HASH + 10 + dst] ^= _Z[1, k, c]
    _put(st, src, c)


@njit(cache=True, inline="always")
def _top(st, i):
    """The top card of pile ``i`` (which is not empty)."""
    return st[PILES + 52 * i + st[LEN + i] - 1]


@njit(cache=True, inline="always")
def _closure(st, path, free_base):
    """Play every safe foundation move (FO-12) until none is left, pushing onto ``path``."""
    base = st[BASE]
    if base == UNSET:
        return
    progress = True
    while progress:
        progress = False
        for s in range(4):
            n = st[FOUNDS + s]
            if n == 13 or (n == 0 and free_base):
                continue
            c = s * 13 + _MOD13[base + n]
            i = st[WHERE + c]
            if i >= 0 and _top(st, i) == c:
                path[st[DEPTH]] = _do(st, i, FOUNDATION)
                st[DEPTH] += 1
                progress = True


@njit(cache=True, inline="always")
def _score(st):
    """Heuristic worth of the position: cards home, empty piles, few cards over next ones."""
    buried = 0
    base = st[BASE]
    if base != UNSET:
        for s in range(4):
            n = st[FOUNDS + s]
            if n < 13:
                c = s * 13 + _MOD13[base + n]
                buried += st[LEN + st[WHERE + c]] - 1 - st[POS + c]
    return st[HOME] * 64 + st[EMPTY] * 24 - buried * 4


@njit(cache=True, inline="always")
def _expand(st, path, mstack, top, keys, free_base, adj):
    """Write the candidate moves at ``mstack[top:]``, best last; return the new top."""
    empty = -1
    for i in range(10):
        if st[LEN + i] == 0:
            empty = i
            break
    base = st[BASE]
    end = top
    for i in range(10):
        n = st[LEN + i]
        if n == 0:
            continue
        c = st[PILES + 52 * i + n - 1]
        if free_base and (base == UNSET or (st[FOUNDS + _SUIT[c]] == 0 and _RANK[c] == base)):
            mstack[end] = i << 4 | FOUNDATION
            end += 1
        for k in range(2):
            a = adj[c, k]
            if a < 0:
                break
            j = st[WHERE + a]
            if j >= 0 and j != i and _top(st, j) == a:
                mstack[end] = i << 4 | j
                end += 1
        if empty >= 0 and n > 1:
            mstack[end] = i << 4 | empty
            end += 1
    mark = st[DEPTH]
    for t in range(top, end):
        m = mstack[t]
        path[mark] = _do(st, m >> 4, m & 15)
        st[DEPTH] = mark + 1
        _closure(st, path, free_base)
        score = _score(st)
        while st[DEPTH] > mark:
            st[DEPTH] -= 1
            _undo(st, path[st[DEPTH]], free_base)
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
def _add_position(st, table):
    """Add the position's key to the table; False if it was seen before."""
    h1 = _ZB[0, st[BASE] + 1]
    h2 = _ZB[1, st[BASE] + 1]
    for i in range(10):
        h1 += np.uint64(st[HASH + i])
        h2 += np.uint64(st[HASH + 10 + i])
    if h1 == 0 and h2 == 0:
        h2 = np.uint64(1)
    if _insert(table, h1, h2):
        st[COUNT] += 1
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
def setup(st, layout):
    """Fill ``st`` from ``layout``: the ten pile sizes, the cards pile by pile (bottom to
    top), the four foundation counts and the base."""
    st[:] = 0
    for c in range(52):
        st[WHERE + c] = -1
    k = 10
    for i in range(10):
        st[LEN + i] = layout[i]
        for h in range(layout[i]):
            c = layout[k]
            k += 1
            st[PILES + 52 * i + h] = c
            st[WHERE + c] = i
            st[POS + c] = h
            st[HASH + i] ^= _Z[0, h, c]
            st[HASH + 10 + i] ^= _Z[1, h, c]
    for s in range(4):
        st[FOUNDS + s] = layout[k + s]
        st[HOME] += layout[k + s]
    st[BASE] = layout[k + 4]
    for i in range(10):
        if layout[i] == 0:
            st[EMPTY] += 1


@njit(cache=True)
def run(st, path, frames, mstack, table, keys, free_base, wrap, node_limit, pause):
    """Search on from where the last call stopped (or start); return a verdict, GROW or
    PAUSE. ``frames[f]`` = (first move, one past the last untried move, path depth)."""
    adj = _ADJ[1 if wrap else 0]
    if st[STARTED] == 0:
        st[STARTED] = 1
        _closure(st, path, free_base)
        st[BEST] = st[HOME]
        st[NODES] = 1
        if st[HOME] == 52:
            return WIN
        _add_position(st, table)
        top = _expand(st, path, mstack, 0, keys, free_base, adj)
        frames[0, 0] = 0
        frames[0, 1] = top
        frames[0, 2] = st[DEPTH]
        st[FRAMES] = 1
    while st[FRAMES] > 0:
        f = st[FRAMES] - 1
        if (
            st[DEPTH] + MARGIN > path.shape[0]
            or frames[f, 1] + MARGIN > mstack.shape[0]
            or f + 2 > frames.shape[0]
            or 2 * (st[COUNT] + 1) > table.shape[0]
        ):
            return GROW
        mark = frames[f, 2]
        while st[DEPTH] > mark:
            st[DEPTH] -= 1
            _undo(st, path[st[DEPTH]], free_base)
        if frames[f, 1] == frames[f, 0]:
            st[FRAMES] = f
            continue
        frames[f, 1] -= 1
        m = mstack[frames[f, 1]]
        path[st[DEPTH]] = _do(st, m >> 4, m & 15)
        st[DEPTH] += 1
        _closure(st, path, free_base)
        if st[HOME] > st[BEST]:
            st[BEST] = st[HOME]
            if st[HOME] == 52:
                return WIN
        if not _add_position(st, table):
            continue
        st[NODES] += 1
        if st[NODES] >= node_limit:
            return UNKNOWN
        top = frames[f, 1]
        end = _expand(st, path, mstack, top, keys, free_base, adj)
        frames[f + 1, 0] = top
        frames[f + 1, 1] = end
        frames[f + 1, 2] = st[DEPTH]
        st[FRAMES] = f + 2
        if pause and not st[NODES] & 1023:
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
    st = np.empty(SIZE, dtype=np.int64)
    layout = [len(p) for p in board.piles]
    for p in board.piles:
        layout += p
    setup(st, np.array([*layout, *board.found, board.base], dtype=np.int64))
    path = np.zeros(START, dtype=np.int64)
    frames = np.zeros((START, 3), dtype=np.int64)
    mstack = np.zeros(START, dtype=np.int64)
    table = np.zeros((4 * START, 2), dtype=np.uint64)
    keys = np.zeros(64, dtype=np.int64)
    # nodes >= limit, nodes an integer >= 2 when checked: the same for ceil(limit), clamped
    limit = NO_LIMIT if node_limit is None else max(min(math.ceil(node_limit), NO_LIMIT), 0)
    pause = deadline is not None
    free_base, wrap = variant.free_base, variant.wrap
    while True:
        status = run(st, path, frames, mstack, table, keys, free_base, wrap, limit, pause)
        if status == GROW:
            if st[DEPTH] + MARGIN > path.shape[0]:
                path = _grown(path)
            if frames[st[FRAMES] - 1, 1] + MARGIN > mstack.shape[0]:
                mstack = _grown(mstack)
            if st[FRAMES] + 1 > frames.shape[0]:
                frames = _grown(frames)
            if 2 * (st[COUNT] + 1) > table.shape[0]:
                bigger = np.zeros((4 * table.shape[0], 2), dtype=np.uint64)
                rehash(table, bigger)
                table = bigger
            continue
        if status == PAUSE:
            if time.monotonic() > deadline:  # type: ignore[operator]
                return "UNKNOWN", [], int(st[NODES]), int(st[BEST])
            continue
        moves = path[: st[DEPTH]].tolist() if status == WIN else []
        best = 52 if status == WIN else int(st[BEST])
        return VERDICTS[status], moves, int(st[NODES]), best
