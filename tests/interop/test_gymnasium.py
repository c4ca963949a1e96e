"""The Gymnasium adapter: Gymnasium's own environment checker on Fortress and Chessboard,
deals from the seed, reward as cards home, truncation at the move cap, illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.interop.gymnasium import KibitzSoloEnv


@pytest.mark.parametrize("env_id", ["kibitz/Fortress-v0", "kibitz/Chessboard-v0"])
def test_check_env_passes_without_warnings(env_id: str) -> None:
    environment = gymnasium.make(f"kibitz.interop.gymnasium:{env_id}")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(environment.unwrapped)
    assert environment.spec.id == env_id


def test_deals_come_from_the_seed_or_the_options() -> None:
    environment = KibitzSoloEnv("fortress")
    _, info = environment.reset(seed=12)
    _, again = environment.reset(seed=12)
    assert info["deal"] == again["deal"]
    observation, info = environment.reset(options={"deal": 5})
    dealt = kibitz.load("fortress").new_initial_state(5)
    assert info["deal"] == 5 and np.array_equal(observation, dealt.observation_tensor(0))
    assert list(np.flatnonzero(info["action_mask"])) == dealt.legal_actions()
    _, info = environment.reset(options={"deal": 22})  # no legal move at all
    assert info["outcome"]["reason"] == "no legal move" and not info["action_mask"].any()
    for seed in range(40):  # drawn deals always have a move (about 1 in 20 has none)
        _, info = environment.reset(seed=seed)
        assert info["action_mask"].any() and "outcome" not in info


def play(environment: KibitzSoloEnv, seed: int) -> tuple[float, bool, bool, dict]:
    """Random legal moves to the end: total reward, terminated, truncated, last info."""
    _, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = environment.step(action)
        total += reward
        if terminated or truncated:
            return total, terminated, truncated, info


def test_the_reward_is_the_cards_brought_home() -> None:
    environment = KibitzSoloEnv("chessboard")
    for seed in range(3):
        total, terminated, truncated, info = play(environment, seed)
        assert total == environment.state.scores()[0]
        assert terminated and not truncated and "truncated" not in info["outcome"]
    result = KibitzSoloEnv("chessboard", reward="result")
    total, *_ = play(result, 0)
    assert total == result.state.returns()[0]


def test_the_move_cap_truncates() -> None:
    environment = KibitzSoloEnv("fortress", max_moves=2, allow_foundation_takeback=True)
    for seed in range(20):
        _, terminated, truncated, info = play(environment, seed)
        if truncated:
            assert not terminated and info["outcome"]["reason"] == "move cap"
            assert environment.state.is_truncated()
            break
    else:
        raise AssertionError("no game reached the move cap")


def test_illegal_actions_change_nothing() -> None:
    environment = KibitzSoloEnv("fortress", render_mode="ansi")
    observation, info = environment.reset(options={"deal": 1})
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = environment.step(illegal)
    assert info["illegal_action"] and reward == 0.0 and not (terminated or truncated)
    assert np.array_equal(after, observation) and environment.state.history == []
    assert "Fortress #1" in environment.render()
    with pytest.raises(ValueError, match="integer action"):
        environment.step("9-F")
    with pytest.raises(InvalidOptions, match="pettingzoo"):
        KibitzSoloEnv("smess")
