"""Agents through the core API: specs, baselines, alpha-beta and the Smess levels."""

import pytest

import kibitz
from kibitz.ai import level, make_agent, parse_spec
from kibitz.ai.alphabeta import WIN, AlphaBetaAgent
from kibitz.core.errors import InvalidOptions
from kibitz.core.play import play_random
from kibitz.core.rng import Rng

SMESS = kibitz.load("smess", max_plies_without_progress=100)


def smess_at(position: str):
    return SMESS.new_state_from_position(position)


def random_positions(count: int, seed: int = 1):
    """Positions reached by random play, varied in length."""
    out = []
    for i in range(count):
        state = SMESS.new_initial_state()
        play_random(state, Rng(seed + i), max_plies=10 + 7 * i)
        if not state.is_terminal():
            out.append(state)
    return out


def brain_capturable(state) -> bool:
    """Whether the player to move can capture the enemy Brain now."""
    for action in state.legal_actions():
        state.push(action)
        won = state.is_terminal() and state.outcome().reason == "brain captured"
        state.undo()
        if won:
            return True
    return False


def test_parse_spec_forms():
    assert parse_spec("random").kind == "random"
    assert parse_spec("level:3").params == (("n", "3"),)
    spec = parse_spec("alphabeta:depth=4, nodes=100")
    assert spec.params == (("depth", "4"), ("nodes", "100"))
    assert str(spec) == "alphabeta:depth=4,nodes=100"


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("", "empty"),
        ("wizard", "unknown agent 'wizard'; known agents:"),
        ("alphabeta:depth", "KEY=VALUE"),
        ("alphabeta:width=3", "no parameter 'width'; valid: depth"),
        ("alphabeta:depth=deep", "depth='deep' is not a valid value"),
        ("alphabeta:quiescence=maybe", "not a valid value"),
        ("level:9", "levels 1..4, not 9"),
        ("level:x", "^agent spec 'level:x': write level:N"),  # quoted as written
        ("level:2,foo=1", "'level:2,foo=1': a level takes no parameter foo"),
        ("mcts,bogus=1", "'mcts,bogus=1': write KIND:KEY=VALUE"),
        ("alphabeta:depth=0", "'alphabeta:depth=0': alphabeta: depth and nodes must be at least 1"),
        ("alphabeta:depth=-1", "got depth=-1"),
        ("alphabeta:nodes=0", "got depth=4, nodes=0"),
        ("alphabeta:qdepth=-2", "qdepth at least 0, got .* qdepth=-2"),
        ("alphabeta:time_cap=-1", "time_cap must be positive seconds, not -1"),
        ("ismcts:c=-1", "c must be at least 0"),
        ("mcts:iterations=-5", "^agent spec 'mcts:iterations=-5': ismcts: iterations must be"),
    ],
)
def test_bad_specs_are_refused_clearly(spec, needle):
    with pytest.raises(InvalidOptions, match=needle):
        make_agent(spec, SMESS)


def test_agents_never_return_illegal_actions():
    specs = ["random", "greedy", "greedy:noise=500", "alphabeta:depth=2", "level:3"]
    for state in random_positions(6):
        for spec in specs:
            agent = make_agent(spec, SMESS, seed=3)
            before = state.serialize()
            assert agent.choose(state, state.current_player) in state.legal_actions()
            assert state.serialize() == before, "an agent must not change the state it is given"


def test_determinism_for_a_fixed_seed():
    for state in random_positions(4, seed=20):
        # level 4's node budget without its wall-clock cap, which binds only on a slow machine
        for spec in ("random", "greedy:noise=400", "level:1", "level:3", "fast:nodes=100000"):
            a = make_agent(spec, SMESS, seed=5).choose(state, state.current_player)
            b = make_agent(spec, SMESS, seed=5).choose(state, state.current_player)
            assert a == b


def test_alphabeta_takes_the_brain_at_once():
    state = smess_at("7/7/3b3/7/3S3/7/7/3B3 b")
    agent = AlphaBetaAgent(depth=3)
    assert state.action_to_str(agent.choose(state, 0)) == "d4xd6"
    assert agent.last_score >= WIN - 10


def test_alphabeta_finds_a_brain_capture_forced_in_three_plies():
    state = smess_at("7/b6/7/7/7/7/2S4/3SB2 b")
    assert not brain_capturable(state)
    agent = AlphaBetaAgent(depth=3, quiescence=False)
    move = agent.choose(state, 0)
    assert agent.last_score >= WIN - 10
    state.apply(move)
    for reply in state.legal_actions():
        state.push(reply)
        assert brain_capturable(state), "every Red reply must leave the Brain capturable"
        state.undo()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_level_captures_the_enemy_brain_when_it_can(n):
    state = smess_at("1s2b2/nn2N2/7/7/7/3S3/7/1SSB3 b")
    agent = level(SMESS, n, seed=1)
    state.apply(agent.choose(state, 0))
    assert state.outcome() is not None and state.outcome().reason == "brain captured"
    assert state.returns() == [1.0, -1.0]


def test_levels_2_to_4_never_leave_their_brain_en_prise_when_avoidable():
    positions = [smess_at("b6/7/7/3n3/3B3/7/7/7 b"), *random_positions(5, seed=40)]
    for n in (2, 3, 4):
        agent = level(SMESS, n, seed=2)
        for state in positions:
            me = state.current_player
            safe = []
            for action in state.legal_actions():
                state.push(action)
                safe.append(state.is_terminal() or not brain_capturable(state))
                state.undo()
            if not any(safe) or all(safe):
                continue
            choice = agent.choose(state, me)
            assert safe[state.legal_actions().index(choice)], (n, state.position())


def test_level_kinds():
    assert level(SMESS, 1).kind == "greedy"
    assert level(SMESS, 4).kind == "fast"
    assert level(SMESS, 4).time_cap == 5
