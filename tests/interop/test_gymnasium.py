"""The Gymnasium adapter: Gymnasium's own environment checker on every game (the patience
games alone, the others as one seat against kibitz agents), deals from the seed, reward as
cards home, truncation at the move cap, illegal actions, the others' turns played inside
``step`` and a seed replaying a game."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.interop.gymnasium import KibitzSoloEnv, KibitzVersusEnv


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
    legal = int(np.flatnonzero(info["action_mask"])[0])
    environment.step(np.array(legal))  # a policy's predict() gives 0-d arrays
    assert environment.state.history == [legal]
    with pytest.raises(InvalidOptions, match="pettingzoo"):
        KibitzSoloEnv("smess")


# -- one seat against kibitz agents -------------------------------------------------------
@pytest.mark.parametrize("name", ["smess", "cardmate", "tchess", "rook"])
def test_check_env_passes_for_a_seat_against_agents(name: str) -> None:
    environment = gymnasium.make(f"kibitz/{name.capitalize()}-v0", opponent="random")
    assert isinstance(environment.unwrapped, KibitzVersusEnv)
    bounded = np.isfinite(environment.unwrapped.observation_space.high).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if not bounded:  # games that declare no tensor bounds: Gymnasium says so, only that
            warnings.filterwarnings("ignore", message=".*Box observation space m.*infinity")
        check_env(environment.unwrapped)
    assert bounded == (name in ("smess", "cardmate"))


def versus(environment: KibitzVersusEnv, seed: int) -> tuple[list[float], dict]:
    """Random legal moves for the learner to the end: its rewards and the last info."""
    _, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = []
    while True:
        state = environment.state
        assert state.current_player == environment.seat  # the others played inside step
        assert np.array_equal(environment._observe(), state.observation_tensor(environment.seat))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = environment.step(action)
        rewards.append(reward)
        if terminated or truncated:
            return rewards, info


def test_the_others_play_inside_step_and_a_seed_replays_the_game() -> None:
    environment = KibitzVersusEnv("rook", seat=2, opponent="level:1", max_hands=1)
    rewards, info = versus(environment, 7)
    history = list(environment.state.history)
    assert sum(rewards) == environment.state.returns()[2] == info["outcome"]["returns"][2]
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)  # the result comes at the end
    assert versus(environment, 7)[0] == rewards and environment.state.history == history
    scored = KibitzVersusEnv("rook", seat=1, opponent="random", reward="score", max_hands=2)
    rewards, _ = versus(scored, 3)
    side = scored.game.sides().index(scored.game.side_of(1))
    ours, theirs = scored.state.scores()[side], scored.state.scores()[1 - side]
    assert sum(rewards) == ours - theirs != ours  # the lead: the others' points count against


def test_a_dealt_game_against_agents_plays_the_deal_named_or_drawn_and_says_which() -> None:
    environment = KibitzVersusEnv("cardmate", opponent="random", suit_setup=True)
    seven, info = environment.reset(seed=0, options={"deal": 7})
    assert info["deal"] == 7 == environment.state.seed
    eight, info = environment.reset(seed=0, options={"deal": 8})
    assert info["deal"] == 8 and not np.array_equal(seven, eight)
    _, drawn = environment.reset(seed=0)
    _, again = environment.reset(seed=0)
    assert drawn["deal"] == again["deal"] >= 1  # drawn from the seed
    undealt = KibitzVersusEnv("smess", opponent="random")
    assert "deal" not in undealt.reset(seed=0)[1]
    with pytest.raises(InvalidOptions, match="not dealt from a number; drop option 'deal'"):
        undealt.reset(seed=0, options={"deal": 3})


def test_the_learner_meets_the_game_default_level_or_one_spec_a_seat() -> None:
    environment = gymnasium.make("kibitz/Smess-v0").unwrapped
    assert environment.opponents == {1: "level:2"}
    mixed = KibitzVersusEnv("rook", opponent=["level:1", "random", "level:2"])
    assert mixed.opponents == {1: "level:1", 2: "random", 3: "level:2"}
    rewards, info = versus(KibitzVersusEnv("smess", seat=1, opponent="greedy"), 0)
    assert info["outcome"]["returns"][1] == sum(rewards)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "smess", "seat": 2}, "seat must be a seat number 0..1"),
        ({"game": "smess", "opponent": "nonsense"}, "unknown agent 'nonsense'"),
        ({"game": "rook", "opponent": ["random", "random"]}, "every other seat \\(3\\), got 2"),
        ({"game": "tchess", "opponent": "alphabeta"}, "alphabeta"),
        ({"game": "fortress"}, "one player"),
    ],
)
def test_a_bad_seat_or_opponent_is_refused_by_name(kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        KibitzVersusEnv(**kwargs)


def first_moves(environment: KibitzVersusEnv, seeds: range) -> set[tuple[int, ...]]:
    """The different openings of ``environment``'s games from ``seeds`` (the plies before the
    learner's first turn, then its own last legal move each turn, deterministic)."""
    seen = set()
    for seed in seeds:
        _, info = environment.reset(seed=seed)
        for _ in range(3):
            if environment.state.is_terminal():
                break
            info = environment.step(int(np.flatnonzero(info["action_mask"])[-1]))[-1]
        seen.add(tuple(environment.state.history))
    return seen


