"""Hidden information (spec section 5): no observation leaks a card its seat may not see."""

from __future__ import annotations

import json

import numpy as np
import pytest
from rook_testing import PRESETS, call, deal, deal_into

import kibitz
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import DISCARD0
from kibitz.games.rook.cards import bits, card_str, parse_card
from kibitz.games.rook.policies import cautious_action
from kibitz.games.rook.position import DEAL, DEALER

SOUTH, WEST, NORTH, EAST = range(4)


def _hidden_pool(state, seat: int | None) -> list[int]:
    """Cards ``seat`` (None: a spectator) cannot see: others' hands, undealt cards, and the
    nest unless it is the declarer who picked it up."""
    p = state.p
    pool = p.undealt
    for s in range(4):
        if s != seat:
            pool |= p.hands[s]
    if not (p.declarer == seat and p.nest_taken):
        pool |= p.nest
    return bits(pool)


def _relabel(state, seat: int | None, rng: Rng):
    """A copy of ``state`` whose hidden cards are shuffled among their hidden places."""
    pool = _hidden_pool(state, seat)
    shuffled = list(pool)
    rng.shuffle(shuffled)
    sigma = dict(zip(pool, shuffled, strict=True))

    def move(mask: int) -> int:
        return sum(1 << sigma.get(c, c) for c in bits(mask))

    other = state.clone()
    p = other.p.copy()
    p.hands = tuple(move(h) for h in p.hands)
    p.nest, p.undealt = move(p.nest), move(p.undealt)
    p.nest_taken, p.discards = move(p.nest_taken), move(p.discards)
    p.last_discard = sigma.get(p.last_discard, p.last_discard)
    other.p = p
    return other, pool != shuffled


def _views(state, seat: int | None):
    if seat is None:  # a spectator has no tensor, and render(None) shows everything
        return json.dumps(state.observation(None), sort_keys=True)
    return (
        json.dumps(state.observation(seat), sort_keys=True),
        state.render(seat),
        state.observation_tensor(seat).tobytes(),
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_observation_is_blind_to_hidden_cards(preset: str) -> None:
    """Over many random games, shuffling a seat's hidden cards never changes its view."""
    game = kibitz.load("rook", preset=preset, max_deals=3)
    rng, changed = Rng(hash(preset) & 0xFFFF), 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        policy_rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0 and state.p.phase != DEALER:
                for seat in (*range(4), None):
                    other, moved = _relabel(state, seat, rng)
                    changed += moved
                    assert _views(other, seat) == _views(state, seat), (preset, seed, step, seat)
            policy = cautious_action if seed % 2 else _random
            state.apply(policy(state, policy_rng))
            step += 1
    assert changed > 50  # the check really moved hidden cards


def _random(state, rng: Rng) -> int:
    if state.current_player == CHANCE:
        return rng.weighted(state.chance_outcomes())
    return rng.choice(state.legal_actions())


def _card_words(obs: dict) -> set[int]:
    """Every card named anywhere in ``obs`` (its ``game`` key, "rook", is not a card)."""
    found = set()
    text = json.dumps({k: v for k, v in obs.items() if k != "game"})
    for word in text.replace('"', " ").replace(",", " ").replace("]", " ").split():
        try:
            found.add(parse_card(word))
        except Exception:
            continue
    return found


def test_nest_is_seen_by_nobody_during_the_auction_and_only_by_the_declarer_after() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    nest = set(bits(state.p.nest))
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["nest_taken"] is None and obs["discards"] is None
        assert not nest & _card_words(obs)
        assert "Nest" not in state.render(seat)
    call(state, "W 70, N pass, E pass, S pass")
    assert {parse_card(c) for c in state.observation(WEST)["nest_taken"]} == nest
    for seat in (SOUTH, NORTH, EAST):
        obs = state.observation(seat)
        assert obs["nest_taken"] is None
        assert not nest & _card_words(obs)
    first = min(bits(state.p.hands[WEST]))
    state.apply(DISCARD0 + first)
    assert state.observation(WEST)["discards"] == [card_str(first)]
    for seat in (SOUTH, NORTH, EAST):
        obs = state.observation(seat)
        assert obs["discards"] is None
        assert first not in _card_words(obs)


def test_information_state_hides_others_dealt_cards() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    seen = state.information_state_key(WEST)
    for seat in (SOUTH, NORTH, EAST):
        for card in bits(state.p.hands[seat]):
            assert f'"deal {card_str(card)}"' not in seen
    assert seen.count('"deal ?"') == 41 - 9
    assert state.information_state_key(WEST) != state.information_state_key(EAST)


def test_tensor_has_fixed_size_for_every_preset_and_phase() -> None:
    sizes = set()
    for preset in PRESETS:
        state = kibitz.load("rook", preset=preset).new_initial_state(0)
        rng = Rng(3)
        for _ in range(120):
            sizes.add(state.observation_tensor(state.p.phase % 4).shape)
            if state.is_terminal():
                break
            state.apply(_random(state, rng))
    assert len(sizes) == 1
    assert state.observation_tensor(0).dtype == np.float32


def test_deal_phase_hides_everything_but_own_cards() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    state.apply(SOUTH)
    for card in (5, 6, 7, 8, 9):
        state.apply(card)
    assert state.p.phase == DEAL
    assert state.observation(WEST)["hand"] == ["r6", "r10"]
    assert state.observation(SOUTH)["hand"] == ["r9"]
    assert state.observation(SOUTH)["hand_sizes"] == [1, 2, 1, 1]


def test_earlier_deals_stay_public_and_tell_nothing_of_the_deal_in_play() -> None:
    """Hand 1's calls and tricks (public as made) stay in every view through hand 2; two games
    alike but for hand 2's cards a seat cannot see look the same to it, as to a spectator."""
    game = kibitz.load("rook")
    state, rng = deal(game, SOUTH), Rng(4)
    while state.p.hand_no == 1:
        last = state.observation(None)
        state.apply(cautious_action(state, rng))
    hand_1 = {"hand": 1, "dealer": SOUTH, "calls": last["calls"],
              "tricks": [*last["tricks"], state.observation(None)["last_trick"]]}  # fmt: skip
    assert len(hand_1["tricks"]) == 9
    cards = [card_str(c) for c in game.table.cards]
    west, east = cards[:9], cards[9:18]
    games = [deal_into(state.clone(), {WEST: west, EAST: east}),
             deal_into(state.clone(), {WEST: east, EAST: west})]  # fmt: skip
    for g in games:
        call(g, "N 70, E pass, S pass, W pass")  # North takes the nest
    a, b = games
    for seat in (SOUTH, NORTH, None):
        assert a.observation(seat) == b.observation(seat), seat
        assert a.observation(seat)["past_deals"] == [hand_1]
    assert a.observation(WEST)["hand"] != b.observation(WEST)["hand"]
