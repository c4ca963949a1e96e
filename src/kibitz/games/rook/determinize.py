"""Determinizations for search: redeal every card a seat cannot see, consistently with play.

``determinize(state, seat, rng)`` returns a copy of ``state`` in which the other hands, the
nest (unless ``seat`` picked it up), the declarer's discards (unless ``seat`` is the
declarer) and any undealt cards are redrawn uniformly among the deals that ``seat`` cannot
tell from the real one: a player who failed to follow a suit holds none of it (a bird card
or red 1 played "any time" reveals nothing; with ``must_trump_when_void`` a failure to trump
reveals a trump void too). The trump named says something of the declarer's hand too: in
card play, of up to ``TRUMP_TRIES`` draws the first in which the trump is the declarer's
strongest colour (``best_trump`` of its cards and discards, as a bidder reckons) is kept,
and the declarer's drawn discards hold no trump while it keeps a side card (``_keep_trumps``);
``Draws(..., informed=False)`` leaves out both readings of the trump (the draws of level 4
before issue 15, which ``legacy:4`` keeps). Everything is computed from what ``seat`` knows;
unknown cards are sorted before ``rng`` touches them, so equal information states give equal
draws.

The copy's history is rewritten in the same spirit (the seat's own dealt cards as dealt,
other dealt cards in sorted order, the nest as discarded), so it replays to the same position
and holds no hidden card of the real game. It cannot be undone past the point of the draw.
A search that draws many worlds from one position uses ``Draws`` (``draw`` for the copy,
``position`` for the drawn position alone, the same draw from the same generator); the
shuffles and the trump test run compiled (``fast.deal_group``, ``fast.best_trump``).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from kibitz.core.rng import Rng
from kibitz.games.rook.actions import DISCARD0, TRUMP0
from kibitz.games.rook.cards import bits
from kibitz.games.rook.position import DEAL, DEALER, DISCARD, PLAY, Position

if TYPE_CHECKING:
    from kibitz.games.rook.game import RookGame
    from kibitz.games.rook.state import RookState

TRUMP_TRIES = 12
"""Draws tried for a declarer's hand in which the named trump is its strongest colour."""
NEST = 4
"""Slot index of the nest (or the discards once the nest was picked up)."""
UNDEALT = 5
"""Slot index of the cards not dealt yet (only during the deal)."""


def void_suits(state: RookState) -> list[int]:
    """Per seat, a bit mask of the effective suits it has shown it holds none of this hand."""
    p, table = state.p, state.table
    voids = [0, 0, 0, 0]
    if p.trump < 0:
        return voids
    suit_of, trump = table.suit_of[p.trump], p.trump
    anytime = table.anytime_mask
    must_trump = state.rules.must_trump_when_void
    tricks = [(t.leader, t.cards) for t in p.tricks]
    if p.trick:
        tricks.append((p.leader, p.trick))
    for leader, cards in tricks:
        led = suit_of[cards[0]]
        for i in range(1, len(cards)):
            c = cards[i]
            s = suit_of[c]
            if s == led or anytime >> c & 1:
                continue
            seat = (leader + i) & 3
            voids[seat] |= 1 << led
            if must_trump and s != trump:
                voids[seat] |= 1 << trump
    return voids


def played_by_seat(state: RookState) -> list[int]:
    """Per seat, the mask of cards it has played this hand (public)."""
    p = state.p
    out = [0, 0, 0, 0]
    tricks = [(t.leader, t.cards) for t in p.tricks]
    if p.trick:
        tricks.append((p.leader, p.trick))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            out[(leader + i) & 3] |= 1 << c
    return out


# -- uniform sampling of a constrained deal -----------------------------------------------
def _compositions(k: int, caps: tuple[int, ...], allowed: int, j: int = 0):
    """Every way to split ``k`` cards over slots ``j..`` within ``caps``, allowed slots only."""
    if j == len(caps):
        if k == 0:
            yield ()
        return
    top = min(k, caps[j]) if allowed >> j & 1 else 0
    for n in range(top + 1):
        for rest in _compositions(k - n, caps, allowed, j + 1):
            yield (n, *rest)


def _multinomial(k: int, parts: tuple[int, ...]) -> int:
    out = 1
    for n in parts:
        out *= comb(k, n)
        k -= n
    return out


@lru_cache(maxsize=4096)
def _ways(groups: tuple[tuple[int, int], ...], caps: tuple[int, ...]) -> int:
    """The number of card-by-card deals of ``groups`` ((size, allowed slots), ...) into caps."""
    if not groups:
        return 0 if any(caps) else 1
    return _splits(groups, caps)[1]


