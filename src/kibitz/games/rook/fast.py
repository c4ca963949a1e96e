"""The compiled Rook card-play core (numba): the playout policy, hand playouts, scoring and the
team alpha-beta of PIMC card play, on 64-bit card masks; and the inner steps of drawing a
determinization (a group of cards shuffled and dealt, a hand's best trump).

It computes exactly what ``playout.py``, ``scoring.py`` and ``agent.lookahead`` compute in
Python (the rules reference; ``tests/games/rook/test_fast.py`` compares them), many times
faster, so that level 4 can afford more samples and a deeper lookahead in its 5 s.
Functions are compiled on first use and cached on disk (``cache=True``), except the
recursive lookahead, compiled once a process (numba's cache may crash loading recursion).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from kibitz.games.rook.cards import NUM_CARDS
from kibitz.games.rook.presets import Rules
from kibitz.games.rook.table import Table

BONUS_NONE, BONUS_LAST_TRICK, BONUS_MOST_TRICKS = 0, 1, 2
"""The kinds of the hand's bonus (``Rules.bonus``) in ``scoring``'s array."""

Tables = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""``(suit_of, suit_mask, power, points, flags)``: ``suit_of[trump, card]``,
``suit_mask[trump, suit]``, per-card power and points, and ``flags`` = [the mask of cards
playable at any time, whether a void player must trump]."""


@lru_cache(maxsize=64)
def tables(table: Table, must_trump: bool) -> Tables:
    """The arrays of one rule set's ``Table`` (built once per table)."""
    return (
        np.array(table.suit_of, dtype=np.int64),
        np.array(table.suit_mask, dtype=np.int64),
        np.array(table.power, dtype=np.int64),
        np.array(table.points, dtype=np.int64),
        np.array([table.anytime_mask, int(must_trump)], dtype=np.int64),
    )


def scoring(
    rules: Rules, table: Table, declarer: int, contract: int, nest_points: int
) -> np.ndarray:
    """The parameters of ``score_hand`` and ``change_values`` for one hand, as an array:
    the declaring team, the contract, the nest's points, the bonus's kind and points, whether
    a most-tricks tie splits it, whether the nest goes to the last trick, whether a made
    contract scores the bid, and the points a hand holds."""
    bonus = {"none": BONUS_NONE, "last_trick": BONUS_LAST_TRICK, "most_tricks": BONUS_MOST_TRICKS}
    return np.array(
        [
            declarer & 1,
            contract,
            nest_points,
            bonus[rules.bonus],
            rules.bonus_points,
            int(rules.most_tricks_tie == "split"),
            int(rules.nest_points_to == "last_trick"),
            int(rules.made_scores == "bid"),
            table.total,
        ],
        dtype=np.int64,
    )


@njit(cache=True)
def legal_mask(tb, trump, hand, led):
    """``tricks.legal_plays``: the cards of ``hand`` that may go on a trick led by ``led``."""
    if led < 0:
        return hand
    suit_of, suit_mask, flags = tb[0], tb[1], tb[4]
    follow = hand & suit_mask[trump, suit_of[trump, led]]
    if follow:
        return follow | (hand & flags[0])
    if flags[1]:
        trumps = hand & suit_mask[trump, trump]
        if trumps:
            return trumps
    return hand


@njit(cache=True)
def _beats(tb, trump, card, best, best_suit):
    s = tb[0][trump, card]
    if s == best_suit:
        return tb[2][card] > tb[2][best]
    return s == trump


@njit(cache=True)
def _cheap(tb, trump, card):
    """``playout._cheap`` as one integer key."""
    t = 1 if tb[0][trump, card] == trump else 0
    return (tb[3][card] << 20) + (t << 10) + tb[2][card]


@njit(cache=True)
def _cheapest(tb, trump, legal):
    best, key = -1, 1 << 62
    m = legal
    while m:
        c = _low(m)
        m &= m - 1
        k = _cheap(tb, trump, c)
        if k < key:
            best, key = c, k
    return best


@njit(cache=True)
def _low(mask):
    """The lowest card id in a non-empty mask."""
    low = mask & -mask
    c = 0
    while low > 1:
        low >>= 1
        c += 1
    return c


