"""The core Game/State API as every game shares it, exercised through Smess."""

import json

import pytest

import kibitz
from kibitz.core import CHANCE, TERMINAL, Outcome
from kibitz.core.errors import IllegalAction, InvalidRecord, UnknownGame


def test_registry_lists_and_loads_games():
    assert "smess" in kibitz.games()
    assert kibitz.load("smess").name == "smess"
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'; known games: .*smess"):
        kibitz.load("chess")


def test_constants_are_distinct_from_seats():
    assert CHANCE < 0 and TERMINAL < 0 and CHANCE != TERMINAL


def test_apply_rejects_bad_ids_and_moves_after_the_end():
    game = kibitz.load("smess")
    state = game.new_initial_state()
    with pytest.raises(IllegalAction, match=r"not an action id of smess \(0..3135\)"):
        state.apply(99999)
    with pytest.raises(IllegalAction, match="not an action id"):
        state.apply("b2-b3")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()
    won = game.new_state_from_position("7/7/3b3/7/3S3/7/7/3B3 b")
    won.apply(won.str_to_action("d4xd6"))
    with pytest.raises(IllegalAction, match="game is over"):
        won.apply(0)


def test_chance_outcomes_outside_a_chance_node_is_an_error():
    with pytest.raises(IllegalAction, match="not a chance node"):
        kibitz.load("smess").new_initial_state().chance_outcomes()


def test_serialize_is_json_and_deserialize_checks_game_and_options():
    game = kibitz.load("smess", repetition_draw=True)
    state = game.new_initial_state()
    state.apply(state.str_to_action("b2-b3"))
    data = json.loads(state.serialize())
    assert data == {"game": "smess", "options": {"repetition_draw": True}, "actions": [463]}
    assert game.deserialize(state.serialize()).position() == state.position()
    with pytest.raises(InvalidRecord, match="other options"):
        kibitz.load("smess").deserialize(state.serialize())
    with pytest.raises(InvalidRecord, match="not JSON"):
        game.deserialize("{nope")
    bad = json.dumps({"game": "smess", "options": {"repetition_draw": True}, "actions": [0]})
    with pytest.raises(InvalidRecord, match="ply 1"):
        game.deserialize(bad)


def test_clone_is_independent():
    state = kibitz.load("smess").new_initial_state()
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.history == [] and len(copy.history) == 1
    assert state.position() != copy.position()


def test_observation_views_and_returns():
    state = kibitz.load("smess").new_initial_state()
    obs = state.observation(1)
    assert obs["position"] == state.position() and obs["seat"] == 1 and obs["to_act"] == 0
    assert len(state.moves()) == 12
    tensor = state.observation_tensor(0)
    assert tensor.dtype.name == "float32" and tensor.shape == (6 * 56 + 2,)
    assert tensor.sum() == 24.0
    assert state.returns() == [0.0, 0.0]
    assert state.information_state_key(0) == state.information_state_key(1)  # nothing hidden


def test_outcome_describe():
    names = ("Blue", "Red")
    assert Outcome((1.0, -1.0), "brain captured").describe(names) == "Blue wins (brain captured)"
    assert Outcome((0.0, 0.0), "repetition").describe(names) == "draw (repetition)"
    assert Outcome((1.0, -1.0, 1.0, -1.0), "x").describe(("N", "E", "S", "W")) == "N and S win (x)"
    assert Outcome((1.0,), "all home").describe(("Player",)) == "won (all home)"
    assert Outcome((0.0,), "no moves").describe(("Player",)) == "lost (no moves)"


def test_outcome_result_for_a_side():
    assert Outcome((1.0, -1.0), "x").result_for((0,)) == "You won"
    assert Outcome((1.0, -1.0), "x").result_for((1,)) == "You lost"
    assert Outcome((0.0, 0.0), "x").result_for((1,)) == "A draw"
    teams = Outcome((-1.0, 1.0, -1.0, 1.0), "target")
    assert (teams.result_for((1, 3)), teams.result_for((0, 2))) == ("We won", "We lost")
    assert Outcome((1.0,), "all home").result_for((0,)) == "You won"
    assert Outcome((0.0,), "no moves").result_for((0,)) == "You lost"


def test_games_stays_callable_after_the_games_package_is_imported():
    import kibitz.games.smess

    assert "smess" in kibitz.games()
    assert kibitz.games.smess.GAMES[0].name == "smess"