@lru_cache(maxsize=4096)
def _splits(
    groups: tuple[tuple[int, int], ...], caps: tuple[int, ...]
) -> tuple[tuple[tuple[np.ndarray, tuple[int, ...], int], ...], int]:
    """Ways to split the first group over the slots (counts as an array for the compiled
    deal, caps left, deals that follow), and the deals of them all."""
    (k, allowed), rest = groups[0], groups[1:]
    out = []
    for parts in _compositions(k, caps, allowed):
        left = tuple(c - n for c, n in zip(caps, parts, strict=True))
        weight = _multinomial(k, parts) * _ways(rest, left)
        if weight:
            out.append((np.array(parts, dtype=np.int64), left, weight))
    return tuple(out), sum(w for _, _, w in out)


class Grouping:
    """Grouped cards prepared for many uniform deals (``sample_deal``): the groups' sizes and
    slots, their cards as arrays for the compiled shuffle, the slots' sizes."""

    __slots__ = ("caps", "cards", "fits", "groups")

    def __init__(self, cards_by_group: list[tuple[list[int], int]], caps: list[int]) -> None:
        """``cards_by_group``: ``[(sorted cards, allowed slot mask), ...]``."""
        self.groups = tuple((len(cards), allowed) for cards, allowed in cards_by_group)
        self.cards = [np.array(cards, dtype=np.int64) for cards, _ in cards_by_group]
        self.caps = tuple(caps)
        self.fits = _ways(self.groups, self.caps) > 0


def sample_deal(grouping: Grouping, rng: Rng) -> list[int] | None:
    """A uniform deal of the grouped cards into the grouping's slots, as slot masks;
    None if no deal fits.

    Group by group, the counts per slot are drawn in proportion to the deals they leave, and
    the group's cards are shuffled (``rng.shuffle``, compiled: ``fast.deal_group``) and dealt
    in slot order.
    """
    from kibitz.games.rook.fast import deal_group

    if not grouping.fits:
        return None
    groups, left = grouping.groups, grouping.caps
    masks = np.zeros(len(left), dtype=np.int64)
    for g, cards in enumerate(grouping.cards):
        options, total = _splits(groups[g:], left)
        pick = rng.random() * total
        parts, left = options[-1][0], options[-1][1]
        for option in options:
            pick -= option[2]
            if pick < 0:
                parts, left = option[0], option[1]
                break
        rng.state = int(deal_group(np.uint64(rng.state), cards, parts, masks))
    return masks.tolist()


# -- the seat's view of the current deal ----------------------------------------------------
def deal_start(state: RookState) -> int:
    """Index in the history of the first action of the current deal."""
    p = state.p
    n = p.dealt + len(p.calls) + p.discards.bit_count() + (p.trump >= 0)
    return len(state.history) - n - 4 * len(p.tricks) - len(p.trick)


def _slot_seat(dealer: int, k: int, hand_size: int) -> int:
    """The seat (or NEST) that deal action ``k`` of a deal gives its card to."""
    return (dealer + 1 + k) & 3 if k < 4 * hand_size else NEST


def _deal_actions(
    dealer: int, seat: int, real: list[int], given: list[int], hand_size: int
) -> list[int]:
    """Deal actions: ``seat``'s own as dealt, every other slot's cards (``given``) ascending."""
    queues = [bits(m) for m in given]
    out = []
    for k, action in enumerate(real):
        target = _slot_seat(dealer, k, hand_size)
        out.append(action if target == seat else queues[target].pop(0))
    return out


