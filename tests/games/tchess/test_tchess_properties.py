"""Properties under random legal play: conservation, TC-17 invariants, termination, replay,
undo, serialization and privacy (no observation shows a card hidden from its seat)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE
from kibitz.core.play import play_random, random_action
from kibitz.core.record import make_record, replay
from kibitz.core.rng import Rng
from kibitz.games.tchess import TchessState, preset_options
from kibitz.games.tchess.phases import PLAY

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"max_rounds": 0},
    preset_options("reading_a"),
    {"first_player": "random", "ties_to_defender": False},
    {"pair_reading": "list", "hand_size_start": 3, "hand_limit": 8, "draw_per_round": 2},
    {"deck": {"P": 4, "S": 2, "K": 1, "J": 2, "Q": 1}, "hand_size_start": 4, "max_rounds": 0},
    {"deck": {"K": 2, "Q": 2, "J": 1}, "hand_size_start": 2, "hand_limit": 3},
]
SEEDS = st.integers(0, 2**32 - 1)
OPTS = st.sampled_from(OPTION_SETS)


def fingerprint(s: TchessState) -> str:
    """Every piece of the state a rule or view reads, as text."""
    skip = ("game", "tables", "_undo_stack")
    return repr(sorted((k, v) for k, v in vars(s).items() if k not in skip))


def random_game(
    options: dict[str, Any], seed: int, check: Callable[[TchessState], None] | None = None
) -> TchessState:
    """Play a seeded random game, calling ``check(state)`` before every action."""
    s = kibitz.load("tchess", **options).new_initial_state(seed)
    rng = Rng(seed)
    while not s.is_terminal():
        if check:
            check(s)
        s.apply(random_action(s, rng))
    if check:
        check(s)
    return s


def conserved(s: TchessState) -> bool:
    counts = s.tables.counts
    for seat in (0, 1):
        on_table = [0] * len(counts)
        for c in s.rows[seat]:
            on_table[c] += 1
        for i, total in enumerate(counts):
            parts = s.hands[seat][i] + s.decks[seat][i] + s.discards[seat][i] + on_table[i]
            if parts != total:
                return False
        if sum(s.hands[seat]) != s.hand_size[seat] or sum(s.decks[seat]) != s.deck_size[seat]:
            return False
    return True


@given(OPTS, SEEDS)
def test_cards_are_conserved_and_tc17_invariants_hold(options: dict[str, Any], seed: int) -> None:
    discarded: list[int] = []
    seen_rounds: set[int] = set()

    def check(s: TchessState) -> None:
        assert conserved(s)
        starting = s.stage == PLAY and s.round_no not in seen_rounds
        if starting:
            seen_rounds.add(s.round_no)
            assert s.hand_size[0] and s.hand_size[1]
            assert not s.rows[0] and not s.rows[1]
            king = s.tables.king
            for seat in (0, 1):
                assert s.hands[seat][king] + s.decks[seat][king] == s.tables.counts[king]
            total = sum(sum(d) for d in s.discards)
            assert not discarded or total > discarded[-1]
            discarded.append(total)

    s = random_game(options, seed, check)
    non_kings = 2 * (sum(s.tables.counts) - s.tables.counts[s.tables.king])
    assert s.round_no <= non_kings + 1
    assert s.outcome() is not None and "cap" not in s.outcome().reason


@settings(max_examples=20)
@given(SEEDS)
def test_games_end_without_the_cap(seed: int) -> None:
    s = random_game({"max_rounds": 0}, seed)
    assert s.is_terminal() and s.round_no <= 65


@given(OPTS, SEEDS)
def test_record_replays_the_same_game(options: dict[str, Any], seed: int) -> None:
    s = random_game(options, seed)
    record = json.loads(json.dumps(make_record(s)))
    again = replay(record).state
    assert again.history == s.history
    assert fingerprint(again) == fingerprint(s)
    assert again.outcome() == s.outcome()
    copy = s.game.deserialize(s.serialize())
    assert fingerprint(copy) == fingerprint(s)
    assert fingerprint(s.clone()) == fingerprint(s)


@settings(max_examples=15)
@given(OPTS, SEEDS)
def test_undo_restores_every_state_exactly(options: dict[str, Any], seed: int) -> None:
    rng = Rng(seed ^ 0x5EED)

    def check(s: TchessState) -> None:
        if s.is_terminal() or rng.below(3):
            return
        before = fingerprint(s)
        for action in s.legal_actions():
            s.push(action)
            s.undo()
            assert fingerprint(s) == before

    s = random_game(options, seed, check)
    twin = s.clone()
    fresh = fingerprint(s.game.new_initial_state(seed))
    while s.history:
        s.undo()
    assert fingerprint(s) == fresh
    assert twin.is_terminal()  # the clone did not share state with the undone original


def hide_swap(s: TchessState, seat: int) -> TchessState | None:
    """A copy where one card of ``seat``'s hand trades places with a card of its deck."""
    hand, deck = s.hands[seat], s.decks[seat]
    for a, in_hand in enumerate(hand):
        for b, in_deck in enumerate(deck):
            if in_hand and in_deck and a != b:
                other = s.clone()
                other.hands[seat][a] -= 1
                other.hands[seat][b] += 1
                other.decks[seat][b] -= 1
                other.decks[seat][a] += 1
                return other
    return None