@njit(cache=True)
def _safe(tb, trump, hands, seat, n_trick, led, card, card_suit):
    """No opponent still to play on this trick can beat ``card``."""
    for k in range(1, 4 - n_trick):
        s = (seat + k) & 3
        if not ((s ^ seat) & 1):
            continue
        m = legal_mask(tb, trump, hands[s], led)
        while m:
            c = _low(m)
            m &= m - 1
            if _beats(tb, trump, c, card, card_suit):
                return False
    return True


@njit(cache=True)
def _lead(tb, trump, hands, seat, legal):
    suit_of, power, points = tb[0], tb[2], tb[3]
    best, key = -1, -1
    m = legal
    while m:
        card = _low(m)
        m &= m - 1
        s = suit_of[trump, card]
        ok = True
        for o in ((seat + 1) & 3, (seat + 3) & 3):
            r = legal_mask(tb, trump, hands[o], card)
            while r:
                c = _low(r)
                r &= r - 1
                if _beats(tb, trump, c, card, s):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            k = (points[card] << 20) + ((1 if s != trump else 0) << 10) + power[card]
            if k > key:
                best, key = card, k
    if best >= 0:
        return best
    return _cheapest(tb, trump, legal)


@njit(cache=True)
def policy_card(tb, trump, hands, seat, leader, trick, n_trick):
    """``playout.policy_card``: the policy's card for ``seat``, every hand visible."""
    suit_of, power, points = tb[0], tb[2], tb[3]
    led = trick[0] if n_trick else -1
    legal = legal_mask(tb, trump, hands[seat], led)
    if legal & (legal - 1) == 0:
        return _low(legal)
    if n_trick == 0:
        return _lead(tb, trump, hands, seat, legal)
    best_i = 0
    best_suit = suit_of[trump, trick[0]]
    for i in range(1, n_trick):
        if _beats(tb, trump, trick[i], trick[best_i], best_suit):
            best_i, best_suit = i, suit_of[trump, trick[i]]
    best = trick[best_i]
    if (leader + best_i) & 3 == seat ^ 2:
        if _safe(tb, trump, hands, seat, n_trick, led, best, best_suit):
            out, key = -1, -1
            m = legal
            while m:
                c = _low(m)
                m &= m - 1
                t = 1 if suit_of[trump, c] == trump else 0
                k = (points[c] << 20) + ((1 - t) << 10) + (1023 - power[c])
                if k > key:
                    out, key = c, k
            return out
        return _cheapest(tb, trump, legal)
    out, key = -1, 1 << 62
    m = legal
    while m:
        c = _low(m)
        m &= m - 1
        if _beats(tb, trump, c, best, best_suit) and _safe(
            tb, trump, hands, seat, n_trick, led, c, suit_of[trump, c]
        ):
            t = 1 if suit_of[trump, c] == trump else 0
            k = (t << 20) + (power[c] << 10) + (1023 - points[c])
            if k < key:
                out, key = c, k
    if out >= 0:
        return out
    return _cheapest(tb, trump, legal)


@njit(cache=True)
def trick_winner(tb, trump, trick):
    """``tricks.trick_winner``: the index of the winning card of a full trick."""
    suit_of, power = tb[0], tb[2]
    best = 0
    best_suit = suit_of[trump, trick[0]]
    for i in range(1, 4):
        c = trick[i]
        s = suit_of[trump, c]
        if s == best_suit:
            if power[c] > power[trick[best]]:
                best = i
        elif s == trump:
            best, best_suit = i, s
    return best


@njit(cache=True)
def playout(tb, trump, hands, leader, trick, n_trick, won, taken):
    """``playout.playout``: the hand played out by the policy, ``hands``, ``trick``, ``won``
    and ``taken`` updated in place; the last trick's team (-1 if no trick was completed)."""
    points = tb[3]
    last_team = -1
    while hands[0] | hands[1] | hands[2] | hands[3]:
        seat = (leader + n_trick) & 3
        card = policy_card(tb, trump, hands, seat, leader, trick, n_trick)
        hands[seat] &= ~(np.int64(1) << card)
        trick[n_trick] = card
        n_trick += 1
        if n_trick == 4:
            winner = (leader + trick_winner(tb, trump, trick)) & 3
            team = winner & 1
            won[team] += 1
            taken[team] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            last_team = team
            leader = winner
            n_trick = 0
    return last_team


