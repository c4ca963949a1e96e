"""The deal of a seeded OpenSpiel game: only deals with a move to make are chance outcomes
(OpenSpiel's ``rl_environment`` then never starts an episode that is already over), found
once per game; a left-out deal still applies when named."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment

from kibitz.interop import openspiel


def dead_deals(game: pyspiel.Game) -> set[int]:
    """The deal numbers of ``game`` over before the first move, found by the kibitz game."""
    return {k for k in range(1, game.deals + 1) if game.kibitz.new_initial_state(k).is_terminal()}


def test_fortress_deals_over_at_the_start_are_left_out() -> None:
    game = pyspiel.load_game("kibitz_fortress", {"deals": 200})
    dead = dead_deals(game)
    assert dead  # about 1 Fortress deal in 20 has no legal move
    outcomes = game.new_initial_state().chance_outcomes()
    actions = [action for action, _ in outcomes]
    assert actions == [k - 1 for k in range(1, 201) if k not in dead]
    assert {p for _, p in outcomes} == {1.0 / (200 - len(dead))}
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert game.max_chance_outcomes() == 200
    assert game.new_initial_state().legal_actions() == actions


def test_a_left_out_deal_still_applies_when_named() -> None:
    game = pyspiel.load_game("kibitz_fortress", {"deals": 200})
    deal = min(dead_deals(game))
    state = game.new_initial_state()
    state.apply_action(deal - 1)
    assert state.is_terminal() and state.kibitz.seed == deal
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.is_terminal() and again.history() == [deal - 1]


def test_states_still_serialize_and_wrap() -> None:
    game = pyspiel.load_game("kibitz_fortress", {"deals": 200})
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[-1][0])
    state.apply_action(state.legal_actions()[0])
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history() and str(again) == str(state)
    wrapped = game.state_of(state.kibitz)
    assert str(wrapped) == str(state) and wrapped.legal_actions() == state.legal_actions()


def test_chessboard_deals_are_all_live() -> None:
    game = pyspiel.load_game("kibitz_chessboard", {"deals": 200})
    assert game.new_initial_state().chance_outcomes() == [(k, 1 / 200) for k in range(200)]


def test_rl_environment_episodes_always_start_with_a_move() -> None:
    game = pyspiel.load_game("kibitz_fortress", {"deals": 200})
    env = rl_environment.Environment(game)
    env.seed(0)  # drew dead deal 130 in episode 6 while every deal was an outcome
    rng = np.random.RandomState(0)
    for _ in range(40):
        step = env.reset()
        assert step.observations["current_player"] == 0
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([int(rng.choice(step.observations["legal_actions"][seat]))])


def test_live_deals_are_found_once_per_game(monkeypatch) -> None:
    checked: list[int] = []
    live = openspiel.deal_is_live

    def counted(game, deal: int) -> bool:
        checked.append(deal)
        return live(game, deal)

    monkeypatch.setattr(openspiel, "deal_is_live", counted)
    game = pyspiel.load_game("kibitz_fortress", {"deals": 50})
    first = game.new_initial_state().chance_outcomes()
    assert sorted(checked) == list(range(1, 51))
    first.clear()  # a caller's list is its own
    second = game.new_initial_state().chance_outcomes()
    assert len(checked) == 50 and second == game.new_initial_state().chance_outcomes()
    assert len(second) == 50 - len(dead_deals(game))


def test_a_game_whose_deals_always_have_a_move_is_not_scanned(monkeypatch) -> None:
    checked: list[int] = []
    monkeypatch.setattr(openspiel, "deal_is_live", lambda game, deal: checked.append(deal))
    game = openspiel.load("cardmate", deals=300, suit_setup=True)
    assert not type(game.kibitz).deals_may_be_over  # Cardmate's setups always leave a move
    assert game.new_initial_state().chance_outcomes() == [(k, 1 / 300) for k in range(300)]
    assert checked == []
