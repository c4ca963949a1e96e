"""Properties under random legal play for every preset (spec 8.6): conservation, point totals,
one declarer per hand, exact undo, serialize and record round trips, termination."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rook_testing import PRESETS, play_out

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE
from kibitz.core.record import make_record, replay
from kibitz.core.rng import Rng
from kibitz.games.rook.policies import cautious_action


def _random(state, rng: Rng) -> int:
    if state.current_player == CHANCE:
        return rng.weighted(state.chance_outcomes())
    return rng.choice(state.legal_actions())


def _check_conservation(state) -> None:
    p, table = state.p, state.table
    played = [c for t in p.tricks for c in t.cards] + list(p.trick)
    masks = [*p.hands, p.nest, p.undealt, sum(1 << c for c in played)]
    union = 0
    for m in masks:
        assert not union & m, "a card is in two places"
        union |= m
    assert len(set(played)) == len(played)
    assert union == (0 if p.phase == 0 else table.deck_mask)
    assert all(len(t.cards) == 4 for t in p.tricks)
    assert len(p.trick) < 4


def _check_sheet(state) -> None:
    total, rules = state.table.total, state.rules
    for row in state.p.sheet:
        assert 0 <= row.declarer < 4 and row.contract in state.table.bids
        bonus_lost = rules.bonus != "none" and sum(row.bonus) == 0
        assert sum(row.points) == total - (rules.bonus_points if bonus_lost else 0)
        assert sum(row.card_points) + row.nest_points + sum(row.bonus) == sum(row.points)


OVERRIDES = [
    {},
    {"rook": False},
    {"trump_before_nest": True, "first_lead": "declarer"},
    {"must_trump_when_void": True, "rook_anytime": False},
    {"nest_counters_allowed": False, "nest_points_to": "declarer"},
    {"all_pass": "dealer_forced", "bid_max": 100},
    {"counters": ("5:5", "10:10", "14:10", "11:5"), "first_lead": "left_of_declarer"},
    {"bonus": "most_tricks", "most_tricks_tie": "split"},
]
"""Overrides combined with every preset (those a preset cannot take are skipped)."""


def _game(preset: str, extra: dict, **fixed):
    try:
        return kibitz.load("rook", preset=preset, **extra, **fixed)
    except InvalidOptions:
        return kibitz.load("rook", preset=preset, **fixed)


games = st.tuples(
    st.sampled_from(PRESETS), st.integers(0, 2**32), st.booleans(), st.sampled_from(OVERRIDES)
)


@given(games)
def test_random_games_conserve_cards_and_points(spec) -> None:
    preset, seed, cautious, extra = spec
    game = _game(preset, extra, max_deals=3)
    state, rng = game.new_initial_state(seed), Rng(seed)
    positions = [state.p]
    while not state.is_terminal():
        state.apply((cautious_action if cautious else _random)(state, rng))
        _check_conservation(state)
        positions.append(state.p)
    _check_sheet(state)
    assert state.p.deals <= 3 and state.outcome() is not None
    final = state.serialize()
    assert game.deserialize(final).p == state.p
    record = make_record(state)
    done = replay(record)
    assert done.state.p == state.p and done.moves == record["actions"]
    for expected in reversed(positions[:-1]):
        state.undo()
        assert state.p == expected
    assert state.history == []


@given(games, st.integers(1, 400))
def test_midgame_undo_clone_and_serialize(spec, plies) -> None:
    preset, seed, cautious, extra = spec
    game = _game(preset, extra)
    state, rng = game.new_initial_state(seed), Rng(seed)
    policy = cautious_action if cautious else _random
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(policy(state, rng))
    text = state.serialize()
    copy = state.clone()
    again = game.deserialize(text)
    assert again.p == state.p and again.history == state.history
    views = [state.observation(s) for s in range(4)]
    if not state.is_terminal():
        action = policy(copy, rng)
        copy.apply(action)
        assert state.serialize() == text  # the clone is independent
        copy.undo()
        assert copy.p == state.p and [copy.observation(s) for s in range(4)] == views
    assert game.deserialize(make_record_state(state)).p == state.p


def make_record_state(state) -> str:
    """Serialize via a record replay, to check both paths agree."""
    return replay(make_record(state)).state.serialize()


def test_cautious_games_reach_the_target_for_every_preset() -> None:
    for preset in PRESETS:
        game = kibitz.load("rook", preset=preset)
        for seed in range(2):
            state = play_out(game.new_initial_state(seed), Rng(seed), cautious_action)
            out = state.outcome()
            assert out is not None and "target" in out.reason, (preset, out)
            assert max(state.p.scores) >= game.rules.target
            assert sorted(out.returns) == [-1.0, -1.0, 1.0, 1.0]
            _check_sheet(state)


def test_fully_random_game_ends_at_the_deal_cap() -> None:
    game = kibitz.load("rook", max_deals=20)
    state = play_out(game.new_initial_state(9), Rng(9))
    out = state.outcome()
    assert out is not None and state.p.deals <= 20
    assert "target" in out.reason or ("deal limit 20" in out.reason and state.p.deals == 20)