@njit(cache=True)
def hand_value(sc, taken, won, last_team):
    """North-South's ``hand_values`` of a finished hand (East-West's is its negative)."""
    declaring, contract, nest_points = sc[0], sc[1], sc[2]
    bonus = np.zeros(2, dtype=np.int64)
    if sc[3] == BONUS_LAST_TRICK:
        bonus[0 if last_team == 0 else 1] = sc[4]
    elif sc[3] == BONUS_MOST_TRICKS:
        if won[0] != won[1]:
            bonus[0 if won[0] > won[1] else 1] = sc[4]
        elif sc[5]:
            bonus[0] = sc[4] // 2
            bonus[1] = sc[4] // 2
    nest_to = last_team if sc[6] else declaring
    pts = np.zeros(2, dtype=np.int64)
    for t in range(2):
        pts[t] = taken[t] + bonus[t] + (nest_points if t == nest_to else 0)
    change = np.zeros(2, dtype=np.int64)
    change[1 - declaring] = pts[1 - declaring]
    if pts[declaring] >= contract:
        change[declaring] = contract if sc[7] else pts[declaring]
    else:
        change[declaring] = -contract
    diff = change[0] - change[1]
    sign = 1.0 if diff > 0 else (-1.0 if diff < 0 else 0.0)
    return 0.5 * sign + 0.5 * max(-1.0, min(1.0, diff / sc[8]))


@njit(cache=True)
def played_out(tb, sc, trump, hands, leader, trick, n_trick, won, taken, last):
    """North-South's value of the hand played out by the policy from here (copies its
    arguments); ``last`` is the last trick's team if no trick is left to play."""
    h = hands.copy()
    t = trick.copy()
    w = won.copy()
    k = taken.copy()
    team = playout(tb, trump, h, leader, t, n_trick, w, k)
    if team >= 0:
        last = team
    return hand_value(sc, k, w, last)


@njit(cache=True)
def _play(tb, trump, hands, trick, n_trick, won, taken, leader, seat, card):
    """``seat`` plays ``card`` on copies of the position: the copies, the next card's
    leader and trick length, and the team that won the trick it closed (-1 if none)."""
    h = hands.copy()
    t = trick.copy()
    w = won.copy()
    k = taken.copy()
    h[seat] &= ~(np.int64(1) << card)
    t[n_trick] = card
    n = n_trick + 1
    if n < 4:
        return h, t, n, w, k, leader, -1
    winner = (leader + trick_winner(tb, trump, t)) & 3
    w[winner & 1] += 1
    k[winner & 1] += tb[3][t[0]] + tb[3][t[1]] + tb[3][t[2]] + tb[3][t[3]]
    return h, t, 0, w, k, winner, winner & 1


@njit  # not cached: numba's disk cache may crash loading a recursive function (numba#6061)
def _search(tb, sc, trump, hands, leader, trick, n_trick, won, taken, last, team, plies,
            alpha, beta):  # fmt: skip
    """``agent.lookahead`` on masks: ``team``'s value searched ``plies`` cards deep, each side
    playing for its team (the policy's card first), leaves valued by the policy's playout."""
    left = hands[0] | hands[1] | hands[2] | hands[3]
    if plies <= 0 or left == 0:
        v = played_out(tb, sc, trump, hands, leader, trick, n_trick, won, taken, last)
        return v if team == 0 else -v
    seat = (leader + n_trick) & 3
    led = trick[0] if n_trick else -1
    legal = legal_mask(tb, trump, hands[seat], led)
    card = policy_card(tb, trump, hands, seat, leader, trick, n_trick)
    rest = legal & ~(np.int64(1) << card)
    ours = (seat & 1) == team
    best = -2.0 if ours else 2.0
    while True:
        h, t, n, w, k, lead, closed = _play(
            tb, trump, hands, trick, n_trick, won, taken, leader, seat, card
        )
        v = _search(tb, sc, trump, h, lead, t, n, w, k, last if closed < 0 else closed, team,
                    plies - 1, alpha, beta)  # fmt: skip
        if ours:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta or rest == 0:
            break
        card = _low(rest)
        rest &= rest - 1
    return best