def test_random_opening_plies_vary_games_against_a_deterministic_level() -> None:
    varied = KibitzVersusEnv("smess", opponent="level:2")
    assert varied.opening == 4  # the game's match_opening_plies, as kibitz match plays
    assert len(first_moves(varied, range(6))) == 6
    assert len(first_moves(KibitzVersusEnv("smess", opponent="level:2", opening=0), range(6))) == 1
    again = KibitzVersusEnv("smess", opponent="level:2")
    assert first_moves(again, range(3)) == first_moves(varied, range(3))  # the seed replays it
    with pytest.raises(InvalidOptions, match="opening must be a number of plies >= 0, got -1"):
        KibitzVersusEnv("smess", opening=-1)


def test_a_capped_game_may_end_as_terminated_and_masks_are_there_for_maskable_learners() -> None:
    for caps_end in (False, True):
        environment = KibitzVersusEnv("rook", opponent="random", max_hands=1, caps_end=caps_end)
        _, info = environment.reset(seed=2)
        assert np.array_equal(environment.action_masks(), info["action_mask"].astype(bool))
        done = False
        while not done:
            _, _, terminated, truncated, info = environment.step(
                int(np.flatnonzero(environment.action_masks())[0]))
            done = terminated or truncated
        assert info["outcome"]["truncated"] is True  # the hand limit ended the game
        assert (terminated, truncated) == ((True, False) if caps_end else (False, True))
    with pytest.raises(ValueError, match=r"action 100000 is outside the action space 0\.\."):
        environment.reset(seed=0)
        environment.step(100_000)


def test_a_policy_plays_its_seat_from_that_seats_own_tensor() -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])

    environment = KibitzVersusEnv("smess", opponent=first_legal, opening=0)
    rewards, _ = versus(environment, 4)
    replay = environment.game.new_initial_state()
    for action in environment.state.history:
        if replay.current_player == 1:  # the policy's seat: its own view, its choice
            observation, mask = seen.pop(0)
            assert np.array_equal(observation, replay.observation_tensor(1))
            assert action == replay.legal_actions()[0] and mask[action] == 1
        replay.apply(action)
    assert seen == [] and sum(rewards) == environment.state.returns()[0]
    rook = KibitzVersusEnv("rook", opponent=["random", first_legal, "level:1"], max_hands=1)
    versus(rook, 1)
    illegal = KibitzVersusEnv("smess", seat=1, opponent=lambda observation, mask: -1)
    with pytest.raises(ValueError, match="the policy at seat 0 chose -1, not a legal action"):
        illegal.reset(seed=0)
    with pytest.raises(RuntimeError, match=r"stopped at another seat's turn .* call reset"):
        illegal.step(0)  # not a silent "illegal action" of the learner's


def test_the_learners_picture_shows_its_own_cards_only() -> None:
    environment = KibitzVersusEnv("rook", seat=0, opponent="random", render_mode="ansi",
                                  max_hands=1)  # fmt: skip
    environment.reset(seed=1)
    picture = environment.render()
    assert picture == environment.state.render(0) != environment.state.render(None)
    assert " West: 9 cards" in picture
