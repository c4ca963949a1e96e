"""The compiled Cardmate search core (numba): array move generation with the suit rules
(CM-9 to CM-11), make/unmake, Zobrist keys, the evaluation and an alpha-beta search with a
transposition table, move ordering, quiescence and extensions.

It encodes the same rules as ``rules.py``, which stays the reference: the differential test
(``tests/games/cardmate/test_cardmate_fast.py``) requires identical move lists, keys and
results. Boards are ``int8[100]`` pieces (-1 empty, else ``owner << 6 | card``), moves are
the rules module's action ids ``from * 200 + to * 2 + promote``. Functions are compiled on
first use and cached on disk (``cache=True``).
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
from kibitz.games.cardmate.cards import ACE, KING, NINE, ONE, PALACES, QUEEN, TEN
from kibitz.games.cardmate.eval import (
    ADVANCE,
    ATTACKER_WEIGHT,
    LAST_KING_PENALTY,
    MOBILITY_WEIGHT,
    NEAR,
    ONE_ADVANCE,
    PALACE_BONUS,
    RANK_VALUE,
    SHIELD_WEIGHT,
)
from kibitz.games.cardmate.rules import ENTER_LOW, SIDE_KEY, ZOBRIST
from kibitz.games.cardmate.tables import ALL_DIRECTIONS, PATTERNS

MAX_MOVES = 512
"""Room for one position's moves (26 cards never have this many)."""
NUM_ACTIONS = 100 * 200

CHASE = 4
"""For a side ahead in material: bonus per step each card stands nearer the nearest enemy
King, so that won positions are pressed home instead of shuffled."""
CHASE_MARGIN = 300
"""Material lead (Kings left aside) from which the chase term applies."""
KING_TARGET = 30
"""Bonus per own card that attacks an enemy King's square (it may capture the King)."""

# -- tables (numba freezes module-level arrays into the compiled code) ---------------------
_VALUE = np.array(RANK_VALUE, dtype=np.int64)
_ZOB = np.array([np.uint64(z) for z in ZOBRIST], dtype=np.uint64)
_ZSIDE = np.uint64(SIDE_KEY)
_LEAP = np.full((2, 14, 100, 8), -1, dtype=np.int8)
_NLEAP = np.zeros((2, 14, 100), dtype=np.int8)
_BACK = np.full((2, 14, 100), -1, dtype=np.int8)
_RAY = np.full((14, 100, 8, 9), -1, dtype=np.int8)
"""Slides by rank and square; the same for both owners (the tables build rays without a
forward direction), so indexed without the owner."""
_RAYLEN = np.zeros((14, 100, 8), dtype=np.int8)
_NRAY = np.zeros((14, 100), dtype=np.int8)
for _owner in range(2):
    for _rank in range(14):
        for _sq in range(100):
            _leaps, _rays, _back = PATTERNS[_owner][_rank][_sq]
            _NLEAP[_owner, _rank, _sq] = len(_leaps)
            _LEAP[_owner, _rank, _sq, : len(_leaps)] = _leaps
            _BACK[_owner, _rank, _sq] = _back
            if _owner == 0:
                _NRAY[_rank, _sq] = len(_rays)
                for _i, _ray in enumerate(_rays):
                    _RAYLEN[_rank, _sq, _i] = len(_ray)
                    _RAY[_rank, _sq, _i, : len(_ray)] = _ray
_SLIDER = np.array([r in (NINE, TEN, QUEEN, ACE) for r in range(14)])
_ENTER_LOW = np.array(ENTER_LOW, dtype=np.int64)
_PALACE = np.zeros((2, 100), dtype=np.bool_)
"""``_PALACE[side, sq]``: ``sq`` is a square of ``side``'s palace."""
_PALACE_SQ = np.array(PALACES, dtype=np.int64)
for _side in range(2):
    for _sq in PALACES[_side]:
        _PALACE[_side, _sq] = True