class Draws:
    """The deals ``seat`` cannot tell from the real one at ``state``, drawn one at a time (see
    the module doc): what every draw shares (the seat's view, the unknown cards grouped by
    the slots they may go to) is reckoned once, so a search drawing many pays it once.
    ``informed`` reads the named trump (the module doc); without it, draws are uniform among
    the deals consistent with the voids shown."""

    def __init__(self, state: RookState, seat: int, informed: bool = True) -> None:
        p, table = state.p, state.table
        self.state, self.seat = state, seat
        self.played = played = played_by_seat(state)
        all_played = played[0] | played[1] | played[2] | played[3]
        declarer = p.declarer
        self.picked = picked = bool(p.nest_taken)
        self.knows_nest = knows_nest = declarer == seat and picked
        self.merge = merge = p.phase == DISCARD and not knows_nest
        caps = [p.hands[o].bit_count() if o != seat else 0 for o in range(4)]
        caps.append(0 if knows_nest or merge else p.nest.bit_count())
        caps.append(p.undealt.bit_count() if p.phase == DEAL else 0)
        if merge:
            caps[declarer] += p.discards.bit_count()
        known = p.hands[seat] | all_played | (p.nest if knows_nest else 0)
        unknown = table.deck_mask & ~known if p.phase != DEALER else 0
        self.voids = voids = void_suits(state)
        strict_nest = (
            not state.rules.nest_counters_allowed and bool(p.nest_taken) and p.phase != DISCARD
        )
        self.groupings = [
            Grouping(_grouping(state, unknown, caps, voids, strict), caps)
            for strict in ((True, False) if strict_nest else (False,))
        ]
        self.try_trump = informed and p.phase == PLAY and declarer not in (-1, seat)
        if self.try_trump:
            from kibitz.games.rook import fast

            _, suit_mask, power, points, _ = fast.tables(table, False)
            self.trump_of = lambda held: fast.best_trump(suit_mask, power, points, held)
            """The declarer's strongest colour in ``held`` (``fast.best_trump``)."""
        self.keep_trumps = informed and p.phase == PLAY and declarer != seat and picked

    def masks(self, rng: Rng) -> list[int]:
        """Slot masks of the unknown cards: uniform among deals respecting voids (and the
        rule that the discards hold no counters, when the game says so and a counter-free
        set fits)."""
        for grouping in self.groupings:
            masks = sample_deal(grouping, rng)
            if masks is not None:
                return masks
        raise AssertionError(f"no deal fits what seat {self.seat} has seen")  # the real one fits

    def position(self, rng: Rng) -> Position:
        """The position of one draw: every card hidden from the seat redrawn."""
        state, seat, played = self.state, self.seat, self.played
        p, table = state.p, state.table
        declarer = p.declarer
        masks = self.masks(rng)
        if self.try_trump:
            for _ in range(TRUMP_TRIES - 1):
                if self.trump_of(masks[declarer] | played[declarer] | masks[NEST]) == p.trump:
                    break
                masks = self.masks(rng)
        if self.keep_trumps:
            _keep_trumps(state, masks, self.voids)
        hands = [masks[o] if o != seat else p.hands[seat] for o in range(4)]
        nest, discards, nest_taken = masks[NEST], p.discards, p.nest_taken
        if self.knows_nest:
            nest = p.nest
        elif self.merge:
            discards = _lowest_discards(state, hands[declarer])
            hands[declarer] &= ~discards
            nest = discards
        elif self.picked:
            discards = nest
        if self.picked and not self.knows_nest:
            held_cards = bits(hands[declarer] | played[declarer] | discards)
            rng.shuffle(held_cards)
            nest_taken = sum(1 << c for c in held_cards[: table.nest_size])
        q = p.copy()
        q.hands = (hands[0], hands[1], hands[2], hands[3])
        q.nest, q.discards, q.nest_taken = nest, discards, nest_taken
        q.last_discard = max(bits(discards)) if discards else -1
        if p.phase == DEAL:
            q.undealt = masks[UNDEALT]
        return q

    def draw(self, rng: Rng) -> RookState:
        """A copy of the state with every card hidden from the seat redrawn, its history
        rewritten to match (it replays to the drawn position and holds no hidden card)."""
        state, seat = self.state, self.seat
        q = self.position(rng)
        start = deal_start(state)
        prefix = fictional_prefix(state.game, seat, tuple(state.history[:start]))
        det = state.clone()
        det.p = q
        det.seed = None
        det._stack = []
        det.history = prefix + _current_actions(state, seat, start, q)
        det._floor = len(det.history)
        return det


def determinize(state: RookState, seat: int, rng: Rng) -> RookState:
    """A copy of ``state`` with every card hidden from ``seat`` redrawn (see module doc)."""
    return Draws(state, seat).draw(rng)


def _grouping(
    state: RookState, unknown: int, caps: list[int], voids: list[int], strict: bool
) -> list[tuple[list[int], int]]:
    """The unknown cards grouped by the slots each may go to (``sample_deal``'s groups): not
    a seat void in its suit, nor (``strict``) the discards for a card with points."""
    p, table = state.p, state.table
    suit_of = table.suit_of[p.trump] if p.trump >= 0 else None
    groups: dict[int, list[int]] = {}
    for c in bits(unknown):
        allowed = 0
        for slot, cap in enumerate(caps):
            if not cap:
                continue
            if slot < 4 and suit_of is not None and voids[slot] >> suit_of[c] & 1:
                continue
            if slot == NEST and strict and table.points[c]:
                continue
            allowed |= 1 << slot
        groups.setdefault(allowed, []).append(c)
    return sorted((cards, a) for a, cards in groups.items())


