"""The OpenSpiel adapter: OpenSpiel's own random simulation test on every game and Rook
preset, types and parameters, the seeded deal as a chance node, the observer, truncation,
OpenSpiel's bots playing our games, and OpenSpiel bots as agents in ``kibitz match``."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts
from open_spiel.python.observation import make_observation
from short_games import CASES
from typer.testing import CliRunner

import kibitz
from kibitz.ai import specs
from kibitz.ai.specs import AgentSpec, agent_kinds, make_agent, parse_spec
from kibitz.cli import app
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import replay
from kibitz.interop import openspiel

MICRO_TCHESS = {
    "deck": {"K": 1, "P": 1, "Q": 1}, "hand_size_start": 1, "hand_limit": 1,
    "draw_per_round": 1, "max_rounds": 2,
}  # fmt: skip
"""A TCHESS small enough for CFR: three cards a seat, one in hand, two rounds."""
runner = CliRunner()


def play(game: pyspiel.Game, choose, seed: int) -> pyspiel.State:
    """A whole game: chance by its probabilities, seats by ``choose(state)``."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(choose(state, rng)))
    return state


def uniform(state: pyspiel.State, rng: np.random.RandomState) -> int:
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda x: str(x))
def test_random_simulation_test_passes(name: str, options: dict) -> None:
    game = openspiel.load(name, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_types_and_infos_come_from_the_declarations() -> None:
    rook = pyspiel.load_game("kibitz_rook", {"preset": "dixie", "max_hands": 1})
    kind = rook.get_type()
    assert rook.kibitz.options.preset == "dixie" and rook.num_players() == 4
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (rook.min_utility(), rook.max_utility(), rook.utility_sum()) == (-1.0, 1.0, 0.0)
    assert rook.max_chance_outcomes() == 57 and rook.max_game_length() > 0
    assert rook.observation_tensor_shape() == list(rook.kibitz.observation_tensor_shape())
    smess = pyspiel.load_game("kibitz_smess")
    assert smess.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert smess.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert smess.max_game_length() == 3700  # the no-progress draw at 100 plies bounds it
    fortress = pyspiel.load_game("kibitz_fortress")
    assert fortress.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (fortress.num_players(), fortress.max_game_length()) == (1, 1000)
    assert fortress.max_chance_outcomes() == 32000


def test_parameters_are_the_options_and_survive_game_strings() -> None:
    game = openspiel.load("tchess", deck={"K": 1, "P": 3, "Q": 2}, pair_relations=("P+Q",))
    assert "deck=P:3;Q:2;K:1" in str(game)
    again = pyspiel.load_game(str(game))
    assert again.kibitz.options == game.kibitz.options
    assert again.kibitz.options.pair_relations == ("P+Q",)
    capped = pyspiel.load_game("kibitz_smess", {"max_plies": 12})
    assert capped.kibitz.options.max_plies == 12 and capped.max_game_length() == 12
    assert pyspiel.load_game("kibitz_smess", {"max_plies": -1}).kibitz.options.max_plies is None
    with pytest.raises(InvalidOptions, match="max_plies"):
        pyspiel.load_game("kibitz_smess", {"max_plies": 0})
    with pytest.raises(InvalidOptions, match=r"finite game length.*e\.g\. max_plies=300"):
        pyspiel.load_game("kibitz_cardmate", {"max_plies": -1})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("kibitz_smess", {"nope": 1})


def test_a_seeded_deal_is_an_explicit_chance_node() -> None:
    game = pyspiel.load_game("kibitz_fortress", {"deals": 5})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 0.2) for k in range(5)]
    assert state.information_state_string(0) == "deal pending"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "deal #3"
    state.apply_action(2)
    dealt = kibitz.load("fortress", max_moves=1000).new_initial_state(3)
    assert state.kibitz.seed == 3 and state.kibitz.position() == dealt.position()
    assert state.current_player() == 0
    cardmate = openspiel.load("cardmate", suit_setup=True, deals=7)
    assert cardmate.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert cardmate.max_chance_outcomes() == 7
    assert len(cardmate.new_initial_state().chance_outcomes()) == 7