@njit(cache=True)
def card_values(tb, sc, trump, hands, leader, trick, n_trick, won, taken, seat, cards):
    """``agent.card_value`` of each of ``cards`` on one sample: the value for ``seat``'s team
    of the card, then the policy's playout."""
    out = np.empty(len(cards), dtype=np.float64)
    for i in range(len(cards)):
        h, t, n, w, k, lead, _ = _play(
            tb, trump, hands, trick, n_trick, won, taken, leader, seat, cards[i]
        )
        v = played_out(tb, sc, trump, h, lead, t, n, w, k, lead & 1)
        out[i] = v if seat & 1 == 0 else -v
    return out


@njit  # not cached, as it calls the recursive ``_search``
def lookahead_values(tb, sc, trump, hands, leader, trick, n_trick, won, taken, last, seat,
                     cards, depth):  # fmt: skip
    """The value for ``seat``'s team of each of ``cards`` on one sample by the team alpha-beta
    of ``depth`` cards, the card first, as ``agent.lookahead`` searches it after the card."""
    out = np.empty(len(cards), dtype=np.float64)
    for i in range(len(cards)):
        h, t, n, w, k, lead, closed = _play(
            tb, trump, hands, trick, n_trick, won, taken, leader, seat, cards[i]
        )
        out[i] = _search(tb, sc, trump, h, lead, t, n, w, k, last if closed < 0 else closed,
                         seat & 1, depth - 1, -2.0, 2.0)  # fmt: skip
    return out


def fast_playout(
    table: Table,
    must_trump: bool,
    trump: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    won: list[int],
    taken: list[int],
) -> int:
    """``playout.playout`` with the same arguments and effects, compiled."""
    h = np.array(hands, dtype=np.int64)
    t = np.zeros(4, dtype=np.int64)
    t[: len(trick)] = trick
    w = np.array(won, dtype=np.int64)
    k = np.array(taken, dtype=np.int64)
    last = playout(tables(table, must_trump), trump, h, leader, t, len(trick), w, k)
    hands[:] = [0] * 4
    trick.clear()
    won[:] = [int(w[0]), int(w[1])]
    taken[:] = [int(k[0]), int(k[1])]
    return int(last)


assert NUM_CARDS < 64  # every card mask fits in an int64


# -- determinizations ----------------------------------------------------------------------
@njit(cache=True)
def _splitmix(state):
    """``Rng.next_u64``: the generator's next state and output (uint64 arithmetic wraps)."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True)
def deal_group(state, cards, parts, masks):
    """``cards`` shuffled as ``Rng.shuffle`` shuffles them from the generator state
    ``state``, then dealt in order: the first ``parts[0]`` to ``masks[0]``, and so on; the
    generator's state after the shuffle."""
    cards = cards.copy()
    for i in range(len(cards) - 1, 0, -1):
        n = np.uint64(i + 1)
        rest = (np.uint64(0) - n) % n  # 2**64 % n: draws at or above 2**64 - rest are redrawn
        while True:
            state, x = _splitmix(state)
            if rest == 0 or x < np.uint64(0) - rest:
                break
        j = np.int64(x % n)
        cards[i], cards[j] = cards[j], cards[i]
    k = 0
    for slot in range(len(parts)):
        for _ in range(parts[slot]):
            masks[slot] |= np.int64(1) << cards[k]
            k += 1
    return state


@njit(cache=True)
def best_trump(suit_mask, power, points, held):
    """``playout.best_trump``: the colour with the greatest trump strength in ``held``
    (length first, then power and points; the first such colour)."""
    best, best_strength = 0, -1
    for t in range(4):
        mask = held & suit_mask[t, t]
        n, total_power, total_points = 0, 0, 0
        while mask:
            c = _low(mask)
            mask &= mask - 1
            n += 1
            total_power += power[c]
            total_points += points[c]
        strength = 12 * n + total_power // 2 + total_points // 5
        if strength > best_strength:
            best, best_strength = t, strength
    return best
