"""The PettingZoo adapter: PettingZoo's own API test on every game and Rook preset, the
seats' private observations, chance and deals from the seed, truncation, bad actions,
rendering (PettingZoo's render test) and NumPy actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test
from short_games import CASES

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.interop.pettingzoo import env, raw_env

DICT_OBSERVATIONS = ("Observation space for each agent probably", "Observation is not a NumPy")
"""api_test's warnings about any observation that is a dict with an action mask (the form
PettingZoo's own board games use); every other warning fails the test."""


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda x: str(x))
def test_api_test_passes(name: str, options: dict) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, render_mode="ansi", **options), num_cycles=150)
    messages = [str(w.message) for w in caught]
    assert [m for m in messages if not m.startswith(DICT_OBSERVATIONS)] == []


def run(environment, seed: int) -> dict:
    """Play to the end with random legal actions; the cumulative reward of each agent."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_rewards_are_the_returns_and_caps_truncate() -> None:
    capped = raw_env("smess", max_plies=6)
    capped.reset(seed=1)
    for _ in range(6):
        mask = capped.observe(capped.agent_selection)["action_mask"]
        capped.step(int(np.flatnonzero(mask)[0]))
    assert all(capped.truncations.values()) and not any(capped.terminations.values())
    assert capped.infos["player_0"]["outcome"]["truncated"] is True
    real = raw_env("smess", max_plies=600)
    totals = run(real, 2)
    assert sorted(totals.values()) == [-1.0, 1.0] and real.state.outcome().returns
    assert not real.state.is_truncated()


def test_seats_see_only_their_own_cards() -> None:
    tchess = raw_env("tchess")
    tchess.reset(seed=3)
    state = tchess.state
    seat = state.current_player
    mine = tchess.observe(f"player_{seat}")
    theirs = tchess.observe(f"player_{1 - seat}")
    assert np.array_equal(mine["observation"], state.observation_tensor(seat))
    assert np.array_equal(theirs["observation"], state.observation_tensor(1 - seat))
    assert list(np.flatnonzero(mine["action_mask"])) == state.legal_actions()
    assert not theirs["action_mask"].any()


def test_seeds_repeat_games_and_deals_can_be_named() -> None:
    a, b = raw_env("rook", max_hands=1), raw_env("rook", max_hands=1)
    assert run(a, 7) == run(b, 7) and a.state.history == b.state.history
    fortress = raw_env("fortress")
    fortress.reset(options={"deal": 11})
    assert fortress.state.seed == 11 and fortress.infos["player_0"]["deal"] == 11
    fortress.reset(seed=4)
    first = fortress.state.seed
    fortress.reset(seed=4)
    assert fortress.state.seed == first
    with pytest.raises(InvalidOptions, match="deal"):
        raw_env("smess").reset(options={"deal": 3})


@pytest.mark.parametrize("name", sorted(kibitz.games()))
def test_render_test_passes_and_human_mode_prints_the_picture(name: str, capsys) -> None:
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    human = raw_env(name, render_mode="human")
    human.reset(seed=1)
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out == human.state.render() + "\n"
    with pytest.raises(ValueError, match="render_mode must be None, 'human' or 'ansi'"):
        raw_env(name, render_mode="rgb_array")


def test_a_numpy_action_is_taken_as_its_integer() -> None:
    smess = raw_env("smess")
    smess.reset(seed=0)
    first = smess.state.legal_actions()[0]
    smess.step(np.array(first))  # a policy's predict() gives 0-d arrays
    assert smess.state.history == [first]
    with pytest.raises(ValueError, match="integer action id"):
        smess.step(np.array([first, first]))


def test_bad_actions_are_refused_and_change_nothing() -> None:
    smess = raw_env("smess", render_mode="ansi")
    smess.reset(seed=0)
    before = smess.state.serialize()
    legal = smess.state.legal_actions()
    illegal = next(a for a in range(smess.game.num_distinct_actions) if a not in legal)
    for action in (illegal, -1, "a2-a3", 1.5):
        with pytest.raises(ValueError, match="action"):
            smess.step(action)
    assert smess.state.serialize() == before
    assert "a" in smess.render()
    with pytest.raises(RuntimeError, match="reset"):
        raw_env("smess").observe("player_0")