def test_the_observer_gives_the_kibitz_views() -> None:
    game = openspiel.load("tchess", max_rounds=3)
    state = play_until(game, plies=20)
    s = state.kibitz
    for seat in (0, 1):
        assert json.loads(state.observation_string(seat)) == s.observation(seat)
        assert state.information_state_string(seat) == s.information_state_key(seat)
        assert state.observation_tensor(seat) == pytest.approx(s.observation_tensor(seat))
        info = state.information_state_tensor(seat)
        assert info == pytest.approx(s.information_state_tensor(seat))
    spectator = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    public = make_observation(game, spectator)
    assert json.loads(public.string_from(state, 0)) == s.observation(None)
    assert public.tensor is None
    world = state.resample_from_infostate(0, np.random.RandomState(1).random_sample)
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.observation_string(0) == state.observation_string(0)


def play_until(game: pyspiel.Game, plies: int) -> pyspiel.State:
    """A state ``plies`` random actions into a game."""
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_serialized_states_come_back_whole() -> None:
    game = openspiel.load("rook", max_hands=1)
    state = play_until(game, plies=70)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    for seat in range(4):
        assert state2.information_state_string(seat) == state.information_state_string(seat)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.kibitz.history != clone.kibitz.history  # a clone is independent


def test_truncation_is_reported() -> None:
    state = play(pyspiel.load_game("kibitz_smess", {"max_plies": 4}), uniform, 0)
    assert state.is_terminal() and state.is_truncated() and state.returns() == [0.0, 0.0]
    assert state.rewards() == [0.0, 0.0]
    real = play(pyspiel.load_game("kibitz_smess", {"max_plies": 500}), uniform, 1)
    assert real.is_terminal() and not real.is_truncated() and sum(map(abs, real.returns())) == 2


@pytest.mark.parametrize(
    ("name", "options", "bot"),
    [
        ("smess", {"max_plies": 24}, "mcts"),
        ("cardmate", {"max_plies": 24}, "mcts"),
        ("tchess", {"max_rounds": 2}, "ismcts"),
    ],
)
def test_openspiel_bots_play_whole_games(name: str, options: dict, bot: str) -> None:
    game = openspiel.load(name, **options)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if bot == "mcts":
        searcher = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
    else:
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    players = [lambda s, _r: searcher.step(s), uniform]
    state = play(game, lambda s, r: players[s.current_player()](s, r), 5)
    assert state.is_terminal() and len(state.history()) > 4


def test_cfr_solves_a_micro_tchess() -> None:
    game = openspiel.load("tchess", **MICRO_TCHESS)
    solver = cfr.CFRPlusSolver(game)
    start = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(3):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < start / 4


def test_openspiel_agent_specs() -> None:
    assert parse_spec("openspiel:mcts,simulations=5") == AgentSpec(
        "openspiel", (("bot", "mcts"), ("simulations", "5"))
    )
    assert parse_spec("level:3") == AgentSpec("level", (("n", "3"),))
    assert "openspiel" in agent_kinds()
    smess = kibitz.load("smess", max_plies=10)
    with pytest.raises(InvalidOptions, match="bots: mcts, ismcts"):
        make_agent("openspiel:alphazero", smess)
    with pytest.raises(InvalidOptions, match="perfect information"):
        make_agent("openspiel:mcts", kibitz.load("tchess"))
    agent = make_agent("openspiel:mcts,simulations=4", smess, seed=2)
    state = smess.new_initial_state()
    first = agent.choose(state, 0)
    agent.reset()
    assert agent.choose(state, 0) == first and first in state.legal_actions()
    with pytest.raises(InvalidOptions, match="use openspiel:mcts"):
        make_agent("openspiel:ismcts", smess).choose(state, 0)


def test_a_missing_extra_is_named(monkeypatch) -> None:
    monkeypatch.setitem(specs.OPTIONAL_KINDS, "elsewhere", ("kibitz.interop.nowhere", "extra"))
    with pytest.raises(InvalidOptions, match=r"pip install 'kibitz\[extra\]'"):
        make_agent("elsewhere:x", kibitz.load("smess"))


def test_openspiel_bots_meet_kibitz_agents_in_kibitz_match(tmp_path) -> None:
    args = ["match", "smess", "openspiel:mcts,simulations=4", "random", "--games", "2"]
    result = runner.invoke(app, [*args, "-o", "max_plies=8", "--json", "--records", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 2
    for path in records:
        record = json.loads(path.read_text())
        assert record["result"]["truncated"] is True  # 8 plies end no Smess game
        assert replay(record).state.is_truncated()
    args = ["match", "tchess", "openspiel:ismcts,simulations=4", "level:1", "--games", "1"]
    result = runner.invoke(app, [*args, "-o", "max_rounds=1"])
    assert result.exit_code == 0, result.output
