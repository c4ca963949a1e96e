"""Shared helpers for the Rook tests: rigged deals, scripted calls, cautious random play."""

from __future__ import annotations

from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook import RookGame, RookState
from kibitz.games.rook.cards import SEAT_LETTERS, parse_card

PRESETS = ("crowsnest", "tournament", "partnership", "one_high", "red1", "buckeye", "dixie")


def deal(
    game: RookGame,
    dealer: int,
    hands: dict[int, list[str]] | None = None,
    nest: list[str] | None = None,
) -> RookState:
    """A state just after the deal: given cards go where asked, the rest fill up in id order."""
    state = game.new_initial_state(0)
    state.apply(dealer)
    return deal_into(state, hands, nest)


def deal_into(
    state: RookState, hands: dict[int, list[str]] | None = None, nest: list[str] | None = None
) -> RookState:
    """Play the chance actions of the deal now due so that ``hands`` and ``nest`` come out."""
    game, dealer = state.game, state.p.dealer
    hands = {s: [parse_card(c) for c in cards] for s, cards in (hands or {}).items()}
    fixed_nest = [parse_card(c) for c in nest or []]
    used = {c for cards in hands.values() for c in cards} | set(fixed_nest)
    spare = [c for c in game.table.cards if c not in used]
    size = game.table.hand_size
    full = {s: list(hands.get(s, [])) for s in range(4)}
    for s in range(4):
        while len(full[s]) < size:
            full[s].append(spare.pop(0))
    order = []
    for k in range(4 * size):
        seat = (dealer + 1 + k) % 4
        order.append(full[seat][k // 4])
    order += fixed_nest + spare
    for card in order:
        state.apply(card)
    assert state.current_player != CHANCE
    return state


def call(state: RookState, script: str) -> None:
    """Apply calls written like ``W 70, N 75, E pass``, checking whose call each one is."""
    for item in script.split(","):
        seat, text = item.split()
        assert state.current_player == SEAT_LETTERS.index(seat), (item, state.current_player)
        state.apply(state.str_to_action("pass" if text == "pass" else f"bid {text}"))


def play_out(state: RookState, rng: Rng, policy=None, max_plies: int = 200_000) -> RookState:
    """Play to the end with ``policy`` (default uniform random)."""
    for _ in range(max_plies):
        if state.is_terminal():
            return state
        if policy is None:
            if state.current_player == CHANCE:
                state.apply(rng.weighted(state.chance_outcomes()))
            else:
                state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(policy(state, rng))
    raise AssertionError("game did not end")
