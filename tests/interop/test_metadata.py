"""The research metadata every game declares in kibitz.core, checked against real play:
shapes, masks, rewards, utilities, game length, chance, perfect recall and truncation."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from short_games import short_cases

import kibitz
from kibitz.core.errors import IllegalAction, InvalidOptions, InvalidRecord
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.outcome import Outcome
from kibitz.core.play import random_action
from kibitz.core.record import make_record, replay
from kibitz.core.rng import Rng

CAPPED = {
    "cardmate": {"max_plies": 40},
    "smess": {"max_plies": 40},
    "tchess": {"max_rounds": 3},
    "rook": {"max_hands": 1},
    "fortress": {"max_moves": 40},
    "chessboard": {"max_moves": 40},
}
"""Options that keep each game short (and end it by truncation when the cap is reached)."""
GAMES = short_cases(CAPPED, base=True)


def play(game: Game, seed: int) -> tuple[State, list[State]]:
    """A random game from ``seed`` with a snapshot of every state on the way."""
    state = game.new_initial_state(seed + 1)
    rng = Rng(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        seen.append(state.clone())
    return state, seen


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda x: str(x))
def test_declarations_hold_in_random_games(name: str, options: dict) -> None:
    game = kibitz.load(name, **options)
    low, high = game.utility_bounds
    assert low < high and game.reward_model == "terminal"
    assert game.chance_mode() in ("deterministic", "explicit", "seeded")
    assert game.information_type() == ("perfect" if game.perfect_information else "imperfect")
    length = game.max_game_length()
    assert length is not None and length > 0
    for seed in range(2):
        state, seen = play(game, seed)
        chance_nodes = 0
        for before, after in itertools.pairwise(seen):
            chance_nodes += before.current_player == CHANCE
            if before.current_player == CHANCE:
                action = after.history[-1]
                assert 0 <= action < game.max_chance_outcomes()
                assert before.legal_actions_mask()[action] == 1
        for s in seen[:: max(1, len(seen) // 12)]:
            mask = s.legal_actions_mask()
            assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
            assert list(np.flatnonzero(mask)) == s.legal_actions()
            for seat in range(game.num_players):
                obs = s.observation_tensor(seat)
                info = s.information_state_tensor(seat)
                assert obs.shape == game.observation_tensor_shape() and obs.dtype == np.float32
                assert info.shape == game.information_state_tensor_shape()
                lo, hi = game.observation_tensor_bounds()
                assert lo <= obs.min() and obs.max() <= hi
            assert s.rewards() == [0.0] * game.num_players or s.is_terminal()
        rewards = np.sum([s.rewards() for s in seen[1:]], axis=0)
        assert list(rewards) == state.returns() == list(state.outcome().returns)
        assert all(low <= r <= high for r in state.returns())
        if game.utility == "zero_sum":
            assert sum(state.returns()) == 0.0
        decisions = sum(1 for s in seen[:-1] if s.current_player >= 0)
        assert decisions <= length
        assert (chance_nodes > 0) <= (game.chance_mode() == "explicit")
        assert not state.legal_actions_mask().any()


def test_smess_and_fortress_lengths_follow_their_caps() -> None:
    assert kibitz.load("smess").max_game_length() is None
    assert kibitz.load("smess", max_plies_without_progress=10).max_game_length() == 370
    assert kibitz.load("smess", max_plies_without_progress=10, max_plies=50).max_game_length() == 50
    assert kibitz.load("cardmate").max_game_length() is None
    assert kibitz.load("fortress").max_game_length() is None
    assert kibitz.load("rook", max_deals=0).max_game_length() is None
    assert kibitz.load("rook", max_deals=0, max_hands=2, all_pass="dealer_forced").max_game_length()
    assert kibitz.load("cardmate", suit_setup=True).chance_mode() == "seeded"
    assert kibitz.load("cardmate").chance_mode() == "deterministic"


def smess_transposition() -> tuple[State, State]:
    """Two Smess games reaching one position by two move orders (Blue's two moves swapped)."""
    start = kibitz.load("smess").new_initial_state()
    for m1, m2 in itertools.combinations(start.legal_actions(), 2):
        a, b = start.clone(), start.clone()
        try:
            a.apply(m1)
            red = a.legal_actions()[0]
            for move in (red, m2):
                a.apply(move)
            for move in (m2, red, m1):
                b.apply(move)
        except IllegalAction:
            continue
        if a.position() == b.position():
            return a, b
    raise AssertionError("no transposition found")


def test_information_state_keys_have_perfect_recall() -> None:
    a, b = smess_transposition()
    assert a.observation(0)["position"] == b.observation(0)["position"]
    assert a.information_state_key(0) != b.information_state_key(0)
    assert a.information_state_key(0) == a.clone().information_state_key(0)
    again = a.game.deserialize(a.serialize())
    assert again.information_state_key(1) == a.information_state_key(1)


def test_hidden_information_keys_and_tensors_recall_what_the_seat_saw() -> None:
    game = kibitz.load("rook", max_hands=1)
    state = game.new_initial_state(1)
    rng = Rng(4)
    while state.phase() != "play" or len(state.p.tricks) < 2:
        state.apply(random_action(state, rng))
    for seat in range(4):
        other = state.resample_hidden(seat, Rng(9))
        assert other.information_state_key(seat) == state.information_state_key(seat)
        assert np.array_equal(
            other.information_state_tensor(seat), state.information_state_tensor(seat)
        )
    info = state.information_state_tensor(0)
    assert info[: len(state.observation_tensor(0))].tolist() == state.observation_tensor(0).tolist()
    assert info.sum() > state.observation_tensor(0).sum()  # who played which card, the bids


CAPS = [
    ("cardmate", {"max_plies": 6}, "max_plies"),
    ("smess", {"max_plies": 6}, "max_plies"),
    ("tchess", {"max_rounds": 1}, "draw: round cap reached"),
    ("rook", {"max_hands": 1}, "hand limit 1 reached"),
    ("fortress", {"max_moves": 2}, "move cap"),
    ("chessboard", {"max_moves": 1}, "move cap"),
]


def capped_game(name: str, options: dict, seed: int = 0) -> State:
    """A random game of ``name`` that its cap ends (retrying seeds until one does)."""
    game = kibitz.load(name, **options)
    for s in range(seed, seed + 40):
        state, _ = play(game, s)
        if state.is_truncated():
            return state
    raise AssertionError(f"no {name} game reached its cap")


@pytest.mark.parametrize(("name", "options", "reason"), CAPS)
def test_caps_end_games_as_truncated_and_records_say_so(name, options, reason) -> None:
    state = capped_game(name, options)
    out = state.outcome()
    assert out.truncated and out.reason.startswith(reason)
    assert state.observation(0)["result"]["truncated"] is True
    record = make_record(state)
    assert record["result"]["truncated"] is True
    again = replay(record)
    assert again.declared == out and again.state.is_truncated()
    old_style = {**record, "result": {"returns": list(out.returns), "reason": out.reason}}
    assert replay(old_style).declared.truncated  # records made before the flag still replay


def test_real_ends_are_not_truncated_and_a_false_claim_is_refused() -> None:
    game = kibitz.load("smess", max_plies=400)
    state, _ = play(game, 3)
    out = state.outcome()
    assert not out.truncated and not state.is_truncated()
    assert "truncated" not in out.to_json()
    record = make_record(state)
    record["result"] = {**record["result"], "truncated": True}
    with pytest.raises(InvalidRecord, match="does not match"):
        replay(record)
    record["result"]["truncated"] = "yes"
    with pytest.raises(InvalidRecord, match="true or false"):
        replay(record)


def test_outcome_json_keeps_its_old_form_unless_truncated() -> None:
    assert Outcome((1.0, -1.0), "x").to_json() == {"returns": [1.0, -1.0], "reason": "x"}
    assert Outcome((0.0,), "y", truncated=True).to_json()["truncated"] is True


def test_cap_options_are_validated() -> None:
    for name, option in (("smess", "max_plies"), ("fortress", "max_moves")):
        with pytest.raises(InvalidOptions, match=option):
            kibitz.load(name, **{option: 0})
