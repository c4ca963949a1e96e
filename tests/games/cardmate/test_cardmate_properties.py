"""Properties under random legal play: exact undo, round trips, conservation, symmetry,
agreement with the naive generator, and no crash."""

from __future__ import annotations

from collections import Counter

from cardmate_naive import moves as naive_moves
from cardmate_naive import parse
from cardmate_util import mirror_move, mirror_position, plain
from hypothesis import given
from hypothesis import strategies as st

import kibitz
from kibitz.core import Rng
from kibitz.core.play import random_action
from kibitz.core.record import make_record, replay
from kibitz.games.cardmate import CardmateGame
from kibitz.games.cardmate.cards import ACE, CARD_MASK, OWNER_SHIFT
from kibitz.games.cardmate.rules import TENSOR_PLANES

PRESETS = [
    {},
    {"suit_contents": True, "stalemate": "loss"},
    {"rank_contents": True, "kings_fixed": False, "repetition_loss": True},
    {"rank_setup": True, "repetition_loss": True, "repetition_threshold": 3, "max_plies": 120},
    {"zillions_random": True, "max_plies": 60},
]
games = st.tuples(st.integers(0, 2**32), st.sampled_from(PRESETS))


def snapshot(state) -> tuple:
    return (
        state.position(),
        state.hash,
        dict(state.repetitions),
        list(state.kings),
        list(state.pos),
        state.legal_actions(),
        state.outcome(),
        list(state.history),
    )


def played(seed: int, options: dict, plies: int = 150):
    """A random game: the start, the final state and the cards each move captured."""
    game = kibitz.load("cardmate", **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    captured = []
    while not state.is_terminal() and len(state.history) < plies:
        action = random_action(state, rng)
        taken = state.board[action % 200 >> 1]
        if taken >= 0:
            captured.append(taken)
        state.apply(action)
    return game, state, captured


def unpromoted(piece: int) -> tuple[int, int]:
    """(owner, card) with an Ace counted as the One it promoted from."""
    card = piece & CARD_MASK
    return piece >> OWNER_SHIFT, card & 3 if card >> 2 == ACE else card


@given(games)
def test_undo_restores_exactly(args: tuple) -> None:
    seed, options = args
    game, state, _ = played(seed, options)
    start = snapshot(game.new_initial_state(seed))
    rng = Rng(seed + 1)
    while state.history:
        before = snapshot(state)
        if not state.is_terminal():
            state.push(random_action(state, rng))
            state.undo()
            assert snapshot(state) == before
        state.undo()
    assert snapshot(state) == start


@given(games)
def test_cards_are_conserved_and_keep_their_owners(args: tuple) -> None:
    seed, options = args
    game, state, captured = played(seed, options)
    start = game.new_initial_state(seed)
    dealt = Counter(unpromoted(p) for p in start.board if p >= 0)
    now = Counter(unpromoted(p) for p in state.board if p >= 0)
    assert sum(dealt.values()) == 52
    assert now + Counter(unpromoted(p) for p in captured) == dealt
    assert state.kings == [
        sum(1 for p in state.board if p >= 0 and p >> OWNER_SHIFT == s and (p & 63) >> 2 == 12)
        for s in (0, 1)
    ]


@given(games)
def test_records_positions_and_serialization_round_trip(args: tuple) -> None:
    seed, options = args
    game, state, _ = played(seed, options, 80)
    record = make_record(state)
    assert replay(record).state.position() == state.position()
    text = CardmateGame.write_text_record(record)
    assert CardmateGame.read_text_record(text)["actions"] == record["actions"]
    again = game.deserialize(state.serialize())
    assert snapshot(again) == snapshot(state)
    assert snapshot(state.clone()) == snapshot(state)
    copy = game.new_state_from_position(state.position())
    assert copy.position() == state.position()
    if not state.is_terminal():
        assert copy.legal_actions() == state.legal_actions()


@given(games)
def test_moves_match_naive_generator_mirror_and_notation(args: tuple) -> None:
    seed, options = args
    game = kibitz.load("cardmate", **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = sorted(state.action_to_str(a) for a in state.legal_actions())
        assert sorted(plain(m) for m in legal) == naive_moves(parse(state.position()))
        mirror = game.new_state_from_position(mirror_position(state.position()))
        assert sorted(mirror.action_to_str(a) for a in mirror.legal_actions()) == sorted(
            mirror_move(m) for m in legal
        )
        for action in state.legal_actions():
            assert state.str_to_action(state.action_to_str(action)) == action
        state.apply(random_action(state, rng))


@given(games)
def test_views_never_crash(args: tuple) -> None:
    seed, options = args
    _, state, _ = played(seed, options, 40)
    for seat in (0, 1):
        assert state.observation_tensor(seat).shape == (TENSOR_PLANES * 100,)
        assert state.observation(seat)["position"] == state.position()
        assert state.render(seat).count("\n") > 10
    assert state.information_state_key(0) != ""
