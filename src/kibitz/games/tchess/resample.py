"""Determinizations: the other seat's hidden cards redrawn from what one seat knows.

A seat knows the other seat's pool (hand and deck together: its cards not on the table or in
its discard pile), its hand size, and the cards it certainly holds (cards that went back to
its hand in step 2 or 3 and may not have been played since). The rest of its hand is drawn
from the pool. The copy's history is rewritten to match: every hidden draw gets a letter
(the letters the other seat laid or lost from hidden draws first, then its sampled hand), so
the copy serializes, reads back and replays to the same position. A position-started game
gets a start position with the other hand redrawn the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kibitz.core.rng import Rng
from kibitz.games.tchess import position
from kibitz.games.tchess.phases import DEAL

if TYPE_CHECKING:
    from kibitz.games.tchess.rules import TchessState


def _hidden_slots(
    state: TchessState, seat: int
) -> tuple[int, list[int | None], list[int], list[int]]:
    """The other seat's hidden cards as slots: its start hand, then each draw, in order.

    Returns the start hand's size, the slots' letters as far as public events fix them (a
    card laid or stolen that no certainly-held card accounts for came from some hidden slot
    still in hand), the slots still in hand with no letter fixed, and the letters it
    certainly holds.
    """
    opp = 1 - seat
    log = [e for e in state.log if e[0] in ("draw", "play", "steal", "return") and e[1] == opp]
    draws = sum(1 for e in log if e[0] == "draw")
    gone = sum(1 for e in log if e[0] in ("play", "steal"))
    back = sum(len(e[2]) for e in log if e[0] == "return")
    start = state.hand_size[opp] - draws + gone - back
    slots: list[int | None] = [None] * (start + draws)
    in_hand = list(range(start))
    certain = [0] * state.num_letters
    drawn = start
    for kind, _, card in log:
        if kind == "draw":
            in_hand.append(drawn)
            drawn += 1
        elif kind == "return":
            for c in card:
                certain[c] += 1
        elif certain[card]:
            certain[card] -= 1
        else:
            slots[in_hand.pop()] = card
    return start, slots, in_hand, certain


def resample(state: TchessState, seat: int, rng: Rng) -> TchessState:
    """A copy of ``state`` in which the other seat's hidden cards are redrawn (module doc)."""
    opp = 1 - seat
    n = state.num_letters
    start, slots, open_slots, certain = _hidden_slots(state, seat)
    pool = [h + d for h, d in zip(state.hands[opp], state.decks[opp], strict=True)]
    free = [c for c in range(n) for _ in range(pool[c] - certain[c])]
    rng.shuffle(free)
    hand = certain[:]
    for slot, card in zip(open_slots, free[: len(open_slots)], strict=True):
        slots[slot] = card
        hand[card] += 1
    other = state.clone()
    other.hands[opp] = hand
    other.decks[opp] = [p - h for p, h in zip(pool, hand, strict=True)]
    fiction = iter(slots[start:])
    history = other.history
    for i, (stage, who) in enumerate(state._plies):
        if stage == DEAL and who == opp:
            history[i] = next(fiction)  # type: ignore[assignment]
    fiction = iter(slots[start:])
    other.log = [
        ("draw", opp, next(fiction)) if e[0] == "draw" and e[1] == opp else e for e in state.log
    ]
    if state.start_position is not None:
        other.start_position = _start_position(state, opp, slots[:start])  # type: ignore[arg-type]
    other._undo_stack = []
    other._undo_floor = len(history)
    return other


def _start_position(state: TchessState, opp: int, hand_cards: list[int]) -> str:
    """The start position with ``opp``'s hand replaced by ``hand_cards`` from its pool."""
    start = state.game.new_state_from_position(state.start_position)  # type: ignore[arg-type]
    pool = [h + d for h, d in zip(start.hands[opp], start.decks[opp], strict=True)]
    hand = [0] * state.num_letters
    for c in hand_cards:
        hand[c] += 1
    start.hands[opp] = hand
    start.decks[opp] = [p - h for p, h in zip(pool, hand, strict=True)]
    return position.dump(start)
