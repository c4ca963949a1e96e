"""The compiled Smess search core (numba): array move generation, make/unmake, Zobrist keys,
the evaluation and an alpha-beta search with a transposition table, move ordering and
quiescence.

It encodes the same rules as ``rules.py``, which stays the reference: the differential tests
(``tests/games/smess/test_smess_fast.py``) require identical move lists, keys and results.
Boards are ``int8[56]`` piece codes, moves ``from * 56 + to`` as in the rules module.
Functions are compiled on first use and cached on disk (``cache=True``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kibitz.core.fastsearch import (
    MAX_PLY,
    NO_HIT,
    WIN,
    pick,
    probe,
    remember_cutoff,
    store,
)
from kibitz.games.smess.board import ARROWS, DIRECTIONS, NUM_SQUARES, RAYS, WIDTH
from kibitz.games.smess.eval import NINNY_BONUS, PIECE_VALUE
from kibitz.games.smess.pieces import KIND, OWNER, PROMOTION_SQUARES
from kibitz.games.smess.rules import ZOBRIST, ZOBRIST_RED

MAX_MOVES = 512
"""Room for one position's moves (far more than any reachable position has)."""

TRAPPED = 60
"""Penalty of a Numskull on a square with a single exit arrow (one block traps it)."""
BRAIN_EXIT = 14
"""Bonus per exit of the enemy Brain that one's pieces cover or its own pieces block."""
BRAIN_ATTACK = 45
"""Bonus for attacking the enemy Brain's square itself."""
CHASE = 5
"""When ahead in material: bonus per step a piece stands nearer the enemy Brain."""

# -- tables (numba freezes module-level arrays into the compiled code) ---------------------
_OWNER = np.array(OWNER, dtype=np.int64)
_KIND = np.array(KIND, dtype=np.int64)
_VALUE = np.array(PIECE_VALUE, dtype=np.int64)
_NINNY_BONUS = np.array(NINNY_BONUS, dtype=np.int64)
_ZOB = np.array([[np.uint64(z) for z in row] for row in ZOBRIST], dtype=np.uint64)
_ZRED = np.uint64(ZOBRIST_RED)
_PROMO = np.array([[sq in PROMOTION_SQUARES[s] for sq in range(NUM_SQUARES)] for s in (0, 1)])
_NRAYS = np.array([len(RAYS[sq]) for sq in range(NUM_SQUARES)], dtype=np.int64)
_RAY = np.full((NUM_SQUARES, 8, 8), -1, dtype=np.int64)
_RAYLEN = np.zeros((NUM_SQUARES, 8), dtype=np.int64)
for _sq in range(NUM_SQUARES):
    for _i, _ray in enumerate(RAYS[_sq]):
        _RAYLEN[_sq, _i] = len(_ray)
        _RAY[_sq, _i, : len(_ray)] = _ray
_ARROWS = np.array(ARROWS, dtype=np.int64)
_SINGLE_EXIT = np.array([bin(ARROWS[sq]).count("1") == 1 for sq in range(NUM_SQUARES)])
_REV = np.full((NUM_SQUARES, 8, 8), -1, dtype=np.int64)
"""For each square and direction d: the squares walking against d, nearest first (a piece
there whose arrows include d looks at the square along that line)."""
_REVLEN = np.zeros((NUM_SQUARES, 8), dtype=np.int64)
_DIRBIT = np.array([bit for bit, _, _, _ in DIRECTIONS], dtype=np.int64)
for _sq in range(NUM_SQUARES):
    for _d, (_bit, _, _df, _dr) in enumerate(DIRECTIONS):
        _f, _r, _n = _sq % WIDTH - _df, _sq // WIDTH - _dr, 0
        while 0 <= _f < WIDTH and 0 <= _r < NUM_SQUARES // WIDTH:
            _REV[_sq, _d, _n] = _r * WIDTH + _f
            _n += 1
            _f, _r = _f - _df, _r - _dr
        _REVLEN[_sq, _d] = _n