@given(OPTS, SEEDS)
def test_no_observation_shows_a_hidden_card(options: dict[str, Any], seed: int) -> None:
    def check(s: TchessState) -> None:
        for seat in (0, 1):
            other = 1 - seat
            obs = s.observation(seat)
            assert obs["hand"] == [
                x for x, c in zip(s.tables.letters, s.hands[seat], strict=True) for _ in range(c)
            ]
            assert obs["hand_sizes"][other] == s.hand_size[other]
            assert "seed" not in json.dumps(obs)
            for event in obs["log"]:
                if event["event"] == "draw" and event["seat"] == other:
                    assert event["card"] is None
            twin = hide_swap(s, other)
            if twin is not None:
                assert twin.observation(seat) == obs
                assert twin.information_state_key(seat) == s.information_state_key(seat)
                assert (twin.observation_tensor(seat) == s.observation_tensor(seat)).all()
                assert twin.render(seat) == s.render(seat)
            own = hide_swap(s, seat)
            if own is not None:
                assert own.observation(seat) != obs  # the seat does see its own hand
            if s.current_player != seat:
                assert "legal_actions" not in obs
        public = s.observation(None)  # the spectator sees no hand and no drawn letter
        assert public["hand"] is None
        for seat in (0, 1):
            twin = hide_swap(s, seat)
            if twin is not None:
                assert twin.observation(None) == public

    random_game(options, seed, check)


@settings(max_examples=10)
@given(SEEDS)
def test_information_state_key_masks_only_the_other_seats_draws(seed: int) -> None:
    s = random_game({}, seed)
    keys = [s.information_state_key(seat) for seat in (0, 1)]
    assert keys[0] != keys[1]
    for seat in (0, 1):
        parts = keys[seat].split("|")[2].split(",")
        assert len(parts) == len(s.history)
        hidden = [i for i, p in enumerate(parts) if p == "?"]
        assert len(hidden) == sum(1 for e in s.log if e[0] == "draw" and e[1] != seat)


def test_chance_outcomes_are_distributions() -> None:
    def check(s: TchessState) -> None:
        if s.current_player == CHANCE:
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == s.legal_actions()

    for seed in range(5):
        random_game({"first_player": "random"}, seed, check)


def test_same_seed_same_game_and_tensor_size_is_fixed() -> None:
    a = random_game({}, 11)
    b = random_game({}, 11)
    assert a.serialize() == b.serialize()
    sizes = set()

    def check(s: TchessState) -> None:
        sizes.add(s.observation_tensor(0).shape)

    random_game({}, 12, check)
    assert len(sizes) == 1


def test_different_hidden_deals_look_the_same_to_the_other_seat(kit) -> None:
    a = kit.dealt("P S P Q D G", "N F K B R L")
    b = kit.dealt("P S P Q D G", "C C E J R K")
    assert a.observation(0) == b.observation(0)
    assert a.information_state_key(0) == b.information_state_key(0)
    assert a.information_state_key(1) != b.information_state_key(1)
    kit.play(a, "P S")
    kit.play(b, "P S")
    kit.play(a, "R")
    kit.play(b, "R")
    assert a.observation(0) == b.observation(0)
    assert (a.observation_tensor(0) == b.observation_tensor(0)).all()
    assert a.render(0) == b.render(0)


@settings(max_examples=15)
@given(OPTS, SEEDS)
def test_resample_hidden_keeps_the_seat_view_and_ignores_hidden_cards(
    options: dict[str, Any], seed: int
) -> None:
    rng = Rng(seed)

    def check(s: TchessState) -> None:
        if s.is_terminal() or rng.below(4):
            return
        seat = s.current_player if s.current_player >= 0 else rng.below(2)
        other = 1 - seat
        sample = s.resample_hidden(seat, Rng(seed))
        assert conserved(sample)
        assert sample.observation(seat) == s.observation(seat)
        assert sample.observation(None) == s.observation(None)
        assert sample.information_state_key(seat) == s.information_state_key(seat)
        back = s.game.deserialize(sample.serialize())  # the copy tells a story that replays
        assert back.observation(seat) == sample.observation(seat)
        assert back.information_state_key(seat) == s.information_state_key(seat)
        assert (back.hands, back.decks) == (sample.hands, sample.decks)
        twin = hide_swap(s, other)
        if twin is not None:  # same visible state, other hidden cards: same sample
            assert fingerprint(twin.resample_hidden(seat, Rng(seed))) == fingerprint(sample)
        sample.push(random_action(sample, rng))
        sample.undo()
        if sample.history:
            with pytest.raises(IllegalAction, match="resampled"):
                sample.undo()

    random_game(options, seed, check)


def test_resample_hidden_draws_the_other_hand_from_its_unseen_cards(kit) -> None:
    s = kit.dealt("P S P Q D G", "N F K B R L")
    pool = [h + d for h, d in zip(s.hands[1], s.decks[1], strict=True)]
    hands = set()
    for seed in range(40):
        sample = s.resample_hidden(0, Rng(seed))
        assert sample.hands[0] == s.hands[0] and sample.decks[0] == s.decks[0]
        assert sum(sample.hands[1]) == 6
        assert all(h <= p for h, p in zip(sample.hands[1], pool, strict=True))
        hands.add(tuple(sample.hands[1]))
        play_random(sample, Rng(seed))  # a determinization plays on to the end
        assert sample.is_terminal()
    assert len(hands) > 30