_PALACE_BONUS = np.array(PALACE_BONUS, dtype=np.int64)
_ONE_ADVANCE = np.array(ONE_ADVANCE, dtype=np.int64)
_ADVANCE = np.array(ADVANCE, dtype=np.int64)
_NEAR = np.full((100, 24), -1, dtype=np.int8)
_NNEAR = np.array([len(NEAR[sq]) for sq in range(100)], dtype=np.int64)
for _sq in range(100):
    _NEAR[_sq, : len(NEAR[_sq])] = NEAR[_sq]
_LINE = np.full((100, 8, 9), -1, dtype=np.int8)
"""The squares along each line from a square, nearest first: 0-3 orthogonal, 4-7 diagonal."""
_LINELEN = np.zeros((100, 8), dtype=np.int8)
for _sq in range(100):
    for _d, (_df, _dr) in enumerate(ALL_DIRECTIONS):
        _f, _r = _sq % 10 + _df, _sq // 10 + _dr
        while 0 <= _f < 10 and 0 <= _r < 10:
            _LINE[_sq, _d, _LINELEN[_sq, _d]] = _r * 10 + _f
            _LINELEN[_sq, _d] += 1
            _f, _r = _f + _df, _r + _dr
_DIST = np.array(
    [[max(abs(a % 10 - b % 10), abs(a // 10 - b // 10)) for b in range(100)] for a in range(100)],
    dtype=np.int8,
)


# -- rules --------------------------------------------------------------------------------
@njit(cache=True)
def _target(board: np.ndarray, side: int, card: int, to: int) -> int:
    """What a capturing move of ``side``'s ``card`` may do on ``to``: 0 nothing (own card or
    a higher card of its suit), 1 move or discard, 2 follow (CM-9 to CM-11)."""
    t = np.int64(board[to])
    if t < 0:
        return 1
    if t >> 6 == side:
        return 0
    if t & 3 != card & 3:
        return 1
    return 2 if (t & 63) < card else 0


@njit(cache=True)
def gen_moves(board: np.ndarray, side: int, out: np.ndarray) -> tuple[int, bool]:
    """Write ``side``'s legal moves (CM-12) to ``out``; return how many and whether they are
    compulsory follows (then they are all of them, CM-11)."""
    n = 0
    follows = False
    for frm in range(100):
        p = np.int64(board[frm])
        if p < 0 or p >> 6 != side:
            continue
        card = p & 63
        rank = card >> 2
        base = frm * 200
        back = np.int64(_BACK[side, rank, frm])
        if back >= 0 and board[back] < 0 and not follows:
            out[n] = base + back * 2
            n += 1
        for i in range(_NLEAP[side, rank, frm]):
            to = np.int64(_LEAP[side, rank, frm, i])
            kind = _target(board, side, card, to)
            if kind == 0 or (kind == 1 and follows):
                continue
            if kind == 2 and not follows:
                follows, n = True, 0
            out[n] = base + to * 2
            n += 1
            if rank == ONE and _ENTER_LOW[side] <= frm < _ENTER_LOW[side] + 10:
                out[n] = base + to * 2 + 1
                n += 1
        for i in range(_NRAY[rank, frm]):
            for j in range(_RAYLEN[rank, frm, i]):
                to = np.int64(_RAY[rank, frm, i, j])
                kind = _target(board, side, card, to)
                if kind == 2 and not follows:
                    follows, n = True, 0
                if kind == 2 or (kind == 1 and not follows):
                    out[n] = base + to * 2
                    n += 1
                if board[to] >= 0:
                    break
    return n, follows


@njit(cache=True)
def make(board: np.ndarray, kings: np.ndarray, move: int) -> tuple[int, np.uint64, bool]:
    """Play ``move``; return (captured piece or -1, hash delta, whether the mover has won by
    taking the last enemy King or entering the enemy palace, CM-13 and CM-14)."""
    frm, to = move // 200, (move % 200) >> 1
    p = np.int64(board[frm])
    side = p >> 6
    taken = np.int64(board[to])
    delta = _ZOB[frm * 128 + p] ^ _ZSIDE
    won = False
    if taken >= 0:
        delta ^= _ZOB[to * 128 + taken]
        if (taken & 63) >> 2 == KING:
            kings[1 - side] -= 1
            won = kings[1 - side] == 0
    if move & 1:
        p = (p & 64) | (ACE * 4 + (p & 3))
    elif (p & 63) >> 2 == KING and _PALACE[1 - side, to]:
        won = True
    board[frm] = -1
    board[to] = p
    delta ^= _ZOB[to * 128 + p]
    return taken, delta, won


@njit(cache=True)
def unmake(board: np.ndarray, kings: np.ndarray, move: int, taken: int) -> None:
    """Take back ``move``, which captured ``taken`` (-1: nothing)."""
    frm, to = move // 200, (move % 200) >> 1
    p = np.int64(board[to])
    if move & 1:
        p = (p & 64) | (p & 3)  # the Ace goes back to being its suit's One
    board[frm] = p
    board[to] = taken
    if taken >= 0 and (taken & 63) >> 2 == KING:
        kings[taken >> 6] += 1


@njit(cache=True)
def board_hash(board: np.ndarray, side: int) -> np.uint64:
    """The Zobrist key of a position, as ``CardmateState.hash`` computes it."""
    h = _ZSIDE if side == 1 else np.uint64(0)
    for sq in range(100):
        p = np.int64(board[sq])
        if p >= 0:
            h ^= _ZOB[sq * 128 + p]
    return h


@njit(cache=True)
def king_counts(board: np.ndarray) -> np.ndarray:
    """Kings on the board per side."""
    kings = np.zeros(2, dtype=np.int64)
    for sq in range(100):
        p = np.int64(board[sq])
        if p >= 0 and (p & 63) >> 2 == KING:
            kings[p >> 6] += 1
    return kings


@njit(cache=True)
def outcome_code(
    board: np.ndarray, side: int, won: bool, count: int, ply: int, params: np.ndarray
) -> int:
    """The rules' verdict (CM-18's order) after a move, ``side`` now to move, the position
    now seen ``count`` times, ``ply`` plies played: -1 play on, 0 or 1 the winning seat, 2 a
    draw. ``params``: repetition_loss, repetition_threshold, stalemate loss, max_plies."""
    if won:
        return 1 - side
    if params[0]:
        if count >= params[1]:
            return side
    elif count >= 3:
        return 2
    buf = np.zeros(MAX_MOVES, dtype=np.int64)
    n, _ = gen_moves(board, side, buf)
    if n == 0:
        return 1 - side if params[2] else 2
    if ply >= params[3]:
        return 2
    return -1


# -- evaluation ---------------------------------------------------------------------------
@njit(cache=True)
def evaluate(board: np.ndarray, side: int, kings: np.ndarray, work: np.ndarray) -> int:
    """Static value for ``side`` to move: material, advancement, One progress, slider reach,
    King safety and palace distance (as the Python levels weigh them), cards attacking the
    enemy Kings' squares, and, for the side ahead in material, closing in on the enemy
    Kings. ``work`` is scratch room (int64[8]): scores, material, King squares."""
    work[0:4] = 0
    work[4:8] = -1  # King squares: side 0 at 4 and 5, side 1 at 6 and 7
    for sq in range(100):
        p = np.int64(board[sq])
        if p < 0:
            continue
        s, card = p >> 6, p & 63
        rank = card >> 2
        work[s] += _VALUE[rank]
        if rank == KING:
            work[4 + 2 * s + (work[4 + 2 * s] >= 0)] = sq
            work[s] += _PALACE_BONUS[s, sq]
            for i in range(_NNEAR[sq]):
                q = np.int64(board[_NEAR[sq, i]])
                if q >= 0:
                    work[s] += SHIELD_WEIGHT if q >> 6 == s else -ATTACKER_WEIGHT
            continue
        work[2 + s] += _VALUE[rank]
        if rank == ONE:
            work[s] += _ONE_ADVANCE[s, sq]
            continue
        work[s] += _ADVANCE[s, sq]
        if _SLIDER[rank]:
            reach = 0
            for i in range(_NRAY[rank, sq]):
                for j in range(_RAYLEN[rank, sq, i]):
                    q = np.int64(board[_RAY[rank, sq, i, j]])
                    if q >= 0:
                        if q >> 6 != s:
                            reach += 1
                        break
                    reach += 1
            work[s] += MOBILITY_WEIGHT * reach
    for s in range(2):
        if kings[s] == 1:
            work[s] -= LAST_KING_PENALTY
        for k in range(2):
            ksq = work[4 + 2 * (1 - s) + k]
            if ksq >= 0:
                work[s] += KING_TARGET * _attackers(board, s, ksq)
    for s in range(2):
        a, b = work[4 + 2 * (1 - s)], work[5 + 2 * (1 - s)]
        if work[2 + s] < work[3 - s] + CHASE_MARGIN or a < 0:
            continue
        for sq in range(100):
            p = np.int64(board[sq])
            if p >= 0 and p >> 6 == s and (p & 63) >> 2 != KING:
                d = np.int64(_DIST[sq, a])
                if b >= 0:
                    d = min(d, np.int64(_DIST[sq, b]))
                work[s] += CHASE * (9 - d)
    return work[side] - work[1 - side]


@njit(cache=True)
def _attackers(board: np.ndarray, side: int, sq: int) -> int:
    """How many of ``side``'s cards could capture the enemy card on ``sq`` (suit rules
    applied, follows and discards alike; quiet-only steps never capture): leaps and short
    steps from the squares around it, slides along the lines through it."""
    victim = np.int64(board[sq])
    count = 0
    for i in range(_NNEAR[sq]):
        frm = np.int64(_NEAR[sq, i])
        p = np.int64(board[frm])
        if p < 0 or p >> 6 != side or not _may_take(p, victim):
            continue
        rank = (p & 63) >> 2
        found = False
        for k in range(_NLEAP[side, rank, frm]):
            found |= _LEAP[side, rank, frm, k] == sq
        if not _SLIDER[rank]:
            for k in range(_NRAY[rank, frm]):
                for j in range(_RAYLEN[rank, frm, k]):
                    to = np.int64(_RAY[rank, frm, k, j])
                    found |= to == sq
                    if board[to] >= 0:
                        break
        count += found
    for d in range(8):
        for k in range(_LINELEN[sq, d]):
            p = np.int64(board[_LINE[sq, d, k]])
            if p < 0:
                continue
            rank = (p & 63) >> 2
            slides = rank in (QUEEN, ACE) or rank == (TEN if d < 4 else NINE)
            if p >> 6 == side and slides and _may_take(p, victim):
                count += 1
            break
    return count


@njit(cache=True)
def _may_take(p: int, victim: int) -> bool:
    """Whether the suit rules let piece ``p`` capture ``victim`` (an enemy card)."""
    return victim & 3 != p & 3 or (victim & 63) < (p & 63)


@njit(cache=True)
def king_in_danger(board: np.ndarray, side: int, kings: np.ndarray) -> bool:
    """Whether ``side``'s last King can be taken, or an enemy King stands one step from
    ``side``'s palace: either ends the game on the opponent's next move."""
    for sq in range(100):
        p = np.int64(board[sq])
        if p < 0 or (p & 63) >> 2 != KING:
            continue
        if p >> 6 == side:
            if kings[side] == 1 and _attackers(board, 1 - side, sq) > 0:
                return True
        else:
            for t in _PALACE_SQ[side]:
                q = np.int64(board[t])
                if _DIST[sq, t] == 1 and (q < 0 or q >> 6 == side):
                    return True
    return False


# -- search -------------------------------------------------------------------------------
@njit(cache=True)
def _occurrences(path: np.ndarray, ply: int, since: int, seen: np.ndarray, counts) -> int:
    """How often the position at ``ply`` occurred before, in the game or in this line
    (back to the last capture or promotion)."""
    h = path[ply]
    found = 0
    k = ply - 2
    low = max(1, ply - since)  # the root (ply 0) is counted with the game's positions
    while k >= low:
        if path[k] == h:
            found += 1
        k -= 2
    i = np.searchsorted(seen, h)
    if i < seen.shape[0] and seen[i] == h:
        found += counts[i]
    return found


@njit(cache=True)
def _order(board, moves, scores, n, tt_move, killers, history, ply) -> None:
    """Score moves: TT move, palace entries, captures by MVV/LVA, promotions, killers, then
    history."""
    for i in range(n):
        m = moves[i]
        frm, to = m // 200, (m % 200) >> 1
        p = np.int64(board[frm])
        victim = np.int64(board[to])
        if m == tt_move:
            scores[i] = 1 << 40
        elif (p & 63) >> 2 == KING and _PALACE[1 - (p >> 6), to]:
            scores[i] = 1 << 39
        elif victim >= 0:
            scores[i] = (1 << 30) + _VALUE[(victim & 63) >> 2] * 16 - _VALUE[(p & 63) >> 2] // 64
            if m & 1:
                scores[i] += 1 << 20
        elif m & 1:
            scores[i] = 1 << 29
        elif m == killers[ply, 0]:
            scores[i] = (1 << 28) + 1
        elif m == killers[ply, 1]:
            scores[i] = 1 << 28
        else:
            scores[i] = history[m]


@njit(cache=True)
def _tactical(board, moves, n) -> int:
    """Keep only captures, promotions and King entries to the enemy palace; return how many."""
    k = 0
    for i in range(n):
        m = moves[i]
        frm, to = m // 200, (m % 200) >> 1
        p = np.int64(board[frm])
        if board[to] >= 0 or m & 1 or ((p & 63) >> 2 == KING and _PALACE[1 - (p >> 6), to]):
            moves[k] = m
            k += 1
    return k






@njit(cache=True)
def search_depth(ctx, board, kings, side, depth, node_limit):
    """One alpha-beta iteration at ``depth`` from the root, within ``node_limit`` nodes in all;
    returns (score, best move, aborted).

    Negamax with principal-variation windows, written with an explicit stack (numba's disk
    cache cannot hold recursive functions). A node at ``depth`` <= 0 goes on in quiescence
    (captures, promotions and palace entries after a stand-pat score; no stand-pat when the
    side must follow) unless its game is about to end (last King attacked, enemy King next
    to its palace), when it gets one more full-width ply.
    """
    tt_key, tt_data, killers, history, path, seen, seen_counts, moves, scores, stats, params = ctx
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
    since_ = np.zeros(MAX_PLY, dtype=np.int64)
    qply_ = np.zeros(MAX_PLY, dtype=np.int64)
    move_ = np.zeros(MAX_PLY, dtype=np.int64)
    cap_ = np.zeros(MAX_PLY, dtype=np.int64)
    won_ = np.zeros(MAX_PLY, dtype=np.bool_)
    quiet_ = np.zeros(MAX_PLY, dtype=np.bool_)
    full_ = np.zeros(MAX_PLY, dtype=np.bool_)
    ply = 0
    alpha_[0], beta_[0], depth_[0], since_[0], qply_[0] = -(WIN + 1), WIN + 1, depth, 0, -1
    ENTER, NEXT, RETURN, CHILD = 0, 1, 2, 3
    mode = ENTER
    value, n, forced = 0, 0, False
    work = np.zeros(8, dtype=np.int64)
    while True:
        me = side if ply % 2 == 0 else 1 - side
        if mode == ENTER:
            mode = NEXT
            if stats[0] >= stats[1]:
                stats[2] = 1
                for k in range(ply - 1, -1, -1):
                    unmake(board, kings, move_[k], cap_[k])
                return 0, stats[3], True
            if qply_[ply] < 0:
                if ply > 0:
                    seen_before = _occurrences(path, ply, since_[ply], seen, seen_counts)
                    if params[0]:
                        if seen_before + 1 >= params[1]:  # the mover repeated: it loses
                            value, mode = WIN - ply, RETURN
                            continue
                    elif seen_before > 0:
                        value, mode = 0, RETURN
                        continue
                n, forced = gen_moves(board, me, moves[ply])
                if n == 0:
                    value, mode = (ply - WIN if params[2] else 0), RETURN
                    continue
                if ply >= params[3]:
                    value, mode = 0, RETURN
                    continue
                if ply >= MAX_PLY - 8:
                    value, mode = evaluate(board, me, kings, work), RETURN
                    continue
                if depth_[ply] <= 0:
                    if ply >= MAX_PLY // 2 or not king_in_danger(board, me, kings):
                        qply_[ply] = 0
                    else:
                        depth_[ply] = 1
            if qply_[ply] >= 0:
                stats[0] += 1
                if qply_[ply] > 0:
                    n, forced = gen_moves(board, me, moves[ply])
                    if n == 0:
                        value, mode = (ply - WIN if params[2] else 0), RETURN
                        continue
                stand = evaluate(board, me, kings, work)
                if ply >= MAX_PLY - 1 or qply_[ply] >= params[4]:
                    value, mode = stand, RETURN
                    continue
                if not forced:
                    if stand >= beta_[ply]:
                        value, mode = stand, RETURN
                        continue
                    if stand > alpha_[ply]:
                        alpha_[ply] = stand
                    n = _tactical(board, moves[ply], n)
                    best_[ply] = stand
                else:
                    best_[ply] = -(WIN + 1)
                n_[ply] = n
                _order(board, moves[ply], scores[ply], n, -1, killers, history, ply)
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
                value = best_[ply]
                if qply_[ply] < 0:
                    store(
                        tt_key,
                        tt_data,
                        path[ply],
                        ply,
                        depth_[ply],
                        value,
                        orig_[ply],
                        beta_[ply],
                        bmove_[ply],
                    )
                mode = RETURN
                continue
            m = pick(moves[ply], scores[ply], i_[ply], n_[ply])
            i_[ply] += 1
            move_[ply] = m
            quiet_[ply] = board[(m % 200) >> 1] < 0
            taken, delta, won = make(board, kings, m)
            cap_[ply], won_[ply] = taken, won
            mode = CHILD
            if won:
                value = WIN - ply - 1
                continue
            path[ply + 1] = path[ply] ^ delta
            if qply_[ply] >= 0:
                qply_[ply + 1], depth_[ply + 1] = qply_[ply] + 1, 0
                alpha_[ply + 1], beta_[ply + 1] = -beta_[ply], -alpha_[ply]
            else:
                since_[ply + 1] = 0 if taken >= 0 or m & 1 else since_[ply] + 1
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
        unmake(board, kings, m, cap_[ply])
        if qply_[ply] >= 0:
            mode = NEXT
            if value > best_[ply]:
                best_[ply] = value
            if value > alpha_[ply]:
                alpha_[ply] = value
                if value >= beta_[ply]:
                    i_[ply] = n_[ply]
            continue
        if not won_[ply] and not full_[ply] and alpha_[ply] < value < beta_[ply]:
            make(board, kings, m)  # re-search with the full window
            full_[ply] = True
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
            if quiet_[ply] and not m & 1:
                remember_cutoff(killers, history, ply, m, depth_[ply])
            i_[ply] = n_[ply]


def new_context(
    tt_bits: int, repetitions: dict[int, int], params: tuple[int, int, int, int, int]
) -> tuple:
    """The search's tables: TT keys and (depth, value, flag, move) rows, killers, history,
    the line's keys, the game's positions (sorted keys and how often each occurred), move
    buffers, counters and parameters (repetition_loss, repetition_threshold, stalemate
    loss, plies left before ``max_plies``, quiescence depth)."""
    size = 1 << tt_bits
    keys = np.array(sorted(repetitions), dtype=np.uint64)
    counts = np.array([repetitions[int(k)] for k in keys], dtype=np.int64)
    return (
        np.zeros(size, dtype=np.uint64),
        np.zeros((size, 4), dtype=np.int64),
        np.full((MAX_PLY, 2), -1, dtype=np.int64),
        np.zeros(NUM_ACTIONS, dtype=np.int64),
        np.zeros(MAX_PLY + 1, dtype=np.uint64),
        keys,
        counts,
        np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.array(params, dtype=np.int64),
    )