# -- rules --------------------------------------------------------------------------------
@njit(cache=True)
def gen_moves(board: np.ndarray, side: int, out: np.ndarray, captures_only: bool) -> int:
    """Write ``side``'s moves (only captures and promotions if ``captures_only``) to ``out``;
    return how many."""
    n = 0
    for frm in range(NUM_SQUARES):
        p = np.int64(board[frm])
        if p == 0 or _OWNER[p] != side:
            continue
        base = frm * NUM_SQUARES
        slide = _KIND[p] == 1
        for i in range(_NRAYS[frm]):
            for j in range(_RAYLEN[frm, i]):
                to = _RAY[frm, i, j]
                q = np.int64(board[to])
                if q != 0:
                    if _OWNER[q] != side:
                        out[n] = base + to
                        n += 1
                    break
                if not captures_only or (_KIND[p] == 2 and _PROMO[side, to]):
                    out[n] = base + to
                    n += 1
                if not slide:
                    break
    return n


@njit(cache=True)
def has_move(board: np.ndarray, side: int) -> bool:
    """Whether ``side`` has a legal move (every piece's moves start with one step)."""
    for frm in range(NUM_SQUARES):
        p = np.int64(board[frm])
        if p != 0 and _OWNER[p] == side:
            for i in range(_NRAYS[frm]):
                q = np.int64(board[_RAY[frm, i, 0]])
                if q == 0 or _OWNER[q] != side:
                    return True
    return False


@njit(cache=True)
def make(board: np.ndarray, counts: np.ndarray, side: int, move: int, promo_rule: bool):
    """Play ``move`` on ``board``; return (captured code, promoted, hash delta)."""
    frm, to = move // NUM_SQUARES, move % NUM_SQUARES
    p = np.int64(board[frm])
    captured = np.int64(board[to])
    promoted = _KIND[p] == 2 and _PROMO[side, to] and (not promo_rule or counts[side, 1] < 4)
    delta = _ZOB[frm, p] ^ _ZRED
    board[frm] = 0
    if captured != 0:
        delta ^= _ZOB[to, captured]
        counts[1 - side, _KIND[captured]] -= 1
    if promoted:
        counts[side, 2] -= 1
        counts[side, 1] += 1
        p -= 1
    board[to] = p
    delta ^= _ZOB[to, p]
    return captured, promoted, delta


@njit(cache=True)
def unmake(
    board: np.ndarray, counts: np.ndarray, side: int, move: int, captured: int, promoted: bool
) -> None:
    """Take back ``side``'s ``move`` that captured ``captured`` (0: none)."""
    frm, to = move // NUM_SQUARES, move % NUM_SQUARES
    p = np.int64(board[to])
    if promoted:
        counts[side, 1] -= 1
        counts[side, 2] += 1
        p += 1
    board[frm] = p
    board[to] = captured
    if captured != 0:
        counts[1 - side, _KIND[captured]] += 1


@njit(cache=True)
def board_hash(board: np.ndarray, side: int) -> np.uint64:
    """The Zobrist key of a position, as ``SmessState.hash`` computes it."""
    h = _ZRED if side == 1 else np.uint64(0)
    for sq in range(NUM_SQUARES):
        p = np.int64(board[sq])
        if p != 0:
            h ^= _ZOB[sq, p]
    return h


@njit(cache=True)
def two_brains(counts: np.ndarray) -> bool:
    """Only the two Brains left (a draw)."""
    return counts[0, 1] + counts[0, 2] + counts[1, 1] + counts[1, 2] == 0 and (
        counts[0, 0] == 1 and counts[1, 0] == 1
    )


@njit(cache=True)
def outcome_code(board: np.ndarray, counts: np.ndarray, side: int, counter: int, limit: int) -> int:
    """The rules' verdict with ``side`` to move: -1 play on, 0 or 1 the winning seat, 2 a
    draw (SM-10's order: Brain taken, two Brains, no legal move, no progress)."""
    if counts[side, 0] == 0:
        return 1 - side
    if two_brains(counts):
        return 2
    if not has_move(board, side):
        return 1 - side
    if counter >= limit:
        return 2
    return -1


@njit(cache=True)
def attacked(board: np.ndarray, sq: int, by: int) -> bool:
    """Whether a piece of side ``by`` could move to ``sq`` now."""
    for d in range(8):
        bit = _DIRBIT[d]
        for k in range(_REVLEN[sq, d]):
            frm = _REV[sq, d, k]
            p = np.int64(board[frm])
            if p == 0:
                continue
            if _OWNER[p] == by and _ARROWS[frm] & bit and (k == 0 or _KIND[p] == 1):
                return True
            break
    return False