def _keep_trumps(state: RookState, masks: list[int], voids: list[int]) -> None:
    """Make the declarer's drawn discards (``masks[NEST]``) as a declarer's are: no trump
    laid away while it keeps a side card. Each discarded trump, highest first, trades places
    with the declarer's cheapest side card (one without points where the rules keep counters
    out of the discards), unless it has shown a trump void (``voids``: ``void_suits``)."""
    p, table = state.p, state.table
    declarer, trump = p.declarer, p.trump
    if voids[declarer] >> trump & 1:
        return
    trumps = table.suit_mask[trump][trump]
    counters_out = not state.rules.nest_counters_allowed
    side = [
        c for c in bits(masks[declarer] & ~trumps) if not (counters_out and table.points[c])
    ]
    side.sort(key=lambda c: (table.points[c], table.power[c]), reverse=True)
    for t in sorted(bits(masks[NEST] & trumps), key=lambda c: -table.power[c]):
        if not side:
            break
        swap = (1 << t) | (1 << side.pop())
        masks[NEST] ^= swap
        masks[declarer] ^= swap


def _lowest_discards(state: RookState, pool: int) -> int:
    """The discards so far, rebuilt as the lowest legal ones from the declarer's ``pool``."""
    p = state.p
    probe = state.clone()
    q = p.copy()
    hands = list(p.hands)
    hands[p.declarer] = pool
    q.hands = (hands[0], hands[1], hands[2], hands[3])
    q.discards, q.nest, q.last_discard = 0, 0, -1
    probe.p = q
    for _ in range(p.discards.bit_count()):
        probe.p = probe.p.copy()
        probe._discard(probe.p, probe.legal_actions()[0] - DISCARD0)
    return probe.p.discards


def _current_actions(state: RookState, seat: int, start: int, q: Position) -> list[int]:
    """The current deal's actions as they would read in the determinization ``q``."""
    p, table = state.p, state.table
    real = state.history[start:]
    played = played_by_seat(state)
    given = [q.hands[o] | played[o] for o in range(4)]
    if p.declarer >= 0 and q.nest_taken:
        d = p.declarer
        given[d] = (given[d] | q.discards) & ~q.nest_taken
        given.append(q.nest_taken)
    else:
        given.append(q.nest)
    out = _deal_actions(p.dealer, seat, real[: p.dealt], given, table.hand_size)
    own_discards = p.declarer == seat
    queue = [DISCARD0 + c for c in bits(q.discards)]
    for action in real[p.dealt :]:
        if DISCARD0 <= action < TRUMP0 and not own_discards:
            out.append(queue.pop(0))
        else:
            out.append(action)
    return out


@lru_cache(maxsize=64)
def fictional_prefix(game: RookGame, seat: int, prefix: tuple[int, ...]) -> list[int]:
    """Earlier deals' actions with every card ``seat`` never saw placed canonically.

    In a played hand each other seat is dealt the cards it played and the nest is dealt
    the discards (unless ``seat`` declared and saw the real nest); in a passed-out deal the
    cards ``seat`` did not hold go out in ascending order. Replays to the same public story.
    """
    replay = game.new_initial_state(None)
    hand_size = game.table.hand_size
    out = list(prefix)
    deals: list[list] = []  # [start, dealer, own mask, played per seat, declarer, taken, discards]
    for i, action in enumerate(prefix):
        q = replay.p
        if q.phase == DEAL:
            if q.dealt == 0:
                deals.append([i, q.dealer, 0, [0, 0, 0, 0], -1, 0, 0])
            if _slot_seat(q.dealer, q.dealt, hand_size) == seat:
                deals[-1][2] |= 1 << action
        elif q.phase == PLAY:
            deals[-1][3][q.to_act] |= 1 << action
            deals[-1][4:] = [q.declarer, q.nest_taken, q.discards]
        replay.push(action)
    size = len(game.table.cards)
    for first, dealer, own, played, declarer, taken, discards in deals:
        real = out[first : first + size]
        out[first : first + size] = _past_deal(
            game, seat, dealer, real, own, played, declarer, taken, discards
        )
    return out


def _past_deal(
    game: RookGame,
    seat: int,
    dealer: int,
    deal: list[int],
    own: int,
    played: list[int],
    declarer: int,
    nest_taken: int,
    discards: int,
) -> list[int]:
    """The deal actions of a finished earlier deal, as ``seat`` may know them."""
    table = game.table
    if any(played):
        given = [played[o] for o in range(4)]
        given.append(discards if declarer >= 0 and declarer != seat else nest_taken)
        return _deal_actions(dealer, seat, deal, given, table.hand_size)
    rest = bits(table.deck_mask & ~own)
    out = []
    for k, action in enumerate(deal):
        out.append(action if _slot_seat(dealer, k, table.hand_size) == seat else rest.pop(0))
    return out