# -- evaluation ---------------------------------------------------------------------------
@njit(cache=True)
def evaluate(board: np.ndarray, side: int, att: np.ndarray) -> int:
    """Static value for ``side`` to move: material, Ninny progress, Numskull reach, trapped
    Numskulls, pressure on the enemy Brain and, for the side ahead, closing in on it.
    ``att`` is scratch room (int64[2, 56]) for the squares each side attacks."""
    att[:] = 0
    score = [0, 0]
    material = [0, 0]
    brain = [-1, -1]
    for sq in range(NUM_SQUARES):
        p = np.int64(board[sq])
        if p == 0:
            continue
        s, k = _OWNER[p], _KIND[p]
        score[s] += _VALUE[p]
        if k == 0:
            brain[s] = sq
        else:
            material[s] += _VALUE[p]
        if k == 1:
            reach = 0
            for i in range(_NRAYS[sq]):
                for j in range(_RAYLEN[sq, i]):
                    to = _RAY[sq, i, j]
                    att[s, to] += 1
                    reach += 1
                    if board[to] != 0:
                        break
            score[s] += 4 * reach
            if _SINGLE_EXIT[sq]:
                score[s] -= TRAPPED
        else:
            if k == 2:
                score[s] += _NINNY_BONUS[s, sq]
            for i in range(_NRAYS[sq]):
                att[s, _RAY[sq, i, 0]] += 1
    for s in range(2):
        eb = brain[1 - s]
        if eb < 0:
            continue
        if att[s, eb] > 0:
            score[s] += BRAIN_ATTACK
        for i in range(_NRAYS[eb]):
            to = _RAY[eb, i, 0]
            q = np.int64(board[to])
            if att[s, to] > 0 or (q != 0 and _OWNER[q] == 1 - s):
                score[s] += BRAIN_EXIT
        if material[s] >= material[1 - s] + 300:
            ef, er = eb % WIDTH, eb // WIDTH
            for sq in range(NUM_SQUARES):
                p = np.int64(board[sq])
                if p != 0 and _OWNER[p] == s and _KIND[p] != 0:
                    dist = max(abs(sq % WIDTH - ef), abs(sq // WIDTH - er))
                    score[s] += CHASE * (7 - dist)
    return score[side] - score[1 - side]


# -- search -------------------------------------------------------------------------------
@njit(cache=True)
def _repeated(path: np.ndarray, ply: int, counter: int, seen: np.ndarray) -> bool:
    """Whether the position at ``ply`` occurred before, in this line or in the game."""
    h = path[ply]
    k = ply - 2
    low = max(0, ply - counter)
    while k >= low:
        if path[k] == h:
            return True
        k -= 2
    i = np.searchsorted(seen, h)
    return i < seen.shape[0] and seen[i] == h


@njit(cache=True)
def _order(board, moves, scores, n, tt_move, killers, history, ply) -> None:
    """Score moves: TT move, captures by MVV/LVA, promotions, killers, then history."""
    for i in range(n):
        m = moves[i]
        frm, to = m // NUM_SQUARES, m % NUM_SQUARES
        victim = np.int64(board[to])
        if m == tt_move:
            scores[i] = 1 << 40
        elif victim != 0:
            scores[i] = (1 << 30) + _VALUE[victim] * 16 - _VALUE[np.int64(board[frm])] // 64
        elif _KIND[np.int64(board[frm])] == 2 and _PROMO[_OWNER[np.int64(board[frm])], to]:
            scores[i] = 1 << 29
        elif m == killers[ply, 0]:
            scores[i] = (1 << 28) + 1
        elif m == killers[ply, 1]:
            scores[i] = 1 << 28
        else:
            scores[i] = history[m]




@njit(cache=True)
def _brain_attacked(board: np.ndarray, side: int) -> bool:
    """Whether ``side``'s Brain stands where the opponent could take it."""
    for sq in range(NUM_SQUARES):
        p = np.int64(board[sq])
        if p != 0 and _OWNER[p] == side and _KIND[p] == 0:
            return attacked(board, sq, 1 - side)
    return False


@njit(cache=True)
def search_depth(ctx, board, counts, side, counter, depth, node_limit):
    """One alpha-beta iteration at ``depth`` from the root, within ``node_limit`` nodes in all;
    returns (score, best move, aborted).

    Negamax with principal-variation windows, written with an explicit stack (numba's disk
    cache cannot hold recursive functions). A node at ``depth`` <= 0 goes on in quiescence
    (captures and promotions after a stand-pat score) unless its Brain is attacked, when it
    gets one more full-width ply.
    """
    tt_key, tt_data, killers, history, path, seen, moves, scores, stats, params = ctx
    promo_rule = params[0] != 0
    att = np.zeros((2, NUM_SQUARES), dtype=np.int64)
    stats[1], stats[2], stats[3] = node_limit, 0, -1
    path[0] = board_hash(board, side)
    n_ = np.zeros(MAX_PLY, dtype=np.int64)
    i_ = np.zeros(MAX_PLY, dtype=np.int64)
    alpha_ = np.zeros(MAX_PLY, dtype=np.int64)
    beta_ = np.zeros(MAX_PLY, dtype=np.int64)
    orig_ = np.zeros(MAX_PLY, dtype=np.int64)
    best_ = np.zeros(MAX_PLY, dtype=np.int64)
    bmove_ = np.zeros(MAX_PLY, dtype=np.int64)
    depth_ = np.zeros(MAX_PLY, dtype=np.int64)
    counter_ = np.zeros(MAX_PLY, dtype=np.int64)
    qply_ = np.zeros(MAX_PLY, dtype=np.int64)
    move_ = np.zeros(MAX_PLY, dtype=np.int64)
    cap_ = np.zeros(MAX_PLY, dtype=np.int64)
    prom_ = np.zeros(MAX_PLY, dtype=np.bool_)
    quiet_ = np.zeros(MAX_PLY, dtype=np.bool_)
    full_ = np.zeros(MAX_PLY, dtype=np.bool_)
    ply = 0
    alpha_[0], beta_[0], depth_[0], counter_[0], qply_[0] = -(WIN + 1), WIN + 1, depth, counter, -1
    ENTER, NEXT, RETURN, CHILD = 0, 1, 2, 3
    mode = ENTER
    value = 0
    while True:
        me = side if ply % 2 == 0 else 1 - side
        if mode == ENTER:
            mode = NEXT
            if qply_[ply] < 0:
                if stats[0] >= stats[1]:
                    stats[2] = 1
                    for k in range(ply - 1, -1, -1):
                        unmake(board, counts, side if k % 2 == 0 else 1 - side, move_[k],
                               cap_[k], prom_[k])
                    return 0, stats[3], True
                if two_brains(counts):
                    value, mode = 0, RETURN
                    continue
                n = gen_moves(board, me, moves[ply], False)
                if n == 0:
                    value, mode = -(WIN - ply), RETURN
                    continue
                if ply > 0 and (
                    _repeated(path, ply, counter_[ply], seen)
                    or counter_[ply] >= params[1]
                    or ply >= params[2]
                ):
                    value, mode = 0, RETURN
                    continue
                if ply >= MAX_PLY - 8:
                    value, mode = evaluate(board, me, att), RETURN
                    continue
                if depth_[ply] <= 0:
                    if ply >= MAX_PLY // 2 or not _brain_attacked(board, me):
                        qply_[ply] = 0
                    else:
                        depth_[ply] = 1
            if qply_[ply] >= 0:
                stats[0] += 1
                stand = evaluate(board, me, att)
                if stand >= beta_[ply] or ply >= MAX_PLY - 1 or qply_[ply] >= params[3]:
                    value, mode = stand, RETURN
                    continue
                if stand > alpha_[ply]:
                    alpha_[ply] = stand
                n_[ply] = gen_moves(board, me, moves[ply], True)
                _order(board, moves[ply], scores[ply], n_[ply], -1, killers, history, ply)
                i_[ply] = 0
                continue
            stats[0] += 1
            h = path[ply]
            tt_move, v = probe(tt_key, tt_data, h, ply, depth_[ply], alpha_[ply], beta_[ply])
            if v != NO_HIT:
                value, mode = v, RETURN
                continue
            n_[ply] = n
            _order(board, moves[ply], scores[ply], n, tt_move, killers, history, ply)
            i_[ply] = 0
            orig_[ply] = alpha_[ply]
            best_[ply] = -(WIN + 1)
            bmove_[ply] = moves[ply, 0]
            continue
        if mode == NEXT:
            if i_[ply] >= n_[ply]:  # every move searched: this node's value
                if qply_[ply] >= 0:
                    value = alpha_[ply]
                else:
                    value = best_[ply]
                    store(tt_key, tt_data, path[ply], ply, depth_[ply], value, orig_[ply],
                           beta_[ply], bmove_[ply])
                mode = RETURN
                continue
            m = pick(moves[ply], scores[ply], i_[ply], n_[ply])
            i_[ply] += 1
            move_[ply] = m
            quiet_[ply] = board[m % NUM_SQUARES] == 0
            captured, promoted, delta = make(board, counts, me, m, promo_rule)
            cap_[ply], prom_[ply] = captured, promoted
            mode = CHILD
            if captured != 0 and _KIND[captured] == 0:
                value = WIN - ply - 1
                continue
            if qply_[ply] >= 0:
                if two_brains(counts):
                    value = 0
                    continue
                if not has_move(board, 1 - me):
                    value = WIN - ply - 1
                    continue
                qply_[ply + 1], depth_[ply + 1], counter_[ply + 1] = qply_[ply] + 1, 0, 0
                alpha_[ply + 1], beta_[ply + 1] = -beta_[ply], -alpha_[ply]
            else:
                path[ply + 1] = path[ply] ^ delta
                counter_[ply + 1] = 0 if captured != 0 or promoted else counter_[ply] + 1
                qply_[ply + 1], depth_[ply + 1] = -1, depth_[ply] - 1
                full_[ply] = i_[ply] == 1
                if full_[ply]:
                    alpha_[ply + 1], beta_[ply + 1] = -beta_[ply], -alpha_[ply]
                else:
                    alpha_[ply + 1], beta_[ply + 1] = -alpha_[ply] - 1, -alpha_[ply]
            ply += 1
            mode = ENTER
            continue
        if mode == RETURN:
            if ply == 0:
                return value, stats[3], False
            ply -= 1
            value = -value
            mode = CHILD
            continue
        # CHILD: ``value`` is the value for ``me`` of the move just searched at this ply
        m = move_[ply]
        unmake(board, counts, me, m, cap_[ply], prom_[ply])
        if qply_[ply] >= 0:
            mode = NEXT
            if value > alpha_[ply]:
                alpha_[ply] = value
                if value >= beta_[ply]:
                    i_[ply] = n_[ply]
            continue
        is_search = not (cap_[ply] != 0 and _KIND[cap_[ply]] == 0)
        if is_search and not full_[ply] and alpha_[ply] < value < beta_[ply]:
            make(board, counts, me, m, promo_rule)  # re-search with the full window
            full_[ply] = True
            counter_[ply + 1] = 0 if cap_[ply] != 0 or prom_[ply] else counter_[ply] + 1
            qply_[ply + 1], depth_[ply + 1] = -1, depth_[ply] - 1
            alpha_[ply + 1], beta_[ply + 1] = -beta_[ply], -alpha_[ply]
            ply += 1
            mode = ENTER
            continue
        mode = NEXT
        if value > best_[ply]:
            best_[ply], bmove_[ply] = value, m
            if ply == 0:
                stats[3], stats[4] = m, value
        if value > alpha_[ply]:
            alpha_[ply] = value
        if alpha_[ply] >= beta_[ply]:
            if quiet_[ply] and not prom_[ply]:
                remember_cutoff(killers, history, ply, m, depth_[ply])
            i_[ply] = n_[ply]




def new_context(tt_bits: int, seen: np.ndarray, params: tuple[int, int, int, int]) -> tuple:
    """The search's tables: TT keys and (depth, value, flag, move) rows, killers, history,
    the line's keys, the game's earlier keys (sorted), move buffers, counters, parameters."""
    size = 1 << tt_bits
    return (
        np.zeros(size, dtype=np.uint64),
        np.zeros((size, 4), dtype=np.int64),
        np.full((MAX_PLY, 2), -1, dtype=np.int64),
        np.zeros(NUM_SQUARES * NUM_SQUARES, dtype=np.int64),
        np.zeros(MAX_PLY + 1, dtype=np.uint64),
        np.sort(seen.astype(np.uint64)),
        np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.array(params, dtype=np.int64),
    )
